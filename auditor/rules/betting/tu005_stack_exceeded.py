"""TU005 stack.exceeded."""

from __future__ import annotations

from typing import Final

from auditor.engine.betting import BettingState, PlayerState
from auditor.model.events import Bet, Call, Event, PostBlind, Raise
from auditor.rules.base import Finding
from auditor.rules.betting.common import BettingRule, finding, money

CODE: Final = "TU005"


def _over(state: BettingState, ev: Event, p: PlayerState, added: int) -> Finding:
    room = p.room
    if room < p.stack:
        limit = f"only {money(state, room)} left under the {money(state, state.info.cap or 0)} cap"
    else:
        start = money(state, p.start_stack)
        limit = f"only {money(state, room)} left of a starting stack of {start}"
    message = f"{p.name} puts in {money(state, added)} but had {limit}."
    return finding(CODE, state, ev, message, player=p.name, expected=room, observed=added)


def check_call(state: BettingState, ev: Call, p: PlayerState | None) -> Finding | None:
    """A call adds no more than the caller has left."""
    if p is None or ev.amount <= p.room:
        return None
    return _over(state, ev, p, ev.amount)


def check_bet(state: BettingState, ev: Bet, p: PlayerState | None) -> Finding | None:
    """A bet adds no more than the bettor has left."""
    if p is None or ev.amount <= p.room:
        return None
    return _over(state, ev, p, ev.amount)


def check_raise(state: BettingState, ev: Raise, p: PlayerState | None) -> Finding | None:
    """A raise adds no more than the raiser has left."""
    if p is None or ev.to - p.commit <= p.room:
        return None
    return _over(state, ev, p, ev.to - p.commit)


def check_post(state: BettingState, ev: PostBlind, p: PlayerState | None) -> Finding | None:
    """A forced bet takes no more than the poster has."""
    if p is None or ev.amount <= p.room:
        return None
    return _over(state, ev, p, ev.amount)


class StackExceeded(BettingRule):
    """A player commits more than he had at the start of the hand (table stakes).

    ## What it does
    Tracks each player's stack from his seat line and flags any post, call, bet or raise
    that puts in more chips than he has left. In capped no-limit the cap counts as the
    stack: nobody may put in more than the cap over the hand.

    ## Why is this bad?
    Table stakes (docs/rules.md §1): a player can commit only the chips
    in front of him when the hand starts; nothing is added during a hand. Extra chips come
    from nowhere and break every pot computed from them.

    ## Example
    ```
    Seat 2: Bob ($50 in chips)
    ...
    Alice: bets $80
    Bob: calls $80       <- Bob has $50
    ```

    ## Use instead
    ```
    Bob: calls $50 and is all-in
    Uncalled bet ($30) returned to Alice
    ```

    ## References
    docs/rules.md §1 (table stakes).
    """

    code = CODE
    name = "stack.exceeded"
    severity = "error"
    summary = "A player commits more than he had at the start of the hand (table stakes)."
    references = ("docs/rules.md §1",)
    checks = (
        (PostBlind, check_post),
        (Call, check_call),
        (Bet, check_bet),
        (Raise, check_raise),
    )
