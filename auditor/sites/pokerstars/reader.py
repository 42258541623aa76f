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
from typing import Any, ClassVar, Final, NamedTuple, cast

from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from auditor.compiled import mypyc_attr
from auditor.model import events as ev
from auditor.model.dialect import Dialect
from auditor.model.hand import Game, Hand, HandInfo, Limit
from auditor.model.money import (
    CURRENCY_SYMBOLS,
    AmountCache,
    AmountError,
    amount_cache,
    parse_amount,
)
from auditor.model.tuples import new_tuple
from auditor.parsing import grammars
from auditor.parsing.blocks import HandBlock
from auditor.parsing.errors import LineError, Unreadable
from auditor.parsing.seated import SeatedNames
from auditor.parsing.shape import (
    BY_METHODS,
    LINE_CACHE_ENTRIES,
    PLAIN_SEAT,
    PLAYER,
    SEAT_FIELDS,
    SMALL_INTS,
    card_groups,
    find_name,
    plain_seat,
    player_at,
    seat_line_name,
    shape_of,
    split_fields,
    starts_at,
)

_FIELD_PLACEHOLDERS: Final = "\ue001\ue002\ue003\ue004"
_READABLE: Final = {
    "\ue000": "<player>",
    "\ue001": "<amount>",
    "\ue002": "<cards>",
    "\ue003": "<text>",
    "\ue004": "<description>",
}
_SYMBOL_CURRENCY: Final = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY",
                           "\ufffd": "EUR"}


# What a line makes (its event, a value of its own, or None), and whether the same line
# may reuse it (see ``_RecipeBuilder``).
Made = tuple[Any, bool]
# A recipe reads a line's values (with the player's name, the hand's context and the
# line's number). The name is None on a line that names nobody, and only the recipes of
# the lines that name a player read it: typed Any, as the events take it.
Recipe = Callable[[list[str], Any, "_Context", int], Made]


def _amounts(decimals: int) -> AmountCache:
    return amount_cache(decimals)


# (mypyc_attr: GGPoker's and the club apps' readers subclass this class; compiled by the
# opt-in mypyc build, it must allow interpreted subclasses.)
@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(slots=True, init=False)
class _Context:
    """What a recipe needs beyond the line: the hand's amounts and big blind, and the run
    (board) of a run-it-twice hand the lines are on."""

    amounts: AmountCache
    big_blind: int = 0
    run: int = 0

    def __init__(self, amounts: AmountCache, big_blind: int = 0, run: int = 0) -> None:
        # Written out, one a hand: compiled, the dataclass's own runs interpreted (events).
        self.amounts = amounts
        self.big_blind = big_blind
        self.run = run


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
        if len(_CARDS) < 200_000 and len(text) < 200:
            _CARDS[text] = cards
    return cards


_CARDS: dict[str, tuple[str, ...]] = {}


