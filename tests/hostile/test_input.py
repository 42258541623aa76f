"""Hostile hand histories from the command line: one bad line costs one hand, never the
batch, and every hand gets its row (issue 9, one test per class of input)."""

from __future__ import annotations

import codecs
import re
import tracemalloc
from pathlib import Path

import pytest
from hostile_kit import HANDS, SESSION, SIDE_POTS, audit_file, cli, findings_of

from auditor.parsing.blocks import MAX_LINE, blocks_of_file

FIRST = HANDS[0]


def line_of(text: str, needle: str) -> int:
    """The 1-based number of the first line of ``text`` that holds ``needle``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def one_bad_hand(tmp_path: Path, bad: str, line: int, words: str) -> None:
    """``bad`` between two good hands: it alone is HH001 at ``line`` (counted in the
    file) with ``words`` in its message; the hands around it are audited."""
    offset = FIRST.count("\n") + 1
    text = FIRST + "\n" + bad + "\n" + HANDS[1]
    code, report = audit_file(tmp_path, text)
    assert code == 1
    assert report["hands"]["status"].tolist() == ["audited", "unparsable", "audited"]
    ((at, rule, message),) = findings_of(report)
    assert (at, rule) == (line + offset, "HH001")
    assert words in message


# --- a decimal, a sign or a symbol where a whole number is expected -------------------


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Seat 2: gorsebush", "Seat 2.5: gorsebush"),  # seat number
        ("6-max", "6.5-max"),  # table size
        ("Seat #1 is the button", "Seat #1.5 is the button"),  # button seat
        ("Seat #1 is the button", "Seat #99999999999999999999 is the button"),
    ],
)
def test_a_decimal_where_an_integer_is_expected(tmp_path: Path, old: str, new: str) -> None:
    bad = FIRST.replace(old, new, 1)
    one_bad_hand(tmp_path, bad, line_of(bad, new), "not a whole number")


def test_a_decimal_side_pot_number(tmp_path: Path) -> None:
    bad = SIDE_POTS.replace("side pot-1", "side pot-1.5", 1)
    one_bad_hand(tmp_path, bad, line_of(bad, "side pot-1.5"), "not a whole number")


# --- only ASCII digits are digits -------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("#256120448301", "#25612044830³"),  # hand number
        ("bets $0.20", "bets $٠.٢٠"),  # Arabic-Indic amount
        ("bets $0.20", "bets $０.20"),  # fullwidth amount
        ("Seat 2: gorsebush", "Seat ٢: gorsebush"),  # Arabic-Indic seat
        ("6-max", "６-max"),  # fullwidth table size
        ("Seat #1 is", "Seat #¹ is"),  # superscript button
    ],
)
def test_only_ascii_digits_are_digits(tmp_path: Path, old: str, new: str) -> None:
    bad = FIRST.replace(old, new, 1)
    one_bad_hand(tmp_path, bad, line_of(bad, new), "not a ")


# --- amounts too large or too fine ------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("bets $0.20", "bets $99999999999999999999", "too large"),
        ("bets $0.20", "bets $" + "9" * 5000, "too large"),  # beyond int()'s digit limit
        ("($5 in chips)", f"(${2**62 + 1} in chips)", "too large"),  # no nonsense TU005
        ("bets $0.20", "bets $0.205", "finer than the game's unit"),
    ],
)
def test_amounts_that_cannot_be_audited_are_reported_at_their_line(
    tmp_path: Path, old: str, new: str, words: str
) -> None:
    bad = FIRST.replace(old, new, 1)
    one_bad_hand(tmp_path, bad, line_of(bad, new[:12]), words)


# --- the lexer's placeholders in the input -------------------------------------------


def _renumbered(text: str, digit: str) -> str:
    return re.sub(r"Hand #(\d+)", rf"Hand #\g<1>{digit}", text, count=1)


@pytest.mark.parametrize("char", ["\ue000", "\ue001", "\ue002", "\ue003", "\ue004", "\ue005"])
def test_placeholder_characters_cannot_pass_for_fields(tmp_path: Path, char: str) -> None:
    # Three hands of their own (one hand id repeated would be HH004).
    in_stakes = FIRST.replace("($0.02/", f"({char}$0.02/", 1)
    in_date = _renumbered(FIRST.replace("CET [", f"C{char} [", 1), "1")
    in_name = _renumbered(FIRST.replace("Hero", f"He{char}ro"), "2")
    _, report = audit_file(tmp_path, "\n".join([in_stakes, in_date, in_name]))
    hands = report["hands"]
    assert len(hands) == 3
    # A misread header would have given other stakes (the year read as the big blind).
    assert set(hands["stakes"].dropna()) <= {"0.02/0.05"}
    assert hands["status"].tolist()[2] == "audited"  # a U+FFFD in a name is only a name
    assert set(report["findings"]["code"]) <= {"HH001"}  # a garbled header is reported
    players = set(report["payouts"]["player"])
    assert "He\ufffdro" in players and not any(char in p for p in players)
    assert not any(char in str(m) for m in report["findings"]["message"])


# --- a hand that crashes the auditor -------------------------------------------------


def test_an_internal_error_is_one_hand_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                             ) -> None:
    from auditor import pipeline

    real = pipeline.read_block

    def fragile(block):  # type: ignore[no-untyped-def]
        if "256120471558" in block.lines[0]:
            raise KeyError("a bug")
        return real(block)

    monkeypatch.setattr(pipeline, "read_block", fragile)
    code, report = audit_file(tmp_path, SESSION)
    assert code == 1
    hands = report["hands"]
    assert hands["status"].tolist() == ["audited", "unparsable", "audited"]
    assert hands["hand_id"].tolist()[1] == "256120471558"
    ((_, rule, message),) = findings_of(report)
    assert rule == "HH001"
    assert message.startswith("this hand could not be audited (please report): KeyError")


# --- hands cut short ------------------------------------------------------------------


def test_a_hand_cut_inside_its_summary_is_truncated(tmp_path: Path) -> None:
    lines = FIRST.splitlines()
    summary = lines.index("*** SUMMARY ***")
    seat_lines = [i for i, line in enumerate(lines) if line.startswith("Seat ")]
    for cut in range(summary + 1, len(lines)):
        bad = "\n".join(lines[:cut]) + "\n"
        listed = sum(1 for i in seat_lines if summary < i < cut)
        one_bad_hand(tmp_path, bad, cut, f"lists {listed} of the 4 seated players (truncated?)")


# --- where headers are found ----------------------------------------------------------


@pytest.mark.parametrize("space", ["\t", "\xa0", "\x0c", "\x0b", "\u3000", " ", "  \t"])
def test_headers_after_any_leading_white_space(tmp_path: Path, space: str) -> None:
    text = "\n".join(space + hand for hand in HANDS)
    code, report = audit_file(tmp_path, text)
    assert code == 0
    assert report["hands"]["status"].tolist() == ["audited"] * 3


def test_text_before_the_first_header_on_its_line_is_reported(tmp_path: Path) -> None:
    code, report = audit_file(tmp_path, "junk:" + SESSION)
    assert code == 1
    hands = report["hands"]
    assert hands["status"].tolist() == ["unparsable", "audited", "audited"]
    assert hands["hand_id"].tolist()[0] == "256120448301"
    assert hands["stakes"].tolist()[0] == "0.02/0.05"  # the header still read
    assert findings_of(report) == [
        (1, "HH001", "text before the hand header on its line: 'junk:'")]


def test_a_header_glued_to_the_last_line_of_a_hand(tmp_path: Path) -> None:
    """Two files joined without a newline: both hands are audited."""
    code, report = audit_file(tmp_path, FIRST.rstrip("\n") + HANDS[1])
    assert code == 0
    hands = report["hands"]
    assert hands["status"].tolist() == ["audited", "audited"]
    last = FIRST.count("\n")
    assert hands["last_line"].tolist()[0] == hands["first_line"].tolist()[1] == last


def test_junk_glued_before_a_header_in_the_middle(tmp_path: Path) -> None:
    """The junk is the hand before's last line (it reports it); the hand is audited."""
    code, report = audit_file(tmp_path, FIRST + "@@junk@@" + HANDS[1] + "\n" + HANDS[2])
    assert code == 1
    assert report["hands"]["status"].tolist() == ["unparsable", "audited", "audited"]
    ((line, rule, message),) = findings_of(report)
    assert (line, rule) == (FIRST.count("\n") + 1, "HH001")
    assert "@@junk@@" in message


