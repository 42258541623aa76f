"""Encodings and line endings: whatever way a history file was saved, it reads into the
same hands, with the same events on the same line numbers.

Each variant is built in a temporary folder from a sample's text: UTF-8 with and without a
BOM, cp1252, UTF-16 with a BOM (little and big endian, with the stray trailing odd byte
old exports have), UTF-16 without a BOM, each with LF, CRLF and bare CR line endings.
"""

from __future__ import annotations

import codecs
import dataclasses
import io
from collections.abc import Iterable
from pathlib import Path

import pytest

from auditor.model.hand import Hand
from auditor.parsing import Unreadable, decode, read_path, read_text
from auditor.parsing.blocks import HandBlock, blocks_of_file, blocks_of_text
from auditor.parsing.decode import NotText, iter_lines, iter_text_lines, sniff_encoding

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories" / "pokerstars"


def sample_text(name: str) -> str:
    raw = (SAMPLES / name).read_bytes()
    return raw.decode("cp1252" if name == "euro_table_cp1252.txt" else "utf-8")


# The euro table has € and non-ASCII names; the session has three hands in a row; the odd
# names are the hardest lines; the damaged file has an HH001 whose line must not move.
BASES = [
    "euro_table_cp1252.txt",
    "session_three_hands.txt",
    "odd_player_names.txt",
    "damaged_middle_hand.txt",
]


def _utf16le_bom_odd(text: str) -> bytes:
    return codecs.BOM_UTF16_LE + text.encode("utf-16-le") + b"\n"


ENCODINGS = {
    "utf-8": lambda t: t.encode("utf-8"),
    "utf-8-bom": lambda t: codecs.BOM_UTF8 + t.encode("utf-8"),
    "cp1252": lambda t: t.encode("cp1252"),
    "utf-16-le-bom-odd-byte": _utf16le_bom_odd,
    "utf-16-be-bom": lambda t: codecs.BOM_UTF16_BE + t.encode("utf-16-be"),
    "utf-16-le-no-bom": lambda t: t.encode("utf-16-le"),
}
ENDINGS = {"lf": "\n", "crlf": "\r\n", "cr": "\r"}


def normalised(hands: list[Hand | Unreadable]) -> list[Hand | Unreadable]:
    """The hands with the source name blanked, so files in other places compare equal."""
    return [dataclasses.replace(h, source="") for h in hands]


def reference(name: str) -> list[Hand | Unreadable]:
    return normalised(read_text(sample_text(name)))


@pytest.mark.parametrize("ending", ENDINGS)
@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("name", BASES)
def test_every_variant_reads_the_same(
    tmp_path: Path, name: str, encoding: str, ending: str
) -> None:
    text = sample_text(name).replace("\n", ENDINGS[ending])
    path = tmp_path / f"{encoding}-{ending}.txt"
    path.write_bytes(ENCODINGS[encoding](text))
    got = normalised(list(read_path(path)))
    want = reference(name)
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        assert g == w


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_lines_are_the_same_as_text_in_memory(tmp_path: Path, encoding: str) -> None:
    text = sample_text("euro_table_cp1252.txt")
    path = tmp_path / "x.txt"
    path.write_bytes(ENCODINGS[encoding](text.replace("\n", "\r\n")))
    assert list(iter_lines(path)) == list(iter_text_lines(text))


def test_cp1252_sample_keeps_euro_and_names() -> None:
    (hand,) = read_path(SAMPLES / "euro_table_cp1252.txt")
    assert isinstance(hand, Hand)
    assert (hand.info.currency, hand.info.symbol) == ("EUR", "€")
    assert "Søren_K" in hand.players and "Ängelholm" in hand.players


def test_utf16_stray_odd_byte_is_dropped(tmp_path: Path) -> None:
    text = sample_text("session_three_hands.txt")
    path = tmp_path / "odd.txt"
    path.write_bytes(_utf16le_bom_odd(text))
    assert len(path.read_bytes()) % 2 == 1
    lines = list(iter_lines(path))
    assert lines == list(iter_text_lines(text))
    assert not any("\ufffd" in line for _, line in lines)
    hands = list(read_path(path))
    assert [type(h) for h in hands] == [Hand, Hand, Hand]
    assert hands[-1].last_line == 98


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-bom", "cp1252", "utf-16-le-bom-odd-byte"])
@pytest.mark.parametrize("ending", ENDINGS)
def test_small_chunks_read_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, encoding: str, ending: str
) -> None:
    """Chunk boundaries fall inside CRLF pairs and multi-byte characters: nothing changes.
    The sniffed head is tiny too, so cp1252 is only found after it."""
    text = sample_text("euro_table_cp1252.txt").replace("\n", ENDINGS[ending])
    path = tmp_path / "x.txt"
    path.write_bytes(ENCODINGS[encoding](text))
    want = list(iter_lines(path))
    want_blocks = numbered(blocks_of_file(path, "x.txt"))
    monkeypatch.setattr(decode, "_SNIFF", 16)
    for size in (1, 2, 3, 7, 64):
        assert list(iter_lines(path, chunk_size=size)) == want, size
        assert numbered(blocks_of_file(path, "x.txt", chunk_size=size)) == want_blocks, size