@mypyc_attr(allow_interpreted_subclasses=True)  # (see _Context)
class _RecipeBuilder:
    """Compiles the parse tree of one shape into a recipe.

    A recipe takes the line's values, the player's name, the hand's context and the
    line's number, and returns ``(event, reusable)``: the line's event (or a value of its
    own, or None), built by calling its class directly (compiled, a native call; through
    a maker held in a variable, a call with the arguments in a tuple cost about 1,100
    instructions more an event, bench/LEVERS.md §32). A reusable result depends only on
    the line's text and the hand's amounts and blinds, so the reader keeps it for the
    next time the very line comes (players keep their names for a session), as the same
    event on that line (``Event.at``); lines of a run-it-twice board depend on the run,
    and are never reused.
    """

    def __init__(self, shape: str) -> None:
        self.slot = _slots(shape)

    def idx(self, tok: Token) -> int:
        return self.slot[tok.start_pos]  # type: ignore[index]

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

    @staticmethod
    def constant(value: Any) -> Recipe:
        """A line that stands for the same thing (or nothing) wherever it comes."""
        made = (value, True)
        return lambda v, name, ctx, no: made

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
        return lambda v, name, ctx, no: (ev.Fold(no, name), True)

    def r_check(self, tree: Tree) -> Recipe:
        return lambda v, name, ctx, no: (ev.Check(no, name), True)

    def r_call(self, tree: Tree) -> Recipe:
        (a,), all_in = self.direct_nums(tree), self._all_in(tree)
        return lambda v, name, ctx, no: (ev.Call(no, name, ctx.amounts[v[a]], all_in), True)

    def r_bet(self, tree: Tree) -> Recipe:
        (a,), all_in = self.direct_nums(tree), self._all_in(tree)
        return lambda v, name, ctx, no: (ev.Bet(no, name, ctx.amounts[v[a]], all_in), True)

    def r_raise_(self, tree: Tree) -> Recipe:
        (b, t), all_in = self.direct_nums(tree), self._all_in(tree)
        return lambda v, name, ctx, no: (
            ev.Raise(no, name, ctx.amounts[v[t]], ctx.amounts[v[b]], all_in), True
        )

    def r_post(self, tree: Tree) -> Recipe:
        blind = next(c for c in tree.children if isinstance(c, Tree) and c.data != "all_in")
        kind = cast(ev.BlindKind, blind.data)  # (the grammar's rules are named after them)
        (a,), all_in = self.nums(tree), self._all_in(tree)

        def make(v: list[str], name: Any, ctx: _Context, no: int) -> Made:
            amount = ctx.amounts[v[a]]
            # "small & big blinds": what goes beyond the big blind is the dead small blind.
            dead = max(0, amount - ctx.big_blind) if kind == "small_and_big" else 0
            return ev.PostBlind(no, name, kind, amount, dead, all_in), True

        return make

    def r_shows(self, tree: Tree) -> Recipe:
        c = self.first(tree, "CARDS")
        d = self.first(tree, "DESC")
        return lambda v, name, ctx, no: (
            ev.Shows(no, name, _cards(v[c]), v[d].strip("()") if d is not None else ""), True  # type: ignore[index]
        )

    def r_mucks(self, tree: Tree) -> Recipe:
        c = self.first(tree, "CARDS")
        return lambda v, name, ctx, no: (
            ev.Mucks(no, name, _cards(v[c]) if c is not None else ()), True
        )

    def r_no_show(self, tree: Tree) -> Recipe:
        return lambda v, name, ctx, no: (ev.Mucks(no, name, ()), True)

    def r_collected(self, tree: Tree) -> Recipe:
        (a, *rest) = self.nums(tree)
        pot_tree = tree.children[-1]
        kind = pot_tree.data

        def make(v: list[str], name: Any, ctx: _Context, no: int) -> Made:
            if kind == "pot_side":
                pot: int | None = _whole(v[rest[0]]) if rest else 1
            else:
                pot = 0
            # Which board's pot it is: the run the lines are on.
            return ev.Collected(no, name, ctx.amounts[v[a]], pot, ctx.run), not ctx.run

        return make

    def r_cashed_out(self, tree: Tree) -> Recipe:
        nums = self.nums(tree)
        return lambda v, name, ctx, no: (ev.CashedOut(
            no, name, ctx.amounts[v[nums[0]]],
            ctx.amounts[v[nums[1]]] if len(nums) > 1 else 0,
        ), True)

    def _note(self, kind: ev.TableNoteKind) -> Recipe:
        return lambda v, name, ctx, no: (ev.TableNote(no, kind, name, ""), True)

    def r_chat(self, tree: Tree) -> Recipe:
        q = self.first(tree, "QUOTED")
        return lambda v, name, ctx, no: (ev.TableNote(no, "chat", name, v[q][1:-1]), True)  # type: ignore[index]

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
        return _other_note

    def r_draw_line(self, tree: Tree) -> Recipe:
        return self._note("other")

    # --- deal and streets ---
    def r_dealt(self, tree: Tree) -> Recipe:
        cs = [self.idx(t) for t in _tokens(tree) if t.type == "CARDS"]
        if len(cs) == 1:
            (i,) = cs
            return lambda v, name, ctx, no: (ev.HoleCards(no, name, _cards(v[i])), True)
        return lambda v, name, ctx, no: (
            ev.HoleCards(no, name, tuple(c for i in cs for c in _cards(v[i]))), True
        )

    def r_street(self, tree: Tree) -> Recipe:
        run = 0
        street: ev.Street = "flop"
        for c in tree.children:
            if isinstance(c, Tree):
                if c.data.startswith("run"):
                    run = int(c.data[-1])
                else:
                    street = cast(ev.Street, c.data)
        cs = [self.idx(t) for t in _tokens(tree) if t.type == "CARDS"]

        def make(v: list[str], name: Any, ctx: _Context, no: int) -> Made:
            if run:
                ctx.run = run
            board = tuple(c for i in cs for c in _cards(v[i]))
            # The street line of a run sets the run of the lines after it: never reused.
            return ev.StreetStart(no, street, board, run), not run

        return make

    def r_showdown(self, tree: Tree) -> Recipe:
        run = next((int(c.data[-1]) for c in tree.children if isinstance(c, Tree)), 0)

        def make(v: list[str], name: Any, ctx: _Context, no: int) -> Made:
            if run:
                ctx.run = run
            return ev.ShowdownStart(no, run), not run

        return make

    def r_hole_cards(self, tree: Tree) -> Recipe:
        return lambda v, name, ctx, no: (ev.StreetStart(no, "preflop", (), 0), True)

    def r_summary(self, tree: Tree) -> Recipe:
        return self.constant(_SUMMARY)

    def r_other_street(self, tree: Tree) -> Recipe:
        return self.constant(_UNSUPPORTED_STREET)

    def r_uncalled(self, tree: Tree) -> Recipe:
        (a,) = self.nums(tree)
        return lambda v, name, ctx, no: (ev.UncalledReturned(no, name, ctx.amounts[v[a]]), True)

    # --- summary ---
    def r_pot_summary(self, tree: Tree) -> Recipe:
        total = self.first(tree, "NUM")
        main = None
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

        def make(v: list[str], name: Any, ctx: _Context, no: int) -> Made:
            amounts = ctx.amounts
            rake = 0
            other: list[tuple[str, int]] = []
            for label, i in fees:
                if label.lower() == "rake":
                    rake = amounts[v[i]]
                else:
                    other.append((label, amounts[v[i]]))
            return ev.PotSummary(
                no, amounts[v[total]], amounts[v[main]] if main is not None else None,  # type: ignore[index]
                tuple(amounts[v[i]] for i in sides), rake, tuple(other),
            ), True

        return make

    def r_board_summary(self, tree: Tree) -> Recipe:
        c = self.first(tree, "CARDS")
        run = next((int(x.data[-1]) for x in tree.children if isinstance(x, Tree)), 0)
        return lambda v, name, ctx, no: (ev.BoardSummary(no, _cards(v[c]), run), True)  # type: ignore[index]

    def r_seat_summary(self, tree: Tree) -> Recipe:
        seat = self.first(tree, "NUM")
        cards = self.first(tree, "CARDS")
        won = [self.nums(t)[0] for t in tree.iter_subtrees_topdown()
               if t.data in ("won_part", "won")]

        def make(v: list[str], name: Any, ctx: _Context, no: int) -> Made:
            return ev.SeatSummary(
                no, _whole(v[seat]), name or "", _cards(v[cards]) if cards is not None else (),  # type: ignore[index]
                tuple([ctx.amounts[v[i]] for i in won]) if won else (), "",
            ), True

        return make

    def r_cancelled(self, tree: Tree) -> Recipe:
        return lambda v, name, ctx, no: (ev.HandCancelled(no), True)

    def r_run_count(self, tree: Tree) -> Recipe:
        return self.constant(None)

    def r_archive_separator(self, tree: Tree) -> Recipe:
        return self.constant(None)

    def r_no_low(self, tree: Tree) -> Recipe:
        return self.constant(None)

    def r_early_board(self, tree: Tree) -> Recipe:
        # The flop line repeats this card, so the event would add nothing.
        return self.constant(None)

    # --- set-up lines: handled by the hand reader, which needs their raw fields ---
    def r_seat(self, tree: Tree) -> Recipe:
        seat, stack = self.nums(tree)[:2]
        out = any(isinstance(c, Tree) and c.data in ("sitting_out", "out_of_hand")
                  for c in tree.children)
        return lambda v, name, ctx, no: (
            ev.Seat(no, _whole(v[seat]), name, ctx.amounts[v[stack]], out), True
        )

    def r_table(self, tree: Tree) -> Recipe:
        q = self.first(tree, "QUOTED")
        size = next((self.nums(c)[0] for c in tree.children
                     if isinstance(c, Tree) and c.data == "table_size"), None)
        nums = self.nums(tree)
        button = nums[-1] if (nums and nums[-1] != size) else None
        return lambda v, name, ctx, no: (_Table(
            v[q][1:-1], _whole(v[size]) if size is not None else None,  # type: ignore[index]
            _whole(v[button]) if button is not None else None,
        ), True)

    def r_header(self, tree: Tree) -> Recipe:
        return _header_recipe(self, tree)


