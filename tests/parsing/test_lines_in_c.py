"""The compiled build's C loops of the cutters (``auditor/parsing/_lines.c``) against
their Python references: a hand's lines (``blocks.stripped_lines_in_python``), the same
lines and body length for any text and bounds, white space of every kind
(``str.strip``'s) and characters of every width; the header search, the same matches as
the header pattern's ``finditer`` on the samples, the corpus and any text made of header
lines and their neighbours; PokerNow's log rows (``pokernow.log.log_rows_in_python``),
the same on the corpus's and samples' logs, any log of awkward cells and orders, and any
text after the header. Skipped in the pure build (``tests/test_compiled_build.py``
checks that the compiled build has the module)."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.parsing import blocks
from auditor.parsing.blocks import stripped_lines_in_python
from auditor.sites.pokernow import log

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
from corpus_paths import CORPUS

lines_in_c = pytest.importorskip("auditor.parsing._lines", reason="the pure build: no C module")

# Every character ``str.strip`` takes off, beside characters of each width.
_BLANKS = [c for c in map(chr, range(0x3001)) if c.isspace()]
_TEXT = st.text(alphabet=st.sampled_from(["a", "P", "\n", "é", "€", "\U0001f0a1", *_BLANKS]),
                max_size=60)


def both(text: str, start: int, end: int, lstrip_first: bool) -> None:
    assert lines_in_c.stripped_lines(text, start, end, lstrip_first) == \
        stripped_lines_in_python(text, start, end, lstrip_first), (text, start, end)


def test_the_cutters_use_the_c_module_where_it_is_built() -> None:
    assert blocks.stripped_lines is lines_in_c.stripped_lines


@pytest.mark.parametrize("text", [
    "", "\n", "  \n \t\n", "Seat 1: a (10 in chips) \n\nSeat 2: b\t\r\n  \n",
    "\u3000PokerStars Hand #1: \u00a0\nx\u2028y\u0085\n\n", "€1 \n\U0001f0a1 ", "a\rb\nc",
])
def test_named_texts(text: str) -> None:
    for start in range(len(text) + 1):
        for end in range(start, len(text) + 2):
            for lstrip_first in (False, True):
                both(text, start, end, lstrip_first)


@settings(max_examples=500, deadline=None)
@given(_TEXT, st.integers(0, 70), st.integers(0, 70), st.booleans())
def test_any_text_and_bounds(text: str, start: int, end: int, lstrip_first: bool) -> None:
    both(text, min(start, end), max(start, end), lstrip_first)


# --- the header search ------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
_SAMPLE_TEXTS = [p.read_text(encoding="utf-8", errors="replace")
                 for p in sorted((ROOT / "sample_histories").rglob("*"))
                 if p.is_file() and p.suffix in (".txt", ".log", ".csv")]
_HEADERS = blocks._headers()
# Every header line of the samples, each site's, and lines that start like one.
_HEADER_LINES = sorted({line for text in _SAMPLE_TEXTS for line in text.split("\n")
                        if _HEADERS.line.match(line)})
_PIECES = st.sampled_from([*_HEADER_LINES, "\n", " ", "  ", "\t", "\u3000", "\u00a0", "x",
                           "*** FLOP *** [Ah Kd 2c]", "Seat 1: P (10 in chips)", "PokerStars",
                           "Poker", "#", "Game #", "\ufeff", "\r"])


def headers_both(text: str, start: int, end: int) -> list[tuple[int, int, int | None, str]]:
    def seen(matches: Iterable[re.Match[str]]) -> list[tuple[int, int, int | None, str]]:
        return [(m.start(), m.end(), m.lastindex, m.group()) for m in matches]

    expected = seen(_HEADERS.after_newline.finditer(text, start, end))
    assert seen(lines_in_c.header_matches(text, start, end, _HEADERS.prefixes,
                                          _HEADERS.after_newline.match)) == expected
    assert seen(_HEADERS.matches(text, start, end)) == expected
    return expected


def test_the_registry_s_headers_have_first_characters() -> None:
    assert _HEADERS.prefixes and len(_HEADER_LINES) >= 10


def test_header_search_on_the_samples() -> None:
    found = 0
    for text in _SAMPLE_TEXTS:
        found += len(headers_both(text, 0, len(text)))
        for start, end in ((1, len(text) // 2), (len(text) // 3, len(text) + 5)):
            headers_both(text, start, end)
    assert found > 100


def test_header_search_on_the_corpus() -> None:
    if not CORPUS.is_dir():
        pytest.skip("the shared corpus (shared/corpus) is not here")
    found = 0
    for path in sorted(CORPUS.rglob("*")):
        if path.is_file() and path.suffix in (".txt", ".log", ".csv") \
                and path.stat().st_size < 5_000_000:
            text = path.read_text(encoding="utf-8", errors="replace")
            found += len(headers_both(text, 0, len(text)))
    assert found > 1000


@settings(max_examples=500, deadline=None)
@given(st.lists(_PIECES, max_size=12), st.integers(0, 400), st.integers(0, 400))
def test_header_search_on_any_text(pieces: list[str], start: int, end: int) -> None:
    text = "".join(pieces)
    headers_both(text, min(start, end), max(start, end))


# --- PokerNow's log rows -------------------------------------------------------------------

_LOG = "entry,at,order\n"
_AT = "2022-07-21T21:46:27.126Z"
# Entries as PokerNow writes them and cells that come near the layout's edges.
_ENTRIES = st.sampled_from(['""', '""""', '"""', 'x', 'é', '♠', '€', '\U0001f0a1', ',', '"",', ' ',
                            '"Al @ x" calls 2', '', '\r'])
