"""Winamax's line lexer: the shared shape placeholders, Winamax's own field syntax.

It turns a line into its *shape* (each variable field replaced by a placeholder of
``auditor.parsing.shape``) and the values that fill it, as the PokerStars lexer does, but
for Winamax's syntax:

- an amount carries its currency *after* the number (``2€``, ``0.05€``), and a summary
  total may be abbreviated to thousands (``Total pot 3.37k``): both are one ``NUM``;
- a buy-in may use a decimal comma (``buyIn: 0,90€ + 0,10€``);
- the tournament or Go Fast name is quoted with double quotes in the header, the table's
  with single quotes (and may hold one: ``'No Limit Hold'em(1853325)#0'``);
- a hand description is the bracketed text after shown cards (``shows [Ad Jc] (Quads of
  Jack)``) or the rest of a summary line after `` with ``.

Player names are never found by pattern where the hand's seated names can be matched
(the reader does that); the functions here find the names of lines about a player the
hand did not seat, and of the summary's seat lines.
"""

from __future__ import annotations

import re

from auditor.parsing.shape import DESC, PLAYER, QUOTED, split_plain

SYMBOLS = "€$£\ufffd"  # U+FFFD: a euro sign an unknown encoding lost
# An amount: digits, decimals (a comma only in buy-ins), an optional "k" (thousands, in
# summary totals), an optional currency sign after it. Not inside a word ("Omaha8").
AMOUNT = rf"(?<![\w.])(?>\d+(?:[.,]\d+)?)k?[{SYMBOLS}]?"
# Cards and amounts, what almost every line holds; the look-ahead lets the regex engine
# skip to where a field can start.
_PLAIN_FIELDS = re.compile(rf"(?=[\[\d])(\[[^\]]*\]|{AMOUNT})")

# The commonest seat line, "Seat 3: name (12.50€)", in one match; the name runs to the
# last " (" (as in ``seat_name``). Bounties go through the grammar.
PLAIN_SEAT = re.compile(rf"Seat (\d+): (.+) \((\d+(?:\.\d+)?[{SYMBOLS}]?)\)")

# Where the name of a summary seat line of a player the hand did not seat ends.
_SUMMARY_NAME_END = re.compile(
    r" \((?:button|small blind|big blind)\)| (?:folded|won|showed|mucked)\b"
)
# A line about a player the hand did not seat: the name is everything before the verb.
_UNSEATED = re.compile(
    r" (?:posts|raises|calls|bets|checks$|folds$|shows|collected|denies|deny)\b"
)


def split_fields(text: str) -> tuple[str, list[str]]:
    """Replace every card group, hand description and amount of ``text`` with its
    placeholder; return the shape and the replaced values in order."""
    at = text.find(" with ")
    if at >= 0:
        # A summary line's hand description: the rest of the line after " with ".
        head, values = _plain_fields(text[: at + 6])
        return f"{head}{DESC}", [*values, text[at + 6 :]]
    if text.endswith(")") and (at := text.find("] (")) >= 0:
        # "shows [cards] (description)": the description runs to the end of the line.
        head, values = _plain_fields(text[: at + 2])
        return f"{head}{DESC}", [*values, text[at + 2 :]]
    return _plain_fields(text)


def _plain_fields(text: str) -> tuple[str, list[str]]:
    """``split_fields`` of a text without a hand description."""
    return split_plain(text, _PLAIN_FIELDS)


def header_fields(text: str) -> tuple[str, list[str]]:
    """``split_fields`` of a hand header, the quoted tournament or Go Fast name masked
    (it may hold anything, dashes and digits included)."""
    end = text.find(" - HandId: ")
    head = text[:end] if end > 0 else text
    first = head.find('"')
    last = head.rfind('"')
    if 0 <= first < last:
        before, values = split_fields(text[:first])
        after, more = split_fields(text[last + 1 :])
        return f"{before}{QUOTED}{after}", [*values, text[first : last + 1], *more]
    return split_fields(text)


def table_fields(text: str) -> tuple[str, list[str]]:
    """``split_fields`` of a ``Table: 'name' 9-max …`` line, the name masked: it runs
    from the first quote to the last quote before a space (or the end of the line)."""
    first = text.find("'")
    last = len(text) - 1 if text.endswith("'") else text.rfind("' ")
    if 0 <= first < last:
        shape, values = split_fields(text[last + 1 :])
        return f"{text[:first]}{QUOTED}{shape}", [text[first : last + 1], *values]
    return split_fields(text)


def seat_name(line: str) -> str | None:
    """The name in a ``Seat N: name (stack…)`` line, read before the hand's names are
    known: everything between ``: `` and the last `` (``."""
    colon = line.find(": ")
    open_paren = line.rfind(" (")
    return line[colon + 2 : open_paren] if colon > 0 and open_paren > colon + 2 else None


def summary_seat_name(line: str, start: int) -> str | None:
    """The name of a summary seat line whose player the hand did not seat."""
    end = _SUMMARY_NAME_END.search(line, start)
    return line[start : end.start()] if end is not None and end.start() > start else None


def unseated_name(line: str) -> str | None:
    """The name at the start of a line about a player the hand did not seat."""
    m = _UNSEATED.search(line)
    return line[: m.start()] if m is not None and m.start() > 0 else None


def shape_with_name(line: str, start: int, name: str) -> tuple[str, list[str]]:
    """The shape and values of ``line`` whose player's name starts at ``start``."""
    head, head_values = split_fields(line[:start]) if start else ("", [])
    tail, values = split_fields(line[start + len(name) :])
    return f"{head}{PLAYER}{tail}", [*head_values, *values]
