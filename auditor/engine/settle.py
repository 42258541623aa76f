"""Settling a hand: rebuild its pots, check every chip, and produce the payouts table.

``settle`` is the pots family's entry point, called once per hand after the betting
replay. It builds the ``PotAudit`` (``auditor.engine.audit``), runs the selected pot rules
(SP001–SP007) on it, and turns it into one payout row per player dealt in.
"""

from __future__ import annotations

from auditor.config import Settings
from auditor.engine.audit import PotAudit, audit_pots, replayed_winnings
from auditor.engine.result import PayoutRow, ReplayResult, Settlement
from auditor.model.hand import Hand


def settle(hand: Hand, replay: ReplayResult, settings: Settings) -> Settlement:
    """The pots of ``hand`` rebuilt from ``replay`` and checked against the history."""
    audit = audit_pots(hand, replay, settings.profile)
    if audit is None:
        return Settlement()
    selection = settings.selection
    findings = []
    for rule in _pot_rules():
        if selection is None or rule.code in selection:
            findings.extend(rule.check(audit))
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
    layout = audit.layout
    rows = []
    for seat in audit.hand.seats:
        player = seat.player
        put_in = audit.contributed.get(player, 0)
        won = won_stated.get(player, 0)
        if seat.sitting_out and not put_in and not won:
            continue
        rows.append(
            PayoutRow(
                player=player,
                seat=seat.seat,
                contributed=put_in,
                returned=layout.returned if player == layout.returned_to else 0,
                won_stated=won,
                won_replayed=replayed.get(player, 0),
                net=won + returned_stated.get(player, 0) - put_in,
            )
        )
    return rows


_RULES: tuple = ()


def _pot_rules() -> tuple:
    """The pot rules with a per-hand check, in code order (imported on first use: the
    rules depend on the engine, not the other way round)."""
    global _RULES
    if not _RULES:
        from auditor.rules.pots import RULES
        from auditor.rules.pots.common import PotRule

        _RULES = tuple(r for r in RULES if issubclass(r, PotRule))
    return _RULES
