"""PartyPoker: the classic text export (to about 2017) and the 2018+ one."""

from __future__ import annotations

import re

from auditor.model.dialect import Dialect
from auditor.parsing.blocks import HandBlock
from auditor.sites.base import HeaderFacts, counted, game_facts

DIALECT = Dialect(
    uncalled="in_collected",  # never printed: inside the owner's wins, or a "side pot 1"
    pot_labels="hints",
    total_pot="main_net_of_rake",  # 2018+ "Main Pot: $38.50 Rake: $2.0"; classic: none
    rake="unknown",  # classic never states it; 2018+ does (its reader says so per hand)
    cash_out="paid_by_site",  # 2018+: the site pays the cashed-out player
    hand_order="by_start_time",  # 2026 files list the newest hand first
)

_ID = re.compile(r"\*{5} Hand History [Ff]or Game (\w+)")
_CLASSIC = re.compile(r"(?P<stakes>.*?) (?P<game>(?:NL|PL|FL)? ?[A-Za-z' /-]*?(?:Hold'em|Omaha"
                      r"|Holdem|Stud)[^-]*?) - (?P<when>.*)$")
_MODERN = re.compile(r"(?P<lo>[\d.,]+)/(?P<hi>[\d.,]+) (?P<game>.*?) Game Table \((?P<lim>\w+)\)"
                     r" - (?P<when>.*)$")


def header_facts(block: HandBlock) -> HeaderFacts:
    """Hand id, game, stakes, table and start of a Party hand's first lines."""
    lines = block.lines
    m = _ID.match(lines[0])
    facts: HeaderFacts = {"hand_id": m.group(1)} if m else {}
    second = lines[1] if len(lines) > 1 else ""
    if modern := _MODERN.match(second):
        facts |= game_facts(f"{modern.group('game')} {modern.group('lim')}")
        facts["stakes"] = (modern.group("lo"), modern.group("hi"))
        facts["started"] = modern.group("when").strip()
    elif classic := _CLASSIC.match(second):
        facts |= game_facts(classic.group("game"))
        facts["started"] = classic.group("when").strip()
        if "USD" in classic.group("stakes") or "$" in classic.group("stakes"):
            facts["currency"], facts["symbol"] = "USD", "$"
    for line in lines[1:4]:
        if t := re.match(r"Table (.*?) \((?:Real|Play) Money\)", line):
            facts["table"] = t.group(1)
    return facts


SITES = (counted("partypoker", "PartyPoker", "text export: classic and 2018+, cash and tournaments",
                 "text", (r"\*{5} Hand History [Ff]or Game ",), header_facts, dialect=DIALECT),)
