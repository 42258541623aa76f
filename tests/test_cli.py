"""The command line: exit codes, formats, folders, bad paths, rules and explain."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from auditor.cli import main
from auditor.report.reader import read_report

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_histories" / "pokerstars"
CLEAN = SAMPLES / "nl_holdem_6max_showdown_rake.txt"
DAMAGED = SAMPLES / "damaged_middle_hand.txt"


def run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


def test_clean_file_exits_0_and_writes_three_parquet_tables(tmp_path: Path) -> None:
    code, out, _ = run("audit", CLEAN, "-o", tmp_path / "r", "--jobs", "1")
    assert code == 0
    assert "1 audited" in out
    tables = read_report(tmp_path / "r", "parquet")
    assert len(tables["hands"]) == 1
    assert tables["hands"]["status"].tolist() == ["audited"]
    assert tables["findings"].empty
    assert len(tables["payouts"]) == 6


def test_error_finding_exits_1(tmp_path: Path) -> None:
    code, out, _ = run("audit", DAMAGED, "-o", tmp_path / "r", "--jobs", "1")
    assert code == 1
    findings = read_report(tmp_path / "r")["findings"]
    assert findings["code"].tolist() == ["HH001"]
    assert findings["line"].tolist() == [44]
    assert "HH001" in out


def test_csv_format(tmp_path: Path) -> None:
    code, _, _ = run("audit", DAMAGED, "-o", tmp_path / "r", "--format", "csv", "--jobs", "1")
    assert code == 1
    assert sorted(p.name for p in (tmp_path / "r").iterdir()) == [
        "findings.csv", "hands.csv", "payouts.csv", "report.json"]
    hands = read_report(tmp_path / "r", "csv")["hands"]
    assert hands["status"].tolist() == ["audited", "unparsable", "audited"]


def test_folder_is_searched_recursively_and_every_hand_is_counted(tmp_path: Path) -> None:
    folder = tmp_path / "in" / "deep"
    folder.mkdir(parents=True)
    shutil.copy(CLEAN, folder / "a.txt")
    shutil.copy(DAMAGED, tmp_path / "in" / "b.txt")
    (tmp_path / "in" / "notes.txt").write_text("not a hand history\n")
    (tmp_path / "in" / "README.md").write_text("# docs are not even opened\n")
    code, _, err = run("audit", tmp_path / "in", "-o", tmp_path / "r", "--jobs", "1")
    assert code == 1  # the damaged hand is an error finding
    assert "notes.txt" in err and "skipped" in err
    assert "README.md" not in err
    hands = read_report(tmp_path / "r")["hands"]
    assert len(hands) == 4


def test_parallel_jobs_give_the_same_report_as_one(tmp_path: Path) -> None:
    code1, _, _ = run("audit", SAMPLES, "-o", tmp_path / "one", "--jobs", "1")
    code2, _, _ = run("audit", SAMPLES, "-o", tmp_path / "two", "--jobs", "2")
    assert code1 == code2
    one, two = read_report(tmp_path / "one"), read_report(tmp_path / "two")
    for name in ("hands", "findings", "payouts"):
        assert one[name].equals(two[name]), name


def test_missing_path_exits_2(tmp_path: Path) -> None:
    code, _, err = run("audit", tmp_path / "nope.txt", "-o", tmp_path / "r")
    assert code == 2
    assert "no such file" in err
    assert "Traceback" not in err


def test_named_file_without_hands_exits_2_but_audits_the_rest(tmp_path: Path) -> None:
    junk = tmp_path / "junk.txt"
    junk.write_text("hello\n")
    code, _, err = run("audit", junk, CLEAN, "-o", tmp_path / "r", "--jobs", "1")
    assert code == 2
    assert "junk.txt: no hand history found" in err
    assert len(read_report(tmp_path / "r")["hands"]) == 1


def test_binary_file_is_a_clear_error(tmp_path: Path) -> None:
    blob = tmp_path / "blob.bin"
    blob.write_bytes(bytes(range(256)) * 10)
    code, _, err = run("audit", blob, "-o", tmp_path / "r")
    assert code == 2
    assert "blob.bin: cannot read" in err
    assert "Traceback" not in err


def test_bad_option_values_exit_2(tmp_path: Path) -> None:
    assert run("audit", CLEAN, "-o", tmp_path / "r", "--profile", "nope")[0] == 2
    assert run("audit", CLEAN, "-o", tmp_path / "r", "--select", "ZZ9")[0] == 2
    assert run("audit", CLEAN, "-o", tmp_path / "r", "--format", "xml")[0] == 2


def test_ignore_by_family_prefix_removes_the_findings(tmp_path: Path) -> None:
    code, _, _ = run("audit", DAMAGED, "-o", tmp_path / "r", "--ignore", "HH", "--jobs", "1")
    assert code == 0
    assert read_report(tmp_path / "r")["findings"].empty


def test_auditor_toml_beside_the_input_configures_the_run(tmp_path: Path) -> None:
    shutil.copy(DAMAGED, tmp_path / "hands.txt")
    (tmp_path / "auditor.toml").write_text('ignore = ["hand.unparsable"]\n')
    code, _, _ = run("audit", tmp_path / "hands.txt", "-o", tmp_path / "r", "--jobs", "1")
    assert code == 0


def test_rules_lists_every_code_of_the_contract() -> None:
    code, out, _ = run("rules")
    assert code == 0
    listed = {line.split()[0] for line in out.splitlines() if line.strip()}
    contract = {"HH001", "HH002", "HH003", *(f"TU00{i}" for i in range(1, 8)),
                *(f"RA00{i}" for i in range(1, 6)), "RO001", "RO002",
                *(f"SP00{i}" for i in range(1, 8)), "SE001", "SE002", "HH004"}
    assert listed == contract


@pytest.mark.parametrize("key", ["RO001", "reopen.raise_after_short_all_in", "ro001"])
def test_rule_prints_the_documentation(key: str) -> None:
    code, out, _ = run("rule", key)
    assert code == 0
    assert out.startswith("RO001 reopen.raise_after_short_all_in (error)")
    for heading in ("What it does", "Why is this bad?", "Example", "Use instead", "References"):
        assert heading in out


def test_unknown_rule_exits_2() -> None:
    assert run("rule", "XX999")[0] == 2


def test_explain_settles_a_side_pot_hand() -> None:
    path = SAMPLES / "tournament_antes_3way_allin_side_pot.txt"
    hand_id = path.read_text().split("#", 1)[1].split(":", 1)[0]
    code, out, _ = run("explain", path, "--hand", hand_id)
    assert code == 0
    assert "Side pot-1" in out and "Main pot" in out
    assert "should pay" in out


def test_explain_unknown_hand_exits_2() -> None:
    assert run("explain", CLEAN, "--hand", "1")[0] == 2


def test_explain_a_damaged_hand_says_why() -> None:
    text = DAMAGED.read_text()
    second = text.split("PokerStars Hand #")[2].split(":", 1)[0]
    code, out, _ = run("explain", DAMAGED, "--hand", second)
    assert code == 0
    assert "HH001 line 44" in out
