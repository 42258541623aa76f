"""PokerStars hand blocks into hands: header, seats and typed events with source lines.

Each line is reduced to its shape (``auditor.parsing.shape``); the grammar
``grammars/pokerstars.lark`` parses each distinct shape once, and the parse is compiled
into a *recipe* that builds the event from the line's values. Shapes repeat across
hands, so after warm-up almost every line costs a dictionary look-up.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from auditor.model import events as ev
from auditor.model.hand import Game, Hand, HandInfo, Limit
from auditor.model.money import CURRENCY_SYMBOLS, AmountError, parse_amount
from auditor.parsing import grammars
from auditor.parsing.blocks import HandBlock
from auditor.parsing.shape import PLAYER, find_name, seat_line_name, shape_of, split_fields

_FIELD_PLACEHOLDERS = "\ue001\ue002\ue003\ue004"
_READABLE = {
    "\ue000": "<player>",
    "\ue001": "<amount>",
    "\ue002": "<cards>",
    "\ue003": "<text>",
    "\ue004": "<description>",
}
_SYMBOL_CURRENCY = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY", "\ufffd": "EUR"}


class LineError(ValueError):
    """A line that does not read as PokerStars; ``line`` is its number in the file."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


@dataclass(frozen=True, slots=True, kw_only=True)
class Unreadable:
    """A hand the auditor could not read (HH001) or will not replay (HH002)."""

    source: str
    first_line: int
    last_line: int
    line: int
    code: str
    message: str
    site: str
    hand_id: str = ""
    info: HandInfo | None = None


# A recipe builds one event (or header fields) from a line's values.
Recipe = Callable[[list[str], str | None, int, "_Context"], Any]


_AMOUNTS: dict[int, dict[str, int]] = {0: {}, 2: {}}


@dataclass(slots=True)
class _Context:
    decimals: int
    big_blind: int = 0
    run: int = 0

    def amount(self, text: str) -> int:
        # Amounts repeat (stakes, common bets), so each text is converted once.
        memo = _AMOUNTS.get(self.decimals)
        if memo is None:
            memo = _AMOUNTS[self.decimals] = {}
        value = memo.get(text)
        if value is None:
            value = parse_amount(text, self.decimals)
            if len(memo) < 100_000:
                memo[text] = value
        return value


# --- recipes ------------------------------------------------------------------------


def _slots(shape: str) -> dict[int, int]:
    """Position in the shape of each field placeholder -> index of its value (the player's
    name is passed apart, not among the values)."""
    out: dict[int, int] = {}
    for i, ch in enumerate(shape):
        if ch in _FIELD_PLACEHOLDERS:
            out[i] = len(out)
    return out


def _tokens(tree: Tree | Token) -> list[Token]:
    # lark-cython tokens are not lark.Token instances: test for the tree instead.
    if not isinstance(tree, Tree):
        return [tree]
    out: list[Token] = []
    for child in tree.children:
        out.extend(_tokens(child))
    return out


def _cards(text: str) -> tuple[str, ...]:
    cards = _CARDS.get(text)
    if cards is None:
        cards = tuple(text.strip("[]").split())
        if len(_CARDS) < 200_000:
            _CARDS[text] = cards
    return cards


_CARDS: dict[str, tuple[str, ...]] = {}
# Fast positional constructors of the events a reader builds most.
_NEW = {cls: ev.positional(cls) for cls in (
    ev.Fold, ev.Check, ev.Call, ev.Bet, ev.Raise, ev.PostBlind, ev.HoleCards, ev.StreetStart,
    ev.UncalledReturned, ev.Shows, ev.Collected, ev.SeatSummary, ev.TableNote,
)}


