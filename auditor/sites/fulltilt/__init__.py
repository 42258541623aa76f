"""Full Tilt Poker: the classic text export (to 2013), counted; and the 2016 export in
PokerStars syntax (``Full Tilt Hand #``), read by the PokerStars reader."""

from __future__ import annotations

import re

from auditor.model.hand import Hand
from auditor.parsing.blocks import HandBlock
from auditor.parsing.errors import Unreadable
from auditor.sites.base import CountingReader, HeaderFacts, Reader, Site, game_facts
from auditor.sites.pokerstars import DIALECT as STARS

_CLASSIC = re.compile(
    r"Full Tilt Poker Game #(?P<id>\d+): (?:(?P<tour>.*?\(\d+\)), )?Table (?P<table>.*?)"
    r"(?: \([^)]*\))? - (?:(?P<lvl>\d+/\d+) - )?(?P<game>[^-]*?) - (?P<stakes>[^ ]+) - "
    r"(?P<when>.*)$"
)
_STARS_SYNTAX = ("Full Tilt Hand #", "Full Tilt Rush Hand #")


def header_facts(lines: list[str]) -> HeaderFacts:
    """Hand id, game, stakes, table and start of a classic Full Tilt header."""
    m = _CLASSIC.match(lines[0])
    if m is None:
        m2 = re.match(r"Full Tilt Poker Game #(\d+)", lines[0])
        return {"hand_id": m2.group(1)} if m2 else {}
    facts = game_facts(m.group("game"))
    facts["hand_id"] = m.group("id")
    facts["table"] = m.group("table")
    parts = m.group("stakes").replace("$", "").split("/")
    if len(parts) == 2:
        facts["stakes"] = (parts[0], parts[1])
    if "$" in m.group("stakes"):
        facts["currency"], facts["symbol"] = "USD", "$"
    facts["started"] = m.group("when").strip()
    return facts


class FullTiltReader:
    """Classic hands are counted (HH002); hands in PokerStars syntax are replayed."""

    def __init__(self) -> None:
        from auditor.sites.pokerstars.reader import PokerStarsReader

        self.stars = PokerStarsReader(site="fulltilt", title="Full Tilt", dialect=STARS,
                                      header=_STARS_SYNTAX)
        self.classic = CountingReader(SITES[0], lambda block: header_facts(block.lines))

    def read(self, block: HandBlock) -> Hand | Unreadable:
        if block.lines[0].startswith(_STARS_SYNTAX):
            return self.stars.read(block)
        return self.classic.read(block)


def _reader() -> Reader:
    return FullTiltReader()


SITES = (
    Site(
        name="fulltilt",
        title="Full Tilt Poker",
        formats="text export: classic (to 2013) and 2016 in PokerStars syntax",
        container="text",
        headers=(r"Full Tilt Poker Game #", r"Full Tilt (?:Rush )?Hand #"),
        reader=_reader,
        dialect=STARS,
        audited="2016 exports in PokerStars syntax replayed; classic ones counted (HH002)",
        replayed=True,
    ),
)
