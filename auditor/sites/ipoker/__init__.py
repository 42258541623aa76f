"""The iPoker network's XML exports (one ``<game>`` per hand, sessions around them)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from auditor.model.dialect import Dialect
from auditor.parsing.blocks import HandBlock
from auditor.parsing.elements import blocks_of_elements
from auditor.sites.base import HeaderFacts, counted, game_facts, stakes_facts

DIALECT = Dialect(
    uncalled="in_collected",  # the excess is inside the owner's ``win``
    pot_labels="none",  # only per-player ``win`` totals
    total_pot="absent",
    rake="derived",  # total bet less total won
)

_START = re.compile(r"<game\b[^>]*\bgamecode=")


def sniff(head: str, name: str) -> bool:
    """An iPoker file: XML with ``<session`` or ``<game gamecode=`` elements."""
    return head.lstrip("\ufeff \t\r\n").startswith("<") and (
        "<session" in head or _START.search(head) is not None)


def cut(text: str, source: str) -> Iterator[HandBlock]:
    """One block per ``<game>`` element, with the session's ``<general>`` as context."""
    return blocks_of_elements(text, source, "ipoker", _START, "game")


def _tag(text: str, tag: str) -> str:
    m = re.search(rf"<{tag}>([^<]*)</{tag}>", text)
    return m.group(1).strip() if m else ""


def header_facts(block: HandBlock) -> HeaderFacts:
    """Hand id, game, stakes, table and start of a ``<game>`` and its session."""
    text = "\n".join(block.lines)
    context = block.context or ""
    facts: HeaderFacts = {}
    if m := re.search(r'gamecode="([^"]*)"', text):
        facts["hand_id"] = m.group(1)
    gametype = _tag(context, "gametype")
    if gametype:
        facts |= game_facts(gametype)
        if stakes := re.search(r"[^\s/]+/[^\s/]+$", gametype):
            facts |= stakes_facts(stakes.group())
    facts["table"] = _tag(context, "tablename")
    facts["currency"] = _tag(context, "tablecurrency") or _tag(context, "currency")
    facts["started"] = _tag(text, "startdate")
    if _tag(context, "tournamentcode"):
        facts["tournament"] = _tag(context, "tournamentcode")
        facts["decimals"] = 0
    return facts


SITES = (counted("ipoker", "iPoker", "XML export (all skins), cash and tournaments", "xml",
                 (_START.pattern,), header_facts, dialect=DIALECT, sniff=sniff, cut=cut),)
