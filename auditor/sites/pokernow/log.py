"""The PokerNow game log as a container: CSV rows put in the order they were logged, and
cut into one block per hand.

A log is a CSV of ``entry,at,order`` rows, newest first. ``order`` is PokerNow's own
sequence (``at`` repeats: 43 % of the corpus's rows share a millisecond with another), so
rows are sorted by it. A hand runs from its ``-- starting hand #N`` row to its
``-- ending hand #N --`` row; the block's lines are the hand's ``entry`` cells, each
numbered by the file line its row is on, and then its players' rows logged after it
ended and before the next hand (cards shown once the hand is over).

Rows that are not part of the play (``TABLE_ROWS``: joins, quits, stand-ups, sit-backs,
admin stack updates, queued changes, rebuys, blind changes, table moves, notes) take
effect at the start of a hand: those logged between two hands, those logged during a
hand after its ``Player stacks:`` row (PokerNow applies them from the next hand: a join
or a sit-back while a hand is played, an admin change queued until the hand ends) and
those logged during a hand before its ``Player stacks:`` row (the joins PokerNow logs as
the hand starts). Each hand's context holds, in the order logged, the rows that take
effect at its start (``between``); those of the last hand that have no next hand are
given to it apart (``after``).

What holds for the whole log is worked out here too, once (``LogFacts``): the game's id,
the number of decimals its amounts have, whether it is a tournament, one stable label for
each player and who exported the log.
"""

from __future__ import annotations

import csv
import io
import re
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from itertools import islice, repeat
from operator import gt
from pathlib import PurePath
from typing import Any, Final

from auditor.compiled import mypyc_attr
from auditor.model.events import positional
from auditor.parsing.blocks import HandBlock

FIRST_ROW: Final = "entry,at,order"
START = "-- starting hand #"
END = "-- ending hand #"
STACKS: Final = "Player stacks: "
YOUR_HAND: Final = "Your hand is "
# How the rows that are not part of the play begin (a player's own rows begin with his
# quoted name instead).
TABLE_ROWS: Final = ("The player ", "The admin ", "The game's ", "WARNING: ", "IMPORTANT: ",
                     "Game entering ", "Asking to busted ")
# ... and the one table row that begins with a player: a tournament's table assignment.
TABLE_MOVE: Final = " will be playing on table #"

# A player as the log names him: "display name @ player-id". The display name may hold
# " @ " and quotes itself ("spa @ ces @ ZQfm6ZDMPO"): the id is what follows the last
# " @ " before the closing quote.
_REF: Final = re.compile(r'"([^\n]*?) @ ([\w-]+)"(?=[ .,)|]|$)', re.M)
_FRACTION: Final = re.compile(r'" \(\d+\.(\d+)\)(?= \||$)', re.M)  # a stack's decimals
_ID_CHANGE: Final = re.compile(r'The player ".*" changed the ID from ([\w-]+) to ([\w-]+) because')
_BLINDS: Final = re.compile(r"The game's (small blind|big blind|ante) was changed from "
                            r"(\d+(?:\.\d+)?) to (\d+(?:\.\d+)?)\.")
_BLIND_INDEX = {"small blind": 0, "big blind": 1, "ante": 2}
# Rows only a tournament log has.
_TOURNAMENT_ROWS: Final = (" is in the tournament with a stack of ", " rebought. New stack ",
                           " will be playing on table #")

Row = tuple[int, str]  # (file line, entry)
Blinds = tuple[str | None, str | None, str | None]  # small blind, big blind, ante as printed


