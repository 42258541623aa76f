"""GGPoker (and the ClubGG app): text exports close to PokerStars's syntax."""

from __future__ import annotations

import re

from auditor.model.dialect import Dialect
from auditor.parsing.blocks import HandBlock
from auditor.sites.base import HeaderFacts, counted, game_facts, stakes_facts

DIALECT = Dialect(
    uncalled="printed",
    pot_labels="none",  # "collected $X from pot", once per pot, unlabelled
    total_pot="gross",  # Cash Drop included
    rake="stated",
    fees=("Jackpot", "Bingo", "Fortune", "Tax"),
    house_money=True,
    cash_out="none",
)

_HEADER = re.compile(
    r"Poker Hand #(?P<id>[A-Z]*\d+): (?:Tournament #(?P<t>\d+), .*?)?(?P<game>[^(]*?)"
    r" ?-? ?(?:Level ?\w+ ?)?\((?P<stakes>[^)]*)\)(?: - (?P<when>.*))?$"
)


def header_facts(block: HandBlock) -> HeaderFacts:
    """Hand id, game, stakes, table and start of a GG header and table line."""
    lines = block.lines
    m = _HEADER.match(lines[0])
    if m is None:
        m2 = re.match(r"Poker Hand #([A-Z]*\d+)", lines[0])
        return {"hand_id": m2.group(1)} if m2 else {}
    facts = game_facts(m.group("game"))
    facts["hand_id"] = m.group("id")
    if m.group("t"):
        facts["tournament"] = m.group("t")
        facts["decimals"] = 0
    stakes = m.group("stakes")
    facts |= stakes_facts(stakes if "/" in stakes else f"{stakes}/{stakes}")  # short deck: one
    facts["started"] = (m.group("when") or "").strip()
    if len(lines) > 1 and (t := re.match(r"Table '(.*)' ", lines[1])):
        facts["table"] = t.group(1)
    return facts


SITES = (counted("ggpoker", "GGPoker", "text export: cash, Rush & Cash, tournaments (also ClubGG)",
                 "text", (r"Poker Hand #[A-Z]*\d+: ",), header_facts, dialect=DIALECT),)
