"""What leaves the auditor is safe (issue 9): CSV cells that cannot run as formulas, report
files written only where meant, one run per report folder, leftovers of dead runs
removed, a full disk and odd configuration reported in one line."""

from __future__ import annotations

import csv
import os
import subprocess
from pathlib import Path

import pytest
from hostile_kit import HANDS, SESSION, audit_file, cli

from auditor.report import open_report, read_report
from auditor.report.reader import read_report as read_back

FORMULAS = ["=HYPERLINK(\"http://x\")", "+1+2", "-3-4", "@SUM(A1)", "\tTab", "'quoted"]


def test_csv_text_cells_are_neutralised_and_read_back(tmp_path: Path) -> None:
    names = ["Hero", "gorsebush", "Lindwurm", "periwinkle_x"]
    text = HANDS[0]
    for name, formula in zip(names, FORMULAS, strict=False):
        text = text.replace(name, formula)
    text = text.replace("'Kaus Borealis'", "'=cmd|calc'")
    _, report = audit_file(tmp_path, text + "\n" + HANDS[1], "--format", "csv")
    out = tmp_path / "out-h.txt"
    cells = {name: list(csv.DictReader((out / f"{name}.csv").open(encoding="utf-8-sig",
                                                                  newline="")))
             for name in ("payouts", "hands", "findings")}
    players = {row["player"] for row in cells["payouts"]}
    assert {f"'{formula}" for formula in FORMULAS[:4]} <= players  # no cell starts a formula
    assert all(not c[:1] or c[0] not in "=+-@\t\r" for rows in cells.values()
               for row in rows for c in row.values() if not _number(c))
    assert cells["hands"][0]["table_name"] == "'=cmd|calc"
    # money stays a plain number: a negative net is not escaped
    assert any(row["net"].startswith("-") for row in cells["payouts"])
    # read_report gives the original text back
    assert set(FORMULAS[:4]) <= set(report["payouts"]["player"])
    assert report["hands"]["table_name"].tolist()[0] == "=cmd|calc"


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def test_parquet_and_csv_reports_agree_on_odd_names(tmp_path: Path) -> None:
    text = HANDS[0].replace("Hero", "'=Hero")
    _, parquet = audit_file(tmp_path, text, name="p.txt")
    _, csv = audit_file(tmp_path, text, "--format", "csv", name="c.txt")
    assert parquet["payouts"]["player"].tolist() == csv["payouts"]["player"].tolist()


def _tables(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def test_a_link_planted_at_a_table_name_is_replaced_not_followed(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    out = tmp_path / "out"
    out.mkdir()
    for name in ("findings.parquet", ".findings.parquet.partial",
                 ".hands.parquet.x.partial"):
        (out / name).symlink_to(victim)
    (tmp_path / "h.txt").write_text(SESSION, encoding="utf-8")
    assert cli("audit", tmp_path / "h.txt", "-o", out, "--jobs", "1", "-q").exit_code == 0
    assert victim.read_text() == "precious"
    assert not (out / "findings.parquet").is_symlink()
    assert _tables(out) == {"findings.parquet", "hands.parquet", "payouts.parquet", "report.json"}
    assert len(read_report(out)["hands"]) == 3


def test_leftovers_of_dead_runs_are_removed(tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / ".sort-runs-abc123").mkdir(parents=True)
    (out / ".sort-runs-abc123" / "run-00000.parquet").write_bytes(b"x")
    (out / ".hands.parquet.k2j3h4.partial").write_bytes(b"x")
    (out / ".findings.csv.partial").write_bytes(b"x")
    (out / "notes.txt").write_text("mine")
    (tmp_path / "h.txt").write_text(SESSION, encoding="utf-8")
    assert cli("audit", tmp_path / "h.txt", "-o", out, "--jobs", "1", "-q").exit_code == 0
    assert _tables(out) == {"findings.parquet", "hands.parquet", "payouts.parquet", "report.json",
                            "notes.txt"}


def test_a_second_run_into_a_busy_folder_refuses(tmp_path: Path) -> None:
    out = tmp_path / "out"
    (tmp_path / "h.txt").write_text(SESSION, encoding="utf-8")
    with open_report(out, "parquet"):  # another run holds the folder
        result = cli("audit", tmp_path / "h.txt", "-o", out, "--jobs", "1", "-q")
        assert result.exit_code == 2
        assert "another auditor run is writing a report to" in result.stderr
        assert result.stderr.count("\n") == 1
    assert len(read_back(out)["hands"]) == 0  # the first run's report, whole


def test_two_concurrent_command_lines(tmp_path: Path, big_input: Path) -> None:
    """Two real runs at once into one folder: one refuses, the other's report is whole."""
    out = tmp_path / "out"
    cmd = [str(Path(os.sys.executable).parent / "auditor"), "audit", str(big_input), "-o",
           str(out), "--jobs", "1", "-q"]
    first = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True)
    second = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True)
    results = sorted([(p.wait(60), p.stderr.read()) for p in (first, second)])  # type: ignore[union-attr]
    codes = [code for code, _ in results]
    if codes == [0, 0]:  # they did not overlap: both complete, one after the other
        pass
    else:
        assert codes == [0, 2], results
        assert "another auditor run" in results[1][1]
    assert _tables(out) == {"findings.parquet", "hands.parquet", "payouts.parquet", "report.json"}
    assert len(read_report(out)["hands"]) == 16 * 500


