"""How a site may present the same chips another legal way than the replay does.

The replay's pots follow docs/rules.md section 5 exactly. Sites sometimes show the same
result differently: the uncalled bet counted street by street when dead money was
posted, the uncalled excess left in the pot and paid back to its owner from it, or a pot
cut at the level of a player who went all-in and then folded. ``as_the_site_shows_it``
shifts the replayed layout to the site's way when, and only when, the history's own
figures show that way, so that every stated figure can be compared one to one.
"""

from __future__ import annotations

from collections.abc import Sequence

from auditor.engine.pots import Pot, PotLayout, build_pots, uncalled_excess
from auditor.engine.result import ReplayResult
from auditor.model.events import Bet, Call, Collected, PostBlind, PotSummary, Raise, StreetStart
from auditor.model.hand import Hand


def street_uncalled(hand: Hand) -> tuple[str | None, int]:
    """The uncalled bet as sites print it: on the last street with betting, the top
    street commitment's excess over the next one. It differs from the whole-hand excess
    only when dead money (antes, dead blinds) was posted unevenly; the two give every
    player the same result."""
    commits: dict[str, int] = {}
    street = None
    for ev in hand.events:
        kind = type(ev)
        if kind is StreetStart:
            if ev.street != street and ev.run <= 1:  # type: ignore[attr-defined]
                street = ev.street  # type: ignore[attr-defined]
                if any(commits.values()):
                    commits = {}
        elif kind is PostBlind:
            if ev.kind not in ("ante", "dead"):  # type: ignore[attr-defined]
                live = ev.amount - ev.dead  # type: ignore[attr-defined]
                commits[ev.player] = commits.get(ev.player, 0) + live  # type: ignore[attr-defined]
        elif kind is Call or kind is Bet:
            commits[ev.player] = commits.get(ev.player, 0) + ev.amount  # type: ignore[attr-defined]
        elif kind is Raise:
            commits[ev.player] = ev.to  # type: ignore[attr-defined]
    return uncalled_excess(commits)


def as_the_site_shows_it(
    hand: Hand,
    replay: ReplayResult,
    layout: PotLayout,
    live: Sequence[str],
    order: Sequence[str],
    stated: dict[str, int],
    raw_collected: list[tuple[Collected, int, int]],
    summary: PotSummary | None,
) -> tuple[PotLayout, bool]:
    """The replayed pots, shifted where the site presents the same chips another legal
    way, so that its figures can be compared one to one. Returns the layout and whether
    the uncalled excess was left in the pot (and paid back to its owner from it).

    - Dead money: the site returns the street-view uncalled bet (``street_uncalled``);
      the difference moves between the return and the bettor's own last pot.
    - No return line, the excess counted in the stated total and collected by its owner
      (converted histories): the excess is a pot of his own.
    - More stated pots than replayed ones: the site also cut at the level of a player
      all-in and folded (a sitting-out blind), and kept same-eligible layers apart.
    """
    owner, excess = layout.returned_to, layout.returned
    pots = layout.pots
    if stated and (owner is None or stated.get(owner, 0) != excess):
        s_owner, s_excess = street_uncalled(hand)
        if (
            s_owner is not None
            and s_owner in (owner, None)
            and stated.get(s_owner) == s_excess
            and pots
            and pots[-1].eligible == (s_owner,)
        ):
            shift = s_excess - (excess if owner == s_owner else 0)
            last = pots[-1]
            if 0 < shift < last.amount:
                new_last = Pot(last.amount - shift, last.eligible)
                return PotLayout((*pots[:-1], new_last), s_owner, s_excess), False
    if owner is not None and owner not in stated and summary is not None:
        taken = sum(ev.amount for ev, _, _ in raw_collected if ev.player == owner)
        if summary.total == layout.total + excess and taken >= excess:
            if pots and pots[-1].eligible == (owner,):
                last = Pot(pots[-1].amount + excess, (owner,))
                return PotLayout((*pots[:-1], last), owner, excess), True
            return PotLayout((*pots, Pot(excess, (owner,))), owner, excess), True
    if summary is not None and summary.main is not None:
        wanted = len(summary.sides) + 1
        if wanted > len(pots):
            all_in = set(replay.all_in)
            all_in.update(
                ev.player  # type: ignore[attr-defined]
                for ev in hand.events
                if type(ev) in (PostBlind, Call, Bet, Raise) and ev.all_in  # type: ignore[attr-defined]
            )
            dead = replay.dead
            cuts = [replay.contributed.get(p, 0) - dead.get(p, 0) for p in all_in]
            alt = build_pots(replay.contributed, live, order, cuts=cuts, merge=False,
                             dead=dead)
            if len(alt.pots) == wanted:
                return alt, False
    return layout, False
