"""Merge Gaming network XML exports (``<description>`` then ``<game>`` per hand), counted."""

from __future__ import annotations

import re

from auditor.parsing.blocks import HandBlock
from auditor.parsing.elements import attribute, element_format
from auditor.sites.base import HeaderFacts, counted, game_facts, stakes_facts

_START = re.compile(r"<game\s+id=")


def header_facts(block: HandBlock) -> HeaderFacts:
    """Hand id, game, stakes, table and start of a ``<game>`` and its description."""
    head, context = block.lines[0], block.context or ""
    stakes = attribute(context, "stakes")
    facts = game_facts(f"{attribute(context, 'type')} {stakes}")
    facts |= {"hand_id": attribute(head, "id"), "started": attribute(head, "starttime")}
    data = attribute(head, "data").split("|")
    if len(data) > 1:
        facts["table"] = data[1]
    if m := re.search(r"\(([^)]*)\)", stakes):
        facts |= stakes_facts(m.group(1))
    return facts


_SNIFF, _CUT = element_format("merge", _START, "game")
SITES = (counted("merge", "Merge Gaming", "XML export (closed network)", "xml",
                 (_START.pattern,), header_facts,
                 sniff=lambda head, name: "<description " in head and _SNIFF(head, name),
                 cut=_CUT),)
