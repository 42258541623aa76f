"""CSV output: UTF-8 (no BOM), RFC 4180, one header row, then rows appended chunk by chunk.

Values are written so that a reader needs no guessing: money as plain exact decimals
(``0.05``, ``1.50``, ``1500``: whole amounts without ``.00``, so chips read as chips), nulls
as empty fields. Quoting is minimal, as pandas and spreadsheets write it. An empty field is
null in a nullable column and the empty string otherwise (see ``schema.Column``).

Text cells are neutralised against formula injection (OWASP, "CSV Injection"): a player
named ``=HYPERLINK(…)`` must not run in a spreadsheet. A text cell that starts with
``=``, ``+``, ``-``, ``@``, TAB or CR gets a leading ``'``, and so does one that starts
with ``'`` itself, so that the escape can be undone: ``read_report`` drops one leading
``'`` from every text cell and gives back the original text. Money and counts are not text
and stay plain numbers (``-1.50`` is a number, not a formula).
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from auditor.report.schema import Column, TableSchema
from auditor.report.sink import discard, open_partial


def format_money(values: pa.ChunkedArray | pa.Array) -> pa.Array | pa.ChunkedArray:
    """Decimal amounts as exact plain text: ``0.05``, ``1.50``, ``1500`` (not ``1500.00``)."""
    text = pc.cast(values, pa.string())
    return pc.replace_substring_regex(text, pattern=r"\.00$", replacement="")


# Text a spreadsheet would take for a formula, and the escape itself.
FORMULA_START = r"^['=+\-@\t\r]"


def neutralised(values: pa.ChunkedArray | pa.Array) -> pa.ChunkedArray | pa.Array:
    """Text cells with a ``'`` before a leading ``= + - @`` TAB, CR or ``'``."""
    risky = pc.match_substring_regex(values, FORMULA_START)
    if not pc.any(risky).as_py():
        return values
    return pc.if_else(risky, pc.binary_join_element_wise("'", values, ""), values)


def restored(values: pa.ChunkedArray | pa.Array) -> pa.ChunkedArray | pa.Array:
    """The text ``neutralised`` escaped (one leading ``'`` dropped)."""
    return pc.replace_substring_regex(values, pattern="^'", replacement="", max_replacements=1)


def _cells(column: Column, values: pa.ChunkedArray) -> list[Any]:
    """One column as the Python values ``csv.writer`` writes (None becomes empty)."""
    if column.kind == "money":
        values = format_money(values)
    elif column.kind == "category":
        values = pc.cast(values, pa.string())
    elif column.kind == "string":
        values = neutralised(values)
    return values.to_pylist()


class CsvSink:
    """A table written as CSV; the header is written at once, so an empty table is still a
    file with every column."""

    def __init__(self, path: Path, schema: TableSchema) -> None:
        self.path = path
        self._schema = schema
        # newline="": the csv module alone writes line ends. It keeps its RFC 4180 "\r\n":
        # with "\n" it would leave a bare "\r" inside a value unquoted, splitting the row.
        self._partial, self._file = open_partial(path, "w", encoding="utf-8", newline="")
        try:
            self._csv = csv.writer(self._file)
            self._csv.writerow(schema.names)
        except BaseException:
            discard(self._partial, self._file)
            raise

    def write(self, table: pa.Table) -> None:
        """Append the rows of ``table``."""
        columns = [_cells(c, table.column(c.name)) for c in self._schema.columns]
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
