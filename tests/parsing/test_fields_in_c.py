"""The compiled build's C fields of the commonest line (``auditor/parsing/_fields.c``)
against its Python reference: a plain seat line's fields as ``shape.plain_seat`` and
``int`` make them (None past nine digits of seat, which the reader refuses by the Python
path), PartyPoker's and 888's seat lines as ``partypoker.reader.plain_seat`` reads them,
and ACR/WPN's (2014–16 and 2019+) as ``winning.reader._seat_fields`` reads them; on
named lines, lines built of their parts and of any characters, and on every
line of the samples and the corpus. Skipped in the pure build
(``tests/test_compiled_build.py`` checks that the compiled build has it)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.parsing import shape
from auditor.parsing.blocks import blocks_of_file
from auditor.parsing.shape import plain_seat
from auditor.sites.partypoker import reader as party
from auditor.sites.winning import reader as wpn

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
from corpus_paths import CORPUS, NOT_DATA

fields_in_c = pytest.importorskip("auditor.parsing._fields", reason="the pure build: no C module")

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


def seat_by_python(line: str) -> tuple[int, str, str] | None:
    parts = plain_seat(line)
    if parts is None or len(parts[0]) > 9:
        return None
    return int(parts[0]), parts[1], parts[2]


def both(line: str) -> None:
    assert fields_in_c.plain_seat(line) == seat_by_python(line), line
    assert fields_in_c.bracket_seat(line) == party.plain_seat(line), line
    for classic in (True, False):
        assert fields_in_c.wpn_seat(line, classic) == wpn._seat_fields(line, classic), line


def test_the_reader_uses_the_c_module_where_it_is_built() -> None:
    assert shape.SEAT_FIELDS is fields_in_c.plain_seat
    assert shape.BRACKET_SEAT_FIELDS is party.BRACKET_SEAT_FIELDS is fields_in_c.bracket_seat
    assert shape.WPN_SEAT_FIELDS is wpn.WPN_SEAT_FIELDS is fields_in_c.wpn_seat


@pytest.mark.parametrize("line", [
    "Seat 1: Player1 (12.50).", "Seat 1: Player1 (12.50)", "Seat 10: Player x y (1,250)",
    "Seat 3: Hero ($1.25)", "Seat 3: Hero ($1.25) is sitting out", "Seat 3: Hero (1.25) .",
    "Seat 3: Hero ($$1.25)", "Seat 3: Hero ($)", "Seat 3: Hero (.5)", "Seat 3: Hero (5.)",
    "Seat 3: Hero (,5)", "Seat 3: Hero (5,)", "Seat 3: Hero (1.2.3)", "Seat 3: Hero (1,2.3)",
    "Seat 3: Hero (1.2,3)", "Seat 3: Hero (٣.٥)", "Seat 3: Hero (²)",
    "Seat 3: Hero (５)", "Seat ٣: Hero (5)", "Seat ²: Hero (5)", "Seat 3: (5)",
    "Seat 3:  (5)", "Seat 3: a (b (5)", "Seat 3: a (5) (6)", "Seat 3: a (5))", "Seat 3: a ()",
    "Seat 3: a ( 5)", "Seat 3: a (5 )", "Seat 3: a: b: (5)", "Seat 3 : a (5)", "Seat 3:a (5)",
    "Seat 3: a (5) is sitting out.", "Seat 3: a (5). is sitting out", "Seat 3: a (5)..",
    "Seat 3: a ($5).", "Seat 3: a is sitting out", " is sitting out", "Seat 3: (", "Seat 3: )",
    "Seat 3: a ( is sitting out", "Seat 3: a (5) is sitting ou", "Seat :  (5)",
])
def test_wpn_seat_lines(line: str) -> None:
    both(line)


_WPN_PIECES = st.sampled_from([
    "Seat ", "Seat", ": ", ":", " (", "(", ")", ").", ".", ",", "$", " is sitting out",
    " ", "x", "é", "🂡", "0", "7", "12", "٣", "５", "²", "Player ",
])


@settings(max_examples=2000, deadline=None)
@given(st.lists(_WPN_PIECES, max_size=16).map("".join))
def test_wpn_lines_of_any_pieces(line: str) -> None:
    both(line)


@pytest.mark.parametrize("line", [
    "Seat 6: DirkDiggIer_0001 ( $5,000 USD )", "Seat 10: Hero ( 1,500 )", "Seat 1: a (3)",
    "Seat 2: marlboro man_0001 ( $45.70 USD )", "Seat 3: x ( $1 ) - sitting out",
    "Seat 4: bob (the builder) ( $2 )", "Seat 5: ( $2 )", "Seat 5:  ( $2 )", "Seat 6: y ( $ )",
    "Seat 7: z (\u00a0€2\u3000)", "Seat ٣: w ( 5 )", "Seat 8:x ( 5 )", "Seat  9: v ( 5 )",
    "seat 1: lower ( 5 )", "Seat1: glued ( 5 )", "Seat 2 is the button", "Seat 1: n ( 5 ))",
    "Seat 1: n (( 5 )", "Seat 1: a: b ( 7 )", "Seat 1: n ( 5 )x", "Seat 12345678901: n ( 5 )",
    "Seat 1: t ( \t5 )", "Seat 1: t ( 5\x1c)", "Seat 1: t (\x855 )", "Seat 1: d ( \u0663 )",
    "Seat \u00b2: s ( 5 )", "Seat 1: e (  )", "Seat 1: e ( $ 5 USD\u00a0)", "Seat 1: f ( x5y )",
    "Seat 1: x (5)", "Seat 1: x  (5)", "Seat 1: (x (5)", "Seat 1: x (5) )", "Seat 1:  (5)",
    "Seat 1 : x (5)", "Seat 1: \U0001f0a1 ( €5 )", "Seat 1: x ( ５ )", "Seat 1: x ( 5 ) ",
    "Seat ", "Seat )", "Seat 1: )", "Seat 1: x )", ")",
])
def test_bracket_seat_lines(line: str) -> None:
    both(line)


_BRACKET_PIECES = st.sampled_from([
    "Seat ", "Seat", ": ", ":", " (", "(", ")", " )", "( ", " ", "\xa0", "\t", "\u3000", "x",
    "é", "\U0001f0a1", "0", "7", "12", "٣", "５", "²", "$", "€", "USD", ",", ".", "-",
])


@settings(max_examples=2000, deadline=None)
@given(st.lists(_BRACKET_PIECES, max_size=16).map("".join))
def test_bracket_lines_of_any_pieces(line: str) -> None:
    both(line)


@settings(max_examples=1000, deadline=None)
@given(st.text(max_size=40))
def test_lines_of_any_characters(line: str) -> None:
    both(line)


@pytest.mark.parametrize("line", [
    "Seat 2: Roni (LBK) ($2.23 in chips)",
    "Seat 4: Blahdi:42eblah ($22.99 in chips)",
    "Seat 1: Blåveis (€55.10 in chips)",
    "Seat 10: a (1,492 in chips)",
    "Seat 3: x (€1,234,567.89 in chips)",
    "Seat 3: x (£5 in chips)", "Seat 3: x (¥5 in chips)", "Seat 3: x (₹5 in chips)",
    "Seat 3: x (\ufffd5 in chips)", "Seat 3: x (¢5 in chips)",
    "Seat 3: Bob  (1500 in chips)",
    "Seat 3:  (1500 in chips)",
    "Seat 3: x ( (1500 in chips)",
    "Seat 3: x (15 00 in chips)",
    "Seat 3: x (1,5000 in chips)",
    "Seat 3: x (1,234,5678 in chips)",
    "Seat 3: x (1234,567 in chips)",
    "Seat 3: x (1500. in chips)",
    "Seat 3: x (1500.5.5 in chips)",
    "Seat 3: x (.5 in chips)",
    "Seat 3: x (+1500 in chips)",
    "Seat 3: x ($$5 in chips)",
    "Seat 3: x (³ in chips)",
    "Seat 3: x ( in chips)",
    "Seat 3: x (in chips)",
    "Seat 3: (1500 in chips)",
    "Seat 3: x (1500 in chips) is sitting out",
    "Seat 8: (x) (1,492 in chips, $5 bounty)",
    "Seat ３: x (1500 in chips)",
    "Seat : x (1500 in chips)",
    "Seat 3 : x (1500 in chips)",
    "Seat 3:x (1500 in chips)",
    "Seat 3: x: y (1500 in chips)",
    "Seat 123456789: x (5 in chips)",
    "Seat 1234567890: x (5 in chips)",
    "Seat 007: x (5 in chips)",
    "Seat 1: Hero folded before Flop",
    "Seat 1: Hero (button) folded before Flop (1500 in chips)",
    "Seat 1: Hero in chips)",
    "Seat 1: x (1500 in chips)\n",
    "seat 1: x (1500 in chips)",
    "Seat\xa01: x (1500 in chips)",
    " Seat 1: Hero (button) folded before Flop",
    "\xa0Seat 1: Hero folded",
    "\tSeat 1: Hero folded",
    "Seat 1: Hero\xa0in chips won",
    "Seat 1: Hero (small blind) showed [Ah Kd] and won ($5) with a pair",
    "Total pot $5 | Rake $0",
    "Seat", "S", " ", "\xa0",
])
def test_named_lines(line: str) -> None:
    both(line)


_PIECES = st.sampled_from([
    "Seat ", "Seat", "S", ": ", ":", " (", "(", ")", " in chips)", " in chips", "in chips",
    " ", "\xa0", "\t", "x", "é", "\U0001f0a1", "0", "7", "12", "1234567890", ",", ",123",
    ".", ".5", "$", "€", "£", "¥", "₹", "\ufffd", "+", "³", "３", "folded", " [Ah Kd]",
])


@settings(max_examples=2000, deadline=None)
@given(st.lists(_PIECES, max_size=16).map("".join))
def test_lines_of_any_pieces(line: str) -> None:
    both(line)


_DIGITS = st.text(alphabet="0123456789,.", min_size=0, max_size=12)


@settings(max_examples=2000, deadline=None)
@given(st.text(alphabet="0123456789３", max_size=11), st.text(max_size=8),
       st.sampled_from(["", "$", "€", "£", "¥", "₹", "\ufffd", "¢", "$$"]), _DIGITS,
       st.sampled_from([" in chips)", " in chips) ", " in chips, $5 bounty)", " in chips)x"]))
def test_seat_lines_of_any_fields(seat: str, name: str, symbol: str, amount: str,
                                  end: str) -> None:
    both(f"Seat {seat}: {name} ({symbol}{amount}{end}")


def _files() -> list[Path]:
    found = [p for p in SAMPLES.rglob("*") if p.is_file()]
    if CORPUS.is_dir():
        found += [p for p in CORPUS.rglob("*") if p.is_file() and p.name not in NOT_DATA]
    return sorted(found)


def test_every_line_of_the_samples_and_the_corpus() -> None:
    seats = brackets = wpn_seats = 0
    for path in _files():
        for block in blocks_of_file(path, str(path)):
            for line in block.lines:
                both(line)
                both(line.strip())
                seats += fields_in_c.plain_seat(line.strip()) is not None
                brackets += fields_in_c.bracket_seat(line.strip()) is not None
                wpn_seats += fields_in_c.wpn_seat(line.strip(), True) is not None
                wpn_seats += fields_in_c.wpn_seat(line.strip(), False) is not None
    assert seats > 1000
    assert brackets > 500
    assert wpn_seats > 400  # (the samples alone: 507, both modes counted)
