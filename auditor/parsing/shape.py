"""The line lexer: turn a line into its *shape* and the values that fill it.

A shape is the line with each variable field replaced by a placeholder character (see
``grammars/terminals.lark``): the player's name, amounts and counts, bracketed cards,
quoted text and hand descriptions. Lines of one shape parse alike, so the grammar parses
each shape once and the result is cached; only the values differ from line to line.

Player names may hold spaces, colons, brackets and digits, so they are never found by
pattern: they are matched against the names the hand has seated, at the places a
PokerStars line can hold a name.

Hostile lines cost linear time: no pattern here rescans the rest of the line from each
place it could start (a card group stops at the next ``[``, a club name at the next
``{``; a chat quote and ``collected … from`` are found by plain searches), and names are
looked up by length rather than tried one by one (``SeatedNames``). Only ASCII digits
are digits. The placeholders are never input characters: decoding maps the lexer's
reserved range (``RESERVED``) to U+FFFD before any line is shaped
(``auditor.parsing.decode.clean``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from importlib import import_module
from typing import Any, Final

# (Its own module: a list subclass, which mypyc cannot compile, and shape.py is compiled.)
from auditor.parsing.seated import SeatedNames

# Entries each of a reader's line caches holds before it is emptied. Lines that name
# players repeat within a session (about a hundred hands at one table) and seldom after,
# so a few thousand entries keep nearly every hit; 200,000 kept up to 650 MiB per
# process on a million hands of real-shaped exports (bench/LEVERS.md), for no speed.
LINE_CACHE_ENTRIES = 10_000

PLAYER: Final = "\ue000"
NUM: Final = "\ue001"
CARDS: Final = "\ue002"
QUOTED: Final = "\ue003"
DESC: Final = "\ue004"
# Characters the lexer keeps for itself (the placeholders above and any it may add): input
# text never holds them (``auditor.parsing.decode`` maps them to U+FFFD).
RESERVED = ("\ue000", "\ue0ff")

# Currency symbols, plus U+FFFD for a euro sign that an unknown encoding lost.
_SYMBOLS = "$€£¥₹\ufffd"
# An amount or count: an optional currency symbol, digits with or without thousands
# separators, decimals. Not inside a word ("Hero_187") nor a tournament buy-in ("5+ ").
# Only ASCII digits: "³", Arabic-Indic or fullwidth digits are not numbers.
AMOUNT: Final = (rf"(?<![\w.])[{_SYMBOLS}]?(?>(?:[0-9]{{1,3}}(?:,[0-9]{{3}})+|[0-9]+)(?:\.[0-9]+)?)"
                 r"(?!\+ )")


def _fields(chat: bool) -> re.Pattern[str]:
    # A chat quote runs from 'said, "' to the line's end, which must be a quote: only
    # lines that end in one get that alternative, so that a line of many 'said, "' and no
    # closing quote is not searched to its end from each of them.
    quoted = r'|(?<=said, )".*"$' if chat else ""
    return re.compile(
        rf"(?P<q>(?<=^Table )'.*'(?= |$)|(?<=^Table ID )'.*'(?= |$){quoted}|\{{[^{{}}]*\}})"
        r"|(?P<c>\[[^\[\]]*\])"  # cards
        r"|(?P<d>(?<=\] )\([^()]*(?:\([^()]*\)[^()]*)*\)$"  # shows [..] (description)
        r"|(?<= with ).+?(?=, and (?:won|lost) | \((?:cashed out|pot not awarded)|$))"
        rf"|(?P<n>{AMOUNT})"
    )


_FIELDS: Final = _fields(chat=True)
_FIELDS_NO_CHAT: Final = _fields(chat=False)
_KIND: Final = {"q": QUOTED, "c": CARDS, "d": DESC, "n": NUM}

# Lines about a player the hand never seated: the name is everything before these words.
_UNSEATED: Final = re.compile(
    r"(?: (?:joins the table at seat #|leaves the table$|said, \"|is sitting out$|sits out$"
    r"|has timed out|is disconnected$|is connected$|has returned$|was removed from the table"
    r"|will be allowed to play|finished the tournament|wins |split the |re-buys |takes "
    r"|cashed out the hand)"
    r"|: (?:posts|folds|checks|calls|bets|raises|shows|mucks|doesn't show|sits out|is sitting))"
)
# A summary seat line of a player the hand never seated: the name ends before these.
_SUMMARY_NAME_END: Final = re.compile(
    r" \((?:button|small blind|big blind|didn't bet)\)"
    r"| (?:folded|showed|mucked|collected|won|lost)\b|$"
)


# Numbers and cards alone: what almost every line holds. The look-ahead lets the regex
# engine skip to the characters a field can start with (twice as fast a split).
_PLAIN_FIELDS: Final = re.compile(rf"(?=[\[0-9{_SYMBOLS}])(\[[^\[\]]*\]|{AMOUNT})")

# The commonest seat line, "Seat 3: name ($12.50 in chips)", in one match (other forms,
# sitting out, bounties, go through the grammar). The name runs to the last " (" before
# the stack, as in ``seat_line_name``; tests check both agree on every corpus seat line.
PLAIN_SEAT = re.compile(rf"Seat ([0-9]+): (.+) \(({AMOUNT}) in chips\)")
_AMOUNT: Final = re.compile(AMOUNT)
_IN_CHIPS: Final = " in chips)"

# Where this module is compiled, short texts are split by string methods, each a C call:
# ``plain_seat`` in less than half the time of PLAIN_SEAT's match (its name backtracks
# from the line's end), ``card_groups`` and ``name_start`` without the Python method
# calls a regular expression costs compiled code. Interpreted, one match is the quicker
# (bench/LEVERS.md §22, §37).
BY_METHODS = not __file__.endswith((".py", ".pyc"))


def plain_seat(text: str) -> tuple[str, str, str] | None:
    """The seat, name and stack of a ``Seat 3: name ($12.50 in chips)`` line, exactly as
    ``PLAIN_SEAT.fullmatch(text).groups()``, or None where PLAIN_SEAT does not match.

    The stack is what lies between the line's last " (" and its end: no amount holds a
    "(", so wherever the pattern matches, its name ends there."""
    if not text.startswith("Seat ") or not text.endswith(_IN_CHIPS):
        return None
    colon = text.find(": ", 5)
    seat = text[5:colon]
    if colon < 0 or not seat or not (seat.isascii() and seat.isdigit()):
        return None
    opening = text.rfind(" (")
    if opening <= colon + 2:  # (a name of one character at least)
        return None
    stack = text[opening + 2 : len(text) - len(_IN_CHIPS)]
    if stack not in _STACKS:
        if _AMOUNT.fullmatch(stack) is None:
            return None
        # A table's stacks come back hand after hand: each is matched once (a match
        # costs ten times the look-up). Bounded, as every cache fed by the input.
        if len(stack) <= 24:
            if len(_STACKS) >= 100_000:
                _STACKS.clear()
            _STACKS.add(stack)
    return seat, text[colon + 2 : opening], stack


_STACKS: Final[set[str]] = set()  # stacks ``_AMOUNT`` matched


def _fields_in_c() -> Any:
    """The compiled build's C module of the seat lines' fields (``_fields.c``), or
    None."""
    try:
        return import_module("auditor.parsing._fields")
    except ImportError:
        return None


_FIELDS_IN_C: Final = _fields_in_c()
# A plain seat line's (seat, name, stack), the seat as a number: in C where compiled
# (held equal to ``plain_seat`` and ``int``), else None (``plain_seat`` is the way).
SEAT_FIELDS: Final[Callable[[str], tuple[int, str, str] | None] | None] = (
    None if _FIELDS_IN_C is None else _FIELDS_IN_C.plain_seat)
# PartyPoker's and 888's "Seat N: name ( stack )" (seat, name, stack), likewise: in C where
# compiled (held equal to ``partypoker.reader.plain_seat``), else None.
BRACKET_SEAT_FIELDS: Final[Callable[[str], tuple[str, str, str] | None] | None] = (
    None if _FIELDS_IN_C is None else _FIELDS_IN_C.bracket_seat)
# ACR/WPN's seat lines (seat, name, stack, sitting out), likewise (held equal to
# ``winning.reader._seat_fields``), else None.
WPN_SEAT_FIELDS: Final[Callable[[str, bool], tuple[str, str, str, bool] | None] | None] = (
    None if _FIELDS_IN_C is None else _FIELDS_IN_C.wpn_seat)


def _has_free_text(text: str) -> bool:
    """Whether ``text`` may hold quoted text or a hand description (the slow fields)."""
    return (
        text.startswith("Table ") or "said, " in text or "{" in text
        or " with " in text or "] (" in text
    )


def _has_other_free_text(text: str) -> bool:
    return _has_quoted_text(text) or "] (" in text


def _has_quoted_text(text: str) -> bool:
    return text.startswith("Table ") or "said, " in text or "{" in text


# Where a hand description after " with " ends, and a shown hand's description (both as
# in ``_FIELDS``).
_DESC_END: Final = re.compile(r", and (?:won|lost) | \((?:cashed out|pot not awarded)|$")
_SHOWN: Final = re.compile(r"\([^()]*(?:\([^()]*\)[^()]*)*\)$")


def split_fields(text: str) -> tuple[str, list[str]]:
    """Replace every quoted text, card group, description and number of ``text`` with its
    placeholder; return the shape and the replaced values in order."""
    if not _has_free_text(text):
        return split_plain(text)
    if " with " in text and not _has_other_free_text(text):
        return _split_descriptions(text)
    if "] (" in text and not _has_quoted_text(text) and " with " not in text:
        return _split_shown(text)
    if text.startswith("Table '"):
        # The table's name runs to the last quote before a space or the end; what
        # follows it is plain (the seats, the button).
        end = len(text) - 1 if text.endswith("'") else text.rfind("' ")
        rest = text[end + 1 :]
        if end > 6 and not _has_free_text(rest):
            shape, values = split_fields(rest)
            return f"Table {QUOTED}{shape}", [text[6 : end + 1], *values]
    return split_free_text(text)


def _split_descriptions(text: str) -> tuple[str, list[str]]:
    """A line whose only free text is hand descriptions ("… and won ($2) with a pair of
    Aces"): each starts after a " with " and runs to where the regex's ends it. One pass
    from left to right (a line of a thousand descriptions is no deeper a call)."""
    shapes: list[str] = []
    values: list[str] = []
    pos = 0
    while (at := text.find(" with ", pos)) >= 0:
        start = at + 6
        if start >= len(text):  # " with " ends the line: no description
            break
        end = _DESC_END.search(text, start + 1).start()  # type: ignore[union-attr]
        # Before a description: numbers and cards only (the line holds no other free
        # text, and this part's one " with " ends it).
        head, head_values = split_plain(text[pos:start])
        shapes += (head, DESC)
        values += head_values
        values.append(text[start:end])
        pos = end
    tail, tail_values = (split_fields if pos else split_free_text)(text[pos:])
    shapes.append(tail)
    return "".join(shapes), values + tail_values


def _split_shown(text: str) -> tuple[str, list[str]]:
    """A line whose only free text may be a shown hand's description at its end
    (``shows [Ah Kd] (a pair of Aces)``): the first ``] (`` that opens a description
    running to the end, as the regex of every field finds it; numbers and cards before."""
    at = text.find("] (")
    while at >= 0:
        if _SHOWN.match(text, at + 2) is not None:
            shape, values = split_plain(text[: at + 2])
            return shape + DESC, [*values, text[at + 2 :]]
        at = text.find("] (", at + 1)
    return split_plain(text)


def split_plain(text: str, fields: re.Pattern[str] | None = None) -> tuple[str, list[str]]:
    """``split_fields`` of a text of numbers and cards only: one split in C, [text,
    value, text, value, …, text]. ``fields`` is a site's own pattern of them (one group:
    a card group or a number), if not PokerStars's."""
    parts = (fields or _PLAIN_FIELDS).split(text)
    if len(parts) == 1:
        return text, []
    values = parts[1::2]
    parts[1::2] = [CARDS if v[0] == "[" else NUM for v in values]
    return "".join(parts), values


