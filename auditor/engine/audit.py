"""The pots of one hand, rebuilt and set beside what the history states.

``audit_pots`` gathers the facts every pot rule (SP001–SP007) and the explanation need,
in one pass over the events: the replayed pots and uncalled excess, the stated returns,
collections, cash-outs and summary, the boards of each run, the shown hands, and for each
pot on each board who should win and what each player was paid. The rules then only
compare; no rule redoes this arithmetic.

Choices a reader may want to know:

- Only shown cards judge a pot. A player who mucked conceded that board's pots, unless
  he collected from them (then his hand is simply unknown). A pot with an eligible player
  whose cards are unknown is not decided; only shown hands beaten on every half are known
  losers.
- When a pot is run more than once, it is split into equal parts, the odd chips (smallest
  unit) to the first run, as PokerStars pays them.
- The odd chips of a split go one unit at a time by the profile's rule. The unit is one
  smallest unit; since a history does not name the smallest chip in play, a split that is
  exact in a larger round chip no bigger than the small stake (5, 10, 25, … units) is
  accepted too (PokerStars split in 5-cent chips at $0.25/$0.50 in 2008).
- The rake may come out of any pot: a stated main or side pot may be smaller than the
  replayed one by at most the stated rake and fees altogether.
- Where a site shows the same chips another legal way (uncalled bets street by street,
  silent returns in old histories, …) the layout is shifted to its way first
  (``auditor.engine.site_view``). The questions the rules ask of an audit are in
  ``auditor.engine.payments``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from auditor.config import Profile
from auditor.engine.pots import PotLayout, build_pots
from auditor.engine.result import ReplayResult
from auditor.engine.showdown import (
    CardError,
    Strength,
    Verdict,
    clockwise_from_button,
    describe,
    judge,
    share_out,
    split_runs,
    strength,
)
from auditor.engine.site_view import as_the_site_shows_it
from auditor.model.events import (
    BoardSummary,
    CashedOut,
    Collected,
    HandCancelled,
    Mucks,
    PotSummary,
    ShowdownStart,
    Shows,
    StreetStart,
    UncalledReturned,
)
from auditor.model.hand import Hand
from auditor.model.money import format_amount

_ROUND_CHIPS = (5, 10, 25, 50, 100, 500, 1000, 5000, 10000, 25000)
_SETTLE_EVENTS = frozenset(
    {
        StreetStart, Collected, UncalledReturned, PotSummary, ShowdownStart, Shows, Mucks,
        CashedOut, BoardSummary, HandCancelled,
    }
)  # fmt: skip
_RUN_NAMES = ("", "first", "second", "third", "fourth")


@dataclass(slots=True)
class PartAudit:
    """One pot on one board: who should win it and who was paid what.

    ``amount`` is what this part had to pay out after rake, when the history lets us know
    it; ``paid`` what the ``collected`` lines gave each player; ``expected`` the replayed
    shares (None when the winners cannot be told from the shown cards). ``compared`` are
    the players whose stated and replayed amounts must agree (a player who cashed out is
    paid by the site instead).
    """

    pot: int
    run: int
    eligible: tuple[str, ...]
    contenders: tuple[str, ...]
    verdict: Verdict
    amount: int | None
    paid: dict[str, int] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    expected: dict[str, int] | None = None
    unit: int = 1
    compared: tuple[str, ...] = ()
    clean: bool = False  # decided, and paid exactly as replayed: nothing to report


@dataclass(slots=True)
class PotAudit:
    """Everything the pot rules compare, for one hand."""

    hand: Hand
    profile: Profile
    layout: PotLayout
    contributed: dict[str, int]
    seat_of: dict[str, int]
    returns: list[UncalledReturned]
    collected: list[tuple[Collected, int, int]]  # (event, pot index, run)
    cash_outs: dict[str, CashedOut]
    summary: PotSummary | None
    showdown: bool
    runs: int
    boards: dict[int, tuple[str, ...]]
    shown: dict[str, tuple[str, ...]]
    net: list[int | None]
    parts: list[PartAudit]
    odd_units: tuple[int, ...]
    strengths: dict[tuple[str, int], Strength | None]
    history_returns: dict[str, int] = field(default_factory=dict)
    excess_in_pot: bool = False
    clean: bool = False  # every part decided and paid exactly as replayed

    @property
    def deductions(self) -> int:
        """The stated rake plus every other stated fee."""
        s = self.summary
        return 0 if s is None else s.rake + sum(a for _, a in s.fees)

    @property
    def stated_returns(self) -> dict[str, int]:
        """Uncalled bets returned, by player, as the history states or implies them."""
        return self.history_returns

    @property
    def anchor_line(self) -> int:
        """Where a whole-hand finding points: the pot summary line, else the last line."""
        return self.summary.line if self.summary is not None else self.hand.last_line

    def money(self, units: int) -> str:
        """An amount as the hand prints it (``$1.25``)."""
        info = self.hand.info
        return format_amount(units, info.decimals, info.symbol)

    def hand_name(self, player: str, run: int = 0) -> str:
        """The player's shown hand in words ("two pair, Aces and Queens"), or "unknown
        hand"."""
        info = self.hand.info
        cards = self.shown.get(player, ())
        board = self.boards.get(run, ())
        if self.strengths.get((player, run)) is None and _strength(self, player, run) is None:
            return "unknown hand" if not cards else f"hand [{' '.join(cards)}]"
        return describe(info.game, info.hi_lo, cards, board)

    def pot_name(self, pot: int, run: int = 0) -> str:
        """``the main pot``, ``side pot-2``, ``the pot``; with the board when run twice."""
        if len(self.layout.pots) == 1:
            name = "the pot"
        else:
            name = "the main pot" if pot == 0 else f"side pot-{pot}"
        if run and self.runs > 1:
            name += f" on the {_RUN_NAMES[run] if run < len(_RUN_NAMES) else run} board"
        return name


