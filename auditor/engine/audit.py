"""The pots of one hand, rebuilt and set beside what the history states.

``audit_pots`` gathers the facts every pot rule (SP001–SP007) and the explanation need,
in one pass over the events: the replayed pots and uncalled excess, the stated returns,
collections, cash-outs and summary, the boards of each run, the shown hands, and for each
pot on each board who should win and what each player was paid. The rules then only
compare; no rule redoes this arithmetic.

It is done in three steps that ``settle`` also takes one by one: ``read_stated`` (the one
pass over the events), ``lay_out`` (the replayed pots beside the stated returns) and
``audit_laid`` (the verdicts and payments of every pot). Between the last two,
``quiet_winnings`` settles the common hand that adds up, with the same arithmetic and
without building the audit; it gives up, to ``audit_laid``, at the first thing that
differs.

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
from typing import Final, TypeAlias

from auditor.engine.fitting import Claim, fit
from auditor.engine.pots import Pot, PotLayout, build_pots
from auditor.engine.result import ReplayResult
from auditor.engine.showdown import (
    CardError,
    Strength,
    Verdict,
    clockwise_from_button,
    describe,
    judge,
    run_parts,
    share_out,
    split_runs,
    strength,
    strengths_on,
)
from auditor.engine.site_view import as_the_site_shows_it, street_uncalled
from auditor.model.events import (
    Bet,
    BoardSummary,
    Call,
    CashedOut,
    Check,
    Collected,
    HandCancelled,
    HouseMoney,
    Mucks,
    PostBlind,
    PotSummary,
    Raise,
    ShowdownStart,
    Shows,
    SidePayment,
    StreetStart,
    UncalledReturned,
)
from auditor.model.hand import Hand
from auditor.model.money import format_amount
from auditor.model.profile import Profile

_ROUND_CHIPS: Final = (5, 10, 25, 50, 100, 500, 1000, 5000, 10000, 25000)
_SETTLE_EVENTS: Final = frozenset(
    {
        StreetStart, Collected, UncalledReturned, PotSummary, ShowdownStart, Shows, Mucks,
        CashedOut, BoardSummary, HandCancelled, HouseMoney, SidePayment,
    }
)  # fmt: skip
_RUN_NAMES: Final = ("", "first", "second", "third", "fourth")
_ONE_BOARD: Final = (0,)  # the run key of a hand dealt once

# Hand strengths by (player, run): None where the cards or the board are not all known.
Strengths: TypeAlias = dict[tuple[str, int], Strength | None]


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
    strengths: Strengths
    history_returns: dict[str, int] = field(default_factory=dict)
    excess_in_pot: bool = False
    known_deductions: int | None = 0  # the rake and fees as the dialect knows them
    house: int = 0  # chips the house put into the main pot
    side: dict[str, int] = field(default_factory=dict)  # payments outside the pot
    clean: bool = False  # every part decided and paid exactly as replayed
    # Everything adds up (the common hand): one board, every part paid as replayed, no
    # cash-out, the stated return is the uncalled excess, the stated total the replayed
    # one, and the chips are conserved. No pot rule can report anything on such a hand.
    quiet: bool = False

    @property
    def deductions(self) -> int | None:
        """The rake plus every other fee, as the site's dialect knows them: stated,
        derived, none (0) or unknown (None)."""
        return self.known_deductions

    @property
    def went_in(self) -> int:
        """Every chip that went into the pots: what the players put in, less the returns
        the history states or implies, plus the house's money."""
        return sum(self.contributed.values()) + self.house - sum(self.history_returns.values())

    @property
    def expected_total(self) -> int | None:
        """The summary's total as the site defines it, for the replayed pots (None when
        the site states none, or its definition cannot be worked out)."""
        return expected_total(self.hand, self.layout, self.history_returns,
                              self.known_deductions)

    @property
    def walk_collected(self) -> bool:
        """Whether this is a walk whose big blind collected his unmatched part with the
        pot (the dialect's ``walks``): the stated pots then include it."""
        return self.hand.dialect.walks == "collected" and _is_walk(self.hand)

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


class Stated:
    """What the history states about its pots, gathered in one pass over its events.

    (This and ``Laid`` are plain classes, not dataclasses: compiled, building a native
    dataclass cost about 1,000 instructions more than a plain class's ``__init__``,
    once a hand each.)"""

    __slots__ = (
        "boards",
        "cash_outs",
        "collected",
        "house",
        "max_run",
        "mucked",
        "paid_out",
        "returns",
        "showdown",
        "shown",
        "side",
        "summary",
        "summary_boards",
    )

    def __init__(self, returns: list[UncalledReturned],
                 collected: list[tuple[Collected, int, int]], paid_out: int,
                 cash_outs: dict[str, CashedOut], summary: PotSummary | None, showdown: bool,
                 max_run: int, boards: dict[int, tuple[str, ...]],
                 summary_boards: dict[int, tuple[str, ...]], shown: dict[str, tuple[str, ...]],
                 mucked: set[tuple[str, int]], house: int,
                 side: dict[str, int] | None) -> None:
        self.returns = returns
        # (event, pot index: 0 until assigned, run)
        self.collected = collected
        self.paid_out = paid_out  # everything the ``collected`` lines paid
        self.cash_outs = cash_outs
        self.summary = summary
        self.showdown = showdown
        self.max_run = max_run
        self.boards = boards  # the street lines' boards, by run
        self.summary_boards = summary_boards
        self.shown = shown
        self.mucked = mucked  # (player, run)
        self.house = house  # chips the house put into the pot (Cash Drop)
        self.side = side  # payments outside the pot, by player (signed)