def split_free_text(text: str) -> tuple[str, list[str]]:
    """``split_fields`` by the one regex that knows every field (the slow path)."""
    values: list[str] = []

    def put(m: re.Match[str]) -> str:
        kind = m.lastgroup or "d"
        values.append(m.group())
        return _KIND[kind]

    fields = _FIELDS if text.endswith('"') and 'said, "' in text else _FIELDS_NO_CHAT
    return fields.sub(put, text), values


def int_of(text: str) -> int:
    """``int(text)``, ValueError and all, the common ones (0 to 2099, and 00 to 09: seats,
    action numbers, days, hours, years) looked up: compiled, ``int()`` of a str costs
    about 440 instructions (it first copies the text to ASCII), a look-up about 80."""
    found = SMALL_INTS.get(text)
    return int(text) if found is None else found


# The common numbers' texts and values (ASCII digits only), for ``int_of`` and the readers'
# own whole-number checks.
SMALL_INTS: Final = {**{str(n): n for n in range(2100)}, **{f"{n:02d}": n for n in range(10)}}


def starts_at(text: str, prefix: str, start: int) -> bool:
    """``text.startswith(prefix, start)``. Compiled, mypyc calls a ``startswith`` given a
    start as a Python method (about 1,100 instructions: its own takes no start), and a
    ``find`` bounded to the prefix's length in C."""
    return text.find(prefix, start, start + len(prefix)) == start


