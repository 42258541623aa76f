"""MicroGaming network XML exports (one ``<Game>`` per hand), counted."""

from __future__ import annotations

import re

from auditor.parsing.blocks import HandBlock
from auditor.parsing.elements import attribute, element_format
from auditor.sites.base import HeaderFacts, counted, game_facts

_START = re.compile(r"<Game\s+hhversion=")


def header_facts(block: HandBlock) -> HeaderFacts:
    """Hand id, game, stakes, table and start of a ``<Game>`` element."""
    head = block.lines[0]
    game = attribute(head, "gametype").replace("&apos;", "'")
    facts = game_facts(f"{game} {attribute(head, 'betlimit')}")
    facts |= {"hand_id": attribute(head, "id"), "started": attribute(head, "date"),
              "table": attribute(head, "tablename")}
    stakes = attribute(head, "stakes").split("|")
    if len(stakes) == 2:
        facts["stakes"] = (stakes[0], stakes[1])
    if attribute(head, "istournament") not in ("", "0"):
        facts["tournament"] = attribute(head, "tournamentid") or "?"
        facts["decimals"] = 0
    return facts


_SNIFF, _CUT = element_format("microgaming", _START, "Game")
SITES = (counted("microgaming", "MicroGaming", "XML export (closed network)", "xml",
                 (_START.pattern,), header_facts, sniff=_SNIFF, cut=_CUT),)