def read_stated(hand: Hand) -> Stated | None:
    """The stated side of the pots of ``hand``, in one pass over its events; None for a
    cancelled hand."""
    returns: list[UncalledReturned] = []
    collected: list[tuple[Collected, int, int]] = []
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
    house = 0
    side: dict[str, int] | None = None
    # (Each event named by its class: compiled, a field is then read directly, not
    # looked up by name.)
    for ev in hand.events:  # the commonest kinds first
        kind = type(ev)
        if kind not in _SETTLE_EVENTS:
            continue
        if kind is StreetStart:
            street: StreetStart = ev  # type: ignore[assignment]
            on_run = street.run
            boards[on_run] = street.board
            if on_run > max_run:
                max_run = on_run
        elif kind is Collected:
            got: Collected = ev  # type: ignore[assignment]
            on_run = got.run or run
            collected.append((got, 0, on_run))
            paid_out += got.amount
            if on_run > max_run:
                max_run = on_run
        elif kind is PotSummary:
            summary = ev  # type: ignore[assignment]
        elif kind is Mucks:
            muck: Mucks = ev  # type: ignore[assignment]
            mucked.add((muck.player, run))
        elif kind is UncalledReturned:
            returns.append(ev)  # type: ignore[arg-type]
        elif kind is BoardSummary:
            board: BoardSummary = ev  # type: ignore[assignment]
            summary_boards[board.run] = board.cards
            if board.run > max_run:
                max_run = board.run
        elif kind is Shows:
            shows: Shows = ev  # type: ignore[assignment]
            shown[shows.player] = shows.cards
        elif kind is ShowdownStart:
            showdown = True
            start: ShowdownStart = ev  # type: ignore[assignment]
            run = start.run
            if run > max_run:
                max_run = run
        elif kind is CashedOut:
            cash_out: CashedOut = ev  # type: ignore[assignment]
            cash_outs[cash_out.player] = cash_out
        elif kind is HouseMoney:
            money: HouseMoney = ev  # type: ignore[assignment]
            house += money.amount
        elif kind is SidePayment:
            payment: SidePayment = ev  # type: ignore[assignment]
            if side is None:
                side = {}
            side[payment.player] = side.get(payment.player, 0) + payment.amount
        else:  # HandCancelled
            return None
    return Stated(
        returns, collected, paid_out, cash_outs, summary, showdown, max_run, boards,
        summary_boards, shown, mucked, house, side,
    )  # fmt: skip


class Laid:
    """The replayed pots laid out beside the stated returns (the site's way, if it shows
    the same chips another legal way)."""

    __slots__ = ("deductions", "excess_in_pot", "house", "layout", "returns", "seat_of")

    def __init__(self, seat_of: dict[str, int], layout: PotLayout, returns: dict[str, int],
                 excess_in_pot: bool, deductions: int | None, house: int) -> None:
        self.seat_of = seat_of
        self.layout = layout
        self.returns = returns  # uncalled bets returned, by player, as stated or implied
        self.excess_in_pot = excess_in_pot
        # the rake and fees, as the dialect knows them (None: unknown)
        self.deductions = deductions
        self.house = house  # chips the house put in (in the main pot)