def card_groups(text: str, at: int, glued: bool = False) -> list[str] | None:
    """The card groups (``[Ah Kd]``, brackets kept) that make up ``text[at:]``, each
    after one space, or None where that text is not card groups alone. ``glued``: a
    group may also follow the one before with no space (Winamax's ``[Ah Kd][2c]``)."""
    if BY_METHODS:
        return card_groups_by_methods(text, at, glued)
    if (_GLUED_GROUPS if glued else _CARD_GROUPS).fullmatch(text, at) is None:
        return None
    return _CARD_GROUP.findall(text, at)


_CARD_GROUP: Final = re.compile(r"\[[^\[\]]*\]")
_CARD_GROUPS: Final = re.compile(r"(?: \[[^\[\]]*\])+")
_GLUED_GROUPS: Final = re.compile(r"(?: ?\[[^\[\]]*\])+")


def card_groups_by_methods(text: str, at: int, glued: bool = False) -> list[str] | None:
    """``card_groups`` by string methods (see ``BY_METHODS``): what ``_CARD_GROUPS`` (or
    ``_GLUED_GROUPS``) fullmatches from ``at``, and ``_CARD_GROUP`` finds there. Compiled,
    the two expressions cost more than the rest of such a line's reading (a deal, a
    street, shown cards: about five lines a hand)."""
    end = len(text)
    if at >= end:
        return None
    groups: list[str] = []
    while at < end:
        if starts_at(text, " [", at):
            at += 1
        elif not (glued and starts_at(text, "[", at)):
            return None
        close = text.find("]", at + 1)
        if close < 0 or text.find("[", at + 1, close) >= 0:
            return None
        groups.append(text[at : close + 1])
        at = close + 1
    return groups


