"""Report tables and their writers.

The three tables (``findings``, ``hands``, ``payouts``) are defined once in
:mod:`auditor.report.schema`; rows arrive as the records of :mod:`auditor.report.records`
(or, auditing files, as Arrow tables built a chunk of hands at a time by
:mod:`auditor.report.chunk`), go out through :func:`open_report` and come back through
:func:`read_report`.
"""

from typing import Any

from auditor.report.records import FindingRecord, HandRecord, PayoutRecord, money
from auditor.report.schema import FINDINGS, HANDS, PAYOUTS, TABLES, TableSchema
from auditor.report.writer import ReportSummary, ReportWriter, open_report

__all__ = [
    "FINDINGS",
    "HANDS",
    "PAYOUTS",
    "TABLES",
    "FindingRecord",
    "HandRecord",
    "PayoutRecord",
    "ReportSummary",
    "ReportWriter",
    "TableSchema",
    "money",
    "open_report",
    "read_report",
]


def __getattr__(name: str) -> Any:
    # The reader needs pandas, which takes a fifth of a second to import: only on demand.
    if name == "read_report":
        from auditor.report.reader import read_report

        return read_report
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
