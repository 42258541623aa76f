"""What the betting rules share: the rule base class, the check signature and the
helpers that turn a breach into a quotable finding.

A betting rule declares ``checks``: for each event type it looks at, a function called by
the replay with the state *before* the event, the event itself and the state of the
player the event names (``state.players.get(ev.player)``, looked up once by the replay;
None when he is not seated or the line names nobody). The function returns one
``Finding`` or None (a plain return rather than a generator: the replay calls these for
every action of every hand, and the first objection per line wins anyway). The common,
legal line should be let through with a comparison or two: messages and expected
amounts are worked out only once a finding is made.
"""

from __future__ import annotations

from typing import ClassVar

from auditor.engine.betting import BettingState
from auditor.engine.replay import CheckFn as Check
from auditor.model.events import Event
from auditor.model.finding import new_finding
from auditor.model.money import format_amount
from auditor.rules.base import Finding, Rule

ALL_LIMITS = frozenset({"NL", "PL", "FL", "CNL"})
NOT_FIXED_LIMIT = frozenset({"NL", "PL", "CNL"})


class BettingRule(Rule):
    """A rule checked action by action during the betting replay."""

    checks: ClassVar[tuple[tuple[type[Event], Check], ...]]  # (event type, check) pairs
    limits: ClassVar[frozenset[str]] = ALL_LIMITS  # betting structures it applies to
    # True when the rule's checks of a player's action (fold, check, call, bet, raise)
    # can only object when it is not that player's turn: they pass whenever the actor is
    # ``next_to_act()``, so the replay does not ask them then.
    passes_in_turn: ClassVar[bool] = False


def money(state: BettingState, units: int) -> str:
    """An amount as the hand prints it (``$10.50``, ``1,500``)."""
    info = state.info
    return format_amount(units, info.decimals, info.symbol)


def finding(
    code: str,
    state: BettingState,
    event: Event,
    message: str,
    *,
    player: str | None = None,
    expected: int | None = None,
    observed: int | None = None,
) -> Finding:
    """A finding anchored on ``event``'s line, on the state's current street."""
    return new_finding(code, event.line, message, state.street, player, expected, observed)