# Past this many names, ``find_name`` looks names up by length.
_MANY_NAMES: Final = 12


def name_start(line: str) -> int:
    """Where a line's player's name starts: after ``Seat N: ``, ``Dealt to `` or
    ``Uncalled bet (…) returned to `` (the lines that name a player other than first),
    else 0."""
    if BY_METHODS:
        return name_start_by_methods(line)
    m = _NAME_AFTER.match(line)
    return m.end() if m else 0


_NAME_AFTER: Final = re.compile(r"(?:Seat [0-9]+: |Dealt to |Uncalled bet \([^)]*\) returned to )")


def name_start_by_methods(line: str) -> int:
    """``name_start`` by string methods (see ``BY_METHODS``): the end of ``_NAME_AFTER``'s
    match at the line's start, or 0."""
    if line.startswith("Seat "):
        colon = line.find(": ", 5)
        number = line[5:colon]
        return colon + 2 if colon > 5 and number.isascii() and number.isdigit() else 0
    if line.startswith("Dealt to "):
        return 9
    if line.startswith("Uncalled bet ("):
        close = line.find(")", 14)
        if close >= 0 and starts_at(line, _RETURNED_TO, close):
            return close + len(_RETURNED_TO)
    return 0


_RETURNED_TO: Final = ") returned to "


