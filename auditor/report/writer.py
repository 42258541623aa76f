"""Writing a report: one interface for every format, memory flat in the number of hands.

``hands`` and ``payouts`` rows go to disk chunk by chunk in the order given (the caller
feeds them source by source, in file order). ``findings`` rows are held compactly until
:meth:`ReportWriter.close`, which writes them in the contract's total order::

    with open_report(out_dir, "parquet") as report:
        for result in results:
            report.add(result.hands, result.findings, result.payouts)
    summary = report.summary
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import dataclass, field
from operator import attrgetter
from pathlib import Path
from types import TracebackType
from typing import Any, Literal

import pyarrow as pa
import pyarrow.compute as pc

from auditor.model.finding import SEVERITIES
from auditor.report.csv_writer import CsvSink
from auditor.report.parquet_writer import ParquetSink
from auditor.report.records import FindingRecord, HandRecord, PayoutRecord
from auditor.report.schema import FINDINGS, HANDS, PAYOUTS, STATUSES, TABLES, TableSchema
from auditor.report.sink import (
    TableSink,
    lock_folder,
    remove_leftovers,
    unlock_folder,
)
from auditor.report.sorted_table import SortedTable

Format = Literal["parquet", "csv"]
FORMATS: tuple[Format, ...] = ("parquet", "csv")

DEFAULT_CHUNK_ROWS = 65_536


@dataclass(frozen=True, slots=True, kw_only=True)
class ReportSummary:
    """What a finished report holds, for the CLI to print.

    ``files`` counts the source files seen (in hands or findings); ``tables`` maps each
    table name to the file written for it. Every status and severity is a key, zeros
    included; ``findings_by_code`` holds the codes found, in code order.
    """

    out_dir: Path
    format: Format
    tables: dict[str, Path]
    files: int
    hands_by_status: dict[str, int]
    findings_by_code: dict[str, int]
    findings_by_severity: dict[str, int]
    payouts: int

    @property
    def hands(self) -> int:
        """Hands seen, whatever their status."""
        return sum(self.hands_by_status.values())

    @property
    def findings(self) -> int:
        """Findings of every severity."""
        return sum(self.findings_by_severity.values())

    @property
    def errors(self) -> int:
        """Findings of severity error (the CLI exits 1 when there is any)."""
        return self.findings_by_severity["error"]


@dataclass(slots=True)
class _Tally:
    """The counts behind the summary, updated row by row."""

    sources: set[str] = field(default_factory=set)
    statuses: Counter[str] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)
    severities: Counter[str] = field(default_factory=Counter)
    payouts: int = 0


class _ChunkedTable:
    """Records of one table gathered into chunks of ``chunk_rows`` and converted to Arrow
    one chunk at a time, so the Python objects of only one chunk are alive at once.
    Tables already in Arrow (from worker processes) join the same chunks, in order."""

    def __init__(self, schema: TableSchema, chunk_rows: int, emit: Any) -> None:
        self._schema = schema
        self._row_of = attrgetter(*schema.names)  # record fields are named as the columns
        self._chunk_rows = chunk_rows
        self._emit = emit
        self._rows: list[tuple[Any, ...]] = []
        self._tables: list[pa.Table] = []
        self._table_rows = 0

    def append(self, record: Any) -> None:
        if self._tables:
            self._flush_tables()
        self._rows.append(self._row_of(record))
        if len(self._rows) >= self._chunk_rows:
            self.flush()

    def append_table(self, table: pa.Table) -> None:
        if self._rows:
            self._flush_rows()
        if table.num_rows:
            self._tables.append(table)
            self._table_rows += table.num_rows
            if self._table_rows >= self._chunk_rows:
                self._flush_tables()

    def flush(self) -> None:
        self._flush_rows()
        self._flush_tables()

    def _flush_rows(self) -> None:
        if self._rows:
            rows, self._rows = self._rows, []
            self._emit(self.to_arrow(rows))

    def _flush_tables(self) -> None:
        if self._tables:
            tables, self._tables, self._table_rows = self._tables, [], 0
            self._emit(pa.concat_tables(tables).combine_chunks())

    def to_arrow(self, rows: list[tuple[Any, ...]]) -> pa.Table:
        return self._schema.to_arrow(list(zip(*rows, strict=True)))


@dataclass(frozen=True, slots=True)
class ReportTables:
    """One batch of report rows already converted to Arrow (what a worker sends back:
    compact, and Arrow buffers pickle without per-value work)."""

    hands: pa.Table
    findings: pa.Table
    payouts: pa.Table


class ReportWriter:
    """A report being written to ``out_dir``; get one from :func:`open_report`.

    Call :meth:`add` as often as needed, then :meth:`close` (or leave a ``with`` block).
    The tables appear under their final names only when :meth:`close` succeeds; an error
    inside the ``with`` block discards them. The folder is locked while the report is
    open (a second report into it raises ``sink.ReportBusy``), and the partial files and
    spill folders of runs that died there are removed when it opens.
    """

    def __init__(
        self,
        out_dir: Path,
        fmt: Format,
        *,
        chunk_rows: int = DEFAULT_CHUNK_ROWS,
        findings_memory: int = 128 * 2**20,
    ) -> None:
        if fmt not in FORMATS:
            raise ValueError(f"unknown report format {fmt!r}; expected one of {FORMATS}")
        if chunk_rows < 1:
            raise ValueError("chunk_rows must be positive")
        out_dir = Path(out_dir)
        out_dir.mkdir(parents=True, exist_ok=True)
        self.out_dir = out_dir
        self.format: Format = fmt
        self._sinks: dict[str, TableSink] = {}
        self._lock = lock_folder(out_dir)
        try:
            remove_leftovers(out_dir)
            for schema in TABLES.values():
                path = out_dir / f"{schema.name}.{fmt}"
                self._sinks[schema.name] = (
                    ParquetSink(path, schema, row_group_rows=chunk_rows)
                    if fmt == "parquet"
                    else CsvSink(path, schema)
                )
        except BaseException:
            self._abort_sinks()
            unlock_folder(self._lock)
            raise
        self._sorted_findings = SortedTable(
            FINDINGS, spill_parent=out_dir, memory_budget=findings_memory, batch_rows=chunk_rows
        )
        self._hands = _ChunkedTable(HANDS, chunk_rows, self._sinks[HANDS.name].write)
        self._payouts = _ChunkedTable(PAYOUTS, chunk_rows, self._sinks[PAYOUTS.name].write)
        self._findings = _ChunkedTable(FINDINGS, chunk_rows, self._sorted_findings.add)
        self._tally = _Tally()
        self._summary: ReportSummary | None = None
        self._aborted = False

    def add(
        self,
        hands: Iterable[HandRecord] = (),
        findings: Iterable[FindingRecord] = (),
        payouts: Iterable[PayoutRecord] = (),
    ) -> None:
        """Add rows to the three tables. Hands and payouts keep the order given."""
        self._check_open()
        tally = self._tally
        for hand in hands:
            self._hands.append(hand)
            tally.sources.add(hand.source)
            tally.statuses[hand.status] += 1
        for finding in findings:
            self._findings.append(finding)
            tally.sources.add(finding.source)
            tally.codes[finding.code] += 1
            tally.severities[finding.severity] += 1
        for payout in payouts:
            self._payouts.append(payout)
            tally.payouts += 1

    def add_tables(self, tables: ReportTables) -> None:
        """Add rows already in Arrow (see ``report.chunk``), after those added before."""
        self._check_open()
        tally = self._tally
        hands, findings = tables.hands, tables.findings
        if hands.num_rows:
            self._hands.append_table(hands)
            tally.sources.update(pc.unique(hands["source"]).to_pylist())
            tally.statuses.update(_counts(hands["status"]))
        if findings.num_rows:
            self._findings.append_table(findings)
            tally.sources.update(pc.unique(findings["source"]).to_pylist())
            tally.codes.update(_counts(findings["code"]))
            tally.severities.update(_counts(findings["severity"]))
        if tables.payouts.num_rows:
            self._payouts.append_table(tables.payouts)
            tally.payouts += tables.payouts.num_rows

    def close(self) -> ReportSummary:
        """Write what is left, the sorted findings included, and move the tables into
        place. Calling it again returns the same summary."""
        if self._summary is not None:
            return self._summary
        self._check_open()
        try:
            self._hands.flush()
            self._payouts.flush()
            self._findings.flush()
            findings_sink = self._sinks[FINDINGS.name]
            for table in self._sorted_findings.sorted_tables():
                findings_sink.write(table)
            # Every file complete before any is moved into place: a full disk while
            # finishing the last one must not leave the others of this run beside the
            # older ones of another.
            for sink in self._sinks.values():
                sink.finish()
            for sink in self._sinks.values():
                sink.close()
        except BaseException:
            self.abort()
            raise
        self._sorted_findings.discard()
        unlock_folder(self._lock)
        self._lock = None
        self._summary = self._summarize()
        return self._summary

    def abort(self) -> None:
        """Stop without writing the report; tables already at their final paths (from an
        earlier run) are left alone."""
        self._aborted = True
        self._abort_sinks()
        self._sorted_findings.discard()
        unlock_folder(self._lock)
        self._lock = None

    @property
    def summary(self) -> ReportSummary:
        """The summary of a closed report."""
        if self._summary is None:
            raise RuntimeError("the report is not closed yet")
        return self._summary

    def __enter__(self) -> ReportWriter:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc_type is None:
            self.close()
        elif not self._aborted and self._summary is None:
            self.abort()

    def _check_open(self) -> None:
        if self._aborted:
            raise RuntimeError("the report was aborted")
        if self._summary is not None:
            raise RuntimeError("the report is closed")

    def _abort_sinks(self) -> None:
        for sink in self._sinks.values():
            # Best effort: the error that made us abort is the one to report.
            with suppress(Exception):
                sink.abort()

    def _summarize(self) -> ReportSummary:
        t = self._tally
        return ReportSummary(
            out_dir=self.out_dir,
            format=self.format,
            tables={name: sink.path for name, sink in self._sinks.items()},
            files=len(t.sources),
            hands_by_status={s: t.statuses[s] for s in STATUSES},
            findings_by_code=dict(sorted(t.codes.items())),
            findings_by_severity={s: t.severities[s] for s in SEVERITIES},
            payouts=t.payouts,
        )


def _counts(column: pa.ChunkedArray) -> dict[str, int]:
    """How often each value occurs in a string or dictionary column."""
    if pa.types.is_dictionary(column.type):
        column = column.cast(column.type.value_type)
    return {str(v["values"]): v["counts"] for v in pc.value_counts(column).to_pylist()}


def open_report(
    out_dir: Path,
    fmt: Format = "parquet",
    *,
    chunk_rows: int = DEFAULT_CHUNK_ROWS,
    findings_memory: int = 128 * 2**20,
) -> ReportWriter:
    """Start a report in ``out_dir`` (created if missing): ``findings``, ``hands`` and
    ``payouts`` as ``.parquet`` or ``.csv`` files.

    ``chunk_rows`` is how many rows are converted and written at a time (the Parquet row
    group size); ``findings_memory`` the Arrow bytes of findings held before sorted runs
    spill to a temporary directory in ``out_dir``.
    """
    return ReportWriter(out_dir, fmt, chunk_rows=chunk_rows, findings_memory=findings_memory)
