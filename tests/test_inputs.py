"""Inputs as users have them: folders, zip archives, compressed files, standard input,
exclude patterns; each read in place, with the source its findings carry."""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import shutil
import zipfile
from pathlib import Path

import pytest

from auditor.api import audit_paths
from auditor.inputs import DEFAULT_EXCLUDE, discover, excluded
from auditor.report.reader import read_report

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_histories" / "pokerstars"
DAMAGED = SAMPLES / "damaged_middle_hand.txt"  # 3 hands, HH001 at line 44
CLEAN = SAMPLES / "nl_holdem_6max_showdown_rake.txt"


def findings_of(tmp_path: Path, *paths: Path | str, **kw: object) -> list[tuple[str, int, str]]:
    run = audit_paths(list(paths), tmp_path / "r", jobs=1, **kw)  # type: ignore[arg-type]
    assert not [p for p in run.problems if p.fatal]
    findings = read_report(tmp_path / "r")["findings"]
    return list(zip(findings["source"], findings["line"], findings["code"], strict=True))


@pytest.mark.parametrize("suffix,compress", [
    (".gz", gzip.compress), (".bz2", bz2.compress), (".xz", lzma.compress)])
def test_compressed_files_are_read_in_place(tmp_path: Path, suffix: str, compress) -> None:
    packed = tmp_path / f"night.txt{suffix}"
    packed.write_bytes(compress(DAMAGED.read_bytes()))
    assert findings_of(tmp_path, packed) == [(str(packed), 44, "HH001")]
    assert len(read_report(tmp_path / "r")["hands"]) == 3


def test_zip_members_are_inputs_named_inside_the_archive(tmp_path: Path) -> None:
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(DAMAGED, "2024/damaged.txt")
        z.write(CLEAN, "2024/clean.txt")
        z.writestr("README.md", "# not a hand history\n")
        z.writestr("inner.gz", gzip.compress(CLEAN.read_bytes()))
    assert findings_of(tmp_path, archive) == [(f"{archive}/2024/damaged.txt", 44, "HH001"),
                                              (f"{archive}/inner.gz", 1, "HH004")]
    hands = read_report(tmp_path / "r")["hands"]
    assert sorted(set(hands["source"])) == [f"{archive}/2024/clean.txt",
                                           f"{archive}/2024/damaged.txt", f"{archive}/inner.gz"]


def test_a_damaged_archive_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    bad = tmp_path / "broken.zip"
    bad.write_bytes(b"PK\x03\x04 not really a zip")
    run = audit_paths([bad, CLEAN], None, jobs=1)
    assert [(p.path, p.fatal) for p in run.problems] == [(str(bad), True)]
    assert "cannot read the archive" in run.problems[0].message
    assert run.summary.hands == 1


def test_a_truncated_gzip_keeps_the_hands_before_the_cut(tmp_path: Path) -> None:
    # Decompressed text is read a megabyte at a time: the megabytes before the cut count.
    data = gzip.compress(DAMAGED.read_bytes() * 2000, compresslevel=1)
    cut = tmp_path / "cut.txt.gz"
    cut.write_bytes(data[: len(data) * 2 // 3])
    run = audit_paths([cut], None, jobs=1)
    assert len(run.problems) == 1 and "cannot read" in run.problems[0].message
    assert run.summary.hands > 0


def test_standard_input_is_read_under_the_name_given(tmp_path: Path) -> None:
    stdin = io.BytesIO(DAMAGED.read_bytes())
    assert findings_of(tmp_path, "-", stdin=stdin, stdin_name="night.txt") == [
        ("night.txt", 44, "HH001")]


def test_exclude_patterns_match_names_and_folders(tmp_path: Path) -> None:
    (tmp_path / "in" / "archive").mkdir(parents=True)
    shutil.copy(CLEAN, tmp_path / "in" / "a.txt")
    shutil.copy(CLEAN, tmp_path / "in" / "archive" / "b.txt")
    (tmp_path / "in" / ".hidden.txt").write_text("x")
    (tmp_path / "in" / "notes.md").write_text("x")
    names = [Path(i.source).name for i in discover([tmp_path / "in"])[0]]
    assert names == ["a.txt", "b.txt"]
    extended = (*DEFAULT_EXCLUDE, "archive")
    assert [Path(i.source).name for i in discover([tmp_path / "in"], extended)[0]] == ["a.txt"]
    # A file named on the command line is always read.
    assert len(discover([tmp_path / "in" / "notes.md"], extended)[0]) == 1
    assert excluded("2024/jan/x.txt", ["2024/*/x.txt"])
    assert not excluded("2024/jan/x.txt", ["jan/x.txt"])


def test_missing_paths_are_problems_beside_the_rest(tmp_path: Path) -> None:
    inputs, problems = discover([tmp_path / "nope.txt", CLEAN])
    assert [i.source for i in inputs] == [str(CLEAN)]
    assert [(p.message, p.fatal) for p in problems] == [("no such file or folder", True)]
