"""TU001 action.out_of_turn."""

from __future__ import annotations

from typing import Final

from auditor.engine.betting import BettingState, PlayerState
from auditor.model.events import Action, Bet, Call, Check, Fold, Raise
from auditor.rules.base import Finding
from auditor.rules.betting.common import BettingRule, finding

CODE: Final = "TU001"


def check_turn(state: BettingState, ev: Action, p: PlayerState | None) -> Finding | None:
    """The actor must be the next player clockwise who still has to act."""
    nxt = state.next_to_act()
    if nxt is not None and nxt is p:
        return None
    if p is not None and (p in state.skipped or (
            (p.all_in or (p.sitting_out and ev.__class__ is Fold)) and not p.voluntary)):
        # A player passed over by an earlier out-of-turn action (already reported), or
        # the fold of a player all-in from his blind or sitting out (not a turn; TU002).
        return None
    if nxt is None:
        message = f"{ev.player} acts after the betting round on the {state.street} had closed."
    else:
        message = f"{ev.player} acts out of turn on the {state.street}: it was {nxt.name}'s turn."
    return finding(CODE, state, ev, message, player=ev.player)


class OutOfTurn(BettingRule):
    """A player acts when it is not his turn, including after the round has closed.

    ## What it does
    Replays the turn order and flags an action by anyone other than the player whose
    turn it is: the next player clockwise, after the last one who acted, who still has to
    act. Preflop the action starts left of the big blind (or the live straddle, or the
    button blind of 6+ Hold'em); on later streets left of the button. Heads-up the button
    posts the small blind, acts first preflop and last on every later street. A round is
    closed when everyone still in has acted and matched the bet (or is all-in); any action
    after that (for example a player raising his own bet after everyone called) is out of
    turn too. A seated player who never posts, acts or is dealt visible cards is taken as
    not dealt in (PokerStars lists sitting-out players and players waiting for the big
    blind), so he never holds up the turn order.

    Only the first fault is reported: the replay then continues from the player who
    actually acted, and the players he passed over may still act late (or be missing)
    without a second finding, so one misplaced or missing line yields one finding.

    ## Why is this bad?
    Action runs clockwise (docs/rules.md §2). A history with actions out of order was edited,
    merged from two hands, or comes from a broken exporter; its amounts cannot be trusted.

    ## Example
    ```
    Table 'Audit I' 6-max Seat #4 is the button
    Seat 1: Alice ($200 in chips)
    Seat 2: Bob ($200 in chips)
    Seat 3: Carol ($200 in chips)
    Seat 4: Dave ($200 in chips)
    Alice: posts small blind $1
    Bob: posts big blind $2
    *** HOLE CARDS ***
    Dave: raises $4 to $6       <- Carol, left of the big blind, acts first
    Carol: folds
    ```

    ## Use instead
    ```
    Carol: folds
    Dave: raises $4 to $6
    ```

    ## References
    docs/rules.md §2 (action runs clockwise); WSOP-LA 159 (big blind's option).
    """

    code = CODE
    name = "action.out_of_turn"
    severity = "error"
    summary = "A player acts when it is not his turn, including after the round has closed."
    references = ("docs/rules.md §2", "WSOP-LA 159")
    # The player whose turn it is acts in turn.
    passes_in_turn = True
    checks = (
        (Fold, check_turn),
        (Check, check_turn),
        (Call, check_turn),
        (Bet, check_turn),
        (Raise, check_turn),
    )