@dataclass(slots=True)
class LogFacts:
    """What holds for every hand of one log.

    - ``table``: the game's id, from a log named as PokerNow names it
      (``poker_now_log_<id>.csv``), else "".
    - ``decimals``: the decimals of every amount of the log: as many as the stacks of its
      ``Player stacks:`` rows print (``2.00``: 2; ``2562``: 0). PokerNow prints every
      amount of a game the same way, so one figure holds for the whole log; an amount
      finer than it makes its hand unreadable rather than changing the unit.
    - ``tournament``: the tournament (the game's id) when the log has rows only a
      tournament has, else None.
    - ``labels``: one label per player id for the whole log, ``name @ id`` as the id first
      appears (a display name may change within a log; an id that changes "because
      authenticated login" keeps the label of the id it replaces).
    - ``exporter``: the id of the player whose cards ``Your hand is …`` shows (the log's
      own export names no one), or None when the log does not tell (see ``_exporter``).
    """

    table: str = ""
    decimals: int = 0
    tournament: str | None = None
    labels: dict[str, str] = field(default_factory=dict)
    exporter: str | None = None


@mypyc_attr(native_class=False)  # built by events.positional (object.__new__, slot stores)
@dataclass(slots=True)
class HandContext:
    """What a hand block knows beyond its lines: the ``at`` time of its first row (when
    it started), the rows that take effect at its start (``between``) and, for the last
    hand of a log, those logged after it (``after``), the blinds and ante the game's
    settings give it (as printed, None where the log has not said), and the log's
    facts."""

    started: str
    between: list[Row]
    log: LogFacts
    blinds: Blinds = (None, None, None)
    after: list[Row] = field(default_factory=list)


def sniff(head: str, name: str) -> bool:
    """A PokerNow log: a CSV whose header row is ``entry,at,order``."""
    return head.lstrip("\ufeff \t\r\n").startswith(FIRST_ROW)


def cut(text: str, source: str) -> Iterator[HandBlock]:
    """One block per hand, in the order the hands were played."""
    entries, numbers, at = play_order(text)
    return iter(_blocks(entries, numbers, at, source))


def play_order(text: str) -> tuple[list[str], Sequence[int], Callable[[int], str]]:
    """The ``entry`` cells and their file lines in the order logged (the header row left
    out; the lines a list, or a range for a log written newest first as PokerNow writes
    it), and the ``at`` time of the row at a place in that order. Rows are ordered by
    ``order``; rows of one ``order`` (or without one) keep the reverse of their file
    order, as the log is newest first. A cell's line breaks are made spaces (a row is
    one line of its hand's block)."""
    text = text.lstrip("\ufeff")
    plain = log_rows(text)
    keys: list[Any]  # the orders: as text (plain rows) or as numbers (the csv module's)
    if plain is not None:
        entries, tails, width, descending = plain
        n = len(entries)
        if descending:  # newest first, as PokerNow writes it

            def at(i: int) -> str:
                start = (n - 1 - i) * width + 2
                return tails[start:start + _AT_WIDTH]

            entries.reverse()
            return entries, range(n + 1, 1, -1), at
        digits = width - _AT_WIDTH - 3
        keys = [tails[i:i + digits] for i in range(width - digits, len(tails), width)]
        numbers = list(range(2, 2 + n))
        ats = [tails[i:i + _AT_WIDTH] for i in range(2, len(tails), width)]
    else:
        rows = _csv_rows(text)
        first = 1 if rows and rows[0][:1] == ["entry"] else 0
        body = rows[first:]
        lines = text.count("\n") + (not text.endswith("\n"))
        # Row i is on line i + 1 unless a cell spans lines.
        numbers = (list(range(first + 1, first + 1 + len(body))) if lines == len(rows)
                   else _row_lines(text)[first:])
        # The columns at C speed; a row without three cells (or a damaged order) is read
        # the careful way. A row of more cells keeps its first three.
        column = zip(*body, strict=False)
        try:
            entries, ats = list(next(column)), list(next(column))
            keys = list(map(int, next(column)))
        except (StopIteration, ValueError):
            entries, numbers, ats = _careful_order(body, numbers)
            return _one_line(entries), numbers, ats.__getitem__
        _one_line(entries)
    if all(map(gt, keys, islice(keys, 1, None))):
        entries.reverse()
        numbers.reverse()
        ats.reverse()
        return entries, numbers, ats.__getitem__
    order = sorted(range(len(keys)), key=lambda i: (keys[i], -i))
    return ([entries[i] for i in order], [numbers[i] for i in order],
            [ats[i] for i in order].__getitem__)


