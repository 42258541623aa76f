"""PHH, the Poker Hand History format of PokerKit and the published datasets (TOML:
``.phh`` holds one hand, ``.phhs`` one table per hand, cut at its ``[N]`` headers).

A replay format: it states the inputs of a hand (forced bets, stacks, actions) and at most
each player's winnings, never an uncalled return, a pot or the rake (``reader.PhhReader``
says how it maps to events). Its dialects:

- ``DIALECT``, a hand whose ``winnings`` say who was paid: returns are ``silent`` (the
  winnings leave the uncalled bet out: Absolute hand 1, ``winnings`` 25 = 5 + 10 + 10 once
  p5's uncalled 20 is back), no pot labels, no total, rake ``unknown`` (taken out of the
  winnings: Absolute hand 8 pays 149 of 2 × 75).
- ``NO_PAYOUTS_DIALECT``, a hand whose winnings are all zero or missing (the HandHQ
  datasets did not record them in 28 of 41 hands): the same, with the payouts ``absent``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from auditor.model.dialect import Dialect
from auditor.parsing.blocks import HandBlock
from auditor.sites.base import Reader, Site

DIALECT = Dialect(
    uncalled="silent",
    pot_labels="none",
    total_pot="absent",
    rake="unknown",
    run_odd_chip="unknown",
    continuity=False,  # datasets pick hands from many sessions: stacks do not carry over
)
NO_PAYOUTS_DIALECT = Dialect(
    uncalled="silent",
    pot_labels="none",
    total_pot="absent",
    rake="unknown",
    run_odd_chip="unknown",
    payouts="absent",
    continuity=False,
)

_TABLE = re.compile(r"^\[[^\[\]\n]+\][ \t]*(?:#.*)?$", re.M)


def sniff(head: str, name: str) -> bool:
    """A PHH file, by its name (``.phh``, ``.phhs``)."""
    return name.lower().endswith((".phh", ".phhs"))


def cut(text: str, source: str) -> Iterator[HandBlock]:
    """One block per hand: each ``[N]`` table of a ``.phhs``, or the whole ``.phh``."""
    starts = [m.start() for m in _TABLE.finditer(text)]
    if not starts:
        body = text.strip("\n")
        if body.strip():
            first = text[: len(text) - len(text.lstrip("\n"))].count("\n") + 1
            yield HandBlock(source, "phh", first, body.split("\n"))
        return
    for i, begin in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(text)
        body = text[begin:end].rstrip()
        yield HandBlock(source, "phh", text.count("\n", 0, begin) + 1, body.split("\n"))


def _reader() -> Reader:
    from auditor.sites.phh.reader import PhhReader

    return PhhReader()


SITES = (
    Site(
        name="phh",
        title="PHH (PokerKit)",
        formats=".phh and .phhs files (TOML)",
        container="toml",
        headers=(r"^\[[^\]]+\]",),
        reader=_reader,
        dialect=DIALECT,
        audited="replayed: no-limit and fixed-limit Hold'em, pot-limit Omaha, fixed-limit "
                "Omaha hi/lo; stud, draw and short deck counted (HH002)",
        replayed=True,
        sniff=sniff,
        cut=cut,
    ),
)
