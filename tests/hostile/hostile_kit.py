"""Shared helpers of the hostile-input and fault tests: hands to break, and a CLI run
that fails the test when anything escapes it."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
from click.testing import CliRunner, Result

from auditor.cli import main
from auditor.report.reader import read_report

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_histories" / "pokerstars"
SESSION = (SAMPLES / "session_three_hands.txt").read_text(encoding="utf-8")
HANDS = [h.strip("\n") + "\n" for h in re.split(r"\n{2,}(?=PokerStars Hand #)", SESSION)]
SIDE_POTS = (SAMPLES / "two_side_pots.txt").read_text(encoding="utf-8").strip("\n") + "\n"


def cli(*args: str | Path) -> Result:
    """``auditor ARGS`` in-process; fails the test if an exception escaped (a traceback
    would have reached the terminal)."""
    result = CliRunner().invoke(main, [str(a) for a in args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"exception escaped the CLI: {result.exception!r}") \
            from result.exception
    assert "Traceback" not in result.output
    return result


def audit_file(tmp_path: Path, data: str | bytes, *extra: str, name: str = "h.txt"
               ) -> tuple[int, dict[str, pd.DataFrame]]:
    """Write ``data`` to a file, audit it from the CLI, and read the report back."""
    path = tmp_path / name
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    out = tmp_path / f"out-{name}"
    result = cli("audit", path, "-o", out, "--jobs", "1", "--quiet", *extra)
    return result.exit_code, read_report(out)


def findings_of(report: dict[str, pd.DataFrame]) -> list[tuple[int, str, str]]:
    """(line, code, message) of every finding."""
    f = report["findings"]
    return list(zip(f["line"].tolist(), f["code"].tolist(), f["message"].tolist(),
                    strict=True))
