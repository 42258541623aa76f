"""GGPoker hand blocks into hands: the PokerStars reader with GG's grammar overlay.

GG writes PokerStars's syntax with its own header (``Poker Hand #RC3877234041: …``, a
tournament's name in free text, ``Level2(60/120)``, one stake for short deck), opponents
dealt without cards, ``straddle $20`` (re-straddles and straddles over a blind print the
new street total), ``posts missed blind`` (dead), ``SHOWDOWN``, a summary that lists its
fees, Cash Drop (house money in the pot), EV Cashout and all-in insurance (paid outside
the pot), and collections that never name their pot. ``grammars/ggpoker.lark`` overrides
and extends ``pokerstars.lark`` for these lines; the recipes below make their events; the
rest is PokerStars's reader.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import compress
from typing import Any, Final, cast

from lark import Tree

from auditor.model import events as ev
from auditor.model.hand import Hand, HandInfo
from auditor.model.money import AmountCache, AmountError
from auditor.parsing.blocks import HandBlock
from auditor.parsing.errors import LineError, Unreadable
from auditor.parsing.shape import CARDS, NUM, PLAYER, QUOTED, split_fields
from auditor.sites.base import header_info
from auditor.sites.pokerstars.reader import (
    _NO_CONTEXT,
    GameOf,
    Made,
    PokerStarsReader,
    Recipe,
    _cards,
    _check_listed,
    _Context,
    _Header,
    _header_info,
    _HeaderInfo,
    _RecipeBuilder,
    _started,
    _tokens,
    digits_masked,
)

_DEALT_SHAPE: Final = f"Dealt to {PLAYER} {CARDS}"
_RUN_WORDS: Final = {"FIRST": 1, "SECOND": 2, "THIRD": 3}

# The game words a tournament's header ends with, after the tournament's free-text name
# ("WSOP #77: $5,000 No Limit Hold'em Main Event [Flight W], $25M GTD Hold'em No Limit"):
# the last of these starts them.
_GAME_START: Final = re.compile(r"6\+ Hold'em|Hold'em|Omaha|PLO(?:-\d)?|ShortDeck|Short Deck")
# Where the game words end: the level, or the date.
_LEVEL: Final = re.compile(r" *- Level")


class GGRecipeBuilder(_RecipeBuilder):
    """The PokerStars recipes, plus GG's own lines."""

    def r_header(self, tree: Tree) -> Recipe:
        parts: dict[str, object] = {}
        for c in tree.children:
            if isinstance(c, Tree):
                if c.data == "hand_number":
                    parts["id"] = self.nums(c)[0]
                elif c.data == "tournament":
                    parts["tournament"] = self.nums(c)[0]
                elif c.data == "game":
                    self._game(c, parts)
                elif c.data == "gg_level":
                    parts["stakes"] = tuple(self.nums(c)[-2:])
        hand_id: int = parts["id"]  # type: ignore[assignment]
        tournament: int | None = parts.get("tournament")  # type: ignore[assignment]
        words: list[list[str | int]] = parts["words"]  # type: ignore[assignment]
        note: str = parts.get("note", "")  # type: ignore[assignment]
        stakes: tuple[int, int] | None = parts.get("stakes")  # type: ignore[assignment]
        ante: int | None = parts.get("ante")  # type: ignore[assignment]
        currency: str | None = parts.get("currency")  # type: ignore[assignment]

        def render(p: list[str | int], v: list[str]) -> str:
            return " ".join(v[x] if isinstance(x, int) else x for x in p)

        def make(v: list[str], name: Any, ctx: _Context, no: int) -> Made:
            game = " ".join(render(w, v) for w in words) + (f" ({note})" if note else "")
            return _Header(
                hand_id=v[hand_id],
                tournament=v[tournament] if tournament is not None else None,
                game_text=game,
                stakes=(v[stakes[0]], v[stakes[1]]) if stakes else None,
                ante=v[ante] if ante is not None else None,
                cap=None, currency=currency, button_blind=False,
            ), True

        return make

    def _game(self, tree: Tree, parts: dict[str, object]) -> None:
        parts["words"] = [self.text_parts(w) for w in tree.children
                          if isinstance(w, Tree) and w.data == "game_words"]
        for c in tree.children:
            if not isinstance(c, Tree):
                continue
            if c.data in ("stakes", "one_stake"):
                nums = self.nums(c)
                # Short deck prints one stake: the ante, which the button blind equals.
                parts["stakes"] = (nums[0], nums[-1])
                if c.data == "one_stake":
                    parts["ante"] = nums[0]
                cur = [str(t) for t in _tokens(c) if t.type == "CURRENCY"]
                parts["currency"] = cur[0] if cur else None
            elif c.data == "game_note":
                parts["note"] = " ".join(str(t) for t in _tokens(c))

    def r_street(self, tree: Tree) -> Recipe:
        # A GG hand has a street line more than a PokerStars one, on average: the board
        # of one or two card groups without a generator.
        cs = [self.idx(t) for t in _tokens(tree) if t.type == "CARDS"]
        if not 1 <= len(cs) <= 2:
            return super().r_street(tree)
        run = next((int(c.data[-1]) for c in tree.children
                    if isinstance(c, Tree) and c.data.startswith("run")), 0)
        street = cast(ev.Street, next(c.data for c in tree.children
                                      if isinstance(c, Tree) and not c.data.startswith("run")))
        a, b = cs[0], cs[-1]
        if a == b:
            def flop(v: list[str], name: Any, ctx: _Context, no: int) -> Made:
                if run:
                    ctx.run = run
                return ev.StreetStart(no, street, _cards(v[a]), run), not run

            return flop

        def make(v: list[str], name: Any, ctx: _Context, no: int) -> Made:
            if run:
                ctx.run = run
            return ev.StreetStart(no, street, _cards(v[a]) + _cards(v[b]), run), not run

        return make

    def r_post(self, tree: Tree) -> Recipe:
        blind = next(c for c in tree.children if isinstance(c, Tree) and c.data != "all_in")
        if blind.data != "missed":
            return super().r_post(tree)
        # "posts missed blind $5": dead money, beside the live big blind posted with it.
        (a,), all_in = self.nums(tree), self._all_in(tree)

        def make(v: list[str], name: Any, ctx: _Context, no: int) -> Made:
            amount = ctx.amounts[v[a]]
            return ev.PostBlind(no, name, "dead", amount, amount, all_in), True

        return make

    def r_straddle(self, tree: Tree) -> Recipe:
        # The amount as printed: the straddler's street total, turned into the chips the
        # post adds once the hand's posts are known (``GGPokerReader._finish``). Never
        # reused: the hand notes it has a straddle.
        (a,), all_in = self.direct_nums(tree), self._all_in(tree)

        def make(v: list[str], name: Any, ctx: _Context, no: int) -> Made:
            ctx.straddled = True  # type: ignore[attr-defined]
            return ev.PostBlind(no, name, "straddle", ctx.amounts[v[a]], 0, all_in), False

        return make

    def r_collected(self, tree: Tree) -> Recipe:
        # "collected $X from pot", once per pot: GG never says which pot.
        (a,) = self.nums(tree)
        return lambda v, name, ctx, no: (
            ev.Collected(no, name, ctx.amounts[v[a]], None, ctx.run), not ctx.run)

    def r_cashout_risk(self, tree: Tree) -> Recipe:
        # "Pays Cashout Risk ($1.72)": the EV-cashout winner pays the site, outside the pot.
        return self._payment(tree, "cashout_risk")

    def r_insurance_premium(self, tree: Tree) -> Recipe:
        # "pay premium of all-in insurance ($4)": paid to the site, outside the pot.
        return self._payment(tree, "insurance_premium")

    def r_insurance_payout(self, tree: Tree) -> Recipe:
        # "get main compensation of all-in insurance ($X)": the site pays the insured
        # player who lost (the line as third-party GG parsers know it; not in the corpus).
        (a,) = self.nums(tree)
        return lambda v, name, ctx, no: (
            ev.SidePayment(no, name, ctx.amounts[v[a]], "insurance_payout"), True)

    def _payment(self, tree: Tree, kind: ev.SidePaymentKind) -> Recipe:
        (a,) = self.nums(tree)
        return lambda v, name, ctx, no: (
            ev.SidePayment(no, name, -ctx.amounts[v[a]], kind), True)

    def r_ev_cashout(self, tree: Tree) -> Recipe:
        # "Chooses to EV Cashout": the risk is paid later ("Pays Cashout Risk").
        return self._said("EV Cashout")

    def r_insurance(self, tree: Tree) -> Recipe:
        # "get an all-in insurance (premium (…) for (…) - (…))": the premium is paid later.
        return self._said("all-in insurance")

    def _said(self, text: str) -> Recipe:
        return lambda v, name, ctx, no: (ev.TableNote(no, "other", name, text), True)

    def r_house_money(self, tree: Tree) -> Recipe:
        (a,) = self.nums(tree)
        return lambda v, name, ctx, no: (ev.HouseMoney(no, ctx.amounts[v[a]], "Cash Drop"), True)

    def r_run_label(self, tree: Tree) -> Recipe:
        # "FIRST" alone on a line, before that run's "Board [...]" (GG short deck, 2021).
        word = next(k for k, n in _RUN_WORDS.items() if tree.children[0].data == f"run{n}")
        return lambda v, name, ctx, no: (ev.TableNote(no, "other", None, word), True)