def lay_out(hand: Hand, replay: ReplayResult, stated: Stated) -> Laid:
    """Rebuild the pots of ``hand`` and the uncalled returns its history states, judged
    by its site's dialect (``hand.dialect``): where returns are printed, the printed ones
    (or, in old exports, one the figures imply); where the excess comes back inside its
    owner's collection, that part of the collection is taken out of it as the return."""
    seat_of: dict[str, int] = {}
    for seat in hand.seats:  # (plain loops: cheaper than comprehensions on a few items)
        seat_of[seat.player] = seat.seat
    order = list(seat_of)
    contributed = replay.contributed
    if len(contributed) > len(seat_of) or not contributed.keys() <= seat_of.keys():
        order += [p for p in contributed if p not in seat_of]
    folded = replay.folded
    live = []
    for p in order:
        if p not in folded and contributed.get(p, 0) > 0:
            live.append(p)
    layout = build_pots(contributed, live, order, dead=replay.dead)
    returns: dict[str, int] = {}
    for r in stated.returns:
        returns[r.player] = returns.get(r.player, 0) + r.amount
    if replay.dead and replay.findings and hand.dialect.uncalled == "printed" and \
            not _returns_as(layout, returns):
        # The history bets its dead blinds live (a converter that posts a second small
        # blind and then "calls" the rest of the big blind), which the betting rules have
        # reported, and its returns agree: the pots follow the history (one fault, one
        # finding).
        plain = build_pots(contributed, live, order)
        if _returns_as(plain, returns):
            layout = plain
    if stated.house:
        layout = _with_house_money(layout, stated.house, live)
    summary = stated.summary
    owner = layout.returned_to
    excess_in_pot = False
    dialect = hand.dialect
    implied = dialect.uncalled != "printed" or (dialect.walks == "collected" and _is_walk(hand))
    if implied and owner is not None and not returns:
        if dialect.uncalled == "silent" and stated.paid_out <= layout.total:
            # Returned with no line and outside the collections (888, iPoker's 2018+
            # client), which pay only the pots.
            returns[owner] = layout.returned
        else:
            # Inside the owner's collections (888 also pays a walk's whole pot so).
            wanted = layout.returned
            mine = sum(ev.amount for ev, _, _ in stated.collected if ev.player == owner)
            if mine < wanted and _dead_money(hand):
                # Dead money posted unevenly: the site may count the excess street by
                # street, a little less or nothing (site_view.street_uncalled).
                s_owner, s_excess = street_uncalled(hand)
                if s_owner in (owner, None) and mine >= s_excess:
                    wanted = s_excess
                if s_owner is None:  # the "excess" is dead money: it stays in the pot
                    layout = _excess_kept(layout)
            back = _take_implied_return(stated, owner, wanted, len(layout.pots))
            if back:
                returns[owner] = back
            if back and back < layout.returned and back == wanted:
                layout, _ = as_the_site_shows_it(
                    hand, replay, layout, live, order, returns, stated.collected, summary)
    elif owner is not None and not returns and \
            0 < layout.returned <= _dead_blinds(hand, owner) and \
            street_uncalled(hand)[0] is None:
        # The "excess" is a dead blind its owner posted, which the street's betting
        # leaves nobody to return: it stays in his pot.
        layout = _excess_kept(layout)
        owner = None
    elif (
        (returns and (owner is None or returns.get(owner, 0) != layout.returned))
        or (owner is not None and not returns and summary is not None)
        or (
            summary is not None
            and summary.main is not None
            and len(summary.sides) + 1 != len(layout.pots)
        )
    ):  # the history may show the same chips another legal way
        layout, excess_in_pot = as_the_site_shows_it(
            hand, replay, layout, live, order, returns, stated.collected, summary
        )
        owner = layout.returned_to
    went_in = sum(contributed.values()) + stated.house - sum(returns.values())
    deductions = _deductions_known(dialect.rake, summary, went_in, stated.paid_out)
    if (
        dialect.uncalled == "printed"
        and owner is not None
        and not returns
        and not excess_in_pot
        and (
            (summary is not None and summary.total == layout.total)
            or stated.paid_out + (deductions or 0) == layout.total
        )
    ):
        # Old exports (PokerStars 2005–2009) print no "Uncalled bet" line: the excess
        # goes back silently. When the stated total or the amounts paid out leave it
        # out of the pot, the history does account for the return.
        returns[owner] = layout.returned
        went_in -= layout.returned
        deductions = _deductions_known(dialect.rake, summary, went_in, stated.paid_out)
    return Laid(seat_of, layout, returns, excess_in_pot, deductions, stated.house)


def _returns_as(layout: PotLayout, returns: dict[str, int]) -> bool:
    """Whether the stated returns are the layout's uncalled excess."""
    if layout.returned_to is None:
        return not returns
    return returns == {layout.returned_to: layout.returned}


def _is_walk(hand: Hand) -> bool:
    """Whether everyone folded to the big blind: no call, bet, raise or check."""
    return not any(type(ev) in _VOLUNTARY for ev in hand.events)


_VOLUNTARY: Final = frozenset({Call, Bet, Raise, Check})


def _dead_money(hand: Hand) -> bool:
    """Whether a post put chips in that count for no one's bet (antes, dead blinds)."""
    return any(type(ev) is PostBlind and (ev.dead or ev.kind in ("ante", "dead"))
               for ev in hand.events)


def _dead_blinds(hand: Hand, player: str) -> int:
    """The dead part of the blinds ``player`` posted (antes are not blinds: an ante
    never makes an excess)."""
    return sum(ev.amount if ev.kind == "dead" else ev.dead for ev in hand.events
               if type(ev) is PostBlind and ev.player == player and ev.kind != "ante")


