"""Which pot each collection came from, when the history does not say.

GGPoker and PokerNow repeat ``collected $X from pot`` once per pot, iPoker gives one
total per player, Winamax's labels are only hints (it merges a main and a side pot won by
one player, and labels a returned excess a side pot). To judge each pot on its own, every
collection is fitted to a replayed pot: by the player's eligibility (a hard rule where it
can be kept), so that each pot pays out what it holds (less its share of the rake, which
no site breaks down by pot), in the order the site prints its pots (main first), and
following a label where there is one. A correct split of a main and a side pot is then
never read as an unequal split of one pot.

The fit is an exhaustive search over the few pots each collection could come from (a
hand has a handful of collections), scored so that the best assignment is the one that
explains the stated amounts most exactly; a hand too large for it gets the first pot with
room, as a history with labels would.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Final, NamedTuple

_MAX_TRIES: Final = 20_000  # assignments tried before falling back to first-fit


class Claim(NamedTuple):
    """One collection to place: who, how much, and the pot its label names (None)."""

    player: str
    amount: int
    label: int | None = None


def fit(claims: Sequence[Claim], pots: Sequence[tuple[int, tuple[str, ...]]],
        deductions: int | None) -> list[int]:
    """The pot index of each claim. ``pots`` are (amount, eligible players), main pot
    first; ``deductions`` the rake and fees taken from them altogether (None: unknown).

    Among the assignments that give each claim a pot its player may win (or, if none
    can, any pot), the best one leaves no pot paying more than it holds, takes exactly
    the deductions from the pots altogether, and then follows the labels and the printed
    order (a player's claims main pot first)."""
    if not pots:
        return [0] * len(claims)
    choices: list[list[int]] = []
    for c in claims:
        eligible = [i for i, (_, players) in enumerate(pots) if c.player in players]
        choices.append(eligible or list(range(len(pots))))
    tries = 1
    for options in choices:
        tries *= len(options)
    if tries > _MAX_TRIES:
        return _first_fit(claims, pots)
    best: tuple[int, ...] | None = None
    best_score: tuple[int, int, int, int] | None = None
    for assignment in product(*choices):
        score = _score(claims, pots, deductions, assignment)
        if best_score is None or score < best_score:
            best, best_score = assignment, score
    return list(best or ())


def _score(claims: Sequence[Claim], pots: Sequence[tuple[int, tuple[str, ...]]],
           deductions: int | None, assignment: tuple[int, ...]) -> tuple[int, int, int, int]:
    """Lower is better: (chips paid beyond what pots hold plus chips left unexplained,
    pots left unpaid, labels not followed, claims out of the printed order)."""
    paid = [0] * len(pots)
    for claim, pot in zip(claims, assignment, strict=True):
        paid[pot] += claim.amount
    over = sum(max(0, p - amount) for p, (amount, _) in zip(paid, pots, strict=True))
    short = sum(max(0, amount - p) for p, (amount, _) in zip(paid, pots, strict=True))
    # Every pot pays out: one left unpaid while another pays more is the worse reading.
    missing = sum(1 for p, (amount, _) in zip(paid, pots, strict=True) if amount and not p)
    # With an unknown rake only what no pot can hold is an error.
    error = over * 4 + (abs(short - deductions) if deductions is not None else 0)
    labels = sum(1 for c, pot in zip(claims, assignment, strict=True)
                 if c.label is not None and c.label != pot)
    disorder = 0
    last: dict[str, int] = {}
    for claim, pot in zip(claims, assignment, strict=True):
        if pot < last.get(claim.player, -1):
            disorder += 1
        last[claim.player] = pot
    return error, missing, labels, disorder


def _first_fit(claims: Sequence[Claim], pots: Sequence[tuple[int, tuple[str, ...]]]
               ) -> list[int]:
    """The first pot the player may win that still has room (else his last pot)."""
    room = [amount for amount, _ in pots]
    out = []
    for c in claims:
        eligible = [i for i, (_, players) in enumerate(pots) if c.player in players]
        fits = [i for i in eligible if room[i] >= c.amount]
        index = fits[0] if fits else (eligible[-1] if eligible else 0)
        room[index] -= c.amount
        out.append(index)
    return out
