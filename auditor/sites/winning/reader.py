"""ACR / Winning Poker Network hand blocks into hands: both generations of the text export.

- **ACR 2019+** (``Hand #779379637 - Omaha H/L(No Limit) - $3.00/$6.00 - … UTC``): close to
  PokerStars's wording without the colons, read with ``grammars/winning.lark``.
- **WPN 2014–16** (``Game started at: 2016/8/2 10:50:44`` then ``Game ID: …``): its own
  wording (``Player NAME raises (0.22)``), no showdown section (what was shown, put in and
  collected is in the summary), read with ``grammars/winning_classic.lark``.

Both print every amount of an action as the chips it ADDS (SITES.md §3.1): ``raises $30.00
to $40.00`` by a small blind of $10 in a $20/$40 game, ``raises (3)`` by a small blind of 1
at 2/4. The reader follows each street's commitments to turn that into the event model:
``Raise.to`` is the street total and ``Raise.by`` stays None (the raise size is never
printed), and an ``allin (X)`` or ``caps (X)`` is a call, a bet or a raise by what it adds.

Lines are read as in the PokerStars reader: the player's name is found among the seated
ones (or, for a player the hand never seated, before the line's verb), the rest is
reduced to its shape (``auditor.parsing.shape`` placeholders), each shape is parsed once
by the grammar and compiled into a recipe, and the operation a line stands for is cached
by its exact text (lines repeat from hand to hand within a session) and by what follows
its player's name (another player's line of the same kind is read from it). The header, table,
``Game ID`` and seat lines hold free text (table names) and are read by regexes (the
``Game ID`` line once a table; seat lines by string methods where compiled, held to the
regexes by the tests).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from auditor.model import events as ev
from auditor.model.dialect import Dialect
from auditor.model.hand import Game, Hand, HandInfo, Limit
from auditor.model.money import AmountCache, AmountError, parse_amount
from auditor.parsing import grammars
from auditor.parsing.blocks import HandBlock
from auditor.parsing.errors import LineError, Unreadable
from auditor.parsing.shape import (
    BY_METHODS,
    CARDS,
    DESC,
    LINE_CACHE_ENTRIES,
    NUM,
    PLAYER,
    WPN_SEAT_FIELDS,
    card_groups,
    split_plain,
    starts_at,
)

SITE: Final = "wpn"

# --- fields of a line -------------------------------------------------------------------

# An amount: an optional dollar sign, digits with or without thousands separators,
# decimals; never inside a word ("3rd", "Player0") nor a date's dotted parts.
_AMOUNT = r"(?<![\w.$])\$?\d[\d,]*(?:\.\d+)?(?![\w$])"
# 2019+: a shown hand's description "(HI - a flush, … [Qd 7d 5d 4d 2d] | LO - [8,7,5,2,1])"
# after its cards, and a summary's "… and won $61.50 with HI - a flush …" to the end.
_MODERN_DESC = r"(?<=\] )\(.*\)$|(?<= with ).+$"
_MODERN_FIELDS: Final = re.compile(
    rf"(?P<d>{_MODERN_DESC})|(?P<c>\[[^\]]*\])|(?P<n>{_AMOUNT})"
)
# 2014–16 summary: "shows: Two pairs. 7s and 2s [Ac 8c Kh 7s] Low hand (A A 2 3 6 7 ).Bets: …"
_CLASSIC_DESC = r"(?<=shows: )[^\[]+(?= \[)|(?<=\] )Low hand \([^)]*\)"
_CLASSIC_FIELDS: Final = re.compile(
    rf"(?P<d>{_CLASSIC_DESC})|(?P<c>\[[^\]]*\])|(?P<n>{_AMOUNT})"
)
_KIND: Final = {"d": DESC, "c": CARDS, "n": NUM}
_PLACEHOLDERS: Final = frozenset((NUM, CARDS, DESC))
_READABLE: Final = {PLAYER: "<player>", NUM: "<amount>", CARDS: "<cards>", DESC: "<description>"}


# Numbers and cards alone, as most lines hold (the fields' other two alternatives): one
# split in C by ``split_plain`` instead of a Python callback a field. It is
# ``(\[[^\]]*\]|{_AMOUNT})`` with the field's first character taken first: a pattern
# that starts by consuming a character of a set lets the regex engine run through the
# others in its search loop (a match attempt at every position otherwise, a look-ahead
# included), and the look-behinds then say which field it began (``(?<![\w.$].)`` is
# the amount's ``(?<![\w.$])`` a character later).
_PLAIN_FIELDS: Final = re.compile(
    r"([\[$\d](?:(?<=\[)[^\]]*\]"
    r"|(?<![\w.$].)(?:(?<=\$)\d|(?<=\d))[\d,]*(?:\.\d+)?(?![\w$])))"
)
# What a description field needs in the text, by generation (the look-behinds of ``d``):
# a text without these holds numbers and cards only.
_MODERN_FREE: Final = ("] (", " with ")
_CLASSIC_FREE: Final = ("shows: ", "] Low hand (")
# The description alone, and where one can start: so many characters into each of the
# texts above (its look-behind's, and for "Low hand (" the field's own first words).
_MODERN_DESC_ALONE: Final = re.compile(_MODERN_DESC)
_CLASSIC_DESC_ALONE: Final = re.compile(_CLASSIC_DESC)
_MODERN_DESC_AT: Final = (("] (", 2), (" with ", 6))
_CLASSIC_DESC_AT: Final = (("shows: ", 7), ("] Low hand (", 2))


def _split(fields: re.Pattern[str], text: str, values: list[str]) -> str:
    """``text`` with each field replaced by its placeholder; the fields go to ``values``."""
    classic = fields is _CLASSIC_FIELDS
    free = _CLASSIC_FREE if classic else _MODERN_FREE
    if free[0] not in text and free[1] not in text:
        shape, found = split_plain(text, _PLAIN_FIELDS)
        values += found
        return shape
    if classic:
        return _split_described(text, values, _CLASSIC_DESC_ALONE, _CLASSIC_DESC_AT)
    return _split_described(text, values, _MODERN_DESC_ALONE, _MODERN_DESC_AT)


def _split_described(text: str, values: list[str], desc: re.Pattern[str],
                     marks: tuple[tuple[str, int], ...]) -> str:
    """``_split_free`` of a text that may hold descriptions, without trying a description
    at every character (the whole pattern's look-behinds, half its cost on a summary
    line): each one is found where its look-behind's text is, and the numbers and cards
    around it by the plain pattern, as ``sub`` would have met them from left to right
    (a card group that runs over a description's start hides it)."""
    split = _split_between(text, desc, marks)
    if split is not None:
        values += split[1]
        return split[0]
    parts: list[str] = []
    pos = 0
    found = _next_description(text, 0, desc, marks)
    while True:
        stop = found.start() if found is not None else len(text) + 1
        for m in _PLAIN_FIELDS.finditer(text, pos):
            start = m.start()
            if start >= stop:
                break
            field = m.group()
            parts.append(text[pos:start])
            parts.append(CARDS if field[0] == "[" else NUM)
            values.append(field)
            pos = m.end()
            if pos > stop:
                break
        if found is None:
            break
        if pos <= stop:
            parts.append(text[pos:stop])
            parts.append(DESC)
            values.append(found.group())
            pos = found.end()
        found = _next_description(text, pos, desc, marks)
    parts.append(text[pos:])
    return "".join(parts)


def _split_between(text: str, desc: re.Pattern[str], marks: tuple[tuple[str, int], ...]
                   ) -> tuple[str, list[str]] | None:
    """``_split_described``'s shape and values where the text between descriptions can be
    split on its own (one ``split_plain`` in C each, not a match object a field), else
    None. It can where no field reaches out of its stretch: none starts its stretch
    after a description (the amount's look-behind would see the description's end),
    the stretch before a description ends in a space (no amount or card group runs
    into it) and holds no card group left open (``[`` … ``]`` over the description)."""
    parts: list[str] = []
    values: list[str] = []
    pos = 0
    while True:
        found = _next_description(text, pos, desc, marks)
        stop = len(text) if found is None else found.start()
        stretch = text[pos:stop]
        if stretch:
            if pos and (stretch[0] in "[$" or stretch[0].isdecimal()):
                return None
            if found is not None and not stretch.endswith(" "):
                return None
            if stretch.rfind("[") > stretch.rfind("]"):
                return None
            shape, found_values = split_plain(stretch, _PLAIN_FIELDS)
            parts.append(shape)
            values += found_values
        if found is None:
            return "".join(parts), values
        parts.append(DESC)
        values.append(found.group())
        pos = found.end()


def _next_description(text: str, pos: int, desc: re.Pattern[str],
                      marks: tuple[tuple[str, int], ...]) -> re.Match[str] | None:
    """The first description that starts at ``pos`` or after (``match`` at a position
    sees the text before it, as the look-behinds need)."""
    first: re.Match[str] | None = None
    for mark, offset in marks:
        at = text.find(mark, max(pos - offset, 0))
        while at >= 0:
            m = desc.match(text, at + offset)
            if m is not None:
                if first is None or m.start() < first.start():
                    first = m
                break
            at = text.find(mark, at + 1)
    return first


def _split_free(fields: re.Pattern[str], text: str, values: list[str]) -> str:
    """``_split`` by the pattern of every field, a callback a field (what the quick
    paths are held to)."""
    def put(m: re.Match[str]) -> str:
        values.append(m.group())
        return _KIND[m.lastgroup or "n"]

    return fields.sub(put, text)


# --- names ------------------------------------------------------------------------------

# The words that follow a player's name (what tells where an unseated name ends).
_MODERN_VERB_WORDS: Final = frozenset((
    "posts", "folds", "checks", "calls", "bets", "raises", "cap", "caps", "shows", "mucks",
    "does", "doesn't", "collected", "is", "sits", "has", "joins", "leaves", "straddle",
    "brings", "brings-in"))
_CLASSIC_VERB_WORDS: Final = frozenset((
    "has", "posts", "ante", "straddle", "bring", "received", "folds", "checks", "calls",
    "bets", "raises", "allin", "cap", "caps", "is", "sitting", "wait", "mucks", "shows",
    "does", "doesn't"))
# (Longest first: where one word starts another, "\b" decides, in any order.)
_MODERN_VERBS = "|".join(map(re.escape, sorted(_MODERN_VERB_WORDS, key=len, reverse=True)))
_CLASSIC_VERBS = "|".join(map(re.escape, sorted(_CLASSIC_VERB_WORDS, key=len, reverse=True)))
_MODERN_AFTER: Final = re.compile(rf" (?:{_MODERN_VERBS})\b")
_CLASSIC_AFTER: Final = re.compile(rf" (?:{_CLASSIC_VERBS})\b")
_MODERN_UNSEATED: Final = re.compile(rf"(.*?)(?= (?:{_MODERN_VERBS})\b)")
_CLASSIC_UNSEATED: Final = re.compile(rf"(\*?Player )(.*?)(?= (?:{_CLASSIC_VERBS})\b)")
_SUMMARY_SEAT: Final = re.compile(r"Seat \d+: ")
_SUMMARY_NAME_END: Final = re.compile(
    r" \((?:button|small blind|big blind)\)| (?:folded|showed|mucked|did not show)\b|$"
)
_UNCALLED: Final = re.compile(r"Uncalled bet \([^)]*\) returned to ?")
_MODERN_STRUCTURE: Final = ("***", "Dealt to ", "Uncalled bet (", "Main pot", "Side pot",
                             "Total pot", "Board", "Seat ")


def _modern_name(text: str, names: list[str], seated: frozenset[str]
                 ) -> tuple[int, str | None]:
    """Where the player's name of a 2019+ line starts and which name it is (None: the line
    names nobody)."""
    if text.startswith(_MODERN_STRUCTURE):
        if text.startswith("Dealt to "):
            return _name_at(text, 9, names, " [", None)
        if text.startswith("Uncalled bet ("):
            m = _UNCALLED.match(text)
            return (m.end(), text[m.end():]) if m else (0, None)
        if text.startswith("Seat "):
            m = _SUMMARY_SEAT.match(text)
            if m:
                return _name_at(text, m.end(), names, None, _SUMMARY_NAME_END)
        end = _seated_before_verb(text, 0, names, seated, _MODERN_AFTER, _MODERN_VERB_WORDS)
        return (0, text[:end]) if end >= 0 else (0, None)
    end = _seated_before_verb(text, 0, names, seated, _MODERN_AFTER, _MODERN_VERB_WORDS)
    if end >= 0:
        return 0, text[:end]
    m = _MODERN_UNSEATED.match(text)
    return (0, m.group(1)) if m else (0, None)


def _classic_name(text: str, names: list[str], seated: frozenset[str]
                  ) -> tuple[int, str | None]:
    """Where the player's name of a 2014–16 line starts and which name it is."""
    if text.startswith("Player ") or text.startswith("*Player "):
        start = 7 if text[0] == "P" else 8
        end = _seated_before_verb(text, start, names, seated, _CLASSIC_AFTER,
                                 _CLASSIC_VERB_WORDS)
        if end >= 0:
            return start, text[start:end]
        m = _CLASSIC_UNSEATED.match(text)
        return (start, m.group(2)) if m else (start, None)
    if text.startswith("Uncalled bet ("):
        m = _UNCALLED.match(text)
        return (m.end(), text[m.end():]) if m else (0, None)
    return 0, None


def _seated_before_verb(text: str, start: int, names: list[str], seated: frozenset[str],
                        after: re.Pattern[str], verbs: frozenset[str]) -> int:
    """Where the longest seated name at ``start`` ends when a verb (``after``) follows it,
    else -1. A verb begins with a space, so only the spaces up to the longest name's end
    can end one: each is looked up in ``seated``, where trying the names in turn cost a
    ``startswith`` a seated player, ten a line at a full table."""
    stop = start + len(names[0]) + 1 if names else start
    found = -1
    end = text.find(" ", start, stop)
    while end >= 0:
        if text[start:end] in seated and _verb_at(text, end, after, verbs):
            found = end
        end = text.find(" ", end + 1, stop)
    return found


def _verb_at(text: str, space: int, after: re.Pattern[str], verbs: frozenset[str]) -> bool:
    """``after.match(text, space)``: a verb after the space. A word of ``verbs`` up to the
    next space (or the end) is one, its end a word's (the pattern's alternatives are
    those words with ``\\b`` after them); any other text is the pattern's to judge (a
    verb before a point or a bracket), a Python call where the look-up is a few C calls."""
    word_end = text.find(" ", space + 1)
    if text[space + 1 : word_end if word_end >= 0 else len(text)] in verbs:
        return True
    return after.match(text, space) is not None


def _name_at(text: str, start: int, names: list[str], end_mark: str | None,
             end_pattern: re.Pattern[str] | None) -> tuple[int, str | None]:
    """The seated name at ``start`` (followed by a space or the end), else the text up to
    ``end_mark`` or ``end_pattern``."""
    for name in names:
        end = start + len(name)
        if starts_at(text, name, start) and (end == len(text) or text[end] == " "):
            return start, name
    if end_mark is not None:
        end = text.find(end_mark, start)
        return start, (text[start:end] if end > start else None)
    assert end_pattern is not None
    m = end_pattern.search(text, start)
    return start, (text[start:m.start()] if m and m.start() > start else None)


# --- what a line stands for ------------------------------------------------------------

# A line's operation, as a tuple (code, player, …): the hand reader turns it into events
# with the street's commitments (the amounts it adds are not yet the event model's).
# Final: compiled, each is the literal where it is read, not a look-up in the module's
# globals (several a line in the hand's loop).
POST: Final = 0
FOLD: Final = 1
CHECK: Final = 2
CALL: Final = 3
BET: Final = 4
RAISE_TO: Final = 5
RAISE_ADD: Final = 6
ALL_IN_ADD: Final = 7
CAPS: Final = 8
SHOWS: Final = 9
MUCKS: Final = 10
COLLECTED: Final = 11
NOTE: Final = 12
DEALT: Final = 13
DEALT_HIDDEN: Final = 14
DEALT_CARD: Final = 15
STREET: Final = 16
HOLE: Final = 17
SHOWDOWN: Final = 18
RUN_IT: Final = 19
SUMMARY: Final = 20
OTHER_STREET: Final = 21
UNCALLED: Final = 22
TOTAL: Final = 23
BOARD: Final = 24
SEAT_WON: Final = 25
SUMMARY_PLAYER: Final = 26
SUMMARY_START: Final = 27
IGNORE: Final = 28
BRING_IN: Final = 29

# The operations that move chips: a player with no name may not be in them.
_MONEY: Final = frozenset((POST, FOLD, CHECK, CALL, BET, RAISE_TO, RAISE_ADD, ALL_IN_ADD, CAPS,
                    COLLECTED, UNCALLED, SUMMARY_PLAYER))

Op = tuple[Any, ...]
Amounts = Callable[[str], int]
# A recipe reads a line's values (with the player's name and the amount reader).
Recipe = Callable[[list[str], str | None, Amounts], Op]


def _cards(text: str) -> tuple[str, ...]:
    """``[10c Kh]`` -> ``("Tc", "Kh")``."""
    found = _CARDS_SEEN.get(text)
    if found is None:
        found = tuple(("T" + c[2:]) if c.startswith("10") else c
                      for c in text.strip("[]").split())
        if len(_CARDS_SEEN) < 200_000:
            _CARDS_SEEN[text] = found
    return found


_CARDS_SEEN: dict[str, tuple[str, ...]] = {}


def _tokens(tree: Tree | Token) -> list[Token]:
    if not isinstance(tree, Tree):
        return [tree]
    out: list[Token] = []
    for child in tree.children:
        out.extend(_tokens(child))
    return out


class _Recipes:
    """Compiles the parse tree of one shape into a recipe (``Recipe``)."""

    def __init__(self, shape: str) -> None:
        self.slot: dict[int, int] = {}
        for i, ch in enumerate(shape):
            if ch in _PLACEHOLDERS:
                self.slot[i] = len(self.slot)

    def nums(self, tree: Tree | Token) -> list[int]:
        return [self.slot[t.start_pos] for t in _tokens(tree) if t.type == "NUM"]  # type: ignore[index]

    def first(self, tree: Tree, kind: str) -> int | None:
        return next((self.slot[t.start_pos] for t in _tokens(tree) if t.type == kind), None)  # type: ignore[index]

    def build(self, tree: Tree) -> Recipe:
        method = getattr(self, "r_" + tree.data, None)
        if method is None:  # pragma: no cover - every alias of the grammars has a recipe
            raise NotImplementedError(tree.data)
        return method(tree)

    def r_player_line(self, tree: Tree) -> Recipe:
        # "name action": the action's own tree says what the line is.
        return self.build(next(c for c in tree.children if isinstance(c, Tree)))

    @staticmethod
    def _all_in(tree: Tree) -> bool:
        return any(isinstance(c, Tree) and c.data == "all_in" for c in tree.children)

    @staticmethod
    def constant(op: Op) -> Recipe:
        return lambda v, name, amount: op

    def _post(self, tree: Tree, kind: str) -> Recipe:
        (a,), all_in = self.nums(tree), self._all_in(tree)
        return lambda v, name, amount: (POST, name, kind, amount(v[a]), all_in)

    def r_post_small(self, tree: Tree) -> Recipe:
        return self._post(tree, "small")

    def r_post_big(self, tree: Tree) -> Recipe:
        return self._post(tree, "big")

    def r_post_dead(self, tree: Tree) -> Recipe:
        # 2019+ "posts dead $0.07": the dead small blind and the live big blind together.
        return self._post(tree, "dead_both")

    def r_post_dead_bet(self, tree: Tree) -> Recipe:
        # 2014–16 "posts (0.25) as a dead bet": a dead small blind alone.
        return self._post(tree, "dead")

    def r_post_live(self, tree: Tree) -> Recipe:
        return self._post(tree, "live")

    def r_post_ante(self, tree: Tree) -> Recipe:
        return self._post(tree, "ante")

    def r_post_straddle(self, tree: Tree) -> Recipe:
        return self._post(tree, "straddle")

    def r_bring_in(self, tree: Tree) -> Recipe:
        return self.constant((BRING_IN,))

    def r_fold(self, tree: Tree) -> Recipe:
        return lambda v, name, amount: (FOLD, name)

    def r_check(self, tree: Tree) -> Recipe:
        return lambda v, name, amount: (CHECK, name)

    def _added(self, tree: Tree, code: int) -> Recipe:
        (a,), all_in = self.nums(tree), self._all_in(tree)
        return lambda v, name, amount: (code, name, amount(v[a]), all_in)

    def r_call(self, tree: Tree) -> Recipe:
        return self._added(tree, CALL)

    def r_bet(self, tree: Tree) -> Recipe:
        return self._added(tree, BET)

    def r_raise_added(self, tree: Tree) -> Recipe:
        return self._added(tree, RAISE_ADD)

    def r_all_in_added(self, tree: Tree) -> Recipe:
        (a,) = self.nums(tree)
        return lambda v, name, amount: (ALL_IN_ADD, name, amount(v[a]), True)

    def r_caps(self, tree: Tree) -> Recipe:
        (a,) = self.nums(tree)
        return lambda v, name, amount: (CAPS, name, amount(v[a]), True)

    def r_raise_to(self, tree: Tree) -> Recipe:
        (added, to), all_in = self.nums(tree), self._all_in(tree)
        return lambda v, name, amount: (RAISE_TO, name, amount(v[to]), all_in,
                                        amount(v[added]))

    def r_protected_all_in(self, tree: Tree) -> Recipe:
        # "Player X allin" with no amount, after "Player X is disconnected and ALL IN.":
        # the site's disconnect protection declared him all-in for what he had put in.
        # Read as what the line says, an all-in that adds nothing.
        return lambda v, name, amount: (ALL_IN_ADD, name, 0, True)

    def r_shows(self, tree: Tree) -> Recipe:
        c, d = self.first(tree, "CARDS"), self.first(tree, "DESC")
        return lambda v, name, amount: (
            SHOWS, name, _cards(v[c]), v[d][1:-1] if d is not None else "")  # type: ignore[index]

    def r_shows_now(self, tree: Tree) -> Recipe:
        c = self.first(tree, "CARDS")
        return lambda v, name, amount: (SHOWS, name, _cards(v[c]), "")  # type: ignore[index]

    def r_mucks(self, tree: Tree) -> Recipe:
        c = self.first(tree, "CARDS")
        return lambda v, name, amount: (MUCKS, name, _cards(v[c]) if c is not None else ())

    def r_no_show(self, tree: Tree) -> Recipe:
        return lambda v, name, amount: (MUCKS, name, ())

    def r_collected(self, tree: Tree) -> Recipe:
        a = self.nums(tree)[0]
        pot = tree.children[-1]
        rest = self.nums(pot)
        side = pot.data == "pot_side"
        return lambda v, name, amount: (
            COLLECTED, name, amount(v[a]), side, [int(v[i]) for i in rest])

    def _note(self, kind: str) -> Recipe:
        return lambda v, name, amount: (NOTE, name, kind)

    def r_sits_out(self, tree: Tree) -> Recipe:
        return self._note("sitting_out")

    def r_back(self, tree: Tree) -> Recipe:
        return self._note("returned")

    def r_timed_out(self, tree: Tree) -> Recipe:
        return self._note("timed_out")

    def r_disconnected(self, tree: Tree) -> Recipe:
        return self._note("disconnected")

    def r_connected(self, tree: Tree) -> Recipe:
        return self._note("connected")

    def r_joins(self, tree: Tree) -> Recipe:
        return self._note("joins")

    def r_leaves(self, tree: Tree) -> Recipe:
        return self._note("leaves")

    def r_waits(self, tree: Tree) -> Recipe:
        return self._note("other")

    def r_dealt(self, tree: Tree) -> Recipe:
        cs = [self.slot[t.start_pos] for t in _tokens(tree) if t.type == "CARDS"]  # type: ignore[index]
        return lambda v, name, amount: (
            DEALT, name, tuple(c for i in cs for c in _cards(v[i])))

    def r_dealt_hidden(self, tree: Tree) -> Recipe:
        return lambda v, name, amount: (DEALT_HIDDEN, name)

    def r_dealt_card(self, tree: Tree) -> Recipe:
        c = self.first(tree, "CARDS")
        return lambda v, name, amount: (DEALT_CARD, name, _cards(v[c]))  # type: ignore[index]

    def r_street(self, tree: Tree) -> Recipe:
        street = next(c.data for c in tree.children if isinstance(c, Tree))
        run = self.first(tree, "NUM")
        cs = [self.slot[t.start_pos] for t in _tokens(tree) if t.type == "CARDS"]  # type: ignore[index]
        return lambda v, name, amount: (
            STREET, None, street, tuple(c for i in cs for c in _cards(v[i])),
            int(v[run]) if run is not None else 0)

    def r_hole_cards(self, tree: Tree) -> Recipe:
        return self.constant((HOLE, None))

    def r_showdown(self, tree: Tree) -> Recipe:
        run = self.first(tree, "NUM")
        return lambda v, name, amount: (SHOWDOWN, None, int(v[run]) if run is not None else 0)

    def r_run_it(self, tree: Tree) -> Recipe:
        return self.constant((RUN_IT, None))

    def r_summary(self, tree: Tree) -> Recipe:
        return self.constant((SUMMARY, None))

    def r_summary_start(self, tree: Tree) -> Recipe:
        return self.constant((SUMMARY_START, None))

    def r_game_ended(self, tree: Tree) -> Recipe:
        return self.constant((IGNORE, None))

    def r_other_street(self, tree: Tree) -> Recipe:
        return self.constant((OTHER_STREET, None))

    def r_uncalled(self, tree: Tree) -> Recipe:
        (a,) = self.nums(tree)
        return lambda v, name, amount: (UNCALLED, name, amount(v[a]))

    def r_running_pot(self, tree: Tree) -> Recipe:
        return self.constant((IGNORE, None))

    def _fees(self, tree: Tree) -> list[tuple[str, int]]:
        return [(" ".join(str(t) for t in _tokens(c) if t.type == "WORD"), self.nums(c)[0])
                for c in tree.children if isinstance(c, Tree) and c.data == "fee"]

    def r_total_pot(self, tree: Tree) -> Recipe:
        total = self.first(tree, "NUM")
        fees = self._fees(tree)

        def make(v: list[str], name: str | None, amount: Amounts) -> Op:
            rake = 0
            named = []
            for word, i in fees:
                if word.lower() == "rake":
                    rake += amount(v[i])
                else:
                    named.append((word, amount(v[i])))
            return TOTAL, None, amount(v[total]), rake, tuple(named)  # type: ignore[index]

        return make

    def r_pot(self, tree: Tree) -> Recipe:
        # (Not ``r_pot = r_total_pot``: compiled, getattr(self, "r_pot") failed.)
        return self.r_total_pot(tree)

    def r_board(self, tree: Tree) -> Recipe:
        run = self.first(tree, "NUM")
        c = self.first(tree, "CARDS")
        return lambda v, name, amount: (
            BOARD, None, _cards(v[c]), int(v[run]) if run is not None else 0)  # type: ignore[index]

    def r_seat_summary(self, tree: Tree) -> Recipe:
        outcome = tree.children[-1]
        if isinstance(outcome, Tree) and outcome.data == "won":
            (a,) = [i for i in self.nums(outcome)]
            return lambda v, name, amount: (SEAT_WON, name, amount(v[a]))
        return self.constant((IGNORE, None))

    def _summary(self, tree: Tree, kind: str) -> Recipe:
        result = next(c for c in tree.children if isinstance(c, Tree) and c.data == "result")
        bets, collects, _net = self.nums(result)
        c = self.first(tree, "CARDS")
        descs = [self.slot[t.start_pos] for t in _tokens(tree) if t.type == "DESC"]  # type: ignore[index]
        if not descs:  # (most: no generator to run for an empty description)
            return lambda v, name, amount: (
                SUMMARY_PLAYER, name, kind, _cards(v[c]) if c is not None else (), "",
                amount(v[collects]), amount(v[bets]))
        return lambda v, name, amount: (
            SUMMARY_PLAYER, name, kind, _cards(v[c]) if c is not None else (),
            " ".join(v[i] for i in descs), amount(v[collects]), amount(v[bets]))

    def r_summary_no_show(self, tree: Tree) -> Recipe:
        return self._summary(tree, "no_show")

    def r_summary_mucked(self, tree: Tree) -> Recipe:
        return self._summary(tree, "mucked")

    def r_summary_shows(self, tree: Tree) -> Recipe:
        return self._summary(tree, "shows")


# --- header, table and seats -----------------------------------------------------------

_MODERN_HEADER: Final = re.compile(
    r"(?:Game )?Hand #(?P<id>\d+) - (?:(?P<tname>.*?)Tournament #(?P<t>\d+) - )?"
    r"(?P<game>.+?)\((?P<limit>[^()]*Limit)\) - "
    r"(?:Level (?P<level>\S+) \((?P<lsmall>[^/()]+)/(?P<lbig>[^/()]+)\)"
    r"|(?P<small>[^/ ]+)/(?P<big>[^/ ]+))\s*- (?P<when>.*)$"
)
_MODERN_TABLE: Final = re.compile(
    r"(?:Table '(?P<quoted>[^']*)'|(?P<name>.*?)) (?P<max>\d+)-max(?: \(Play Money\))?"
    r"(?: Seat #(?P<button>\d+) is the button)?$"
)
_MODERN_SEAT: Final = re.compile(r"Seat (\d+): (.*) \((\$?[\d,]*\.?\d+)\)( is sitting out)?$")
_CLASSIC_GAME: Final = re.compile(
    r"Game ID: (?P<id>\d+) (?P<small>[\d.,]+)/(?P<big>[\d.,]+) (?P<table>.*?) ?"
    r"\((?P<game>[^()]*)\)(?: (?P<max>\d+)-max)?$"
)
_CLASSIC_SEAT: Final = re.compile(r"Seat (\d+): (.*) \(([\d,]*\.?\d+)\)\.?$")


def _seat_fields_by_pattern(text: str, pattern: re.Pattern[str]
                            ) -> tuple[str, str, str, bool] | None:
    """A seat line's number, name, stack and whether it sits out, by ``_CLASSIC_SEAT``
    or ``_MODERN_SEAT`` (the interpreted build's way: one match is the quicker there)."""
    m = pattern.match(text)
    if m is None:
        return None
    row = m.groups()  # (one call: compiled, each ``group`` is a Python method call)
    return row[0], row[1], row[2], len(row) == 4 and row[3] is not None


def _seat_fields(text: str, classic: bool) -> tuple[str, str, str, bool] | None:
    """``_seat_fields_by_pattern`` by string methods (compiled: a match and its groups
    are two Python method calls a seat). The name is greedy, so it ends at the last
    " (" (the stack holds neither a space nor a bracket); ``isdecimal`` is ``\\d``."""
    if not text.startswith("Seat "):
        return None
    colon = text.find(": ", 5)
    if colon < 6 or not text[5:colon].isdecimal():
        return None
    end = len(text)
    out = False
    if classic:
        if text.endswith("."):
            end -= 1
    elif text.endswith(" is sitting out"):
        end -= 15
        out = True
    if text[end - 1 : end] != ")":
        return None
    bracket = text.rfind(" (", colon + 2, end)
    if bracket < 0:
        return None
    stack = text[bracket + 2 : end - 1]
    if not _stack_text(stack[1:] if not classic and stack.startswith("$") else stack):
        return None
    return text[5:colon], text[colon + 2 : bracket], stack, out


def _stack_text(text: str) -> bool:
    """Whether ``text`` is ``[\\d,]*\\.?\\d+`` whole."""
    dot = text.rfind(".")
    if dot >= 0:
        head = text[:dot].replace(",", "")
        return text[dot + 1 :].isdecimal() and (not head or head.isdecimal())
    return text[-1:].isdecimal() and text.replace(",", "").isdecimal()


_CLASSIC_BUTTON: Final = re.compile(r"Seat (\d+) is the button$")


def _button_seat(text: str) -> int | None:
    """The seat of a 2014–16 ``Seat 2 is the button`` line (``_CLASSIC_BUTTON``'s, by
    string methods: ``isdecimal`` is ``\\d``), else None."""
    if text.startswith("Seat ") and text.endswith(" is the button"):
        seat = text[5:-14]
        if seat.isdecimal():
            return int(seat)
    return None


_TOURNAMENT_TABLE: Final = re.compile(r"(?P<name>.*), Table (?P<table>\d+)$")
_MAX_IN_TABLE: Final = re.compile(r"\b(\d+)-Max\b", re.I)
_LIMITS: Final[dict[str, Limit]] = {"No Limit": "NL", "Pot Limit": "PL", "Fixed Limit": "FL",
                                    "All-in or Fold Limit": "NL"}
# The capped tables' cap: 30 big blinds a hand (every "caps" line of the corpus reaches it).
CAP_BIG_BLINDS: Final = 30


@dataclass(frozen=True, slots=True)
class _Game:
    """What a header says that is the same for every hand of a table and stakes."""

    game: Game
    variant: str
    limit: Limit
    hi_lo: bool
    hole_cards: int
    stakes: tuple[int, int]
    currency: str
    symbol: str
    decimals: int
    reason: str | None  # why the hand is not replayed, or None


# What a 2014–16 "Game ID" line says: the game, the tournament's name, the table's,
# its seats and whether it is capped.
_ClassicTable = tuple[_Game, str | None, str, int | None, bool]


def _game_words(words: str) -> tuple[Game, bool, int, str | None]:
    """Game, hi/lo, hole cards and why not replayed, from either generation's game words
    (``Holdem``, ``Omaha H/L``, ``5Card Omaha``, ``Hold'em``, ``Omaha HiLow``, ``7Stud``…)."""
    low = words.lower()
    hi_lo = "h/l" in low or "hilow" in low or "hi/lo" in low
    if "stud" in low or "razz" in low or "draw" in low:
        return "other", hi_lo, 0, f"{words.strip()}: stud and draw games are not replayed"
    if "six plus" in low or "6+" in low:
        return ("sixplus", hi_lo, 2, f"{words.strip()} (short deck): the auditor has no "
                "short-deck hand rankings, so it does not replay it")
    if "omaha" in low:
        m = re.search(r"([56])\s*card", low)
        return "omaha", hi_lo, int(m.group(1)) if m else 4, None
    if "hold" in low:
        return "holdem", hi_lo, 2, None
    return "other", hi_lo, 0, f"{words.strip()} is not a game the auditor replays"


# --- the reader --------------------------------------------------------------------------


class WinningReader:
    """Reads ACR/WPN hand blocks of both generations. Its caches (shapes, recipes, lines
    as printed, headers) are kept across hands."""

    MAX_CACHE: ClassVar[int] = LINE_CACHE_ENTRIES

    def __init__(self, *, caching: bool = True) -> None:
        from auditor.sites.winning import CLASSIC_DIALECT, DIALECT

        self.caching = caching
        self.dialects = (DIALECT, CLASSIC_DIALECT)
        self.parsers = (grammars.load("winning"), grammars.load("winning_classic"))
        self.recipes: tuple[dict[str, Recipe], dict[str, Recipe]] = ({}, {})
        # (line up to its cards, how many card groups) -> (recipe, values, name), by
        # generation: deals, streets and boards differ only in their cards.
        self.carded: tuple[dict[tuple[str, int], tuple[Recipe, list[str], str | None]], ...] = (
            {}, {})
        # (what precedes a seated name, what follows it) -> (recipe, values), by
        # generation: lines of one kind name many players.
        self.tails: tuple[dict[tuple[str, str], tuple[Recipe, list[str]]], ...] = ({}, {})
        # (what precedes a seated name, what follows it up to its cards, how many card
        # groups) -> (recipe, values before the cards), by generation: a deal or a show
        # of a player ``carded`` has not met yet.
        self.carded_tails: tuple[
            dict[tuple[str, str, int], tuple[Recipe, list[str]]], ...] = ({}, {})
        # (generation, decimals) -> line as printed -> its operation.
        self.exact: dict[tuple[int, int], dict[str, Op]] = {}
        self.amount_caches: dict[int, AmountCache] = {}
        self.games: dict[tuple[Any, ...], _Game] = {}
        # 2014–16 "Game ID:" line after its hand number -> what it says of the table.
        self.tables: dict[str, _ClassicTable] = {}

    # --- entry ---------------------------------------------------------------------------

    def read(self, block: HandBlock) -> Hand | Unreadable:
        """The hand of ``block``, or why it cannot be replayed (HH001, HH002)."""
        hand = _HandReader(self, block, classic=block.lines[0].startswith("Game started at:"))
        try:
            return hand.read()
        except _NotReplayed as exc:
            return self._unreadable(block, exc.line, "HH002", exc.message, exc.info)
        except LineError as error:  # (compiled, ``exc`` is a _NotReplayed)
            return self._unreadable(block, error.line, "HH001", error.message,
                                    hand.header_info())
        except AmountError as bad:
            return self._unreadable(block, block.first_line, "HH001", str(bad),
                                    hand.header_info())

    def _unreadable(self, block: HandBlock, line: int, code: str, message: str,
                    info: HandInfo | None = None) -> Unreadable:
        first, last = block.span
        hand_id = info.hand_id if info else ""
        if not hand_id:
            m = re.search(r"(?:Hand #|Game ID: )(\d+)", "\n".join(block.lines[:4]))
            hand_id = m.group(1) if m else ""
        return Unreadable(source=block.source, first_line=first, last_line=last, line=line,
                          code=code, message=message, site=SITE, hand_id=hand_id, info=info)

    # --- shared pieces --------------------------------------------------------------------

    def amounts(self, decimals: int) -> AmountCache:
        found = self.amount_caches.get(decimals)
        if found is None:
            found = self.amount_caches[decimals] = AmountCache(decimals)
        return found

    def exact_lines(self, classic: bool, decimals: int) -> dict[str, Op]:
        key = (int(classic), decimals)
        found = self.exact.get(key)
        if found is None:
            found = self.exact[key] = {}
        return found

    def recipe(self, classic: bool, shape: str, line: int, text: str) -> Recipe:
        recipes = self.recipes[classic]
        found = recipes.get(shape) if self.caching else None
        if found is None:
            try:
                tree = self.parsers[classic].parse(shape)
            except UnexpectedInput as exc:
                raise LineError(line, _explain(exc, shape, text, classic)) from None
            found = _Recipes(shape).build(tree)
            if len(recipes) >= self.MAX_CACHE:
                recipes.clear()
            recipes[shape] = found
        return found


class _NotReplayed(Exception):
    """A hand read far enough to know it is not replayed (HH002)."""

    def __init__(self, line: int, message: str, info: HandInfo) -> None:
        super().__init__(message)
        self.line = line
        self.message = message
        self.info = info


def _explain(exc: UnexpectedInput, shape: str, text: str, classic: bool) -> str:
    """A message a person understands, from the error's position (``str()`` of a
    lark-cython error raises, so it is never used)."""
    col = getattr(exc, "column", None) or getattr(exc, "pos_in_stream", 0) or 0
    pos = max(0, min(len(shape), int(col) - 1 if isinstance(col, int) else 0))
    rest = "".join(_READABLE.get(ch, ch) for ch in shape[pos : pos + 40]).strip()
    where = f" at '{rest}'" if rest else " at the end of the line"
    kind = "WPN 2014–16" if classic else "ACR/WPN"
    return f"not an {kind} line{where}: {text.strip()[:120]!r}"


# Lines longer than this are read but not kept by what surrounds their name (a hostile
# file of many long distinct lines must not fill memory).
_CACHED_LINE: Final = 2000
# A 2014–16 hand's "Game ended at: 2016/8/2 10:54:10" after its first 15 characters, in
# ASCII digits (the grammar's ``game_ended`` reads more: numbers, "/" and ":").
_ENDED_AT: Final = re.compile(r"[0-9]{1,4}/[0-9]{1,2}/[0-9]{1,2} [0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}")
_GAME_ENDED: Final = (IGNORE, None)
_NEW_HAND: Final = ev.positional(Hand)
_NEW_INFO: Final = ev.positional(HandInfo)


class _HandReader:
    """Reads one hand block (one use)."""

    def __init__(self, reader: WinningReader, block: HandBlock, classic: bool) -> None:
        self.reader = reader
        self.block = block
        self.classic = classic
        lines = block.lines
        # Blank lines carry nothing. (A comprehension: compiled, a native loop, where
        # ``compress`` over a ``range`` makes and tests an object a line.)
        self.todo = [i for i, line in enumerate(lines) if line]
        self.header: tuple[_Game, dict[str, Any]] | None = None  # once read

    def no(self, i: int) -> int:
        """The file line of ``lines[i]``."""
        numbers = self.block.numbers
        return self.block.first_line + i if numbers is None else numbers[i]

    def fail(self, k: int, message: str) -> LineError:
        todo = self.todo
        no = self.no(todo[k]) if k < len(todo) else self.block.last_line
        return LineError(no, message)

    # --- header -------------------------------------------------------------------------

    def _modern_header(self) -> tuple[_Game, dict[str, Any], int]:
        lines = self.block.lines
        header = lines[0]
        m = _MODERN_HEADER.match(header)
        if m is None:
            raise LineError(self.block.first_line, f"not an ACR hand header: {header[:120]!r}")
        tournament = m.group("t")
        small = m.group("small") or m.group("lsmall")
        big = m.group("big") or m.group("lbig")
        key = (m.group("game"), m.group("limit"), small, big, tournament is not None)
        game = self.reader.games.get(key)
        if game is None:
            game = self.reader.games[key] = _modern_game(*key)
        facts: dict[str, Any] = {"hand_id": m.group("id"), "tournament": tournament,
                                 "started": m.group("when").strip(), "table": "",
                                 "max_seats": None, "button": None, "cap": None}
        k = 1
        if k < len(self.todo):
            text = lines[self.todo[k]]
            t = _MODERN_TABLE.match(text)
            if t is not None:
                facts["table"] = t.group("quoted") if t.group("quoted") is not None \
                    else t.group("name")
                facts["max_seats"] = int(t.group("max"))
                facts["button"] = int(t.group("button")) if t.group("button") else None
                k += 1
        if "(Cap)" in facts["table"] and game.limit == "NL":
            facts["cap"] = CAP_BIG_BLINDS * game.stakes[1]
            facts["limit"] = "CNL"
        return game, facts, k

    def _classic_header(self) -> tuple[_Game, dict[str, Any], int]:
        lines = self.block.lines
        todo = self.todo
        started = lines[0].removeprefix("Game started at:").strip()
        text = lines[todo[1]] if len(todo) >= 2 else ""
        # "Game ID: 123 2/4 Table (Hold'em)": after its number the line is the same in
        # every hand of a table, and its regex (a lazy table name) is a tenth of the
        # reading: it is read once.
        cut = text.find(" ", 9)
        hand_id = text[9:cut]
        key = text[cut:] if (self.reader.caching and cut > 9 and hand_id.isdecimal()
                             and text.startswith("Game ID: ")) else None
        table = self.reader.tables.get(key) if key is not None else None
        if table is None:
            m = _CLASSIC_GAME.match(text)
            if m is None:
                raise self.fail(1, "no 'Game ID: N small/big table (game)' line after the "
                                   "'Game started at' line")
            hand_id = m.group("id")
            table = self._classic_table(m)
            if key is not None and hand_id == text[9:cut] and len(text) < _CACHED_LINE:
                tables = self.reader.tables
                if len(tables) >= self.reader.MAX_CACHE:
                    tables.clear()
                tables[key] = table
        game, tournament, name, max_seats, capped = table
        facts: dict[str, Any] = {"hand_id": hand_id, "started": started,
                                 "tournament": tournament, "table": name, "button": None,
                                 "cap": None, "max_seats": max_seats}
        if capped:
            facts["capped"] = True
        k = 2
        if k < len(todo):
            button = _button_seat(lines[todo[k]])
            if button is not None:
                facts["button"] = button
                k += 1
        return game, facts, k

    def _classic_table(self, m: re.Match[str]) -> _ClassicTable:
        """What a 2014–16 ``Game ID`` line says of the game and the table."""
        table = m.group("table").strip()
        tourney = _TOURNAMENT_TABLE.match(table)
        key = ("classic", m.group("game"), m.group("small"), m.group("big"), tourney is not None,
               table.startswith("PM "))
        game = self.reader.games.get(key)
        if game is None:
            game = self.reader.games[key] = _classic_game(*key[1:])
        size = m.group("max") or (mx.group(1) if (mx := _MAX_IN_TABLE.search(table)) else None)
        return (game, tourney.group("name") if tourney else None,
                tourney.group("table") if tourney else table,
                int(size) if size else (2 if "Heads-up" in table else None),
                "(Cap)" in table or "- CAP -" in table)

    def header_info(self) -> HandInfo | None:
        """What the header said, for a hand that could not be read further; None when the
        header itself could not be read."""
        return None if self.header is None else self._info(*self.header)

    def _info(self, game: _Game, facts: dict[str, Any], limit: Limit | None = None,
              stakes: tuple[int, int] | None = None) -> HandInfo:
        return _NEW_INFO(
            SITE, facts["hand_id"], game.game, game.variant, limit or facts.get("limit")
            or game.limit, game.hi_lo, game.hole_cards, stakes or game.stakes, 0, facts["cap"],
            game.currency, game.symbol, game.decimals, facts["tournament"], facts["table"],
            facts["max_seats"], facts["button"], facts["started"],
        )

    # --- the hand ------------------------------------------------------------------------

    def read(self) -> Hand:
        classic = self.classic
        reader = self.reader
        if classic:
            game, facts, k = self._classic_header()
        else:
            game, facts, k = self._modern_header()
        self.header = (game, facts)
        if game.reason is not None:
            raise _NotReplayed(self.block.first_line, game.reason, self._info(game, facts))
        lines = self.block.lines
        todo = self.todo
        n = len(todo)
        seat_re = _CLASSIC_SEAT if classic else _MODERN_SEAT
        amounts = reader.amounts(game.decimals)
        seat_rows: list[tuple[int, int, str, int, bool]] = []
        while k < n:
            row = ((_seat_fields(lines[todo[k]], classic) if WPN_SEAT_FIELDS is None
                    else WPN_SEAT_FIELDS(lines[todo[k]], classic)) if BY_METHODS
                   else _seat_fields_by_pattern(lines[todo[k]], seat_re))
            if row is None:
                break
            seat_rows.append((self.no(todo[k]), int(row[0]), row[1], amounts[row[2]], row[3]))
            k += 1
        if not seat_rows:
            raise self.fail(k, "the hand lists no seats (expected 'Seat N: name (stack)')")
        names = sorted({r[2] for r in seat_rows}, key=len, reverse=True)
        seated = frozenset(names)
        spaced = any(" " in name for name in names)
        fields = _CLASSIC_FIELDS if classic else _MODERN_FIELDS
        exact = reader.exact_lines(classic, game.decimals) if reader.caching else {}
        amount = amounts.__getitem__
        big = game.stakes[1]

        events: list[ev.Event] = []
        append = events.append
        commits: dict[str, int] = {}
        bet = 0  # the street's current bet (the highest commitment)
        posted_big: int | None = None  # the first big blind posted (the old header's limit)
        rit = False
        run = 0
        in_summary = False
        seen_summary = False
        collected = False
        won: list[tuple[int, str, int]] = []  # 2019+ summary "won" amounts, by line
        dealt: dict[str, list[Any]] = {}  # 2014–16 cards dealt, by player: [line, cards]
        showdown_at: int | None = None  # 2014–16: where the summary starts in ``events``
        summary_line = 0
        took_part: set[str] = set()
        dealt_any: set[str] = set()  # 2014–16: players dealt cards
        hole_seen = classic
        ended = False  # 2014–16: the "Game ended at" line closes every whole hand
        base = self.block.first_line
        file_lines = self.block.numbers
        for i in todo[k:]:
            text = lines[i]
            no = base + i if file_lines is None else file_lines[i]
            op = exact.get(text)
            if op is None or (op[1] is not None and op[1] not in seated):
                op = self._op(text, no, names, seated, fields, exact, amount, spaced)
            code: int = op[0]
            if code == DEALT_HIDDEN:  # the commonest 2014–16 line: "received a card."
                player = op[1]
                if player not in dealt:
                    dealt[player] = [no, []]
                    dealt_any.add(player)
                    took_part.add(player)
                continue
            if dealt and code != DEALT_CARD:
                for player, (line, cards) in dealt.items():
                    append(ev.HoleCards(line, player, tuple(cards)))
                dealt = {}
            if code <= CAPS:  # a post or a betting action
                player = op[1]
                if in_summary:
                    raise LineError(no, "an action after the summary started")
                own = commits.get(player, 0)
                if code == FOLD:
                    append(ev.Fold(no, player))
                elif code == CHECK:
                    append(ev.Check(no, player))
                elif code == CALL:
                    commits[player] = own + op[2]
                    append(ev.Call(no, player, op[2], op[3]))
                elif code == POST:
                    kind, value, all_in = op[2], op[3], op[4]
                    dead = 0
                    if kind == "dead_both":  # dead small blind + live big blind
                        blind = posted_big or big
                        if value > blind:
                            kind, dead = "small_and_big", value - blind
                        elif value == blind:
                            kind = "big"
                        else:
                            kind, dead = "dead", value
                    elif kind == "dead":
                        dead = value
                    elif kind == "live":
                        kind = "big"  # a live post out of position (returning player)
                    elif kind == "big" and posted_big is None:
                        posted_big = value
                    took_part.add(player)
                    if kind != "ante" and kind != "dead":
                        own += value - dead
                        commits[player] = own
                        if own > bet:
                            bet = own
                    append(ev.PostBlind(no, player, kind, value, dead, all_in))
                else:
                    if code in (BET, RAISE_TO):
                        to = op[2] if code == RAISE_TO else own + op[2]
                    else:  # chips added: a raise, an all-in or reaching the cap
                        to = own + op[2]
                    commits[player] = to
                    all_in = op[3]
                    if code == BET:
                        append(ev.Bet(no, player, op[2], all_in))
                    elif code in (RAISE_TO, RAISE_ADD):
                        append(ev.Raise(no, player, to, None, all_in))
                    elif to <= bet:  # an all-in or capped call
                        append(ev.Call(no, player, to - own, all_in))
                    elif bet == 0:
                        append(ev.Bet(no, player, to - own, all_in))
                    else:
                        append(ev.Raise(no, player, to, None, all_in))
                    if to > bet:
                        bet = to
                continue
            if code == DEALT_CARD:
                player = op[1]
                took_part.add(player)
                dealt_any.add(player)
                got = dealt.get(player)
                if got is None:
                    got = dealt[player] = [no, []]
                got[1].extend(op[2])
                continue
            if code == STREET:
                street, board, on_run = op[2], op[3], op[4]
                if not board:
                    raise LineError(no, f"the {street} is dealt without its cards "
                                        f"({text!r}): the history is damaged")
                if on_run:
                    run = on_run
                commits = {}
                bet = 0
                append(ev.StreetStart(no, street, board, run if rit else on_run))
            elif code == UNCALLED:
                player = op[1]
                if player in commits:
                    commits[player] -= op[2]
                append(ev.UncalledReturned(no, player, op[2]))
            elif code == DEALT:
                if hole_seen:
                    took_part.add(op[1])
                    append(ev.HoleCards(no, op[1], op[2]))
                else:
                    # Before "*** HOLE CARDS ***": the card each player is dealt to draw
                    # for the button at a new tournament table, not a hole card.
                    append(ev.TableNote(no, "other", op[1], text))
            elif code == SHOWS:
                append(ev.Shows(no, op[1], op[2], op[3]))
            elif code == MUCKS:
                append(ev.Mucks(no, op[1], op[2]))
            elif code == COLLECTED:
                _, player, value, side, numbers = op
                collected = True
                if side:
                    pot = numbers[0] if numbers else 1
                    on_run = numbers[1] if len(numbers) > 1 else run
                else:
                    pot = 0
                    on_run = numbers[0] if numbers and rit else run
                append(ev.Collected(no, player, value, pot, on_run if rit else 0))
            elif code == HOLE:
                hole_seen = True
                append(ev.StreetStart(no, "preflop", (), 0))
            elif code == SHOWDOWN:
                if op[2]:
                    run = op[2]
                append(ev.ShowdownStart(no, run if rit else 0))
            elif code == NOTE:
                append(ev.TableNote(no, op[2], op[1], text))
            elif code == RUN_IT:
                rit = True
            elif code == SUMMARY:
                in_summary = seen_summary = True
            elif code == SUMMARY_START:
                in_summary = seen_summary = True
                showdown_at = len(events)
                summary_line = no
            elif code == TOTAL:
                append(ev.PotSummary(no, op[2], None, (), op[3], op[4]))
            elif code == BOARD:
                append(ev.BoardSummary(no, op[2], op[3] if rit else 0))
            elif code == SEAT_WON:
                won.append((no, op[1], op[2]))
            elif code == SUMMARY_PLAYER:
                _, player, kind, cards, desc, collects, _bets = op
                if kind == "shows":
                    if showdown_at is not None:
                        # The 2014–16 export has no showdown section: cards shown in the
                        # summary mean the hand went to one.
                        events.insert(showdown_at, ev.ShowdownStart(summary_line, 0))
                        showdown_at = None
                    append(ev.Shows(no, player, cards, desc))
                elif cards:
                    append(ev.Mucks(no, player, cards))
                if collects:
                    # One amount per player, whatever pots it came from: no pot label.
                    append(ev.Collected(no, player, collects, None, 0))
            elif code == IGNORE and classic and text.startswith("Game ended at"):
                ended = True
            elif code in (OTHER_STREET, BRING_IN):
                info = self._info(game, facts)
                raise _NotReplayed(no, f"{info.variant}: stud and draw streets are not "
                                       "replayed", info)
            # IGNORE: running pot lines, the end time
        if not seen_summary:
            marker = "------ Summary ------" if classic else "*** SUMMARY ***"
            raise LineError(self.block.last_line,
                            f"the hand ends before its {marker} (truncated?)")
        if classic and not ended:
            raise LineError(self.block.last_line,
                            "the hand ends before its 'Game ended at' line: the summary is "
                            "cut short (truncated?)")
        cancelled = classic and not dealt_any
        if cancelled:
            # No card was dealt (the big blind sat out and the small blind's post came
            # back): the hand was called off.
            append(ev.HandCancelled(summary_line))
        if not classic and not collected:
            # A hand won without a showdown prints no "collected" line: the summary's
            # "did not show and won $0.25" is the payment.
            for line, player, value in won:
                append(ev.Collected(line, player, value, 0, 0))
        limit, stakes = self._limit(game, facts, posted_big)
        info = self._info(game, facts, limit, stakes)
        seat_rows.sort(key=lambda r: r[1])
        seats = tuple(
            ev.Seat(line, seat, name, stack, out or (classic and name not in took_part))
            for line, seat, name, stack, out in seat_rows
        )
        dialect: Dialect = reader.dialects[classic]
        first, last = self.block.span
        return _NEW_HAND(self.block.source, first, last, info, seats, tuple(events), cancelled,
                         dialect)

    def _op(self, text: str, no: int, names: list[str], seated: frozenset[str],
            fields: re.Pattern[str], exact: dict[str, Op], amount: Amounts,
            spaced: bool) -> Op:
        """The operation of a line not read before under these amounts (or naming a player
        this hand does not seat): its name found, its shape parsed, and kept for the next
        time the line comes. A line ending in cards (a deal, a street, a board) is kept
        by what comes before its cards. ``spaced``: a seated name holds a space."""
        reader = self.reader
        classic = self.classic
        if classic and text.startswith("Game ended at: ") and _ENDED_AT.fullmatch(text, 15):
            # A hand's last line, its own every hand: not split, parsed or kept.
            return _GAME_ENDED
        carded = reader.carded[classic] if reader.caching else None
        key: tuple[str, int] | None = None
        cards: list[str] | None = None
        if carded is not None and text.endswith("]"):
            at = text.find(" [")
            cards = card_groups(text, at) if at > 0 else None
            if cards is not None:
                key = (text[:at], len(cards))
                seen = carded.get(key)
                if seen is not None and (seen[2] is None or seen[2] in seated):
                    recipe, before, name = seen
                    return recipe([*before, *cards], name, amount)
        if carded is not None and not spaced:
            known = self._known_tail(text, seated, key, cards, amount, exact)
            if known is not None:
                return known
        # (Called by name, not through a variable: compiled, that is a C call.)
        start, name = (_classic_name(text, names, seated) if classic
                       else _modern_name(text, names, seated))
        values: list[str]
        tails = reader.tails[classic] if reader.caching and name in seated else None
        tail_key: tuple[str, str] | None = None
        if tails is not None and "[" not in text:
            # What surrounds a seated name: the same for every player ("Player ",
            # " folds"), so a line that names another player reads from it.
            assert name is not None
            tail_key = (text[:start], text[start + len(name):])
            seen_tail = tails.get(tail_key)
            if seen_tail is not None:
                recipe, values = seen_tail
                op = recipe(values, name, amount)
                return self._kept(text, op, name, seated, exact, no)
        values = []
        if name is None:
            shape = _split(fields, text, values)
        else:
            head = _split(fields, text[:start], values) if start else ""
            shape = head + PLAYER + _split(fields, text[start + len(name):], values)
        recipe = reader.recipe(classic, shape, no, text)
        op = recipe(values, name, amount)
        if tails is not None and tail_key is not None and len(text) < _CACHED_LINE:
            if len(tails) >= reader.MAX_CACHE:
                tails.clear()
            tails[tail_key] = (recipe, values)
        self._kept(text, op, name, seated, exact, no)
        if (reader.caching and (name is None or name in seated) and "[" in text
                and key is not None and carded is not None and values[-key[1]:] == cards):
            if len(carded) >= reader.MAX_CACHE:
                carded.clear()
            carded[key] = (recipe, values[: -key[1]], name)
            if name is not None and start + len(name) < len(key[0]) < _CACHED_LINE:
                carded_tails = reader.carded_tails[classic]
                if len(carded_tails) >= reader.MAX_CACHE:
                    carded_tails.clear()
                middle = key[0][start + len(name):]
                carded_tails[(text[:start], middle, key[1])] = (recipe, values[: -key[1]])
        return op

    def _known_tail(self, text: str, seated: frozenset[str], key: tuple[str, int] | None,
                    cards: list[str] | None, amount: Amounts, exact: dict[str, Op]
                    ) -> Op | None:
        """The operation of a line whose name is its first word (after "Player " in
        2014–16, after "Seat N: " in a 2019+ summary) and whose rest was read before
        after another seated name, else None.
        Where no seated name holds a space, a seated name at the line's start can only
        end at the first space after it, and the rest is kept only when a verb starts
        it: ``_classic_name`` and ``_modern_name`` would find that same name. A line
        without cards is kept in ``exact``."""
        reader = self.reader
        classic = self.classic
        # The text before the name, as a constant where it is one: its hash is kept.
        if classic:
            if text.startswith("Player "):
                start, head = 7, "Player "
            elif text.startswith("*Player "):
                start, head = 8, "*Player "
            else:
                return None
        elif not text.startswith(_MODERN_STRUCTURE):
            start, head = 0, ""
        elif text.startswith("Seat "):
            # A summary's "Seat 3: name (button) folded on the Flop": the name follows
            # ``_SUMMARY_SEAT`` (``isdecimal`` is ``\d``), where ``_name_at`` looks.
            colon = text.find(": ", 5)
            if colon < 6 or not text[5:colon].isdecimal():
                return None
            start = colon + 2
            head = text[:start]
        else:
            return None
        end = text.find(" ", start)
        if end <= start:
            return None
        name = text[start:end]
        if name not in seated:
            return None
        # (A seated name is never empty: the checks of ``_kept`` hold, and a line with
        # cards is not kept by its text.)
        if key is None or cards is None:
            if "[" in text:
                return None
            seen = reader.tails[classic].get((head, text[end:]))
            if seen is None:
                return None
            recipe, values = seen
            op = recipe(values, name, amount)
            if len(exact) >= reader.MAX_CACHE:
                exact.clear()
            exact[text] = op
            return op
        before, groups = key
        if len(before) <= end:
            return None
        known = reader.carded_tails[classic].get((head, before[end:], groups))
        if known is None:
            return None
        recipe, values = known
        return recipe([*values, *cards], name, amount)

    def _kept(self, text: str, op: Op, name: str | None, seated: frozenset[str],
              exact: dict[str, Op], no: int) -> Op:
        """``op`` checked (a money line must name a player) and, for a line without cards,
        kept by its exact text."""
        if op[1] == "" and op[0] in _MONEY and (op[0] != SUMMARY_PLAYER or op[5] or op[6]):
            # WPN lost the name (and the seat line) of a player who still posts, acts or
            # is paid: the hand's chips cannot be followed.
            raise LineError(no, "a player with no name (and no seat line) puts chips in or "
                                f"is paid: the history lost his name: {text[:80]!r}")
        reader = self.reader
        if reader.caching and (name is None or name in seated) and "[" not in text:
            if len(exact) >= reader.MAX_CACHE:
                exact.clear()
            exact[text] = op
        return op

    def _limit(self, game: _Game, facts: dict[str, Any], posted_big: int | None
               ) -> tuple[Limit | None, tuple[int, int] | None]:
        """The limit and stakes of a hand: as the 2019+ header states them; the 2014–16
        header names no limit, so it is read from the big blind posted (as fpdb does): a
        big blind of the header's small amount is a fixed-limit game's (2/4 with blinds
        1/2); any other game is read as no-limit, Omaha included (see below)."""
        if not self.classic:
            return facts.get("limit"), None
        small, big = game.stakes
        if posted_big is not None and posted_big == small and small != big:
            return "FL", None
        # Pot-limit and no-limit Omaha tables both existed (a small blind shoves 405 over
        # a raise to 12 at 3/6 and the site takes it): the pot limit is not judged.
        limit: Limit = "NL"
        if facts.get("capped") and limit == "NL":
            facts["cap"] = CAP_BIG_BLINDS * big
            return "CNL", None
        return limit, None


def _modern_game(words: str, limit_words: str, small: str, big: str, tournament: bool
                 ) -> _Game:
    game, hi_lo, hole, reason = _game_words(words)
    limit = _LIMITS.get(limit_words, "NL")
    symbol = "$" if small.startswith("$") else ""
    if tournament:
        decimals, currency, symbol = 0, "", ""
    else:
        decimals = 2 if (symbol or "." in small + big) else 0
        currency = "USD" if symbol == "$" else ""
    stakes = (parse_amount(small, decimals), parse_amount(big, decimals))
    return _Game(game, f"{words}({limit_words})", limit, hi_lo, hole, stakes, currency, symbol,
                 decimals, reason)


def _classic_game(words: str, small: str, big: str, tournament: bool, play: bool) -> _Game:
    game, hi_lo, hole, reason = _game_words(words)
    decimals = 0 if tournament else 2
    currency = "" if (tournament or play) else "USD"
    stakes = (parse_amount(small, decimals), parse_amount(big, decimals))
    return _Game(game, words, "NL", hi_lo, hole, stakes, currency, "", decimals, reason)
