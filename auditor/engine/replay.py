"""Replay a hand's betting action by action against the rules.

The replay never refuses an action: an illegal one becomes a finding, and the state then
applies it as printed and goes on. For each line it runs the checks it was given for
that kind of line (``Checks``: the selected betting rules, in the precedence order of
``auditor.rules.betting.RULES``, built by the rules; the engine knows no rule) and keeps
only the first objection (one fault, one finding).

The line's player is looked up once and handed to the checks and to the state. When a
player acts in turn (he is ``next_to_act()``), the rules that can only object to an
action out of turn (``BettingRule.passes_in_turn``: TU001, TU002) are not asked: they
would pass, so the common legal line is checked only for its own numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from auditor.engine.betting import APPLIED, APPLIERS, COMPILED, BettingState, PlayerState
from auditor.engine.result import ReplayResult
from auditor.model.events import Bet, Call, Check, Event, Fold, HandCancelled, Raise
from auditor.model.finding import Finding
from auditor.model.hand import Hand
from auditor.model.profile import Profile

# A check the replay runs on a line: the state before it, the line, its player's state.
CheckFn = Callable[[BettingState, Any, "PlayerState | None"], "Finding | None"]
Plan = Mapping[type[Event], tuple[CheckFn, ...]]
# For each event type: how to find its player (0: the line names none, 1: look him up,
# 2: a player's action, which may be in turn), the checks to run on it, the checks to run
# on an action in turn, then how the state applies it (its code in ``APPLIED``; 0 for
# HandCancelled: the replay stops there).
Step = tuple[int, tuple[CheckFn, ...], tuple[CheckFn, ...], int]
Steps = dict[type[Event], Step]

ACTIONS: Final = (Fold, Check, Call, Bet, Raise)  # the lines that take a turn


class Checks:
    """The checks the replay runs, in precedence order, by event type: ``every`` for any
    line, ``in_turn`` for a player's action in turn (without the checks that can only
    object to an action out of turn). The rules build them (``auditor.rules.betting``);
    the replay only calls them."""

    __slots__ = ("_steps", "every", "in_turn")

    def __init__(self, every: Plan, in_turn: Plan | None = None) -> None:
        self.every = every
        self.in_turn = every if in_turn is None else in_turn
        self._steps: dict[bool, Steps] = {}

    def steps(self, distinct: bool) -> Steps:
        """How to replay each kind of line. ``distinct``: the seated players have
        distinct names. Two seats under one name put one player twice in the turn order,
        where ``next_to_act()`` may then name him after he folded or went all-in: no
        check is skipped for the player in turn then."""
        found = self._steps.get(distinct)
        if found is None:
            plan = self.every
            in_turn = self.in_turn if distinct else plan
            found = {}
            for t in {*APPLIED, *plan, HandCancelled}:
                names_player = "player" in getattr(t, "__dataclass_fields__", ())
                how = 2 if t in ACTIONS else 1 if names_player else 0
                apply = 0 if t is HandCancelled else APPLIED.get(t, 0)
                found[t] = (how, plan.get(t, ()), in_turn.get(t, ()), apply)
            self._steps[distinct] = found
        return found


NO_CHECKS = Checks({})


def replay(hand: Hand, profile: Profile, checks: Checks = NO_CHECKS) -> ReplayResult:
    """Replay ``hand``'s events under the house rules of ``profile``, running ``checks``
    on each line: their findings, what every seated player put in (before uncalled bets
    are returned), and who folded or went all-in."""
    # Who is dealt in is first taken from the seat lines (sitting out or not), which
    # spares a pass over the events; when the events show otherwise, the hand is
    # replayed again with the players who did take part (``dealt_in_players``). A
    # confirmed guess replays as that second way would, so where guesses often miss
    # (Winamax and PartyPoker list players who are not dealt in: a quarter of their
    # hands) the guess is no longer made for the site.
    site = hand.info.site
    tally = _GUESSES.get(site)
    if tally is None:
        tally = _GUESSES[site] = [0, 0]
    if ADAPTIVE_GUESS and tally[0] >= _GUESS_TRIAL and tally[1] * 8 > tally[0]:
        return _replay(hand, profile, checks, guess=False)  # type: ignore[return-value]
    tally[0] += 1
    result = _replay(hand, profile, checks, guess=True)
    if result is None:
        tally[1] += 1
        result = _replay(hand, profile, checks, guess=False)
    return result  # type: ignore[return-value]


ADAPTIVE_GUESS = True  # False: always guess first (the plain way)
_GUESS_TRIAL: Final = 64  # hands of a site guessed before its misses are weighed
_GUESSES: dict[str, list[int]] = {}  # per site: [hands guessed, guesses that missed]


def _replay(hand: Hand, profile: Profile, checks: Checks, guess: bool) -> ReplayResult | None:
    """The replay; with ``guess``, None when the players taken as dealt in from the seat
    lines turn out not to be those who took part (see ``BettingState``)."""
    state = BettingState(hand, profile, guess=guess)
    # (Methods called as such, not held in locals: compiled, a held method is a Python
    # object called through Python's protocol; called as a method, a C call.)
    players = state.players
    distinct = len(players) == len(hand.seats)
    steps = checks.steps(distinct)
    findings: list[Finding] = []
    events = hand.events
    for ev in events:
        step = steps.get(type(ev))
        if step is None:
            continue  # a line that changes no betting state (cards shown, summary, chat)
        how, run, in_turn, apply = step
        if how == 2:
            p = state.next_to_act()
            if p is not None and p.name == ev.player:  # type: ignore[attr-defined]
                run = in_turn
            else:
                p = players.get(ev.player)  # type: ignore[attr-defined]
        elif how:
            p = players.get(ev.player)  # type: ignore[attr-defined]
        else:
            p = None
        for check in run:
            found = check(state, ev, p)
            if found is not None:
                findings.append(found)
                break
        if not apply:
            if guess:
                return None  # the events after it were not seen: no guess confirmed
            break  # a voided hand: nothing after it is betting
        if COMPILED:
            state.apply_as(apply, ev, p)
        else:
            APPLIERS[apply](state, ev, p)
    if guess and not state.dealt_in_confirmed():
        return None
    contributed: dict[str, int] = {}
    folded: set[str] = set()
    all_in: set[str] = set()
    meant: dict[str, int] | None = None
    dead: dict[str, int] = {}
    for p in state.players.values():
        name = p.name
        contributed[name] = p.total
        if p.dead:
            dead[name] = p.dead
        if p.meant:
            if meant is None:
                meant = {}
            meant[name] = p.meant
        if p.folded:
            folded.add(name)
        elif p.all_in:
            all_in.add(name)
    if meant is not None:
        meant = {name: total + meant.get(name, 0) for name, total in contributed.items()}
    return ReplayResult(findings, contributed, folded, all_in, meant, dead)