def _of_stakes(caches: dict[tuple[int, int], Any], game: _HeaderInfo) -> Any:
    """The cache of ``caches`` for the amounts and blinds of ``game`` (the lines, or the
    actions' words, read before under them), made empty when new."""
    key = (game.decimals, game.big_blind)
    found = caches.get(key)
    if found is None:
        if len(caches) >= 64:  # a long tournament's levels
            caches.clear()
        found = caches[key] = {}
    return found


def _other_note(v: list[str], name: Any, ctx: _Context, no: int) -> Made:
    """The recipe of the grammar's ``note`` lines ("name wins …", "name finished the
    tournament …"): an event of the player, whatever the words after (one object, so
    that the reader can tell it; see ``PokerStarsReader.FREE_RESTS``)."""
    return ev.TableNote(no, "other", name, ""), True


def _unprefix(tree: Tree) -> None:
    """Name the rules of a parse by their own names: an overlay grammar's imported rules
    (and their aliases) come out as ``pokerstars__rule``, and recipes read rule names."""
    for sub in tree.iter_subtrees():
        data = sub.data
        if "__" in data:
            sub.data = data.rpartition("__")[2]


def _whole(text: str) -> int:
    """A seat, table size or pot number: ASCII digits only ("2.5", "$2", "³" are not)."""
    found = SMALL_INTS.get(text)
    if found is not None:
        return found
    if text.isascii() and text.isdigit() and len(text) <= 9:
        return int(text)
    raise AmountError(f"not a whole number: {text[:40]!r}")


class _Table(NamedTuple):
    name: str
    max_seats: int | None
    button: int | None


# Events the hand reader passes through without a second look.
_BETTING: Final = frozenset({ev.Fold, ev.Check, ev.Call, ev.Bet, ev.Raise, ev.PostBlind})
_PLAIN: Final = _BETTING | frozenset({
    ev.StreetStart, ev.HoleCards, ev.UncalledReturned, ev.ShowdownStart, ev.Shows, ev.Mucks,
    ev.Collected, ev.CashedOut, ev.PotSummary, ev.BoardSummary, ev.SeatSummary, ev.TableNote,
})

# The events a player's action line makes from the words after his name alone
# (``PokerStarsReader.tails``).
_Played = ev.Action | ev.PostBlind
_PLAYED: Final = frozenset({ev.Fold, ev.Check, ev.Call, ev.Bet, ev.Raise, ev.PostBlind})

_SUMMARY: Final = object()
_UNSUPPORTED_STREET: Final = object()
_NOTHING: Final = object()  # kept for a line that makes nothing (``exact.get`` says None: unseen)


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

    def make(v: list[str], name: Any, ctx: _Context, no: int) -> Made:
        st = parts["stakes"]
        return _Header(
            hand_id=v[hand_id],  # type: ignore[index]
            tournament=v[parts["tournament"]] if parts["tournament"] is not None else None,
            game_text=" | ".join(render(w, v) for w in parts.get("game", [])),
            stakes=(v[st[0]], v[st[1]]) if st else None,
            ante=v[parts["ante"]] if parts["ante"] is not None else None,
            cap=v[parts["cap"]] if parts["cap"] is not None else None,
            currency=parts["currency"],
            button_blind=parts["button_blind"],
        ), True

    return make


_LIMITS: Final[tuple[tuple[str, Limit], ...]] = (
    ("Pot Limit Pre-Flop", "PL"),  # mixed: handled as unsupported below
    ("No Limit", "NL"),
    ("Pot Limit", "PL"),
    ("Fixed Limit", "FL"),
    ("Limit", "FL"),
)


GameOf = tuple[Game, str, Limit, bool, int, str | None]


