"""RA004 limit.wrong_size."""

from __future__ import annotations

from typing import Final

from auditor.engine.betting import BettingState, PlayerState
from auditor.model.events import Bet, Raise
from auditor.rules.base import Finding
from auditor.rules.betting.common import BettingRule, finding, money

CODE: Final = "RA004"


def check_bet(state: BettingState, ev: Bet, p: PlayerState | None) -> Finding | None:
    """A fixed-limit bet is exactly one bet of the street, or an all-in for less."""
    size = state.bet_size()
    if ev.amount == size:
        return None
    if p is None:
        return None
    if ev.amount < size and ev.amount >= p.room:
        return None  # all-in for less
    message = (
        f"{ev.player} bets {money(state, ev.amount)} on the {state.street}; the fixed bet "
        f"is {money(state, size)}."
    )
    return finding(CODE, state, ev, message, player=ev.player, expected=size, observed=ev.amount)


def check_raise(state: BettingState, ev: Raise, p: PlayerState | None) -> Finding | None:
    """A fixed-limit raise goes up exactly one bet, or is an all-in for less."""
    targets = state.fixed_limit_raise_targets()
    if ev.to in targets:
        return None
    if p is None:
        return None
    if ev.to < max(targets) and ev.to - p.commit >= p.room:
        # All-in for less than a full raise: legal at any size (docs/rules.md §3), also
        # between the bet he faced and one bet above it.
        return None
    message = (
        f"{ev.player} raises to {money(state, ev.to)} on the {state.street}; a fixed-limit "
        f"raise here is to {money(state, targets[0])}."
    )
    return finding(CODE, state, ev, message, player=ev.player, expected=targets[0], observed=ev.to)


class LimitWrongSize(BettingRule):
    """A fixed-limit bet or raise of another size than the street's bet, not all-in.

    ## What it does
    In fixed-limit games, flags a bet that is not exactly one bet of the street (the small
    bet preflop and on the flop, the big bet on the turn and river) and a raise that does
    not go exactly one bet above the last full bet level, unless the player is all-in for
    less. After a short all-in on top of the level, raising one bet above the all-in, or
    two bets above the level, is also accepted (house conventions for completing differ).

    ## Why is this bad?
    In fixed-limit every bet and raise has one size (docs/rules.md §3). Any other
    amount means the game or the amounts in the history are wrong.

    ## Example
    ```
    PokerStars Hand #…: Hold'em Limit ($2/$4 USD)
    *** TURN *** [Ah Kd 2c] [7s]
    Alice: bets $2          <- the turn bet is $4
    ```

    ## Use instead
    ```
    Alice: bets $4
    ```

    ## References
    docs/rules.md §3 (fixed-limit sizes).
    """

    code = CODE
    name = "limit.wrong_size"
    severity = "error"
    summary = "A fixed-limit bet or raise of another size than the street's bet, not all-in."
    references = ("docs/rules.md §3",)
    limits = frozenset({"FL"})
    checks = (
        (Bet, check_bet),
        (Raise, check_raise),
    )
