"""The compiled build's C line cutter (``auditor/parsing/_lines.c``) against its Python
reference (``blocks.stripped_lines_in_python``): the same lines and body length for
any text and bounds, white space of every kind (``str.strip``'s) and characters of
every width. Skipped in the pure build (``tests/test_compiled_build.py`` checks that the
compiled build has the module)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.parsing import blocks
from auditor.parsing.blocks import stripped_lines_in_python

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