def _game_of(text: str) -> GameOf:
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
    cards_m = re.search(r"([0-9]) card omaha", low)
    if "courchevel" in low:
        return "courchevel", variant, limit, hi_lo, 5, None
    if "omaha" in low and "stud" not in low:
        return "omaha", variant, limit, hi_lo, int(cards_m.group(1)) if cards_m else 4, None
    if "hold'em" in low and "split" not in low and "pre-flop" not in low:
        # 6+ Hold'em: the 36-card deck, whose hands rank otherwise (a flush beats a full
        # house, A-6-7-8-9 is a straight).
        return "sixplus" if "6+" in low else "holdem", variant, limit, hi_lo, 2, None
    return "other", variant, limit, hi_lo, 0, f"{variant} is not a game the auditor replays"


# --- the hand reader --------------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)  # (see _Context)
class PokerStarsReader:
    """Reads PokerStars hand blocks. Keeps its caches across hands: shapes and lines
    repeat, so after warm-up most lines cost a dictionary look-up or two.

    Apps that export in PokerStars syntax under their own name (PokerBros, PokerMaster,
    Run It Once, Full Tilt after 2016) are read by the same reader: ``header`` is the
    start of their hand header (``"PokerBros Hand #"``, or several), read as PokerStars's, and
    ``site`` and ``dialect`` are theirs.

    The summary's seat lines are counted, not read, unless ``summaries`` is set: they
    restate the play, and nothing of the audit reads a ``SeatSummary``.

    Sites built on this reader (GGPoker, the club apps) may name their own ``grammar`` (an
    overlay that ``%import``s and ``%override``s ``pokerstars.lark``), their own recipe
    ``builder`` (a subclass of the PokerStars one), a ``context`` with more to note while a
    hand is read, and finish each hand (``_finish``)."""

    # (ClassVar: a subclass's own value must win. Compiled, a plain annotated class
    # attribute is an instance attribute with a default, which hides the subclass's.)
    MAX_CACHE: ClassVar[int] = LINE_CACHE_ENTRIES
    # What follows a player's name in the lines that the grammar reads as "name", these
    # words, then any text (its REST), into the same note: "X wins $5 for eliminating Y"
    # names another player in its free text, so a bounty line kept by its whole text
    # would be a new shape, parsed by the grammar, for nearly every elimination. Such a
    # line is kept by its name and these words alone (``_named_line``).
    FREE_RESTS: ClassVar[tuple[str, ...]] = (
        " wins ", " split ", " re-buys ", " takes ", " finished the tournament ")
    builder: ClassVar[type[_RecipeBuilder]] = _RecipeBuilder
    context: ClassVar[type[_Context]] = _Context

    def __init__(self, *, caching: bool = True, site: str = "pokerstars",
                 title: str = "PokerStars", dialect: Dialect | None = None,
                 header: str | tuple[str, ...] | None = None,
                 grammar: str = "pokerstars", summaries: bool = False) -> None:
        # Without caching, every line goes through the grammar's shape and the careful
        # name matcher: the reference the caches and fast paths are tested against.
        self.caching = caching
        # With summaries, the summary's seat lines are read as ``SeatSummary`` events;
        # without (the audit's way), they are counted only (see ``_restates_a_seat``).
        self.summaries = summaries
        self.site = site
        self.title = title
        if dialect is None:
            # (Not ``import DIALECT as dialect``: compiled by mypyc, that left None.)
            from auditor.sites import pokerstars

            dialect = pokerstars.DIALECT
        self.dialect = dialect
        self.header_prefixes = (header,) if isinstance(header, str) else header or ()
        self.free_rests = tuple(PLAYER + words for words in self.FREE_RESTS)
        self.parser = grammars.load(grammar)
        # An overlay grammar's imported rules come out named "pokerstars__rule".
        self.namespaced = grammar != "pokerstars"
        self.recipes: dict[str, Recipe] = {}
        # What follows a seated player's "name" in an action line (": calls $0.15") ->
        # (recipe, values): the same for every player.
        self.actions: dict[str, tuple[Recipe, list[str]]] = {}
        # Line with the player's name masked -> (recipe, values, name when it was not a
        # seated one).
        self.lines: dict[str, tuple[Recipe, list[str], str | None]] = {}
        # (Line up to its cards, how many card groups) -> (recipe, values, name).
        self.carded: dict[tuple[str, int], tuple[Recipe, list[str], str | None]] = {}
        # (decimals, big blind) -> line as printed -> what it made: its event (each hand
        # gets its own, ``Event.at``), a value of its own, or _NOTHING.
        self.exact: dict[tuple[int, int], dict[str, object]] = {}
        # (decimals, big blind) -> what follows a seated player's name in an action line
        # (": calls $0.15") -> the action it made for the first player read with it.
        # Another player's line with the same words is that action by him (``played_by``):
        # a player new to the table (or to the session: the bench's sessions draw hands
        # from many tables) has no line read before, but his actions' words were. Only
        # PokerStars's own reader keeps them: the readers built on it have recipes of
        # their own, which may note more in the hand's context than the event.
        self.tails: dict[tuple[int, int], dict[str, _Played]] = {}
        self.by_tail = caching and type(self) is PokerStarsReader
        # Header without its hand number and with the date's digits masked -> header.
        self.headers: dict[str, _HeaderInfo] = {}
        # Table line without its name and button seat (see ``_table``) -> table.
        self.tables: dict[str, _Table] = {}
        # Seated names in seat order -> what ``_seated`` makes of them.
        self.seatings: dict[tuple[str, ...], tuple[SeatedNames, frozenset[str] | None]] = {}

    def recipe(self, shape: str, line: int, text: str) -> Recipe:
        recipe = self.recipes.get(shape)
        if recipe is None:
            try:
                tree = self.parser.parse(shape)
                if self.namespaced:
                    _unprefix(tree)
            except UnexpectedInput as exc:
                raise LineError(line, _explain(exc, shape, text, self.title)) from None
            recipe = self.builder(shape).build(tree)
            if len(self.recipes) >= self.MAX_CACHE:
                self.recipes.clear()
            if len(shape) < _CACHED_LINE:
                self.recipes[shape] = recipe
        return recipe

    def read(self, block: HandBlock) -> Hand | Unreadable:
        """The hand of ``block``, or why it cannot be replayed."""
        try:
            return self._read(block)
        except LineError as exc:
            return self._unreadable(block, exc.line, "HH001", exc.message)

    def _unreadable(self, block: HandBlock, line: int, code: str, message: str,
                    info: HandInfo | None = None) -> Unreadable:
        m = re.search(r"#([0-9]+)", block.lines[0])
        return Unreadable(source=block.source, first_line=block.first_line,
                          last_line=block.last_line, line=line, code=code, message=message,
                          site=self.site, info=info,
                          hand_id=info.hand_id if info else (m.group(1) if m else ""))

    # --- the parts of a hand -------------------------------------------------------------

    def _header(self, text: str, no: int) -> tuple[_HeaderInfo, str, str]:
        """The header's game fields (cached per game and stakes), hand number and start."""
        text = text.replace("\xa0", " ")
        for prefix in self.header_prefixes:
            if text.startswith(prefix):
                text = "PokerStars Hand #" + text[len(prefix):]
                break
        # "PokerStars Hand #ID: game and stakes - date": from hand to hand only the number
        # and the date's digits change. The key is the rest.
        sharp = text.find("#")
        colon = text.find(": ", sharp)
        dash = text.rfind(" - ")
        hand_id = text[sharp + 1 : colon]
        key = None
        if 0 <= sharp < colon < dash and hand_id.isascii() and hand_id.isdigit():
            key = text[:sharp] + text[colon:dash] + digits_masked(text[dash:])
            found = self.headers.get(key) if self.caching else None
            if found is not None:
                return found, hand_id, text[dash + 3 :].strip()
        shape, values = split_fields(text)
        head: _Header = self._make(self.recipe(shape, no, text), values, None, no, _NO_CONTEXT)
        found = _header_info(head)
        started = _started(text)
        # Cache only what the key explains: the grammar read the number and the date
        # where the key leaves them out.
        if (key is not None and head.hand_id == hand_id and started == text[dash + 3 :].strip()
                and len(self.headers) < 10_000 and len(key) < _CACHED_LINE):
            self.headers[key] = found
        return found, head.hand_id, started

    def _table(self, text: str, no: int) -> _Table:
        """The ``Table 'name' 6-max Seat #N is the button`` line."""
        # Lines of one table differ only in the button's seat, tables of one kind (a
        # tournament's, a zoom pool's) also in their names: the key is the rest.
        end, button = _button(text)
        quote = text.rfind("' ", 0, end + 1) if text.startswith("Table '") else -1
        name = text[7:quote] if quote > 6 else None
        key = text[quote:end] if name is not None else text[:end]
        found = self.tables.get(key) if self.caching else None
        if found is not None:
            # (Made by ``new_tuple`` from one tuple: calling the class runs the named
            # tuple's __new__, written in Python, every hand.)
            return new_tuple(_Table, (found.name if name is None else name, found.max_seats,
                                      found.button if button is None else _whole(button)))
        shape, values = split_fields(text)
        table = self._make(self.recipe(shape, no, text), values, None, no, _NO_CONTEXT)
        if (len(self.tables) < self.MAX_CACHE and name in (None, table.name) and len(key) < 500
                and (button is None or table.button == _whole(button))):
            self.tables[key] = table
        return table

    def _seat(self, text: str, no: int, ctx: _Context) -> ev.Seat | None:
        """The seat of a ``Seat N: name (stack in chips)`` line, or None at the first line
        that is not one."""
        if self.caching:
            if SEAT_FIELDS is not None:  # (the compiled build's C)
                fields = SEAT_FIELDS(text)
                if fields is not None:
                    seat_number, seat_player, seat_stack = fields
                    return ev.Seat(no, seat_number, seat_player, ctx.amounts[seat_stack], False)
            if BY_METHODS:
                parts = plain_seat(text)
            else:
                plain = PLAIN_SEAT.fullmatch(text)
                parts = None if plain is None else (plain[1], plain[2], plain[3])
            if parts is not None:
                number, player, stack = parts
                return ev.Seat(no, _whole(number), player, ctx.amounts[stack], False)
        name = seat_line_name(text)
        if name is None:
            return None
        shape, _, values = shape_of(text, [name], (text.index(": ") + 2, name))
        seat = self._make(self.recipe(shape, no, text), values, name, no, ctx)
        return seat if type(seat) is ev.Seat else None

    def _action(self, tail: str, no: int, text: str) -> tuple[Recipe, list[str]]:
        """Recipe and values of what follows a seated player's name at a line's start."""
        shape, values = split_fields(tail)
        found = (self.recipe(PLAYER + shape, no, text), values)
        if len(self.actions) >= self.MAX_CACHE:
            self.actions.clear()
        if len(tail) < _CACHED_LINE:
            self.actions[tail] = found
        return found

    @staticmethod
    def _make(recipe: Recipe, values: list[str], name: str | None, no: int,
              ctx: _Context) -> Any:
        return recipe(values, name, ctx, no)[0]

    def _line(self, raw: str, names: list[str], seated: frozenset[str] | None, no: int
              ) -> tuple[Recipe, list[str], str | None]:
        """Recipe, values and player's name of a line not read before under this hand's
        amounts. ``seated`` is None when a seated name could be taken for a line's own
        words: then names are matched the careful way."""
        text = _as_read(raw)
        colon = text.find(": ")
        if seated is not None and colon > 0 and (name := text[:colon]) in seated:
            # "name: action …" of a seated player: what follows the name is the same
            # for every player.
            tail = text[colon:]
            recipe, values = self.actions.get(tail) or self._action(tail, no, text)
            return recipe, values, name
        return self._unnamed_line(text, names, no)

    def _unnamed_line(self, text: str, names: list[str], no: int
                      ) -> tuple[Recipe, list[str], str | None]:
        """``_line`` of a line as read that is not a seated player's "name: action"."""
        if "[" in text and self.caching:
            return self._carded_line(text, names, no)
        return self._named_line(text, names, no)

    def _carded_line(self, text: str, names: list[str], no: int
                     ) -> tuple[Recipe, list[str], str | None]:
        """A line that ends in card groups (a deal, a street, a board, mucked cards),
        kept by what comes before its cards: the cards change, that part repeats."""
        at = text.find(" [")
        cards = card_groups(text, at) if at > 0 else None
        if cards is None:
            return self._named_line(text, names, no)
        key = (text[:at], len(cards))
        seen = self.carded.get(key)
        if seen is not None:
            recipe, values, name = seen
            return recipe, [*values, *cards], name
        recipe, values, name = self._named_line(text, names, no)
        if (values[-len(cards):] == cards and len(self.carded) < self.MAX_CACHE
                and at < _CACHED_LINE):
            self.carded[key] = (recipe, values[: -len(cards)], name)
        return recipe, values, name

    def _named_line(self, text: str, names: list[str], no: int
                    ) -> tuple[Recipe, list[str], str | None]:
        found = find_name(text, names)
        if "[" in text:
            # Cards (deals, boards, shown hands): the line seldom comes twice.
            shape, line_name, values = shape_of(text, names, found)
            return self.recipe(shape, no, text), values, line_name
        start, name = found
        key = text if name is None else f"{text[:start]}{PLAYER}{text[start + len(name):]}"
        free = start == 0 and key.startswith(self.free_rests) and name is not None \
            and player_at(text, found) == name
        if free:
            key = next(k for k in self.free_rests if key.startswith(k))
        seen = self.lines.get(key) if self.caching else None
        if seen is None:
            shape, line_name, values = shape_of(text, names, found)
            seen = (self.recipe(shape, no, text), values, line_name)
            # Cache only what the key explains: a seated name (masked in the key) or a
            # name that is part of the key's own text; under a free rest's words, only
            # the note the grammar reads them as.
            if (line_name == name or name is None) and len(key) < _CACHED_LINE \
                    and (not free or seen[0] is _other_note):
                if len(self.lines) >= self.MAX_CACHE:
                    self.lines.clear()
                self.lines[key] = seen
            name = line_name
        recipe, values, seen_name = seen
        return recipe, values, name if name is not None else seen_name

    # --- the hand ------------------------------------------------------------------------

    def _read(self, block: HandBlock) -> Hand | Unreadable:
        lines = block.lines
        numbers = block.numbers
        base = block.first_line
        no = base  # the line being read: an amount that cannot be read is reported there
        try:
            game, hand_id, started = self._header(lines[0], base)
            if game.reason is not None:
                return self._unreadable(block, base, "HH002", game.reason,
                                        game.info(self.site, hand_id, started, None))
            ctx = self.context(game.amounts, game.big_blind)

            # Blank lines carry nothing; the rest is numbered from the block's first line.
            todo = self._todo(lines)
            n = len(todo)
            k = 1  # todo[0] is the header
            table: _Table | None = None
            if k < n and lines[todo[k]].lstrip().startswith("Table "):
                i = todo[k]
                no = base + i if numbers is None else numbers[i]
                table = self._table(lines[i].strip(), no)
                k += 1
            seats: list[ev.Seat] = []
            while k < n:
                i = todo[k]
                no = base + i if numbers is None else numbers[i]
                seat = self._seat(lines[i].strip(), no, ctx)
                if seat is None:
                    break
                seats.append(seat)
                k += 1
            if not seats:
                no = (base + todo[k] if numbers is None else numbers[todo[k]]) if k < n \
                    else block.last_line
                raise LineError(no, "the hand lists no seats "
                                    "(expected 'Seat N: name (stack in chips)')")
            names, seated = self._seated(seats)
            info = game.info(self.site, hand_id, started, table)

            events: list[ev.Event] = []
            append = events.append
            in_summary = False
            summary_at = 0
            restated = 0  # the summary's seat lines, counted, not read
            restating = not self.summaries
            cancelled = False
            exact: dict[str, object] = _of_stakes(self.exact, game) if self.caching else {}
            tails: dict[str, _Played] | None = _of_stakes(self.tails, game) \
                if self.by_tail and seated is not None else None
            for i in todo[k:]:
                text = lines[i]
                no = base + i if numbers is None else numbers[i]
                if in_summary and restating and _restates_a_seat(text):
                    restated += 1
                    continue
                seen = exact.get(text)
                if seen is None:
                    event: Any
                    if tails is not None and seated is not None and text[0] != " " \
                            and "\xa0" not in text:
                        # ``_line`` written out for a line read as it is printed, where a
                        # seated player's action comes from the words after his name.
                        colon = text.find(": ")
                        who = text[:colon] if colon > 0 else ""
                        if colon > 0 and who in seated:
                            tail = text[colon:]
                            played = tails.get(tail)
                            if played is not None:
                                event, reusable = played.played_by(who, no), True
                            else:
                                recipe, values = self.actions.get(tail) \
                                    or self._action(tail, no, text)
                                event, reusable = recipe(values, who, ctx, no)
                                if reusable and type(event) in _PLAYED and not ctx.run:
                                    if len(tails) >= self.MAX_CACHE:
                                        tails.clear()
                                    tails[tail] = event
                        else:
                            recipe, values, name = self._unnamed_line(text, names, no)
                            event, reusable = recipe(values, name, ctx, no)
                    else:
                        recipe, values, name = self._line(text, names, seated, no)
                        event, reusable = recipe(values, name, ctx, no)
                    if ctx.run:
                        # Lines after a run-it-twice board depend on the run: read them anew.
                        exact = {}
                        tails = None
                    elif reusable and "[" not in text and len(text) < _CACHED_LINE:
                        # Lines with cards (deals, boards, shown hands) seldom come twice.
                        if len(exact) >= self.MAX_CACHE:
                            exact.clear()
                        exact[text] = _NOTHING if event is None else event
                elif isinstance(seen, ev.Event):
                    event = seen.at(no)  # the line read before, on this line
                else:
                    event = None if seen is _NOTHING else seen
                cls = type(event)
                if cls in _PLAIN:
                    if in_summary and cls in _BETTING:
                        raise LineError(no, "an action after the summary started")
                    append(event)
                    continue
                if event is None:
                    continue
                if event is _SUMMARY:
                    in_summary = True
                    summary_at = len(events)
                    continue
                if event is _UNSUPPORTED_STREET:
                    return self._unreadable(
                        block, no, "HH002",
                        f"{info.variant}: stud and draw streets are not replayed", info)
                if cls is ev.Seat:
                    raise LineError(no, "a seat line after the hand started")
                if cls is ev.HandCancelled:
                    cancelled = True
                append(event)
        except AmountError as exc:
            raise LineError(no, str(exc)) from None
        if not cancelled:
            if not in_summary:
                raise LineError(block.last_line,
                                "the hand ends before its *** SUMMARY *** (truncated?)")
            self._check_summary(block, seats, events[summary_at:], restated)
        return self._finish(_NEW_HAND(block.source, base, block.last_line, info, tuple(seats),
                                      tuple(events), cancelled, self.dialect), ctx)

    def _seated(self, seats: list[ev.Seat]) -> tuple[SeatedNames, frozenset[str] | None]:
        """The seated names, longest first, and the set of them for the quick match of
        ``_line`` (None when a name could be taken for a line's own words: then every
        line needs the careful matcher). Kept by the names in seat order: the same
        players sit at a table hand after hand."""
        key = tuple([s.player for s in seats])
        found = self.seatings.get(key) if self.caching else None
        if found is not None:
            return found
        names = SeatedNames(sorted(key, key=len, reverse=True))
        seated = frozenset(names) if self.caching and _plain_names(names) else None
        if self.caching and len(key) <= _CACHED_SEATS:
            if len(self.seatings) >= _SEATINGS:
                self.seatings.clear()
            self.seatings[key] = (names, seated)
        return names, seated

    def _check_summary(self, block: HandBlock, seats: list[ev.Seat],
                       summary: list[ev.Event], restated: int) -> None:
        """A summary lists every seated player who was not sitting out: one that lists
        fewer was cut short (a crash, a copy that stopped early). ``restated`` is how
        many of its seat lines were counted without being read."""
        listed = restated + [type(e) for e in summary].count(ev.SeatSummary)
        _check_listed(block, seats, listed)

    def _todo(self, lines: list[str]) -> list[int]:
        """The indexes of the lines to read: every line but the blank ones (a site built
        on this reader may leave out more)."""
        # (A comprehension: compiled, a native loop, where ``compress`` over a ``range``
        # makes and tests an object a line.)
        return [i for i, line in enumerate(lines) if line]

    def _finish(self, hand: Hand, ctx: _Context) -> Hand:
        """The hand as read, for a site built on this reader to complete (PokerStars's
        hands are complete as read)."""
        return hand


