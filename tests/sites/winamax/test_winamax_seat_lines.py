"""Winamax's plain seat lines split by string methods (``reader.plain_seat``, what the
compiled reader runs) exactly as by the pattern (``shape.PLAIN_SEAT``, the pure build's):
on odd lines, on lines Hypothesis builds from the pattern's parts, and on every seat line
of the shared corpus (skipped where it is absent)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.sites.winamax.reader import plain_seat
from auditor.sites.winamax.shape import PLAIN_SEAT

CORPUS = Path(__file__).resolve().parents[4] / "shared" / "corpus"


def _by_pattern(line: str) -> tuple[str, ...] | None:
    found = PLAIN_SEAT.fullmatch(line)
    return None if found is None else found.groups()


@pytest.mark.parametrize("line", [
    "Seat 7: morfrim (40.18€)",
    "Seat 7: morfrim (40€)",
    "Seat 7: morfrim (4018)",
    "Seat 12: a (b) (1.5$)",  # the name holds " (": the stack is the last one's
    "Seat 1: x (1.5£) (2€) ",
    "Seat 1: x (1.5) y)",
    "Seat 1: x (1.5.2€)",
    "Seat 1: x (1.€)",
    "Seat 1: x (.5€)",
    "Seat 1: x (€)",
    "Seat 1: x ()",
    "Seat 1: x (5€€)",
    "Seat 1: x (5k)",
    "Seat 1: x (1 500€)",
    "Seat 1:  (5€)",
    "Seat 1: (5€)",
    "Seat 1: a\nb (5€)",
    "Seat 1: x (5\ufffd)",
    "Seat \u0661: x (\u0662.\u0663€)",  # Arabic-Indic digits: ``\d`` takes them
    "Seat 1: x (5€) in chips)",
    "Seat 1: x (5€",
    "Seat : x (5€)",
    "Seat 1 : x (5€)",
    "Seat 1:x (5€)",
    "Seat 1: x: y (5€)",
    "Seat 1: x (5€) (bounty 2€)",
    "seat 1: x (5€)",
    "Seat 1: x (5€)\n",
    "",
])
def test_plain_seat_splits_as_the_pattern_does(line: str) -> None:
    assert plain_seat(line) == _by_pattern(line)


_PARTS = st.sampled_from(["Seat ", "1", "12", "\u0661", ": ", ":", " (", "(", ")", " ", ".",
                          "5", "40.18", "€", "$", "\ufffd", "k", "a", "Bo b", "\n", "é"])


@settings(max_examples=500, deadline=None)
@given(st.lists(_PARTS, max_size=12))
def test_built_lines_split_as_the_pattern_does(parts: list[str]) -> None:
    line = "".join(parts)
    assert plain_seat(line) == _by_pattern(line)
    assert plain_seat("Seat 3: " + line) == _by_pattern("Seat 3: " + line)
    assert plain_seat(line + ")") == _by_pattern(line + ")")


def test_every_corpus_seat_line_splits_as_the_pattern_does() -> None:
    if not CORPUS.is_dir():
        pytest.skip("the shared corpus (shared/corpus) is not here")
    checked = matched = 0
    for path in sorted(CORPUS.rglob("*")):
        if not path.is_file() or "inamax" not in str(path):
            continue
        for line in path.read_bytes().decode("utf-8", "replace").splitlines():
            if line.startswith("Seat "):
                expected = _by_pattern(line)
                assert plain_seat(line) == expected, (path.name, line)
                checked += 1
                matched += expected is not None
    assert checked > 1_000 and matched > 500
