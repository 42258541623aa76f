"""RO001 reopen.raise_after_short_all_in."""

from __future__ import annotations

from typing import Final

from auditor.engine.betting import BettingState, PlayerState
from auditor.model.events import Raise
from auditor.rules.base import Finding
from auditor.rules.betting.common import BettingRule, finding, money

CODE: Final = "RO001"


def check_reopened(state: BettingState, ev: Raise, p: PlayerState | None) -> Finding | None:
    """A player who already acted on the street may raise only if the betting was
    reopened for him (``BettingState.is_reopened_for``)."""
    if p is None:
        return None  # not seated: TU002
    if state.is_reopened_for(ev.player):
        return None
    faced = state.current_bet - p.last_commit
    full = state.bet_size() if state.fixed_limit else state.last_full
    since = (f"{ev.player} raises although the betting was not reopened: since "
             f"{ev.player}'s last action ({money(state, p.last_commit)} in) the bet rose by "
             f"{money(state, faced)}")
    if faced >= full:
        # Enough in all, but by short all-ins: the house counts only a full raise by one
        # player (full-bet) as reopening.
        message = (f"{since} in short all-ins, and under the house's full-bet rule only a "
                   f"full raise of at least {money(state, full)} by one player reopens it.")
    else:
        message = f"{since}, less than a full raise of {money(state, full)}."
    return finding(CODE, state, ev, message, player=ev.player, expected=full, observed=faced)


class RaiseAfterShortAllIn(BettingRule):
    """A raise by a player who had already acted and for whom the betting was not reopened.

    ## What it does
    Applies the full-raise rule (TDA 47) player by player, when the action reaches him: a
    player who already acted on this street may raise again only if what he now faces
    exceeds what he had put in at his last action by at least one full raise (the last full
    bet or raise increment). Several short all-ins count together. A player who has not
    acted yet (the big blind's option included) may always raise. This check runs before
    the sizing checks: a raise that is both not reopened and too small is reported here
    only.

    House variants (profile `reopen`): `half-bet` also reopens after any single all-in of
    at least half a full raise; `full-bet` treats every all-in below a full raise as a call
    (only one player's full raise reopens). Fixed-limit: a total of at least
    `limit_reopen_fraction_pct` (50 %) of a bet reopens (TDA 47-B).

    Seed 000 (blinds 1/2, flop, A bets 10, then B and C all-in):
    14 (+4) then 18 (+4): A faces 8 → not reopened; 14 then 21 (+7): A faces 11 → reopened;
    15 then 24: A faces 14 → reopened. A player D who called 14 before C's all-in to 21
    faces only 7 → call or fold.

    ## Why is this bad?
    A short all-in is not a raise. Letting the first bettor re-raise over it gives him a
    second chance the rules do not give .

    ## Example
    ```
    Alice: bets $10
    Bob: raises $4 to $14 and is all-in
    Carol: calls $14
    Alice: raises $20 to $34     <- Alice faces $4 over her $10: call or fold only
    ```

    ## Use instead
    ```
    Alice: calls $4
    ```

    ## References
    TDA 2024 Rule 47; docs/rules.md §4.
    """

    code = CODE
    name = "reopen.raise_after_short_all_in"
    severity = "error"
    summary = "A raise by a player who had already acted and for whom the betting was not reopened."
    references = ("TDA 2024 Rule 47", "docs/rules.md §4")
    checks = ((Raise, check_reopened),)
