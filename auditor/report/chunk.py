"""A chunk of hands' report rows, gathered as plain values and converted column by column.

Auditing files, a record object per row and a ``Decimal`` per amount would cost more than
the rest of the report together. Instead each hand leaves tuples (:data:`HandRow`,
:data:`FindingRow`) and the engine's own payout rows, amounts still integers of the hand's
smallest unit, and a whole chunk becomes Arrow at once. Money stays exact on the way: an
integer of cents *is* a ``decimal128`` with two decimals, byte for byte.

Nothing here uses ``pyarrow.compute`` (whose import alone costs more than auditing a
small file): Arrow builds the arrays from Python integers and strings in C, as fast as
the compute kernels would convert them. In the compiled build, the hands' and payouts'
string, integer and money columns are written as Arrow's buffers by a C loop over the
rows (``_columns.c``), a third of the time of ``pyarrow.array``'s generic conversion.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from importlib import import_module
from operator import itemgetter, mul
from typing import Any, TypeAlias

import pyarrow as pa

from auditor.engine.result import PayoutRow
from auditor.report.records import CURRENCY, FindingRow, HandRow, money
from auditor.report.schema import (
    FINDINGS,
    HANDS,
    MONEY_PRECISION,
    MONEY_SCALE,
    MONEY_TYPE,
    PAYOUTS,
    Column,
    TableSchema,
)
from auditor.report.writer import HandKey, ReportTables

_CENTS = pa.decimal128(MONEY_PRECISION, 0)  # the money type's bytes, read as whole cents
_PAYOUT_AMOUNTS = tuple(c.name for c in PAYOUTS.columns if c.kind == "money")


def money_array(column: Column, units: Sequence[int | None],
                decimals: Sequence[int]) -> pa.Array:
    """The money ``column`` of amounts in the smallest unit, ``decimals[i]`` the decimals
    of the unit of ``units[i]`` (files mix chips and cash); exact, or ValueError."""
    return _money_array(column, units, decimals, to_cents(decimals))


Factors: TypeAlias = int | list[int] | None
"""What makes amounts whole cents: one factor for all of them, a factor per amount, or
None where some unit is finer than a cent."""


def to_cents(decimals: Sequence[int]) -> Factors:
    """The factors that turn amounts of units of ``decimals`` into cents: worked out once
    for a table's money columns, which share their rows' decimals."""
    scales = set(decimals)
    if max(scales, default=0) > MONEY_SCALE:
        return None
    if len(scales) > 1:  # a chunk of chips and cash: a factor per amount
        by_scale = {d: 10 ** (MONEY_SCALE - d) for d in scales}
        return list(map(by_scale.__getitem__, decimals))
    return 10 ** (MONEY_SCALE - scales.pop()) if scales else 1


def _money_array(column: Column, units: Sequence[int | None], decimals: Sequence[int],
                 factors: Factors) -> pa.Array:
    if factors is not None:
        if isinstance(factors, list):
            try:  # (operator.mul in C; a null stops it)
                units = list(map(mul, units, factors))
            except TypeError:
                units = [None if u is None else u * f
                         for u, f in zip(units, factors, strict=True)]
        elif factors != 1:
            units = [None if u is None else u * factors for u in units]
        cents = _cents(units)
        if cents is None:
            try:
                cents = pa.array(units, _CENTS)
            except (pa.ArrowInvalid, OverflowError):
                cents = None  # more digits than the money type holds: the Decimal way says so
        if cents is not None:
            return column.to_arrow(cents.view(MONEY_TYPE))
    # Units finer than a cent (which must still come to whole cents) are rare.
    return column.to_arrow([money(u, d) for u, d in zip(units, decimals, strict=True)])


def _cents(units: Sequence[int | None]) -> pa.Array | None:
    """Whole cents as ``decimal128(MONEY_PRECISION, 0)``, written as its bytes, or None
    where that cannot be done (an amount beyond 64 bits, a big-endian machine).

    Arrow converts a Python int to a decimal at about 140 ns, and to an int64 at 30. A
    decimal128 is two 64-bit words, the low one first (little-endian): each amount goes
    in as its int64, and the high word is its sign, 0 or -1 (each byte of it the top
    byte of the int64 made 00 or FF). Every int64 has fewer digits (19) than the money
    type's precision (20)."""
    if _BIG_ENDIAN:
        return None
    validity = None
    try:
        low = array("q", units)  # type: ignore[arg-type]
    except OverflowError:  # beyond 64 bits
        return None
    except TypeError:  # a null: Arrow's int64 conversion gives the validity bitmap
        try:
            ints = pa.array(units, pa.int64())
        except (pa.ArrowInvalid, pa.ArrowTypeError, TypeError, OverflowError):
            return None
        validity, data = ints.buffers()
        low = array("q")
        # (A null's slot holds some int64 whose two words the bitmap hides.)
        low.frombytes(memoryview(data)[: 8 * len(ints)])  # type: ignore[union-attr]
    n = len(low)
    words = array("q", bytes(16 * n))
    words[0::2] = low
    signs = low.tobytes()[7::8].translate(_SIGN)
    if b"\xff" in signs:
        high = bytearray(8 * n)
        for k in range(8):
            high[k::8] = signs
        words[1::2] = array("q", high)
    return pa.Array.from_buffers(_CENTS, n, [validity, pa.py_buffer(words)])


