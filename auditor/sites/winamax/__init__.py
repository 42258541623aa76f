"""Winamax (France, Spain, Portugal): text exports without uncalled-bet lines."""

from __future__ import annotations

import re

from auditor.model.dialect import Dialect
from auditor.parsing.blocks import HandBlock
from auditor.sites.base import HeaderFacts, counted, game_facts, stakes_facts

DIALECT = Dialect(
    uncalled="in_collected",  # the excess comes back inside the owner's collection
    pot_labels="hints",  # a returned excess may be labelled a side pot; pots may merge
    total_pot="net_of_rake",  # after rake, the excess included
    rake="stated",
    hand_id_sequence=True,  # #table-sequence-time: a gap means missing hands
)

_HEADER = re.compile(
    r"Winamax Poker - (?P<kind>CashGame|Tournament|Go Fast|[^-]+?)(?: \"(?P<tname>[^\"]*)\".*?)?"
    r" - HandId: #(?P<id>[\d-]+) - (?P<game>.*?) \((?P<stakes>[^)]*)\) - (?P<when>.*)$"
)


def header_facts(block: HandBlock) -> HeaderFacts:
    """Hand id, game, stakes, table and start of a Winamax header and table line."""
    lines = block.lines
    m = _HEADER.match(lines[0])
    if m is None:
        m2 = re.search(r"HandId: #([\d-]+)", lines[0])
        return {"hand_id": m2.group(1)} if m2 else {}
    facts = game_facts(m.group("game"))
    facts["hand_id"] = m.group("id")
    if m.group("kind") == "Tournament":
        facts["tournament"] = m.group("tname") or m.group("id").split("-")[0]
        facts["decimals"] = 0
    facts |= stakes_facts(m.group("stakes"))
    facts["started"] = m.group("when").strip()
    if len(lines) > 1 and (t := re.match(r"Table:? '(.*)' ", lines[1])):
        facts["table"] = t.group(1)
    return facts


SITES = (counted("winamax", "Winamax", "text export: cash, Go Fast, tournaments", "text",
                 (r"Winamax Poker - ",), header_facts, dialect=DIALECT),)
