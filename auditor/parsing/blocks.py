"""Cutting a stream of numbered lines into hand blocks, one per hand header."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

# First line of a hand, per site. Only PokerStars is replayed so far; the others are
# recognised so that their hands are counted and reported as not supported (HH002).
_HEADERS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("pokerstars", re.compile(r"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #")),
    ("ggpoker", re.compile(r"Poker Hand #[A-Z]*\d+: ")),
    ("winamax", re.compile(r"Winamax Poker - ")),
    ("partypoker", re.compile(r"\*{5} Hand History [Ff]or Game ")),
    ("fulltilt", re.compile(r"Full Tilt Poker Game #")),
    ("888", re.compile(r"#Game No : \d+")),
    ("wpn", re.compile(r"Game Hand #\d+ - ")),
)


_HEADER_STARTS = frozenset({"Po", "Wi", "**", "Fu", "#G", "Ga", " P", "  "})


@dataclass(slots=True)
class HandBlock:
    """The lines of one hand: from its header to the line before the next header."""

    source: str
    site: str
    lines: list[tuple[int, str]] = field(default_factory=list)

    @property
    def first_line(self) -> int:
        return self.lines[0][0]

    @property
    def last_line(self) -> int:
        return self.lines[-1][0]


def site_of_header(line: str) -> str | None:
    """The site whose hand header ``line`` is, or None."""
    stripped = line.lstrip()
    for site, pattern in _HEADERS:
        if pattern.match(stripped):
            return site
    return None


def split_hands(lines: Iterable[tuple[int, str]], source: str) -> Iterator[HandBlock]:
    """Yield one block per hand header; text before the first header is skipped and
    trailing blank lines are dropped from each block."""
    block: HandBlock | None = None
    append = None
    for item in lines:
        line = item[1]
        # Cheap test first: every header starts with one of these.
        if line[:2] in _HEADER_STARTS and (site := site_of_header(line)) is not None:
            if block is not None:
                yield _trimmed(block)
            block = HandBlock(source, site, [(item[0], line.lstrip())])
            append = block.lines.append
        elif append is not None:
            append(item)
    if block is not None:
        yield _trimmed(block)


def _trimmed(block: HandBlock) -> HandBlock:
    lines = block.lines
    while len(lines) > 1 and not lines[-1][1]:
        lines.pop()
    return block