def _restates_a_seat(text: str) -> bool:
    """Whether a line of the summary is one of its seat lines (``Seat 3: Bob (button)
    folded before Flop``), which restate what the hand's own lines say: who folded,
    showed and collected what. No rule reads them, and they are a fifth of a hand's
    lines, the ones whose amounts and names change from hand to hand the most: they are
    counted (a summary cut short is reported), not read: a tenth of the audit's work on
    a PokerStars hand (bench/LEVERS.md §19). A line that could be a seat of the hand's
    list (``… in chips``), glued in by a broken export, is read as before."""
    text = _as_read(text)
    return text.startswith("Seat ") and " in chips" not in text


def _as_read(raw: str) -> str:
    """A line as it is read: NO-BREAK SPACEs as spaces, indentation dropped."""
    return raw.replace("\xa0", " ").lstrip() if raw[0] == " " or "\xa0" in raw else raw


def _check_listed(block: HandBlock, seats: list[ev.Seat], listed: int) -> None:
    """Raise when a summary that lists ``listed`` seats was cut short."""
    if listed < len(seats):
        playing = sum(1 for s in seats if not s.sitting_out)
        if listed < playing:
            raise LineError(block.last_line, "the hand ends inside its summary: it lists "
                                             f"{listed} of the {playing} seated players "
                                             "(truncated?)")


