"""TU007 fold.when_check_free."""

from __future__ import annotations

from typing import Final

from auditor.engine.betting import BettingState, PlayerState
from auditor.model.events import Fold
from auditor.rules.base import Finding
from auditor.rules.betting.common import BettingRule, finding

CODE: Final = "TU007"


def check_fold(state: BettingState, ev: Fold, p: PlayerState | None) -> Finding | None:
    """Report a fold by a player who had nothing to call."""
    if p is None or p.commit < state.current_bet:
        return None
    message = f"{ev.player} folds on the {state.street} although checking was free."
    return finding(CODE, state, ev, message, player=ev.player)


class FoldWhenCheckFree(BettingRule):
    """A fold when checking was free (legal, non-standard).

    ## What it does
    Reports, as information, a fold by a player whose commitment already matched the
    current bet, for example the big blind folding preflop after everyone limped.

    ## Why is this bad?
    It is legal, but WSOP-T 84 treats it as non-standard: folding when a check is free
    gives information away and in a tournament can be penalised as soft-play or chip
    dumping. In a history it also often marks a time-out or an exporter quirk.

    ## Example
    ```
    *** FLOP *** [Ah Kd 2c]
    Bob: folds           <- nobody bet
    ```

    ## Use instead
    ```
    Bob: checks
    ```

    ## References
    WSOP-T 84; docs/rules.md §2.
    """

    code = CODE
    name = "fold.when_check_free"
    severity = "info"
    summary = "A fold when checking was free (legal, non-standard)."
    references = ("WSOP-T 84", "docs/rules.md §2")
    checks = ((Fold, check_fold),)
