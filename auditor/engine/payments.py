"""Queries on an audited hand: who was paid what against what the replay says.

The pot rules (SP003–SP007) and the payouts table ask these questions of a ``PotAudit``;
the answers live here so that no rule redoes the arithmetic.
"""

from __future__ import annotations

from itertools import permutations

from auditor.engine.audit import PartAudit, PotAudit, odd_chip_order
from auditor.engine.showdown import share_out, split_runs


def replayed_winnings(audit: PotAudit) -> dict[str, int | None]:
    """What the pots should have paid each player, after rake; None where unknown cards
    (or an unknown rake split with a cash-out) keep the replay from judging."""
    won: dict[str, int | None] = dict.fromkeys(audit.seat_of, 0)
    if audit.clean and not audit.cash_outs:  # paid as replayed: the shares are the payments
        whole = True  # and each part paid out all it had
        for part in audit.parts:
            paid = part.paid
            for p, a in paid.items():
                won[p] = won.get(p, 0) + a  # type: ignore[operator]
            if whole and part.amount is not None and part.amount != sum(paid.values()):
                whole = False
        if whole:
            return won
        won = dict.fromkeys(audit.seat_of, 0)
    for part in audit.parts:
        if part.verdict.decided:
            shares = part_shares(audit, part)
            if shares is None:
                for p in part.verdict.winners:
                    won[p] = None
                continue
            for p, a in shares.items():
                if won.get(p) is not None:
                    won[p] = won.get(p, 0) + a  # type: ignore[operator]
        else:
            for p in part.contenders:
                if p not in part.verdict.beaten:
                    won[p] = None
    return won


def part_shares(audit: PotAudit, part: PartAudit) -> dict[str, int] | None:
    """What one decided part should pay each winner, after its rake where its amount is
    known (the shares of what was paid otherwise); None when that cannot be told."""
    shares = part.expected
    if shares is None or not part.verdict.decided:
        return None
    if part.amount is not None and part.amount != sum(shares.values()):
        order = odd_chip_order(audit, part.contenders)
        shares = share_out(part.amount, part.verdict, order, part.unit,
                           all_to_first=_all_to_first(audit))
    return shares


def collectors(part: PartAudit) -> list[str]:
    """Players paid something from this part, in the order the lines came."""
    return [p for p, a in part.paid.items() if a > 0]


def is_wrong_winner(part: PartAudit, player: str) -> bool:
    """Whether ``player``, eligible and paid from ``part``, is beaten by another eligible
    hand on every half (judged from shown cards only)."""
    v = part.verdict
    if v.decided:
        return player not in v.winners
    return player in v.beaten


def share_fault(audit: PotAudit, part: PartAudit) -> tuple[str, str] | None:
    """How the winners of a part were paid wrong among themselves, if they were:
    ``("odd_chip", player)`` when the amounts are the equal split's but the odd chips
    went to the wrong winners, ``("unequal", player)`` when the shares are unequal beyond
    the odd chips; ``player`` is the winner paid furthest from his share. None when the
    part is paid right, or holds an ineligible or beaten collector (reported elsewhere),
    or cannot be judged."""
    if part.clean:
        return None
    paid = collectors(part)
    if not paid or any(p not in part.eligible or is_wrong_winner(part, p) for p in paid):
        return None
    if part.verdict.decided:
        expected = part.expected
        if expected is None or part.unit != 1 or not part.compared:
            return None  # unit != 1: an exact split in a round chip was found
        diffs = {p: part.paid.get(p, 0) - expected.get(p, 0) for p in part.compared}
        if not any(diffs.values()):
            return None
        pots = len(audit.layout.pots)
        if audit.hand.dialect.pot_labels != "reliable" and pots > 1 and all(
                abs(d) < pots for d in diffs.values()):
            # Unlabelled collections of several pots (iPoker pays one total per player):
            # each pot may leave its own odd chip, and which went where cannot be told.
            return None
        worst = max(part.compared, key=lambda p: abs(diffs[p]))
        if _odd_chips_elsewhere(audit, part, sum(expected.values())):
            return "odd_chip", worst
        return "unequal", worst
    if audit.hand.info.hi_lo or len(paid) < 2:
        return None  # the winners' shares cannot be told apart from high and low halves
    amounts = [part.paid[p] for p in paid]
    if max(amounts) - min(amounts) > max(audit.odd_units):
        return "unequal", max(paid, key=lambda p: part.paid[p])
    return None


def _odd_chips_elsewhere(audit: PotAudit, part: PartAudit, amount: int) -> bool:
    """Whether the payments are an equal split whose odd chips went in another order
    than the rule's, one unit at a time or all to one winner (every order of up to five
    winners is tried; more winners are compared as a set of amounts)."""
    winners = sorted(part.verdict.winners)
    paid = {p: part.paid.get(p, 0) for p in part.compared}
    if len(winners) > 5:
        stated = sorted(paid.values())
        order = odd_chip_order(audit, part.contenders)
        return any(
            sorted(share_out(amount, part.verdict, order, u, all_to_first=first).get(p, 0)
                   for p in paid) == stated
            for u in audit.odd_units for first in (False, True)
        )
    halves = (True, False) if part.verdict.low_winners else (True,)
    for turn in permutations(winners):
        for unit in audit.odd_units:
            for odd_to_high in halves:
                for first in (False, True):
                    shares = share_out(amount, part.verdict, turn, unit,
                                       odd_to_high=odd_to_high, all_to_first=first)
                    if all(shares.get(p, 0) == a for p, a in paid.items()):
                        return True
    return False


def _all_to_first(audit: PotAudit) -> bool:
    """Whether the profile gives a split's odd units all to the first winner."""
    return audit.profile.odd_chip_split == "all-to-first"


def unequal_runs(audit: PotAudit) -> list[tuple[PartAudit, int]]:
    """Parts of pots run more than once whose paid amounts are not equal parts (beyond
    the odd chips), with the part each should have been. Pots with a cashed-out player
    are left out: his share is not paid on any board."""
    out: list[tuple[PartAudit, int]] = []
    if audit.runs < 2:
        return out
    by_pot: dict[int, list[PartAudit]] = {}
    for part in audit.parts:
        by_pot.setdefault(part.pot, []).append(part)
    slack = max(audit.odd_units)
    for parts in by_pot.values():
        if any(p in audit.cash_outs for p in parts[0].eligible) or len(parts[0].eligible) < 2:
            continue  # (a pot one player alone can win is not run: ``run_parts``)
        paid = [sum(part.paid.values()) for part in parts]
        for part, got, due in zip(parts, paid, split_runs(sum(paid), len(parts)), strict=True):
            if abs(got - due) > slack:
                out.append((part, due))
                break
    return out


def unawarded(audit: PotAudit) -> int | None:
    """The pot shares of players who cashed out (paid by the site instead, so not
    collected); None when they cannot be told."""
    if not audit.cash_outs:
        return 0
    total = 0
    for part in audit.parts:
        cashed = [p for p in part.eligible if p in audit.cash_outs]
        if not cashed:
            continue
        v = part.verdict
        if not v.decided:
            if any(p not in v.beaten for p in cashed if p in part.contenders):
                return None
            continue
        if not any(p in v.winners for p in cashed):
            continue
        if part.amount is None:
            return None
        order = odd_chip_order(audit, part.contenders)
        shares = share_out(part.amount, v, order, part.unit, all_to_first=_all_to_first(audit))
        total += sum(shares.get(p, 0) for p in cashed)
    return total
