"""Replay a hand's betting action by action against the rules.

The replay never refuses an action: an illegal one becomes a finding, and the state then
applies it as printed and goes on. For each line it asks the selected betting rules that
look at that kind of line, in the precedence order of ``auditor.rules.betting.RULES``,
and keeps only the first objection (one fault, one finding).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from auditor.config import Selection, Settings
from auditor.engine.betting import APPLIERS, BettingState
from auditor.engine.result import ReplayResult
from auditor.model.events import Event, HandCancelled
from auditor.model.hand import Hand
from auditor.rules.base import Finding
from auditor.rules.betting import RULES
from auditor.rules.betting.common import Check

Plan = dict[type[Event], tuple[Check, ...]]
# For each event type: the checks to run on it, then how the state applies it (None for
# HandCancelled: the replay stops there).
Steps = dict[type[Event], tuple[tuple[Check, ...], Callable[[BettingState, Any], None] | None]]


@lru_cache(maxsize=64)
def check_plan(selection: Selection | None, limit: str) -> Plan:
    """For each event type, the check functions to run on it, in precedence order: only
    rules that are selected and apply to the betting structure ``limit``."""
    plan: dict[type[Event], list[Check]] = {}
    for rule in RULES:
        if selection is not None and rule.code not in selection:
            continue
        if limit not in rule.limits:
            continue
        for event_type, check in rule.checks:
            plan.setdefault(event_type, []).append(check)
    return {t: tuple(checks) for t, checks in plan.items()}


@lru_cache(maxsize=64)
def _steps(selection: Selection | None, limit: str) -> Steps:
    plan = check_plan(selection, limit)
    steps: Steps = {t: (plan.get(t, ()), fn) for t, fn in APPLIERS.items()}
    for t, checks in plan.items():
        steps.setdefault(t, (checks, APPLIERS.get(t)))
    steps[HandCancelled] = (plan.get(HandCancelled, ()), None)
    return steps


def replay(hand: Hand, settings: Settings) -> ReplayResult:
    """Replay ``hand``'s events: the findings of the betting rules, what every seated
    player put in (before uncalled bets are returned), and who folded or went all-in."""
    state = BettingState(hand, settings.profile)
    steps = _steps(settings.selection, hand.info.limit)
    findings: list[Finding] = []
    for ev in hand.events:
        step = steps.get(ev.__class__)
        if step is None:
            continue  # a line that changes no betting state (cards shown, summary, chat)
        checks, apply = step
        for check in checks:
            found = check(state, ev)
            if found is not None:
                findings.append(found)
                break
        if apply is None:
            break  # a voided hand: nothing after it is betting
        apply(state, ev)
    players = state.players.values()
    return ReplayResult(
        findings=findings,
        contributed={p.name: p.total for p in players},
        folded={p.name for p in players if p.folded},
        all_in={p.name for p in players if p.all_in and not p.folded},
    )
