"""The ``sessions`` table: each player's money over one log, where the log records every
chip that enters or leaves the table between hands (PokerNow).

One row per player per log: what he bought in with (approved buy-ins, tournament
entries, rebuys; the stack he sat with where no buy-in is logged, or had when the log
starts), what the host added or took (admin updates), his net from the hands, what he
cashed out (his stack when he quit) and his final stack (at the table, or stood up).
On every row: ``bought_in + adjusted + net = cashed_out + final_stack``. A hand that could
not be audited leaves its chips out of ``net``: the row counts it in ``unaudited_hands``.

The tracker runs in the parent process, in file order, on the compact ``HandStacks`` of
each hand (as SE001 does), and gives a log's rows when the log ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa

from auditor.report.chunk import money_array
from auditor.report.schema import SESSIONS
from auditor.rules.pots.se001_stack_discontinuity import HandStacks, Move


@dataclass(slots=True)
class SessionRow:
    """One player's session in one log, amounts in units of 10^-``decimals``."""

    source: str
    site: str
    table_name: str
    currency: str
    decimals: int
    player: str
    hands: int = 0
    bought_in: int = 0
    adjusted: int = 0
    net: int = 0
    cashed_out: int = 0
    final_stack: int = 0
    unaudited_hands: int = 0
    # The ledger's figures beside the log's, where one was given (None: no ledger row).
    ledger: str | None = None
    ledger_amounts_in: str | None = None  # how the ledger wrote its amounts
    ledger_buy_in: int | None = None
    ledger_buy_out: int | None = None
    ledger_stack: int | None = None
    ledger_net: int | None = None

    @property
    def player_id(self) -> str:
        """The id of ``name @ id`` (PokerNow's player; the name may change)."""
        return self.player.rsplit(" @ ", 1)[-1]


@dataclass(slots=True)
class _Log:
    """What is known of the log being read."""

    source: str
    rows: dict[str, SessionRow] = field(default_factory=dict)
    stack: dict[str, int] = field(default_factory=dict)  # at the table now
    away: dict[str, int] = field(default_factory=dict)  # stood up, his stack waiting
    joined: set[str] = field(default_factory=set)  # his buy-in is counted
    unaudited: int = 0
    first: HandStacks | None = None


class SessionTracker:
    """Follows each player's money through the logs of a run, hand by hand in file
    order; ``feed`` returns the rows of a log once the next one starts, ``close`` those
    of the last."""

    def __init__(self) -> None:
        self._log: _Log | None = None

    def reading(self, source: str) -> bool:
        """Whether the hands fed last were of ``source``."""
        return self._log is not None and self._log.source == source

    def feed(self, source: str, stacks: HandStacks | None) -> list[SessionRow]:
        """One hand of ``source`` (``stacks`` None: the hand was not audited)."""
        done: list[SessionRow] = []
        log = self._log
        if log is None or log.source != source:
            done = self.close()
            log = self._log = _Log(source)
        if stacks is None:
            log.unaudited += 1
            return done
        if not stacks.logged:
            return done  # a site that does not log stack changes has no sessions
        if log.first is None:
            log.first = stacks
        self._apply(log, stacks, stacks.changes)
        for player, _, _, start, final in stacks.seats:
            row = self._row(log, stacks, player)
            if player not in log.joined and player not in log.stack and player not in log.away:
                row.bought_in += start  # at the table when the log starts
                log.joined.add(player)
            row.hands += 1
            row.net += final - start
            log.stack[player] = final
        self._apply(log, stacks, stacks.later)
        return done

    def close(self) -> list[SessionRow]:
        """The rows of the log being read (none once given)."""
        log, self._log = self._log, None
        if log is None or log.first is None:
            return []
        rows = list(log.rows.values())
        for row in rows:
            row.final_stack = log.stack.get(row.player, log.away.get(row.player, 0))
            row.unaudited_hands = log.unaudited
        return rows

    @staticmethod
    def _row(log: _Log, stacks: HandStacks, player: str) -> SessionRow:
        row = log.rows.get(player)
        if row is None:
            row = log.rows[player] = SessionRow(
                stacks.source, stacks.site, stacks.table, stacks.currency, stacks.decimals,
                player)
        return row

    def _apply(self, log: _Log, stacks: HandStacks, moves: tuple[Move, ...]) -> None:
        for player, kind, amount, before, after in moves:
            row = self._row(log, stacks, player)
            if kind == "join":  # an approved buy-in, a tournament entry
                row.bought_in += amount or 0
                log.joined.add(player)
            elif kind == "host_set":
                row.adjusted += amount or 0
            elif kind == "top_up":  # a rebuy: the log gives the stack it brings him to
                if after is not None:
                    row.bought_in += after - log.stack.get(player, 0)
            elif kind == "leave":
                if amount is None:  # stood up: his stack waits for him
                    log.away[player] = log.stack.pop(player, before or 0)
                else:  # quit: he takes his stack
                    row.cashed_out -= amount
                    log.stack.pop(player, None)
                    log.away.pop(player, None)
                continue
            elif kind == "other" and player not in log.joined and player not in log.stack \
                    and player not in log.away and after is not None:
                row.bought_in += after  # sat down with a stack no buy-in was logged for
                log.joined.add(player)
            if after is not None and kind != "queued":
                log.stack[player] = after
                log.away.pop(player, None)


def sessions_table(rows: Sequence[SessionRow]) -> pa.Table:
    """The ``sessions`` table of session rows (each in its own log's decimals)."""
    if not rows:
        return SESSIONS.empty()
    decimals = [r.decimals for r in rows]
    columns: list[Any] = []
    for column in SESSIONS.columns:
        values = [getattr(r, column.name) for r in rows]
        columns.append(money_array(column, values, decimals) if column.kind == "money"
                       else values)
    return SESSIONS.to_arrow(columns)
