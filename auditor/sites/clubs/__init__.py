"""Club apps that export in PokerStars syntax under their own name: PokerBros, PokerMaster,
Run It Once Poker. Their hands are read by the PokerStars reader with their own header
word, site name and dialect."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

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


def _reader(site: str, title: str, header: str, straddles: bool) -> Callable[[], Reader]:
    def make() -> Reader:
        from auditor.sites.pokerstars.reader import PokerStarsReader

        reader = PokerStarsReader(site=site, title=title, dialect=STARS, header=header)
        return StraddleAsBigBlind(reader) if straddles else reader

    return make


def _club(name: str, title: str, header: str, straddles: bool = False) -> Site:
    return Site(
        name=name,
        title=title,
        formats="text export in PokerStars syntax",
        container="text",
        headers=(header,),
        reader=_reader(name, title, header, straddles),
        dialect=STARS,
        audited="replayed as PokerStars syntax",
        replayed=True,
    )


SITES = (
    _club("pokerbros", "PokerBros", "PokerBros Hand #"),
    _club("pokermaster", "PokerMaster", "PokerMaster Hand #", straddles=True),
    _club("runitonce", "Run It Once Poker", "Run It Once Poker Hand #"),
)
