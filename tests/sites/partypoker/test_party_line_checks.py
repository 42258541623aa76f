"""The PartyPoker reader's quick looks before its regular expressions, held to them:
where glued lines part (``_glue_end``, by string methods where compiled), and the
first characters and words that let a line skip ``_FREE`` and ``_LOW_LINE``."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from auditor.sites.partypoker.reader import (
    _FREE,
    _FREE_FIRST,
    _GLUE,
    _LOW_LINE,
    _glue_end,
    _glue_end_by_methods,
)


def _by_pattern(tail: str) -> int:
    m = _GLUE.search(tail)
    return -1 if m is None else m.end()


@pytest.mark.parametrize("tail", [
    " folds.Player2 calls $1",
    " shows [ 5h, 5d ]two pairs, Aces and Queens.Player4 wins $3.20",
    " calls $0.50",
    " is sitting outPlayer3 folds",
    " is sitting out",
    " is sitting out ",
    "sitting out.x",
    "sitting outsitting out",
    "a..b",
    "x. y",
    "x.\xa0y",  # a space of another kind
    "x.٣",  # another kind of digit
    ".",
    "",
])
def test_glue_end_as_the_pattern(tail: str) -> None:
    # Both ways, whichever this build uses (``shape.BY_METHODS``).
    assert _glue_end_by_methods(tail) == _glue_end(tail) == _by_pattern(tail)


@given(st.lists(st.sampled_from(["sitting out", "sitting", " out", ".", "..", " ", "\xa0",
                                 "3", "٣", "P", "layer", "\t"]), max_size=10).map("".join))
def test_glue_end_as_the_pattern_on_any_text(tail: str) -> None:
    assert _glue_end_by_methods(tail) == _by_pattern(tail)


@given(st.text())
def test_glue_end_as_the_pattern_on_arbitrary_text(tail: str) -> None:
    assert _glue_end_by_methods(tail) == _by_pattern(tail)


@pytest.mark.parametrize("text", [
    "Game #11614201761 starts.",
    "#Game No : 11614201761",
    "Your time bank will be activated in 5 secs.",
    ">You have options at Table",
    "Player Bob finished in 3rd place",
    "Congratulations to player Bob for winning",
    "Creating Main Pot with $1.20 with Bob",
    "Creating Side Pot 1 with $0.40",
    "(Hi: Bob wins)",
    "(Lo: none)",
])
def test_what_free_matches_starts_with_a_first_character_it_lists(text: str) -> None:
    assert _FREE.match(text) is not None
    assert text[:1] in _FREE_FIRST


def test_every_start_free_can_match_is_listed() -> None:
    # The expression parsed: one branch of alternatives, each starting with a literal
    # character, and every such character in _FREE_FIRST.
    (op, (_, alternatives)), = re._parser.parse(_FREE.pattern)  # type: ignore[attr-defined]
    assert str(op) == "BRANCH"
    firsts = set()
    for alternative in alternatives:
        op, code = alternative[0]
        assert str(op) == "LITERAL"
        firsts.add(chr(code))
    assert firsts == set(_FREE_FIRST)


def test_a_low_line_starts_with_shows() -> None:
    assert _LOW_LINE.pattern.startswith(" shows")
