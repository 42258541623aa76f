"""The compiled build's C loops of the cutters (``auditor/parsing/_lines.c``) against
their Python references: a hand's lines (``blocks.stripped_lines_in_python``), the same
lines and body length for any text and bounds, white space of every kind
(``str.strip``'s) and characters of every width; the header search, the same matches as
the header pattern's ``finditer`` on the samples, the corpus and any text made of header
lines and their neighbours. Skipped in the pure build (``tests/test_compiled_build.py``
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
