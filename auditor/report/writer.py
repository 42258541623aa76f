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

import json
from collections import Counter
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import dataclass, field
from operator import attrgetter
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, TypeAlias

import pyarrow as pa

from auditor.model.finding import SEVERITIES
from auditor.report.csv_writer import CsvSink
from auditor.report.parquet_writer import ParquetSink
from auditor.report.records import FindingRecord, HandRecord, PayoutRecord
from auditor.report.schema import (
    FINDINGS,
    HANDS,
    PAYOUTS,
    SESSIONS,
    STATUSES,
    TABLES,
    TableSchema,
)
from auditor.report.sink import (
    TableSink,
    lock_folder,
    open_partial,
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

    out_dir: Path | None  # None: nothing was written (no ``-o``)
    format: Format
    tables: dict[str, Path]
    files: int
    hands_by_status: dict[str, int]
    findings_by_code: dict[str, int]
    findings_by_severity: dict[str, int]
    payouts: int
    severities_by_code: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The severities each code's findings were reported with (the configuration's)."""
    sessions: int = 0  # rows of the sessions table

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
    """The counts behind the summary, updated row by row or table by table."""

    sources: set[str] = field(default_factory=set)
    statuses: Counter[str] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)
    severities: Counter[str] = field(default_factory=Counter)
    reported: Counter[tuple[str, str]] = field(default_factory=Counter)  # (code, severity)
    payouts: int = 0
    sessions: int = 0

    def hand(self, hand: HandRecord) -> None:
        self.sources.add(hand.source)
        self.statuses[hand.status] += 1

    def finding(self, finding: FindingRecord) -> None:
        self.sources.add(finding.source)
        self.codes[finding.code] += 1
        self.severities[finding.severity] += 1
        self.reported[(finding.code, finding.severity)] += 1

    def tables(self, tables: ReportTables) -> None:
        hands, findings = tables.hands, tables.findings
        # Counted in Python, a few hundred rows a chunk: ``Table.group_by`` would import
        # pyarrow's dataset module and with it pandas (about 0.2 s), and the compute
        # functions cost more to import than a small audit (``report.chunk``).
        if hands.num_rows:
            keys = tables.hand_keys()
            self.sources.update([key[0] for key in keys])
            self.statuses.update([key[-1] for key in keys])
        if findings.num_rows:
            codes = findings["code"].to_pylist()
            severities = findings["severity"].to_pylist()
            self.sources.update(findings["source"].to_pylist())
            self.codes.update(codes)
            self.severities.update(severities)
            self.reported.update(zip(codes, severities, strict=True))
        self.payouts += tables.payouts.num_rows

    def summary(self, out_dir: Path | None, fmt: Format, tables: dict[str, Path]
                ) -> ReportSummary:
        severities: dict[str, list[str]] = {}
        for code, severity in sorted(self.reported):
            severities.setdefault(code, []).append(severity)
        return ReportSummary(
            out_dir=out_dir,
            format=fmt,
            tables=tables,
            files=len(self.sources),
            hands_by_status={s: self.statuses[s] for s in STATUSES},
            findings_by_code=dict(sorted(self.codes.items())),
            findings_by_severity={s: self.severities[s] for s in SEVERITIES},
            payouts=self.payouts,
            severities_by_code={c: tuple(v) for c, v in severities.items()},
            sessions=self.sessions,
        )


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
            # The chunks as they are (no ``combine_chunks``): the writers take a chunked
            # table and write the same bytes, and a combined copy is tens of MiB of fresh
            # memory a flush, each page a fault for the kernel (bench/LEVERS.md §45).
            self._emit(pa.concat_tables(tables))

    def to_arrow(self, rows: list[tuple[Any, ...]]) -> pa.Table:
        return self._schema.to_arrow(list(zip(*rows, strict=True)))


HandKey: TypeAlias = tuple[str, int, str | None, str | None, str | None, str]
"""What the run reads back of each ``hands`` row, as the Arrow row holds it: source,
first line, site, hand id, start as printed (None where empty) and status."""


@dataclass(frozen=True, slots=True)
class ReportTables:
    """One batch of report rows already converted to Arrow (what a worker sends back:
    compact, and Arrow buffers pickle without per-value work).

    ``keys``, where set, are the hands' :data:`HandKey` in row order, kept from the
    values the hands table was made of: duplicates, statuses and the tally read them
    there, since reading them back out of Arrow (``to_pylist``, a scalar object per
    value) cost more than making the column (bench/LEVERS.md §23)."""

    hands: pa.Table
    findings: pa.Table
    payouts: pa.Table
    keys: list[HandKey] | None = None

    def hand_keys(self) -> list[HandKey]:
        """The hands' keys, read from the table where they were not kept."""
        if self.keys is not None:
            return self.keys
        hands = self.hands
        return list(zip(*(hands.column(name).to_pylist()
                          for name in ("source", "first_line", "site", "hand_id", "started",
                                       "status")),
                        strict=True))


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
        provenance: dict[str, Any] | None = None,
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
        self.provenance = provenance
        metadata = {"auditor": json.dumps(provenance, sort_keys=True)} if provenance else None
        self._metadata = metadata
        self._lock = lock_folder(out_dir)
        try:
            remove_leftovers(out_dir)
            for schema in TABLES.values():
                self._sinks[schema.name] = self._sink(schema, chunk_rows)
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
        self._sessions: list[pa.Table] = []  # few rows (a player per log): held to the end

    def _sink(self, schema: TableSchema, chunk_rows: int) -> TableSink:
        path = self.out_dir / f"{schema.name}.{self.format}"
        if self.format == "parquet":
            return ParquetSink(path, schema, row_group_rows=chunk_rows,
                               metadata=self._metadata)
        return CsvSink(path, schema)

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
            tally.hand(hand)
        for finding in findings:
            self._findings.append(finding)
            tally.finding(finding)
        for payout in payouts:
            self._payouts.append(payout)
            tally.payouts += 1

    def add_tables(self, tables: ReportTables) -> None:
        """Add rows already in Arrow (see ``report.chunk``), after those added before."""
        self._check_open()
        self._tally.tables(tables)
        if tables.hands.num_rows:
            self._hands.append_table(tables.hands)
        if tables.findings.num_rows:
            self._findings.append_table(tables.findings)
        if tables.payouts.num_rows:
            self._payouts.append_table(tables.payouts)

    def add_sessions(self, table: pa.Table) -> None:
        """Rows of the ``sessions`` table (written at close, where there are any)."""
        self._check_open()
        if table.num_rows:
            self._sessions.append(table)
            self._tally.sessions += table.num_rows

    def close(self) -> ReportSummary:
        """Write what is left, the sorted findings included, and move the tables into
        place. Calling it again returns the same summary."""
        if self._summary is not None:
            return self._summary
        self._check_open()
        try:
            if self._sessions:
                self._sinks[SESSIONS.name] = self._sink(SESSIONS, DEFAULT_CHUNK_ROWS)
                for table in self._sessions:
                    self._sinks[SESSIONS.name].write(table)
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
            made = (_provenance_partial(self.out_dir, self.provenance)
                    if self.provenance is not None else None)
            try:
                for sink in self._sinks.values():
                    sink.close()
                if made is not None:
                    made.replace(self.out_dir / PROVENANCE)
            finally:
                if made is not None:
                    made.unlink(missing_ok=True)
            if not self._sessions:  # an earlier run's sessions are not this report's
                (self.out_dir / f"{SESSIONS.name}.{self.format}").unlink(missing_ok=True)
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
        return self._tally.summary(self.out_dir, self.format,
                                   {name: sink.path for name, sink in self._sinks.items()})