def _excess_kept(layout: PotLayout) -> PotLayout:
    """The layout with its "uncalled excess" in its owner's last pot: dead money he
    posted (a dead small blind) that the street's betting leaves nobody to return."""
    owner, excess = layout.returned_to, layout.returned
    pots = list(layout.pots)
    for i in range(len(pots) - 1, -1, -1):
        if owner in pots[i].eligible:
            pots[i] = Pot(pots[i].amount + excess, pots[i].eligible)
            return PotLayout(tuple(pots), None, 0)
    return layout


def _with_house_money(layout: PotLayout, house: int, live: Sequence[str]) -> PotLayout:
    """The layout with the house's chips in the main pot (GG's Cash Drop goes to the pot
    the whole table plays for)."""
    pots = layout.pots
    if pots:
        main = pots[0]
        return PotLayout((Pot(main.amount + house, main.eligible), *pots[1:]),
                         layout.returned_to, layout.returned)
    return PotLayout((Pot(house, tuple(live)),), layout.returned_to, layout.returned)


def _take_implied_return(stated: Stated, owner: str, excess: int, pots: int) -> int:
    """Where a site returns the uncalled excess inside its owner's collection, the part
    of his collections that is the return: the excess, or all he collected when that is
    less (then the return was short). It is taken out of his collections: a collection of
    exactly the excess under a label no replayed pot has (Winamax's "side pot" that is
    the excess) first, else one of exactly the excess, else from his last collections."""
    mine = [i for i, (ev, _, _) in enumerate(stated.collected) if ev.player == owner]
    taken = sum(stated.collected[i][0].amount for i in mine)
    back = min(taken, excess)
    if not back:
        return 0
    collected = stated.collected
    exact = [i for i in mine if collected[i][0].amount == back]
    labelled = [i for i in exact if (collected[i][0].pot or 0) >= pots]
    beyond = [i for i in mine if (collected[i][0].pot or 0) >= pots
              and collected[i][0].amount > back]
    if beyond and not exact:
        # A "side pot" no replayed pot matches, of more than his excess: all of it is
        # the return (SP001 says by how much it is too much).
        back = collected[beyond[0]][0].amount
        del collected[beyond[0]]
    elif labelled or exact:
        del collected[(labelled or exact)[0]]
    else:
        left = back
        for i in reversed(mine):
            ev, index, run = collected[i]
            part = min(left, ev.amount)
            left -= part
            if part == ev.amount:
                del collected[i]
            else:
                collected[i] = (_paying(ev, ev.amount - part, ev.pot), index, run)
            if not left:
                break
    stated.paid_out -= back
    return back


def _deductions_known(rake: str, summary: PotSummary | None, went_in: int, paid: int
                      ) -> int | None:
    """The rake and fees as the dialect knows them: as stated, derived from what went in
    and came out, none at all, or unknown (None)."""
    if rake == "stated":
        return _deductions(summary)
    if rake == "none":
        return 0
    if rake == "derived":
        return went_in - paid  # never negative in a true history (SP007 says so)
    return None


def _deductions(summary: PotSummary | None) -> int:
    """The stated rake plus every other stated fee."""
    if summary is None:
        return 0
    if not summary.fees:
        return summary.rake
    return summary.rake + sum(a for _, a in summary.fees)


def _collected_by_player(collected: list[tuple[Collected, int, int]]
                         ) -> tuple[dict[str, int], dict[str, int]]:
    """What each player collected in all, and the line of his first collect."""
    paid: dict[str, int] = {}
    lines: dict[str, int] = {}
    for ev, _, _ in collected:
        player = ev.player
        if player in paid:
            paid[player] += ev.amount
        else:
            paid[player] = ev.amount
            lines[player] = ev.line
    return paid, lines


def figures_agree(hand: Hand, stated: Stated, laid: Laid, contributed: dict[str, int]
                  ) -> bool:
    """Whether the stated figures are the replayed ones, as SP001, SP002 and SP007 check
    them: the uncalled excess returned (and nothing else), the summary's pots, and every
    chip in paid out or taken as rake (no cash-out)."""
    layout = laid.layout
    owner = layout.returned_to
    returns = laid.returns
    if not laid.excess_in_pot and (
        (len(returns) != 1 or returns.get(owner) != layout.returned)
        if owner is not None
        else returns
    ):
        return False  # returned: not (only) the uncalled excess
    if laid.excess_in_pot:
        return False  # an excess left in the pot where returns are printed (SP001)
    s = stated.summary
    deductions = laid.deductions
    if s is not None:
        if s.total != expected_total(hand, layout, returns, deductions):
            return False
        if s.main is not None and hand.dialect.pot_labels == "reliable":
            pots = layout.pots
            if len(s.sides) + 1 != len(pots):
                return False
            # As SP002 reads a named main pot: the players' chips, the house's apart, and
            # in a walk collected whole, the big blind's unmatched part.
            extra = (sum(returns.values()) if hand.dialect.walks == "collected"
                     and _is_walk(hand) else 0) - laid.house
            taken = 0
            for pot, amount in zip(pots, (s.main, *s.sides), strict=True):
                size = pot.amount + extra
                extra = 0
                if amount > size:
                    return False
                taken += size - amount
            if deductions is None or taken > deductions:
                return False
    if stated.cash_outs:
        return False
    went_in = sum(contributed.values()) + laid.house - (sum(returns.values()) if returns else 0)
    if deductions is None:
        return stated.paid_out <= went_in
    return deductions >= 0 and went_in == stated.paid_out + deductions


