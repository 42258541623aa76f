"""TU006 street.dealt_early."""

from __future__ import annotations

from typing import Final

from auditor.engine.betting import BettingState, PlayerState
from auditor.model.events import Collected, Event, ShowdownStart, StreetStart
from auditor.rules.base import Finding
from auditor.rules.betting.common import BettingRule, finding, money

CODE: Final = "TU006"


def _pending(state: BettingState, ev: Event, what: str) -> Finding | None:
    """The finding when someone still had to act (the callers saw that the round was not
    closed: ``next_to_act()`` is not None)."""
    # A player passed over by an out-of-turn action was reported then (TU001).
    p = next((q for q in state.pending() if q not in state.skipped), None)
    if p is None:
        return None
    gap = state.current_bet - p.commit
    facing = f", facing {money(state, gap)} to call" if gap > 0 else ""
    message = f"{what} while {p.name} still had to act on the {state.street}{facing}."
    return finding(CODE, state, ev, message, player=p.name)


def check_street(state: BettingState, ev: StreetStart, p: PlayerState | None) -> Finding | None:
    """A new street only once the betting round is closed (the first board of a run-it-
    twice hand included; later boards carry no betting)."""
    if state.finished or state.next_to_act() is None:
        return None
    if ev.run > 1 or (ev.street == "preflop" and state.street == "preflop"):
        return None
    return _pending(state, ev, f"The {ev.street} is dealt")


def check_showdown(state: BettingState, ev: ShowdownStart, p: PlayerState | None) -> Finding | None:
    """The showdown only once the betting is over."""
    if state.finished or ev.run > 1 or state.next_to_act() is None:
        return None
    return _pending(state, ev, "The showdown starts")


def check_award(state: BettingState, ev: Collected, p: PlayerState | None) -> Finding | None:
    """The pot is awarded only once the betting is over."""
    if state.finished or state.next_to_act() is None:
        return None
    return _pending(state, ev, "The pot is awarded")


class StreetDealtEarly(BettingRule):
    """A new street, or the showdown, while a player still had to act.

    ## What it does
    When a street is dealt, the showdown starts or the pot is awarded, checks that the
    betting round was closed: every player still in the hand and not all-in had acted and
    matched the current bet. The finding names the first player who still had to act.
    Run-it-twice boards after an all-in carry no betting and are not checked again.

    ## Why is this bad?
    A round ends only when everyone has acted and the bets are equal (docs/rules.md §2). A card
    dealt before that means an action is missing from the history, so the chips in the
    pot and the players still in it are uncertain.

    ## Example
    ```
    Alice: bets $10
    Bob: calls $10
    *** TURN *** [Ah Kd 2c] [7s]      <- Carol, still in, had not acted on the flop
    ```

    ## Use instead
    ```
    Alice: bets $10
    Bob: calls $10
    Carol: folds
    *** TURN *** [Ah Kd 2c] [7s]
    ```

    ## References
    docs/rules.md §2 (a round ends when every player has acted and the bets are equal).
    """

    code = CODE
    name = "street.dealt_early"
    severity = "error"
    summary = "A new street, or the showdown, while a player still had to act."
    references = ("docs/rules.md §2",)
    checks = (
        (StreetStart, check_street),
        (ShowdownStart, check_showdown),
        (Collected, check_award),
    )
