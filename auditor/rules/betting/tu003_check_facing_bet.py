"""TU003 check.facing_bet."""

from __future__ import annotations

from typing import Final

from auditor.engine.betting import BettingState, PlayerState
from auditor.model.events import Check
from auditor.rules.base import Finding
from auditor.rules.betting.common import BettingRule, finding, money

CODE: Final = "TU003"


def check_nothing_to_call(state: BettingState, ev: Check, p: PlayerState | None) -> Finding | None:
    """A check is legal only when the player's commitment equals the current bet."""
    if p is None or p.commit >= state.current_bet:
        return None
    gap = state.current_bet - p.commit
    message = f"{ev.player} checks while facing {money(state, gap)} to call."
    return finding(CODE, state, ev, message, player=ev.player, expected=gap, observed=0)


class CheckFacingBet(BettingRule):
    """A check while there is something to call.

    ## What it does
    Flags a check by a player whose street commitment is below the current bet. Preflop
    the big blind (or the live straddler) may check when nobody raised: his blind already
    matches the bet. A big blind all-in for less does not lower the price: the others must
    still put in a full big blind, so they cannot check.

    ## Why is this bad?
    A check puts no chips in; facing a bet the only choices are call, raise or fold. The
    history has lost chips that should be in the pot.

    ## Example
    ```
    Alice: bets $4
    Bob: checks          <- Bob faces $4
    ```

    ## Use instead
    ```
    Alice: bets $4
    Bob: calls $4
    ```

    ## References
    docs/rules.md §2 (check: nothing to call); WSOP-LA 159, 165.
    """

    code = CODE
    name = "check.facing_bet"
    severity = "error"
    summary = "A check while there is something to call."
    references = ("docs/rules.md §2", "WSOP-LA 159", "WSOP-LA 165")
    checks = ((Check, check_nothing_to_call),)