def expected_total(hand: Hand, layout: PotLayout, returns: dict[str, int],
                   deductions: int | None) -> int | None:
    """The summary's total pot as ``hand``'s site defines it, for the replayed pots:
    ``gross`` (what is in the pots), ``net_of_rake`` (after rake, the returned excess
    included: Winamax), ``main_net_of_rake`` (the main pot after rake: Party 2018+, known
    exactly when there is one pot); None where the site states no total."""
    dialect = hand.dialect
    kind = dialect.total_pot
    # The returned excess is in the total where it stays inside the collections.
    inside = dialect.uncalled == "in_collected" or (
        dialect.walks == "collected" and _is_walk(hand))
    if kind == "gross":
        return layout.total + (sum(returns.values()) if inside and
                               dialect.uncalled == "printed" else 0)
    if deductions is None:
        return None
    if kind == "net_of_rake":
        return layout.total + (sum(returns.values()) if inside else 0) - deductions
    if kind == "main_net_of_rake" and len(layout.pots) == 1:
        return layout.pots[0].amount - deductions
    return None


def quiet_winnings(
    hand: Hand, replay: ReplayResult, stated: Stated, laid: Laid,
    known: Strengths | None = None, unknown: set[str] | None = None,
) -> dict[str, int] | None:
    """The common hand, settled without the detailed machinery: dealt once, no cash-out,
    every stated figure the replayed one, and each pot paid, all of it, to its one winner
    (the only player left in it, or the best hand shown). What each player collected
    (which is then what the replay awards him); None when anything differs, and
    ``audit_laid`` tells what. The hand strengths it works out go into ``known``, for
    ``audit_laid`` to take up.

    Given ``unknown``, a pot that cards not shown leave undecided is quiet too when one
    contender the shown cards do not beat was paid it all: no pot rule can report that
    either, and ``unknown`` gets the contenders whose winnings the replay cannot tell
    (``payments.replayed_winnings`` gives them None)."""
    if known is None:
        known = {}
    layout = laid.layout
    pots = layout.pots
    if stated.max_run or stated.cash_outs or not pots:
        return None
    if not figures_agree(hand, stated, laid, replay.contributed):
        return None
    won, _ = _collected_by_player(stated.collected)
    if len(pots) == 1:
        pot = pots[0]
        deductions = laid.deductions
        if deductions is not None and stated.paid_out != max(pot.amount - deductions, 0):
            return None  # the pot was not paid out whole
        winner = _sole_winner(hand, stated, pot.eligible, won, known, unknown)
        if winner is None or len(won) > 1 or (won and winner not in won):
            return None  # someone else was paid from it
        return won
    paid: list[dict[str, int]] = [{} for _ in pots]
    for ev, index, _ in _assign_pots(stated.collected, layout, 1, hand.dialect.pot_labels,
                                     laid.deductions, hand.dialect.rake == "stated"):
        got = paid[index]
        got[ev.player] = got.get(ev.player, 0) + ev.amount
    nets = _net_amounts(layout, stated.summary, laid.deductions)
    for pot, got, net in zip(pots, paid, nets, strict=True):
        if net is not None and net != sum(got.values()):
            return None  # the pot was not paid out whole
        winner = _sole_winner(hand, stated, pot.eligible, got, known, unknown)
        if winner is None or len(got) > 1 or (got and winner not in got):
            return None
    return won