@pytest.fixture
def big_input(tmp_path: Path) -> Path:
    """16 files of 500 hands: a run of a few seconds."""
    from hostile_kit import SAMPLES

    folder = tmp_path / "big"
    folder.mkdir()
    text = (SAMPLES / "session_6max_nl10_500_hands.txt").read_bytes()
    for i in range(16):
        (folder / f"s{i:02d}.txt").write_bytes(text)
    return folder


def _tmpfs(folder: Path, size: str) -> bool:
    folder.mkdir()
    if os.geteuid() != 0:
        return False
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                          capture_output=True, check=False)
    return done.returncode == 0


@pytest.mark.parametrize("fmt", ["parquet", "csv"])
def test_a_full_disk_is_one_line_and_leaves_nothing(tmp_path: Path, big_input: Path,
                                                     fmt: str) -> None:
    disk = tmp_path / "disk"
    if not _tmpfs(disk, "48k"):
        pytest.skip("cannot mount a small tmpfs here (needs root)")
    try:
        out = disk / "report"
        result = cli("audit", big_input, "-o", out, "--jobs", "1", "-q", "--format", fmt)
        assert result.exit_code == 2
        assert "No space left on device" in result.stderr
        assert result.stderr.count("\n") == 1
        assert list(out.iterdir()) == []
    finally:
        subprocess.run(["umount", str(disk)], check=False)


def test_configuration_in_an_audited_folder_is_named_and_isolated_ignores_it(
    tmp_path: Path
) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    bad = HANDS[0].replace("Seat #1 is", "Seat #1.5 is")
    (folder / "h.txt").write_text(bad, encoding="utf-8")
    config = folder / "auditor.toml"
    config.write_text('ignore = ["HH"]\n')
    planted = cli("audit", folder, "-o", tmp_path / "a", "--jobs", "1", "-q")
    assert f"config: {config}" in planted.stderr
    assert planted.exit_code == 0  # the planted file silenced HH001: the output says so
    isolated = cli("audit", folder, "-o", tmp_path / "b", "--jobs", "1", "-q", "--isolated")
    assert "config:" not in isolated.stderr
    assert isolated.exit_code == 1
    assert read_report(tmp_path / "b")["findings"]["code"].tolist() == ["HH001"]


def test_an_unreadable_sub_folder_is_reported_and_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "hands"
    (folder / "locked").mkdir(parents=True)
    (folder / "locked" / "x.txt").write_text(SESSION, encoding="utf-8")
    (folder / "open.txt").write_text(SESSION, encoding="utf-8")
    real = os.scandir

    def scandir(path: object = ".") -> object:  # what a folder without read permission does
        if str(path) == str(folder / "locked"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    result = cli("audit", folder, "-o", tmp_path / "r", "--jobs", "1", "-q")
    assert result.exit_code == 2
    assert f"{folder / 'locked'}: cannot read folder: Permission denied" in result.stderr
    assert len(read_report(tmp_path / "r")["hands"]) == 3


def test_an_unforeseen_error_is_one_line_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from auditor import api

    def boom(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("synthetic")

    monkeypatch.setattr(api, "audit_paths", boom)
    (tmp_path / "h.txt").write_text(SESSION, encoding="utf-8")
    result = cli("audit", tmp_path / "h.txt", "-o", tmp_path / "r")
    assert result.exit_code == 2
    assert result.stderr == ("auditor: internal error (please report): "
                             "ZeroDivisionError: synthetic\n")


def test_explain_on_a_binary_file_and_on_a_hand_that_crashes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blob = tmp_path / "blob.bin"
    blob.write_bytes(bytes(range(256)) * 64)
    result = cli("explain", blob, "--hand", "1")
    assert result.exit_code == 2
    assert result.stderr == f"auditor: error: {blob}: cannot read: binary data, not a text " \
                            "hand history\n"

    from auditor import pipeline

    def boom(*args: object) -> None:
        raise ZeroDivisionError("synthetic")

    monkeypatch.setattr(pipeline, "replay", boom)
    (tmp_path / "h.txt").write_text(SESSION, encoding="utf-8")
    result = cli("explain", tmp_path / "h.txt", "--hand", "256120471558")
    assert result.exit_code == 1  # HH001 is of severity error
    assert "could not be audited (please report): ZeroDivisionError: synthetic" in result.stdout
