"""GGPoker (and the ClubGG app): text exports close to PokerStars's syntax, read by the
PokerStars reader with GG's grammar overlay (``reader.GGPokerReader``)."""

from __future__ import annotations

import re

from auditor.model.dialect import Dialect
from auditor.parsing.blocks import HandBlock
from auditor.sites.base import HeaderFacts, Reader, Site, game_facts, stakes_facts

# Measured on the corpus's 494 GG cash hands (SITES.md §2.1, FORMATS.md §0.3): every
# uncalled bet has its line; "collected $X from pot" never names its pot; Total pot is
# everything put in less the returns, plus the Cash Drop; Rake, Jackpot, Bingo, Fortune
# and Tax are stated, and the collections plus all of them make the Total pot. An EV
# cashout pays the pot as usual; the winner then pays the cashout risk outside it (a
# side payment, not a cash-out of the pot).
DIALECT = Dialect(
    uncalled="printed",
    pot_labels="none",  # "collected $X from pot", once per pot, unlabelled
    total_pot="gross",  # Cash Drop included
    rake="stated",
    fees=("Jackpot", "Bingo", "Fortune", "Tax"),
    house_money=True,
    cash_out="none",
)

_HEADER = re.compile(
    r"Poker Hand #(?P<id>[A-Z]*\d+): (?:Tournament #(?P<t>\d+), .*?)?(?P<game>[^(]*?)"
    r" ?-? ?(?:Level ?\w+ ?)?\((?P<stakes>[^)]*)\)(?: - (?P<when>.*))?$"
)


def header_facts(block: HandBlock) -> HeaderFacts:
    """Hand id, game, stakes, table and start of a GG header and table line."""
    lines = block.lines
    m = _HEADER.match(lines[0])
    if m is None:
        m2 = re.match(r"Poker Hand #([A-Z]*\d+)", lines[0])
        return {"hand_id": m2.group(1)} if m2 else {}
    facts = game_facts(m.group("game"))
    facts["hand_id"] = m.group("id")
    if m.group("t"):
        facts["tournament"] = m.group("t")
        facts["decimals"] = 0
    stakes = m.group("stakes")
    facts |= stakes_facts(stakes if "/" in stakes else f"{stakes}/{stakes}")  # short deck: one
    facts["started"] = (m.group("when") or "").strip()
    if len(lines) > 1 and (t := re.match(r"Table '(.*)' ", lines[1])):
        facts["table"] = t.group(1)
    return facts


def _reader() -> Reader:
    from auditor.sites.ggpoker.reader import GGPokerReader

    return GGPokerReader()


SITES = (
    Site(
        name="ggpoker",
        title="GGPoker",
        formats="text export: cash, Rush & Cash, tournaments (also ClubGG)",
        container="text",
        headers=(r"Poker Hand #[A-Z]*\d+: ",),
        reader=_reader,
        dialect=DIALECT,
        audited="replayed: Hold'em, Omaha 4-6 (PLO, PLO-5, PLO-6), short deck, cash and "
                "tournaments",
        replayed=True,
    ),
)
