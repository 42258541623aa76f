"""Settling a hand: rebuild its pots, check every chip, and produce the payouts table.

``settle`` is the pots family's entry point, called once per hand after the betting
replay. It builds the ``PotAudit`` (``auditor.engine.audit``), runs the selected pot rules
(SP001–SP007) on it, and turns it into one payout row per player dealt in.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from auditor.config import Settings
from auditor.engine.audit import PotAudit, audit_pots
from auditor.engine.payments import replayed_winnings
from auditor.engine.result import PayoutRow, ReplayResult, Settlement
from auditor.model.hand import Hand
from auditor.rules.base import Finding

if TYPE_CHECKING:
    from auditor.rules.pots.common import PotRule


def settle(hand: Hand, replay: ReplayResult, settings: Settings) -> Settlement:
    """The pots of ``hand`` rebuilt from ``replay`` and checked against the history."""
    audit = audit_pots(hand, replay, settings.profile)
    if audit is None:
        return Settlement()
    selection = settings.selection
    findings: list[Finding] = []
    for rule in _pot_rules():
        if selection is None or rule.code in selection:
            findings += rule.check(audit)
    return Settlement(findings=findings, payouts=payout_rows(audit))


def payout_rows(audit: PotAudit) -> list[PayoutRow]:
    """One row per seated player dealt in (or who put chips in or was paid), seat order.
    ``net`` is the player's chip change as the history states it."""
    won_stated: dict[str, int] = {}
    for ev, _, _ in audit.collected:
        won_stated[ev.player] = won_stated.get(ev.player, 0) + ev.amount
    for player, cash_out in audit.cash_outs.items():
        won_stated[player] = won_stated.get(player, 0) + cash_out.amount
    returned_stated = audit.stated_returns
    replayed = replayed_winnings(audit)
    owner, excess = audit.layout.returned_to, audit.layout.returned
    contributed = audit.contributed
    rows = []
    for seat in audit.hand.seats:
        player = seat.player
        put_in = contributed.get(player, 0)
        won = won_stated.get(player, 0)
        if seat.sitting_out and not put_in and not won:
            continue
        rows.append(
            PayoutRow(
                player=player,
                seat=seat.seat,
                contributed=put_in,
                returned=excess if player == owner else 0,
                won_stated=won,
                won_replayed=replayed.get(player, 0),
                net=won + returned_stated.get(player, 0) - put_in,
            )
        )
    return rows


@cache
def _pot_rules() -> tuple[type[PotRule], ...]:
    """The pot rules with a per-hand check, in code order (imported on first use: the
    rules depend on the engine, not the other way round)."""
    from auditor.rules.pots import RULES
    from auditor.rules.pots.common import PotRule

    return tuple(r for r in RULES if issubclass(r, PotRule))
