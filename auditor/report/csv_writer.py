"""CSV output: UTF-8 with a byte-order mark, RFC 4180, one header row, then rows appended
chunk by chunk.

Values are written so that a reader needs no guessing, and spreadsheets keep them as
they are: every text cell is quoted (hand ids stay text: Excel would turn an unquoted
``257180854570`` into a number), numbers are not; money is plain exact decimals with the
currency's two decimals (``0.00``, ``1.50``), and whole chips without them (``1500``);
times are ISO 8601 in UTC (``2024-01-02T08:04:05Z``); nulls are empty fields. The
byte-order mark lets Excel read ``Søren`` as UTF-8. An empty field is null in a nullable
column and the empty string otherwise (see ``schema.Column``). ``report.reader`` reads a
CSV report back exactly.

Text cells are neutralised against formula injection (OWASP, "CSV Injection"): a player
named ``=HYPERLINK(…)`` must not run in a spreadsheet. A text cell that starts with
``=``, ``+``, ``-``, ``@``, TAB or CR gets a leading ``'``, and so does one that starts
with ``'`` itself, so that the escape can be undone: ``read_report`` drops one leading
``'`` from every text cell and gives back the original text. Money and counts are not text
and stay plain numbers (``-1.50`` is a number, not a formula).
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pyarrow as pa

from auditor.lean_imports import arrow_compute
from auditor.report.schema import Column, TableSchema
from auditor.report.sink import discard, open_partial

CHIP_UNITS = frozenset({"CHIPS", "TOURNAMENT-CHIPS"})
_WHOLE = Decimal(1)


def format_money(values: pa.ChunkedArray | pa.Array,
                 currencies: pa.ChunkedArray | pa.Array | None = None) -> list[Any]:
    """Decimal amounts as exact numbers for the CSV writer: two decimals in a currency
    (``0.00``, ``1.50``), whole chips without them (``1500``; ``0.50`` stays ``0.50``)."""
    amounts = values.to_pylist()
    if currencies is None:
        return amounts
    out: list[Any] = []
    for amount, unit in zip(amounts, currencies.to_pylist(), strict=True):
        if amount is not None and unit in CHIP_UNITS and amount == amount.to_integral_value():
            amount = amount.quantize(_WHOLE)
        out.append(amount)
    return out


# Text a spreadsheet would take for a formula, and the escape itself.
FORMULA_START = r"^['=+\-@\t\r]"


def neutralised(values: pa.ChunkedArray | pa.Array) -> pa.ChunkedArray | pa.Array:
    """Text cells with a ``'`` before a leading ``= + - @`` TAB, CR or ``'``."""
    pc = arrow_compute()
    risky = pc.match_substring_regex(values, FORMULA_START)
    if not pc.any(risky).as_py():
        return values
    return pc.if_else(risky, pc.binary_join_element_wise("'", values, ""), values)


def restored(values: pa.ChunkedArray | pa.Array) -> pa.ChunkedArray | pa.Array:
    """The text ``neutralised`` escaped (one leading ``'`` dropped)."""
    return arrow_compute().replace_substring_regex(values, pattern="^'", replacement="",
                                                   max_replacements=1)


def _cells(column: Column, values: pa.ChunkedArray, table: pa.Table) -> list[Any]:
    """One column as the Python values ``csv.writer`` writes: text as ``str`` (quoted),
    numbers and money as numbers (not quoted), nulls as None (an empty field)."""
    if column.kind == "money":
        units = table.column("currency") if "currency" in table.column_names else None
        return format_money(values, units)
    pc = arrow_compute()
    if column.kind == "category":
        values = pc.cast(values, pa.string())
    elif column.kind == "timestamp":
        # Whole seconds, as the sites print them (Arrow's %S would add microseconds).
        seconds = pc.cast(values, pa.timestamp("s", tz="UTC"), safe=False)
        values = pc.strftime(seconds, format="%Y-%m-%dT%H:%M:%SZ")
    elif column.kind == "string":
        values = neutralised(values)
    return values.to_pylist()


class _Writer:
    """RFC 4180 rows with every text quoted and numbers bare, None as an empty field
    (``csv.writer`` with ``QUOTE_NONNUMERIC`` would write it as a quoted empty string,
    which reads back as "" rather than null)."""

    def __init__(self, file: Any) -> None:
        self._file = file

    def writerows(self, rows: Any) -> None:
        write = self._file.write
        line = self._line
        for row in rows:
            write(line(row))

    @staticmethod
    def _line(row: tuple[Any, ...]) -> str:
        cells = []
        for value in row:
            if value is None:
                cells.append("")
            elif isinstance(value, str):
                cells.append('"' + value.replace('"', '""') + '"')
            else:
                cells.append(str(value))
        return ",".join(cells) + "\r\n"


class CsvSink:
    """A table written as CSV; the header is written at once, so an empty table is still a
    file with every column."""

    def __init__(self, path: Path, schema: TableSchema) -> None:
        self.path = path
        self._schema = schema
        # newline="": the rows carry their own RFC 4180 "\r\n", so that a bare "\r" inside a
        # quoted value stays inside it. The byte-order mark lets Excel read UTF-8.
        self._partial, self._file = open_partial(path, "w", encoding="utf-8-sig", newline="")
        try:
            self._csv = _Writer(self._file)
            self._file.write(",".join(schema.names) + "\r\n")  # plain names: never quoted
        except BaseException:
            discard(self._partial, self._file)
            raise

    def write(self, table: pa.Table) -> None:
        """Append the rows of ``table``."""
        columns = [_cells(c, table.column(c.name), table) for c in self._schema.columns]
        self._csv.writerows(zip(*columns, strict=True))

    def finish(self) -> None:
        """Flush the file."""
        self._file.close()

    def close(self) -> None:
        """Flush and move the file into place."""
        self.finish()
        self._partial.replace(self.path)

    def abort(self) -> None:
        """Drop the partial file."""
        discard(self._partial, self._file)
