"""RA001 bet.below_minimum."""

from __future__ import annotations

from typing import Final

from auditor.engine.betting import BettingState, PlayerState
from auditor.model.events import Bet
from auditor.rules.base import Finding
from auditor.rules.betting.common import NOT_FIXED_LIMIT, BettingRule, finding, money

CODE: Final = "RA001"


def check_bet_size(state: BettingState, ev: Bet, p: PlayerState | None) -> Finding | None:
    """An opening bet is at least one big blind unless it is all-in."""
    minimum = state.min_bet()
    if ev.amount >= minimum:
        return None
    if p is None:
        return None
    if ev.amount >= p.room:
        return None  # all-in for less
    if p.commit + ev.amount >= state.most_matched(p):
        return None  # it puts every opponent all-in: a bigger bet would come back
    message = (
        f"{ev.player} bets {money(state, ev.amount)}, less than the minimum bet of "
        f"{money(state, minimum)}, without being all-in."
    )
    return finding(CODE, state, ev, message, player=ev.player, expected=minimum, observed=ev.amount)


class BetBelowMinimum(BettingRule):
    """A bet smaller than the minimum bet, not all-in.

    ## What it does
    In no-limit and pot-limit games, flags an opening bet on a street smaller than one
    big blind, unless the bettor is all-in for less. (Fixed-limit sizes are RA004.)

    ## Why is this bad?
    The minimum bet is one big blind (docs/rules.md §3). A smaller bet also sets
    a wrong increment for every raise after it.

    ## Example
    ```
    PokerStars Hand #…: Hold'em No Limit ($1/$2 USD)
    *** FLOP *** [Ah Kd 2c]
    Alice: bets $1        <- the big blind is $2
    ```

    ## Use instead
    ```
    Alice: bets $2
    ```

    ## References
    docs/rules.md §3 (minimum bet: one big blind, unless all-in for less).
    """

    code = CODE
    name = "bet.below_minimum"
    severity = "error"
    summary = "A bet smaller than the minimum bet, not all-in."
    references = ("docs/rules.md §3",)
    limits = NOT_FIXED_LIMIT
    checks = ((Bet, check_bet_size),)
