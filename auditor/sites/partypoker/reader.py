"""PartyPoker hand blocks into hands, for both generations of the export.

The header, the table line and the seat lines are read with the patterns below; every
line after the seats goes through the line lexer (``lines.split_fields``) and the grammar
``grammars/partypoker.lark`` into a record (``records``), and the records into events.
Shapes, line tails and whole lines repeat, so after warm-up most lines cost a dictionary
look-up or two.

What the reader converts (``FORMATS.md`` §5, ``SITES.md`` §2.6, §3):

- Amounts are the chips a player *adds*, in both generations: ``raises [$30 USD]``
  (classic), ``raises 2.70 to 2.80`` (2018+: added, then the street total). A classic
  all-in is a line of its own (``Player4 is all-In  [$0.22 USD]``: the chips added),
  read as a bet, call or raise by what the player faced; a 2018+ ``is all-In.`` marks the
  action before it.
- The classic header prints the table's buy-in, not the blinds (``$1.60 USD NL Texas
  Hold'em`` at 0.02/0.04): the stakes come from the posts (a blind posted all-in for less
  does not set them). ``posts big blind + dead [$0.03]`` is the big blind live and the
  rest dead. Classic tournament hands often print no blinds at all, only the level's
  (``Blinds(300/600)``): the blinds are posted as the level says, small blind left of the
  button (the button itself heads-up), big blind next, at the line that states them.
- A silent post-both (a player who checks facing the big blind, and chips in the pot that
  nobody put in) is left as the history shows it: a check facing a bet, for the rules.
- Pots: ``wins … from the main pot`` / ``from the side pot 1`` (classic; an uncalled
  excess is paid inside its owner's wins, sometimes as a "side pot 1"), unlabelled
  ``wins $0.58 USD``, and 2018+'s per-player ``collected`` (unlabelled) with
  ``Main Pot: $38.50 Rake: $2.0`` after rake. A 2018+ cash-out the site pays
  (``Player2 Cashout Amount is 23.01``) is a ``SidePayment``; that player's
  ``collected`` is the cash-out, not a share of the pot.
- The two generations present money differently, so each hand carries its own dialect
  (``auditor.sites.partypoker.DIALECT`` for classic hands, ``DIALECT_2018`` for the
  others): 2018+ states its rake, classic never does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, Final, TypeAlias

from lark.exceptions import UnexpectedInput

from auditor.compiled import mypyc_attr
from auditor.model import events as ev
from auditor.model.dialect import Dialect
from auditor.model.hand import Game, Hand, HandInfo, Limit
from auditor.model.money import AmountError
from auditor.parsing import grammars
from auditor.parsing.blocks import HandBlock
from auditor.parsing.errors import LineError, Unreadable
from auditor.parsing.shape import (
    BRACKET_SEAT_FIELDS,
    BY_METHODS,
    CARDS,
    DESC,
    LINE_CACHE_ENTRIES,
    NUM,
    PLAYER,
    QUOTED,
    int_of,
    starts_at,
)
from auditor.sites.partypoker.lines import Amounts, amount_of, amounts, split_fields
from auditor.sites.partypoker.records import (
    IGNORED,
    Recipe,
    RecipeBuilder,
    Record,
    build_events,
)

_READABLE: Final = {PLAYER: "<player>", NUM: "<amount>", CARDS: "<cards>", QUOTED: "<text>",
                    DESC: "<description>"}
_CURRENCY: Final = {"$": "USD", "€": "EUR", "£": "GBP"}
_NEW_HAND: Final = ev.positional(Hand)
_NEW_INFO: Final = ev.positional(HandInfo)

# Lines that move no chips and hold free text: the separators Party prints before a
# hand's header (they end up at the end of the hand before), time-bank warnings,
# tournament results, 2018+ pot announcements, 888's hand descriptions.
_FREE: Final = re.compile(
    r"(?:Game #\w+ starts\.|#Game No\s*:|Your time bank will be activated|>You have options"
    r"|Player .+ finished in |Congratulations to player |Creating (?:Main|Side) Pot"
    r"|\((?:Hi|Lo): )"
)
# The first characters of what _FREE matches: a line that starts otherwise is not asked.
_FREE_FIRST: Final = "G#Y>PC("
_SEPARATOR: Final = re.compile(r"(?:Game #\w+ starts\.|#Game No\s*:.*)$")
# Where an export glued two lines into one (Mac exports): after a period that ends a
# line ("…Aces and Queens.Player4 wins …"), or after "is sitting out".
_GLUE: Final = re.compile(r"\.(?=[^\s\d.])|(?<=sitting out)(?=\S)")
# The name of a player the hand never seated (he joined after the seat list was written):
# everything before the first of these words.
_UNSEATED: Final = re.compile(
    r"(.+?) (?=posts |folds|checks|calls|bets |raises |is all-In|shows|doesn't show"
    r"|does not show|wins |has joined|has left|is sitting out|will be using|did not respond"
    r"|could not respond|collected |mucks |did not show|finished in|balance )"
)
_LOW_LINE: Final = re.compile(r" shows\S.* for low\.?$")


def _glue_end(tail: str) -> int:
    """Where ``_GLUE.search(tail)``'s match ends, or -1: by string methods where compiled
    (shape.BY_METHODS; a regular expression call a line costs more there than the
    scan), by the expression where interpreted."""
    if not BY_METHODS:
        m = _GLUE.search(tail)
        return -1 if m is None else m.end()
    return _glue_end_by_methods(tail)


def _glue_end_by_methods(tail: str) -> int:
    """``_glue_end`` by string methods: the leftmost of a period followed by neither a
    space, a digit nor a period (ending after it), and the place after "sitting out"
    followed by no space (ending there); at one place, the period."""
    n = len(tail)
    period = -1
    at = tail.find(".")
    while 0 <= at < n - 1:
        after = tail[at + 1]
        if not (after.isspace() or after.isdecimal() or after == "."):
            period = at
            break
        at = tail.find(".", at + 1)
    out = -1
    at = tail.find(_SITTING_OUT)
    while at >= 0:
        end = at + len(_SITTING_OUT)
        if end < n and not tail[end].isspace():
            out = end
            break
        at = tail.find(_SITTING_OUT, at + 1)
    if period >= 0 and (out < 0 or period <= out):
        return period + 1
    return out


_SITTING_OUT: Final = "sitting out"


@dataclass(frozen=True, slots=True)
class Head:
    """What a hand's header lines say that the hand's reading needs (the HandInfo fields
    but the hand's own)."""

    game: Game
    variant: str
    limit: Limit
    hi_lo: bool
    hole_cards: int
    stakes: tuple[int, int] | None  # as the header prints them, when it does
    ante: int
    currency: str
    symbol: str
    decimals: int
    tournament: str | None
    reason: str | None  # why the hand is not replayed, or None
    modern: bool  # the 2018+ export ("Hand History For Game <id>")


@dataclass(slots=True, init=False)
class Table:
    """What the lines between the header and the first seat say (and the currency symbol
    of the stacks, where the header prints none)."""

    name: str = ""
    button: int | None = None
    max_seats: int | None = None
    symbol: str = ""

    def __init__(self, name: str = "", button: int | None = None,
                 max_seats: int | None = None, symbol: str = "") -> None:
        # Written out, one a hand: compiled, the dataclass's own runs interpreted (events).
        self.name = name
        self.button = button
        self.max_seats = max_seats
        self.symbol = symbol


# 888poker's reader (sites/pacific, pure Python) subclasses it.
@mypyc_attr(allow_interpreted_subclasses=True)
class BracketReader:
    """What the PartyPoker and 888 readers share: the body lines into records and
    events. A subclass reads its site's header lines (``head``, ``set_up``) and says
    when a hand is complete (``finish``)."""

    # ClassVars: compiled, an annotated class attribute would become an instance
    # attribute with a default, and hide the subclasses' own.
    site: ClassVar[str] = ""
    title: ClassVar[str] = ""
    grammar: ClassVar[str] = ""
    MAX_CACHE: ClassVar[int] = LINE_CACHE_ENTRIES

    def __init__(self, *, caching: bool = True) -> None:
        # Without caching, every line goes through the lexer and the grammar: the
        # reference the caches are tested against.
        self.caching = caching
        self.parser = grammars.load(self.grammar)
        self.recipes: dict[str, Recipe] = {}
        # What follows a player's name ("calls [$0.02 USD]") -> (recipe, values).
        self.tails: dict[str, tuple[Recipe, list[str]]] = {}
        # decimals -> line as printed -> its record (lines of seated players only).
        self.exact: dict[int, dict[str, Record]] = {}
        # decimals -> what follows a player's name -> the record it made for one player
        # (whose name, at index 1 of every player's record, is the only part that
        # changes from player to player: each new line of a hand comes here first).
        self.named: dict[int, dict[str, Record]] = {}
        self.heads: dict[str, Head] = {}
        # Seated names (longest first) -> whether one of them is another's start.
        self.ambiguous: dict[tuple[str, ...], bool] = {}

    # --- the grammar -------------------------------------------------------------------

    def recipe(self, shape: str, no: int, text: str) -> Recipe:
        """The recipe of a line shape, parsed once."""
        recipe = self.recipes.get(shape)
        if recipe is None:
            try:
                tree = self.parser.parse(shape)
            except UnexpectedInput as exc:
                raise LineError(no, _explain(exc, shape, text, self.title)) from None
            recipe = RecipeBuilder().build(tree)
            if len(self.recipes) >= self.MAX_CACHE:
                self.recipes.clear()
            self.recipes[shape] = recipe
        return recipe

    def read(self, block: HandBlock) -> Hand | Unreadable:
        """The hand of ``block``, or why it cannot be replayed."""
        try:
            return self._read(block)
        except _NotReplayed as exc:
            return self._unreadable(block, exc.line, "HH002", exc.message, exc.info)
        except LineError as error:  # (compiled, ``exc`` is a _NotReplayed)
            return self._unreadable(block, error.line, "HH001", error.message, None)
        except AmountError as bad:
            return self._unreadable(block, block.first_line, "HH001", str(bad), None)

    def _unreadable(self, block: HandBlock, line: int, code: str, message: str,
                    info: HandInfo | None) -> Unreadable:
        first, last = block.span
        if info is None:
            info = self.header_info(block)
        return Unreadable(source=block.source, first_line=first, last_line=last, line=line,
                          code=code, message=message, site=self.site, info=info,
                          hand_id=info.hand_id if info else "")

    def header_info(self, block: HandBlock) -> HandInfo | None:
        """What the header says, for a hand that could not be read (None if nothing)."""
        lines = block.lines
        game_line = next((line.strip() for line in lines[1:] if line.strip()), "")
        try:
            head = self.head(game_line, block.first_line)
            return self._info(head, self.hand_id(lines[0]), self.started(game_line),
                              Table(), head.stakes or (0, 0))
        except (LineError, AmountError, _NotReplayed):
            return None

    # --- what a subclass provides ------------------------------------------------------

    def hand_id(self, header: str) -> str:
        """The hand id the header line prints ("" if none)."""
        raise NotImplementedError

    def head(self, line: str, no: int) -> Head:
        """What the game line (the line after the header) says; ``LineError`` when it
        is not one."""
        raise NotImplementedError

    def started(self, line: str) -> str:
        """The game line's date and time, as printed."""
        raise NotImplementedError

    def set_up(self, line: str, table: Table) -> bool:
        """Read a line between the header and the seats into ``table``; False when the
        line is none of those."""
        raise NotImplementedError

    def dialect(self, head: Head) -> Dialect:
        """How the hand's export presents money."""
        raise NotImplementedError

    def stakes(self, head: Head, records: list[tuple[int, Record]],
               stacks: dict[str, int]) -> tuple[int, int, int]:
        """The hand's (small, big) stakes and the big blind posts count for."""
        raise NotImplementedError

    def implied_blinds(self, head: Head, records: list[tuple[int, Record]],
                       seats: list[ev.Seat], table: Table, stakes: tuple[int, int]
                       ) -> list[tuple[int, str, str, int]] | None:
        """Blinds the history does not print but the hand had (classic tournaments)."""
        return None

    def finish(self, head: Head, built: Any, last: int) -> None:
        """Raise ``LineError`` when the hand ends before it is complete."""
        raise NotImplementedError

    # --- the hand ----------------------------------------------------------------------

    def _read(self, block: HandBlock) -> Hand:
        lines = block.lines
        numbers = block.numbers
        base = block.first_line

        # The separators of the next hand ("Game #N starts.", "#Game No : N") end up at
        # the end of this block: the hand ends before them.
        end = len(lines)
        while end > 1 and (not lines[end - 1] or _SEPARATOR.match(lines[end - 1])):
            end -= 1
        last = _file_line(base, numbers, end - 1)
        hand_id = self.hand_id(lines[0])
        k = 1
        while k < end and not lines[k].strip():
            k += 1
        if k >= end:
            raise LineError(last, "the hand ends after its header")
        game_line = lines[k].strip()
        head = self.head(game_line, _file_line(base, numbers, k))
        started = self.started(game_line)
        if head.reason is not None:
            info = self._info(head, hand_id, started, Table(), head.stakes or (0, 0))
            raise _NotReplayed(_file_line(base, numbers, 0), head.reason, info)
        k += 1
        table = Table()
        decimals = head.decimals
        amount_cache = amounts(decimals)
        seats: list[ev.Seat] = []
        while k < end:
            text = lines[k].strip()
            if not text:
                k += 1
                continue
            seat = seat_fields(text)
            if seat is not None:
                number, name, stack = seat
                if not seats and not head.symbol and head.tournament is None:
                    table.symbol = next((c for c in "$€£" if c in stack), "")
                seats.append(ev.Seat(_file_line(base, numbers, k), int(number), name,
                                     amount_cache[stack], False))
                k += 1
                continue
            if seats or not self.set_up(text, table):
                break
            k += 1
        if not seats:
            raise LineError(_file_line(base, numbers, k) if k < end else last,
                            "the hand lists no seats (expected 'Seat N: name ( $stack )')")
        names = tuple(sorted({s.player for s in seats}, key=len, reverse=True))
        seated = frozenset(names)
        ambiguous = self.ambiguous.get(names)
        if ambiguous is None:
            ambiguous = any(b.startswith(a + " ") or b.startswith(a + ":")
                            for a in names for b in names if a != b)
            if len(self.ambiguous) < 10_000:
                self.ambiguous[names] = ambiguous
        joined: list[str] = []
        exact = self._exact(decimals) if self.caching and not ambiguous else None
        named = self._named(decimals) if self.caching else None
        records: list[tuple[int, Record]] = []
        append = records.append
        for i in range(k, end):
            text = lines[i]
            if not text:
                continue
            no = _file_line(base, numbers, i)
            rec = exact.get(text) if exact is not None else None
            if rec is None or (rec[1] is not None and rec[1] not in seated):
                found = self._line(text.strip(), names, joined, amount_cache, no, named)
                if isinstance(found, list):  # two lines glued into one
                    for r in found:
                        append((no, r))
                    continue
                rec = found
                if (exact is not None and (rec[1] is None or rec[1] in seated)
                        and rec[0] not in ("chat",)):
                    if len(exact) >= self.MAX_CACHE:
                        exact.clear()
                    exact[text] = rec
            if rec is not IGNORED:
                append((no, rec))

        stacks = {s.player: s.stack for s in seats}
        small, big, live_big = self.stakes(head, records, stacks)
        implied = self.implied_blinds(head, records, seats, table, (small, big))
        for _, rec in records:
            kind: str = rec[0]  # (typed: compiled, a string comparison; see build_events)
            if kind == "other_street":
                info = self._info(head, hand_id, started, table, (small, big))
                raise _NotReplayed(base, f"{head.variant}: stud and draw streets are not "
                                         "replayed", info)
        built = build_events(records, stacks, live_big, implied)
        self.finish(head, built, last)
        seats.sort(key=_seat_number)
        took_part = built.took_part
        seats = [s if s.player in took_part or not (s.player in built.sat_out or s.stack == 0)
                 else ev.Seat(s.line, s.seat, s.player, s.stack, True) for s in seats]
        info = self._info(head, hand_id, started, table, (small, big), _ante(records))
        first, _ = block.span
        return _NEW_HAND(block.source, first, last, info, tuple(seats), tuple(built.events),
                         False, self.dialect(head))

    def _info(self, head: Head, hand_id: str, started: str, table: Table,
              stakes: tuple[int, int], ante: int = 0) -> HandInfo:
        symbol, currency = head.symbol, head.currency
        if table.symbol and not symbol:
            symbol = table.symbol
            currency = currency or _CURRENCY.get(symbol, "")
        return _NEW_INFO(
            self.site, hand_id, head.game, head.variant, head.limit, head.hi_lo,
            head.hole_cards, stakes, ante or head.ante, None, currency, symbol, head.decimals,
            head.tournament, table.name, table.max_seats, table.button, started,
        )

    def _exact(self, decimals: int) -> dict[str, Record]:
        found = self.exact.get(decimals)
        if found is None:
            found = self.exact[decimals] = {}
        return found

    def _named(self, decimals: int) -> dict[str, Record]:
        found = self.named.get(decimals)
        if found is None:
            found = self.named[decimals] = {}
        return found

    def _line(self, text: str, names: tuple[str, ...], joined: list[str], amounts: Amounts,
              no: int, named: dict[str, Record] | None = None) -> Record | list[Record]:
        """The record of a line not read before (a list when two lines are glued);
        ``named``: the records made before under this hand's amounts, by what follows
        the player's name (``self.named``), or None."""
        if text[:1] in _FREE_FIRST and _FREE.match(text):
            return IGNORED
        name: str | None = None
        start = 0
        if text.startswith("Dealt to "):
            start = 9
        for n in names:
            if starts_at(text, n, start) and text[start + len(n) : start + len(n) + 1] in (
                    " ", ":", "", "."):
                name = n
                break
        if name is None:
            for n in joined:
                if starts_at(text, n, start) and text[start + len(n) : start + len(n) + 1] \
                        in (" ", ":"):
                    name = n
                    break
        if name is None and start == 0:
            m = _UNSEATED.match(text)
            if m is not None:
                name = m.group(1)
                if name not in joined:
                    joined.append(name)
        if name is None:
            if start:
                raise LineError(no, f"cards dealt to a player the hand did not seat: "
                                    f"{text[:120]!r}")
            shape, values = split_fields(text)
            return self.recipe(shape, no, text)(values, None, amounts)
        tail = text[start + len(name) :]
        if tail.startswith(": "):
            return ("note", name, "chat", tail[2:])
        key = tail if not start else "\x00" + tail
        if named is not None:
            made = named.get(key)
            if made is not None:  # (kept only where no second line is glued on)
                return (made[0], name, *made[2:])
        glue = _glue_end(tail)
        if glue >= 0:
            rest = tail[glue:]
            if any(rest.startswith(n + " ") for n in (*names, *joined)):
                first = text[: start + len(name) + glue]
                return [*_flat(self._line(first, names, joined, amounts, no, named)),
                        *_flat(self._line(rest, names, joined, amounts, no, named))]
        if tail.startswith(" shows") and _LOW_LINE.match(tail):
            return IGNORED  # "Player2 shows6,5,3,2,A  for low.": the low hand in words
        found = self.tails.get(key) if self.caching else None
        if found is None:
            shape, values = split_fields(tail)
            head = f"Dealt to {PLAYER}" if start else PLAYER
            found = (self.recipe(head + shape, no, text), values)
            if self.caching:
                if len(self.tails) >= self.MAX_CACHE:
                    self.tails.clear()
                self.tails[key] = found
        recipe, values = found
        record = recipe(values, name, amounts)
        if named is not None and glue < 0 and record[1] is name:
            if len(named) >= self.MAX_CACHE:
                named.clear()
            named[key] = record
        return record


def _ante(records: list[tuple[int, Record]]) -> int:
    """The ante the hand's first ante post paid (0 when none)."""
    for _, rec in records:
        if rec[0] == "post" and rec[2] == "ante":
            return rec[3]
        if rec[0] == "deal":
            break
    return 0


def _flat(found: Record | list[Record]) -> list[Record]:
    return found if isinstance(found, list) else [found]


class _NotReplayed(Exception):
    """A hand of a game the auditor does not replay (HH002)."""

    def __init__(self, line: int, message: str, info: HandInfo | None) -> None:
        super().__init__(message)
        self.line = line
        self.message = message
        self.info = info


def _seat_number(seat: ev.Seat) -> int:
    return seat.seat


# "Seat 5: Player1 ( $1.60 USD )", "seat1: Player0 ( $664.25 USD )", "Seat 1: Player4
# ($56.64)", and converted files' "Seat 1: Player1 ( $2.75 USD ) - VPIP: 21, …".
_SEAT: Final = re.compile(r"[Ss]eat ?(\d+): (.+?) \(\s*([^()]*\d[^()]*?)\s*\)(?:\s+-\s.*)?$")


def seat_fields(text: str) -> tuple[str, str, str] | None:
    """``_SEAT.match(text).groups()`` (seat, name, stack), or None. The common line,
    "Seat N: name ( stack )" with no other bracket, by its quick path (``plain_seat``,
    in C where compiled): the pattern's lazy name tried each place of the line (about
    2,400 instructions a seat)."""
    if BRACKET_SEAT_FIELDS is not None:
        fields = BRACKET_SEAT_FIELDS(text)
        if fields is not None:
            return fields
    else:
        fields = plain_seat(text)
        if fields is not None:
            return fields
    if not (text.startswith("Seat") or text.startswith("seat")):
        # Where the pattern's first word is not (the lines around the seats, five a hand),
        # it cannot match: a call of it costs about 1,900 instructions all the same.
        return None
    m = _SEAT.match(text)
    return None if m is None else (m.group(1), m.group(2), m.group(3))


def plain_seat(text: str) -> tuple[str, str, str] | None:
    """The fields of "Seat N: name ( stack )" with no other bracket (N decimal, the stack
    holding a decimal digit), as ``_SEAT`` matches them, or None for any other line (the
    pattern then decides): by string methods, as ``_fields.bracket_seat`` in C."""
    # ("Seat " holds neither ": " nor a bracket: each search from the line's start finds
    # what it would from the name's.)
    if text.startswith("Seat ") and text.endswith(")"):
        colon = text.find(": ")
        number = text[5:colon]
        if colon > 5 and number.isdecimal():
            after = colon + 2
            bracket = text.find(" (")
            if bracket > after and text.count("(") == 1 and text.count(")") == 1:
                stack = text[bracket + 2 : -1].strip()
                for c in stack:
                    if c.isdecimal():
                        return number, text[after:bracket], stack
    return None


def _file_line(base: int, numbers: list[int] | None, i: int) -> int:
    """The file line of a block's line ``i`` (a function, not a closure: compiled, a
    closure is called through Python's protocol, thirty times a hand)."""
    return base + i if numbers is None else numbers[i]


def _explain(exc: UnexpectedInput, shape: str, text: str, title: str) -> str:
    """A message a person understands (``str()`` of a lark-cython error raises)."""
    col = getattr(exc, "column", None) or getattr(exc, "pos_in_stream", 0) or 0
    pos = max(0, min(len(shape), int(col) - 1 if isinstance(col, int) else 0))
    rest = "".join(_READABLE.get(ch, ch) for ch in shape[pos : pos + 40]).strip()
    where = f" at '{rest}'" if rest else " at the end of the line"
    return f"not a {title} line{where}: {text.strip()[:120]!r}"


# --- PartyPoker ---------------------------------------------------------------------------

_ID: Final = re.compile(r"\*{5} Hand History [Ff]or Game (\w+)")
# The game line's date: after the last spaced dash before a weekday ("Omaha Hi-Saturday").
_WHEN: Final = re.compile(r"\s*-\s*((?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\b.*)$")
_HEAD_STAKES: Final = re.compile(r"\s*([$€£]?\s?\d[\d.,]*)(?:\s*/\s*([$€£]?\s?\d[\d.,]*))?")
_LEVEL: Final = re.compile(r"(?:Blinds|Stakes)(?:-Antes)?\(\s*([\d.,]+)\s*/\s*([\d.,]+)"
                           r"(?:\s*-\s*([\d.,]+))?\)")
_GAME_WORDS: Final = re.compile(
    r"(?:\b(?:NL|PL|FL)\s+)?(?:fastforward\s+)?(?:(?:NL|PL|FL)\s+)?(?:Texas Hold'?em|Hold'?em"
    r"|Omaha(?: Hi-Lo| Hi)?|Double Hold'em|Short Deck|\d Card Stud(?: Hi-Lo)?)")
_TOURNAMENT_ID: Final = re.compile(r"Trny:\s*(\d+)|Tournament #(\d+)")
_TABLE: Final = re.compile(r"Table (.*?)\s*\(\s*(Real|Play) Money\s*\)"
                           r"(?:\s*--\s*Seat (\d+) is the button)?$")
_BUTTON: Final = re.compile(r"Seat (\d+) is the button$")
_PLAYERS: Final = re.compile(r"Total number of players\s*:\s*\d+(?:\s*/\s*(\d+))?$")
_MONTHS: Final = {m: i + 1 for i, m in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"))}
_START: Final = re.compile(r"(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* (\d{1,2}),? "
                           r"(\d{1,2}):(\d{2}):(\d{2})\D*?(\d{4})")


def start_key(game_line: str) -> tuple[int, ...] | None:
    """When a Party hand started, from its game line, as a sortable tuple (the site's
    local time; hands of one file share their clock), or None."""
    m = _START.search(game_line, _first_month(game_line))
    if m is None:
        return None
    month, day, hh, mm, ss, year = m.groups()
    return (int_of(year), _MONTHS[month], int_of(day), int_of(hh), int_of(mm),
            int_of(ss))


def _first_month(line: str) -> int:
    """Where the first month's name starts in ``line`` (its length where none does): no
    match of ``_START`` starts before it. (A search from the start tries the pattern's
    twelve names at every character: 14,000 instructions a game line, compiled.)"""
    first = len(line)
    for name in _MONTHS:
        at = line.find(name, 0, first + 2)  # (a name of three letters starting before it)
        if 0 <= at < first:
            first = at
    return first


def _first_dash(line: str) -> int:
    """Where the white space before the first dash of ``line`` starts (its length where
    it has no dash): no match of ``_WHEN`` starts before it."""
    dash = line.find("-")
    if dash < 0:
        return len(line)
    while dash > 0 and line[dash - 1].isspace():
        dash -= 1
    return dash


def party_game(words: str, modern: bool) -> tuple[Game, Limit, bool, int, str | None]:
    """Game, limit, hi/lo, hole cards and the reason it is not replayed (or None), from
    the game words of a Party header."""
    low = words.lower()
    limit: Limit = "FL"  # classic limit games print no limit word ("$15/$30 USD Texas Hold'em")
    m = re.search(r"\((NL|PL|FL)\)", words) if modern else re.search(r"\b(NL|PL|FL)\b", words)
    if m:
        limit = m.group(1)  # type: ignore[assignment]
    hi_lo = "hi-lo" in low or "hi/lo" in low
    if "stud" in low or "draw" in low or "razz" in low:
        return "other", limit, hi_lo, 0, f"{words.strip()} is not a game the auditor replays"
    if "double hold" in low:
        return "other", limit, hi_lo, 3, f"{words.strip()} is not a game the auditor replays"
    if "short deck" in low:
        return "sixplus", limit, hi_lo, 2, None
    if "omaha" in low:
        return "omaha", limit, hi_lo, 4, None
    if "hold'em" in low or "holdem" in low:
        return "holdem", limit, hi_lo, 2, None
    return "other", limit, hi_lo, 0, f"{words.strip()} is not a game the auditor replays"


SetUp: TypeAlias = tuple[str, str, int | None]
"""What a line before the seats sets: ("table", name, button or None), ("button", "",
seat), ("players", "", most seats or None), or ("", "", None) for none of those."""


def _set_up_of(line: str) -> SetUp:
    if line.startswith("Table "):
        m = _TABLE.match(line)
        if m is None:
            return ("table", line[6:].strip(), None)
        return ("table", m.group(1), int(m.group(3)) if m.group(3) else None)
    if (b := _BUTTON.match(line)) is not None:
        return ("button", "", int(b.group(1)))
    if (p := _PLAYERS.match(line)) is not None:
        return ("players", "", int(p.group(1)) if p.group(1) else None)
    return ("", "", None)


class PartyPokerReader(BracketReader):
    """Reads PartyPoker hand blocks of both generations (told apart by the game line:
    2018+ writes ``… Game Table (PL) - Mon Feb 09 …``)."""

    site = "partypoker"
    title = "PartyPoker"
    grammar = "partypoker"

    def __init__(self, *, caching: bool = True) -> None:
        super().__init__(caching=caching)
        # The game line last searched for its date, where the date's dash starts (-1:
        # none) and the date: ``head`` and ``started`` each ask once a hand, and the
        # search (from every place of the line) is the dearest of the line's reading.
        self._when: tuple[str, int, str] = ("", -1, "")
        self.set_ups: dict[str, SetUp] = {}  # a line before the seats -> what it sets

    def _date(self, line: str) -> tuple[int, str]:
        """Where the game line's date (with the dash before it) starts, -1 where it has
        none, and the date as printed."""
        seen, at, date = self._when
        if line != seen:
            m = _WHEN.search(line, _first_dash(line))
            at, date = (m.start(), m.group(1).strip()) if m else (-1, "")
            self._when = (line, at, date)
        return at, date

    def hand_id(self, header: str) -> str:
        m = _ID.match(header)
        return m.group(1) if m else ""

    def started(self, line: str) -> str:
        return self._date(line)[1]

    def head(self, line: str, no: int) -> Head:
        at, _ = self._date(line)
        words = line[:at] if at >= 0 else line
        found = self.heads.get(words) if self.caching else None
        if found is None:
            found = self._head(words, no)
            if len(self.heads) < 10_000:
                self.heads[words] = found
        return found

    def _head(self, words: str, no: int) -> Head:
        modern = "Game Table (" in words
        tournament: str | None = None
        if any(w in words for w in ("Trny", "Tourney", "Buy-in", "Tournament")):
            t = _TOURNAMENT_ID.search(words)
            tournament = (t.group(1) or t.group(2)) if t else ""
        game, limit, hi_lo, hole, reason = party_game(words, modern)
        decimals = 0 if tournament is not None else 2
        symbol = next((s for s in "$€£" if s in words), "") if tournament is None else ""
        currency = _CURRENCY.get(symbol, "")
        if tournament is None:
            for code in ("USD", "EUR", "GBP", "CAD"):
                if code in words:
                    currency = code
        stakes: tuple[int, int] | None = None
        ante = 0
        level = _LEVEL.search(words)
        if level is not None:
            stakes = (amount_of(level.group(1), decimals), amount_of(level.group(2), decimals))
            ante = amount_of(level.group(3), decimals) if level.group(3) else 0
        elif tournament is None or modern:
            s = _HEAD_STAKES.match(words)
            if s is not None and s.group(2) is not None:
                stakes = (amount_of(s.group(1), decimals), amount_of(s.group(2), decimals))
        g = _GAME_WORDS.search(words)
        variant = re.sub(r"\s+", " ", g.group() if g else words).strip()
        if modern:
            variant = f"{variant} ({limit})"
        if reason is not None:
            reason = f"{variant} is not a game the auditor replays"
        return Head(game=game, variant=variant, limit=limit, hi_lo=hi_lo, hole_cards=hole,
                    stakes=stakes, ante=ante, currency=currency, symbol=symbol,
                    decimals=decimals, tournament=tournament, reason=reason, modern=modern)

    def set_up(self, line: str, table: Table) -> bool:
        # The table, button and players lines repeat hand after hand: each is read once.
        found = self.set_ups.get(line) if self.caching else None
        if found is None:
            found = _set_up_of(line)
            if self.caching:
                if len(self.set_ups) >= 10_000:
                    self.set_ups.clear()
                self.set_ups[line] = found
        kind, name, number = found
        if kind == "table":
            table.name = name
            if number is not None:
                table.button = number
        elif kind == "button":
            table.button = number
        elif kind == "players":
            table.max_seats = number
        else:
            return False
        return True

    def dialect(self, head: Head) -> Dialect:
        from auditor.sites.partypoker import DIALECT, DIALECT_2018

        return DIALECT_2018 if head.modern else DIALECT

    def stakes(self, head: Head, records: list[tuple[int, Record]],
               stacks: dict[str, int]) -> tuple[int, int, int]:
        if head.game == "sixplus":
            # Short deck: a button blind and antes; the header's "$1/$2" is neither. As
            # PokerStars's 6+ Hold'em, the stakes are the button blind twice.
            button = next((rec[3] for _, rec in records
                           if rec[0] == "post" and rec[2] == "button"), 0)
            if button:
                return button, button, button
        stated = head.stakes
        level = None
        for _, rec in records:
            if rec[0] == "level":
                level = (rec[2], rec[3])  # the level line of the hand beats the header's
        if level is not None:
            stated = level
        posted_small, posted_big = _blinds_posted(records, stacks)
        if stated is not None:
            small, big = stated
            if head.limit == "FL":
                # Fixed limit: the stakes are the small and big bets; posts count for the
                # big blind posted (a "15/30" game posts 10 and 15).
                return small, big, posted_big or small
            return small, big, big
        # Classic cash headers print the buy-in: the blinds are the posts.
        big = posted_big or _called_big_blind(records) or 0
        small = posted_small or _small_for(big)
        return small, big, big

    def implied_blinds(self, head: Head, records: list[tuple[int, Record]],
                       seats: list[ev.Seat], table: Table, stakes: tuple[int, int]
                       ) -> list[tuple[int, str, str, int]] | None:
        if head.tournament is None or head.modern:
            return None
        deal_line = None
        level_line = None
        antes: dict[str, int] = {}
        for no, rec in records:
            op: str = rec[0]
            if op == "post":
                if rec[2] != "ante":
                    return None  # the hand prints its blinds
                antes[rec[1]] = antes.get(rec[1], 0) + rec[3]
            elif op == "level":
                level_line = no
            elif op == "deal":
                deal_line = no
                break
        small, big = stakes
        if head.limit == "FL":
            small, big = small // 2, small  # the blinds of a fixed-limit level
        if deal_line is None or not big or table.button is None:
            return None
        # Dealt in: the seated players the hand shows acting (a player who just moved to
        # the table waits for the big blind, and never acts).
        actors = {rec[1] for _, rec in records if rec[0] != "note"}
        playing = sorted((s for s in seats if s.stack - antes.get(s.player, 0) > 0
                          and s.player in actors), key=_seat_number)
        if len(playing) < 2:
            return None
        after = [s for s in playing if s.seat > table.button] + [
            s for s in playing if s.seat <= table.button]
        if len(playing) == 2:
            button = [s for s in playing if s.seat == table.button]
            sb, bb = (button[0], next(s for s in playing if s is not button[0])) if button \
                else (after[0], after[1])
        else:
            sb, bb = after[0], after[1]
        line = level_line if level_line is not None else deal_line
        out = []
        for seat, kind, blind in ((sb, "small", small), (bb, "big", big)):
            have = seat.stack - antes.get(seat.player, 0)
            out.append((line, seat.player, kind, min(blind, have)))
        return out

    def finish(self, head: Head, built: Any, last: int) -> None:
        if head.modern:
            if not built.summary:
                raise LineError(last, "the hand ends before its ** Summary ** (truncated?)")
        elif not built.collected:
            raise LineError(last, "the hand ends before anyone wins the pot (truncated?)")


def _blinds_posted(records: list[tuple[int, Record]], stacks: dict[str, int]
                   ) -> tuple[int, int]:
    """The first small and big blind posted live (not all-in for less), 0 where none."""
    small = big = 0
    antes: dict[str, int] = {}
    for _, rec in records:
        op: str = rec[0]
        if op == "deal":
            break
        if op != "post":
            continue
        player, kind, amount = rec[1], rec[2], rec[3]
        if kind == "ante":
            antes[player] = antes.get(player, 0) + amount
            continue
        stack = stacks.get(player)
        all_in = stack is not None and amount >= stack - antes.get(player, 0)
        if kind == "small" and not small and not all_in:
            small = amount
        elif kind == "big" and not big and not all_in:
            big = amount
    return small, big


def _called_big_blind(records: list[tuple[int, Record]]) -> int:
    """The big blind as the first preflop call before any raise shows it (when the only
    big blind was posted all-in for less): what a player who posted nothing calls."""
    posted = set()
    dealt = False
    for _, rec in records:
        op: str = rec[0]
        if op == "post":
            posted.add(rec[1])
        elif op == "deal":
            dealt = True
        elif dealt and op in ("raise_added", "raise_to", "bet", "street", "all_in_amount"):
            return 0
        elif dealt and op == "call" and rec[1] not in posted:
            return rec[2]
    return 0


def _small_for(big: int) -> int:
    """The small blind Party pairs with a big blind: half of it, but 10 with 25
    (0.10/0.25, 10/25, …)."""
    k = big
    while k and k % 10 == 0:
        k //= 10
    if k == 25:
        return big * 2 // 5
    return big // 2