def odd_chip_units(hand: Hand) -> tuple[int, ...]:
    """The chip sizes an odd chip may come in: one smallest unit, or a round chip no
    larger than the hand's small stake."""
    return _units_for(hand.info.stakes)


@cache
def _units_for(stakes: tuple[int, int]) -> tuple[int, ...]:
    small = min((s for s in stakes if s > 0), default=1)
    return (1, *(c for c in _ROUND_CHIPS if c <= small))


def audit_pots(hand: Hand, replay: ReplayResult, profile: Profile) -> PotAudit | None:
    """Rebuild the pots of ``hand`` and line them up with what it states. None for a
    cancelled hand (its chips went back; there is nothing to settle)."""
    returns: list[UncalledReturned] = []
    raw_collected: list[tuple[Collected, int]] = []
    paid_out = 0
    cash_outs: dict[str, CashedOut] = {}
    summary: PotSummary | None = None
    showdown = False
    run = 0
    max_run = 0
    boards: dict[int, tuple[str, ...]] = {}
    summary_boards: dict[int, tuple[str, ...]] = {}
    shown: dict[str, tuple[str, ...]] = {}
    mucked: set[tuple[str, int]] = set()

    for ev in hand.events:
        kind = type(ev)
        if kind not in _SETTLE_EVENTS:
            continue
        if kind is StreetStart:
            boards[ev.run] = ev.board  # type: ignore[attr-defined]
            if ev.run > max_run:  # type: ignore[attr-defined]
                max_run = ev.run  # type: ignore[attr-defined]
        elif kind is Collected:
            on_run = ev.run or run  # type: ignore[attr-defined]
            raw_collected.append((ev, on_run))  # type: ignore[arg-type]
            paid_out += ev.amount  # type: ignore[attr-defined]
            if on_run > max_run:
                max_run = on_run
        elif kind is UncalledReturned:
            returns.append(ev)  # type: ignore[arg-type]
        elif kind is PotSummary:
            summary = ev  # type: ignore[assignment]
        elif kind is ShowdownStart:
            showdown = True
            run = ev.run  # type: ignore[attr-defined]
            if run > max_run:
                max_run = run
        elif kind is Shows:
            shown[ev.player] = ev.cards  # type: ignore[attr-defined]
        elif kind is Mucks:
            mucked.add((ev.player, run))  # type: ignore[attr-defined]
        elif kind is CashedOut:
            cash_outs[ev.player] = ev  # type: ignore[index]
        elif kind is BoardSummary:
            summary_boards[ev.run] = ev.cards  # type: ignore[attr-defined]
            if ev.run > max_run:  # type: ignore[attr-defined]
                max_run = ev.run  # type: ignore[attr-defined]
        elif kind is HandCancelled:
            return None

    seat_of = {s.player: s.seat for s in hand.seats}
    order = list(seat_of)
    contributed = replay.contributed
    if len(contributed) > len(seat_of) or not contributed.keys() <= seat_of.keys():
        order += [p for p in contributed if p not in seat_of]
    folded = replay.folded
    live = [p for p in order if p not in folded and contributed.get(p, 0) > 0]
    layout = build_pots(contributed, live, order)
    stated: dict[str, int] = {}
    for r in returns:
        stated[r.player] = stated.get(r.player, 0) + r.amount
    owner = layout.returned_to
    excess_in_pot = False
    if (
        (stated and (owner is None or stated.get(owner, 0) != layout.returned))
        or (owner is not None and not stated and summary is not None)
        or (
            summary is not None
            and summary.main is not None
            and len(summary.sides) + 1 != len(layout.pots)
        )
    ):  # the history may show the same chips another legal way
        layout, excess_in_pot = as_the_site_shows_it(
            hand, replay, layout, live, order, stated, raw_collected, summary
        )
        owner = layout.returned_to
    if owner is not None and not stated and not excess_in_pot:
        # Old PokerStars histories (2005–2009) print no "Uncalled bet" line: the excess
        # goes back silently. When the stated total or the amounts paid out leave it
        # out of the pot, the history does account for the return.
        deductions = 0 if summary is None else summary.rake + sum(a for _, a in summary.fees)
        if (summary is not None and summary.total == layout.total) or (
            paid_out + deductions == layout.total
        ):
            stated[owner] = layout.returned

    runs = max_run or 1
    run_keys = list(range(1, runs + 1)) if runs > 1 else [0]
    if showdown or runs > 1:
        for r in run_keys:
            board = boards.get(r) or boards.get(0, ())
            if len(board) < 5 and len(summary_boards.get(r, ())) == 5:
                board = summary_boards[r]
            boards[r] = board

    collected = _assign_pots(raw_collected, layout, runs)
    net = _net_amounts(layout, summary)
    audit = PotAudit(
        hand=hand,
        profile=profile,
        layout=layout,
        contributed=contributed,
        seat_of=seat_of,
        returns=returns,
        collected=collected,
        cash_outs=cash_outs,
        summary=summary,
        showdown=showdown,
        runs=runs,
        boards=boards,
        shown=shown,
        net=net,
        parts=[],
        odd_units=odd_chip_units(hand),
        strengths={},
        history_returns=stated,
        excess_in_pot=excess_in_pot,
    )
    audit.parts = parts = _judge_parts(audit, run_keys, mucked)
    audit.clean = all(part.clean for part in parts)
    return audit


