"""Settling a hand: rebuild its pots, set them beside what the history states, and make
the payouts table's rows.

``settle`` is called once per hand after the betting replay. Most hands add up: dealt
once, no cash-out, every stated figure the replayed one, each pot paid whole to its one
winner. For those (``quiet_winnings``) no pot rule can report anything and the payments
are the replayed shares, so the payout rows are made at once, without the detailed
audit; any other hand gets the full ``PotAudit`` (``auditor.engine.audit``), which the
pot rules then judge (unless it turns out to add up after all: ``PotAudit.quiet``). The
engine knows no rule: whoever calls ``settle`` runs them on ``Settled.audit``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from auditor.engine.audit import PotAudit, audit_laid, lay_out, quiet_winnings, read_stated
from auditor.engine.payments import replayed_winnings
from auditor.engine.result import PayoutRow, ReplayResult
from auditor.model.hand import Hand
from auditor.model.profile import Profile


@dataclass(slots=True)
class Settled:
    """One hand's pots settled: its payout rows (one per player dealt in), and the audit
    for the pot rules to judge; ``audit`` is None when there is nothing they could
    report (the hand adds up, or was cancelled)."""

    payouts: list[PayoutRow]
    audit: PotAudit | None = None


def settle(hand: Hand, replay: ReplayResult, profile: Profile) -> Settled:
    """The pots of ``hand`` rebuilt from ``replay`` and set beside the history."""
    stated = read_stated(hand)
    if stated is None:  # a cancelled hand: its chips went back
        return Settled([])
    laid = lay_out(hand, replay, stated)
    won = quiet_winnings(hand, replay, stated, laid)
    if won is not None:  # everything adds up: no pot rule has anything to report
        layout = laid.layout
        owner, excess = layout.returned_to, layout.returned
        return Settled(_rows(hand, replay.contributed, owner, excess, laid.returns, won, None))
    audit = audit_laid(hand, replay, profile, stated, laid)
    return Settled(payout_rows(audit), None if audit.quiet else audit)


def payout_rows(audit: PotAudit) -> list[PayoutRow]:
    """One row per seated player dealt in (or who put chips in or was paid), seat order.
    ``net`` is the player's chip change as the history states it."""
    won_stated: dict[str, int] = {}
    for ev, _, _ in audit.collected:
        player = ev.player
        won_stated[player] = won_stated.get(player, 0) + ev.amount
    for player, cash_out in audit.cash_outs.items():
        won_stated[player] = won_stated.get(player, 0) + cash_out.amount
    owner, excess = audit.layout.returned_to, audit.layout.returned
    replayed = replayed_winnings(audit)
    returned = audit.stated_returns
    return _rows(audit.hand, audit.contributed, owner, excess, returned, won_stated, replayed)


def _rows(
    hand: Hand,
    contributed: dict[str, int],
    owner: str | None,
    excess: int,
    returned_stated: dict[str, int],
    won_stated: dict[str, int],
    replayed: Mapping[str, int | None] | None,
) -> list[PayoutRow]:
    """The payout rows; ``replayed`` None when the replay awards what was collected."""
    rows = []
    for seat in hand.seats:
        player = seat.player
        put_in = contributed.get(player, 0)
        won = won_stated.get(player, 0)
        if seat.sitting_out and not put_in and not won:
            continue
        back = returned_stated.get(player, 0) if returned_stated else 0
        rows.append(
            PayoutRow(  # player, seat, contributed, returned, won_stated, won_replayed, net
                player,
                seat.seat,
                put_in,
                excess if player == owner else 0,
                won,
                won if replayed is None else replayed.get(player, 0),
                won + back - put_in,
            )
        )
    return rows