_SIGN = bytes(0 if b < 0x80 else 0xFF for b in range(256))
_BIG_ENDIAN = sys.byteorder != "little"


def check_cents(findings: Sequence[FindingRow], payouts: Sequence[PayoutRow],
                decimals: int) -> None:
    """Raise ValueError, as :func:`money` does, when an amount of one hand is finer than
    the report's cents (only a currency of more than two decimals can have one), so that
    the hand, not the chunk it is in, fails."""
    if decimals <= MONEY_SCALE:
        return
    for row in findings:
        money(row[-2], decimals)
        money(row[-1], decimals)
    for payout in payouts:
        for name in _PAYOUT_AMOUNTS:
            money(getattr(payout, name), decimals)


def findings_table(rows: Sequence[FindingRow], decimals: Sequence[int],
                   currencies: Sequence[str]) -> pa.Table:
    """The ``findings`` table of plain rows, ``decimals[i]`` those of row i's amounts and
    ``currencies[i]`` its hand's currency."""
    if not rows:
        return FINDINGS.empty()
    *columns, expected, observed = zip(*rows, strict=True)
    return FINDINGS.to_arrow([
        *columns,
        money_array(FINDINGS.column("expected"), expected, decimals),
        money_array(FINDINGS.column("observed"), observed, decimals),
        list(currencies),
    ])


# The hands' keys kept beside their table (False: read back out of it, the plain way).
KEEP_KEYS = True


def _columns_in_c() -> Any:
    """The compiled build's C module of the report's columns (``_columns.c``), or None."""
    try:
        return import_module("auditor.report._columns")
    except ImportError:
        return None


_IN_C = _columns_in_c()
# The string, integer and money columns of the hands and payouts tables written as
# Arrow's buffers in C where compiled (False: each by ``pyarrow.array``, the plain way,
# which the C must never differ from: tests/report/test_columns_in_c.py).
COLUMNS_IN_C = True
_C_TYPES = {"string": pa.string(), "int": pa.int64(), "money": MONEY_TYPE}


def _from_c(column: Column, rows: list[Any], index: int, owners: list[int] | None = None,
            factors: Factors = None) -> pa.Array | None:
    """``column`` of ``rows[owners[i]][index]`` (``rows[i][index]`` where ``owners`` is
    None; amounts times ``factors``) from buffers written in C; None where there is no
    C module, or where it leaves the rows to the Python path (a value of another type, a
    null in a column that allows none, an amount too large): that path says what is
    wrong."""
    if _IN_C is None or not COLUMNS_IN_C:
        return None
    kind = column.kind
    if kind == "string":
        found = _IN_C.strings(rows, index, owners, column.nullable)
    elif owners is not None:
        return None
    elif kind == "int":
        found = _IN_C.integers(rows, index)
    elif kind == "money" and factors is not None:
        found = _IN_C.cents(rows, index, factors)
    else:
        return None
    if found is None or (found[0] is not None and not column.nullable):
        return None
    validity, *data = found
    return pa.Array.from_buffers(
        _C_TYPES[kind], len(rows) if owners is None else len(owners),
        [None if validity is None else pa.py_buffer(validity), *map(pa.py_buffer, data)])


def _table(schema: TableSchema, columns: list[pa.Array | Sequence[Any]]) -> pa.Table:
    """A table of ``schema`` from its columns: Arrow arrays as they are (built for their
    column), Python values converted by their column."""
    return pa.Table.from_arrays(
        [c if isinstance(c, pa.Array) else column.to_arrow(c)
         for column, c in zip(schema.columns, columns, strict=True)], schema=schema.arrow)