class _GGContext(_Context):
    """The PokerStars reader's context, and whether the hand has a straddle.

    (Not a dataclass: the compiled build compiles ``_Context``, and a slotted dataclass
    made from it would lay its fields out again, hiding the compiled ones.)"""

    __slots__ = ("straddled",)

    def __init__(self, amounts: AmountCache, big_blind: int = 0, run: int = 0) -> None:
        super().__init__(amounts, big_blind, run)
        self.straddled = False


class GGPokerReader(PokerStarsReader):
    """Reads GGPoker hand blocks (cash, Rush & Cash, tournaments; also ClubGG's)."""

    builder = GGRecipeBuilder
    context = _GGContext

    def __init__(self, *, caching: bool = True) -> None:
        from auditor.sites.ggpoker import DIALECT

        super().__init__(caching=caching, site="ggpoker", title="GGPoker", dialect=DIALECT,
                         grammar="ggpoker")

    def read(self, block: HandBlock) -> Hand | Unreadable:
        """The hand of ``block``, or why it cannot be replayed; the header's facts are
        kept on an unreadable hand whenever the header itself reads."""
        try:
            return self._read(block)
        except (LineError, AmountError) as exc:
            line = exc.line if isinstance(exc, LineError) else block.first_line
            message = exc.message if isinstance(exc, LineError) else str(exc)
            return self._unreadable(block, line, "HH001", message, self._info_of(block))
        except ValueError as exc:  # a number field that is not one ("Seat $3: …")
            return self._unreadable(block, block.first_line, "HH001",
                                    f"not a GGPoker hand: {exc}", self._info_of(block))

    def _info_of(self, block: HandBlock) -> HandInfo:
        """What the header (and the table line) of a hand that did not read say."""
        from auditor.sites.ggpoker import header_facts

        try:
            game, hand_id, started = self._header(block.lines[0], block.first_line)
            table = None
            if len(block.lines) > 1 and block.lines[1].startswith("Table "):
                table = self._table(block.lines[1].strip(), block.first_line + 1)
            return game.info(self.site, hand_id, started, table)
        except (LineError, AmountError, ValueError, IndexError):
            return header_info(self.site, header_facts(block))

    def _unreadable(self, block: HandBlock, line: int, code: str, message: str,
                    info: HandInfo | None = None) -> Unreadable:
        m = re.search(r"#([A-Z]*[0-9]+)", block.lines[0])
        return Unreadable(source=block.source, first_line=block.first_line,
                          last_line=block.last_line, line=line, code=code, message=message,
                          site=self.site, info=info,
                          hand_id=info.hand_id if info else (m.group(1) if m else ""))

    # --- the header --------------------------------------------------------------------

    def _header(self, text: str, no: int) -> tuple[_HeaderInfo, str, str]:
        """The header's game fields (cached per game and stakes), hand id and start."""
        sharp = text.find("#")
        colon = text.find(": ", sharp)
        dash = text.rfind(" - ")
        if not 0 <= sharp < colon:
            raise LineError(no, f"not a GGPoker hand header: {text.strip()[:120]!r}")
        hand_id = text[sharp + 1 : colon]
        key = None
        if colon < dash:
            # From hand to hand only the id and the date's digits change.
            key = text[colon:dash] + digits_masked(text[dash:])
            found = self.headers.get(key) if self.caching else None
            if found is not None:
                return found, hand_id, text[dash + 3 :].strip()
        shape, values, game = self._header_shape(text, sharp, colon, no)
        head: _Header = self._make(self.recipe(shape, no, text), values, None, no, _NO_CONTEXT)
        # The game words as printed ("PLO-5": the grammar sees a word and a number).
        found = _header_info(replace(head, game_text=game), _game_of)
        started = _started(text)
        if key is not None and started == text[dash + 3 :].strip() and len(self.headers) < 10_000:
            self.headers[key] = found
        return found, head.hand_id, started

    @staticmethod
    def _header_shape(text: str, sharp: int, colon: int, no: int
                      ) -> tuple[str, list[str], str]:
        """The header's shape and values: its hand id as an amount field
        (``RC3877234041`` is one word), a tournament's name as quoted text; and its game
        words as printed."""
        head = f"{text[:sharp + 1]}{NUM}"
        rest = text[colon:]
        if rest.startswith(": Tournament #") and ", " in rest:
            comma = rest.index(", ") + 2
            level = _LEVEL.search(rest, comma)
            end = level.start() if level else rest.rfind(" - ")
            starts = [m.start() for m in _GAME_START.finditer(rest, comma, max(end, comma))]
            if not starts:
                raise LineError(no, "a GGPoker tournament header whose game is not named "
                                    f"after the tournament's name: {text.strip()[:120]!r}")
            first, values = split_fields(rest[:comma])
            tail, more = split_fields(rest[starts[-1] :])
            name = rest[comma : starts[-1]].strip()
            game = rest[starts[-1] : end].strip()
            if name:
                return (f"{head}{first}{QUOTED} {tail}",
                        [text[sharp + 1 : colon], *values, name, *more], game)
            return f"{head}{first}{tail}", [text[sharp + 1 : colon], *values, *more], game
        shape, values = split_fields(rest)
        stakes = rest.rfind(" (", 0, rest.rfind(" - ") if " - " in rest else len(rest))
        game = rest[2:stakes].strip() if stakes > 2 else rest[2:].strip()
        return head + shape, [text[sharp + 1 : colon], *values], game

    # --- lines -------------------------------------------------------------------------

    def _carded_line(self, text: str, names: list[str], no: int
                     ) -> tuple[Recipe, list[str], str | None]:
        """``Dealt to Hero [7c 8c]`` (one a hand, always new cards) without the general
        card-line path: the name is a seated one, the cards one group."""
        if text.startswith("Dealt to "):
            at = text.find(" [", 9)
            if at > 9 and text[9:at] in names and text.find("[", at + 2) < 0:
                dealt = self.recipes.get(_DEALT_SHAPE) or self.recipe(_DEALT_SHAPE, no, text)
                return dealt, [text[at + 1 :]], text[9:at]
        return super()._carded_line(text, names, no)

    # --- the hand, completed -------------------------------------------------------------

    def _todo(self, lines: list[str]) -> list[int]:
        """Every line but the blank ones and those that tell nothing the hand's other
        lines do not, over a quarter of a GG hand's lines: ``Dealt to 8525d327``
        without cards (every player dealt in posts or acts before the flop), the summary's
        ``Board [...]`` of a hand run once (its river line gave that board) and the
        summary's seat lines, which restate who folded, showed and won (nothing reads a
        ``SeatSummary``)."""
        n = len(lines)
        try:
            deal = lines.index("*** HOLE CARDS ***", 1) + 1
            summary = lines.index("*** SUMMARY ***", deal)
        except ValueError:  # a hand cut short: every line, to say what is missing
            return list(compress(range(n), lines))
        end = summary + 1
        while end < n and not (lines[end].startswith("Seat ") or (
                lines[end].startswith("Board [") and lines[end - 1] not in _RUN_WORDS)):
            end += 1
        todo = list(compress(range(deal), lines))
        i = deal
        while i < summary and lines[i].startswith("Dealt to "):
            if lines[i][-1] == "]":  # the exporter's own cards
                todo.append(i)
            i += 1
        todo += compress(range(i, end), lines[i:end])
        return todo

    def _check_summary(self, block: HandBlock, seats: list[ev.Seat],
                       summary: list[ev.Event], restated: int) -> None:
        """As PokerStars's, on the summary's seat lines themselves (``_todo`` skips them)."""
        lines = block.lines
        start = len(lines) - 1
        while start > 0 and lines[start] != "*** SUMMARY ***":
            start -= 1
        listed = sum(1 for line in lines[start + 1:] if line.startswith("Seat "))
        _check_listed(block, seats, listed)

    def _finish(self, hand: Hand, ctx: _Context) -> Hand:
        """Straddles as the chips they add; each run's summary board whole."""
        events = hand.events
        out: list[ev.Event] | None = None
        if ctx.straddled:  # type: ignore[attr-defined]
            # The posts come before the first street.
            end = next((k for k, e in enumerate(events) if e.__class__ is ev.StreetStart),
                       len(events))
            out = list(events)
            if not _straddles_added(out, end):
                out = None
        if ctx.run:
            boards = out if out is not None else list(events)
            if _whole_boards(boards):
                out = boards
        return hand if out is None else replace(hand, events=tuple(out))