def _one_line(entries: list[str]) -> list[str]:
    """``entries`` with the line breaks of quoted cells made spaces (a row is one line of
    its hand's block), in place."""
    for i, entry in enumerate(entries):
        if "\n" in entry:
            entries[i] = entry.replace("\n", " ")
    return entries


def log_rows_in_python(text: str) -> tuple[list[str], str, int, bool] | None:
    """A log laid out as PokerNow writes it, read without the ``csv`` module: after the
    header, one row per line, each a quoted entry, then its time
    (``2022-01-13T19:53:17.974Z``) and its order, of the same number of digits on every
    row (so the orders compare as text). The entries in file order (their doubled quotes
    undone), the rows' ends joined (each ``",`` time ``,`` order), the width of one end,
    and whether the orders fall strictly from each row to the next (newest first, as
    PokerNow writes it). None when the text is laid out otherwise; the ``csv`` module
    reads it then. (The compiled build reads it in C: ``_lines.log_rows``.)"""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    if len(lines) < 2 or lines[0] != FIRST_ROW:
        return None
    del lines[0]
    n = len(lines)
    digits = len(lines[0]) - lines[0].rfind(",") - 1
    width = digits + _AT_WIDTH + 3  # '",' time ',' order
    tails = "".join([line[-width:] for line in lines])
    # Every row ends with '",', a time, ',' and the order's digits (as many on each).
    if (len(tails) != n * width or tails[::width] != '"' * n or tails[1::width] != "," * n
            or tails[2 + _AT_WIDTH::width] != "," * n):
        return None
    orders = [tails[i:i + digits] for i in range(width - digits, len(tails), width)]
    if not "".join(orders).isdigit() or not all(map(str.startswith, lines, repeat('"', n))):
        return None
    entries = [line[1:-width] for line in lines]
    for i, cell in enumerate(entries):
        if '""' in cell:
            entries[i] = cell.replace('""', '"')
    return entries, tails, width, all(map(gt, orders, islice(orders, 1, None)))


_AT_WIDTH: Final = len("2022-01-13T19:53:17.974Z")


def _log_rows() -> Callable[[str], tuple[list[str], str, int, bool] | None]:
    """The rows read in one pass in C where the build has it, else by the reference."""
    try:
        return import_module("auditor.parsing._lines").log_rows  # type: ignore[no-any-return]
    except ImportError:
        return log_rows_in_python


log_rows: Final = _log_rows()


def _csv_rows(text: str) -> list[list[str]]:
    """The rows of a CSV text; a text the ``csv`` module refuses (a cell longer than its
    limit) is read a line at a time, a refused line kept whole as one cell."""
    try:
        return list(csv.reader(io.StringIO(text)))
    except csv.Error:
        rows = []
        for line in text.split("\n"):
            try:
                rows += list(csv.reader([line]))
            except csv.Error:
                rows.append([line])
        return rows


def _row_lines(text: str) -> list[int]:
    """The file line each CSV row starts on (a cell may hold line breaks)."""
    reader = csv.reader(io.StringIO(text))
    out = []
    line = 1
    try:
        for _ in reader:
            out.append(line)
            line = reader.line_num + 1
    except csv.Error:  # read a line at a time (``_csv_rows``): one row per line
        return list(range(1, text.count("\n") + 2))
    return out