def _assign_pots(
    raw: list[tuple[Collected, int]], layout: PotLayout, runs: int
) -> list[tuple[Collected, int, int]]:
    """Give each ``collected`` line its pot index and run. A line whose pot the site does
    not name goes to the first pot its player can win that still has room."""
    pots = layout.pots
    if len(pots) <= 1 and runs == 1:
        return [(ev, 0, run) for ev, run in raw]
    room = [p.amount for p in pots]
    out = []
    for ev, run in raw:
        if runs > 1 and run == 0:
            run = 1
        label = ev.pot
        if len(pots) <= 1:
            index = 0
        elif label is not None and label < len(pots):
            index = label
        else:
            eligible = [i for i, p in enumerate(pots) if ev.player in p.eligible]
            fits = [i for i in eligible if room[i] >= ev.amount]
            index = fits[0] if fits else (eligible[-1] if eligible else 0)
        if pots:
            room[index] -= ev.amount
        out.append((ev, index, run))
    return out


def _net_amounts(layout: PotLayout, summary: PotSummary | None) -> list[int | None]:
    """What each pot had to pay out after rake and fees, where the history tells it: the
    stated main and side pots when they are the replayed ones less exactly the rake and
    fees, or the one pot less them."""
    pots = layout.pots
    if summary is None:
        return [p.amount for p in pots]
    deductions = summary.rake + sum(a for _, a in summary.fees)
    if not deductions:
        return [p.amount for p in pots]
    if len(pots) == 1:
        return [max(pots[0].amount - deductions, 0)]
    if summary.main is not None and len(summary.sides) + 1 == len(pots):
        stated = (summary.main, *summary.sides)
        taken = [p.amount - s for p, s in zip(pots, stated, strict=True)]
        if min(taken) >= 0 and sum(taken) == deductions:
            return list(stated)
    return [None] * len(pots)