def _sole_winner(
    hand: Hand,
    stated: Stated,
    eligible: tuple[str, ...],
    got: dict[str, int],
    known: Strengths,
    unknown: set[str] | None = None,
) -> str | None:
    """The one winner of a pot on the only board, as ``_judge_part`` decides it (``got``:
    what the pot paid whom; ``known``: the strengths found so far, by player and run);
    None when its winners are several, or unknown. Given ``unknown``, a pot that unshown
    cards leave undecided gives the one player paid from it, when he is a contender the
    shown hands do not beat, and its contenders not beaten go into ``unknown``."""
    if len(eligible) == 1:
        return eligible[0]
    mucked = stated.mucked
    if mucked:
        kept = []
        for p in eligible:
            if (p, 0) not in mucked or got.get(p):
                kept.append(p)
        contenders = tuple(kept)
    else:
        contenders = eligible
    if not contenders:
        return None
    info = hand.info
    todo = [p for p in contenders if (p, 0) not in known] if known else contenders
    if todo:
        board = stated.boards.get(0, ())
        if stated.showdown and len(board) < 5 and len(stated.summary_boards.get(0, ())) == 5:
            board = stated.summary_boards[0]
        if info.game != "other" and len(board) == 5:
            shown = stated.shown
            holes = [shown.get(p, ()) for p in todo]
            found = strengths_on(info.game, info.hi_lo, holes, board, info.hole_cards)
        else:
            found = [None] * len(todo)
        for p, s in zip(todo, found, strict=True):
            known[p, 0] = s
        if todo is not contenders:
            found = [known[p, 0] for p in contenders]
    else:
        found = [known[p, 0] for p in contenders]
    if not info.hi_lo and len(contenders) > 1 and None not in found:
        # every hand shown, high only: judge's verdict is the one best hand, if any
        highs = [f.high for f in found]  # type: ignore[union-attr]
        best = max(highs)
        return contenders[highs.index(best)] if highs.count(best) == 1 else None
    verdict = judge(contenders, dict(zip(contenders, found, strict=True)), info.hi_lo)
    if not verdict.decided:
        if unknown is None or len(got) != 1:
            return None
        for paid, amount in got.items():
            if amount <= 0 or paid not in contenders or paid in verdict.beaten:
                return None
            for p in contenders:
                if p not in verdict.beaten:
                    unknown.add(p)
            return paid
    if len(verdict.high_winners) != 1 or verdict.low_winners:
        return None
    return verdict.high_winners[0]


def audit_pots(hand: Hand, replay: ReplayResult, profile: Profile) -> PotAudit | None:
    """Rebuild the pots of ``hand`` and line them up with what it states. None for a
    cancelled hand (its chips went back; there is nothing to settle)."""
    stated = read_stated(hand)
    if stated is None:
        return None
    return audit_laid(hand, replay, profile, stated, lay_out(hand, replay, stated))


def audit_laid(
    hand: Hand, replay: ReplayResult, profile: Profile, stated: Stated, laid: Laid,
    known: Strengths | None = None,
) -> PotAudit:
    """``audit_pots`` once the history is read and the pots laid out; ``known``: hand
    strengths already worked out on this hand's boards (``quiet_winnings``'s)."""
    layout = laid.layout
    max_run = stated.max_run
    runs = max_run or 1
    run_keys = tuple(range(1, runs + 1)) if runs > 1 else _ONE_BOARD
    boards = stated.boards
    if stated.showdown or runs > 1:
        summary_boards = stated.summary_boards
        for r in run_keys:
            board = boards.get(r) or boards.get(0, ())
            if len(board) < 5 and len(summary_boards.get(r, ())) == 5:
                board = summary_boards[r]
            boards[r] = board
    cash_outs = stated.cash_outs
    audit = PotAudit(
        hand,
        profile,
        layout,
        replay.contributed,
        laid.seat_of,
        stated.returns,
        _assign_pots(stated.collected, layout, runs, hand.dialect.pot_labels, laid.deductions,
                     hand.dialect.rake == "stated"),
        cash_outs,
        stated.summary,
        stated.showdown,
        runs,
        boards,
        stated.shown,
        _net_amounts(layout, stated.summary, laid.deductions),
        [],
        odd_chip_units(hand),
        {} if known is None else known,
        laid.returns,
        laid.excess_in_pot,
        laid.deductions,
        laid.house,
        stated.side or {},
    )
    audit.parts = parts = _judge_parts(audit, run_keys, stated.mucked)
    audit.clean = clean = parts[0].clean if len(parts) == 1 else all(p.clean for p in parts)
    audit.quiet = (
        clean and runs == 1 and not cash_outs
        and figures_agree(hand, stated, laid, replay.contributed)
    )
    return audit


def _assign_pots(
    raw: list[tuple[Collected, int, int]], layout: PotLayout, runs: int,
    labels: str = "reliable", deductions: int | None = 0, rebalance: bool = False,
) -> list[tuple[Collected, int, int]]:
    """Give each ``collected`` line its pot index and run. Where the site's labels are
    reliable, a line goes to the pot it names, and a line whose pot the site does not
    name to the first pot its player can win that still has room; where labels are hints
    or absent, the lines of each board are fitted to the replayed pots
    (``auditor.engine.fitting``)."""
    pots = layout.pots
    if len(pots) <= 1 and runs == 1:
        return raw  # every line is the one pot's (index 0)
    if labels != "reliable" and len(pots) > 1:
        return _fitted(raw, pots, runs, labels, deductions, rebalance)
    room = [p.amount for p in pots]
    out = []
    for ev, _, run in raw:
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