# Lines and shapes longer than this are read but not kept in the caches (a hostile file
# of many long distinct lines must not fill memory).
_CACHED_LINE: Final = 2000
# Seatings kept (a few tables at a time repeat theirs), and the most seats of one kept.
_SEATINGS: Final = 1_000
_CACHED_SEATS: Final = 100


def digits_masked(text: str) -> str:
    """``text`` with every ASCII digit made a 9 (a header's date, as a cache key). By
    bytes: ``str.translate`` looks each distinct character up in its table through
    Python's mapping protocol, about 3,400 instructions a header."""
    return text.encode("utf-8", "surrogatepass").translate(_DIGIT_BYTES).decode(
        "utf-8", "surrogatepass")


# (UTF-8 writes every character beyond ASCII in bytes of 0x80 and above: only the
# digits' own bytes change.)
_DIGIT_BYTES: Final = bytes.maketrans(b"0123456789", b"9999999999")


def _button(text: str) -> tuple[int, str | None]:
    """Where a table line's `` Seat #N is the button`` starts (its length where it has
    none) and N's digits."""
    if BY_METHODS:
        return _button_by_methods(text)
    m = _BUTTON.search(text)
    return (m.start(), m.group(1)) if m else (len(text), None)


_BUTTON: Final = re.compile(r" Seat #([0-9]+) is the button$")


