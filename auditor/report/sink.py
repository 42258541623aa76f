"""What a writer needs from one output file: the interface each format implements.

A sink writes to a hidden partial file beside its final path and moves it into place only
when the whole report is complete, so a run that fails half-way never leaves a table that
looks finished.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

import pyarrow as pa


class TableSink(Protocol):
    """One report table being written in one format."""

    path: Path

    def write(self, table: pa.Table) -> None:
        """Append rows (a table with the sink's schema) to the file."""
        ...

    def close(self) -> None:
        """Finish the file and move it to ``path``."""
        ...

    def abort(self) -> None:
        """Drop the partial file; ``path`` is left as it was."""
        ...


def partial_path(path: Path) -> Path:
    """Where a table is written until the report is complete."""
    return path.with_name(f".{path.name}.partial")
