"""Club apps that export in PokerStars syntax under their own name: PokerBros, PokerMaster,
Run It Once Poker. Their hands are read by the PokerStars reader with their own header
word, site name and dialect, and the club grammar overlay (``grammars/clubs.lark``) for
the lines they word their own way (``reader.ClubReader``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from auditor.model.dialect import Dialect
from auditor.model.events import PostBlind, StreetStart
from auditor.model.hand import Hand
from auditor.parsing.blocks import HandBlock
from auditor.parsing.errors import Unreadable
from auditor.sites.base import Reader, Site
from auditor.sites.pokerstars import DIALECT as STARS


class StraddleAsBigBlind:
    """PokerMaster writes a straddle as a second ``posts big blind`` of more than the big
    blind (``posts big blind $8`` at $2/$4): that post is read as the straddle it is. A
    second big blind of the blind's own size stays what it is (a newcomer's live post)."""

    def __init__(self, inner: Reader) -> None:
        self.inner = inner

    def read(self, block: HandBlock) -> Hand | Unreadable:
        hand = self.inner.read(block)
        if isinstance(hand, Unreadable):
            return hand
        events = list(hand.events)
        big = hand.info.stakes[1]
        posted = False
        changed = False
        for i, ev in enumerate(events):
            if type(ev) is StreetStart:
                break
            if type(ev) is PostBlind and ev.kind == "big":
                if posted and ev.amount > big:
                    events[i] = replace(ev, kind="straddle")
                    changed = True
                posted = True
        return replace(hand, events=tuple(events)) if changed else hand


def _reader(site: str, title: str, header: str, dialect: Dialect, straddles: bool,
            raise_adds_before: str | None) -> Callable[[], Reader]:
    def make() -> Reader:
        from auditor.sites.clubs.reader import ClubReader

        reader = ClubReader(site=site, title=title, dialect=dialect, header=header,
                            raise_adds_before=raise_adds_before)
        return StraddleAsBigBlind(reader) if straddles else reader

    return make


def _club(name: str, title: str, header: str, dialect: Dialect = STARS,
          straddles: bool = False, raise_adds_before: str | None = None) -> Site:
    return Site(
        name=name,
        title=title,
        formats="text export in PokerStars syntax",
        container="text",
        headers=(header,),
        reader=_reader(name, title, header, dialect, straddles, raise_adds_before),
        dialect=dialect,
        audited="replayed as PokerStars syntax",
        replayed=True,
    )


# Run It Once splashes the pot ("STP added: €0.50"): house money, counted in its Total
# pot (RIO.STP fixtures: Total pot = what the players put in + the STP).
# A walk is collected whole: the big blind's unmatched part comes back inside his collection
# (RIO.walk fixtures: "collected €0.15", Total pot €0.15, no uncalled line).
RUN_IT_ONCE = replace(STARS, house_money=True, walks="collected")

SITES = (
    _club("pokerbros", "PokerBros", "PokerBros Hand #"),
    _club("pokermaster", "PokerMaster", "PokerMaster Hand #", straddles=True),
    # Re-raises as chips added, all-ins unmarked and checks printed once the betting is
    # closed: seen in the exports of February to April 2019 (the pots add up only so;
    # ``reader._all_ins_unmarked``), as PokerStars writes them by August 2019; May to July
    # untested.
    _club("runitonce", "Run It Once Poker", "Run It Once Poker Hand #", RUN_IT_ONCE,
          raise_adds_before="2019/08"),
)
