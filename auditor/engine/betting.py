"""The betting state of one hand, and pure queries on it.

``BettingState.apply(event)`` is the only thing that mutates; every other public method
is a query that leaves the state as it found it. The replay asks the queries about the
state *before* an action (whose turn, how much to call, the smallest legal raise, whether
the betting is reopened for the actor), then applies the action, legal or not.

Vocabulary used throughout (amounts are integers of the hand's smallest unit):

- **commitment**: a player's live chips on the current street (dead blinds and antes go
  into the pot but are not part of it).
- **current bet**: the commitment a player must match to stay in. Preflop it is never
  below the big blind once one was posted, even when the big blind is all-in for less.
- **last full raise**: the last full bet or raise *increment* on the street; preflop the
  big blind (or the live straddle) counts as the opening bet. A short all-in raise does
  not change it.
- **full level**: the street total reached by the last full bet or raise (fixed-limit
  sizes are counted from it).
- **room**: what a player can still put in: his stack, and in capped no-limit no more than
  the cap minus what he already put in the hand. A player with no room is all-in.

Turn order: players are ordered clockwise from the seat left of the button. Preflop the
action starts left of the blind that sets the price: the big blind (the first one posted:
a big blind posted out of position by a newcomer is live and has the option, but does not
move the start), the button blind of 6+ Hold'em, or the last straddle. Postflop it starts
left of the button. Heads-up this makes the button (who posts the small blind) act first
preflop and last postflop. A seated player who never posts, never acts and is not dealt
visible cards is taken as not dealt in (PokerStars lists sitting-out players and players
waiting for the big blind), so he never holds up the turn order.

The replay never refuses an action; how odd lines are applied:

- chips count as printed (they are what the pots engine sees), but a call matches the bet
  for the turn order (unless it is an all-in for less), so one wrong call is one fault;
- a raise that is not all-in counts as a full raise for reopening even when too small,
  and never lowers the increment later raises must match;
- a second small blind is dead money (PokerStars: a missed small blind posted out of
  position);
- the players an out-of-turn action passed over are remembered in ``skipped``: their late
  action, or their missing one at the end of the round, is not a second fault;
- a player all-in from his blind may still be folded (PokerStars folds sitting-out
  players); that is not a turn.

Speed (the replay runs this for every line of every hand): ``next_to_act()`` is worked
out at most once between two changes (``_next``); the appliers get the event's player
from the caller and write their common path out without helper calls; the state keeps
under 30 attributes (see ``BettingState``); who is dealt in may be guessed from the seat
lines and confirmed afterwards (``guess``, ``dealt_in_confirmed``) instead of looking
through the events first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from operator import attrgetter
from typing import Any, Final

from auditor.model.events import (
    Action,
    Bet,
    Call,
    Check,
    Collected,
    Event,
    Fold,
    HandCancelled,
    HoleCards,
    HouseMoney,
    PostBlind,
    Raise,
    Seat,
    ShowdownStart,
    Street,
    StreetStart,
    UncalledReturned,
)
from auditor.model.hand import Hand
from auditor.model.profile import Profile

NO_CAP: Final = 1 << 62  # room left under the cap of a game without one
_UNKNOWN: Final[Any] = object()  # next_to_act() not worked out since the last change

_SEAT_NUMBER: Final = attrgetter("seat")
_ACTIONS: Final = frozenset({Fold, Check, Call, Bet, Raise})


class PlayerState:
    """One seated player during the replay (mutated only by ``BettingState.apply``)."""

    __slots__ = (
        "acted",
        "all_in",
        "cap_left",
        "commit",
        "dead",
        "dealt_in",
        "folded",
        "index",
        "last_commit",
        "last_seq",
        "meant",
        "name",
        "pending",
        "room",
        "sitting_out",
        "skew",
        "stack",
        "start_stack",
        "took_part",
        "total",
        "voluntary",
    )

    def __init__(self, name: str, stack: int, cap: int | None) -> None:
        self.name = name
        self.start_stack = stack
        self.stack = stack  # chips left in front of him
        # Capped no-limit: the cap minus everything he put in.
        cap_left = self.cap_left = NO_CAP if cap is None else cap
        # What he can still put in: his stack, in capped no-limit no more than cap_left.
        self.room = stack if stack < cap_left else cap_left
        self.index = -1  # position in the turn order; -1 when not dealt in
        self.dealt_in = False
        self.commit = 0  # live chips on the current street
        self.total = 0  # everything put in over the hand, dead chips included
        self.dead = 0  # the dead blinds in ``total`` (antes not included)
        self.folded = False
        self.all_in = False
        self.acted = False  # acted voluntarily on the current street
        self.last_commit = 0  # his commitment right after his last action this street
        self.last_seq = -1  # sequence number of that action
        self.voluntary = False  # acted voluntarily at least once in the hand
        # Posted, was dealt visible cards or was folded (what, with ``voluntary``, makes a
        # player dealt in: see ``dealt_in_players``).
        self.took_part = False
        # A call of the wrong amount is taken as matching the bet for the turn order:
        # ``skew`` is the street commitment so credited but not put in (negative: put in
        # beyond it), until a raise of his counts from his real chips again; ``meant``
        # adds up, over the hand, what his calls and checks meant beyond what they put in.
        self.skew = 0
        self.meant = 0
        self.pending = 0  # what a check facing a bet left owing, until he acts again
        self.sitting_out = False  # marked sitting out on his seat line

    def __repr__(self) -> str:
        return (
            f"PlayerState({self.name!r}, stack={self.stack}, commit={self.commit}, "
            f"total={self.total}, folded={self.folded}, all_in={self.all_in})"
        )


def dealt_in_players(hand: Hand) -> set[str]:
    """The seated players the history shows taking part: they post, act or are dealt
    visible cards. Everyone else seated is taken as sitting out (see module doc)."""
    return _taking_part(hand) & {s.player for s in hand.seats}


def _taking_part(hand: Hand) -> set[str]:
    """Everyone named by a post, an action or visible hole cards, seated or not."""
    # (Each event bound to its class: compiled, the player is then read directly, not
    # looked up by name in the event's type.)
    taking_part: set[str] = set()
    for ev in hand.events:
        kind = type(ev)
        if kind in _ACTIONS:
            action: Action = ev  # type: ignore[assignment]
            taking_part.add(action.player)
        elif kind is PostBlind:
            post: PostBlind = ev  # type: ignore[assignment]
            taking_part.add(post.player)
        elif kind is HoleCards:
            dealt: HoleCards = ev  # type: ignore[assignment]
            taking_part.add(dealt.player)
    return taking_part


def _ordered_seats(hand: Hand, dealt_in: set[str] | frozenset[str]) -> list[Seat]:
    """The seats of the dealt-in players in turn order (see ``turn_order``)."""
    seats = [s for s in hand.seats if s.player in dealt_in]
    seats.sort(key=_SEAT_NUMBER)
    button = hand.info.button_seat
    if button is not None:
        cut = 0
        for s in seats:
            if s.seat > button:
                break
            cut += 1
        if cut:
            seats = seats[cut:] + seats[:cut]
    return seats


def turn_order(hand: Hand, dealt_in: set[str]) -> list[str]:
    """Dealt-in players clockwise, starting with the seat left of the button (the button
    itself, when dealt in, comes last). Without a known button, seat order."""
    return [s.player for s in _ordered_seats(hand, dealt_in)]


class BettingState:
    """Betting state of one hand. Build it with the hand, ``apply`` its events in order,
    and ask the queries between events.

    Performance note: the state has 29 attributes. CPython 3.11 keeps up to 29 instance
    attributes inline (shared keys): a 30th one makes every state slower to build and
    every attribute slower to read, so fold a new one into an existing one if you can."""

    def __init__(
        self,
        hand: Hand,
        profile: Profile,
        dealt_in: set[str] | None = None,
        *,
        guess: bool = False,
    ) -> None:
        """``dealt_in``: who is dealt in, by default ``dealt_in_players(hand)``. With
        ``guess`` (and no ``dealt_in``), the seated players not marked sitting out are
        taken as dealt in without looking through the events, and ``dealt_in_confirmed()``
        tells once every event is applied whether they were the ones who took part."""
        info = hand.info
        self.info = info
        self.profile = profile
        limit = info.limit
        fixed = limit == "FL"
        self.fixed_limit = fixed
        self.pot_limit = limit == "PL"
        cap = info.cap if limit == "CNL" else None
        # The hand's events: looked ahead in only when a player goes beyond his stack.
        self.events = hand.events
        small, big = info.stakes
        self.small_bet = small
        # A second small blind (a missed one posted out of position): dead on most sites,
        # live where the site says so (PartyPoker: he then calls only the difference).
        self._second_small_live = hand.dialect.second_small_blind == "live"
        # Whether a straddle sets the raise to beat (to twice it), or only the bet.
        self._straddle_doubles = hand.dialect.straddle_raise == "twice"
        # The unit of the minimum bet: the big blind (in fixed-limit, the small bet).
        self.big_blind = small if fixed else big
        seats = hand.seats
        guess = guess and dealt_in is None
        if dealt_in is None and not guess:
            # Who takes part (``dealt_in_players``): a name that is not seated matches no
            # seat below, so the intersection with the seated players is not needed here.
            dealt_in = _taking_part(hand)
        # One pass over the seats: each player's state, and the turn order (``turn_order``)
        # when the seats come in seat order under distinct names, as they do in a history.
        button = info.button_seat
        if button is None:
            button = -NO_CAP  # no button known: seat order
        players: dict[str, PlayerState] = {}
        left: list[PlayerState] = []  # dealt in, left of the button: they act first
        right: list[PlayerState] = []  # dealt in, the button and the seats before it
        in_order = True
        previous = -NO_CAP
        for s in seats:
            name = s.player
            seat = s.seat
            p = PlayerState(name, s.stack, cap)
            p.sitting_out = s.sitting_out
            if name in players or seat <= previous:
                in_order = False
            previous = seat
            players[name] = p
            if (not s.sitting_out) if guess else (name in dealt_in):  # type: ignore[operator]
                if seat > button:
                    left.append(p)
                else:
                    right.append(p)
        self.players = players
        if in_order:
            order = left + right
        else:
            if dealt_in is None:  # no guess on such seats: who takes part, as above
                dealt_in = _taking_part(hand)
            order = [players[s.player] for s in _ordered_seats(hand, dealt_in)]
        n = 0
        for p in order:
            p.index = n
            p.dealt_in = True
            n += 1
        self.order = order
        self.in_hand_count = n  # dealt in and not folded
        # Dealt in, not folded, not all-in: the players who can still act, in turn order.
        self.live: list[PlayerState] = order[:]
        self.pot = 0  # every chip in the pot, dead ones included, minus returned bets
        self.seq = 0  # action counter (orders actions for the reopening variants)
        self._street_seq = 0  # ``seq`` when the street began (no action yet while equal)
        self.finished = False  # showdown or award reached, or hand cancelled
        self.street: Street = "preflop"
        # Players passed over by an out-of-turn action on this street while they still
        # had to act: their own late action is not a second fault.
        self.skipped: set[PlayerState] = set()
        # Preflop: where the action starts from (index of the price-setting blind).
        self._anchor = n - 1
        self._anchor_fixed = False  # a big/button blind was posted (a straddle may move it)
        self._small_posted = False  # the (live) small blind was posted
        # The street's betting parameters (as ``_new_street_limits`` sets them).
        self.current_bet = 0
        self.last_full = small if fixed else self.big_blind
        self.full_level = 0
        self.bets_made = 0  # bets plus raises on this street (the fixed-limit cap)
        self.last_full_seq = -1  # seq of the last action that fully reopened the betting
        self.last_half_seq = -1  # seq of the last raise of at least half a full raise
        self.pointer = n - 1  # index of the last actor (the next one is after it)
        # next_to_act() remembered until the next change (every applier ends by forgetting
        # it): the replay asks it before an action, and applying the action asks again.
        self._next: Any = _UNKNOWN  # PlayerState, None or _UNKNOWN (mypyc checks the type)

    # --- the street's betting parameters ------------------------------------------

    def _new_street_limits(self) -> None:
        self.current_bet = 0
        self.last_full = self.bet_size() if self.fixed_limit else self.big_blind
        self.full_level = 0
        self.bets_made = 0  # bets plus raises on this street (the fixed-limit cap)
        self.last_full_seq = -1  # seq of the last action that fully reopened the betting
        self.last_half_seq = -1  # seq of the last raise of at least half a full raise

    def bet_size(self) -> int:
        """Fixed-limit size of a bet or raise on the current street: the small bet
        preflop and on the flop, the big bet on the turn and river."""
        return self.small_bet if self.street in ("preflop", "flop") else self.info.stakes[1]

    # --- queries ------------------------------------------------------------------

    def needs_to_act(self, p: PlayerState) -> bool:
        """Whether the betting round cannot end before ``p`` acts."""
        if not p.dealt_in or p.folded or p.all_in or self.finished:
            return False
        if self.in_hand_count <= 1:
            return False
        if p.commit < self.current_bet:
            return True
        # Nothing to call: he still has his say unless no live opponent remains.
        return not p.acted and len(self.live) >= 2

    def next_to_act(self) -> PlayerState | None:
        """Whose turn it is: the first player clockwise after the last actor who still
        has to act (see ``needs_to_act``), or None when the betting round is closed."""
        found = self._next
        if found is not _UNKNOWN:
            return found
        found = None
        if not self.finished and self.in_hand_count > 1:
            bet = self.current_bet
            live = self.live
            if len(live) >= 2:
                last = self.pointer
                # In turn order: the first after the last actor, else wrap round.
                for p in live:
                    if p.commit < bet or not p.acted:
                        if p.index > last:
                            found = p
                            break
                        if found is None:
                            found = p
            else:  # a lone live player has his say only when he faces a bet
                for p in live:
                    if p.commit < bet:
                        found = p
                        break
        self._next = found  # a cache of a pure function of the state, not a change
        return found

    @property
    def live_count(self) -> int:
        """Players dealt in, not folded and not all-in."""
        return len(self.live)

    def pending(self) -> Iterator[PlayerState]:
        """Everyone who still has to act this round, in turn order from the next actor."""
        order = self.order
        n = len(order)
        for k in range(1, n + 1):
            p = order[(self.pointer + k) % n]
            if self.needs_to_act(p):
                yield p

    def to_call(self, name: str) -> int:
        """Chips ``name`` must add to call: the gap to the current bet, or his whole
        room when that is less (a legal all-in for less)."""
        p = self.players[name]
        gap = self.current_bet - p.commit
        if gap <= 0:
            return 0
        room = p.room
        return gap if gap < room else room

    def min_bet(self) -> int:
        """The smallest opening bet of the street that is not all-in: one big blind
        (no-limit, pot-limit) or exactly one bet (fixed-limit)."""
        return self.bet_size() if self.fixed_limit else self.big_blind

    def min_raise_to(self) -> int:
        """The smallest legal raise-to that is not all-in: the current bet plus the last
        full raise (no-limit, pot-limit); in fixed-limit, one bet above the full level."""
        if self.fixed_limit:
            return self.full_level + self.bet_size()
        return self.current_bet + self.last_full

    def most_matched(self, p: PlayerState) -> int:
        """The largest street total any opponent of ``p`` still in the hand can reach (his
        commitment plus what he has left): a wager up to it covers them all, and any chip
        above it would come back uncalled."""
        most = 0
        for q in self.players.values():
            if q is not p and q.dealt_in and not q.folded:
                reach = q.commit + q.room
                if reach > most:
                    most = reach
        return most

    def pot_limit_raise_to(self, name: str) -> int:
        """Pot-limit maximum raise-to for ``name``: the current bet plus the pot after he
        calls (for a bet, the current bet is 0: the pot)."""
        p = self.players[name]
        return self.current_bet + self.pot + (self.current_bet - p.commit)

    def max_raise_to(self, name: str) -> int:
        """The largest raise-to ``name`` may make: his whole room in no-limit, the pot in
        pot-limit, the fixed size in fixed-limit (never more than his room)."""
        p = self.players[name]
        most = p.commit + p.room
        if self.pot_limit:
            limit = self.pot_limit_raise_to(name)
        elif self.fixed_limit:
            limit = self.min_raise_to()
        else:
            return most
        return limit if limit < most else most

    def fixed_limit_raise_targets(self) -> tuple[int, ...]:
        """Fixed-limit raise-to amounts accepted as correctly sized: one bet above the
        full level; after a short all-in on top of it, also one bet above the all-in and
        two bets above the full level (completion conventions differ between houses)."""
        size = self.bet_size()
        target = self.full_level + size
        if self.current_bet > self.full_level:
            return (target, self.current_bet + size, self.full_level + 2 * size)
        return (target,)

    def is_capped(self) -> bool:
        """Fixed-limit: no more raises on this street (one bet plus ``limit_raise_cap``
        raises; with ``heads_up_cap = cash-no-cap`` no cap when two players are left)."""
        if not self.fixed_limit:
            return False
        if self.bets_made < 1 + self.profile.limit_raise_cap:
            return False
        return not (self.profile.heads_up_cap == "cash-no-cap" and self.in_hand_count == 2)

    def faced_since_last_action(self, name: str) -> int:
        """How much the current bet exceeds what ``name`` had put in at his last action
        on this street (the amount TDA 47 measures)."""
        p = self.players[name]
        return self.current_bet - p.last_commit

    def is_reopened_for(self, name: str) -> bool:
        """Whether ``name`` may raise as far as reopening goes (TDA 47): yes if he has not
        acted on this street; otherwise only if what he now faces exceeds what he had put
        in at his last action by at least one full raise, several short all-ins counting
        together. Profile variants: ``half-bet`` also reopens after any single all-in of
        at least half a full raise; ``full-bet`` reopens only after a full bet or raise
        by one player. Fixed-limit: a total of at least ``limit_reopen_fraction_pct`` of
        a bet reopens (TDA 47-B)."""
        p = self.players[name]
        if not p.acted:
            return True
        faced = self.current_bet - p.last_commit
        if self.fixed_limit:
            return faced * 100 >= self.profile.limit_reopen_fraction_pct * self.bet_size()
        rule = self.profile.reopen
        if rule == "full-bet":
            return self.last_full_seq > p.last_seq
        if faced >= self.last_full:
            return True
        return rule == "half-bet" and self.last_half_seq > p.last_seq

    def has_live_opponent(self, name: str) -> bool:
        """Whether another player still in the hand is not all-in (someone to raise
        against)."""
        live = len(self.live)
        if live >= 2:
            return True  # at least one of them is not ``name``
        p = self.players[name]
        live_self = 1 if (p.dealt_in and not p.folded and not p.all_in) else 0
        return live - live_self > 0

    def may_raise(self, name: str) -> bool:
        """Whether ``name`` may bet or raise now, ignoring whose turn it is: still in with
        chips beyond the call, someone to raise against, betting reopened for him, and
        (fixed-limit) not capped."""
        p = self.players[name]
        if p.folded or p.all_in or not p.dealt_in:
            return False
        if p.room <= self.current_bet - p.commit:
            return False
        return self.has_live_opponent(name) and self.is_reopened_for(name) and not self.is_capped()

    def dealt_in_confirmed(self) -> bool:
        """Whether the players dealt in are those who took part (they post, act or are
        dealt visible cards), once every event of the hand has been applied: how the
        replay confirms a ``guess`` (see ``__init__``)."""
        for p in self.players.values():  # noqa: SIM110 (a loop: no generator per hand)
            if (p.took_part or p.voluntary) is not p.dealt_in:
                return False
        return True

    # --- mutation -----------------------------------------------------------------
    #
    # Every applier takes the event and its player's state (None when the event names no
    # seated player): the replay has looked him up already. They run for every line of
    # every hand, so each writes its common path out in full, without helper calls: the
    # chips put in (stack, room, pot), the all-in mark (off the live list), the action
    # counted (``seq``, ``acted``, ``last_commit``, the pointer). Only an action out of
    # turn calls ``_note_skipped``.

    def apply(self, event: Event) -> None:
        """Apply one event, legal or not, as best it can: amounts are taken as printed."""
        kind = APPLIED.get(type(event), 0)
        if kind:
            name = getattr(event, "player", None)
            self.apply_as(kind, event, None if name is None else self.players.get(name))

    def apply_as(self, kind: int, ev: Any, p: PlayerState | None) -> None:
        """Apply ``ev``, whose player's state is ``p``, by its applier's code in
        ``APPLIED`` (the commonest lines first)."""
        if kind == _FOLD:
            self._apply_fold(ev, p)
        elif kind == _CALL:
            self._apply_call(ev, p)
        elif kind == _CHECK:
            self._apply_check(ev, p)
        elif kind == _POST:
            self._apply_post(ev, p)
        elif kind == _WAGER:
            self._apply_wager(ev, p)
        elif kind == _STREET:
            self._apply_street(ev, p)
        elif kind == _DEALT:
            self._apply_dealt(ev, p)
        elif kind == _END:
            self._apply_end(ev, p)
        elif kind == _RETURNED:
            self._apply_returned(ev, p)
        elif kind == _HOUSE:
            self._apply_house(ev, p)

    def _acts_again(self, p: PlayerState, line: int) -> bool:
        """Whether ``p`` takes another action after ``line`` (looked for only when he has
        put in more than his stack without going all-in)."""
        name = p.name
        return any(isinstance(ev, Action) and ev.line > line and ev.player == name
                   for ev in self.events)

    def _note_skipped(self, p: PlayerState) -> None:
        """Before ``p`` acts: remember who, between the last actor and him, still had to
        act (nobody, when it is his turn)."""
        target = p.index
        if target < 0:
            return
        nxt = self.next_to_act()
        if nxt is p or nxt is None:
            return  # his turn, or the round was closed: nobody was passed over
        last = self.pointer
        bet = self.current_bet
        others_live = len(self.live) >= 2
        for q in self.live:
            i = q.index
            passed = (last < i < target) if last < target else (i > last or i < target)
            if passed and (q.commit < bet or (others_live and not q.acted)):
                self.skipped.add(q)

    def _apply_post(self, ev: PostBlind, p: PlayerState | None) -> None:
        if p is None:
            return
        p.took_part = True
        kind = ev.kind
        amount = ev.amount
        if kind == "ante":
            live = 0
        elif kind == "dead" or (
            kind == "small" and self._small_posted and not self._second_small_live
        ):
            # A second small blind is a missed one posted out of position: it is dead.
            live = 0
            p.dead += amount
        else:
            live = amount - ev.dead
            p.dead += ev.dead
        p.commit += live
        p.total += amount
        stack = p.stack = p.stack - amount
        cap_left = p.cap_left = p.cap_left - amount
        room = p.room = stack if stack < cap_left else cap_left
        self.pot += amount
        flagged = ev.all_in
        if not p.all_in and (flagged or room <= 0):
            if room < 0 and not flagged and self._acts_again(p, ev.line):
                _beyond_stack(p)  # TU005: the history goes on as if he had the chips
            else:
                p.all_in = True
                if p.dealt_in and not p.folded:
                    self.live.remove(p)
        if kind == "big" or kind == "button":  # a blind that is the preflop bet
            big_blind = self.big_blind
            if not flagged and live != big_blind and (kind == "big" or live > big_blind):
                # The blind posted is the price: a button blind, a header understating it,
                # or a tournament header naming the next level while this hand's blinds
                # are still the last level's (GG): the full raise is the posted blind too.
                if live < big_blind and self.last_full == big_blind:
                    self.last_full = live
                self.big_blind = big_blind = live
            if not self._anchor_fixed and p.index >= 0:
                self._anchor = p.index
                self._anchor_fixed = True
            # A big blind all-in for less does not lower the price (docs/rules.md §3).
            bet = self.current_bet
            if live > bet:
                bet = live
            if big_blind > bet:
                bet = big_blind
            self.current_bet = bet
            if big_blind > self.last_full:
                self.last_full = big_blind
            self.full_level = bet
            self.bets_made = 1
        elif kind == "small":
            if not self._small_posted:
                self._small_posted = True
                if live > self.current_bet:
                    self.current_bet = live
                if not self._anchor_fixed and p.index >= 0:
                    # Without a big blind, the action starts left of the small blind.
                    self._anchor = p.index
        elif kind == "straddle":
            if p.index >= 0:
                self._anchor = p.index
                self._anchor_fixed = True
            # The straddler's street total is the bet to beat (a re-straddle, or a
            # straddle over his own blind, adds to what he has in): the minimum raise is
            # to twice it.
            level = p.commit
            if level > self.current_bet:
                if level > self.last_full and self._straddle_doubles:
                    self.last_full = level
                self.current_bet = level
                self.full_level = level
            self.bets_made = 1
        elif kind == "small_and_big" and live > self.current_bet:
            self.current_bet = live
        if self.seq == self._street_seq:  # no action yet on the street
            self.pointer = self._anchor
        self._next = _UNKNOWN

    def _take_turn(self, p: PlayerState) -> None:
        """``p`` acts now: note the players passed over when it was not his turn."""
        if p.pending:  # he acts again after checking a bet: his check meant no call
            p.meant -= p.pending
            p.pending = 0
        nxt = self._next
        if nxt is not p:
            if nxt is _UNKNOWN:
                nxt = self.next_to_act()
            if nxt is not p and nxt is not None:
                self._note_skipped(p)
        self.pointer = p.index

    def _end_turn(self, p: PlayerState, commit: int) -> int:
        """``p`` has acted with ``commit`` on the street: the action's sequence number."""
        seq = self.seq = self.seq + 1
        p.acted = True
        p.voluntary = True
        if self.skipped:
            self.skipped.discard(p)
        p.last_commit = commit
        p.last_seq = seq
        self._next = _UNKNOWN
        return seq

    def _apply_house(self, ev: HouseMoney, p: PlayerState | None) -> None:
        # The house's chips are in the pot everyone plays for: a pot-limit bet counts them.
        self.pot += ev.amount

    def _apply_fold(self, ev: Fold, p: PlayerState | None) -> None:
        if p is None:
            return
        if p.all_in or (p.sitting_out and not p.voluntary):
            # PokerStars folds a sitting-out player all-in from his blind, iPoker one who
            # posted an ante and sat out; that is not a turn in the betting, so the turn
            # order does not move.
            if p.dealt_in and not p.folded:
                self.in_hand_count -= 1
                if not p.all_in:
                    self.live.remove(p)
            p.folded = True
            p.took_part = True
            self._next = _UNKNOWN
            return
        if p.index >= 0:
            self._take_turn(p)
            if not p.folded:
                self.in_hand_count -= 1
                self.live.remove(p)
        p.folded = True
        self._end_turn(p, p.commit)

    def _apply_check(self, ev: Check, p: PlayerState | None) -> None:
        if p is None:
            return
        if p.index >= 0:
            self._take_turn(p)
        self._end_turn(p, p.commit)
        owed = self.current_bet - p.commit
        if owed > 0 and not p.all_in:
            # A check facing a bet (TU003): his chips stay as printed and he may still
            # act; if the round ends without him, that is not a second fault, and the
            # rest of the history may count the check as the call it stood for.
            self.skipped.add(p)
            owed = owed if owed < p.room else p.room
            p.pending = owed
            p.meant += owed

    def _apply_call(self, ev: Call, p: PlayerState | None) -> None:
        if p is None:
            return
        if p.index >= 0:
            self._take_turn(p)
        amount = ev.amount
        commit = p.commit + amount
        p.total += amount
        stack = p.stack = p.stack - amount
        cap_left = p.cap_left = p.cap_left - amount
        room = p.room = stack if stack < cap_left else cap_left
        self.pot += amount
        all_in = p.all_in
        if not all_in and (ev.all_in or room <= 0):
            if room < 0 and not ev.all_in and self._acts_again(p, ev.line):
                _beyond_stack(p)  # TU005: the history goes on as if he had the chips
            else:
                p.all_in = all_in = True
                if p.dealt_in and not p.folded:
                    self.live.remove(p)
        bet = self.current_bet
        if commit > bet or (commit < bet and not all_in):
            # A call matches the bet whatever its printed amount (TU004 reports the
            # amount): the chips count as printed, the turn order goes on as after a call.
            skew = bet - commit
            p.skew += skew
            p.meant += skew
            commit = bet
        p.commit = commit
        self._end_turn(p, commit)

    def _apply_wager(self, ev: Bet | Raise, p: PlayerState | None) -> None:
        """A bet (``amount`` added) or a raise (to ``to``): both raise the street total."""
        if p is None:
            return
        to = p.commit + ev.amount if isinstance(ev, Bet) else ev.to
        if p.index >= 0:
            self._take_turn(p)
        skew = p.skew
        if skew:
            # A raise after a call of the wrong amount counts from his real chips.
            p.commit -= skew
            p.meant -= skew
            p.skew = 0
        added = to - p.commit
        if added > 0:
            p.commit = to
            p.total += added
            stack = p.stack = p.stack - added
            cap_left = p.cap_left = p.cap_left - added
            p.room = stack if stack < cap_left else cap_left
            self.pot += added
        all_in = p.all_in
        if not all_in and (ev.all_in or p.room <= 0):
            if p.room < 0 and not ev.all_in and self._acts_again(p, ev.line):
                _beyond_stack(p)  # TU005: the history goes on as if he had the chips
            else:
                p.all_in = all_in = True
                if p.dealt_in and not p.folded:
                    self.live.remove(p)
        seq = self._end_turn(p, p.commit)
        increment = to - self.current_bet
        if increment > 0:
            last_full = self.last_full
            # A raise that is not all-in is taken as a full one even when too small (the
            # table reacted to it as a raise); it never lowers the increment to match.
            if increment >= last_full or not all_in:
                if increment > last_full and not self.fixed_limit:
                    self.last_full = increment
                self.full_level = to
                self.last_full_seq = seq
                self.bets_made += 1
            elif self.fixed_limit:
                pct = self.profile.limit_reopen_fraction_pct
                if increment * 100 >= pct * self.bet_size():
                    self.bets_made += 1  # a short all-in that counts as a raise (TDA 47-B)
            if 2 * increment >= last_full:
                self.last_half_seq = seq
            self.current_bet = to
        self._next = _UNKNOWN

    def _apply_street(self, ev: StreetStart, p: PlayerState | None) -> None:
        street = ev.street
        if street == "preflop" and self.street == "preflop":
            return  # "*** HOLE CARDS ***": the posts already set the street up
        self.street = street
        self._street_seq = self.seq
        if self.skipped:
            self.skipped.clear()
        for q in self.order:
            q.commit = 0
            q.acted = False
            q.last_commit = 0
            q.last_seq = -1
            q.skew = 0
            q.pending = 0
        self._new_street_limits()
        self.pointer = len(self.order) - 1  # the button: the action starts left of it
        live = self.live
        if len(live) >= 2 and self.in_hand_count > 1 and not self.finished:
            # Nobody has acted yet: the first live player after the button has the turn
            # (what ``next_to_act`` would find).
            self._next = live[0]
        else:
            self._next = _UNKNOWN

    def _apply_returned(self, ev: UncalledReturned, p: PlayerState | None) -> None:
        if p is None:
            return
        amount = ev.amount
        stack = p.stack = p.stack + amount
        cap_left = p.cap_left = p.cap_left + amount
        p.room = stack if stack < cap_left else cap_left
        self.pot -= amount
        # Whatever amount comes back (SP001 judges it), the uncalled part of his bet is
        # out of the betting: nobody faces it any more. (Plain loops: compiled, ``max`` of
        # a generator with a default is a Python call with a keyword and a list.)
        others: int | None = None
        for q in self.order:
            if q is not p and (others is None or q.commit > others):
                others = q.commit
        if others is None:
            others = 0
        if p.commit > others:
            p.commit = others
        top: int | None = None
        for q in self.order:
            if top is None or q.commit > top:
                top = q.commit
        self.current_bet = 0 if top is None else top
        self._next = _UNKNOWN

    def _apply_end(self, ev: Event, p: PlayerState | None) -> None:
        self.finished = True
        self._next = _UNKNOWN

    def _apply_dealt(self, ev: HoleCards, p: PlayerState | None) -> None:
        if p is not None:
            p.took_part = True  # no betting, but he is dealt in