def _button_by_methods(text: str) -> tuple[int, str | None]:
    """``_button`` by string methods (see ``shape.BY_METHODS``), as ``_BUTTON.search``."""
    # (``$`` also matches before a last newline, which a read line never has.)
    end = len(text) - len(_IS_THE_BUTTON) - (1 if text.endswith("\n") else 0)
    if end < 0 or not starts_at(text, _IS_THE_BUTTON, end):
        return len(text), None
    at = text.rfind(" Seat #", 0, end)
    digits = text[at + 7 : end]
    if at < 0 or not digits or not (digits.isascii() and digits.isdigit()):
        return len(text), None
    return at, digits


_IS_THE_BUTTON: Final = " is the button"



def _plain_names(names: list[str]) -> bool:
    """Whether no name could be taken for a line's own words: none holds ``": "`` (which
    ends a name in an action line) or starts as a line that ``find_name`` looks past."""
    if BY_METHODS:
        return _plain_names_by_methods(names)
    joined = "\n".join(names)  # (interpreted, one search beats a loop of calls)
    return ": " not in joined and _NAME_PREFIX.search(joined) is None


def _plain_names_by_methods(names: list[str]) -> bool:
    """``_plain_names`` by string methods (see ``shape.BY_METHODS``)."""
    for name in names:
        if (": " in name or name.startswith("Seat ") or name.startswith("Dealt to ")
                or name.startswith("Uncalled bet (")):
            return False
    return True