def _judge_parts(
    audit: PotAudit, run_keys: Sequence[int], mucked: set[tuple[str, int]]
) -> list[PartAudit]:
    """Decide every pot on every board and compare the stated payments with it."""
    pots = audit.layout.pots
    if len(pots) == 1 and len(run_keys) == 1 and len(pots[0].eligible) == 1:
        part = _uncontested(audit, pots[0].eligible, run_keys[0])
        if part is not None:
            return [part]
    hand = audit.hand
    info = hand.info
    parts: list[PartAudit] = []
    paid: dict[tuple[int, int], dict[str, int]] = {}
    lines: dict[tuple[int, int], dict[str, int]] = {}
    for ev, pot, run in audit.collected:
        key = (pot, run)
        bucket = paid.setdefault(key, {})
        bucket[ev.player] = bucket.get(ev.player, 0) + ev.amount
        lines.setdefault(key, {}).setdefault(ev.player, ev.line)

    runs = len(run_keys)
    hi_lo = info.hi_lo
    for index, pot in enumerate(audit.layout.pots):
        net = audit.net[index]
        if runs == 1:
            amounts: Sequence[int | None] = (net,)
        else:
            amounts = split_runs(net, runs) if net is not None else (None,) * runs
        eligible = pot.eligible
        for run, amount in zip(run_keys, amounts, strict=True):
            got = paid.get((index, run), {})
            if len(eligible) == 1:  # nobody to beat: no showdown for this pot
                contenders = eligible
                verdict = Verdict(True, eligible)
            else:
                contenders = tuple(
                    p
                    for p in eligible
                    if ((p, run) not in mucked and (p, 0) not in mucked) or got.get(p)
                )
                if contenders:
                    strengths = {p: _strength(audit, p, run) for p in contenders}
                    verdict = judge(contenders, strengths, hi_lo)
                else:
                    verdict = Verdict(False)
            part = PartAudit(
                pot=index,
                run=run,
                eligible=eligible,
                contenders=contenders,
                verdict=verdict,
                amount=amount,
                paid=got,
                lines=lines.get((index, run), {}),
            )
            if verdict.decided:
                _expect(audit, part)
            parts.append(part)
    return parts