# --- decoding by region -------------------------------------------------------------


def _statuses(report: dict) -> list[str]:  # type: ignore[type-arg]
    return report["hands"]["status"].tolist()


@pytest.mark.parametrize("at", [0, 1, 100, 2000, -1])
def test_a_nul_byte_anywhere(tmp_path: Path, at: int) -> None:
    data = SESSION.encode()
    lines = data.split(b"\n")
    at = at % len(lines)
    lines[at] = lines[at][:3] + b"\x00" + lines[at][3:]
    code, report = audit_file(tmp_path, b"\n".join(lines))
    assert code == 0
    assert _statuses(report) == ["audited"] * 3


@pytest.mark.parametrize("zeros", [1, 7, 4096, 1 << 20])
def test_a_zero_filled_tail(tmp_path: Path, zeros: int) -> None:
    """What a crash leaves: the file must not read as UTF-16 nor lose its hands."""
    code, report = audit_file(tmp_path, SESSION.encode() + b"\x00" * zeros)
    assert code == 0
    assert _statuses(report) == ["audited"] * 3


def test_a_zeroed_gap_between_hands(tmp_path: Path) -> None:
    data = (HANDS[0] + "\n").encode() + b"\x00" * 5000 + HANDS[1].encode()
    code, report = audit_file(tmp_path, data)
    assert code == 0
    assert _statuses(report) == ["audited", "audited"]


