"""``auditor audit --scheduler``: what it needs, what it refuses, and that the command
line and a local run never import Dask."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from clusterkit import SAMPLES

import auditor.cli
from auditor.cli import main

STARS = SAMPLES / "pokerstars"


def run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


def imported_after(code: str) -> set[str]:
    """The top-level modules of Dask and fsspec a fresh interpreter imported running
    ``code``."""
    probe = (f"{code}\nimport sys\n"
             "print(sorted({m.split('.')[0] for m in sys.modules} & "
             "{'dask', 'distributed', 'fsspec'}))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout
    return set(eval(out.strip().splitlines()[-1]))


def test_help_and_a_local_run_do_not_import_dask(tmp_path: Path) -> None:
    assert imported_after("from auditor.cli import main\n"
                          "try:\n    main(['audit', '--help'])\nexcept SystemExit:\n"
                          "    pass") == set()
    assert imported_after(f"from auditor.api import audit_paths\n"
                          f"audit_paths([{str(STARS)!r}], {str(tmp_path / 'r')!r}, jobs=2)"
                          ) == set()


def test_without_the_extra_the_option_says_how_to_get_it(monkeypatch: Any) -> None:
    monkeypatch.setattr(auditor.cli, "missing_extra",
                        lambda: "distributed not installed: pip install 'auditor[dask]'")
    code, _, err = run("audit", STARS, "--scheduler", "local")
    assert code == 2
    assert "pip install 'auditor[dask]'" in err


def test_urls_need_a_scheduler(tmp_path: Path) -> None:
    code, _, err = run("audit", "s3://bucket/hands", "-o", tmp_path / "r")
    assert code == 2 and "--scheduler local" in err
    code, _, err = run("audit", STARS, "-o", "memory://out")
    assert code == 2 and "--scheduler local" in err


def test_a_csv_report_to_a_url_exits_2(cluster: Any) -> None:
    code, _, err = run("audit", STARS, "-o", "memory://out", "--format", "csv",
                       "--scheduler", cluster.scheduler_address)
    assert code == 2 and "CSV" in err


def test_a_scheduler_address_gives_the_local_runs_report(tmp_path: Path, cluster: Any
                                                         ) -> None:
    local = run("audit", STARS, "-o", tmp_path / "local", "--jobs", "1", "--isolated")
    remote = run("audit", STARS, "-o", tmp_path / "remote", "--isolated",
                 "--scheduler", cluster.scheduler_address)
    assert remote[0] == local[0] == 1
    # The same findings printed, the same summary but for the time taken.
    strip = [line for line in local[1].splitlines() if "hands/s" not in line]
    assert [line for line in remote[1].splitlines() if "hands/s" not in line] == strip
    for path in sorted((tmp_path / "local").iterdir()):
        assert path.read_bytes() == (tmp_path / "remote" / path.name).read_bytes(), path.name


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_scheduler_local_starts_a_cluster(tmp_path: Path, jobs: str) -> None:
    pytest.importorskip("distributed")
    code, out, _ = run("audit", STARS / "nl_holdem_6max_showdown_rake.txt", "-o",
                       tmp_path / "r", "--scheduler", "local", "--jobs", jobs, "--isolated")
    assert code == 0 and "1 audited" in out
