"""HH003 hand.inconsistent_line (the betting lines)."""

from __future__ import annotations

from typing import Final

from auditor.engine.betting import BettingState, PlayerState
from auditor.model.events import Bet, Call, Event, Raise
from auditor.rules.base import Finding
from auditor.rules.betting.common import BettingRule, finding, money

CODE: Final = "HH003"


def _all_in_flag(
    state: BettingState, ev: Event, p: PlayerState, added: int, flagged: bool
) -> Finding | None:
    """The all-in mark against the chips left. The checks call this only when the mark
    disagrees: ``(added < p.room) if flagged else (added == p.stack and added > 0)``
    (usually it agrees, and the line passes without a call)."""
    room = p.room
    if flagged and added < room:
        message = (
            f"{p.name} is marked all-in after putting in {money(state, added)} "
            f"but had {money(state, room)} left."
        )
        return finding(CODE, state, ev, message, player=p.name, expected=room, observed=added)
    # A capped no-limit player who reaches the cap is "all-in" in effect: sites say so in
    # other words, so only an exhausted stack must carry the flag.
    if not flagged and added == p.stack and added > 0:
        message = (
            f"{p.name} puts in all of the {money(state, added)} left but is not marked all-in."
        )
        return finding(CODE, state, ev, message, player=p.name, expected=room, observed=added)
    return None


def check_bet(state: BettingState, ev: Bet, p: PlayerState | None) -> Finding | None:
    """A bet opens the betting: there must be no bet on the street yet."""
    if p is None:
        return None
    if state.current_bet > 0:
        message = (
            f"{ev.player} bets {money(state, ev.amount)} but there was already a bet of "
            f"{money(state, state.current_bet)} on the {state.street}: the line should be a raise."
        )
        return finding(CODE, state, ev, message, player=ev.player)
    added = ev.amount
    flagged = ev.all_in
    if (added < p.room) if flagged else (added == p.stack and added > 0):
        return _all_in_flag(state, ev, p, added, flagged)
    return None


def check_raise(state: BettingState, ev: Raise, p: PlayerState | None) -> Finding | None:
    """A raise goes above an existing bet, and its printed increment is ``to`` minus
    the bet faced."""
    if p is None:
        return None
    faced = state.current_bet
    if faced == 0:
        message = (
            f"{ev.player} raises to {money(state, ev.to)} but nobody had bet on the "
            f"{state.street}: the line should be a bet."
        )
        return finding(CODE, state, ev, message, player=ev.player)
    if ev.to <= faced:
        message = (
            f"{ev.player} raises to {money(state, ev.to)}, no more than the bet of "
            f"{money(state, faced)} faced."
        )
        return finding(CODE, state, ev, message, player=ev.player, expected=faced, observed=ev.to)
    if ev.by is not None and ev.by != ev.to - faced:
        message = (
            f"{ev.player} raises {money(state, ev.by)} to {money(state, ev.to)} but the bet "
            f"faced was {money(state, faced)}, so the raise is {money(state, ev.to - faced)}."
        )
        return finding(
            CODE, state, ev, message, player=ev.player, expected=ev.to - faced, observed=ev.by
        )
    added = ev.to - p.commit
    flagged = ev.all_in
    if (added < p.room) if flagged else (added == p.stack and added > 0):
        return _all_in_flag(state, ev, p, added, flagged)
    return None


def check_call(state: BettingState, ev: Call, p: PlayerState | None) -> Finding | None:
    """A call's all-in mark agrees with the caller's stack."""
    if p is None:
        return None
    added = ev.amount
    flagged = ev.all_in
    if (added < p.room) if flagged else (added == p.stack and added > 0):
        return _all_in_flag(state, ev, p, added, flagged)
    return None


class InconsistentLine(BettingRule):
    """A line whose own numbers disagree with the replay.

    ## What it does
    Flags a betting line that cannot be right whatever the rules of the game:

    - `raises $2 to $8` when the bet faced was $4 (the printed increment is not the
      raise-to minus the bet faced; PokerStars prints the increment);
    - a raise to no more than the bet faced, or a raise when nobody has bet on the street
      (the line should be a call or a bet);
    - a bet when there is already a bet on the street (preflop the big blind is a bet;
      the line should be a raise);
    - "and is all-in" on a call, bet or raise that leaves the player chips, or a player
      putting in his whole stack without the all-in mark.

    Which code owns which mistake: a call of the wrong size is TU004, chips beyond the
    stack are TU005, a check facing a bet is TU003; HH003 is left with the lines whose
    verb, increment or all-in mark contradicts the replayed state.

    ## Why is this bad?
    Such a line was written by a buggy exporter or edited by hand. The replay trusts the
    raise-to and chip amounts and goes on, but every later figure is suspect.

    ## Example
    ```
    Alice: bets $4
    Bob: raises $2 to $8      <- facing $4, a raise to $8 is a raise of $4
    ```

    ## Use instead
    ```
    Alice: bets $4
    Bob: raises $4 to $8
    ```

    ## References
    docs/findings.md (HH003); corpus/FORMATS.md §0.2 (PokerStars raise semantics).
    """

    code = CODE
    name = "hand.inconsistent_line"
    severity = "error"
    summary = "A line whose own numbers disagree with the replay."
    references = ("docs/findings.md", "docs/rules.md §7a")
    checks = (
        (Bet, check_bet),
        (Raise, check_raise),
        (Call, check_call),
    )
