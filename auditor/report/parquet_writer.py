"""Parquet output: one file per table, appended row group by row group."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from auditor.report.schema import TableSchema
from auditor.report.sink import discard, open_partial


class ParquetSink:
    """A table written with a fixed schema, so an empty table is still a valid file with
    every column."""

    def __init__(self, path: Path, schema: TableSchema, *, row_group_rows: int,
                 metadata: dict[str, str] | None = None) -> None:
        self.path = path
        self._partial, self._file = open_partial(path, "wb")
        self._row_group_rows = row_group_rows
        arrow = schema.arrow
        if metadata:  # how the report was made, in the file's own metadata
            arrow = arrow.with_metadata({**(arrow.metadata or {}), **metadata})
        self._schema = arrow
        try:
            self._writer = pq.ParquetWriter(self._file, arrow, compression="zstd",
                                            use_dictionary=schema.dictionary or False)
        except BaseException:
            discard(self._partial, self._file)
            raise

    def write(self, table: pa.Table) -> None:
        """Append ``table`` as one or more row groups."""
        if table.schema.metadata != self._schema.metadata:
            table = table.replace_schema_metadata(self._schema.metadata)
        self._writer.write_table(table, row_group_size=self._row_group_rows)

    def finish(self) -> None:
        """Write the footer."""
        self._writer.close()
        self._file.close()

    def close(self) -> None:
        """Write the footer and move the file into place."""
        self.finish()
        self._partial.replace(self.path)

    def abort(self) -> None:
        """Drop the partial file."""
        try:
            self._writer.close()
        finally:
            discard(self._partial, self._file)
