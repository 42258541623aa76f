"""The club apps' hand blocks: the PokerStars reader with the club grammar overlay.

What the apps write their own way (measured on every corpus hand of theirs, fpdb's
``…PokerMaster…``, ``…PokerBros…``, ``…RIO…``, ``….classic…`` and ``…elitehud…`` files):

- PokerMaster: ``# {"gt":"PLO",…}`` comment lines carrying JSON between the seats and the
  blinds (kept as table notes); a 5-card Omaha game headed ``Omaha Pot Limit`` (the
  dealt cards say how many each player holds); a straddle as a second ``posts big blind``
  (``auditor.sites.clubs.StraddleAsBigBlind``).
- Run It Once: ``Seat 3: Doc (500 in chips) [hero]``, ``Hero shows [..] for Two Pairs
  [..]``, ``collected €26.82 from side pot 1``, ``STP added: €0.50`` (splash the pot:
  house money), ``| Main pot … | Side pot … | STP … | Rake …`` in the summary, and its own
  summary seat lines (``and won €0.76 with …``, ``mucked hand and won …``, ``folded
  before Turn``). Its exports of early 2019 print re-raises as the chips they add, mark
  no all-in, and print checks once the betting is closed (``ClubReader._finish``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from lark import Tree

from auditor.model import events as ev
from auditor.model.dialect import Dialect
from auditor.model.events import (
    Bet,
    Call,
    Check,
    Fold,
    PostBlind,
    Raise,
    StreetStart,
    UncalledReturned,
)
from auditor.model.hand import Hand
from auditor.sites.pokerstars.reader import (
    Made,
    PokerStarsReader,
    Recipe,
    _cards,
    _Context,
    _RecipeBuilder,
    _tokens,
)


class ClubRecipeBuilder(_RecipeBuilder):
    """The PokerStars recipes, plus the club apps' own lines."""

    def r_shows_for(self, tree: Tree) -> Recipe:
        # "Hero shows [Ks Ah Ts 5d] for Two Pairs [Qd Ts Tc 5d 5c]": the hole cards, then
        # the hand's name and its five cards.
        c = self.first(tree, "CARDS")
        name = next(x for x in tree.children if isinstance(x, Tree) and x.data == "hand_name")
        words = " ".join(str(t) for t in _tokens(name))
        return lambda v, player, ctx, no: (
            ev.Shows(no, player, _cards(v[c]) if c is not None else (), words), True)

    def r_house_money(self, tree: Tree) -> Recipe:
        (a,) = self.nums(tree)
        return lambda v, name, ctx, no: (ev.HouseMoney(no, ctx.amounts[v[a]], "STP"), True)

    def r_pot_summary(self, tree: Tree) -> Recipe:
        # Run It Once lists the splash ("| STP €5.00"): house money put in, not a fee
        # taken out (its "STP added" line is the HouseMoney event).
        recipe = super().r_pot_summary(tree)

        def make(v: list[str], name: Any, ctx: _Context, no: int) -> Made:
            pot: ev.PotSummary
            pot, reusable = recipe(v, name, ctx, no)
            return ev.PotSummary(no, pot.total, pot.main, pot.sides, pot.rake,
                                 tuple(f for f in pot.fees if f[0] != "STP")), reusable

        return make


class ClubReader(PokerStarsReader):
    """Reads a club app's hand blocks (PokerStars syntax under the app's header word).

    ``raise_adds_before``: a date (``"2019/08"``) before which the app printed a re-raise
    as ``raises X to Y`` with Y the chips the raise *adds*, not the street total (see
    ``_raises_as_added``)."""

    builder = ClubRecipeBuilder

    # (The options spelled out, not passed on as ``**options``: compiled, that call gave
    # the keywords' dictionary to ``caching``: "bool object expected; got dict".)
    def __init__(self, *, caching: bool = True, site: str = "pokerstars",
                 title: str = "PokerStars", dialect: Dialect | None = None,
                 header: str | tuple[str, ...] | None = None, summaries: bool = False,
                 raise_adds_before: str | None = None) -> None:
        super().__init__(caching=caching, site=site, title=title, dialect=dialect,
                         header=header, grammar="clubs", summaries=summaries)
        self.raise_adds_before = raise_adds_before

    def _line(self, raw: str, names: list[str], seated: frozenset[str] | None, no: int
              ) -> tuple[Recipe, list[str], str | None]:
        if raw.startswith("# "):
            # PokerMaster's comment line: JSON about the table, kept as it is.
            return _comment, [raw[2:]], None
        return super()._line(raw, names, seated, no)

    def _finish(self, hand: Hand, ctx: _Context) -> Hand:
        """An Omaha game whose header does not say how many cards each player holds
        (PokerMaster's ``Omaha Pot Limit`` dealt five): the dealt cards do. Re-raises of
        the years the app printed them as chips added: as street totals."""
        info = hand.info
        if self.raise_adds_before is not None and info.started[:7] < self.raise_adds_before:
            events = _raises_as_added(hand.events)
            events = _all_ins_unmarked(events if events is not None else hand.events,
                                       hand.seats) or events
            if events is not None:
                hand = replace(hand, events=events)
        if info.game != "omaha":
            return hand
        dealt = max((len(e.cards) for e in hand.events  # type: ignore[attr-defined]
                     if e.__class__ is ev.HoleCards), default=0)
        if dealt > info.hole_cards:
            return replace(hand, info=replace(info, hole_cards=dealt))
        return hand