def _decoded(data: bytes, chunk_size: int = decode.CHUNK) -> str:
    return "".join(decode.decoded_stream(io.BytesIO(data), chunk_size))


@pytest.mark.parametrize("char", list(decode.RESERVED))
@pytest.mark.parametrize("cut", [-1, 0, 1, 2])  # the window ends inside or beside it
def test_a_reserved_character_is_replaced_wherever_its_bytes_fall(char: str, cut: int) -> None:
    """The decoder looks for a reserved character only where the bytes may hold one
    (UTF-16, or UTF-8's EE byte): one whose bytes straddle two feeds is still found."""
    size = 1 << 16  # a feed: the first window of bytes
    head = b"a" * (size - 1 + cut)
    data = head + char.encode() + b"b\n"
    assert _decoded(data, size) == "a" * len(head) + "\ufffdb\n"
    utf16 = ("x" * 100 + char + "y\n").encode("utf-16")
    assert _decoded(utf16) == "x" * 100 + "\ufffdy\n"


def test_nul_bytes_and_bom_bytes_in_8_bit_text() -> None:
    """Stray NULs in 8-bit text are dropped (their bytes tell); þ and ÿ (cp1252's FE and
    FF bytes) are text, and a real UTF-16 BOM inside 8-bit text still starts a region."""
    assert _decoded(b"Seat 1: a\x00b\n") == "Seat 1: ab\n"
    assert _decoded(b"x" * 70_000 + b"\x00y\n") == "x" * 70_000 + "y\n"
    cp1252 = "Seat 1: Þórðurÿ þ (€5 in chips)\n" * 3000
    assert _decoded(cp1252.encode("cp1252")) == cp1252
    ascii_part = "Seat 1: Hero ($5 in chips)\n" * 10
    mixed = ascii_part.encode() + "Seat 2: Zoë ($5 in chips)\n".encode("utf-16")
    assert _decoded(mixed) == ascii_part + "\ufeffSeat 2: Zoë ($5 in chips)\n"


def numbered(blocks: Iterable[HandBlock]) -> list[tuple[str, list[tuple[int, str]]]]:
    return [(b.site, list(b.numbered())) for b in blocks]


@pytest.mark.parametrize("ending", ENDINGS)
@pytest.mark.parametrize("encoding", ENCODINGS)
def test_blocks_are_the_same_as_text_in_memory(tmp_path: Path, encoding: str, ending: str) -> None:
    text = sample_text("session_three_hands.txt") + sample_text("euro_table_cp1252.txt")
    path = tmp_path / "x.txt"
    path.write_bytes(ENCODINGS[encoding](text.replace("\n", ENDINGS[ending])))
    want = numbered(blocks_of_text(text, "x.txt"))
    assert [len(lines) for _, lines in want] == [28, 36, 28, 40]
    assert numbered(blocks_of_file(path, "x.txt")) == want
    assert numbered(blocks_of_file(path, "x.txt", chunk_size=5)) == want


def test_blocks_of_files_concatenated_with_boms(tmp_path: Path) -> None:
    """A BOM in mid-line starts the next hand on the same line number; a BOM at the start
    of a line is dropped."""
    walk = sample_text("nl_holdem_walk.txt").rstrip("\n")
    basic = sample_text("nl_holdem_6max_showdown_rake.txt")
    path = tmp_path / "concat.txt"
    path.write_bytes(codecs.BOM_UTF8 + (walk + "\ufeff" + basic + "\ufeff" + basic).encode())
    first, second, third = blocks_of_file(path, "concat.txt", chunk_size=64)
    walk_lines = walk.count("\n") + 1
    assert (first.first_line, first.last_line) == (1, walk_lines)
    assert (second.first_line, second.lines[0]) == (walk_lines, basic.splitlines()[0])
    assert second.numbers is None and third.numbers is None
    assert third.first_line == walk_lines + basic.count("\n")
    assert third.lines == second.lines


