"""Boss Media network XML exports (one ``<HISTORY>`` per hand), counted."""

from __future__ import annotations

import re

from auditor.parsing.blocks import HandBlock
from auditor.parsing.elements import attribute, element_format
from auditor.sites.base import HeaderFacts, counted, game_facts

_START = re.compile(r"<HISTORY\s+ID=")
_GAMES = {"GAME_OMAHL": "Omaha Hi/Lo", "GAME_OMA": "Omaha", "GAME_THM": "Hold'em"}


def header_facts(block: HandBlock) -> HeaderFacts:
    """Hand id, game, stakes, table and start of a ``<HISTORY>`` element."""
    head = block.lines[0]
    game = attribute(head, "GAME")
    facts = game_facts(f"{_GAMES.get(game, game.removeprefix('GAME_'))} "
                       f"{attribute(head, 'LIMIT')}")
    facts |= {"hand_id": attribute(head, "ID"), "table": attribute(head, "TABLE"),
              "currency": attribute(head, "TABLECURRENCY"),
              "started": attribute(head, "DATE")}  # seconds since 1970, as printed
    stakes = attribute(head, "STAKES").split("/")
    if len(stakes) == 2:
        facts["stakes"] = (stakes[0], stakes[1])
    return facts


_SNIFF, _CUT = element_format("bossmedia", _START, "HISTORY")
SITES = (counted("bossmedia", "Boss Media", "XML export (closed network)", "xml",
                 (_START.pattern,), header_facts, sniff=_SNIFF, cut=_CUT),)
