"""TU004 call.wrong_amount."""

from __future__ import annotations

from typing import Final

from auditor.engine.betting import BettingState, PlayerState
from auditor.model.events import Call
from auditor.rules.base import Finding
from auditor.rules.betting.common import BettingRule, finding, money

CODE: Final = "TU004"


def check_call_amount(state: BettingState, ev: Call, p: PlayerState | None) -> Finding | None:
    """A call puts in exactly ``min(current bet - own commitment, room)``."""
    if p is None:
        return None  # not seated: TU002
    expected = state.to_call(ev.player)
    if ev.amount == expected:
        return None
    if expected == 0:
        message = f"{ev.player} calls {money(state, ev.amount)} when there is nothing to call."
    else:
        message = (
            f"{ev.player} calls {money(state, ev.amount)} but the amount to call was "
            f"{money(state, expected)}."
        )
    return finding(
        CODE, state, ev, message, player=ev.player, expected=expected, observed=ev.amount
    )


class CallWrongAmount(BettingRule):
    """A call that puts in more or less than the amount to call.

    ## What it does
    Flags a call whose chips added differ from the amount to call: the gap between the
    current bet and the caller's street commitment, or his whole remaining stack when that
    is smaller. A short all-in call is legal and is not flagged. A call when nothing is
    owed is flagged with an expected amount of 0. A call of more than the player's stack
    is reported as TU005 (table stakes) instead.

    ## Why is this bad?
    The amount of a call is not the player's choice (docs/rules.md §2): a different number
    means chips were created or lost, and every pot after it is wrong.

    ## Example
    ```
    Alice: raises $4 to $6
    Carol: calls $4          <- Carol had nothing in: calling $6 costs $6
    ```

    ## Use instead
    ```
    Alice: raises $4 to $6
    Carol: calls $6
    ```

    ## References
    docs/rules.md §2 (call puts in exactly min(current bet − own commitment, stack)).
    """

    code = CODE
    name = "call.wrong_amount"
    severity = "error"
    summary = "A call that puts in more or less than the amount to call."
    references = ("docs/rules.md §2",)
    checks = ((Call, check_call_amount),)
