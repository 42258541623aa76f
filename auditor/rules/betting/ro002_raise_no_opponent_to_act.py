"""RO002 raise.no_opponent_to_act."""

from __future__ import annotations

from typing import Final

from auditor.engine.betting import BettingState, PlayerState
from auditor.model.events import Bet, Raise
from auditor.rules.base import Finding
from auditor.rules.betting.common import BettingRule, finding

CODE: Final = "RO002"


def check_opponent(state: BettingState, ev: Bet | Raise, p: PlayerState | None) -> Finding | None:
    """A bet or raise needs an opponent still in the hand who is not all-in."""
    if p is None:
        return None  # not seated: TU002
    if state.has_live_opponent(ev.player):
        return None
    message = (
        f"{ev.player} raises on the {state.street} although every other player still in "
        f"the hand is all-in, so only a call or a fold was possible."
    )
    return finding(CODE, state, ev, message, player=ev.player)


class RaiseNoOpponentToAct(BettingRule):
    """A raise when every other player still in the hand is all-in.

    ## What it does
    Flags a bet or raise by a player when every other player who has not folded is
    already all-in. All-in for less is still legal where it is a call.

    ## Why is this bad?
    A raise needs someone to raise against (docs/rules.md §2): nobody can call
    it, so the extra chips are an uncalled bet from the start. Histories that show it were
    mis-exported (the line should be a call) or edited.

    ## Example
    ```
    Alice: raises $90 to $100 and is all-in
    Bob: folds
    Carol: raises $100 to $200     <- Alice is all-in, Bob folded: call or fold only
    ```

    ## Use instead
    ```
    Carol: calls $100
    ```

    ## References
    docs/rules.md §2.
    """

    code = CODE
    name = "raise.no_opponent_to_act"
    severity = "error"
    summary = "A raise when every other player still in the hand is all-in."
    references = ("docs/rules.md §2",)
    checks = (
        (Bet, check_opponent),
        (Raise, check_opponent),
    )
