"""Large runs are written chunk by chunk, in the order given."""

from __future__ import annotations

import pyarrow.parquet as pq
from conftest import hand

from auditor.report import open_report, read_report


def test_many_chunks_of_hands_keep_their_order(tmp_path):
    total, chunk = 200_000, 10_000
    with open_report(tmp_path, "parquet", chunk_rows=chunk) as report:
        for start in range(0, total, chunk):
            report.add(
                hands=(hand(n, source=f"f{n // 50_000}.txt") for n in range(start, start + chunk))
            )
    meta = pq.ParquetFile(tmp_path / "hands.parquet").metadata
    assert meta.num_rows == total
    assert meta.num_row_groups == total // chunk

    hands = read_report(tmp_path)["hands"]
    assert hands["first_line"].is_monotonic_increasing
    assert hands["hand_id"].iloc[[0, -1]].tolist() == ["H0", f"H{total - 1}"]
    assert report.summary.hands_by_status["audited"] == total
    assert report.summary.files == 4
