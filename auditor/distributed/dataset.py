"""A report written to an fsspec URL as a Parquet dataset per table.

``DIR/hands/``, ``DIR/payouts/``, ``DIR/findings/`` (and ``DIR/sessions/`` where there
are sessions) each hold ``part-NNNNN-<run>.parquet`` files of at most ``part_rows`` rows,
in order (the findings sorted as the local report's, across the parts), beside
``_common_metadata`` (the schema, with how the report was made) and ``_metadata`` (every
part's row groups), so that pandas, pyarrow and DuckDB read each folder as one table;
``DIR/report.json`` is the provenance, as for a local report. A table with no rows is one
empty part, so that its schema can still be read.

The parts are written straight to their final names (object stores have no rename);
the ``_metadata`` files and ``report.json`` are written last, then the parts of earlier
runs in the same folders are deleted. A run that fails deletes the parts it wrote.
"""

from __future__ import annotations

import json
import tempfile
import uuid
from contextlib import suppress
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from auditor.report.schema import FINDINGS, HANDS, PAYOUTS, SESSIONS, TABLES, TableSchema
from auditor.report.sorted_table import SortedTable
from auditor.report.writer import (
    DEFAULT_CHUNK_ROWS,
    PROVENANCE,
    CountingReport,
    ReportSummary,
    ReportTables,
)

PART_ROWS = 1_000_000  # rows per part file


class _Parts:
    """One table's part files being written."""

    def __init__(self, report: DatasetReport, schema: TableSchema) -> None:
        self.report = report
        self.schema = schema
        self.arrow = schema.arrow.with_metadata({**(schema.arrow.metadata or {}),
                                                 **report.metadata})
        self.folder = f"{report.root}/{schema.name}"
        self.written: list[str] = []
        self.collected: list[pq.FileMetaData] = []
        self._held: list[pa.Table] = []
        self._rows = 0

    def add(self, table: pa.Table) -> None:
        if not table.num_rows:
            return
        self._held.append(table)
        self._rows += table.num_rows
        if self._rows >= self.report.part_rows:
            self.flush()

    def flush(self) -> None:
        if self._held:
            table = pa.concat_tables(self._held)
            self._held, self._rows = [], 0
            self.write(table)

    def write(self, table: pa.Table) -> None:
        """One part file."""
        name = f"part-{len(self.written):05d}-{self.report.token}.parquet"
        path = f"{self.folder}/{name}"
        fs = self.report.fs
        fs.makedirs(self.folder, exist_ok=True)
        table = table.replace_schema_metadata(self.arrow.metadata)
        self.written.append(path)
        collector: list[pq.FileMetaData] = []
        with fs.open(path, "wb") as f:
            pq.write_table(table, f, row_group_size=self.report.chunk_rows,
                           compression="zstd", use_dictionary=self.schema.dictionary or False,
                           metadata_collector=collector)
        collector[-1].set_file_path(name)
        self.collected += collector

    def close(self) -> None:
        """The last part (an empty one if none was written), and the metadata files."""
        self.flush()
        if not self.written:
            self.write(self.schema.empty())
        fs = self.report.fs
        with fs.open(f"{self.folder}/_common_metadata", "wb") as f:
            pq.write_metadata(self.arrow, f)
        # Every part's row groups, with the paths relative to the folder.
        summary = self.collected[0]
        for more in self.collected[1:]:
            summary.append_row_groups(more)
        with fs.open(f"{self.folder}/_metadata", "wb") as f:
            summary.write_metadata_file(f)

    def drop_others(self) -> None:
        """Delete the parts of earlier runs in this table's folder."""
        fs = self.report.fs
        mine = set(self.written)
        for path in fs.find(self.folder):
            path = "/" + path.lstrip("/") if self.folder.startswith("/") else path
            if path.endswith(".parquet") and path not in mine:
                fs.rm(path)

    def abort(self) -> None:
        for path in self.written:
            with suppress(OSError):  # best effort: the error that stopped the run counts
                self.report.fs.rm(path)


