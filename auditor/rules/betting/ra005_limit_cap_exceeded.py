"""RA005 limit.cap_exceeded."""

from __future__ import annotations

from typing import Final

from auditor.engine.betting import BettingState, PlayerState
from auditor.model.events import Raise
from auditor.rules.base import Finding
from auditor.rules.betting.common import BettingRule, finding

CODE: Final = "RA005"


def check_cap(state: BettingState, ev: Raise, p: PlayerState | None) -> Finding | None:
    """No raise once the street has one bet and the profile's number of raises."""
    if not state.is_capped():
        return None
    cap = state.profile.limit_raise_cap
    message = (
        f"{ev.player} raises on the {state.street} after the betting was capped at one bet "
        f"and {cap} raises."
    )
    return finding(CODE, state, ev, message, player=ev.player)


class LimitCapExceeded(BettingRule):
    """A fixed-limit raise after the betting was capped.

    ## What it does
    In fixed-limit games, counts the bet and raises of each street (preflop the big blind
    is the bet) and flags a raise once there have been one bet and `limit_raise_cap`
    raises (default 4: WSOP-T 100.b). A short all-in of at least
    `limit_reopen_fraction_pct` of a bet counts as a raise. With the profile option
    `heads_up_cap = "cash-no-cap"` there is no cap while only two players are in the hand;
    the default (`tournament`) keeps the cap heads-up.

    ## Why is this bad?
    The cap bounds what a fixed-limit pot can grow to (docs/rules.md §3). A fifth raise means
    the game was not the one the header states, or the history is wrong.

    ## Example
    ```
    Preflop, blinds $1/$2 (the big blind is the bet):
    Alice: raises $2 to $4; Bob: raises $2 to $6; Carol: raises $2 to $8;
    Dave: raises $2 to $10 (capped); Alice: raises $2 to $12   <- fifth raise
    ```

    ## Use instead
    ```
    Alice: calls $2
    ```

    ## References
    docs/rules.md §3; WSOP-T 100.b.
    """

    code = CODE
    name = "limit.cap_exceeded"
    severity = "error"
    summary = "A fixed-limit raise after the betting was capped."
    references = ("docs/rules.md §3", "WSOP-T 100.b")
    limits = frozenset({"FL"})
    checks = ((Raise, check_cap),)
