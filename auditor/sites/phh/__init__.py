"""PHH, the Poker Hand History format of PokerKit and the published datasets (TOML:
``.phh`` holds one hand, ``.phhs`` one table per hand)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator

from auditor.model.dialect import Dialect
from auditor.parsing.blocks import HandBlock
from auditor.sites.base import HeaderFacts, counted

DIALECT = Dialect(
    uncalled="in_collected",  # no returns: the engine computes them
    pot_labels="none",
    total_pot="absent",
    rake="unknown",  # ``winnings`` are after rake
)

_TABLE = re.compile(r"^\[[^\[\]\n]+\][ \t]*(?:#.*)?$", re.M)
_VARIANTS = {"NT": ("holdem", "NL", "No-limit Texas hold'em"),
             "FT": ("holdem", "FL", "Fixed-limit Texas hold'em"),
             "PO": ("omaha", "PL", "Pot-limit Omaha hold'em")}


def sniff(head: str, name: str) -> bool:
    """A PHH file, by its name (``.phh``, ``.phhs``)."""
    return name.lower().endswith((".phh", ".phhs"))


def cut(text: str, source: str) -> Iterator[HandBlock]:
    """One block per hand: each ``[N]`` table of a ``.phhs``, or the whole ``.phh``."""
    starts = [m.start() for m in _TABLE.finditer(text)]
    if not starts:
        body = text.strip("\n")
        if body.strip():
            first = text[: len(text) - len(text.lstrip("\n"))].count("\n") + 1
            yield HandBlock(source, "phh", first, body.split("\n"))
        return
    for i, begin in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(text)
        body = text[begin:end].rstrip()
        yield HandBlock(source, "phh", text.count("\n", 0, begin) + 1, body.split("\n"))


def header_facts(block: HandBlock) -> HeaderFacts:
    """Hand id, game, stakes and table of one PHH hand."""
    lines = block.lines
    body = "\n".join(lines[1:] if lines and _TABLE.match(lines[0]) else lines)
    data = tomllib.loads(body)
    facts: HeaderFacts = {"hand_id": str(data.get("hand", lines[0].strip("[] ")))}
    game, limit, name = _VARIANTS.get(str(data.get("variant", "")), ("other", "NL", ""))
    facts |= {"game": game, "limit": limit, "variant": name or str(data.get("variant", ""))}
    facts["table"] = str(data.get("table", ""))
    blinds = [b for b in data.get("blinds_or_straddles", []) if b]
    if len(blinds) >= 2:
        facts["stakes"] = (str(blinds[0]), str(blinds[1]))
    if all(k in data for k in ("year", "month", "day")):
        facts["started"] = f"{data['year']:04d}/{data['month']:02d}/{data['day']:02d} " \
                           f"{data.get('time', '')}".strip()
    if data.get("currency"):
        facts["currency"] = str(data["currency"])
    return facts


SITES = (counted("phh", "PHH (PokerKit)", ".phh and .phhs files (TOML)", "toml", (r"^\[[^\]]+\]",),
                 header_facts, dialect=DIALECT, sniff=sniff, cut=cut),)