def find_name(line: str, names: list[str]) -> tuple[int, str | None]:
    """Where the player's name of ``line`` starts and which seated name it is (longest
    match first: ``names`` is sorted longest first), or ``(start, None)``."""
    start = name_start(line)
    if len(names) > _MANY_NAMES:
        return start, _longest_name_at(line, start, names)
    for name in names:
        if starts_at(line, name, start):
            end = start + len(name)
            if end == len(line) or line[end] in ": (":
                return start, name
    return start, None


def _longest_name_at(line: str, start: int, names: list[str]) -> str | None:
    """The longest of ``names`` that starts ``line`` at ``start`` and ends at a separator."""
    index = (names if isinstance(names, SeatedNames) else SeatedNames.of(names)).by_length()
    size = len(line)
    for length, group in index:
        end = start + length
        if end == size or (end < size and line[end] in ": ("):
            found = line[start:end]
            if found in group:
                return found
    return None


def seat_line_name(line: str) -> str | None:
    """The name in a ``Seat N: name (stack in chips…)`` line, read before the hand's names
    are known: everything up to the last `` (`` that opens the stack."""
    if not line.startswith("Seat "):
        return None
    colon = line.find(": ")
    chips = line.rfind(" in chips")
    if colon < 0 or chips < 0:
        return None
    open_paren = line.rfind(" (", colon, chips)
    return line[colon + 2 : open_paren] if open_paren > colon + 2 else None


def unseated_name(line: str) -> str | None:
    """The name at the start of a table-note line about a player not seated in the hand."""
    m = _UNSEATED.search(line)
    end = m.start() if m else -1
    # "name collected $5 from pot": the first " collected " with a " from " after it (found
    # by searches, not by a pattern that would scan to the line's end from each one).
    collected = line.find(" collected ", 0, end if m else len(line))
    if collected >= 0 and line.find(" from ", collected + 11) >= 0:
        end = collected
    return line[:end] if end > 0 else None


def player_at(line: str, found: tuple[int, str | None]) -> str | None:
    """The seated name ``find_name`` found (``found``), unless it is the start of a
    longer name: a seated "Alex" must not swallow the start of "Alex 2 joins the
    table…", a player the hand never seated whose name only begins with Alex's."""
    start, name = found
    if name is not None and start == 0 and starts_at(line, " ", len(name)):
        other = unseated_name(line)
        if other is not None and len(other) > len(name) and other.startswith(name + " "):
            return other
    return name


def shape_of(line: str, names: list[str], found: tuple[int, str | None] | None = None
             ) -> tuple[str, str | None, list[str]]:
    """The shape of ``line``, the player's name in it (or None) and the field values.
    ``found`` is what ``find_name`` returned for the line, if the caller has it."""
    if found is None:
        found = find_name(line, names)
    start = found[0]
    name = player_at(line, found)
    if name is None:
        if start == 0 and not line.startswith(("*** ", "Total pot")):
            name = unseated_name(line)
        elif line.startswith("Seat "):
            found_end = _SUMMARY_NAME_END.search(line, start)
            name = (line[start : found_end.start()]
                    if found_end and found_end.start() > start else None)
        elif line.startswith("Dealt to "):
            end = line.find(" [", start)
            name = line[start:end] if end > start else None
        elif line.startswith("Uncalled bet ("):
            name = line[start:] or None
    if name is None:
        shape, values = split_fields(line)
        return shape, None, values
    head, head_values = split_fields(line[:start]) if start else ("", [])
    tail, values = split_fields(line[start + len(name) :])
    return head + PLAYER + tail, name, head_values + values
