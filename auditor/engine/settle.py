"""Settling a hand: rebuild its pots, check every chip, and produce the payouts table.

``settle`` is the pots family's entry point, called once per hand after the betting
replay. It builds the ``PotAudit`` (``auditor.engine.audit``), runs the selected pot rules
(SP001–SP007) on it, and turns it into one payout row per player dealt in.

Most hands add up: dealt once, no cash-out, every stated figure the replayed one, each
pot paid whole to its one winner. For those (``quiet_winnings``) no rule can report
anything and the payments are the replayed shares, so the payout rows are made at once,
without the detailed audit; any other hand gets the full ``PotAudit``, and the rules run
on it unless it turns out to add up after all (``PotAudit.quiet``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

from auditor.config import Settings
from auditor.engine.audit import PotAudit, audit_laid, lay_out, quiet_winnings, read_stated
from auditor.engine.payments import replayed_winnings
from auditor.engine.result import PayoutRow, ReplayResult, Settlement
from auditor.model.hand import Hand
from auditor.rules.base import Finding

if TYPE_CHECKING:
    from auditor.rules.pots.common import PotRule


def settle(hand: Hand, replay: ReplayResult, settings: Settings) -> Settlement:
    """The pots of ``hand`` rebuilt from ``replay`` and checked against the history."""
    stated = read_stated(hand)
    if stated is None:  # a cancelled hand: its chips went back
        return Settlement()
    laid = lay_out(hand, replay, stated)
    won = quiet_winnings(hand, replay, stated, laid)
    if won is not None:  # everything adds up: no pot rule has anything to report
        layout = laid.layout
        owner, excess = layout.returned_to, layout.returned
        rows = _rows(hand, replay.contributed, owner, excess, laid.returns, won, None)
        return Settlement([], rows)
    audit = audit_laid(hand, replay, settings.profile, stated, laid)
    findings: list[Finding] = []
    if not audit.quiet:  # something does not add up: let each rule say what
        selection = settings.selection
        for rule in _pot_rules():
            if selection is None or rule.code in selection:
                findings += rule.check(audit)
    return Settlement(findings, payout_rows(audit))


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


@cache
def _pot_rules() -> tuple[type[PotRule], ...]:
    """The pot rules with a per-hand check, in code order (imported on first use: the
    rules depend on the engine, not the other way round)."""
    from auditor.rules.pots import RULES
    from auditor.rules.pots.common import PotRule

    return tuple(r for r in RULES if issubclass(r, PotRule))
