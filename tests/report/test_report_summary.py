"""The summary the CLI prints."""

from __future__ import annotations

from auditor.report import open_report


def test_summary_counts_hands_findings_and_files(tmp_path, sample):
    report = open_report(tmp_path, "csv")
    report.add(hands=sample["hands"][:2], findings=sample["findings"][:2])
    report.add(
        hands=sample["hands"][2:], findings=sample["findings"][2:], payouts=sample["payouts"]
    )
    summary = report.close()

    assert summary.hands_by_status == {
        "audited": 2,
        "unparsable": 1,
        "unsupported": 0,
        "cancelled": 0,
        "duplicate": 0,
    }
    assert summary.findings_by_code == {"HH001": 1, "RA002": 1, "SE001": 1, "SP002": 1}
    assert summary.findings_by_severity == {"error": 3, "warning": 1, "info": 0}
    assert (summary.errors, summary.hands, summary.findings, summary.payouts) == (3, 3, 4, 3)
    assert summary.files == 2
    assert summary.tables == {n: tmp_path / f"{n}.csv" for n in ("findings", "hands", "payouts")}
