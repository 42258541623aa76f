"""RA002 raise.below_minimum."""

from __future__ import annotations

from typing import Final

from auditor.engine.betting import BettingState, PlayerState
from auditor.model.events import Raise
from auditor.rules.base import Finding
from auditor.rules.betting.common import NOT_FIXED_LIMIT, BettingRule, finding, money

CODE: Final = "RA002"


def check_raise_size(state: BettingState, ev: Raise, p: PlayerState | None) -> Finding | None:
    """A raise-to is at least the current bet plus the last full raise, unless all-in."""
    minimum = state.min_raise_to()
    if ev.to >= minimum:
        return None
    if p is None:
        return None
    if ev.to - p.commit >= p.room:
        return None  # all-in for less than a full raise: legal
    if ev.to >= state.most_matched(p):
        return None  # it puts every opponent all-in: a bigger raise would come back
    message = (
        f"{ev.player} raises to {money(state, ev.to)}, below the minimum raise to "
        f"{money(state, minimum)} (the bet of {money(state, state.current_bet)} plus the "
        f"last full raise of {money(state, state.last_full)}), without being all-in."
    )
    return finding(CODE, state, ev, message, player=ev.player, expected=minimum, observed=ev.to)


class RaiseBelowMinimum(BettingRule):
    """A raise smaller than the last full bet or raise increment, not all-in.

    ## What it does
    In no-limit and pot-limit games, flags a raise whose increment over the current bet is
    less than the last full bet or raise increment of the street, unless the raiser is
    all-in. Preflop the big blind counts as the opening bet (the smallest opening raise is
    to two big blinds); with a live straddle the straddle is the bet to beat (the minimum
    raise is to twice the straddle). An all-in for less than a full raise does not change
    the increment later raises must match, and a big blind all-in for less does not lower
    it either.

    Test vectors : flop bet 6 → minimum raise to 12; blinds 1/2, raise to 6 →
    minimum re-raise to 10; bet 10, all-in to 14 → minimum raise to 24; blinds 1/2 with a
    straddle of 4 → minimum raise to 8.

    ## Why is this bad?
    A short raise changes the price for everyone behind and, if it were allowed, would let
    a player reopen the betting cheaply (docs/rules.md §3).

    ## Example
    ```
    Alice: bets $10
    Bob: raises $5 to $15       <- the minimum is a raise to $20
    ```

    ## Use instead
    ```
    Bob: raises $10 to $20
    ```

    ## References
    docs/rules.md §3; WSOP-LA 165 (straddle).
    """

    code = CODE
    name = "raise.below_minimum"
    severity = "error"
    summary = "A raise smaller than the last full bet or raise increment, not all-in."
    references = ("docs/rules.md §3", "WSOP-LA 165")
    limits = NOT_FIXED_LIMIT
    checks = ((Raise, check_raise_size),)