def _careful_order(body: list[list[str]], numbers: list[int]
                   ) -> tuple[list[str], list[int], list[str]]:
    """``play_order`` for a log with damaged rows: a row without a readable ``order``
    sorts before every other, and blank rows are dropped."""
    keyed = []
    for i, row in enumerate(body):
        if not row:
            continue
        order = row[2] if len(row) > 2 else ""
        key = int(order) if order.isascii() and order.isdigit() else -1
        keyed.append((key, -i, row[0], numbers[i], row[1] if len(row) > 1 else ""))
    keyed.sort()
    return [r[2] for r in keyed], [r[3] for r in keyed], [r[4] for r in keyed]


def table_of(source: str) -> str:
    """The game's id, from a log named as PokerNow names it (``poker_now_log_<id>.csv``)."""
    stem = PurePath(source).stem
    return stem.removeprefix("poker_now_log_") if stem.startswith("poker_now_log_") else ""


def row_kind(entry: str, moves: bool) -> str | None:
    """Whether a row starts a hand (``"start"``), ends one (``"end"``) or is the table's
    (``"table"``: a row of ``TABLE_ROWS``, and where the log has them (``moves``) a
    tournament's table assignments), else None. (By its first characters: one regular
    expression's search of the whole log joined, a text of two-byte characters where
    suits are printed, cost 2 % more of a PokerNow hand's instructions.)"""
    first = entry[:1]
    if first == "-":
        if entry.startswith(START):
            return "start"
        if entry.startswith(END):
            return "end"
        return None
    if first == '"':
        return "table" if moves and TABLE_MOVE in entry else None
    return "table" if entry.startswith(TABLE_ROWS) else None


_SHOWN: Final = re.compile(r'"[^\n]*? @ ([\w-]+)" shows a ([^\n]*)\.$')
_SHOWS: Final = " shows a "


class _Hand:
    """One hand while the log is cut: its span, its ``Player stacks:`` row, the table
    rows that take effect before it and after it, its "Your hand is" cards and its
    players' rows after it ended (cards shown)."""

    __slots__ = ("between", "cards", "extra", "first", "last", "later", "stacks")

    def __init__(self, first: int) -> None:
        self.first = first
        self.last = -1  # index of its ending row; -1 until seen
        self.stacks = -1  # index of its Player stacks row, -1 if none
        self.between: list[Row] = []
        self.cards = ""
        self.later: list[Row] = _NONE  # its table rows after Player stacks
        self.extra: list[int] = _NONE  # its rows after it ended, by index


_NONE: Final[list] = []  # shared by every hand until it has some (never appended to)


def _scan(entries: list[str], numbers: Sequence[int]) -> tuple[list[_Hand], list[Row], str]:
    """The hands of a log, the rows before its first hand, and the log's entries joined
    (each after a newline)."""
    joined = "\n" + "\n".join(entries)  # (no entry holds a line break: see play_order)
    n = len(entries)
    hands: list[_Hand] = []
    hand: _Hand | None = None  # the hand being played (None before the first one)
    moves = TABLE_MOVE in joined
    for k, e in enumerate(entries):
        kind = row_kind(e, moves)
        if kind is None:
            continue
        if kind == "start":
            if hand is not None and hand.last < 0:
                hand.last = k - 1  # the log lost its ending row
            hand = _Hand(k)
            hands.append(hand)
            # The Player stacks row is the next one (but after the joins PokerNow logs
            # as a hand starts, which come as table rows below).
            if k + 1 < n and entries[k + 1].startswith(STACKS):
                hand.stacks = k + 1
        elif hand is None or hand.last >= 0:
            continue  # rows between hands: see ``_blocks``
        elif kind == "end":
            hand.last = k
        else:  # a table row while the hand is played
            if hand.stacks < 0:
                hand.stacks = _stacks_row(entries, hand.first)
            if 0 <= hand.stacks < k:
                if hand.later is _NONE:
                    hand.later = []
                hand.later.append((numbers[k], entries[k]))
            else:
                hand.between.append((numbers[k], entries[k]))
    if hand is not None and hand.last < 0:
        hand.last = n - 1
    for h in hands:  # "Your hand is" comes right after the Player stacks row
        if h.stacks < 0:
            h.stacks = _stacks_row(entries, h.first)
        j = h.stacks + 1
        if j:
            while j < h.last and entries[j].startswith(TABLE_ROWS):
                j += 1
            if j < h.last and entries[j].startswith(YOUR_HAND):
                h.cards = entries[j][len(YOUR_HAND):]
    before = [(numbers[j], entries[j]) for j in range(hands[0].first if hands else len(entries))]
    return hands, before, joined


