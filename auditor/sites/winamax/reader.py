"""Winamax hand blocks into hands: header, seats and typed events with source lines.

Built like the PokerStars reader: each line is reduced to its shape (``shape.py`` in this
package), the grammar ``grammars/winamax.lark`` parses each distinct shape once, and the
parse is compiled into a *recipe* that builds the event from the line's values; lines,
the text after a seated player's name, headers and tables are cached, so after warm-up
almost every line costs a dictionary look-up.

What the reader turns into the event model's single meaning (checked on the corpus):

- ``posts small blind X out of position`` is a dead small blind (``dead``: the poster
  then calls the whole big blind); ``posts big blind X out of position`` is live.
- A post of both is ``posts small blind X out of position`` then ``posts big blind 0
  out of position`` (2016): one ``small_and_big`` post of X, its part above the big
  blind dead. In 2014 the same post was written ``raises 1€ to 3€`` among the blinds,
  then ``posts small blind 1€``: a ``small_and_big`` post of 3 (1 dead), then a dead 1
  (the pot identity and the calls of the hand need all four euros in, two of them live).
- Any other second small blind, or a small blind of a player who already posted, is dead.
- ``bets X`` pre-flop, where the big blind is already the bet (2010 tournaments), is a
  raise by X: to the current bet plus X.
- ``denies big blind`` / ``deny BB 0€``: the player sits the hand out (a table note).
- ``collected X from pot`` and ``from main pot`` are pot 0, ``from side pot N`` pot N,
  as printed: Winamax never prints an uncalled bet, and the excess may come back inside
  a collection or as a "side pot" of its own; the engine judges that by the dialect.
  The ``(HI)``/``(LO)`` of a hi/lo half is not part of the pot's name.
- ``Total pot 3.37k``: a total abbreviated to the thousands states the total only to its
  printed precision. Where the amounts collected add up to a total that prints so, it is
  that sum; otherwise the printed figure (so a total that cannot be the pot's still shows).
- Tournament chips are counted in hundredths: Winamax tournaments print half chips
  (``Player2 (7410.50)``, ``bets 292.50``), and every hand of a table must count alike
  for the stacks to chain.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import compress
from typing import Any, ClassVar, Final, NamedTuple, cast

from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from auditor.model import events as ev
from auditor.model.dialect import Dialect
from auditor.model.events import Bet, Event, PostBlind, PotSummary, Raise, StreetStart
from auditor.model.hand import Game, Hand, HandInfo, Limit
from auditor.model.money import AmountCache, AmountError, amount_cache, parse_amount
from auditor.parsing import grammars
from auditor.parsing.blocks import HandBlock
from auditor.parsing.errors import LineError, Unreadable
from auditor.parsing.shape import (
    BY_METHODS,
    CARDS,
    DESC,
    LINE_CACHE_ENTRIES,
    PLAYER,
    card_groups,
    int_of,
)
from auditor.sites.winamax.shape import (
    PLAIN_SEAT,
    SYMBOLS,
    header_fields,
    seat_name,
    shape_with_name,
    split_fields,
    summary_seat_name,
    table_fields,
    unseated_name,
)

_FIELD_PLACEHOLDERS: Final = "\ue001\ue002\ue003\ue004"
_READABLE: Final = {
    "\ue000": "<player>",
    "\ue001": "<amount>",
    "\ue002": "<cards>",
    "\ue003": "<text>",
    "\ue004": "<description>",
}

# What a line makes (its event, a value of its own, or None), and whether the same line
# may reuse it.
Made = tuple[Any, bool]
# A recipe reads a line's values (with the player's name, the hand's context and the
# line's number; the name typed Any, as in the PokerStars reader's recipes).
Recipe = Callable[[list[str], Any, "_Context", int], Made]


def plain_seat(text: str) -> tuple[str, str, str] | None:
    """The seat, name and stack of a ``Seat 3: name (12.50€)`` line, exactly as
    ``PLAIN_SEAT.fullmatch(text).groups()``, or None where PLAIN_SEAT does not match: by
    string methods, each a C call where compiled (the pattern's greedy name backtracks
    from the line's end: 5,000 instructions a seat line).

    The stack is what lies between the line's last " (" and its final ")": no stack holds
    a space, so wherever the pattern matches, its name ends there."""
    if not text.startswith("Seat ") or not text.endswith(")"):
        return None
    colon = text.find(": ", 5)
    seat = text[5:colon]
    if colon < 0 or not seat.isdecimal():  # (``\d``: any decimal digit, as isdecimal)
        return None
    opening = text.rfind(" (")
    if opening <= colon + 2:  # (a name of one character at least)
        return None
    stack = text[opening + 2 : len(text) - 1]
    number = stack[:-1] if stack and stack[-1] in SYMBOLS else stack
    whole, dot, cents = number.partition(".")
    if not whole.isdecimal() or (dot and not cents.isdecimal()):
        return None
    name = text[colon + 2 : opening]
    if "\n" in name:  # (the pattern's "." does not take one)
        return None
    return seat, name, stack


def _amount(text: str, decimals: int) -> int:
    """``2€``, ``0.05€``, ``292.50``, ``3.37k`` (thousands), ``0,90€`` (a buy-in's comma)."""
    plain = text.rstrip("€$£\ufffd")
    if plain.endswith("k"):
        return parse_amount(plain[:-1], decimals + 3)
    if "," in plain:
        return parse_amount(plain, decimals, decimal_comma=True)
    return parse_amount(plain, decimals)


def _amounts(decimals: int) -> AmountCache:
    return amount_cache(decimals, _amount)


@dataclass(slots=True, init=False)
class _Context:
    """What a recipe needs beyond the line: the hand's amounts and big blind."""

    amounts: AmountCache
    big_blind: int = 0

    def __init__(self, amounts: AmountCache, big_blind: int = 0) -> None:
        # Written out, one a hand: compiled, the dataclass's own runs interpreted (events).
        self.amounts = amounts
        self.big_blind = big_blind


# --- recipes ------------------------------------------------------------------------


def _slots(shape: str) -> dict[int, int]:
    """Position in the shape of each field placeholder -> index of its value."""
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


def _subtree(tree: Tree, *names: str) -> Tree | None:
    return next((c for c in tree.children if isinstance(c, Tree) and c.data in names), None)


_CARDS: dict[str, tuple[str, ...]] = {}


def _cards(text: str) -> tuple[str, ...]:
    cards = _CARDS.get(text)
    if cards is None:
        cards = tuple(text.strip("[]").split())
        if len(_CARDS) < 200_000:
            _CARDS[text] = cards
    return cards


class _Abbreviated(NamedTuple):
    """A summary total printed to the thousands (``Total pot 3.37k``): the figure, what a
    unit of its last digit is worth, and the rake; the hand reader settles the total."""

    line: int
    total: int
    precision: int
    rake: int


class _RecipeBuilder:
    """Compiles the parse tree of one shape into a recipe: ``recipe(values, name, ctx,
    line_number)`` returns ``(event, reusable)``, the event built by calling its class
    directly (as the PokerStars reader's recipes do)."""

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
        return self.build(next(c for c in tree.children if isinstance(c, Tree)))

    @staticmethod
    def _all_in(tree: Tree) -> bool:
        return _subtree(tree, "all_in") is not None

    def r_fold(self, tree: Tree) -> Recipe:
        return lambda v, name, ctx, no: (ev.Fold(no, name), True)

    def r_check(self, tree: Tree) -> Recipe:
        return lambda v, name, ctx, no: (ev.Check(no, name), True)

    def r_call(self, tree: Tree) -> Recipe:
        (a,), all_in = self.nums(tree), self._all_in(tree)
        return lambda v, name, ctx, no: (ev.Call(no, name, ctx.amounts[v[a]], all_in), True)

    def r_bet(self, tree: Tree) -> Recipe:
        (a,), all_in = self.nums(tree), self._all_in(tree)
        return lambda v, name, ctx, no: (ev.Bet(no, name, ctx.amounts[v[a]], all_in), True)

    def r_raise_(self, tree: Tree) -> Recipe:
        (b, t), all_in = self.nums(tree), self._all_in(tree)
        return lambda v, name, ctx, no: (
            ev.Raise(no, name, ctx.amounts[v[t]], ctx.amounts[v[b]], all_in), True
        )

    def r_post(self, tree: Tree) -> Recipe:
        blind = _subtree(tree, "small", "big", "ante")
        assert blind is not None
        (a,), all_in = self.nums(tree), self._all_in(tree)
        kind = cast(ev.BlindKind, blind.data)  # (the grammar's rules are named after them)
        out_of_position = _subtree(tree, "out_of_position") is not None
        if kind == "small" and out_of_position:
            # Posted out of position, a small blind is dead money: the poster then calls
            # the whole big blind (a post of both is settled by the hand reader).
            kind = "dead"
        if kind == "dead":
            def make(v: list[str], name: Any, ctx: _Context, no: int) -> Made:
                amount = ctx.amounts[v[a]]
                return ev.PostBlind(no, name, "dead", amount, amount, all_in), True
            return make
        return lambda v, name, ctx, no: (
            ev.PostBlind(no, name, kind, ctx.amounts[v[a]], 0, all_in), True)

    def r_denies(self, tree: Tree) -> Recipe:
        # A player who denies the big blind sits this hand out.
        return lambda v, name, ctx, no: (
            ev.TableNote(no, "sitting_out", name, "denies the blind"), True)

    def r_shows(self, tree: Tree) -> Recipe:
        c = self.first(tree, "CARDS")
        d = self.first(tree, "DESC")
        return lambda v, name, ctx, no: (
            ev.Shows(no, name, _cards(v[c]), v[d].strip("()") if d is not None else ""), True  # type: ignore[index]
        )

    def r_collected(self, tree: Tree) -> Recipe:
        (a, *rest) = self.nums(tree)
        kind = tree.children[-1].data
        if kind == "pot_side":
            side = rest[0]
            return lambda v, name, ctx, no: (
                ev.Collected(no, name, ctx.amounts[v[a]], int(v[side]), 0), True
            )
        return lambda v, name, ctx, no: (ev.Collected(no, name, ctx.amounts[v[a]], 0, 0), True)

    # --- deal and streets ---
    def r_dealt(self, tree: Tree) -> Recipe:
        cs = [self.idx(t) for t in _tokens(tree) if t.type == "CARDS"]
        return lambda v, name, ctx, no: (
            ev.HoleCards(no, name, tuple(c for i in cs for c in _cards(v[i]))), True
        )

    def r_street(self, tree: Tree) -> Recipe:
        name_tree = _subtree(tree, "flop", "turn", "river")
        assert name_tree is not None
        street = cast(ev.Street, name_tree.data)
        cs = [self.idx(t) for t in _tokens(tree) if t.type == "CARDS"]
        return lambda v, name, ctx, no: (
            ev.StreetStart(no, street, tuple(c for i in cs for c in _cards(v[i])), 0), True
        )

    def r_preflop(self, tree: Tree) -> Recipe:
        return lambda v, name, ctx, no: (ev.StreetStart(no, "preflop", (), 0), True)

    def r_blinds(self, tree: Tree) -> Recipe:
        return self.constant(_BLINDS)

    def r_showdown(self, tree: Tree) -> Recipe:
        return lambda v, name, ctx, no: (ev.ShowdownStart(no, 0), True)

    def r_summary(self, tree: Tree) -> Recipe:
        return self.constant(_SUMMARY)

    def r_other_street(self, tree: Tree) -> Recipe:
        return self.constant(_UNSUPPORTED_STREET)

    # --- summary ---
    def r_pot_summary(self, tree: Tree) -> Recipe:
        total = self.first(tree, "NUM")
        assert total is not None
        rake_tree = _subtree(tree, "stated_rake", "no_rake")
        rake = self.nums(rake_tree)[0] if rake_tree is not None and rake_tree.data == \
            "stated_rake" else None

        def make(v: list[str], name: Any, ctx: _Context, no: int) -> Made:
            amounts = ctx.amounts
            taken = amounts[v[rake]] if rake is not None else 0
            text = v[total].rstrip("€$£\ufffd")
            if text.endswith("k"):
                digits = len(text[:-1].partition(".")[2])
                precision = 10 ** (amounts.decimals + 3 - digits)
                return _Abbreviated(no, amounts[v[total]], precision, taken), True
            return ev.PotSummary(no, amounts[v[total]], None, (), taken, ()), True

        return make

    def r_board_summary(self, tree: Tree) -> Recipe:
        c = self.first(tree, "CARDS")
        return lambda v, name, ctx, no: (ev.BoardSummary(no, _cards(v[c]), 0), True)  # type: ignore[index]

    def r_seat_summary(self, tree: Tree) -> Recipe:
        # Nothing in the engine reads the summary's seat lines: read, then dropped.
        return self.constant(None)

    # --- set-up lines: handled by the hand reader ---
    def r_seat(self, tree: Tree) -> Recipe:
        seat, stack = self.nums(tree)[:2]
        return lambda v, name, ctx, no: (
            ev.Seat(no, int(v[seat]), name, ctx.amounts[v[stack]], False), True
        )

    def r_table(self, tree: Tree) -> Recipe:
        q = self.first(tree, "QUOTED")
        size = self.nums(tree)[0]
        button_tree = _subtree(tree, "button")
        button = self.nums(button_tree)[0] if button_tree is not None else None
        return lambda v, name, ctx, no: (_Table(
            v[q][1:-1], int(v[size]), int(v[button]) if button is not None else None,  # type: ignore[index]
        ), True)

    def r_header(self, tree: Tree) -> Recipe:
        return _header_recipe(self, tree)


class _Table(NamedTuple):
    name: str
    max_seats: int | None
    button: int | None


# Events the hand reader passes through without a second look.
_BETTING: Final = frozenset({ev.Fold, ev.Check, ev.Call})
_PLAIN: Final = _BETTING | frozenset({ev.HoleCards, ev.Shows, ev.Collected, ev.ShowdownStart,
                               ev.BoardSummary, ev.TableNote})

_SUMMARY: Final = object()
_BLINDS: Final = object()
_UNSUPPORTED_STREET: Final = object()
_NOTHING: Final = object()  # kept for a line that makes nothing (``exact.get`` says None: unseen)


# --- header ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Header:
    kind: str  # cash, tournament, go_fast, other_kind
    name: str | None  # the quoted tournament or Go Fast name
    hand_id: str
    stakes: tuple[str, ...]


def _header_recipe(b: _RecipeBuilder, tree: Tree) -> Recipe:
    kind_tree = _subtree(tree, "cash", "tournament", "go_fast", "other_kind")
    assert kind_tree is not None
    kind = kind_tree.data
    quoted = b.first(kind_tree, "QUOTED")
    ids = [b.idx(t) for t in tree.children if not isinstance(t, Tree) and t.type == "NUM"]
    stakes_tree = _subtree(tree, "stakes")
    assert stakes_tree is not None
    stakes = b.nums(stakes_tree)

    def make(v: list[str], name: Any, ctx: _Context, no: int) -> Made:
        return _Header(
            kind=kind,
            name=v[quoted][1:-1] if quoted is not None else None,
            hand_id="-".join(v[i] for i in ids),
            stakes=tuple(v[i] for i in stakes),
        ), True

    return make


@dataclass(frozen=True, slots=True)
class _Game:
    """What a header says that is the same for every hand of a table and stakes."""

    game: Game
    variant: str
    limit: Limit
    hi_lo: bool
    hole_cards: int
    stakes: tuple[int, int]
    ante: int
    currency: str
    symbol: str
    decimals: int
    tournament: str | None  # the tournament's quoted name, None for cash and Go Fast
    reason: str | None  # why the hand is not replayed, or None
    amounts: AmountCache
    big_blind: int

    def info(self, hand_id: str, started: str, table: _Table | None) -> HandInfo:
        """The HandInfo of one hand of this header."""
        tournament = self.tournament
        if tournament is not None and table is not None:
            # 'Quitte ou Double(27536269)#0': the tournament's number, when the table
            # names it, tells two tournaments of one name apart.
            m = _TOURNAMENT_TABLE.search(table.name)
            if m is not None:
                tournament = m.group(1)
        return _NEW_INFO(
            "winamax", hand_id, self.game, self.variant, self.limit, self.hi_lo,
            self.hole_cards, self.stakes, self.ante, None, self.currency, self.symbol,
            self.decimals, tournament, table.name if table else "",
            table.max_seats if table else None, table.button if table else None, started,
        )


_TOURNAMENT_TABLE: Final = re.compile(r"\((\d+)\)#\d+$")
_LIMITS: Final[tuple[tuple[str, Limit], ...]] = (
    ("no limit", "NL"), ("pot limit", "PL"), ("fixed limit", "FL"), ("limit", "FL"),
)


def _game_of(text: str) -> tuple[Game, Limit, bool, int, str | None]:
    """Game, limit, hi/lo, hole cards and the reason the hand is not replayed (or None)
    of Winamax's game words: ``Holdem no limit``, ``Omaha Hi/Lo pot limit``, ``Omaha8``,
    ``Omaha5`` and ``5 Card Omaha`` (five cards), ``7stud``, ``Razz``, ``2-7 Triple Draw``."""
    low = text.lower()
    limit: Limit = next((lim for words, lim in _LIMITS if words in low), "NL")
    hi_lo = "hi/lo" in low or "omaha8" in low
    if "stud" in low or "razz" in low or "draw" in low or "lowball" in low:
        return "other", limit, hi_lo, 0, f"{text}: stud and draw hands are not replayed"
    if "omaha" in low:
        five = "omaha5" in low or "5 card" in low
        return "omaha", limit, hi_lo, 5 if five else 4, None
    if "holdem" in low or "hold'em" in low:
        return "holdem", limit, hi_lo, 2, None
    return "other", limit, hi_lo, 0, f"{text} is not a game the auditor replays"


def _game_info(head: _Header, variant: str) -> _Game:
    """Interpret a header's game and stakes."""
    game, limit, hi_lo, hole, reason = _game_of(variant)
    tournament = head.name if head.kind == "tournament" else None
    texts = head.stakes
    symbol = "€" if any(t[-1:] in "€\ufffd" for t in texts) else ""
    # Cash (real or play money) counts cents; tournaments count hundredths of a chip,
    # since Winamax prints half chips in them.
    decimals = 2
    amounts = _amounts(decimals)
    values = [amounts[t] for t in texts]
    ante = values[-3] if len(values) >= 3 else 0
    stakes = (values[-2], values[-1]) if len(values) >= 2 else (0, values[0] if values else 0)
    return _Game(
        game=game, variant=variant, limit=limit, hi_lo=hi_lo, hole_cards=hole,
        stakes=stakes, ante=ante, currency="EUR" if symbol and tournament is None else "",
        symbol=symbol if tournament is None else "", decimals=decimals, tournament=tournament,
        reason=reason, amounts=amounts, big_blind=stakes[0] if limit == "FL" else stakes[1],
    )


# --- the hand reader --------------------------------------------------------------------


class WinamaxReader:
    """Reads Winamax hand blocks. Keeps its caches across hands: shapes and lines repeat,
    so after warm-up most lines cost a dictionary look-up or two."""

    MAX_CACHE: ClassVar[int] = LINE_CACHE_ENTRIES

    def __init__(self, *, caching: bool = True, dialect: Dialect | None = None) -> None:
        # Without caching, every line goes through the grammar: the reference the caches
        # are tested against.
        self.caching = caching
        if dialect is None:
            # Not ``from … import DIALECT as dialect``: compiled, that left it None.
            from auditor.sites import winamax

            dialect = winamax.DIALECT
        self.dialect = dialect
        self.parser = grammars.load("winamax")
        self.recipes: dict[str, Recipe] = {}
        # What follows a seated player's name (" calls 0.05€") -> (recipe, values).
        self.actions: dict[str, tuple[Recipe, list[str]]] = {}
        # (decimals, big blind) -> line as printed -> what it made: its event (each hand
        # gets its own, ``Event.at``), a value of its own, or _NOTHING.
        self.exact: dict[tuple[int, int], dict[str, object]] = {}
        # Header without its hand id and date -> game; table line without its name and
        # button -> table.
        # (line up to its cards, how many card groups) -> (recipe, values, name).
        self.carded: dict[tuple[str, int], tuple[Recipe, list[str], str | None]] = {}
        # A summary seat line's text after the name, cards and description cut -> recipe.
        self.summary: dict[str, Recipe] = {}
        # A plain seat line as printed -> its Seat, given each hand on its own line
        # (a stack seldom changes between two hands of a player who did not play).
        self.seats: dict[str, ev.Seat] = {}
        self.headers: dict[str, _Game] = {}
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
        except AmountError as bad:  # (compiled, ``exc`` is a LineError)
            return self._unreadable(block, block.first_line, "HH001", str(bad))

    def _unreadable(self, block: HandBlock, line: int, code: str, message: str,
                    info: HandInfo | None = None) -> Unreadable:
        if info is None:
            info = self._header_only(block)
        return Unreadable(source=block.source, first_line=block.first_line,
                          last_line=block.last_line, line=line, code=code, message=message,
                          site="winamax", info=info, hand_id=info.hand_id if info else "")

    def _header_only(self, block: HandBlock) -> HandInfo | None:
        """The header's facts of a hand that did not read, when the header itself reads."""
        try:
            game, hand_id, started = self._header(block.lines[0], block.first_line)
        except (LineError, AmountError):
            m = re.search(r"HandId: #([\d-]+)", block.lines[0])
            if m is None:
                return None
            return HandInfo(site="winamax", hand_id=m.group(1), game="other", variant="",
                            limit="NL", hi_lo=False, hole_cards=0, stakes=(0, 0))
        table = None
        if len(block.lines) > 1 and block.lines[1].startswith("Table"):
            try:
                table = self._table(block.lines[1], block.first_line + 1)
            except (LineError, AmountError):
                table = None
        return game.info(hand_id, started, table)

    # --- the parts of a hand -------------------------------------------------------------

    def _header(self, text: str, no: int) -> tuple[_Game, str, str]:
        """The header's game (cached per kind, game and stakes), hand id and start."""
        at = text.find(" - HandId: #")
        end = text.find(" - ", at + 12)
        dash = text.rfind(" - ")
        hand_id = text[at + 12 : end]
        started = text[dash + 3 :].strip()
        key = None
        if 0 < at < end < dash:
            key = text[:at] + text[end:dash]
            found = self.headers.get(key) if self.caching else None
            if found is not None and _HAND_ID.fullmatch(hand_id):
                return found, hand_id, started
        shape, values = header_fields(text)
        head = self._make(self.recipe(shape, no, text), values, None, no)
        if type(head) is not _Header:
            raise LineError(no, f"not a Winamax hand header: {text.strip()[:120]!r}")
        # The game's own words, as printed ("7-Card Stud fixed limit").
        found = _game_info(head, text[end + 3 : text.rfind(" (", 0, dash)].strip())
        if key is not None and head.hand_id == hand_id and len(self.headers) < 10_000:
            self.headers[key] = found
        return found, head.hand_id, started

    def _table(self, text: str, no: int) -> _Table:
        """The ``Table: 'name' 9-max (real money) Seat #N is the button`` line."""
        first = text.find("'")
        last = text.rfind("' ")
        button = _BUTTON.search(text)
        key = text[last:button.start()] if 0 <= first < last and button else None
        found = self.tables.get(key) if key is not None and self.caching else None
        if found is not None and button is not None:
            return _Table(text[first + 1 : last], found.max_seats, int(button.group(1)))
        shape, values = table_fields(text)
        table = self._make(self.recipe(shape, no, text), values, None, no)
        if type(table) is not _Table:
            raise LineError(no, f"not a Winamax table line: {text.strip()[:120]!r}")
        if key is not None and len(self.tables) < self.MAX_CACHE:
            self.tables[key] = table
        return table

    def _seat(self, text: str, no: int, ctx: _Context) -> ev.Seat | None:
        """The seat of a ``Seat N: name (stack)`` line, or None at the first line that is
        not one."""
        seen = self.seats.get(text) if self.caching else None
        if seen is not None:
            return seen.at(no)
        if not text.startswith("Seat "):
            return None
        plain = None
        if self.caching:
            if BY_METHODS:
                plain = plain_seat(text)
            else:
                found = PLAIN_SEAT.fullmatch(text)
                plain = None if found is None else (found[1], found[2], found[3])
        if plain is not None:
            number, player, stack = plain
            seat = ev.Seat(no, int_of(number), player, ctx.amounts[stack], False)
            if len(self.seats) >= self.MAX_CACHE:
                self.seats.clear()
            self.seats[text] = seat
            return seat
        name = seat_name(text)
        if name is None:
            return None
        start = text.index(": ") + 2
        shape, values = shape_with_name(text, start, name)
        try:
            recipe = self.recipe(shape, no, text)
        except LineError:
            return None
        seat = self._make(recipe, values, name, no, ctx)
        return seat if type(seat) is ev.Seat else None

    @staticmethod
    def _make(recipe: Recipe, values: list[str], name: str | None, no: int,
              ctx: _Context | None = None) -> Any:
        return recipe(values, name, ctx or _NO_CONTEXT, no)[0]

    def _exact(self, game: _Game) -> dict[str, object]:
        """The lines read before under the amounts and blinds of ``game``."""
        key = (game.decimals, game.big_blind)
        found = self.exact.get(key)
        if found is None:
            if len(self.exact) >= 64:  # a long tournament's levels
                self.exact.clear()
            found = self.exact[key] = {}
        return found

    def _line(self, text: str, firsts: dict[str, list[str]], no: int
              ) -> tuple[Recipe, list[str], str | None]:
        """Recipe, values and player's name of a line not read before under this hand's
        amounts."""
        space = text.find(" ")
        candidates = firsts.get(text[:space]) if space > 0 else None
        if candidates:
            for name in candidates:  # longest first
                end = len(name)
                if text.startswith(name) and text[end : end + 1] == " ":
                    tail = text[end:]
                    found = self.actions.get(tail) if self.caching else None
                    if found is None and self.caching and tail.startswith(" shows [") \
                            and tail.endswith(")") and (close := tail.find("] (")) > 0:
                        # "shows [cards] (description)": one shape whatever is shown.
                        return (self.recipe(_SHOWS, no, text),
                                [tail[7 : close + 1], tail[close + 2 :]], name)
                    if found is None:
                        shape, values = split_fields(tail)
                        try:
                            recipe = self.recipe(PLAYER + shape, no, text)
                        except LineError:
                            break  # not a player's line after all ("Seat 1: …" of "Seat")
                        found = (recipe, values)
                        if len(self.actions) >= self.MAX_CACHE:
                            self.actions.clear()
                        self.actions[tail] = found
                    return found[0], found[1], name
        if "[" in text and self.caching and not text.startswith("Seat "):
            return self._carded_line(text, firsts, no)
        return self._other_line(text, firsts, no)

    def _carded_line(self, text: str, firsts: dict[str, list[str]], no: int
                     ) -> tuple[Recipe, list[str], str | None]:
        """A line that ends in card groups (a deal, a street, the board), kept by what
        comes before its cards: the cards change, that part repeats."""
        at = text.find(" [")
        cards = card_groups(text, at, glued=True) if at > 0 else None
        if cards is None:
            return self._other_line(text, firsts, no)
        key = (text[:at], len(cards))
        seen = self.carded.get(key)
        if seen is not None:
            recipe, values, name = seen
            return recipe, [*values, *cards], name
        recipe, values, name = self._other_line(text, firsts, no)
        if values[-len(cards):] == cards and len(self.carded) < self.MAX_CACHE:
            self.carded[key] = (recipe, values[: -len(cards)], name)
        return recipe, values, name

    def _other_line(self, text: str, firsts: dict[str, list[str]], no: int
                    ) -> tuple[Recipe, list[str], str | None]:
        """A line that does not start with a seated name: a deal, a street, the summary,
        or a line about a player the hand did not seat."""
        start = -1
        dealt = text.startswith("Dealt to ")
        if dealt:
            start = 9
        elif text.startswith("Seat ") and (colon := text.find(": ")) > 0:
            start = colon + 2
        name = None
        if start >= 0:
            rest = text[start:]
            space = rest.find(" ")
            for candidate in firsts.get(rest[:space] if space > 0 else rest, ()):
                end = len(candidate)
                if rest.startswith(candidate) and rest[end : end + 1] in (" ", ""):
                    name = candidate
                    break
            if name is not None and not dealt and self.caching:
                return self._summary_seat(text, start, name, no)
            if name is None:
                if dealt:
                    end = text.find(" [", start)
                    name = text[start:end] if end > start else None
                else:
                    name = summary_seat_name(text, start)
        elif not text.startswith(("*** ", "Total pot ", "Board: ")):
            name = unseated_name(text)
            start = 0
        if name is None:
            shape, values = split_fields(text)
        else:
            shape, values = shape_with_name(text, start, name)
        return self.recipe(shape, no, text), values, name

    def _summary_seat(self, text: str, start: int, name: str, no: int
                      ) -> tuple[Recipe, list[str], str | None]:
        """A summary seat line of a seated player. Nothing reads these lines, so they are
        kept by their text after the name without the cards and the hand description
        (``(button) showed  and won 3.38€ with ``): a line of a known form is checked by
        a look-up, an unknown one goes through the grammar."""
        tail = text[start + len(name) :]
        key = tail
        if (i := key.find(" [")) >= 0 and (j := key.find("]", i)) > 0:
            key = key[:i] + key[j + 1 :]
        if (w := key.find(" with ")) >= 0:
            key = key[: w + 6]
        recipe = self.summary.get(key)
        if recipe is not None:
            return recipe, [], name
        shape, values = shape_with_name(text, start, name)
        recipe = self.recipe(shape, no, text)
        if recipe(values, name, _NO_CONTEXT, no)[0] is None and len(self.summary) < self.MAX_CACHE:
            self.summary[key] = recipe
        return recipe, values, name

    # --- the hand ------------------------------------------------------------------------

    def _read(self, block: HandBlock) -> Hand | Unreadable:
        lines = block.lines
        numbers = block.numbers
        base = block.first_line
        game, hand_id, started = self._header(lines[0], base)
        todo = list(compress(range(len(lines)), lines))
        n = len(todo)
        k = 1
        table: _Table | None = None
        if k < n and lines[todo[k]].startswith("Table"):
            i = todo[k]
            table = self._table(lines[i], base + i if numbers is None else numbers[i])
            k += 1
        info = game.info(hand_id, started, table)
        if game.reason is not None:
            return self._unreadable(block, base, "HH002", game.reason, info)
        ctx = _Context(game.amounts, game.big_blind)
        seats: list[ev.Seat] = []
        while k < n:
            i = todo[k]
            seat = self._seat(lines[i], base + i if numbers is None else numbers[i], ctx)
            if seat is None:
                break
            seats.append(seat)
            k += 1
        if not seats:
            no = (base + todo[k] if numbers is None else numbers[todo[k]]) if k < n \
                else block.last_line
            raise LineError(no, "the hand lists no seats (expected 'Seat N: name (stack)')")
        names = sorted((s.player for s in seats), key=len, reverse=True)
        firsts: dict[str, list[str]] = {}
        for name in names:
            space = name.find(" ")
            firsts.setdefault(name[:space] if space > 0 else name, []).append(name)

        # (The classes tested against below are imported by name: compiled, each ``ev.X``
        # is a look-up in the module, at every test.)
        events: list[Event] = []
        append = events.append
        in_summary = False
        in_blinds = False  # between *** ANTE/BLINDS *** and *** PRE-FLOP ***
        preflop = True  # before the flop: where "bets" may be a raise
        posted: set[str] = set()  # players who posted a blind (not an ante)
        small_posted = False
        odd_blinds = False  # dead money or a short big blind pre-flop
        exact = self._exact(game) if self.caching else {}
        for i in todo[k:]:
            text = lines[i]
            if in_summary and text.startswith("Seat ") and not text.endswith(")"):
                # The summary's seat lines restate the play and nothing reads them (their
                # recipe makes no event): not read at all, 6 % of a hand's work
                # (bench/LEVERS.md §19). One that ends as a seat of the list does is
                # read as before.
                continue
            no = base + i if numbers is None else numbers[i]
            seen = exact.get(text)
            if seen is None:
                recipe, values, named = self._line(text, firsts, no)  # (``name``: a str above)
                event, reusable = recipe(values, named, ctx, no)
                # (Not a summary's abbreviated total: it holds its line, and is not an event.)
                if reusable and "[" not in text and type(event) is not _Abbreviated:
                    if len(exact) >= self.MAX_CACHE:
                        exact.clear()
                    exact[text] = _NOTHING if event is None else event
            elif isinstance(seen, Event):
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
            if in_summary and cls in (Bet, Raise, PostBlind):
                raise LineError(no, "an action after the summary started")
            if cls is Raise:
                if in_blinds:
                    # "raises 1€ to 3€" among the blinds (2014): a post of both blinds.
                    event = ev.PostBlind(no, event.player, "small_and_big", event.to,
                                         max(0, event.to - ctx.big_blind), event.all_in)
                    posted.add(event.player)  # type: ignore[attr-defined]
                    odd_blinds = True
                elif odd_blinds and preflop and event.by is not None:
                    event = _raise_size(event, events, preflop, ctx.big_blind)
                append(event)
            elif cls is Bet:
                if preflop and (bet := _current_bet(events)) > 0:
                    # "bets X" with the big blind already the bet: a raise by X.
                    event = ev.Raise(no, event.player, bet + event.amount,
                                     event.amount, event.all_in)
                append(event)
            elif cls is PostBlind:
                event = _settle_post(event, events, posted, small_posted, ctx.big_blind)
                if event is not None:
                    kind = event.kind
                    if kind == "small":
                        small_posted = True
                    elif kind == "dead" or kind == "small_and_big" or (
                            kind == "big" and event.all_in):
                        # Dead money, or a big blind all-in: where Winamax counts a raise
                        # from another bet than the rules (``_raise_size``).
                        odd_blinds = True
                    if kind != "ante":
                        posted.add(event.player)
                    append(event)
            elif cls is StreetStart:
                in_blinds = False
                if event.street != "preflop":
                    preflop = False
                append(event)
            elif event is _SUMMARY:
                in_summary = True
            elif event is _BLINDS:
                in_blinds = True
            elif cls is _Abbreviated:
                append(_settle_total(event, events))
            elif cls is PotSummary:
                append(event)
            elif event is _UNSUPPORTED_STREET:
                return self._unreadable(block, no, "HH002",
                                        f"{info.variant}: stud and draw streets are not replayed",
                                        info)
            elif cls is ev.Seat:
                raise LineError(no, "a seat line after the hand started")
            else:
                append(event)
        if not in_summary:
            raise LineError(block.last_line,
                            "the hand ends before its *** SUMMARY *** (truncated?)")
        return _NEW_HAND(block.source, base, block.last_line, info, tuple(seats),
                         tuple(events), False, self.dialect)


def _raise_size(raise_: ev.Raise, events: list[ev.Event], preflop: bool,
                big_blind: int) -> ev.Raise:
    """``raise_`` with ``by`` as the event model means it: the raise size. Winamax prints
    ``raises X to Y`` with X = Y − the bet faced, except that it counts the bet from the
    highest amount put in on the street where the rules do not: a big blind all-in for
    less (``posts big blind 119 and is all-in`` at 200/400, the small blind's 200 in:
    ``raises 1676 to 1795``, counted from the 119), or
    a dead small blind with the call after it (``posts small blind 2€ out of position``,
    ``calls 4€``, then ``raises 14€ to 20€``). There X is not the raise size: ``by`` is
    None, as for a site that does not print one. Any other X is kept as printed."""
    to, by = raise_.to, raise_.by
    assert by is not None
    live: dict[str, int] = {}
    put: dict[str, int] = {}  # live and dead, antes aside
    big = 0  # the big blind posted, when it is all-in for less
    posted_big = False
    start = len(events)  # the street's first event
    while start and not (type(events[start - 1]) is ev.StreetStart
                         and events[start - 1].street != "preflop"):  # type: ignore[attr-defined]
        start -= 1
    for e in events[start:]:
        cls = e.__class__
        if cls is ev.PostBlind:
            kind = e.kind  # type: ignore[attr-defined]
            if kind == "ante":
                continue
            p = e.player  # type: ignore[attr-defined]
            put[p] = put.get(p, 0) + e.amount  # type: ignore[attr-defined]
            if kind != "dead":
                live[p] = live.get(p, 0) + e.amount - e.dead  # type: ignore[attr-defined]
            if kind == "big":
                posted_big = True
                if e.all_in and e.amount < big_blind:  # type: ignore[attr-defined]
                    big = e.amount  # type: ignore[attr-defined]
        elif cls is ev.Call or cls is ev.Bet:
            p = e.player  # type: ignore[attr-defined]
            live[p] = live.get(p, 0) + e.amount  # type: ignore[attr-defined]
            put[p] = put.get(p, 0) + e.amount  # type: ignore[attr-defined]
        elif cls is ev.Raise:
            p = e.player  # type: ignore[attr-defined]
            put[p] = put.get(p, 0) + e.to - live.get(p, 0)  # type: ignore[attr-defined]
            live[p] = e.to  # type: ignore[attr-defined]
    top = max(live.values(), default=0)
    faced = max(top, big_blind) if preflop and posted_big else top
    base = to - by
    if base != faced and base in (top, big, max(put.values(), default=0)):
        return ev.Raise(raise_.line, raise_.player, to, None, raise_.all_in)
    return raise_


def _current_bet(events: list[ev.Event]) -> int:
    """The highest live street commitment pre-flop so far (the bet a "bets" faces)."""
    commit: dict[str, int] = {}
    for e in events:
        cls = e.__class__
        if cls is ev.PostBlind:
            if e.kind not in ("ante", "dead"):  # type: ignore[attr-defined]
                p = e.player  # type: ignore[attr-defined]
                commit[p] = commit.get(p, 0) + e.amount - e.dead  # type: ignore[attr-defined]
        elif cls is ev.Call or cls is ev.Bet:
            p = e.player  # type: ignore[attr-defined]
            commit[p] = commit.get(p, 0) + e.amount  # type: ignore[attr-defined]
        elif cls is ev.Raise:
            commit[e.player] = e.to  # type: ignore[attr-defined]
    return max(commit.values(), default=0)


def _settle_post(post: ev.PostBlind, events: list[ev.Event], posted: set[str],
                 small_posted: bool, big_blind: int) -> ev.PostBlind | None:
    """A post as the event model means it, in the light of the posts before it (None:
    it adds nothing to the one before)."""
    kind = post.kind
    player = post.player
    if kind == "big" and post.amount == 0 and events:
        last = events[-1]
        if last.__class__ is ev.PostBlind and last.player == player \
                and last.kind == "dead":  # type: ignore[attr-defined]
            # "posts small blind 3€ out of position" + "posts big blind 0€ out of
            # position": one post of both blinds, its part above the big blind dead.
            amount = last.amount  # type: ignore[attr-defined]
            events[-1] = ev.PostBlind(last.line, player, "small_and_big", amount,
                                      max(0, amount - big_blind), last.all_in)  # type: ignore[attr-defined]
            return None
    if kind == "small" and (small_posted or player in posted):
        # A second small blind, or one of a player who posted already: dead money.
        return ev.PostBlind(post.line, player, "dead", post.amount, post.amount,
                            post.all_in)
    return post


def _settle_total(stated: _Abbreviated, events: list[ev.Event]) -> ev.PotSummary:
    """The summary of a total printed to the thousands: the amounts collected when they
    add up to a total that prints so, else the printed figure."""
    collected = sum(e.amount for e in events if e.__class__ is ev.Collected)  # type: ignore[attr-defined]
    half = stated.precision // 2
    total = collected if abs(collected - stated.total) <= half else stated.total
    return ev.PotSummary(stated.line, total, None, (), stated.rake, ())


_HAND_ID: Final = re.compile(r"\d+-\d+-\d+")
_BUTTON: Final = re.compile(r" Seat #?(\d+) is the button$")
_SHOWS: Final = f"{PLAYER} shows {CARDS} {DESC}"
_NEW_HAND: Final = ev.positional(Hand)
_NEW_INFO: Final = ev.positional(HandInfo)
_NO_CONTEXT: Final = _Context(_amounts(2))


def _explain(exc: UnexpectedInput, shape: str, text: str) -> str:
    """A message a person understands, built from the error's position (``str()`` of a
    lark-cython error raises, so it is never used)."""
    col = getattr(exc, "column", None) or getattr(exc, "pos_in_stream", 0) or 0
    pos = max(0, min(len(shape), int(col) - 1 if isinstance(col, int) else 0))
    rest = "".join(_READABLE.get(ch, ch) for ch in shape[pos : pos + 40]).strip()
    where = f" at '{rest}'" if rest else " at the end of the line"
    return f"not a Winamax line{where}: {text.strip()[:120]!r}"