def _fitted(raw: list[tuple[Collected, int, int]], pots: Sequence[Pot], runs: int,
            labels: str, deductions: int | None, rebalance: bool = False
            ) -> list[tuple[Collected, int, int]]:
    """The lines of each board fitted to that board's part of every pot (a line no single
    pot could pay is first cut into one piece per pot: ``_spread``)."""
    by_run: dict[int, list[Collected]] = {}
    for ev, _, run in raw:
        by_run.setdefault(run if runs == 1 or run else 1, []).append(ev)
    out: list[tuple[Collected, int, int]] = []
    for run, lines in by_run.items():
        k = (run - 1) if runs > 1 else 0
        parts = [(run_parts(p.amount, runs, p.eligible)[k] if runs > 1 else p.amount,
                  p.eligible) for p in pots]
        cut = deductions
        if runs > 1 and deductions is not None:
            cut = split_runs(deductions, runs)[k]
        pieces = [piece for ev in lines for piece in _spread(ev, parts)]
        claims = [Claim(ev.player, ev.amount,
                        ev.pot if labels == "hints" and ev.pot is not None
                        and ev.pot < len(pots) else None)
                  for ev in pieces]
        placed = list(zip(pieces, fit(claims, parts, cut), strict=True))
        if rebalance:
            placed = _rebalanced(placed, parts, cut)
        out += [(ev, index, run) for ev, index in placed]
    return out


def _rebalanced(placed: list[tuple[Collected, int]],
                parts: Sequence[tuple[int, tuple[str, ...]]], deductions: int | None
                ) -> list[tuple[Collected, int]]:
    """The fitted lines, with what a pot was paid beyond what it holds (the stated rake
    taken from the main pot first) moved to another pot its player may win that is
    short: one collection that covers a main and a side pot (ACR's 2014–16 exports pay
    one total per player) is cut into its parts. Done only where the rake is stated: a
    derived one (iPoker) may come from any pot."""
    targets = [amount for amount, _ in parts]
    if deductions:
        targets[0] = max(targets[0] - deductions, 0)
    paid = [0] * len(parts)
    for ev, index in placed:
        paid[index] += ev.amount
    if all(p <= t for p, t in zip(paid, targets, strict=True)):
        return placed
    out = list(placed)
    for i, (ev, index) in enumerate(placed):
        over = paid[index] - targets[index]
        if over <= 0:
            continue
        for j, (_, players) in enumerate(parts):
            room = targets[j] - paid[j]
            if j == index or room <= 0 or ev.player not in players:
                continue
            moved = min(over, room, ev.amount)
            out[i] = (_paying(ev, ev.amount - moved, ev.pot), index)
            out.append((_paying(ev, moved, None), j))
            paid[index] -= moved
            paid[j] += moved
            break
    return [(ev, index) for ev, index in out if ev.amount]


def _paying(ev: Collected, amount: int, pot: int | None) -> Collected:
    """``ev`` paying ``amount`` from ``pot``: ``dataclasses.replace``'s result, built
    directly (``replace`` reads the class's fields and calls it by keyword, about 40
    times the cost, and an iPoker game asks for it about once; bench/LEVERS.md §29)."""
    return Collected(ev.line, ev.player, amount, pot, ev.run)


def _spread(ev: Collected, parts: Sequence[tuple[int, tuple[str, ...]]]) -> list[Collected]:
    """A collection no single pot of its player's can pay (Winamax prints a main and a
    side pot won by one player as one "main pot"), cut into one piece per pot he may win,
    main pot first, each at most what that pot holds; any other collection as it is."""
    mine = [(amount, i) for i, (amount, players) in enumerate(parts) if ev.player in players]
    if len(mine) < 2 or any(amount >= ev.amount for amount, _ in mine):
        return [ev]
    pieces = []
    left = ev.amount
    for n, (amount, _) in enumerate(mine):
        part = left if n == len(mine) - 1 else min(left, amount)
        if part:
            pieces.append(_paying(ev, part, None))
        left -= part
    return pieces