@pytest.mark.parametrize("order", ["utf8-first", "utf16-first"])
@pytest.mark.parametrize("bom", [True, False])
def test_a_file_mixing_utf8_and_utf16(tmp_path: Path, order: str, bom: bool) -> None:
    utf8 = (HANDS[0] + "\n").encode()
    utf16 = (("\ufeff" if bom else "") + HANDS[1] + "\n").encode("utf-16-le")
    data = utf8 + utf16 if order == "utf8-first" else utf16 + utf8
    code, report = audit_file(tmp_path, data + (HANDS[2]).encode())
    assert code == 0
    assert _statuses(report) == ["audited"] * 3


def test_binary_bytes_before_the_hands(tmp_path: Path) -> None:
    data = bytes(range(256)) * 512 + b"\n" + SESSION.encode()
    code, report = audit_file(tmp_path, data)
    assert code == 0
    assert _statuses(report) == ["audited"] * 3


# --- long lines, memory bounded ------------------------------------------------------


def test_a_line_too_long_is_hh001(tmp_path: Path) -> None:
    lines = HANDS[1].splitlines()
    lines.insert(12, "Hero: " + "x" * (MAX_LINE + 10))
    bad = "\n".join(lines) + "\n"
    offset = FIRST.count("\n") + 1
    code, report = audit_file(tmp_path, FIRST + "\n" + bad + "\n" + HANDS[2])
    assert code == 1
    assert _statuses(report) == ["audited", "unparsable", "audited"]
    ((line, rule, message),) = findings_of(report)
    assert (line, rule) == (13 + offset, "HH001")
    assert message.startswith("line too long")


def test_one_endless_line_costs_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "endless.txt"
    with path.open("wb") as f:
        f.write(FIRST.encode() + b"Hero: ")
        for _ in range(24):
            f.write(b"[" * (1 << 20))
        f.write(b"\n" + HANDS[1].encode())
    tracemalloc.start()
    try:
        blocks = list(blocks_of_file(path, str(path)))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [b.problem is not None for b in blocks] == [True, False]
    assert peak < 16 << 20  # the file is 24 MiB: at most a few chunks are held


def test_a_hand_with_40000_seats(tmp_path: Path) -> None:
    n = 40_000
    text = "\n".join([
        "PokerStars Hand #1: Hold'em No Limit ($0.05/$0.10 USD) - 2025/01/01 10:00:00 ET",
        "Table 'T' 9-max Seat #1 is the button",
        *(f"Seat {i}: player {i} ($10 in chips)" for i in range(1, n + 1)),
        "player 1: posts small blind $0.05", "player 2: posts big blind $0.10",
        "*** HOLE CARDS ***", *(f"player {i}: folds" for i in range(3, n + 1)),
        "player 1: folds", "Uncalled bet ($0.05) returned to player 2",
        "player 2 collected $0.10 from pot", "*** SUMMARY ***", "Total pot $0.10 | Rake $0",
        "Seat 1: player 1 (small blind) folded before Flop",
        "Seat 2: player 2 (big blind) collected ($0.10)",
        *(f"Seat {i}: player {i} folded before Flop (didn't bet)" for i in range(3, n + 1)),
    ]) + "\n"
    code, report = audit_file(tmp_path, text)
    assert code == 0
    assert _statuses(report) == ["audited"]
    assert len(report["payouts"]) == n


def test_bom_utf8_region_and_utf16_bom_boundary(tmp_path: Path) -> None:
    data = codecs.BOM_UTF8 + HANDS[0].encode() + codecs.BOM_UTF16_LE + \
        HANDS[1].encode("utf-16-le")
    code, report = audit_file(tmp_path, data)
    assert code == 0
    assert _statuses(report) == ["audited", "audited"]


# --- a cutter that fails -------------------------------------------------------------


def test_a_cutter_that_fails_costs_its_file_only(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A site's own cutter (here PokerNow's log) that raises loses that file, said in one
    line with exit 2; the batch goes on (fuzzing found such a file stopping it)."""
    import dataclasses

    from auditor import sites

    def boom(text: str, source: str) -> None:
        raise IndexError("synthetic")

    monkeypatch.setattr(sites, "SITES", tuple(
        dataclasses.replace(s, cut=boom) if s.name == "pokernow" else s for s in sites.SITES))
    folder = tmp_path / "night"
    folder.mkdir()
    logs = Path(__file__).resolve().parents[2] / "sample_histories" / "pokernow"
    (folder / "a_log.csv").write_bytes((logs / "admin_stack_change.csv").read_bytes())
    (folder / "b.txt").write_text(SESSION, encoding="utf-8")
    result = cli("audit", folder, "-o", tmp_path / "out", "--jobs", "1", "-q")
    assert result.exit_code == 2
    assert ("a_log.csv: cannot read: the auditor could not cut it into hands (please "
            "report): IndexError: synthetic") in result.stderr
    from auditor.report.reader import read_report

    assert len(read_report(tmp_path / "out")["hands"]) == 3  # b.txt's hands, audited
