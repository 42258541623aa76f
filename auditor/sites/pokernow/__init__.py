"""PokerNow: the game log of home games and clubs, a CSV of ``entry,at,order`` rows."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from pathlib import PurePath

from auditor.model.dialect import Dialect
from auditor.parsing.blocks import HandBlock
from auditor.sites.base import HeaderFacts, counted, game_facts

DIALECT = Dialect(
    uncalled="printed",
    pot_labels="none",  # "collected X from pot", once per pot, unlabelled
    total_pot="absent",
    rake="none",  # home games: stacks chain exactly from hand to hand
    topups_logged=True,  # joins, rebuys and admin changes are rows of the log
    hand_order="reverse",  # newest row first: sorted by ``order``
)

_FIRST_ROW = "entry,at,order"
_START = re.compile(r"-- starting hand #(\d+)")
_END = re.compile(r"-- ending hand #(\d+)")


def sniff(head: str, name: str) -> bool:
    """A PokerNow log: a CSV whose header row is ``entry,at,order``."""
    return head.lstrip("\ufeff \t\r\n").startswith(_FIRST_ROW)


def cut(text: str, source: str) -> Iterator[HandBlock]:
    """One block per hand, in the order it was played (the log lists the newest row
    first; rows are sorted by ``order``, since ``at`` repeats). A block's lines are the
    ``entry`` cells of the hand's rows, numbered by the file line each row starts on; its
    context holds their ``at`` times and the rows logged since the previous hand."""
    rows = []
    reader = csv.reader(io.StringIO(text))
    line = 1
    for number, row in enumerate(reader):
        start = line
        line = reader.line_num + 1
        if number == 0 or not row:
            continue  # the header row
        entry = row[0]
        at = row[1] if len(row) > 1 else ""
        order = row[2] if len(row) > 2 else ""
        key = int(order) if order.isascii() and order.isdigit() else -1
        rows.append((key, start, entry, at))
    rows.sort(key=lambda r: (r[0], -r[1]))
    table = _table_of(source)
    between: list[tuple[int, str, str]] = []
    hand: list[tuple[int, str, str]] | None = None
    for _, start, entry, at in rows:
        if _START.match(entry):
            if hand:
                yield _block(source, hand, between, table)  # a hand never ended
                between = []
            hand = [(start, entry, at)]
        elif hand is not None:
            hand.append((start, entry, at))
            if _END.match(entry):
                yield _block(source, hand, between, table)
                hand, between = None, []
        else:
            between.append((start, entry, at))
    if hand:
        yield _block(source, hand, between, table)


def _block(source: str, rows: list[tuple[int, str, str]], between: list[tuple[int, str, str]],
           table: str) -> HandBlock:
    numbers = [r[0] for r in rows]
    context = {"at": [r[2] for r in rows], "between": between, "table": table}
    return HandBlock(source, "pokernow", numbers[0], [r[1] for r in rows], numbers, context)


def _table_of(source: str) -> str:
    """The game's id, from a log named as PokerNow names it (``poker_now_log_<id>.csv``)."""
    stem = PurePath(source).stem
    return stem.removeprefix("poker_now_log_") if stem.startswith("poker_now_log_") else ""


_HEADER = re.compile(r"-- starting hand #(?P<n>\d+)\s*(?:\(id: (?P<id>\w+)\)\s*)?"
                     r"\((?P<game>[^)]*)\)")


def header_facts(block: HandBlock) -> HeaderFacts:
    """Hand id, game, table and start of a PokerNow hand."""
    m = _HEADER.match(block.lines[0])
    if m is None:
        return {}
    facts = game_facts(m.group("game"))
    facts["hand_id"] = m.group("id") or m.group("n")
    context = block.context or {}
    facts["table"] = context.get("table", "")
    if context.get("at"):
        facts["started"] = context["at"][0]
    return facts


SITES = (counted("pokernow", "PokerNow",
                 "game log CSV (home games and clubs), cash and tournaments", "csv",
                 (r"-- starting hand #",), header_facts, dialect=DIALECT, sniff=sniff,
                 cut=cut),)
