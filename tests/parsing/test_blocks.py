"""Cutting files into hand blocks: one block per hand header, whatever the site."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.parsing import Unreadable, read_text
from auditor.parsing.blocks import HandBlock, blocks_of_file, blocks_of_text, site_of_header

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories" / "pokerstars"


def blocks(text: str) -> list[HandBlock]:
    return list(blocks_of_text(text, "t.txt"))


def numbered(got: list[HandBlock]) -> list[tuple[str, list[tuple[int, str]]]]:
    """Each block as its site and its (line number, text) pairs."""
    return [(b.site, list(b.numbered())) for b in got]


# Header lines in each site's style (made up for these tests).
HEADERS = [
    (
        "PokerStars Hand #254310987612: Hold'em No Limit ($0.05/$0.10 USD) - 2025/03/14",
        "pokerstars",
    ),
    (
        "PokerStars Game #35874998500:  Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD) - 2009/11/26",
        "pokerstars",
    ),
    (
        "PokerStars Zoom Hand #254877120934:  Hold'em No Limit ($0.10/$0.25) - 2025/03/28",
        "pokerstars",
    ),
    (
        "PokerStars Home Game Hand #256310772984: {Club}  Hold'em No Limit (10/20) - 2025/05/22",
        "pokerstars",
    ),
    ("  PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2025/01/01 10:00:00 ET", "pokerstars"),
    ("Poker Hand #RC3793400001: Hold'em No Limit ($0.02/$0.05) - 2025/08/09 07:16:40", "ggpoker"),
    ("Poker Hand #12345: Hold'em No Limit ($0.02/$0.05) - 2025/08/09 07:16:40", "ggpoker"),
    (
        "Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (0.50/1) - 2013/04/16",
        "winamax",
    ),
    ("***** Hand History for Game 11614201072 *****", "partypoker"),
    ("***** Hand History For Game 11614201072 *****", "partypoker"),
    (
        "Full Tilt Poker Game #33286946295: Table Kinross - $0.10/$0.25 - No Limit Hold'em",
        "fulltilt",
    ),
    ("***** 888poker Hand History for Game 349615227 *****", "888"),
    ("***** Cassava Hand History for Game 349615227 *****", "888"),
    ("PokerBros Hand #1616183514566: Hold'em No Limit ($0.5/$1 USD) - 2021/03/19", "pokerbros"),
    ("Run It Once Poker Hand #30417551:  Hold'em No Limit", "runitonce"),
    ("Full Tilt Rush Hand #153580762880:  Hold'em No Limit (25/50)", "fulltilt"),
    ("***** History for hand R5-361726027-6 *****", "ongame"),
    ('Game # 2646494962 - Omaha High Pot Limit EUR 0.50/1.00 - Table "Waco"', "entraction"),
    ("Game started at: 2016/8/2 10:50:44", "wpn"),
    ("Hand #779379637 - Omaha H/L(No Limit) - $3.00/$6.00 - 2021/04/16 19:14:14 UTC", "wpn"),
    ("Game Hand #741631166 - Tournament #1 - Holdem(No Limit) - Level 1 (10.00/20.00)", "wpn"),
]

NOT_HEADERS = [
    "",
    "Seat 1: PokerStars Hand #1 ($10 in chips)",
    'Hero said, "PokerStars Hand #1"',
    "PokerStars Hand history",
    "Poker Hand #: nothing",
    "Game #11354414824 starts.",
    "*** HOLE CARDS ***",
    "#Game No: 1",
    # The line before PartyPoker's and 888's headers: not a hand of its own.
    "#Game No : 349615227",
]


@pytest.mark.parametrize(("line", "site"), HEADERS)
def test_site_of_header(line: str, site: str) -> None:
    assert site_of_header(line) == site


@pytest.mark.parametrize("line", NOT_HEADERS)
def test_not_a_header(line: str) -> None:
    assert site_of_header(line) is None


def test_blocks_of_a_file_with_a_damaged_middle_hand() -> None:
    text = (SAMPLES / "damaged_middle_hand.txt").read_text(encoding="utf-8")
    got = blocks(text)
    assert [(b.site, b.first_line, b.last_line) for b in got] == [
        ("pokerstars", 1, 23),
        ("pokerstars", 27, 61),
        ("pokerstars", 65, 92),
    ]
    assert got[1].lines[0] == text.splitlines()[26]
    assert got[1].lines == [line.rstrip() for line in text.splitlines()[26:61]]
    assert all(b.source == "t.txt" and b.numbers is None for b in got)


def test_text_before_the_first_header_is_skipped() -> None:
    text = "exported by a tracker\n\nPokerStars Hand #1: x\nline\n"
    (block,) = blocks(text)
    assert (block.first_line, block.lines) == (3, ["PokerStars Hand #1: x", "line"])


def test_trailing_blank_lines_are_dropped_but_inner_ones_kept() -> None:
    text = "PokerStars Hand #1: x\na\n\nb \n  \n\n\nPokerStars Hand #2: y\nc\n\n"
    first, second = blocks(text)
    assert first.lines == ["PokerStars Hand #1: x", "a", "", "b"]
    assert (first.first_line, first.last_line) == (1, 4)
    assert (second.first_line, second.last_line) == (8, 9)


def test_indented_header_is_stripped() -> None:
    (block,) = blocks("   PokerStars Hand #7: x\nSeat 1: a ($1 in chips)\n")
    assert block.lines[0] == "PokerStars Hand #7: x"


def test_header_only_block() -> None:
    (block,) = blocks("PokerStars Hand #7: Hold'em No Limit ($1/$2 USD) - 2025/01/01 1:00:00 ET")
    assert (block.first_line, block.last_line, len(block.lines)) == (1, 1, 1)


def test_no_header_no_block() -> None:
    assert blocks("") == []
    assert blocks("Seat 1: Hero ($10 in chips)\n*** SUMMARY ***\n") == []


@pytest.mark.parametrize(("line", "site"), HEADERS)
def test_every_site_header_starts_a_block(line: str, site: str) -> None:
    (block,) = blocks(f"notes\n{line}\r\nbody\r\n")
    assert numbered([block]) == [(site, [(2, line.strip()), (3, "body")])]


@pytest.mark.parametrize("line", NOT_HEADERS)
def test_other_lines_do_not_start_a_block(line: str) -> None:
    got = blocks(f"PokerStars Hand #1: x\n{line}\nend\n")
    assert numbered(got) == [("pokerstars", [(1, "PokerStars Hand #1: x"), (2, line), (3, "end")])]


def test_number_of_each_line() -> None:
    block = HandBlock("t.txt", "pokerstars", 10, ["a", "b", "c"])
    assert [block.number(i) for i in (0, 1, 2, -1, -3)] == [10, 11, 12, 12, 10]
    assert block.last_line == 12
    assert list(block.numbered()) == [(10, "a"), (11, "b"), (12, "c")]
    odd = HandBlock("t.txt", "pokerstars", 10, ["a", "b", "c"], [10, 10, 12])
    assert [odd.number(i) for i in (0, 1, 2, -1)] == [10, 10, 12, 12]
    assert odd.last_line == 12
    assert list(odd.numbered()) == [(10, "a"), (10, "b"), (12, "c")]


# Tricky inputs and the blocks they must give, as (site, [(line number, text), ...]).
TRICKY = [
    pytest.param(
        "a\r\nPokerStars Hand #1: x  \r\n\tb\t\r\rc\rPokerStars Hand #2: y\r",
        [("pokerstars", [(2, "PokerStars Hand #1: x"), (3, "\tb"), (4, ""), (5, "c")]),
         ("pokerstars", [(6, "PokerStars Hand #2: y")])],
        id="crlf-and-bare-cr",
    ),
    pytest.param(
        "PokerStars Hand #1: x\nend\ufeffPokerStars Hand #2: y\nb\n\ufeff\ufeffc\n",
        [("pokerstars", [(1, "PokerStars Hand #1: x"), (2, "end")]),
         ("pokerstars", [(2, "PokerStars Hand #2: y"), (3, "b"), (4, "c")])],
        id="bom-in-mid-line-and-at-line-start",
    ),
    pytest.param(
        "PokerStars Hand #1: x\na\ufeff\ufeffb\n  \ufeff\nc\n",
        [("pokerstars", [(1, "PokerStars Hand #1: x"), (2, "a"), (2, "b"), (4, "c")])],
        id="bom-lines-split-and-vanish",
    ),
    pytest.param(
        "x\n  \tWinamax Poker - CashGame\n PokerStars Hand #1: x\n\tPokerStars Hand #2: y\n"
        "\xa0PokerStars Hand #3: z\n\x0b\x0cPokerStars Hand #4: w\n\u3000PokerStars Hand #5: v\n",
        [("winamax", [(2, "Winamax Poker - CashGame")]),
         ("pokerstars", [(3, "PokerStars Hand #1: x")]),
         ("pokerstars", [(4, "PokerStars Hand #2: y")]),
         ("pokerstars", [(5, "PokerStars Hand #3: z")]),
         ("pokerstars", [(6, "PokerStars Hand #4: w")]),
         ("pokerstars", [(7, "PokerStars Hand #5: v")])],
        id="indented-headers",  # after any white space: TAB, NO-BREAK SPACE, VT, FF, U+3000
    ),
    pytest.param(
        "PokerStars Hand #1: x\nWinamax Poker - \nPoker Hand #RC1: \t\nGame Hand #3 - \n",
        [("pokerstars", [(1, "PokerStars Hand #1: x"), (2, "Winamax Poker -"),
                         (3, "Poker Hand #RC1:"), (4, "Game Hand #3 -")])],
        id="header-that-ends-in-a-space-needs-more-text",
    ),
    pytest.param(
        "PokerStars Hand #1: x\x0cy\x85z\u2028w\n\n\x1c\nb\n\u3000\n",
        [("pokerstars", [(1, "PokerStars Hand #1: x\x0cy\x85z\u2028w"), (2, ""), (3, ""),
                         (4, "b")])],
        id="only-cr-and-lf-end-lines",
    ),
    pytest.param("\n\nPokerStars Hand #1: x", [("pokerstars", [(3, "PokerStars Hand #1: x")])],
                 id="no-final-newline"),
]


@pytest.mark.parametrize(("text", "want"), TRICKY)
def test_tricky_text(text: str, want: list[tuple[str, list[tuple[int, str]]]]) -> None:
    got = blocks(text)
    assert numbered(got) == want
    for block in got:  # numbers only when they are not first_line + index
        assert (block.numbers is None) == (
            [n for n, _ in block.numbered()]
            == list(range(block.first_line, block.first_line + len(block.lines))))


@pytest.mark.parametrize(("text", "want"), TRICKY)
@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_tricky_file_in_tiny_chunks(
    tmp_path: Path, text: str, want: list[tuple[str, list[tuple[int, str]]]], encoding: str
) -> None:
    """Chunk boundaries fall inside headers, CRLF pairs, BOMs and multi-byte characters:
    every chunk size gives the same blocks."""
    path = tmp_path / "t.txt"
    path.write_bytes(text.encode(encoding))
    for size in (*range(1, 12), 64, 1 << 20):
        assert numbered(list(blocks_of_file(path, "t.txt", chunk_size=size))) == want, size


def test_a_long_session_in_small_chunks(tmp_path: Path) -> None:
    """Hands straddle chunk boundaries: small chunks give the same blocks as one chunk."""
    text = (SAMPLES / "session_6max_nl10_500_hands.txt").read_text(encoding="utf-8")
    path = tmp_path / "s.txt"
    path.write_bytes(text.replace("\n", "\r\n").encode())
    want = numbered(blocks(text))
    assert len(want) == 500
    for size in (97, 1000, 4096):
        assert numbered(list(blocks_of_file(path, "s.txt", chunk_size=size))) == want, size


def test_mixed_sites_in_one_file() -> None:
    text = (
        "Poker Hand #RC1: Hold'em No Limit ($0.02/$0.05) - 2025/08/09 07:16:40\nline\n\n"
        + (SAMPLES / "nl_holdem_walk.txt").read_text(encoding="utf-8")
        + "Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (0.50/1) - 2013/04/16\n"
    )
    assert [(b.site, b.first_line, b.last_line) for b in blocks(text)] == [
        ("ggpoker", 1, 2),
        ("pokerstars", 4, 31),
        ("winamax", 35, 35),
    ]
    gg, stars, winamax = read_text(text)
    assert isinstance(gg, Unreadable) and isinstance(winamax, Unreadable)
    # GG hands are read now: this one has a header and no seats.
    assert (gg.code, gg.site, gg.line, gg.first_line, gg.last_line) == ("HH001", "ggpoker", 2, 1, 2)
    assert gg.hand_id == "RC1" and gg.info is not None and gg.info.stakes == (2, 5)
    # Winamax is read: a header alone is a hand cut short (no seats), HH001.
    assert (winamax.code, winamax.site, winamax.line) == ("HH001", "winamax", 35)
    assert winamax.hand_id == "1-2-3" and "no seats" in winamax.message
    assert not isinstance(stars, Unreadable)
    assert (stars.first_line, stars.last_line) == (4, 31)


def test_truncated_hand_is_hh001_at_its_last_line() -> None:
    text = (SAMPLES / "nl_holdem_6max_showdown_rake.txt").read_text(encoding="utf-8")
    cut = "\n".join(text.splitlines()[:20]) + "\n\n\n"
    (hand,) = read_text(cut)
    assert isinstance(hand, Unreadable)
    assert (hand.code, hand.line, hand.first_line, hand.last_line) == ("HH001", 20, 1, 20)
    assert "SUMMARY" in hand.message
    assert hand.hand_id == "254310987612"


def test_header_without_seats_is_hh001() -> None:
    text = (
        "PokerStars Hand #9: Hold'em No Limit ($0.05/$0.10 USD) - 2025/01/01 1:00:00 ET\n"
        "Table 'X' 6-max Seat #1 is the button\n"
        "*** HOLE CARDS ***\n"
    )
    (hand,) = read_text(text)
    assert isinstance(hand, Unreadable)
    assert (hand.code, hand.line) == ("HH001", 3)
