"""ACR and the Winning Poker Network: the 2019+ text export and the 2014–16 one."""

from __future__ import annotations

import re

from auditor.model.dialect import Dialect
from auditor.parsing.blocks import HandBlock
from auditor.sites.base import HeaderFacts, counted, game_facts, stakes_facts

DIALECT = Dialect(
    uncalled="printed",
    pot_labels="reliable",
    total_pot="gross",
    rake="stated",
    fees=("JP Fee",),
)

_MODERN = re.compile(
    r"(?:Game )?Hand #(?P<id>\d+) - (?:Tournament #(?P<t>\d+) - )?(?P<game>[^-]*?)"
    r" - (?:Level \d+ \((?P<lvl>[^)]*)\)|(?P<stakes>[^ ]+))\s*- (?P<when>.*)$"
)
_OLD_ID = re.compile(r"Game ID: (?P<id>\d+) (?P<stakes>[\d.]+/[\d.]+) (?P<table>.*?)"
                     r"(?: \((?P<game>[^()]*)\))?$")


def header_facts(block: HandBlock) -> HeaderFacts:
    """Hand id, game, stakes, table and start of an ACR/WPN hand's first lines."""
    lines = block.lines
    facts: HeaderFacts = {}
    if m := re.match(r"(?:Game )?Hand #(\d+)", lines[0]):
        facts["hand_id"] = m.group(1)
    if m := _MODERN.match(lines[0]):
        facts |= game_facts(m.group("game"))
        facts["hand_id"] = m.group("id")
        stakes = m.group("stakes") or m.group("lvl") or ""
        if m.group("t"):
            facts["tournament"] = m.group("t")
            facts["decimals"] = 0 if "." not in stakes else 2
        facts |= stakes_facts(stakes)
        facts["started"] = m.group("when").strip()
        if len(lines) > 1 and (t := re.match(r"(?:Table )?'?(.*?)'? \d+-max Seat", lines[1])):
            facts["table"] = t.group(1)
        return facts
    started = lines[0].removeprefix("Game started at: ").strip()
    facts["started"] = started
    for line in lines[1:3]:
        if old := _OLD_ID.match(line):
            facts |= game_facts(old.group("game") or "")
            facts["hand_id"] = old.group("id")
            facts["stakes"] = tuple(old.group("stakes").split("/"))
            facts["table"] = old.group("table").strip()
    return facts


SITES = (counted("wpn", "ACR / Winning Poker Network",
                 "text export: 2019+ cash and tournaments, 2014–16 (often UTF-16)", "text",
                 (r"(?:Game )?Hand #\d+ - ", r"Game started at: "), header_facts,
                 dialect=DIALECT),)