class _RecipeBuilder:
    """Compiles the parse tree of one shape into a recipe."""

    def __init__(self, shape: str) -> None:
        self.slot = _slots(shape)

    def idx(self, tok: Token) -> int:
        return self.slot[tok.start_pos]

    def nums(self, tree: Tree) -> list[int]:
        return [self.idx(t) for t in _tokens(tree) if t.type == "NUM"]

    def first(self, tree: Tree, kind: str) -> int | None:
        for t in _tokens(tree):
            if t.type == kind:
                return self.idx(t)
        return None

    def text_parts(self, tree: Tree | None) -> list[str | int]:
        if tree is None:
            return []
        return [self.idx(t) if t.type in ("NUM", "QUOTED", "CARDS") else str(t)
                for t in _tokens(tree)]

    def build(self, tree: Tree) -> Recipe:
        method = getattr(self, "r_" + tree.data, None)
        if method is None:
            raise NotImplementedError(tree.data)
        return method(tree)

    # --- player actions ---
    def r_player_line(self, tree: Tree) -> Recipe:
        # "name: action" or "name action": the action's own tree says which event it is.
        return self.build(next(c for c in tree.children if isinstance(c, Tree)))

    def _all_in(self, tree: Tree) -> bool:
        # Reaching the cap of a capped no-limit game ends the player's betting like an all-in.
        return any(isinstance(c, Tree) and c.data in ("all_in", "capped") for c in tree.children)

    def direct_nums(self, tree: Tree) -> list[int]:
        return [self.idx(t) for t in tree.children if not isinstance(t, Tree) and t.type == "NUM"]

    def r_fold(self, tree: Tree) -> Recipe:
        new = _NEW[ev.Fold]
        return lambda v, name, line, ctx: new(line, name)

    def r_check(self, tree: Tree) -> Recipe:
        new = _NEW[ev.Check]
        return lambda v, name, line, ctx: new(line, name)

    def r_call(self, tree: Tree) -> Recipe:
        (a,), all_in = self.direct_nums(tree), self._all_in(tree)
        new = _NEW[ev.Call]
        return lambda v, name, line, ctx: new(line, name, ctx.amount(v[a]), all_in)

    def r_bet(self, tree: Tree) -> Recipe:
        (a,), all_in = self.direct_nums(tree), self._all_in(tree)
        new = _NEW[ev.Bet]
        return lambda v, name, line, ctx: new(line, name, ctx.amount(v[a]), all_in)

    def r_raise_(self, tree: Tree) -> Recipe:
        (b, t), all_in = self.direct_nums(tree), self._all_in(tree)
        new = _NEW[ev.Raise]
        return lambda v, name, line, ctx: new(
            line, name, ctx.amount(v[t]), ctx.amount(v[b]), all_in
        )

    def r_post(self, tree: Tree) -> Recipe:
        blind = next(c for c in tree.children if isinstance(c, Tree) and c.data != "all_in")
        kind = blind.data
        (a,), all_in = self.nums(tree), self._all_in(tree)

        new = _NEW[ev.PostBlind]

        def make(v: list[str], name: str | None, line: int, ctx: _Context) -> ev.PostBlind:
            amount = ctx.amount(v[a])
            # "small & big blinds": what goes beyond the big blind is the dead small blind.
            dead = max(0, amount - ctx.big_blind) if kind == "small_and_big" else 0
            return new(line, name, kind, amount, dead, all_in)

        return make

    def r_shows(self, tree: Tree) -> Recipe:
        c = self.first(tree, "CARDS")
        d = self.first(tree, "DESC")
        new = _NEW[ev.Shows]
        return lambda v, name, line, ctx: new(
            line, name, _cards(v[c]), v[d].strip("()") if d is not None else ""
        )

    def r_mucks(self, tree: Tree) -> Recipe:
        c = self.first(tree, "CARDS")
        return lambda v, name, line, ctx: ev.Mucks(
            line=line, player=name, cards=_cards(v[c]) if c is not None else ()
        )

    def r_no_show(self, tree: Tree) -> Recipe:
        return lambda v, name, line, ctx: ev.Mucks(line=line, player=name)

    def r_collected(self, tree: Tree) -> Recipe:
        (a, *rest) = self.nums(tree)
        pot_tree = tree.children[-1]
        kind = pot_tree.data

        new = _NEW[ev.Collected]

        def make(v: list[str], name: str | None, line: int, ctx: _Context) -> ev.Collected:
            if kind == "pot_side":
                pot: int | None = int(v[rest[0]]) if rest else 1
            else:
                pot = 0
            return new(line, name, ctx.amount(v[a]), pot, ctx.run)

        return make

    def r_cashed_out(self, tree: Tree) -> Recipe:
        nums = self.nums(tree)
        return lambda v, name, line, ctx: ev.CashedOut(
            line=line, player=name, amount=ctx.amount(v[nums[0]]),
            fee=ctx.amount(v[nums[1]]) if len(nums) > 1 else 0,
        )

    def _note(self, kind: str) -> Recipe:
        new = _NEW[ev.TableNote]
        return lambda v, name, line, ctx: new(line, kind, name, "")

    def r_chat(self, tree: Tree) -> Recipe:
        q = self.first(tree, "QUOTED")
        return lambda v, name, line, ctx: ev.TableNote(
            line=line, kind="chat", player=name, text=v[q][1:-1]
        )

    def r_joins(self, tree: Tree) -> Recipe:
        return self._note("joins")

    def r_leaves(self, tree: Tree) -> Recipe:
        return self._note("leaves")

    def r_sits_out(self, tree: Tree) -> Recipe:
        return self._note("sitting_out")

    def r_timed_out(self, tree: Tree) -> Recipe:
        return self._note("timed_out")

    def r_disconnected(self, tree: Tree) -> Recipe:
        return self._note("disconnected")

    def r_connected(self, tree: Tree) -> Recipe:
        return self._note("connected")

    def r_back(self, tree: Tree) -> Recipe:
        return self._note("returned")

    def r_removed(self, tree: Tree) -> Recipe:
        return self._note("removed")

    def r_note(self, tree: Tree) -> Recipe:
        return self._note("other")

    def r_draw_line(self, tree: Tree) -> Recipe:
        return self._note("other")

    # --- deal and streets ---
    def r_dealt(self, tree: Tree) -> Recipe:
        cs = [self.idx(t) for t in _tokens(tree) if t.type == "CARDS"]
        new = _NEW[ev.HoleCards]
        if len(cs) == 1:
            (i,) = cs
            return lambda v, name, line, ctx: new(line, name, _cards(v[i]))
        return lambda v, name, line, ctx: new(
            line, name, tuple(c for i in cs for c in _cards(v[i]))
        )

    def r_street(self, tree: Tree) -> Recipe:
        run, street = 0, "flop"
        for c in tree.children:
            if isinstance(c, Tree):
                if c.data.startswith("run"):
                    run = int(c.data[-1])
                else:
                    street = c.data
        cs = [self.idx(t) for t in _tokens(tree) if t.type == "CARDS"]

        new = _NEW[ev.StreetStart]

        def make(v: list[str], name: str | None, line: int, ctx: _Context) -> ev.StreetStart:
            if run:
                ctx.run = run
            board = tuple(c for i in cs for c in _cards(v[i]))
            return new(line, street, board, run)

        return make

    def r_showdown(self, tree: Tree) -> Recipe:
        run = next((int(c.data[-1]) for c in tree.children if isinstance(c, Tree)), 0)

        def make(v: list[str], name: str | None, line: int, ctx: _Context) -> ev.ShowdownStart:
            if run:
                ctx.run = run
            return ev.ShowdownStart(line=line, run=run)

        return make

    def r_hole_cards(self, tree: Tree) -> Recipe:
        return lambda v, name, line, ctx: ev.StreetStart(line=line, street="preflop")

    def r_summary(self, tree: Tree) -> Recipe:
        return lambda v, name, line, ctx: _SUMMARY

    def r_other_street(self, tree: Tree) -> Recipe:
        return lambda v, name, line, ctx: _UNSUPPORTED_STREET

    def r_uncalled(self, tree: Tree) -> Recipe:
        (a,) = self.nums(tree)
        new = _NEW[ev.UncalledReturned]
        return lambda v, name, line, ctx: new(line, name, ctx.amount(v[a]))

    # --- summary ---
    def r_pot_summary(self, tree: Tree) -> Recipe:
        total = self.first(tree, "NUM")
        main = side_pots = None
        fees: list[tuple[str, int]] = []
        sides: list[int] = []
        for c in tree.children:
            if isinstance(c, Tree) and c.data == "main_pot":
                main = self.nums(c)[0]
            elif isinstance(c, Tree) and c.data == "side_pot":
                sides.append(self.nums(c)[-1])
            elif isinstance(c, Tree) and c.data == "fee":
                words = " ".join(str(t) for t in _tokens(c) if t.type == "WORD")
                fees.append((words, self.nums(c)[0]))
        side_pots = tuple(sides)

        def make(v: list[str], name: str | None, line: int, ctx: _Context) -> ev.PotSummary:
            rake = 0
            other: list[tuple[str, int]] = []
            for label, i in fees:
                if label.lower() == "rake":
                    rake = ctx.amount(v[i])
                else:
                    other.append((label, ctx.amount(v[i])))
            return ev.PotSummary(
                line=line, total=ctx.amount(v[total]),
                main=ctx.amount(v[main]) if main is not None else None,
                sides=tuple(ctx.amount(v[i]) for i in side_pots), rake=rake, fees=tuple(other),
            )

        return make

    def r_board_summary(self, tree: Tree) -> Recipe:
        c = self.first(tree, "CARDS")
        run = next((int(x.data[-1]) for x in tree.children if isinstance(x, Tree)), 0)
        return lambda v, name, line, ctx: ev.BoardSummary(line=line, cards=_cards(v[c]), run=run)

    def r_seat_summary(self, tree: Tree) -> Recipe:
        seat = self.first(tree, "NUM")
        cards = self.first(tree, "CARDS")
        won = [self.nums(t)[0] for t in tree.iter_subtrees_topdown()
               if t.data in ("won_part", "won")]

        new = _NEW[ev.SeatSummary]

        def make(v: list[str], name: str | None, line: int, ctx: _Context) -> ev.SeatSummary:
            return new(line, int(v[seat]), name or "",
                       _cards(v[cards]) if cards is not None else (),
                       tuple(ctx.amount(v[i]) for i in won) if won else (), "")

        return make

    def r_cancelled(self, tree: Tree) -> Recipe:
        return lambda v, name, line, ctx: ev.HandCancelled(line=line)

    def r_run_count(self, tree: Tree) -> Recipe:
        return lambda v, name, line, ctx: None

    def r_archive_separator(self, tree: Tree) -> Recipe:
        return lambda v, name, line, ctx: None

    def r_no_low(self, tree: Tree) -> Recipe:
        return lambda v, name, line, ctx: None

    def r_early_board(self, tree: Tree) -> Recipe:
        # The flop line repeats this card, so the event would add nothing.
        return lambda v, name, line, ctx: None

    # --- set-up lines: handled by the hand reader, which needs their raw fields ---
    def r_seat(self, tree: Tree) -> Recipe:
        seat, stack = self.nums(tree)[:2]
        out = any(isinstance(c, Tree) and c.data in ("sitting_out", "out_of_hand")
                  for c in tree.children)
        return lambda v, name, line, ctx: ev.Seat(
            line=line, seat=int(v[seat]), player=name, stack=ctx.amount(v[stack]),
            sitting_out=out,
        )

    def r_table(self, tree: Tree) -> Recipe:
        q = self.first(tree, "QUOTED")
        size = next((self.nums(c)[0] for c in tree.children
                     if isinstance(c, Tree) and c.data == "table_size"), None)
        nums = self.nums(tree)
        button = nums[-1] if (nums and nums[-1] != size) else None
        return lambda v, name, line, ctx: _Table(
            name=v[q][1:-1], max_seats=int(v[size]) if size is not None else None,
            button=int(v[button]) if button is not None else None,
        )

    def r_header(self, tree: Tree) -> Recipe:
        return _header_recipe(self, tree)


