"""Build hands for engine tests without a parser.

``HandKit`` seats players, then takes actions either one call at a time or as a short
script, one action per ``;`` or line::

    kit = HandKit(["A", "B", "C", "D"], button="D", stakes=(1, 2))
    kit.do("A posts sb 1; B posts bb 2; C raises to 6; D calls 6; flop; A checks")

Script verbs (amounts in the smallest unit; ``allin`` marks an all-in):
``P folds`` · ``P checks`` · ``P calls N [allin]`` · ``P bets N [allin]`` ·
``P raises to N [by M] [allin]`` · ``P posts KIND N [dead M] [allin]`` (KIND: sb, bb,
ante, straddle, button, sb+bb, dead) · ``flop`` / ``turn`` / ``river`` · ``showdown`` ·
``P returned N`` · ``P collects N``.
"""

from __future__ import annotations

from collections.abc import Iterable

from auditor.config import Profile, Settings
from auditor.engine.betting import BettingState
from auditor.engine.result import ReplayResult
from auditor.model.events import (
    Bet,
    Call,
    Check,
    Collected,
    Event,
    Fold,
    PostBlind,
    Raise,
    Seat,
    ShowdownStart,
    StreetStart,
    UncalledReturned,
)
from auditor.model.hand import Hand, HandInfo
from auditor.pipeline import replay_hand as replay

_KINDS = {
    "sb": "small",
    "bb": "big",
    "ante": "ante",
    "straddle": "straddle",
    "button": "button",
    "sb+bb": "small_and_big",
    "dead": "dead",
}
_BOARDS = {
    "flop": ("Ah", "Kd", "2c"),
    "turn": ("Ah", "Kd", "2c", "7s"),
    "river": ("Ah", "Kd", "2c", "7s", "9h"),
}


class HandKit:
    """A hand under construction: seats first, then events with line numbers."""

    def __init__(
        self,
        players: Iterable[str | tuple[str, int]],
        *,
        button: str | None = None,
        stakes: tuple[int, int] = (1, 2),
        limit: str = "NL",
        cap: int | None = None,
        stack: int = 1000,
        sitting_out: Iterable[str] = (),
        decimals: int = 0,
        symbol: str = "",
    ) -> None:
        out = set(sitting_out)
        self.seats: list[Seat] = []
        for i, entry in enumerate(players, start=1):
            name, chips = (entry, stack) if isinstance(entry, str) else entry
            self.seats.append(
                Seat(line=i + 2, seat=i, player=name, stack=chips, sitting_out=name in out)
            )
        names = [s.player for s in self.seats]
        button_name = button if button is not None else names[-1]
        self.info = HandInfo(
            site="pokerstars",
            hand_id="1",
            game="holdem",
            variant="Hold'em",
            limit=limit,  # type: ignore[arg-type]
            hi_lo=False,
            hole_cards=2,
            stakes=stakes,
            cap=cap,
            decimals=decimals,
            symbol=symbol,
            button_seat=names.index(button_name) + 1,
        )
        self.events: list[Event] = []
        self._line = len(self.seats) + 2

    # --- one event at a time ------------------------------------------------------

    def add(self, factory: type[Event], **fields: object) -> Event:
        """Append an event on the next line and return it."""
        self._line += 1
        ev = factory(line=self._line, **fields)
        self.events.append(ev)
        return ev

    def do(self, script: str) -> HandKit:
        """Append the events of a script (see module doc)."""
        for raw in script.replace("\n", ";").split(";"):
            words = raw.split()
            if words:
                self._word_event(words)
        return self

    def _word_event(self, w: list[str]) -> None:
        allin = "allin" in w
        if w[0] in _BOARDS:
            self.add(StreetStart, street=w[0], board=_BOARDS[w[0]])
            return
        if w[0] == "showdown":
            self.add(ShowdownStart)
            return
        p, verb = w[0], w[1]
        if verb == "folds":
            self.add(Fold, player=p)
        elif verb == "checks":
            self.add(Check, player=p)
        elif verb == "calls":
            self.add(Call, player=p, amount=int(w[2]), all_in=allin)
        elif verb == "bets":
            self.add(Bet, player=p, amount=int(w[2]), all_in=allin)
        elif verb == "raises":
            assert w[2] == "to", w
            by = int(w[w.index("by") + 1]) if "by" in w else None
            self.add(Raise, player=p, to=int(w[3]), by=by, all_in=allin)
        elif verb == "posts":
            dead = int(w[w.index("dead") + 1]) if "dead" in w else 0
            self.add(
                PostBlind, player=p, kind=_KINDS[w[2]], amount=int(w[3]), dead=dead, all_in=allin
            )
        elif verb == "returned":
            self.add(UncalledReturned, player=p, amount=int(w[2]))
        elif verb == "collects":
            self.add(Collected, player=p, amount=int(w[2]))
        else:
            raise ValueError(f"unknown script step: {' '.join(w)}")

    # --- results ------------------------------------------------------------------

    @property
    def last_line(self) -> int:
        """Line of the last event added."""
        return self._line

    def hand(self) -> Hand:
        """The hand as built so far."""
        return Hand(
            source="<kit>",
            first_line=1,
            last_line=self._line,
            info=self.info,
            seats=tuple(self.seats),
            events=tuple(self.events),
        )

    def state(self, profile: Profile | None = None) -> BettingState:
        """A betting state with every event so far applied. Every seated player who is
        not sitting out is dealt in (so players yet to act count)."""
        hand = self.hand()
        dealt = {s.player for s in self.seats if not s.sitting_out}
        st = BettingState(hand, profile or Profile(), dealt_in=dealt)
        for ev in hand.events:
            st.apply(ev)
        return st

    def replay(self, profile: Profile | None = None, selection=None) -> ReplayResult:
        """The replay of the hand as built so far."""
        return replay(self.hand(), Settings(profile=profile or Profile(), selection=selection))

    def codes(self, profile: Profile | None = None) -> list[str]:
        """Codes of the replay's findings, in order."""
        return [f.code for f in self.replay(profile).findings]


def blinds(
    players: list[str | tuple[str, int]], *, stakes: tuple[int, int] = (1, 2), **kw: object
) -> HandKit:
    """A kit with the first two players posting the small and big blinds (the button is
    the last player; heads-up, the button is the first and posts the small blind)."""
    names = [p if isinstance(p, str) else p[0] for p in players]
    button = names[0] if len(names) == 2 else names[-1]
    kit = HandKit(players, button=button, stakes=stakes, **kw)  # type: ignore[arg-type]
    kit.do(f"{names[0]} posts sb {stakes[0]}; {names[1]} posts bb {stakes[1]}")
    return kit