def _uncontested(audit: PotAudit, eligible: tuple[str, ...], run: int) -> PartAudit | None:
    """The one pot of a hand everyone else folded (the common case, kept fast); None
    when its winner cashed out (the general path handles that)."""
    winner = eligible[0]
    if winner in audit.cash_outs:
        return None
    paid: dict[str, int] = {}
    lines: dict[str, int] = {}
    for ev, _, _ in audit.collected:
        player = ev.player
        if player in paid:
            paid[player] += ev.amount
        else:
            paid[player] = ev.amount
            lines[player] = ev.line
    others = [p for p in paid if p != winner]
    return PartAudit(
        pot=0,
        run=run,
        eligible=eligible,
        contenders=eligible,
        verdict=Verdict(True, eligible),
        amount=audit.net[0],
        paid=paid,
        lines=lines,
        expected={winner: sum(paid.values())},
        compared=(winner, *others),
        clean=not others,
    )


def _strength(audit: PotAudit, player: str, run: int) -> Strength | None:
    """A contender's hand strength on one board, None when his cards are not known."""
    key = (player, run)
    if key in audit.strengths:
        return audit.strengths[key]
    info = audit.hand.info
    cards = audit.shown.get(player, ())
    board = audit.boards.get(run, ())
    result: Strength | None = None
    if info.game != "other" and len(cards) == info.hole_cards and len(board) == 5:
        try:
            result = strength(info.game, info.hi_lo, cards, board)
        except CardError:
            result = None
    audit.strengths[key] = result
    return result


def odd_chip_order(audit: PotAudit, players: Sequence[str]) -> list[str]:
    """Who gets odd chips first, by the profile's rule: ``button-left`` (first clockwise
    from the button) or ``best-hand-suit`` (highest hole card, by rank then suit
    ♠ > ♥ > ♦ > ♣; players with unknown cards after, left of the button first)."""
    ordered = clockwise_from_button(players, audit.seat_of, audit.hand.info.button_seat)
    if audit.profile.odd_chip == "best-hand-suit":

        def top_card(p: str) -> tuple[int, int]:
            cards = audit.shown.get(p, ())
            return max(
                (("23456789TJQKA".index(c[0]), "cdhs".index(c[1])) for c in cards),
                default=(-1, -1),
            )

        ordered.sort(key=top_card, reverse=True)
    return ordered


def _expect(audit: PotAudit, part: PartAudit) -> None:
    """Fill in the replayed shares of a decided part, in the odd-chip unit that matches
    the stated payments if one does (else one smallest unit)."""
    verdict = part.verdict
    if len(verdict.high_winners) == 1 and not verdict.low_winners:
        winner = verdict.high_winners[0]
        if winner not in audit.cash_outs:  # one winner takes all that was paid
            part.expected = {winner: sum(part.paid.values())}
            part.compared = tuple(dict.fromkeys((winner, *part.paid)))
            part.clean = part.paid.keys() <= {winner}
            return
    cashed = [p for p in verdict.winners if p in audit.cash_outs]
    if cashed:
        # A winner who cashed out is paid by the site: his share is not awarded, so the
        # part's full amount must be known from the summary to judge the others.
        if part.amount is None:
            return
        amount = part.amount
    else:
        amount = sum(part.paid.values())  # judge how what was paid was shared out
    order = odd_chip_order(audit, part.contenders)
    winners = verdict.winners
    everyone = (*part.contenders, *(p for p in part.paid if p not in part.contenders))
    part.compared = tuple(
        p for p in everyone if (p in winners or p in part.paid) and p not in audit.cash_outs
    )  # in seat order, so that reports do not depend on set order
    first: dict[str, int] | None = None
    for unit in audit.odd_units:
        shares = share_out(amount, part.verdict, order, unit)
        if first is None:
            first = shares
        if all(shares.get(p, 0) == part.paid.get(p, 0) for p in part.compared):
            part.expected, part.unit = shares, unit
            part.clean = all(p in shares for p, a in part.paid.items() if a > 0)
            return
    part.expected = first