def _stacks_row(entries: list[str], first: int) -> int:
    """The Player stacks row of the hand starting at ``first``, -1 if it has none."""
    for j in range(first + 1, len(entries)):
        e = entries[j]
        if e.startswith(STACKS):
            return j
        if e.startswith("-- "):
            break
    return -1


def _blocks(entries: list[str], numbers: Sequence[int], at: Callable[[int], str], source: str
            ) -> list[HandBlock]:
    table = table_of(source)
    facts = LogFacts(table=table)
    hands, before, joined = _scan(entries, numbers)
    if hands:
        hands[0].between[:0] = before
        after: list[Row] = []
    else:
        after = before
    for h, nxt in zip(hands, [*hands[1:], None], strict=False):
        # What comes between this hand's end and the next hand's start: a player's rows
        # (cards shown after the hand) are the hand's; table rows take effect at the next.
        target = nxt.between if nxt is not None else after
        if h.later:
            target[:0] = h.later
        stop = nxt.first if nxt is not None else len(entries)
        moved = len(h.later)
        for j in range(h.last + 1, stop):
            e = entries[j]
            if e[:1] == '"' and TABLE_MOVE not in e:
                if h.extra is _NONE:
                    h.extra = []
                h.extra.append(j)
            else:
                target.insert(moved, (numbers[j], e))
                moved += 1

    facts.decimals, facts.labels = _seats(hands, entries)
    facts.exporter = _exporter(hands, entries, joined)
    if any(p in joined for p in _TOURNAMENT_ROWS):
        facts.tournament = table or PurePath(source).stem

    blocks = []
    blinds = _first_blinds(hands, after)
    for h in hands:
        if h.between:
            blinds = _apply_blinds(blinds, h.between)
        end = h.last + 1
        lines = entries[h.first:end]
        rows = list(numbers[h.first:end])
        for j in h.extra:
            lines.append(entries[j])
            rows.append(numbers[j])
        blocks.append(_NEW_BLOCK(source, "pokernow", rows[0], lines, rows,
                                 _NEW_CONTEXT(at(h.first), h.between, facts, blinds, _NONE), None))
    if blocks:
        blocks[-1].context.after = after
    return blocks


# Built for every hand: the fast constructors (a dataclass's ``__init__`` costs more).
_NEW_BLOCK: Final = positional(HandBlock)
_NEW_CONTEXT: Final = positional(HandContext)


def _table_texts(hands: list[_Hand], after: list[Row]) -> Iterator[str]:
    for h in hands:
        for _, e in h.between:
            yield e
    for _, e in after:
        yield e


def _seats(hands: list[_Hand], entries: list[str]) -> tuple[int, dict[str, str]]:
    """The decimals the log's stacks are printed with (the most any of them has), and one
    label per player id: ``name @ id`` as the id first appears in the log (in its table
    rows and its ``Player stacks:`` rows, in the order logged); an id that replaces
    another "because authenticated login" takes the label of the one it replaces."""
    labels: dict[str, str] = {}
    stacks: list[str] = []
    changes: list[str] = []
    for h in hands:
        for _, e in h.between:
            _label(e, labels)
            if " changed the ID from " in e:
                changes.append(e)
        if h.stacks >= 0:
            row = entries[h.stacks]
            _label(row, labels)
            if "." in row:  # (a stack with decimals has one)
                stacks.append(row)
    for e in changes:
        if m := _ID_CHANGE.match(e):
            old, new = m.groups()
            if old in labels:
                labels[new] = labels[old]
    fractions = _FRACTION.findall("\n".join(stacks))
    return max(map(len, fractions), default=0), labels