class CountingReport:
    """A report that writes nothing and only counts (``auditor audit`` without ``-o``):
    the same calls as ``ReportWriter``, the same summary."""

    def __init__(self, fmt: Format = "parquet") -> None:
        self.format: Format = fmt
        self._tally = _Tally()
        self._summary: ReportSummary | None = None

    def add_tables(self, tables: ReportTables) -> None:
        """Count rows already in Arrow."""
        self._tally.tables(tables)

    def add_sessions(self, table: pa.Table) -> None:
        """Count rows of the sessions table."""
        self._tally.sessions += table.num_rows

    def add(self, hands: Iterable[HandRecord] = (), findings: Iterable[FindingRecord] = (),
            payouts: Iterable[PayoutRecord] = ()) -> None:
        """Count rows."""
        for hand in hands:
            self._tally.hand(hand)
        for finding in findings:
            self._tally.finding(finding)
        self._tally.payouts += sum(1 for _ in payouts)

    def close(self) -> ReportSummary:
        """The summary (nothing to write)."""
        if self._summary is None:
            self._summary = self._tally.summary(None, self.format, {})
        return self._summary

    @property
    def summary(self) -> ReportSummary:
        """The summary of a closed report."""
        if self._summary is None:
            raise RuntimeError("the report is not closed yet")
        return self._summary

    def __enter__(self) -> CountingReport:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if exc_type is None:
            self.close()


PROVENANCE = "report.json"  # how the report was made, beside its tables (CSV has no metadata)


def _provenance_partial(out_dir: Path, provenance: dict[str, Any]) -> Path:
    """``report.json`` (version, profile, options, configuration files, inputs) written
    to a partial file, for the caller to move into place beside the tables."""
    path, file = open_partial(out_dir / PROVENANCE, "w", encoding="utf-8")
    try:
        with file:
            file.write(json.dumps(provenance, indent=2, sort_keys=True) + "\n")
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    return path


def open_report(
    out_dir: Path,
    fmt: Format = "parquet",
    *,
    chunk_rows: int = DEFAULT_CHUNK_ROWS,
    findings_memory: int = 128 * 2**20,
    provenance: dict[str, Any] | None = None,
) -> ReportWriter:
    """Start a report in ``out_dir`` (created if missing): ``findings``, ``hands`` and
    ``payouts`` as ``.parquet`` or ``.csv`` files.

    ``chunk_rows`` is how many rows are converted and written at a time (the Parquet row
    group size); ``findings_memory`` the Arrow bytes of findings held before sorted runs
    spill to a temporary directory in ``out_dir``; ``provenance`` how the report was made
    (written into each Parquet file's metadata, key ``auditor``, and to ``report.json``).
    """
    return ReportWriter(out_dir, fmt, chunk_rows=chunk_rows, findings_memory=findings_memory,
                        provenance=provenance)