@dataclass(frozen=True, slots=True)
class _Table:
    name: str
    max_seats: int | None
    button: int | None


# Events the hand reader passes through without a second look.
_BETTING = frozenset({ev.Fold, ev.Check, ev.Call, ev.Bet, ev.Raise, ev.PostBlind})
_PLAIN = _BETTING | frozenset({
    ev.StreetStart, ev.HoleCards, ev.UncalledReturned, ev.ShowdownStart, ev.Shows, ev.Mucks,
    ev.Collected, ev.CashedOut, ev.PotSummary, ev.BoardSummary, ev.SeatSummary, ev.TableNote,
})

_SUMMARY = object()
_UNSUPPORTED_STREET = object()


# --- header ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Header:
    hand_id: str
    tournament: str | None
    game_text: str
    stakes: tuple[str, str] | None
    ante: str | None
    cap: str | None
    currency: str | None
    button_blind: bool


def _header_recipe(b: _RecipeBuilder, tree: Tree) -> Recipe:
    parts: dict[str, Any] = {"stakes": None, "ante": None, "cap": None, "currency": None,
                             "tournament": None, "button_blind": False}
    hand_id = b.first(tree, "NUM")
    for c in tree.children:
        if not isinstance(c, Tree):
            continue
        if c.data == "tournament":
            parts["tournament"] = b.nums(c)[0]
        elif c.data == "game":
            words = [x for x in c.children if isinstance(x, Tree) and x.data == "game_words"]
            parts["game"] = [b.text_parts(w) for w in words]
            for x in c.children:
                if isinstance(x, Tree) and x.data == "stakes":
                    nums = b.nums(x)
                    toks = [str(t) for t in _tokens(x)]
                    if "Button" in toks:
                        parts["stakes"] = (nums[0], nums[0])
                        parts["ante"] = nums[1]
                        parts["button_blind"] = True
                    else:
                        parts["stakes"] = (nums[0], nums[1])
                        cap = [y for y in x.children if isinstance(y, Tree) and y.data == "cap"]
                        if cap:
                            parts["cap"] = b.nums(cap[0])[0]
                    cur = [t for t in _tokens(x) if t.type == "CURRENCY"]
                    parts["currency"] = str(cur[0]) if cur else None
            inner_nums = [t for x in c.children if not isinstance(x, Tree) and x.type == "NUM"
                          for t in [x]]
            if inner_nums and parts["stakes"] is None:
                parts["stakes"] = (b.idx(inner_nums[0]), b.idx(inner_nums[1]))
        elif c.data == "level":
            nums = b.nums(c)
            parts["stakes"] = (nums[-2], nums[-1])

    def render(p: list[str | int], v: list[str]) -> str:
        return " ".join(v[x] if isinstance(x, int) else x for x in p)

    def make(v: list[str], name: str | None, line: int, ctx: _Context) -> _Header:
        st = parts["stakes"]
        return _Header(
            hand_id=v[hand_id],
            tournament=v[parts["tournament"]] if parts["tournament"] is not None else None,
            game_text=" | ".join(render(w, v) for w in parts.get("game", [])),
            stakes=(v[st[0]], v[st[1]]) if st else None,
            ante=v[parts["ante"]] if parts["ante"] is not None else None,
            cap=v[parts["cap"]] if parts["cap"] is not None else None,
            currency=parts["currency"],
            button_blind=parts["button_blind"],
        )

    return make


