"""RA003 raise.above_pot_limit."""

from __future__ import annotations

from typing import Final

from auditor.engine.betting import BettingState, PlayerState
from auditor.model.events import Bet, Raise
from auditor.rules.base import Finding
from auditor.rules.betting.common import BettingRule, finding, money

CODE: Final = "RA003"


def _above(state: BettingState, ev: Bet | Raise, to: int) -> Finding | None:
    if ev.player not in state.players:
        return None  # not seated: TU002
    most = state.pot_limit_raise_to(ev.player)
    if to <= most:
        return None
    verb = "bets" if isinstance(ev, Bet) else "raises to"
    shown = ev.amount if isinstance(ev, Bet) else to
    message = (
        f"{ev.player} {verb} {money(state, shown)}, above the pot limit of a "
        f"{'bet' if isinstance(ev, Bet) else 'raise'} to {money(state, most)}."
    )
    return finding(CODE, state, ev, message, player=ev.player, expected=most, observed=to)


def check_bet(state: BettingState, ev: Bet, p: PlayerState | None) -> Finding | None:
    """A pot-limit bet is at most the pot."""
    if p is None:
        return None
    return _above(state, ev, p.commit + ev.amount)


def check_raise(state: BettingState, ev: Raise, p: PlayerState | None) -> Finding | None:
    """A pot-limit raise-to is at most the current bet plus the pot after calling."""
    return _above(state, ev, ev.to)


class RaiseAbovePotLimit(BettingRule):
    """A pot-limit bet or raise above the pot.

    ## What it does
    In pot-limit games, flags a bet larger than the pot, or a raise to more than
    `current bet + (pot after the raiser calls)`. The pot counts every chip already in,
    antes, dead blinds and this street's bets included. Being all-in does not excuse it.

    ## Why is this bad?
    Pot-limit caps each bet and raise at the size of the pot (docs/rules.md §3). A bigger
    wager means the game was not pot-limit, or the history misstates the amounts.

    ## Example
    ```
    PokerStars Hand #…: Omaha Pot Limit ($1/$2 USD)
    Alice: raises $6 to $8     <- first in, the pot-sized raise is to $7 (2 + 3 + 2)
    ```

    ## Use instead
    ```
    Alice: raises $5 to $7
    ```

    ## References
    docs/rules.md §3 (pot-limit maximum raise-to).
    """

    code = CODE
    name = "raise.above_pot_limit"
    severity = "error"
    summary = "A pot-limit bet or raise above the pot."
    references = ("docs/rules.md §3",)
    limits = frozenset({"PL"})
    checks = (
        (Bet, check_bet),
        (Raise, check_raise),
    )
