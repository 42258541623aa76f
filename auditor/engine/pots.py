"""Pots rebuilt from what each player put in: uncalled excess, main pot, side pots.

Pure functions over whole-hand contributions (blinds, antes, every street), following the
"layer" method of docs/rules.md section 5:

1. The largest contribution's excess over the second largest (folded players included)
   goes back to its owner: a layer with one contributor is not a pot.
2. Layers are cut at every contribution level of the players still in the hand, smallest
   first. A layer holds ``Σ (min(c, level) − min(c, previous level))`` over all players, so
   folded players' chips stay in the pots they reached, but only players still in the hand
   whose contribution reaches the level are eligible.
3. Consecutive layers with the same eligible players are one pot.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from auditor.model.tuples import new_tuple


class Pot(NamedTuple):
    """One pot: its amount (before rake) and the players who can win it, in seat order."""

    amount: int
    eligible: tuple[str, ...]


class PotLayout(NamedTuple):
    """The pots of a hand, main pot first, and the uncalled excess given back."""

    pots: tuple[Pot, ...]
    returned_to: str | None = None
    returned: int = 0

    @property
    def total(self) -> int:
        """Everything left in the middle once the uncalled excess is back."""
        total = 0
        for pot in self.pots:
            total += pot.amount
        return total


def uncalled_excess(contributed: Mapping[str, int]) -> tuple[str | None, int]:
    """The player whose contribution exceeds everyone else's, and by how much.

    >>> uncalled_excess({"A": 100, "B": 40, "C": 60})
    ('A', 40)
    >>> uncalled_excess({"A": 100, "B": 100})
    (None, 0)
    """
    top_player: str | None = None
    top = second = 0
    for player, amount in contributed.items():
        if amount > second:  # (top >= second: most amounts stop here)
            if amount > top:
                top_player, top, second = player, amount, top
            else:
                second = amount
    if top_player is None or top == second:
        return None, 0
    return top_player, top - second


def build_pots(
    contributed: Mapping[str, int],
    live: Iterable[str],
    seat_order: Sequence[str] | None = None,
    *,
    cuts: Iterable[int] = (),
    merge: bool = True,
    dead: Mapping[str, int] | None = None,
) -> PotLayout:
    """Rebuild the pots of a hand.

    ``contributed`` is every chip each player put in over the hand, before any uncalled
    excess came back; ``live`` the players still in the hand at the end (not folded);
    ``seat_order`` lists players in seat order (defaults to ``contributed``'s order) and
    fixes the order of each pot's eligible players.

    ``cuts`` adds levels to cut at (a site may cut a pot at the level of a player who
    went all-in and then folded), and ``merge=False`` keeps layers with the same eligible
    players apart, as such a site does.

    Chips above the highest live contribution (possible only in a broken history) join
    the last pot rather than vanish, so that the pots always add up.

    ``dead`` holds the dead blinds inside ``contributed`` (a missed blind posted dead):
    they count for no one's bet, so the layers and the uncalled excess are cut on the
    live chips alone and the dead ones go to the main pot (``cuts`` are then live levels).

    >>> build_pots({"A": 100, "B": 150, "C": 150}, {"A", "B", "C"}).pots
    (Pot(amount=300, eligible=('A', 'B', 'C')), Pot(amount=100, eligible=('B', 'C')))
    >>> build_pots({"A": 64, "B": 50, "C": 5}, {"A", "B"}, dead={"B": 2})
    PotLayout(pots=(Pot(amount=103, eligible=('A', 'B')),), returned_to='A', returned=16)
    """
    if dead:
        live_chips = {p: c - dead.get(p, 0) for p, c in contributed.items()}
        laid = build_pots(live_chips, live, seat_order, cuts=cuts, merge=merge)
        extra = sum(dead.values())
        pots = laid.pots
        main = Pot(pots[0].amount + extra, pots[0].eligible) if pots else Pot(extra, ())
        return PotLayout((main, *pots[1:]), laid.returned_to, laid.returned)
    order = seat_order if seat_order is not None else tuple(contributed)
    returned_to, returned = uncalled_excess(contributed)
    live_amounts: dict[str, int] = {}
    for p in live:  # (a plain loop: cheaper than a comprehension on a few players)
        live_amounts[p] = contributed.get(p, 0)
    if returned_to in live_amounts:
        live_amounts[returned_to] -= returned  # type: ignore[index]
    total = sum(contributed.values()) - returned
    if live_amounts:
        first = True
        top = least = 0
        for c in live_amounts.values():  # (compiled, a loop is native; max() a Python call)
            if first:
                top = least = c
                first = False
            elif c > top:
                top = c
            elif c < least:
                least = c
        if not cuts and least == top:
            # everyone still in put in the same: one pot (the common case, kept fast)
            eligible = tuple([p for p in order if p in live_amounts]) if top else ()
            if len(eligible) != len(live_amounts):
                eligible = tuple(live_amounts)  # some live player is not in seat_order
            # (``new_tuple``, not the classes: calling a ``NamedTuple`` runs the
            # ``__new__`` it writes in Python, and every hand makes these.)
            return new_tuple(PotLayout, ((new_tuple(Pot, (total, eligible)),) if total else (),
                                         returned_to, returned))
    else:
        top = 0
    amounts = contributed
    if returned_to is not None:
        amounts = dict(contributed)
        amounts[returned_to] -= returned
    levels = {c for c in live_amounts.values() if c > 0}
    levels.update(c for c in cuts if 0 < c < top)

    layers: list[Pot] = []
    previous = 0
    placed = 0  # the chips in ``layers``
    for level in sorted(levels):
        size = 0
        for c in amounts.values():
            if c > previous:
                size += (c if c < level else level) - previous
        eligible = tuple([p for p in order if live_amounts.get(p, -1) >= level])
        if merge and layers and layers[-1].eligible == eligible:
            layers[-1] = Pot(layers[-1].amount + size, eligible)
        elif size:
            layers.append(new_tuple(Pot, (size, eligible)))
        placed += size
        previous = level

    leftover = total - placed
    if leftover:
        if layers:
            layers[-1] = Pot(layers[-1].amount + leftover, layers[-1].eligible)
        else:  # nobody left in the hand: keep the chips visible, winnable by no one
            layers.append(Pot(leftover, ()))
        placed += leftover
    # the check of docs/rules.md §5.5: the pots are everything put in, less what went back
    assert placed + returned == sum(contributed.values())
    return new_tuple(PotLayout, (tuple(layers), returned_to, returned))


def pot_shares(contributed: Mapping[str, int], layout: PotLayout) -> list[dict[str, int]] | None:
    """Who put what into each pot of ``layout``, main pot first, by the layer method
    (each pot reaches up to the smallest contribution of its eligible players; the last
    holds what is left). None when the layout is not the plain layers of ``contributed``
    (a site that shows the same chips another way, the house's money): then the pots'
    amounts stand, and their makers are not told.

    >>> pot_shares({"A": 100, "B": 150, "C": 150},
    ...            build_pots({"A": 100, "B": 150, "C": 150}, {"A", "B", "C"}))
    [{'A': 100, 'B': 100, 'C': 100}, {'B': 50, 'C': 50}]
    """
    amounts = dict(contributed)
    if layout.returned_to is not None:
        amounts[layout.returned_to] = amounts.get(layout.returned_to, 0) - layout.returned
    shares: list[dict[str, int]] = []
    previous = 0
    last = len(layout.pots) - 1
    for i, pot in enumerate(layout.pots):
        if i < last:
            if not pot.eligible:
                return None
            level = min(amounts.get(p, 0) for p in pot.eligible)
        else:
            level = max(amounts.values(), default=0)
        share = {p: min(a, level) - previous for p, a in amounts.items() if a > previous}
        share = {p: a for p, a in share.items() if a > 0}
        if sum(share.values()) != pot.amount:
            return None
        shares.append(share)
        previous = level
    return shares
