"""TU002 action.player_not_in_hand."""

from __future__ import annotations

from typing import Final

from auditor.engine.betting import BettingState, PlayerState
from auditor.model.events import Action, Bet, Call, Check, Fold, PostBlind, Raise
from auditor.rules.base import Finding
from auditor.rules.betting.common import BettingRule, finding

CODE: Final = "TU002"


def check_in_hand(state: BettingState, ev: Action, p: PlayerState | None) -> Finding | None:
    """The actor must be seated, not folded and not all-in."""
    if p is None:
        why = "is not seated at the table"
    elif p.folded:
        why = "has already folded"
    elif p.all_in:
        if ev.__class__ is Fold and not p.voluntary:
            return None  # PokerStars folds a sitting-out player all-in from his blind
        why = "is already all-in"
    else:
        return None
    message = f"{ev.player} acts on the {state.street} but {why}."
    return finding(CODE, state, ev, message, player=ev.player)


def check_poster_seated(
    state: BettingState, ev: PostBlind, p: PlayerState | None
) -> Finding | None:
    """A forced bet must come from a seated player."""
    if p is not None:
        return None
    kind = ev.kind.replace("_", " ")
    message = f"{ev.player} posts a {kind} blind but is not seated at the table."
    return finding(CODE, state, ev, message, player=ev.player)


class PlayerNotInHand(BettingRule):
    """A player who folded, is all-in, or never had cards acts.

    ## What it does
    Flags any action (fold, check, call, bet, raise) by a player who already folded, who
    is already all-in, or who is not seated at the table at all, and any blind posted by
    someone not seated. A seated player who was listed as sitting out but then posts or
    acts is taken as dealt in (PokerStars deals such players in), and a player all-in
    from his blind who never acted may be folded (PokerStars folds sitting-out players).

    ## Why is this bad?
    A folded hand is dead and an all-in player has nothing left to bet (docs/rules.md §1-2).
    Chips from such a player change the pots of everyone else.

    ## Example
    ```
    Bob: folds
    ...
    *** FLOP *** [Ah Kd 2c]
    Bob: bets $4        <- Bob folded preflop
    ```

    ## Use instead
    Only players still in the hand, with chips behind, act.

    ## References
    docs/rules.md §1 (an all-in is not a sixth action), §2 (acting after folding or going
    all-in is an error).
    """

    code = CODE
    name = "action.player_not_in_hand"
    severity = "error"
    summary = "A player who folded, is all-in, or never had cards acts."
    references = ("docs/rules.md §2",)
    # The player whose turn it is is seated, not folded and not all-in (the blind check
    # is not an action: it is always asked).
    passes_in_turn = True
    checks = (
        (Fold, check_in_hand),
        (Check, check_in_hand),
        (Call, check_in_hand),
        (Bet, check_in_hand),
        (Raise, check_in_hand),
        (PostBlind, check_poster_seated),
    )
