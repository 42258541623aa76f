"""Rows collected in any order and given back sorted, in bounded memory.

The findings table is the one written sorted, so its rows cannot be streamed straight to
disk. They are held as compact Arrow chunks; past a memory budget the chunks are sorted and
spilled to disk as a run, and the runs are merged at the end (an external merge sort). Most
reports never spill: the default budget holds several hundred thousand findings.
"""

from __future__ import annotations

import heapq
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from auditor.lean_imports import arrow_kernels
from auditor.report.schema import TableSchema

Row = tuple[Any, ...]

# Up to this many rows, a table is sorted in Python: importing ``pyarrow.compute`` costs
# more than a small audit (``report.chunk``), and sorting a few thousand rows by the same
# key in Python (:func:`row_sort_key`) takes a few milliseconds.
PYTHON_SORT_ROWS = 2_000


def sort_order(table: pa.Table, schema: TableSchema) -> pa.Array:
    """The row indices of ``table`` in the schema's sort order, nulls first in every key.

    The kernels are called by name (``arrow_kernels``), as ``pyarrow.compute``'s wrappers
    call them: importing those wrappers cost more than sorting a run's 35,000 findings."""
    kernels = arrow_kernels()
    # Arrow cannot sort dictionary columns; their values (strings) are the key.
    to_text = kernels.CastOptions.safe(pa.string())
    keys = pa.Table.from_arrays(
        [
            kernels.call_function("cast", [table[name]], to_text)
            if pa.types.is_dictionary(table.schema.field(name).type)
            else table[name]
            for name in schema.sort_by
        ],
        names=list(schema.sort_by),
    )
    return kernels.call_function("sort_indices", [keys], kernels.SortOptions(
        [(n, "ascending", "at_start") for n in schema.sort_by]))


def take(table: pa.Table, indices: pa.Array) -> pa.Table:
    """``table.take(indices)`` (whose method imports ``pyarrow.compute``)."""
    kernels = arrow_kernels()
    return kernels.call_function("take", [table, indices], kernels.TakeOptions())


def sorted_slices(table: pa.Table, schema: TableSchema, rows: int) -> Iterator[pa.Table]:
    """``table`` in the schema's sort order, ``rows`` rows at a time. Taking slice by slice
    keeps one sorted slice in memory beside ``table`` rather than a sorted copy of it all."""
    if table.num_rows <= PYTHON_SORT_ROWS:
        yield from tables_of(sorted(rows_of(table), key=row_sort_key(schema)), schema, rows)
        return
    order = sort_order(table, schema)
    for start in range(0, len(order), rows):
        yield take(table, order.slice(start, rows))


def rows_of(table: pa.Table | pa.RecordBatch) -> Iterator[Row]:
    """The rows of ``table`` as tuples of Python values in column order."""
    return zip(*(column.to_pylist() for column in table.columns), strict=True)


def tables_of(rows: Iterable[Row], schema: TableSchema, size: int) -> Iterator[pa.Table]:
    """Tables of ``schema`` of ``size`` rows (the last one fewer) holding ``rows``."""
    chunk: list[Row] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) == size:
            yield schema.to_arrow(list(zip(*chunk, strict=True)))
            chunk = []
    if chunk:
        yield schema.to_arrow(list(zip(*chunk, strict=True)))


def row_sort_key(schema: TableSchema) -> Callable[[Row], tuple[tuple[bool, Any], ...]]:
    """A Python key for rows (tuples in column order) equal to :func:`sort_order`'s order:
    nulls first, strings by code point (= Arrow's UTF-8 byte order)."""
    positions = [schema.names.index(n) for n in schema.sort_by]

    def key(row: Row) -> tuple[tuple[bool, Any], ...]:
        return tuple((row[i] is not None, row[i]) for i in positions)

    return key


class SortedTable:
    """Collects tables with ``schema`` and yields them back sorted by ``schema.sort_by``.

    ``memory_budget`` is the Arrow size of rows held before a sorted run is spilled to a
    temporary directory under ``spill_parent``; ``batch_rows`` the size of the tables
    yielded.
    """

    def __init__(
        self,
        schema: TableSchema,
        *,
        spill_parent: Path,
        memory_budget: int = 128 * 2**20,
        batch_rows: int = 65_536,
    ) -> None:
        if not schema.sort_by:
            raise ValueError(f"{schema.name} has no sort order")
        self._schema = schema
        self._spill_parent = spill_parent
        self._memory_budget = memory_budget
        self._batch_rows = batch_rows
        self._held: list[pa.Table] = []
        self._held_bytes = 0
        self._spill_dir: Path | None = None
        self._runs: list[Path] = []

    def add(self, table: pa.Table) -> None:
        """Take some rows; spill a sorted run when over budget."""
        self._held.append(table)
        # The buffers' whole sizes (a slice counts its buffer whole: the budget errs on
        # the safe side), not ``nbytes``, which sorts and merges every array's byte
        # ranges: a thousand instructions a PokerStars hand (bench/LEVERS.md §47).
        self._held_bytes += table.get_total_buffer_size()
        if self._held_bytes > self._memory_budget:
            self._spill()

    def sorted_tables(self) -> Iterator[pa.Table]:
        """Every row added so far, in order, as tables of at most ``batch_rows`` rows."""
        if not self._runs:
            yield from sorted_slices(self._take_held(), self._schema, self._batch_rows)
            return
        self._spill()
        merged = heapq.merge(
            *(self._run_rows(r) for r in self._runs), key=row_sort_key(self._schema)
        )
        yield from tables_of(merged, self._schema, self._batch_rows)

    def discard(self) -> None:
        """Delete spilled runs and forget held rows."""
        self._held.clear()
        self._held_bytes = 0
        if self._spill_dir is not None:
            shutil.rmtree(self._spill_dir, ignore_errors=True)
            self._spill_dir = None
        self._runs.clear()

    def _take_held(self) -> pa.Table:
        table = pa.concat_tables(self._held) if self._held else self._schema.empty()
        self._held = []
        self._held_bytes = 0
        return table

    def _spill(self) -> None:
        if not self._held:
            return
        if self._spill_dir is None:
            # Beside the output: same disk, and removed with the report's other leftovers.
            self._spill_dir = Path(tempfile.mkdtemp(prefix=".sort-runs-", dir=self._spill_parent))
        run = self._spill_dir / f"run-{len(self._runs):05d}.parquet"
        with pq.ParquetWriter(run, self._schema.arrow) as writer:
            for table in sorted_slices(self._take_held(), self._schema, self._batch_rows):
                writer.write_table(table)
        self._runs.append(run)

    def _run_rows(self, run: Path) -> Iterator[Row]:
        for batch in pq.ParquetFile(run).iter_batches(batch_size=self._batch_rows):
            yield from rows_of(batch)