def _straddles_added(events: list[ev.Event], end: int) -> bool:
    """GG prints a straddle as the straddler's new street total: a re-straddle
    (``straddle $0.5`` then ``straddle $15.35 and is all-in``), a straddle over one's own
    big or button blind. The event's amount is the chips the post adds."""
    live: dict[str, int] = {}
    changed = False
    for i in range(end):
        e = events[i]
        if e.__class__ is not ev.PostBlind:
            continue
        post: ev.PostBlind = e  # type: ignore[assignment]
        before = live.get(post.player, 0)
        if post.kind == "straddle":
            if before and post.amount > before:
                events[i] = replace(post, amount=post.amount - before)
                changed = True
            live[post.player] = max(post.amount, before)
        elif post.kind in ("small", "big", "button", "small_and_big"):
            live[post.player] = before + post.amount - post.dead
    return changed


def _whole_boards(events: list[ev.Event]) -> bool:
    """Each run's summary board as the whole board: GG's ``SECOND Board [4d Qs]`` lists
    only the cards dealt again (the street lines give the whole board); a run named on a
    line of its own (``FIRST`` then ``Board [...]``) gives the board its run."""
    boards: dict[int, tuple[str, ...]] = {}
    label = 0
    changed = False
    for i, e in enumerate(events):
        cls = e.__class__
        if cls is ev.StreetStart and e.run:  # type: ignore[attr-defined]
            boards[e.run] = e.board  # type: ignore[attr-defined]
        elif cls is ev.TableNote and e.player is None and e.text in _RUN_WORDS:  # type: ignore[attr-defined]
            label = _RUN_WORDS[e.text]  # type: ignore[attr-defined]
        elif cls is ev.BoardSummary:
            board: ev.BoardSummary = e  # type: ignore[assignment]
            run = board.run or label
            label = 0
            cards = board.cards
            full = boards.get(run, ())
            if 0 < len(cards) < 5 and len(full) == 5 and full[5 - len(cards) :] == cards:
                cards = full
            if run != board.run or cards != board.cards:
                events[i] = replace(board, run=run, cards=cards)
                changed = True
    return changed