def _beyond_stack(p: PlayerState) -> None:
    """A player who put in more than he had without going all-in (TU005) and who acts
    again: the history goes on as if he had the chips, so his later lines are judged as
    a stack's would be. (One who does not act again is taken as all-in, as the history
    then treats him.)"""
    p.stack = p.room = p.cap_left = NO_CAP


# How each kind of event changes the state: the code of its applier (``apply_as``). A
# code, not the method: the compiled replay then calls the applier natively, where a
# method object goes through Python's call protocol for every line of every hand.
_POST: Final = 1
_FOLD: Final = 2
_CHECK: Final = 3
_CALL: Final = 4
_WAGER: Final = 5
_STREET: Final = 6
_RETURNED: Final = 7
_END: Final = 8
_DEALT: Final = 9
_HOUSE: Final = 10
APPLIED: Final[dict[type[Event], int]] = {
    PostBlind: _POST,
    Fold: _FOLD,
    Check: _CHECK,
    Call: _CALL,
    Bet: _WAGER,
    Raise: _WAGER,
    StreetStart: _STREET,
    UncalledReturned: _RETURNED,
    ShowdownStart: _END,
    Collected: _END,
    HandCancelled: _END,
    HoleCards: _DEALT,
    HouseMoney: _HOUSE,
}
# The appliers by code, for the interpreted replay: there a call of ``apply_as`` would be
# a second Python call for every line.
APPLIERS: Final[tuple[Callable[[BettingState, Any, PlayerState | None], None], ...]] = (
    BettingState._apply_end,  # (no code 0: the replay stops before)
    BettingState._apply_post,
    BettingState._apply_fold,
    BettingState._apply_check,
    BettingState._apply_call,
    BettingState._apply_wager,
    BettingState._apply_street,
    BettingState._apply_returned,
    BettingState._apply_end,
    BettingState._apply_dealt,
    BettingState._apply_house,
)
# Whether this module is compiled (mypyc), where ``apply_as`` calls the appliers natively.
COMPILED: Final = not __file__.endswith((".py", ".pyc"))