def _raises_as_added(events: tuple[ev.Event, ...]) -> tuple[ev.Event, ...] | None:
    """Run It Once's exports of early 2019 print a raise by a player who already bet or
    called on the street as ``raises X to Y`` with Y the chips the raise adds (and X = Y
    less the bet faced): ``John R: bets €0.19`` … ``John R: raises €0.54 to €1.12`` …
    ``Barre: calls €0.73`` is John's total of €1.31 (the pot says so), and his raise is
    €0.73, not €0.54. Such a raise becomes ``to`` = what he had in + Y, with no printed
    increment (``by`` None). A first raise (``raises €0.35 to €0.45`` over a blind) is a
    street total, as in August 2019's exports, where re-raises are street totals too.
    None when no raise changes."""
    out: list[ev.Event] | None = None
    commit: dict[str, int] = {}
    voluntary: set[str] = set()
    # (Each event named by its class, the classes imported by name: compiled, a field is
    # then read directly, and a class is not looked up in the module at each test.)
    for i in range(len(events)):
        e = events[i]
        cls = type(e)
        if cls is StreetStart:
            street: StreetStart = e  # type: ignore[assignment]
            if street.street != "preflop":
                commit.clear()
                voluntary.clear()
        elif cls is PostBlind:
            post: PostBlind = e  # type: ignore[assignment]
            commit[post.player] = commit.get(post.player, 0) + post.amount - post.dead
        elif cls is Call:
            call: Call = e  # type: ignore[assignment]
            commit[call.player] = commit.get(call.player, 0) + call.amount
            voluntary.add(call.player)
        elif cls is Bet:
            bet: Bet = e  # type: ignore[assignment]
            commit[bet.player] = commit.get(bet.player, 0) + bet.amount
            voluntary.add(bet.player)
        elif cls is Raise:
            r: Raise = e  # type: ignore[assignment]
            to = r.to
            if r.player in voluntary:
                to = commit.get(r.player, 0) + r.to
                if out is None:
                    out = list(events)
                out[i] = replace(r, to=to, by=None)
            commit[r.player] = to
            voluntary.add(r.player)
    return tuple(out) if out is not None else None


def _all_ins_unmarked(events: tuple[ev.Event, ...], seats: tuple[ev.Seat, ...]
                      ) -> tuple[ev.Event, ...] | None:
    """Run It Once's exports of early 2019 mark no all-in (``John R: bets €3.34``, his
    last chips) and, once the betting is closed, still print a check for each player
    left in the hand on every street to come (the corpus's three early-2019 hands with
    an all-in, all written so; August 2019's mark them as PokerStars does and print no
    such check). In those exports' own terms: a bet, raise, call or blind that puts in a
    player's last chips is all-in, and a check by a player who is all-in, or by the one
    player left who could bet when he faces no bet, is a note (it moves no chips and
    answers no bet). Run after ``_raises_as_added``, whose totals it counts. None when
    nothing changes."""
    out: list[ev.Event] | None = None
    left = {seat.player: seat.stack for seat in seats}
    commit: dict[str, int] = {}
    able = {seat.player for seat in seats if not seat.sitting_out}  # who could still bet
    all_in: set[str] = set()
    for i in range(len(events)):
        e = events[i]
        cls = type(e)
        # The chips an action puts in (0: none), who puts them in, and the action marked
        # all-in (built only where they are his last and it is not marked).
        added, player, marked = 0, "", e
        if cls is StreetStart:
            street: StreetStart = e  # type: ignore[assignment]
            if street.street != "preflop":
                commit.clear()
        elif cls is PostBlind:
            post: PostBlind = e  # type: ignore[assignment]
            added, player = post.amount, post.player
            commit[player] = commit.get(player, 0) + post.amount - post.dead
            if not post.all_in and left.get(player, 0) == added:
                marked = PostBlind(post.line, player, post.kind, post.amount, post.dead, True)
        elif cls is Call or cls is Bet:  # (both: the chips added, and the mark)
            put: Call | Bet = e  # type: ignore[assignment]
            added, player = put.amount, put.player
            commit[player] = commit.get(player, 0) + added
            if not put.all_in and left.get(player, 0) == added:
                marked = (Call if cls is Call else Bet)(put.line, player, added, True)
        elif cls is Raise:
            r: Raise = e  # type: ignore[assignment]
            added, player = r.to - commit.get(r.player, 0), r.player
            commit[player] = r.to
            if not r.all_in and left.get(player, 0) == added:
                marked = Raise(r.line, player, r.to, r.by, True)
        elif cls is Fold:
            fold: Fold = e  # type: ignore[assignment]
            able.discard(fold.player)
        elif cls is UncalledReturned:
            back: UncalledReturned = e  # type: ignore[assignment]
            left[back.player] = left.get(back.player, 0) + back.amount
        elif cls is Check:
            check: Check = e  # type: ignore[assignment]
            # (A folded or unseated player's check, or one facing a bet, stays a check.)
            who = check.player
            if who in all_in or (who in able and len(able) == 1
                                 and commit.get(who, 0) >= max(commit.values(), default=0)):
                marked = ev.TableNote(check.line, "other", who, "checks")
        if added > 0:
            left[player] = left.get(player, 0) - added
            if left[player] == 0:
                able.discard(player)
                all_in.add(player)
        if marked is not e:
            if out is None:
                out = list(events)
            out[i] = marked
    return tuple(out) if out is not None else None


def _comment(v: list[str], name: Any, ctx: _Context, no: int) -> Made:
    return ev.TableNote(no, "other", None, v[0]), True
