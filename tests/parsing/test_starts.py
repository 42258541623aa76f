"""What every match of a pattern starts with (``auditor.parsing.starts``), and the
cutter's look-ahead built from the sites' header patterns with it."""

from __future__ import annotations

import random
import re

import pytest
from test_blocks import HEADERS

from auditor.parsing import blocks
from auditor.parsing.blocks import _Headers, _headers
from auditor.parsing.starts import starts
from auditor.sites import text_headers


@pytest.mark.parametrize(("pattern", "want"), [
    ("PokerStars Hand #", {"Po"}),
    (r"(?:Game )?Hand #\d+ - ", {"Ga", "Ha"}),
    (r"\*{5} (?!Hand )\S+ Hand History for Game ", {"**"}),
    (r"[Ff]or", {"Fo", "fo"}),
    (r"A(?:B|C)D", {"AB", "AC"}),
    (r"A?B", {"AB", "B"}),  # "B" alone: the match may start at B
    (r"A*BC", {"AA", "AB", "BC"}),
    (r"(?=X)AB", {"AB"}),  # a look-ahead matches no characters
    (r"A", {"A"}),  # shorter than asked: the match may be that short
    (r"A\d", {"A"}),  # a category: known up to it only
    (r"\dA", {""}),
    (r".B", {""}),
    (r"[^A]B", {""}),
])
def test_the_starts_of_a_pattern(pattern: str, want: set[str]) -> None:
    assert starts(pattern, 2) == want


@pytest.mark.parametrize("pattern", [r"(?i:poker)", r"(?i)poker", r"(?x) p o k e r", r"("])
def test_what_it_cannot_follow_is_unknown(pattern: str) -> None:
    assert starts(pattern, 2) is None


@pytest.mark.parametrize(("pattern", "size", "pieces"), [
    (r"(?:Game )?Hand #\d+ - ", 3, ["Game ", "Hand #", "5", " - ", "G", "Ha"]),
    (r"\*{2,4}(?:ab|c)+d?e", 4, ["**", "*", "ab", "c", "d", "e", "a"]),
    (r"x?(?:y|zz)*w", 3, ["x", "y", "z", "w"]),
    (r"[a-c][0-2]?q", 2, ["a", "b", "c", "d", "0", "2", "3", "q"]),
])
def test_every_match_starts_with_one_of_them(pattern: str, size: int, pieces: list[str]) -> None:
    """Random texts made of the pattern's own pieces: whatever matches at their start
    starts with one of the strings ``starts`` gave."""
    found = starts(pattern, size)
    assert found
    compiled = re.compile(pattern)
    rng = random.Random(7)
    matched = 0
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
        m = compiled.match(text)
        if m is not None:
            matched += 1
            assert any(text.startswith(s) for s in found), (pattern, text, found)
    assert matched > 50  # the texts did reach the pattern


def test_the_site_headers_give_a_look_ahead_of_their_first_characters() -> None:
    """Every registered header pattern is read to its first ``_PREFIX_SIZE``
    characters (fewer where a character class follows), so the cutter's search skips
    most lines at their start; every made-up header of the cutter's tests starts with
    one of the prefixes, and the lines that most often started like a header (a blank
    line, PokerStars's streets, a player named like a site) no longer get past."""
    prefixes = set()
    for _, pattern in text_headers():
        found = starts(pattern, blocks._PREFIX_SIZE)
        assert found and all(0 < len(s) <= blocks._PREFIX_SIZE for s in found), pattern
        prefixes |= found
    assert max(map(len, prefixes)) == blocks._PREFIX_SIZE
    for line, _ in HEADERS:
        assert line.lstrip().startswith(tuple(prefixes)) or not line.lstrip()[:4].strip()
    search = _headers().after_newline
    assert search.pattern.startswith(r"\n(?=[^\S\n]|")
    look = re.compile(search.pattern[: search.pattern.index(")") + 1])
    for line in ("", "*** FLOP *** [Qc 2s 4c]", "Player Bob folds", "Seat 1: Bob (20).",
                 "PokerMill100: folds", "Hand was run twice", "Game over"):
        assert look.match(f"\n{line}\n") is None, line
    for line, _ in HEADERS:
        assert look.match(f"\n{line}") is not None, line


def test_a_header_it_cannot_read_turns_the_look_ahead_off() -> None:
    """A plug-in's header of a kind not followed still cuts: the search then looks at
    every line's start (slower, the same blocks)."""
    headers = _Headers([("a", "Alpha #"), ("b", r"(?i:beta) #")])
    assert headers.after_newline.pattern.startswith(r"\n(?:")
    text = "\nAlpha #1\nx\nBETA #2\ny"
    assert [m.lastindex for m in headers.after_newline.finditer(text)] == [1, 2]
    # One header known only to one character: a one-character look-ahead.
    headers = _Headers([("a", "Alpha #"), ("c", r"C\d #")])
    assert headers.after_newline.pattern.startswith(r"\n(?=[^\S\n]|Alpha\ \#|C)")
    assert [m.lastindex for m in headers.after_newline.finditer("\nC5 #\nAlpha #")] == [2, 1]
