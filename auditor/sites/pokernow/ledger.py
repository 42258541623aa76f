"""PokerNow's ledger CSV: what each player bought in for, cashed out and still holds at
the end of a game, set beside the sessions the log gives (SE003).

``player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net``,
one row per player per seat session (a player who left and came back has several). The
amounts are whole numbers: cents where the game plays cents, chips otherwise (worked out
from the log's figures: ``auditor.ledgers.reconcile``).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import PurePosixPath

HEADER = ("player_nickname", "player_id", "session_start_at", "session_end_at", "buy_in",
          "buy_out", "stack", "net")
_GAME_ID = re.compile(r"ledger_([A-Za-z0-9_-]+)\.csv$", re.IGNORECASE)
_FIGURES = ("buy_in", "buy_out", "stack", "net")


class LedgerError(ValueError):
    """A ledger that cannot be read (the CLI says which and why, and exits 2)."""


def is_ledger(head: str) -> bool:
    """Whether a file starting with ``head`` is a PokerNow ledger."""
    first = head.lstrip("\ufeff").split("\n", 1)[0].strip().lower()
    return first.startswith("player_nickname,player_id,")


def game_id(name: str) -> str | None:
    """The game id of a ledger's file name (``ledger_pglXXXX.csv``), as the log's
    ``poker_now_log_pglXXXX.csv`` carries it."""
    m = _GAME_ID.search(PurePosixPath(name).name)
    return m.group(1) if m else None


@dataclass(slots=True)
class LedgerEntry:
    """One player's figures over the ledger's rows (several seat sessions summed)."""

    player_id: str
    nickname: str
    line: int  # the first row's file line
    figures: dict[str, Decimal] = field(default_factory=dict)


@dataclass(slots=True)
class Ledger:
    """A ledger file, its players by id."""

    source: str
    entries: dict[str, LedgerEntry]
    decimal_point: bool  # an amount was written with a decimal point

    @property
    def game_id(self) -> str | None:
        return game_id(self.source)


def read_ledger(text: str, source: str) -> Ledger:
    """The ledger in ``text``; raises ``LedgerError`` on a row it cannot read."""
    rows = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    header = next(rows, None)
    if header is None or tuple(h.strip().lower() for h in header[:8]) != HEADER:
        raise LedgerError(f"{source}: not a PokerNow ledger (its header is not "
                          f"{','.join(HEADER)})")
    entries: dict[str, LedgerEntry] = {}
    point = False
    for number, row in enumerate(rows, start=2):
        if not row or not any(cell.strip() for cell in row):
            continue
        if len(row) < 8:
            raise LedgerError(f"{source}:{number}: a row of {len(row)} fields, not 8")
        entry = entries.get(row[1])
        if entry is None:
            entry = entries[row[1]] = LedgerEntry(row[1], row[0], number,
                                                  dict.fromkeys(_FIGURES, Decimal(0)))
        for name, cell in zip(_FIGURES, row[4:8], strict=True):
            try:
                value = Decimal(cell.strip() or "0")
            except InvalidOperation:
                raise LedgerError(f"{source}:{number}: {name} is not an amount: {cell!r}"
                                  ) from None
            point = point or "." in cell
            entry.figures[name] += value
    return Ledger(source, entries, point)