# Line starts that ``find_name`` looks past for the name (searched in names joined by
# newlines).
_NAME_PREFIX: Final = re.compile(r"^(?:Seat |Dealt to |Uncalled bet \()", re.M)
_NEW_HAND: Final = ev.positional(Hand)
_NEW_INFO: Final = ev.positional(HandInfo)
# Header and table lines hold no amounts of the hand: their recipes need no context.
_NO_CONTEXT: Final = _Context(_amounts(0))


def _started(header: str) -> str:
    """The header's date and time as printed (from the first date to the end)."""
    m = _DATE.search(header)
    return header[m.start():].strip() if m else ""


_DATE: Final = re.compile(r"[0-9]{4}/[0-9]{1,2}/[0-9]{1,2}")


@dataclass(frozen=True, slots=True)
class _HeaderInfo:
    """What a header says that is the same for every hand of a table and stakes: the
    HandInfo fields but the hand's own, and what reading its lines needs."""

    game: Game
    variant: str
    limit: Limit
    hi_lo: bool
    hole_cards: int
    stakes: tuple[int, int]
    ante: int
    cap: int | None
    currency: str
    symbol: str
    decimals: int
    tournament: str | None
    reason: str | None  # why the hand is not replayed, or None
    amounts: AmountCache
    big_blind: int

    def info(self, site: str, hand_id: str, started: str, table: _Table | None) -> HandInfo:
        """The HandInfo of one hand of this header."""
        return _NEW_INFO(
            site, hand_id, self.game, self.variant, self.limit, self.hi_lo,
            self.hole_cards, self.stakes, self.ante, self.cap, self.currency, self.symbol,
            self.decimals, self.tournament, table.name if table else "",
            table.max_seats if table else None, table.button if table else None, started,
        )


def _header_info(head: _Header, game_of: Callable[[str], GameOf] | None = None
                 ) -> _HeaderInfo:
    """Interpret a header's game and stakes (the game words by ``game_of``: PokerStars's
    words unless a site built on this reader names its own)."""
    game, variant, limit, hi_lo, hole, reason = (game_of or _game_of)(head.game_text)
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

    stakes = (amt(lo_text), amt(hi_text))
    if head.cap is not None and limit == "NL":
        limit = "CNL"
    return _HeaderInfo(
        game=game, variant=variant, limit=limit, hi_lo=hi_lo, hole_cards=hole, stakes=stakes,
        ante=amt(head.ante), cap=amt(head.cap) if head.cap is not None else None,
        currency=currency, symbol=symbol, decimals=decimals, tournament=head.tournament,
        reason=reason, amounts=_amounts(decimals),
        big_blind=stakes[0] if limit == "FL" else stakes[1],
    )


def _explain(exc: UnexpectedInput, shape: str, text: str, title: str) -> str:
    """A message a person understands, built from the error's position (``str()`` of a
    lark-cython error raises, so it is never used)."""
    col = getattr(exc, "column", None) or getattr(exc, "pos_in_stream", 0) or 0
    pos = max(0, min(len(shape), int(col) - 1 if isinstance(col, int) else 0))
    rest = "".join(_READABLE.get(ch, ch) for ch in shape[pos : pos + 40]).strip()
    where = f" at '{rest}'" if rest else " at the end of the line"
    return f"not a {title} line{where}: {text.strip()[:120]!r}"