_LIMITS: tuple[tuple[str, Limit], ...] = (
    ("Pot Limit Pre-Flop", "PL"),  # mixed: handled as unsupported below
    ("No Limit", "NL"),
    ("Pot Limit", "PL"),
    ("Fixed Limit", "FL"),
    ("Limit", "FL"),
)


def _game_of(text: str) -> tuple[Game, str, Limit, bool, int, str | None]:
    """Interpret the header's game words: (game, variant, limit, hi_lo, hole cards,
    reason it is not replayed or None)."""
    # "Mixed Hold'em | Hold'em No Limit": the part in brackets is the game of this hand.
    variant = text.split(" | ")[-1].strip()
    low = variant.lower()
    limit: Limit = "NL"
    for words, lim in _LIMITS:
        if words.lower() in low:
            limit = lim
            break
    hi_lo = "hi/lo" in low
    cards_m = re.search(r"(\d) card omaha", low)
    if "courchevel" in low:
        return "courchevel", variant, limit, hi_lo, 5, None
    if "omaha" in low and "stud" not in low:
        return "omaha", variant, limit, hi_lo, int(cards_m.group(1)) if cards_m else 4, None
    if "hold'em" in low and "split" not in low and "pre-flop" not in low:
        return "holdem", variant, limit, hi_lo, 2, None
    return "other", variant, limit, hi_lo, 0, f"{variant} is not a game the auditor replays"