def _label(row: str, labels: dict[str, str]) -> None:
    """The labels of the ids ``row`` names that ``labels`` does not have yet, added. A
    row whose every id is known is passed over without the regular expression (most of
    a log's ``Player stacks:`` rows: the same players hand after hand; the search of
    each cost 5 % of a PokerNow hand): a name's id follows `` @ `` and runs to the next
    quote, so where what follows each `` @ `` up to a quote is a known id, or there is
    no quote after it, the row names no other."""
    at = row.find(" @ ")
    while at >= 0:
        end = row.find('"', at + 3)
        if end < 0:
            return
        if row[at + 3:end] not in labels:
            break
        at = row.find(" @ ", at + 1)
    else:
        return
    refs: list[tuple[str, str]] = _REF.findall(row)  # (typed: mypyc fails on Any)
    for name, pid in refs:
        if pid not in labels:
            labels[pid] = f"{name} @ {pid}"


def _exporter(hands: list[_Hand], entries: list[str], joined: str) -> str | None:
    """The id of the player who exported the log. ``Your hand is`` names no one, but
    where its owner shows his cards, they are those (no one else can hold them): the
    first player seen showing the cards of a ``Your hand is`` row is the exporter, if
    every card he shows in a hand with such a row is that row's, and he is seated in
    every hand that has one. None when no one shows them, or that player does not fit
    (then the cards are kept as a note, given to nobody)."""
    firsts = [h.first for h in hands]

    def shows(needle: str) -> Iterator[tuple[_Hand, str, str]]:
        """(hand, id, cards) of each row that has ``needle``, in a hand with cards."""
        k, at = -1, 0
        found = joined.find(needle)
        while found >= 0:
            start = joined.rfind("\n", at, found)  # the newline before the row
            k += joined.count("\n", at, start) + 1
            at = start + 1
            m = _SHOWN.match(entries[k])
            i = bisect_left(firsts, k + 1) - 1
            if m is not None and i >= 0 and hands[i].cards:
                yield hands[i], m.group(1), m.group(2)
            end = joined.find("\n", found)
            found = joined.find(needle, end) if end >= 0 else -1

    exporter = next((pid for h, pid, cards in shows(_SHOWS)
                     if set(cards.split(", ")) == set(h.cards.split(", "))), None)
    if exporter is None:
        return None
    for h, _, cards in shows(f' @ {exporter}"{_SHOWS}'):
        if set(cards.split(", ")) != set(h.cards.split(", ")):
            return None
    needle = f' @ {exporter}" ('
    for h in hands:
        if h.cards and (h.stacks < 0 or needle not in entries[h.stacks]):
            return None
    return exporter


def _first_blinds(hands: list[_Hand], after: list[Row]) -> Blinds:
    """The settings in force before the log's first change of each: the "from" of that
    change."""
    found: list[str | None] = [None, None, None]
    for text in _table_texts(hands, after):
        if text.startswith("The game's ") and (m := _BLINDS.match(text)):
            i = _BLIND_INDEX[m.group(1)]
            if found[i] is None:
                found[i] = m.group(2)
    return found[0], found[1], found[2]


def _apply_blinds(blinds: Blinds, rows: list[Row]) -> Blinds:
    """The settings after the blind changes among ``rows``."""
    out: list[str | None] | None = None
    for _, text in rows:
        if text.startswith("The game's ") and (m := _BLINDS.match(text)):
            if out is None:
                out = list(blinds)
            out[_BLIND_INDEX[m.group(1)]] = m.group(3)
    return blinds if out is None else (out[0], out[1], out[2])
