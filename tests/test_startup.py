"""Start-up: a small input starts no workers, and the audit imports neither pandas (nor
numpy, pyparsing) nor lark's strict checker nor the worker pool."""

from __future__ import annotations

import concurrent.futures
import subprocess
import sys
from pathlib import Path

import pytest

import auditor.api as api

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"
ONE = SAMPLES / "pokerstars"


def _a_small_file() -> Path:
    return min((p for p in ONE.rglob("*.txt")), key=lambda p: p.stat().st_size)


def test_the_command_line_audits_without_importing_what_it_does_not_use(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from auditor.cli import main\n"
        "try:\n"
        f"    main(['audit', {str(_a_small_file())!r}, '-o', {str(tmp_path)!r}, '-q',"
        " '--jobs', '1'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in ('pandas', 'numpy', 'pyparsing', 'interegular',"
        " 'concurrent.futures')"
        " if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"
    assert (tmp_path / "hands.parquet").stat().st_size > 0
    # The report is still readable as pandas, which then imports it.
    from auditor.report.reader import read_report

    assert len(read_report(tmp_path)["hands"]) > 0


def test_a_run_of_one_chunk_starts_no_workers(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a worker pool was started")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)
    run = api.audit_paths([_a_small_file()], tmp_path, jobs=2)
    assert sum(run.summary.hands_by_status.values()) > 0
