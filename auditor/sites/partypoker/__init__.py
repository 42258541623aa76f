"""PartyPoker: the classic text export (to about 2017) and the 2018+ one.

One reader (``reader.PartyPokerReader``) reads both, telling them apart by the game line
(2018+: ``0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb 09 …``), with one grammar
(``grammars/partypoker.lark``).

The two generations present money differently, so the reader puts one of two dialects on
each hand:

- ``DIALECT`` (classic): no uncalled-bet line (the excess comes back inside its owner's
  ``wins``, sometimes as a won "side pot 1"), pots labelled main / side N but the labels
  are hints, no total stated, **rake never stated**, no cash-out.
- ``DIALECT_2018``: no uncalled-bet line either (``collected`` includes the excess:
  ``Hero … collected $41.47`` = pot 38.50 + excess 2.97), unlabelled collections,
  ``Main Pot: $38.50 Rake: $2.0`` is the pot after rake, **rake stated** on every hand,
  and a cash-out the site pays beside the pot (``Cashout Amount is 23.01``: the board's
  winner still takes the whole pot).

Files are cut with the common text cutter, but read whole (``cut``): 2018+ files list
their hands newest first (``…202607.multi.hand.split.txt``: 11:01:17, 11:00:56,
11:00:51, 11:00:48), and the auditor is handed the hands of a file in the order they
were played, by the start time of their game lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise

from auditor.model.dialect import Dialect
from auditor.parsing.blocks import HandBlock
from auditor.sites.base import Reader, Site

DIALECT = Dialect(
    uncalled="in_collected",  # inside the owner's wins, or a "side pot 1" he wins
    pot_labels="hints",
    total_pot="absent",
    rake="unknown",  # never stated: only "no more paid out than put in"
    cash_out="none",
    hand_order="by_start_time",
    second_small_blind="live",  # a missed small blind posted late: he then calls the rest
)
"""Classic hands (``***** Hand History for Game 9498788316 *****``)."""

DIALECT_2018 = Dialect(
    uncalled="in_collected",  # "collected" includes the uncalled excess
    pot_labels="none",  # per-player "collected", no pot named
    total_pot="main_net_of_rake",  # "Main Pot: $38.50 Rake: $2.0"
    rake="stated",
    cash_out="paid_by_site",  # "Player2 Cashout Amount is 23.01", beside the pot
    hand_order="by_start_time",  # files list the newest hand first
    second_small_blind="live",
)
"""2018+ hands (``… Game Table (PL) - Mon Feb 09 12:55:26 EST 2026``)."""

_HEADER = r"\*{5} Hand History [Ff]or Game "
# For ``sniff``, the same with its five stars spelled out: a literal start the regex
# engine skips to. Anchored at each line's start (``^[ \t]*``, multiline), the pattern
# had none, and was tried at every position of another site's head: about 100 µs a file.
_HEADER_ANYWHERE = re.compile(r"\*\*\*\*\* Hand History [Ff]or Game ")


def _reader() -> Reader:
    from auditor.sites.partypoker.reader import PartyPokerReader

    return PartyPokerReader()


def sniff(head: str, name: str) -> bool:
    """Whether a file holds Party hands (then it is cut by ``cut``)."""
    for m in _HEADER_ANYWHERE.finditer(head):
        at = m.start()
        if not head[head.rfind("\n", 0, at) + 1 : at].strip(" \t"):  # first on its line
            return True
    return False


def cut(text: str, source: str) -> Iterator[HandBlock]:
    """The hand blocks of a whole file, cut by the common text cutter (every site's
    headers, so another site's hands in the file keep their site), in the order the
    hands were played when they are all Party hands whose start times read."""
    from auditor.parsing.blocks import _Cutter
    from auditor.parsing.decode import CHUNK

    blocks = list(_Cutter(source).cut(text[i : i + CHUNK] for i in range(0, len(text), CHUNK)))
    return iter(in_time_order(blocks))


def in_time_order(blocks: list[HandBlock]) -> list[HandBlock]:
    """``blocks`` sorted by their start times (stable), or as they are when any is not a
    Party hand or has no start time that reads."""
    if len(blocks) < 2:
        return blocks
    from auditor.sites.partypoker.reader import start_key

    keys = []
    for block in blocks:
        key = start_key(block.lines[1]) if block.site == "partypoker" and len(
            block.lines) > 1 else None
        if key is None:
            return blocks
        keys.append(key)
    if all(a <= b for a, b in pairwise(keys)):
        return blocks
    order = sorted(range(len(blocks)), key=keys.__getitem__)
    return [blocks[i] for i in order]


SITES = (
    Site(
        name="partypoker",
        title="PartyPoker",
        formats="text export: classic and 2018+, cash and tournaments",
        container="text",
        headers=(_HEADER,),
        reader=_reader,
        dialect=DIALECT,
        audited="replayed: Hold'em, Omaha, Omaha Hi-Lo, short deck, classic and 2018+; stud "
                "and Double Hold'em counted (HH002)",
        replayed=True,
        sniff=sniff,
        cut=cut,
    ),
)