# --- the hand reader --------------------------------------------------------------------


class PokerStarsReader:
    """Reads PokerStars hand blocks. Keeps the shape cache across hands."""

    site = "pokerstars"
    MAX_CACHE = 200_000

    def __init__(self) -> None:
        self.parser = grammars.load("pokerstars")
        self.recipes: dict[str, Recipe] = {}
        # Line (player name masked) -> (recipe, values, name when it was not a seated one).
        self.lines: dict[str, tuple[Recipe, list[str], str | None]] = {}
        # Line as printed -> (recipe, values, name).
        self.exact: dict[str, tuple[Recipe, list[str], str | None]] = {}
        self.tables: dict[str, _Table] = {}

    def recipe(self, shape: str, line: int, text: str) -> Recipe:
        recipe = self.recipes.get(shape)
        if recipe is None:
            try:
                tree = self.parser.parse(shape)
            except UnexpectedInput as exc:
                raise LineError(line, _explain(exc, shape, text)) from None
            recipe = _RecipeBuilder(shape).build(tree)
            if len(self.recipes) >= self.MAX_CACHE:
                self.recipes.clear()
            self.recipes[shape] = recipe
        return recipe

    def read(self, block: HandBlock) -> Hand | Unreadable:
        """The hand of ``block``, or why it cannot be replayed."""
        try:
            return self._read(block)
        except LineError as exc:
            return self._unreadable(block, exc.line, "HH001", exc.message)
        except AmountError as exc:
            return self._unreadable(block, block.first_line, "HH001", str(exc))

    def _unreadable(self, block: HandBlock, line: int, code: str, message: str,
                    info: HandInfo | None = None) -> Unreadable:
        m = re.search(r"#(\d+)", block.lines[0][1])
        return Unreadable(source=block.source, first_line=block.first_line,
                          last_line=block.last_line, line=line, code=code, message=message,
                          site=self.site, info=info,
                          hand_id=info.hand_id if info else (m.group(1) if m else ""))

    def _read(self, block: HandBlock) -> Hand | Unreadable:
        lines = [x for x in block.lines if x[1]]  # lines come right-stripped
        first_no, header_line = lines[0]
        header_line = header_line.replace("\xa0", " ")
        shape, values = split_fields(header_line)
        ctx = _Context(decimals=2)
        head: _Header = self.recipe(shape, first_no, header_line)(values, None, first_no, ctx)
        game = _game_info(head)
        if game["game"] == "other":
            return self._unreadable(block, first_no, "HH002",
                                    f"{game['variant']} is not a game the auditor replays",
                                    _info(head, game, header_line, None))
        ctx.decimals = game["decimals"]
        lo, hi = game["stakes"]
        ctx.big_blind = lo if game["limit"] == "FL" else hi

        i = 1
        n = len(lines)
        table: _Table | None = None
        exact = self.exact
        if i < n and lines[i][1].lstrip().startswith("Table "):
            no, text = lines[i][0], lines[i][1].strip()
            table = self.tables.get(text)
            if table is None:
                shape, values = split_fields(text)
                table = self.recipe(shape, no, text)(values, None, no, ctx)
                if len(self.tables) < self.MAX_CACHE:
                    self.tables[text] = table
            i += 1
        seats: list[ev.Seat] = []
        names: list[str] = []
        while i < n:
            no, text = lines[i]
            if text[0] == " ":
                text = text.strip()
            seen = exact.get(text)
            if seen is None:
                name = seat_line_name(text)
                if name is None:
                    break
                head_part = text[: text.index(": ") + 2]
                s1, v1 = split_fields(head_part)
                s2, v2 = split_fields(text[len(head_part) + len(name):])
                seen = (self.recipe(s1 + PLAYER + s2, no, text), v1 + v2, name)
                if len(exact) < self.MAX_CACHE:
                    exact[text] = seen
            recipe, values, name = seen
            seat = recipe(values, name, no, ctx)
            if seat.__class__ is not ev.Seat:
                break
            names.append(name)
            seats.append(seat)
            i += 1
        if not seats:
            no = lines[i][0] if i < n else block.last_line
            raise LineError(no, "the hand lists no seats "
                                "(expected 'Seat N: name (stack in chips)')")
        names.sort(key=len, reverse=True)
        info = _info(head, game, header_line, table)

        events: list[ev.Event] = []
        append = events.append
        in_summary = False
        cancelled = False
        lines_seen = self.lines
        exact = self.exact
        for no, text in lines[i:]:
            if "\xa0" in text:
                text = text.replace("\xa0", " ")
            if text[0] == " ":
                text = text.lstrip()
            # Fast paths: this very line was read before (players keep their names for a
            # session), or one like it with another seated player's name.
            seen = exact.get(text)
            if seen is not None:
                recipe, values, name = seen
                event = recipe(values, name, no, ctx)
                cls = event.__class__
                if cls in _PLAIN and not (in_summary and cls in _BETTING):
                    append(event)
                    continue
            start, name = find_name(text, names)
            key = text if name is None else f"{text[:start]}{PLAYER}{text[start + len(name):]}"
            seen = lines_seen.get(key)
            if seen is None:
                shape, line_name, values = shape_of(text, names)
                seen = (self.recipe(shape, no, text), values, line_name)
                # Cache only what the key explains: a seated name (masked in the key) or
                # a name that is part of the key's own text.
                if line_name == name or name is None:
                    if len(lines_seen) >= self.MAX_CACHE:
                        lines_seen.clear()
                    lines_seen[key] = seen
                name = line_name
            recipe, values, seen_name = seen
            if name is None:
                name = seen_name
            if len(exact) < self.MAX_CACHE:
                exact[text] = (recipe, values, name)
            event = recipe(values, name, no, ctx)
            cls = event.__class__
            if cls in _PLAIN:
                if in_summary and cls in _BETTING:
                    raise LineError(no, "an action after the summary started")
                append(event)
                continue
            if event is None:
                continue
            if event is _SUMMARY:
                in_summary = True
                continue
            if event is _UNSUPPORTED_STREET:
                return self._unreadable(block, no, "HH002",
                                        f"{info.variant}: stud and draw streets are not replayed",
                                        info)
            if cls is ev.Seat:
                raise LineError(no, "a seat line after the hand started")
            if cls is ev.HandCancelled:
                cancelled = True
            append(event)
        if not in_summary and not cancelled:
            raise LineError(block.last_line,
                            "the hand ends before its *** SUMMARY *** (truncated?)")
        return Hand(source=block.source, first_line=block.first_line,
                    last_line=block.last_line, info=info, seats=tuple(seats),
                    events=tuple(events), cancelled=cancelled)