class DatasetReport:
    """A report being written to the fsspec URL ``url`` (see the module); the same calls
    as ``ReportWriter``."""

    def __init__(self, url: str, *, provenance: dict[str, Any] | None = None,
                 part_rows: int = PART_ROWS, chunk_rows: int = DEFAULT_CHUNK_ROWS,
                 findings_memory: int = 128 * 2**20) -> None:
        from fsspec.core import url_to_fs

        self.url = url.rstrip("/")
        self.fs, root = url_to_fs(self.url)
        self.root = root.rstrip("/")
        self.token = uuid.uuid4().hex[:8]
        self.part_rows = part_rows
        self.chunk_rows = chunk_rows
        self.provenance = provenance
        self.metadata = ({"auditor": json.dumps(provenance, sort_keys=True)}
                         if provenance else {})
        self.fs.makedirs(self.root, exist_ok=True)
        self._spill = tempfile.TemporaryDirectory(prefix="auditor-findings-")
        self._findings = SortedTable(FINDINGS, spill_parent=Path(self._spill.name),
                                     memory_budget=findings_memory, batch_rows=chunk_rows)
        self._parts = {schema.name: _Parts(self, schema) for schema in TABLES.values()}
        self._sessions: list[pa.Table] = []
        self._tally = CountingReport("parquet")
        self._summary: ReportSummary | None = None

    def add_tables(self, tables: ReportTables) -> None:
        """Rows already in Arrow, after those added before."""
        self._tally.add_tables(tables)
        self._parts[HANDS.name].add(tables.hands)
        self._parts[PAYOUTS.name].add(tables.payouts)
        if tables.findings.num_rows:
            self._findings.add(tables.findings)

    def add_sessions(self, table: pa.Table) -> None:
        """Rows of the sessions table (written at close, where there are any)."""
        self._tally.add_sessions(table)
        if table.num_rows:
            self._sessions.append(table)

    def close(self) -> ReportSummary:
        """Write the rest (the findings sorted), the metadata, and ``report.json``."""
        if self._summary is not None:
            return self._summary
        try:
            findings = self._parts[FINDINGS.name]
            for table in self._findings.sorted_tables():
                findings.add(table)
            parts = list(self._parts.values())
            if self._sessions:
                sessions = _Parts(self, SESSIONS)
                for table in self._sessions:
                    sessions.add(table)
                parts.append(sessions)
            for table in parts:
                table.close()
            if self.provenance is not None:
                with self.fs.open(f"{self.root}/{PROVENANCE}", "w") as f:
                    f.write(json.dumps(self.provenance, indent=2, sort_keys=True) + "\n")
            for table in parts:
                table.drop_others()
            if not self._sessions and self.fs.exists(f"{self.root}/{SESSIONS.name}"):
                self.fs.rm(f"{self.root}/{SESSIONS.name}", recursive=True)
        except BaseException:
            self.abort()
            raise
        finally:
            self._findings.discard()
            self._spill.cleanup()
        counted = self._tally.close()
        # (URLs where a local report has paths: ``Path`` would fold their "//".)
        tables = {name: f"{self.url}/{name}" for name in self._parts}
        self._summary = replace(counted, out_dir=self.url, tables=tables)  # type: ignore[arg-type]
        return self._summary

    def abort(self) -> None:
        """Delete the parts written; an earlier run's are left alone."""
        for table in self._parts.values():
            table.abort()

    @property
    def summary(self) -> ReportSummary:
        """The summary of a closed report."""
        if self._summary is None:
            raise RuntimeError("the report is not closed yet")
        return self._summary

    def __enter__(self) -> DatasetReport:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if exc_type is None:
            self.close()
        elif self._summary is None:
            self.abort()
            self._findings.discard()
            self._spill.cleanup()


def read_dataset_table(url: str, name: str) -> pa.Table:
    """One table of a report written to ``url``, as one Arrow table (its parts in order)."""
    from fsspec.core import url_to_fs

    fs, root = url_to_fs(url.rstrip("/"))
    folder = f"{root.rstrip('/')}/{name}"
    parts = sorted(p for p in fs.ls(folder, detail=False) if p.endswith(".parquet"))
    tables = []
    for path in parts:
        with fs.open(path, "rb") as f:
            tables.append(pq.read_table(f))
    return pa.concat_tables(tables)


def read_dataset(url: str) -> dict[str, Any]:
    """The tables of a report written to ``url`` as pandas DataFrames with the report's
    dtypes, as ``report.reader.read_report`` reads a local one."""
    from fsspec.core import url_to_fs

    fs, root = url_to_fs(url.rstrip("/"))
    out = {}
    for name, schema in {**TABLES, SESSIONS.name: SESSIONS}.items():
        if fs.exists(f"{root.rstrip('/')}/{name}"):
            out[name] = schema.to_frame(read_dataset_table(url, name))
        else:
            out[name] = schema.to_frame(schema.empty())
    return out
