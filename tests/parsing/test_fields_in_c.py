"""The compiled build's C fields of the commonest line (``auditor/parsing/_fields.c``)
against its Python reference: a plain seat line's fields as ``shape.plain_seat`` and
``int`` make them (None past nine digits of seat, which the reader refuses by the Python
path); on named lines, lines built of their parts and of any characters, and on every
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


def test_the_reader_uses_the_c_module_where_it_is_built() -> None:
    assert shape.SEAT_FIELDS is fields_in_c.plain_seat


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
    seats = 0
    for path in _files():
        for block in blocks_of_file(path, str(path)):
            for line in block.lines:
                both(line)
                both(line.strip())
                seats += fields_in_c.plain_seat(line.strip()) is not None
    assert seats > 1000