# --- game words -------------------------------------------------------------------------


def _game_of(text: str) -> GameOf:
    """GG's game words: ``Hold'em No Limit``, ``Omaha Pot Limit``, ``PLO``, ``PLO-5``,
    ``PLO-6``, ``ShortDeck No Limit``, ``Omaha (NL postflop)``."""
    variant = text.strip()
    low = variant.lower()
    hi_lo = any(w in low for w in ("hi/lo", "hi-lo", "8 or better"))
    if "pot limit" in low:
        limit = "PL"
    elif "no limit" in low:
        limit = "NL"
    elif "limit" in low:
        limit = "FL"
    else:
        limit = "PL" if low.startswith("plo") else "NL"
    if "(nl postflop)" in low:
        # Pot-limit before the flop, no-limit after: judged as no-limit (the pot-limit
        # cap before the flop is not checked; nothing legal is flagged).
        limit = "NL"
    if low.startswith("plo") or "omaha" in low:
        m = re.search(r"plo-?([56])|([56])[- ]?card", low)
        hole = int(m.group(1) or m.group(2)) if m else 4
        return "omaha", variant, limit, hi_lo, hole, None  # type: ignore[return-value]
    if "shortdeck" in low or "short deck" in low or "6+" in low:
        return "sixplus", variant, limit, hi_lo, 2, None  # type: ignore[return-value]
    if "hold'em" in low:
        return "holdem", variant, limit, hi_lo, 2, None  # type: ignore[return-value]
    return ("other", variant, limit, hi_lo, 0,  # type: ignore[return-value]
            f"{variant} is not a game the auditor replays")
