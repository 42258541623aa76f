"""OnGame (closed 2014): text exports, counted."""

from __future__ import annotations

import re

from auditor.parsing.blocks import HandBlock
from auditor.sites.base import HeaderFacts, counted, game_facts, stakes_facts

_TABLE = re.compile(r"Table: (?P<table>.*?) \[\d+\] \((?P<game>[A-Z_ ]+) (?P<stakes>\S+), ")


def header_facts(block: HandBlock) -> HeaderFacts:
    """Hand id, game, stakes, table and start of an OnGame hand's first lines."""
    lines = block.lines
    facts: HeaderFacts = {}
    if m := re.match(r"\*{5} History for hand (\S+) \*{5}", lines[0]):
        facts["hand_id"] = m.group(1)
    for line in lines[1:4]:
        if line.startswith("Start hand: "):
            facts["started"] = line.removeprefix("Start hand: ").strip()
        elif t := _TABLE.match(line):
            facts |= game_facts(t.group("game").replace("_", " "))
            facts |= stakes_facts(t.group("stakes"))
            facts["table"] = t.group("table")
    return facts


SITES = (counted("ongame", "OnGame", "text export (closed network)", "text",
                 (r"\*{5} History for hand R\d+-",), header_facts),)
