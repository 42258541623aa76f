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
from dataclasses import replace

from auditor.engine.audit import (
    PotAudit,
    Strengths,
    audit_laid,
    figures_agree,
    lay_out,
    quiet_winnings,
    read_stated,
)
from auditor.engine.payments import replayed_winnings
from auditor.engine.result import PayoutRow, ReplayResult
from auditor.model.hand import Hand
from auditor.model.profile import Profile
from auditor.model.tuples import new_tuple


class Settled:
    """One hand's pots settled: its payout rows (one per player dealt in), and the audit
    for the pot rules to judge; ``audit`` is None when there is nothing they could
    report (the hand adds up, or was cancelled). (A plain class, as ``audit.Stated``.)"""

    __slots__ = ("audit", "payouts")

    def __init__(self, payouts: list[PayoutRow], audit: PotAudit | None = None) -> None:
        self.payouts = payouts
        self.audit = audit


def settle(hand: Hand, replay: ReplayResult, profile: Profile) -> Settled:
    """The pots of ``hand`` rebuilt from ``replay`` and set beside the history."""
    stated = read_stated(hand)
    if stated is None:  # a cancelled hand: its chips went back
        return Settled([])
    laid = lay_out(hand, replay, stated)
    if replay.meant is not None and not figures_agree(hand, stated, laid, replay.contributed):
        # A call or check of the wrong amount (reported by the replay): when the rest of
        # the history counts it as the call it stood for, so do the pots, so that one
        # fault is one finding.
        meant = replace(replay, contributed=replay.meant, meant=None)
        again = read_stated(hand)
        assert again is not None
        meant_laid = lay_out(hand, meant, again)
        if figures_agree(hand, again, meant_laid, meant.contributed):
            replay, stated, laid = meant, again, meant_laid
    known: Strengths = {}  # (the strengths the quiet path works out, for the audit's)
    unknown: set[str] = set()  # (players whose winnings unshown cards leave unknown)
    won = quiet_winnings(hand, replay, stated, laid, known, unknown) if QUIET else None
    if won is not None:  # everything adds up: no pot rule has anything to report
        replayed: dict[str, int | None] | None = None  # (None: each paid what he won)
        if unknown:
            replayed = {p: None if p in unknown else a for p, a in won.items()}
            for p in unknown:
                replayed[p] = None
        return Settled(_rows(hand, replay.contributed, laid.returns, won, replayed,
                             stated.side))
    audit = audit_laid(hand, replay, profile, stated, laid, known)
    if hand.dialect.payouts == "absent":
        # The history states no payouts (PHH datasets that leave winnings out): the rows
        # say what went in and what the pots should have paid; there is nothing to judge.
        return Settled(payout_rows(audit))
    return Settled(payout_rows(audit), None if audit.quiet and QUIET else audit)


# False: every hand gets the full audit and the pot rules judge it (the plain way, which
# the quiet path must never differ from: tests/corpus/test_speedups_unchanged.py).
QUIET = True


def payout_rows(audit: PotAudit) -> list[PayoutRow]:
    """One row per seated player dealt in (or who put chips in or was paid), seat order.
    ``net`` is the player's chip change as the history states it."""
    won_stated: dict[str, int] = {}
    for ev, _, _ in audit.collected:
        player = ev.player
        won_stated[player] = won_stated.get(player, 0) + ev.amount
    outside = dict(audit.side)
    for player, cash_out in audit.cash_outs.items():
        outside[player] = outside.get(player, 0) + cash_out.amount
    replayed = replayed_winnings(audit)
    for player in audit.cash_outs:
        if replayed.get(player) is not None:  # his share is not awarded: the site pays him
            replayed[player] = 0
    owner = audit.layout.returned_to
    if audit.excess_in_pot and owner is not None and replayed.get(owner) is not None:
        # The excess the history kept in the pot is his own bet, not a pot he wins.
        replayed[owner] -= audit.layout.returned  # type: ignore[operator]
    return _rows(audit.hand, audit.contributed, audit.stated_returns, won_stated, replayed,
                 outside)


def _rows(
    hand: Hand,
    contributed: dict[str, int],
    returned: dict[str, int],
    won_stated: dict[str, int],
    replayed: Mapping[str, int | None] | None,
    outside: dict[str, int] | None = None,
) -> list[PayoutRow]:
    """The payout rows; ``replayed`` None when the replay awards what was collected.

    ``returned`` is what the history returns each player (printed, or implied where the
    site leaves the return inside a collection, which is then counted here and not as
    won), ``outside`` what the site pays each player outside the pot (a cash-out, an
    EV-cashout risk, an insurance premium): part of what he won as stated and, being
    the site's and not the pot's, of what he should have won too. So that on every row
    ``net = won_stated + returned - contributed``, the player's chip change as stated."""
    rows = []
    for seat in hand.seats:
        player = seat.player
        put_in = contributed.get(player, 0)
        extra = outside.get(player, 0) if outside else 0
        won = won_stated.get(player, 0) + extra
        if seat.sitting_out and not put_in and not won:
            continue
        back = returned.get(player, 0) if returned else 0
        should: int | None
        if replayed is None:
            should = won
        else:
            share = replayed.get(player, 0)
            should = None if share is None else share + extra
        rows.append(new_tuple(
            PayoutRow,  # player, seat, contributed, returned, won_stated, won_replayed, net
            (player, seat.seat, put_in, back, won, should, won + back - put_in),
        ))
    return rows