def _started(header: str) -> str:
    """The header's date and time as printed (from the first date to the end)."""
    m = _DATE.search(header)
    return header[m.start():].strip() if m else ""


_DATE = re.compile(r"\d{4}/\d{1,2}/\d{1,2}")


_GAMES: dict[tuple, dict[str, Any]] = {}


def _game_info(head: _Header) -> dict[str, Any]:
    """The HandInfo fields the header's game and stakes decide; the same for every hand
    of a table, so computed once per distinct header."""
    key = (head.game_text, head.stakes, head.ante, head.cap, head.currency,
           head.tournament is None)
    found = _GAMES.get(key)
    if found is not None:
        return found
    game, variant, limit, hi_lo, hole, _reason = _game_of(head.game_text)
    lo_text, hi_text = head.stakes or ("0", "0")
    symbol = lo_text[0] if lo_text[:1] in CURRENCY_SYMBOLS + "\ufffd" else ""
    if head.tournament is not None:
        decimals = 0
        currency = ""
        symbol = ""
    else:
        decimals = 2 if (symbol or "." in lo_text + hi_text or head.currency) else 0
        currency = head.currency or _SYMBOL_CURRENCY.get(symbol, "")
    if symbol == "\ufffd":
        symbol = "€"

    def amt(text: str | None) -> int:
        return parse_amount(text, decimals) if text else 0

    found = {
        "site": "pokerstars", "game": game, "variant": variant,
        "limit": "CNL" if head.cap is not None and limit == "NL" else limit,
        "hi_lo": hi_lo, "hole_cards": hole, "stakes": (amt(lo_text), amt(hi_text)),
        "ante": amt(head.ante), "cap": amt(head.cap) if head.cap is not None else None,
        "currency": currency, "symbol": symbol, "decimals": decimals,
    }
    if len(_GAMES) < 10_000:
        _GAMES[key] = found
    return found


def _info(head: _Header, game: dict[str, Any], header_line: str,
          table: _Table | None) -> HandInfo:
    """The hand's HandInfo: the cached game fields plus this hand's own."""
    return HandInfo(
        **game, hand_id=head.hand_id, tournament=head.tournament,
        started=_started(header_line),
        table=table.name if table else "", max_seats=table.max_seats if table else None,
        button_seat=table.button if table else None,
    )


def _explain(exc: UnexpectedInput, shape: str, text: str) -> str:
    """A message a person understands, built from the error's position (``str()`` of a
    lark-cython error raises, so it is never used)."""
    col = getattr(exc, "column", None) or getattr(exc, "pos_in_stream", 0) or 0
    pos = max(0, min(len(shape), int(col) - 1 if isinstance(col, int) else 0))
    rest = "".join(_READABLE.get(ch, ch) for ch in shape[pos : pos + 40]).strip()
    where = f" at '{rest}'" if rest else " at the end of the line"
    return f"not a PokerStars line{where}: {text.strip()[:120]!r}"
