"""888poker / Pacific Poker (and its skins: Cassava, LuckyAcePoker.com): text exports."""

from __future__ import annotations

import re

from auditor.model.dialect import Dialect
from auditor.parsing.blocks import HandBlock
from auditor.sites.base import HeaderFacts, counted, game_facts, stakes_facts

DIALECT = Dialect(
    uncalled="in_collected",
    pot_labels="none",
    total_pot="absent",
    rake="unknown",
)

_ID = re.compile(r"\*{5} (?P<skin>\S+) Hand History for Game (?P<id>\d+)")
_GAME = re.compile(r"(?P<stakes>\S+) Blinds (?P<game>.*?) - \*{3} (?P<when>.*)$")


def header_facts(block: HandBlock) -> HeaderFacts:
    """Hand id, game, stakes, table and start of an 888 hand's first lines."""
    lines = block.lines
    m = _ID.match(lines[0])
    facts: HeaderFacts = {"hand_id": m.group("id")} if m else {}
    if len(lines) > 1 and (g := _GAME.match(lines[1])):
        facts |= game_facts(g.group("game"))
        facts |= stakes_facts(g.group("stakes"))
        facts["started"] = g.group("when").strip()
    if len(lines) > 2 and (t := re.match(r"Table (.*?) \d+ Max", lines[2])):
        facts["table"] = t.group(1)
    return facts


SITES = (counted("888", "888poker", "text export (888poker, Pacific Poker, Cassava skins)", "text",
                 (r"\*{5} (?!Hand )\S+ Hand History for Game ",), header_facts, dialect=DIALECT),)
