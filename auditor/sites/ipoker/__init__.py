"""The iPoker network's XML exports (all skins): one ``<game>`` per hand, sessions around
them, cash games and tournaments.

``reader.IPokerReader`` reads each ``<game>`` safely (``defusedxml``: no DTD, no entity
expansion, no network) into the event model; ``auditor.parsing.elements`` cuts the files.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

from auditor.model.dialect import Dialect
from auditor.parsing.blocks import HandBlock
from auditor.parsing.elements import blocks_of_elements
from auditor.sites.base import Reader, Site

DIALECT = Dialect(
    uncalled="in_collected",  # no return is printed: the excess is inside the owner's ``win``
    pot_labels="none",  # only per-player ``win`` totals
    total_pot="absent",
    rake="derived",  # total bet less total won
    cash_out="none",
    hand_order="file",
)

# The exports of iPoker's 2018+ client (a ``<client_version>`` in the session) leave the
# returned excess out of ``win`` while ``bet`` counts it. In the corpus, all 7 such games
# with an excess leave room for it outside ``win`` (in 4, ``win`` is smaller than it), and
# the next game's stack has it back in 3 of 3. Older exports put it inside ``win``: 185 of
# 185 games, confirmed by the next stack in 107 of 107.
CLIENT_DIALECT = dataclasses.replace(DIALECT, uncalled="silent")

_START = re.compile(r"<game\b[^>]*\bgamecode=")  # (each match begins with "<game")


def sniff(head: str, name: str) -> bool:
    """An iPoker file: XML with ``<session`` or ``<game gamecode=`` elements."""
    return head.lstrip("\ufeff \t\r\n").startswith("<") and (
        "<session" in head or _START.search(head) is not None)


def cut(text: str, source: str) -> Iterator[HandBlock]:
    """One block per ``<game>`` element, with the session's ``<general>`` as context."""
    return blocks_of_elements(text, source, "ipoker", _START, "game", over=("general",),
                              prefix="<game")


def _reader() -> Reader:
    from auditor.sites.ipoker.reader import IPokerReader

    return IPokerReader(DIALECT, CLIENT_DIALECT)


SITES = (
    Site(
        name="ipoker",
        title="iPoker",
        formats="XML export (all skins), cash and tournaments",
        container="xml",
        headers=(_START.pattern,),
        reader=_reader,
        dialect=DIALECT,
        audited="replayed: Hold'em, Six Plus Hold'em, Omaha 4-5, high and hi/lo; stud "
                "counted (HH002); exports without bet/win totals HH001",
        replayed=True,
        sniff=sniff,
        cut=cut,
    ),
)