class ChunkRows:
    """The report rows of consecutive hands, held as plain values until :meth:`tables`."""

    def __init__(self) -> None:
        self._hands: list[HandRow] = []
        self._finding_counts: list[int] = []
        self._findings: list[FindingRow] = []
        self._finding_decimals: list[int] = []
        self._finding_currencies: list[str] = []
        self._payouts: list[PayoutRow] = []
        # For each payout row: its hand's index in _hands, and its hand's decimals.
        self._payout_owners: list[int] = []
        self._payout_decimals: list[int] = []
        self._payout_counts: list[int] = []  # payout rows per hand

    def add(self, hand: HandRow, findings: Sequence[FindingRow],
            payouts: Sequence[PayoutRow], decimals: int) -> None:
        """One hand's rows; ``decimals`` is how many decimals its amounts have."""
        if findings:
            self._findings += findings
            self._finding_decimals += [decimals] * len(findings)
            self._finding_currencies += [hand[CURRENCY]] * len(findings)
        if payouts:
            self._payouts += payouts
            self._payout_owners += [len(self._hands)] * len(payouts)
            self._payout_decimals += [decimals] * len(payouts)
        self._hands.append(hand)
        self._finding_counts.append(len(findings))
        self._payout_counts.append(len(payouts))

    def payout_counts(self) -> list[int]:
        """How many payout rows each hand has, in hand order."""
        # (Counted as the hands come: counting the owners here was a loop a payout row.)
        return list(self._payout_counts)

    def tables(self) -> ReportTables:
        """The rows as Arrow tables with the report's schemas."""
        return ReportTables(self._hands_table(),
                            findings_table(self._findings, self._finding_decimals,
                                           self._finding_currencies),
                            self._payouts_table(), self._keys() if KEEP_KEYS else None)

    def _keys(self) -> list[HandKey]:
        # As the hands table holds them: an empty site, hand id or start is null there.
        return [(r[0], r[2], r[4] or None, r[1] or None, r[11] or None, r[13])
                for r in self._hands]

    def _hands_table(self) -> pa.Table:
        if not self._hands:
            return HANDS.empty()
        hands = self._hands
        if _IN_C is None or not COLUMNS_IN_C:
            return HANDS.to_arrow([*zip(*hands, strict=True), self._finding_counts])
        columns: list[pa.Array | Sequence[Any]] = []
        for i, column in enumerate(HANDS.columns[:-1]):  # (the findings counted last)
            built = _from_c(column, hands, i)
            columns.append(list(map(itemgetter(i), hands)) if built is None else built)
        return _table(HANDS, [*columns, self._finding_counts])

    def _payouts_table(self) -> pa.Table:
        if not self._payouts:
            return PAYOUTS.empty()
        hands = self._hands
        owners = self._payout_owners

        def per_hand(column: int) -> list[str | None]:
            return [hands[i][column] for i in owners]

        decimals = self._payout_decimals
        factors = to_cents(decimals)  # once for the five money columns

        def amounts(name: str, units: list[int | None]) -> pa.Array:
            return _money_array(PAYOUTS.column(name), units, decimals, factors)

        if _IN_C is not None and COLUMNS_IN_C:
            return self._payouts_table_in_c(factors)
        # The rows are tuples: one zip takes them apart into columns, in C.
        player, seat, contributed, returned, won_stated, won_replayed, net = zip(
            *self._payouts, strict=True)
        return PAYOUTS.to_arrow([
            per_hand(0),  # source
            per_hand(1),  # hand id
            per_hand(4),  # site
            per_hand(CURRENCY),
            player,
            seat,
            amounts("contributed", contributed),
            amounts("returned", returned),
            amounts("won_stated", won_stated),
            amounts("won_replayed", won_replayed),
            amounts("net", net),
        ])

    def _payouts_table_in_c(self, factors: Factors) -> pa.Table:
        """The payouts table with its columns written in C, each that the C leaves to
        Python (see ``_from_c``) converted as ``_payouts_table`` converts it, in the same
        order (the amounts first), so that a chunk it refuses fails the same way."""
        hands, owners, payouts = self._hands, self._payout_owners, self._payouts
        amounts: dict[int, pa.Array] = {}
        for index, column in enumerate(PAYOUTS.columns[4:]):
            if column.kind == "money":
                built = _from_c(column, payouts, index, factors=factors)
                amounts[index] = built if built is not None else _money_array(
                    column, list(map(itemgetter(index), payouts)), self._payout_decimals,
                    factors)
        columns: list[pa.Array | Sequence[Any]] = []
        # The hand's own columns (source, hand id, site, currency), row by payout row.
        for column, index in zip(PAYOUTS.columns[:4], (0, 1, 4, CURRENCY), strict=True):
            built = _from_c(column, hands, index, owners)
            columns.append([hands[i][index] for i in owners] if built is None else built)
        for index, column in enumerate(PAYOUTS.columns[4:]):
            built = amounts[index] if index in amounts else _from_c(column, payouts, index)
            columns.append(list(map(itemgetter(index), payouts)) if built is None else built)
        return _table(PAYOUTS, columns)
