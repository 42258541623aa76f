"""Helpers of the distributed tests: inputs built from the samples, byte-range plans,
and comparing a report with the local run's."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))

from corpus_paths import CORPUS

from auditor.distributed.ranges import (
    ByteRange,
    plan_segment,
    ranges_of,
    segment_count,
)

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_histories"
SE001 = ROOT / "auditor/rules/pots/examples/SE001"
TABLE_NAMES = ("hands", "findings", "payouts", "sessions")

__all__ = ["CORPUS", "SAMPLES", "SE001", "TABLE_NAMES", "assert_same_report", "plan", "read_tables",
           "utf8_samples"]


def utf8_samples() -> bytes:
    """The PokerStars samples and SE001 examples that are UTF-8, one after the other."""
    parts = []
    for path in [*sorted((SAMPLES / "pokerstars").glob("*.txt")), *sorted(SE001.glob("*.txt"))]:
        data = path.read_bytes()
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        parts.append(data.rstrip(b"\n") + b"\n\n\n")
    return b"".join(parts)


def plan(path: Path, range_bytes: int) -> list[ByteRange] | None:
    """The byte ranges ``path`` is cut in, planned in this process."""
    size = path.stat().st_size
    segments = [plan_segment(str(path), path.name, k, size, range_bytes)
                for k in range(segment_count(size, range_bytes))]
    return ranges_of(segments, size)

def read_tables(out: Path) -> dict[str, Any]:
    """The report's tables in ``out`` as Arrow (None where a table was not written)."""
    import pyarrow.parquet as pq

    return {name: pq.read_table(out / f"{name}.parquet")
            if (out / f"{name}.parquet").is_file() else None for name in TABLE_NAMES}


def assert_same_report(local: Path, other: Path, *, same_bytes: bool = False) -> None:
    """The two reports hold equal tables (and, with ``same_bytes``, equal files)."""
    mine, theirs = read_tables(local), read_tables(other)
    for name in TABLE_NAMES:
        a, b = mine[name], theirs[name]
        assert (a is None) == (b is None), name
        if a is not None:
            assert a.num_rows == b.num_rows, name
            assert a.equals(b, check_metadata=True), name
    if same_bytes:
        for path in sorted(local.iterdir()):
            assert path.read_bytes() == (other / path.name).read_bytes(), path.name