def _net_amounts(
    layout: PotLayout, summary: PotSummary | None, deductions: int | None
) -> list[int | None]:
    """What each pot had to pay out after rake and fees (``deductions``: the stated rake
    and fees), where the history tells it: the stated main and side pots when they are
    the replayed ones less exactly the rake and fees, or the one pot less them."""
    pots = layout.pots
    if deductions is None:  # the rake is unknown: so is what each pot paid out
        return [None] * len(pots)
    if len(pots) == 1:
        return [max(pots[0].amount - deductions, 0) if deductions else pots[0].amount]
    if not deductions:
        return [p.amount for p in pots]
    if summary is None:  # a rake taken from the pots, no pot amounts to say from which
        return [None] * len(pots)
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
    collected = audit.collected
    if len(pots) == 1 and len(run_keys) == 1:  # one pot, one board: the common case
        eligible = pots[0].eligible
        run = run_keys[0]
        if len(eligible) == 1:
            part = _uncontested(audit, eligible, run)
            if part is not None:
                return [part]
        got, got_lines = _collected_by_player(
            [c for c in collected if c[1] == 0 and c[2] == run])
        return [_judge_part(audit, 0, run, eligible, audit.net[0], got, got_lines, mucked)]

    paid: dict[tuple[int, int], dict[str, int]] = {}
    lines: dict[tuple[int, int], dict[str, int]] = {}
    for ev, pot_index, run in collected:
        key = (pot_index, run)
        player = ev.player
        bucket = paid.get(key)
        if bucket is None:
            paid[key] = {player: ev.amount}
            lines[key] = {player: ev.line}
        elif player in bucket:
            bucket[player] += ev.amount
        else:
            bucket[player] = ev.amount
            lines[key][player] = ev.line
    parts: list[PartAudit] = []
    runs = len(run_keys)
    net = audit.net
    for index, pot in enumerate(pots):
        if runs == 1:
            amounts: Sequence[int | None] = (net[index],)
        else:
            total = net[index]
            if total is None or (total % runs and audit.hand.dialect.run_odd_chip != "first_run"):
                # (a site that does not say which board an odd chip of a run goes to)
                amounts = (None,) * runs
            else:
                amounts = run_parts(total, runs, pot.eligible)
        for run, amount in zip(run_keys, amounts, strict=True):
            paid_here = paid.get((index, run))
            if paid_here is None:
                got, got_lines = {}, {}
            else:
                got, got_lines = paid_here, lines[index, run]
            parts.append(
                _judge_part(audit, index, run, pot.eligible, amount, got, got_lines, mucked)
            )
    return parts


def _judge_part(
    audit: PotAudit,
    index: int,
    run: int,
    eligible: tuple[str, ...],
    amount: int | None,
    got: dict[str, int],
    got_lines: dict[str, int],
    mucked: set[tuple[str, int]],
) -> PartAudit:
    """Decide one pot on one board (``got``: what its ``collected`` lines paid whom, at
    ``got_lines``) and compare the payments with it."""
    contenders: tuple[str, ...]  # (not the tuple[str] that len() == 1 narrows to)
    if len(eligible) == 1:  # nobody to beat: no showdown for this pot
        contenders = eligible
        verdict = Verdict(True, eligible)
    else:
        if mucked:
            contenders = tuple(
                p
                for p in eligible
                if ((p, run) not in mucked and (p, 0) not in mucked) or got.get(p)
            )
        else:
            contenders = eligible
        if contenders:
            strengths = _strengths(audit, contenders, run)
            verdict = judge(contenders, strengths, audit.hand.info.hi_lo)
        else:
            verdict = Verdict(False)
    high = verdict.high_winners
    if len(high) == 1 and not verdict.low_winners and high[0] not in audit.cash_outs:
        # one winner takes all that was paid (the common case, kept fast)
        winner = high[0]
        compared: tuple[str, ...]
        if len(got) == 1 and winner in got:
            expected, compared, clean = {winner: got[winner]}, high, True
        else:
            expected = {winner: sum(got.values())}
            compared = tuple(dict.fromkeys((winner, *got)))
            clean = got.keys() <= {winner}
        return PartAudit(
            index, run, eligible, contenders, verdict, amount, got, got_lines,
            expected, 1, compared, clean,
        )  # fmt: skip
    part = PartAudit(index, run, eligible, contenders, verdict, amount, got, got_lines)
    if verdict.decided:
        _expect(audit, part)
    return part


def _uncontested(audit: PotAudit, eligible: tuple[str, ...], run: int) -> PartAudit | None:
    """The one pot of a hand everyone else folded (the common case, kept fast); None
    when its winner cashed out (the general path handles that)."""
    winner = eligible[0]
    if winner in audit.cash_outs:
        return None
    paid, lines = _collected_by_player(audit.collected)
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


def _strengths(audit: PotAudit, players: Sequence[str], run: int) -> dict[str, Strength | None]:
    """The contenders' hand strengths on one board (as ``_strength``), the board's cards
    converted once for all of them."""
    cache = audit.strengths
    todo = [p for p in players if (p, run) not in cache] if cache else players
    if todo:
        info = audit.hand.info
        board = audit.boards.get(run, ())
        if info.game != "other" and len(board) == 5:
            shown = audit.shown
            holes = [shown.get(p, ()) for p in todo]
            found = strengths_on(info.game, info.hi_lo, holes, board, info.hole_cards)
        else:
            found = [None] * len(todo)
        if todo is players:  # the first pot judged on this board
            for p, s in zip(players, found, strict=True):
                cache[p, run] = s
            return dict(zip(players, found, strict=True))
        for p, s in zip(todo, found, strict=True):
            cache[p, run] = s
    return {p: cache[p, run] for p in players}


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
        shares = share_out(amount, part.verdict, order, unit,
                           all_to_first=audit.profile.odd_chip_split == "all-to-first")
        if first is None:
            first = shares
        if all(shares.get(p, 0) == part.paid.get(p, 0) for p in part.compared):
            part.expected, part.unit = shares, unit
            part.clean = all(p in shares for p, a in part.paid.items() if a > 0)
            return
    part.expected = first