def test_cp1252_after_the_sniffed_head(tmp_path: Path) -> None:
    """A long file that is ASCII for more than the sniffed head, then cp1252."""
    session = sample_text("session_three_hands.txt")
    euro = sample_text("euro_table_cp1252.txt")
    filler = session * (decode._SNIFF // len(session) + 1)
    path = tmp_path / "long.txt"
    path.write_bytes((filler + euro).encode("cp1252"))
    assert sniff_encoding(path.read_bytes()[: decode._SNIFF]) == "utf-8"
    hands = list(read_path(path))
    last = hands[-1]
    assert isinstance(last, Hand)
    assert last.players == ("Hero", "Søren_K", "Ängelholm", "bouvreuil", "Zoë_22")
    assert last.info.symbol == "€"


def shifted(hand: Hand, by: int) -> Hand:
    """``hand`` as if it started ``by`` lines further down its file."""
    return dataclasses.replace(
        hand,
        first_line=hand.first_line + by,
        last_line=hand.last_line + by,
        seats=tuple(dataclasses.replace(s, line=s.line + by) for s in hand.seats),
        events=tuple(dataclasses.replace(e, line=e.line + by) for e in hand.events),
    )


def test_bom_in_the_middle_of_a_line(tmp_path: Path) -> None:
    """Two files concatenated, the first without a final newline, the second with a BOM:
    the second header shares the last line number of the first hand."""
    walk = sample_text("nl_holdem_walk.txt").rstrip("\n")
    basic = sample_text("nl_holdem_6max_showdown_rake.txt")
    path = tmp_path / "concat.txt"
    path.write_bytes(codecs.BOM_UTF8 + walk.encode() + codecs.BOM_UTF8 + basic.encode())
    first, second = normalised(list(read_path(path)))
    (walk_hand,) = reference("nl_holdem_walk.txt")
    (basic_hand,) = reference("nl_holdem_6max_showdown_rake.txt")
    assert first == walk_hand
    walk_lines = walk.count("\n") + 1
    assert isinstance(second, Hand)
    assert second.first_line == walk_lines == first.last_line
    assert second == shifted(basic_hand, walk_lines - 1)


def test_bom_in_the_middle_with_crlf_and_utf16(tmp_path: Path) -> None:
    walk = sample_text("nl_holdem_walk.txt").rstrip("\n").replace("\n", "\r\n")
    basic = sample_text("nl_holdem_6max_showdown_rake.txt").replace("\n", "\r\n")
    path = tmp_path / "concat16.txt"
    path.write_bytes(("\ufeff" + walk + "\ufeff" + basic).encode("utf-16-le"))
    got = normalised(list(read_path(path)))
    want = normalised(list(read_text(walk + "\ufeff" + basic)))
    assert got == want
    assert [type(h) for h in got] == [Hand, Hand]


def test_first_line_is_not_a_header(tmp_path: Path) -> None:
    junk = "Hand history export\nsaved by a tracker, 2025-06-01\n\n"
    basic = sample_text("nl_holdem_6max_showdown_rake.txt")
    path = tmp_path / "junk.txt"
    path.write_bytes(codecs.BOM_UTF8 + (junk + basic).replace("\n", "\r\n").encode())
    (hand,) = normalised(list(read_path(path)))
    (want,) = reference("nl_holdem_6max_showdown_rake.txt")
    assert isinstance(hand, Hand)
    assert hand.first_line == 4
    assert hand == shifted(want, 3)


def test_no_header_at_all(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("just some notes\nSeat 1: Hero ($10 in chips)\n", encoding="utf-8")
    assert list(read_path(path)) == []
    assert read_text("") == []


def test_binary_file_is_not_text(tmp_path: Path) -> None:
    path = tmp_path / "x.bin"
    path.write_bytes(bytes(range(256)) * 8)
    with pytest.raises(NotText):
        list(read_path(path))


@pytest.mark.parametrize(
    ("head", "codec"),
    [
        (codecs.BOM_UTF8 + b"PokerStars", "utf-8-sig"),
        (codecs.BOM_UTF16_LE + "PokerStars".encode("utf-16-le"), "utf-16"),
        (codecs.BOM_UTF16_BE + "PokerStars".encode("utf-16-be"), "utf-16"),
        ("PokerStars".encode("utf-16-le"), "utf-16-le"),
        ("PokerStars".encode("utf-16-be"), "utf-16-be"),
        ("Seat 1: Blåveis (€5 in chips)".encode(), "utf-8"),
        ("Seat 1: Blåveis (€5 in chips)".encode("cp1252"), "cp1252"),
        (b"PokerStars Hand #1", "utf-8"),
        # a multi-byte UTF-8 character cut by the end of the head is still UTF-8
        ("Blåveis".encode()[:3], "utf-8"),
    ],
)
def test_sniff_encoding(head: bytes, codec: str) -> None:
    assert sniff_encoding(head) == codec


def test_line_numbers_count_blank_lines_and_trailing_whitespace() -> None:
    text = "a  \r\n\r\nb\rc\n\n"
    assert list(iter_text_lines(text)) == [(1, "a"), (2, ""), (3, "b"), (4, "c"), (5, "")]
