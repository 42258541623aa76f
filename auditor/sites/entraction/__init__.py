"""Entraction (closed 2012): text exports, counted."""

from __future__ import annotations

import re

from auditor.parsing.blocks import HandBlock
from auditor.sites.base import HeaderFacts, counted, game_facts

_HEADER = re.compile(r"Game # (?P<id>\d+) - (?P<game>.*?) (?P<cur>[A-Z]{3}) (?P<lo>[\d.]+)/"
                     r"(?P<hi>[\d.]+) - Table \"(?P<table>.*)\"")


def header_facts(block: HandBlock) -> HeaderFacts:
    """Hand id, game, stakes, table and date of an Entraction hand."""
    lines = block.lines
    m = _HEADER.match(lines[0])
    if m is None:
        m2 = re.match(r"Game # (\d+)", lines[0])
        return {"hand_id": m2.group(1)} if m2 else {}
    facts = game_facts(m.group("game"))
    facts |= {"hand_id": m.group("id"), "currency": m.group("cur"),
              "stakes": (m.group("lo"), m.group("hi")), "table": m.group("table")}
    for line in lines:
        if w := re.match(r"Game (?:started|ended) (.*)", line):  # the export's only date
            facts["started"] = w.group(1).strip()
    return facts


SITES = (counted("entraction", "Entraction", "text export (closed network)", "text",
                 (r"Game # \d+ - ",), header_facts),)