_ORDERS = st.sampled_from(["165843998712601", "165843998712600", "165843998712602", "1", "12",
                           "", "1x", "१२", "²"])


def rows_both(text: str) -> tuple[list[str], str, int, bool] | None:
    expected = log.log_rows_in_python(text)
    assert lines_in_c.log_rows(text) == expected, text
    return expected


def test_the_log_cutter_uses_the_c_module_where_it_is_built() -> None:
    assert log.log_rows is lines_in_c.log_rows


@pytest.mark.parametrize("text", [
    "", "entry,at,order", _LOG, _LOG + "\n", _LOG + "\n\n", "entry,at,orderX\n",
    _LOG + f'"a",{_AT},12\n', _LOG + f'"a",{_AT},12', _LOG + f'"a",{_AT},12\n\n',
    _LOG + f'"a",{_AT},12\r\n', _LOG + f'",{_AT},12\n', _LOG + f'"",{_AT},12\n',
    _LOG + f'"a",{_AT},12\n"b",{_AT},11\n', _LOG + f'"a",{_AT},11\n"b",{_AT},12\n',
    _LOG + f'"a",{_AT},12\n"b",{_AT},12\n', _LOG + f'"a",{_AT},12\n"b",{_AT},1\n',
    _LOG + f'"a ""b"" ♠",{_AT},12\n"""c""",{_AT},11\n', _LOG + f'"a",{_AT},\n',
    _LOG + f'"a",{_AT[:-1]},12\n', _LOG + f'a",{_AT},12\n', _LOG + f'"a",{_AT},١٢\n',
    _LOG + f'"a",{_AT}12\n', "\ufeff" + _LOG + f'"a",{_AT},12\n',
])
def test_log_rows_of_named_texts(text: str) -> None:
    rows_both(text)


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.tuples(st.lists(_ENTRIES, max_size=4), _ORDERS, st.booleans()), max_size=6),
       st.booleans())
def test_log_rows_of_any_log(rows: list[tuple[list[str], str, bool]], last_newline: bool) -> None:
    """Logs of rows of any entries and orders, their time cut short now and then."""
    lines = [f'"{"".join(cells)}",{_AT if whole else _AT[:-1]},{order}'
             for cells, order, whole in rows]
    rows_both(_LOG + "\n".join(lines) + ("\n" if last_newline else ""))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(['"', ",", "\n", "1", "a", "♠", "2", "Z"]), max_size=80))
def test_log_rows_of_any_text(tail: str) -> None:
    rows_both(_LOG + tail)


def test_log_rows_of_the_corpus_and_samples() -> None:
    paths = sorted((ROOT / "sample_histories").rglob("*.csv"))
    if CORPUS.is_dir():
        paths += sorted(CORPUS.rglob("*.csv"))
    read = 0
    for path in paths:
        text = path.read_text(encoding="utf-8", errors="replace").lstrip("\ufeff")
        read += rows_both(text) is not None
    assert read >= (10 if CORPUS.is_dir() else 1)
