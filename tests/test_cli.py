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
                *(f"SP00{i}" for i in range(1, 9)), "SE001", "SE002", "SE003", "HH004"}
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
    assert code == 1  # HH001 is an error finding
    assert "HH001 line 44" in out


# --- terminal output -----------------------------------------------------------------


def test_each_finding_is_printed_with_its_file_line_and_offending_text(tmp_path: Path) -> None:
    code, out, _ = run("audit", DAMAGED, "--jobs", "1", "--color", "never")
    assert code == 1
    first = out.splitlines()[0]
    assert first.startswith(f"{DAMAGED}:44: HH001 not a PokerStars line")
    assert first.endswith("[hand #256733039962]")
    assert "44 | Hero: b%ts $0.2#" in out
    assert "findings: 1 errors, 0 warnings, 0 info" in out
    assert "config: none (defaults) (1 file)" in out


def test_without_out_nothing_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run("audit", DAMAGED, "--jobs", "1")
    assert code == 1 and "->" not in out
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("fmt", ["concise", "grouped"])
def test_concise_and_grouped_formats(fmt: str) -> None:
    code, out, _ = run("audit", DAMAGED, "--jobs", "1", "--output-format", fmt, "-q")
    assert code == 1
    if fmt == "concise":
        assert out.splitlines() == [f"{DAMAGED}:44: HH001 not a PokerStars line at "
                                    "'b%ts <amount>#': 'Hero: b%ts $0.2#' [hand #256733039962]"]
    else:
        assert out.splitlines()[:2] == [f"{DAMAGED}:", "  44: HH001 not a PokerStars line at "
                                        "'b%ts <amount>#': 'Hero: b%ts $0.2#' "
                                        "[hand #256733039962]"]


def test_json_formats_are_machine_readable_with_exact_amounts() -> None:
    import json

    path = ROOT / "sample_histories" / "partypoker" / "classic_silent_post_both.txt"
    code, out, _ = run("audit", path, "--jobs", "1", "--output-format", "json")
    assert code == 1
    rows = json.loads(out)  # the summary goes to stderr: stdout is JSON alone
    assert [(r["line"], r["code"]) for r in rows] == [(14, "TU003"), (24, "SP007")]
    assert rows[1]["expected"] == "0.25" and rows[1]["observed"] == "0.38"
    code, out, _ = run("audit", path, "--jobs", "1", "--output-format", "json-lines")
    assert [json.loads(line)["code"] for line in out.splitlines()] == ["TU003", "SP007"]
    code, out, _ = run("audit", path, "--jobs", "1", "--output-format", "json", "--statistics")
    assert {r["code"]: r["count"] for r in json.loads(out)} == {"SP007": 1, "TU003": 1}


def test_statistics_and_exit_zero() -> None:
    code, out, _ = run("audit", DAMAGED, "--jobs", "1", "--statistics", "--exit-zero")
    assert code == 0
    assert out.split() == ["1", "HH001", "hand.unparsable", "error"]


def test_info_findings_are_counted_not_shown_unless_asked() -> None:
    stud = SAMPLES / "stud_unsupported.txt"
    code, out, _ = run("audit", stud, "--jobs", "1")
    assert code == 0 and f"{stud}:1: HH002" not in out
    assert "not shown above: 1 info (--min-severity info shows them)" in out
    code, out, _ = run("audit", stud, "--jobs", "1", "--min-severity", "info", "-q")
    assert "HH002" in out


def test_standard_input(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["audit", "-", "--stdin-filename", "night.txt", "-q",
                                       "--output-format", "concise", "--jobs", "1"],
                                input=DAMAGED.read_bytes())
    assert result.exit_code == 1
    assert result.stdout.startswith("night.txt:44: HH001")


def test_nothing_to_audit_exits_2(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("hello\n")
    code, _, err = run("audit", tmp_path, "--jobs", "1")
    assert code == 2
    assert "no hand history found" in err


def test_a_missing_path_beside_good_files_audits_the_rest(tmp_path: Path) -> None:
    code, _, err = run("audit", tmp_path / "nope.txt", CLEAN, "-o", tmp_path / "r", "--jobs", "1")
    assert code == 2
    assert "nope.txt: no such file or folder" in err
    assert len(read_report(tmp_path / "r")["hands"]) == 1


# --- configuration -------------------------------------------------------------------


@pytest.mark.parametrize("toml,message", [
    ('severity = "info"', "'severity' must be a table of rule code = severity"),
    ('limit-raise-cap = "four"', "'limit-raise-cap' must be a whole number from 1 to 100"),
    ("odd-chip = 5", "'odd-chip' must be one of \"button-left\", \"best-hand-suit\" (got 5)"),
    ('reopen = "whatever"', "'reopen' must be one of \"full-raise\""),
    ('run-it-twice = "no"', "'run-it-twice' must be one of true, false (got \"no\")"),
    ('odd_chips = "x"', "unknown option 'odd-chips' (did you mean 'odd-chip'?)"),
    ('severity = { ZZ = "info" }', "no rule matches 'ZZ'"),
    ("profile = [", "not valid TOML"),
])
def test_configuration_mistakes_name_the_file_and_exit_2(tmp_path: Path, toml: str,
                                                         message: str) -> None:
    shutil.copy(CLEAN, tmp_path / "hands.txt")
    (tmp_path / "auditor.toml").write_text(toml + "\n")
    code, out, err = run("audit", tmp_path / "hands.txt", "--jobs", "1")
    assert code == 2
    assert f"{tmp_path / 'auditor.toml'}: " in err and message in err
    assert "Traceback" not in err + out


def test_a_string_is_a_comma_list_and_the_readme_snippet_pastes_into_auditor_toml(
        tmp_path: Path) -> None:
    shutil.copy(DAMAGED, tmp_path / "hands.txt")
    (tmp_path / "auditor.toml").write_text('ignore = "TU007,HH001"\n')
    assert run("audit", tmp_path / "hands.txt", "--jobs", "1")[0] == 0
    (tmp_path / "auditor.toml").write_text('[tool.auditor]\nignore = ["HH001"]\n')
    assert run("audit", tmp_path / "hands.txt", "--jobs", "1")[0] == 0


def test_the_nearest_configuration_applies_to_each_file_whatever_the_order(
        tmp_path: Path) -> None:
    quiet, loud = tmp_path / "quiet", tmp_path / "loud"
    quiet.mkdir()
    loud.mkdir()
    shutil.copy(DAMAGED, quiet / "a.txt")
    shutil.copy(SAMPLES / "tournament_antes_3way_allin_side_pot.txt", loud / "b.txt")
    (quiet / "auditor.toml").write_text('severity = { HH001 = "info" }\n')
    for order in ((quiet, loud), (loud, quiet)):
        code, out, _ = run("audit", *order, "-o", tmp_path / "r", "--jobs", "2")
        assert code == 0, out  # HH001 is info under quiet/'s configuration
        findings = read_report(tmp_path / "r")["findings"]
        assert findings["severity"].tolist() == ["info"]
        assert f"config: {quiet / 'auditor.toml'} (1 file), none (defaults) (1 file)" in out \
            or f"none (defaults) (1 file), {quiet / 'auditor.toml'} (1 file)" in out


def test_a_folder_of_inputs_is_looked_up_once_and_each_keeps_its_nearest_configuration(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from auditor.config import SettingsFinder

    inner = tmp_path / "inner"
    inner.mkdir()
    (inner / "auditor.toml").write_text('severity = { HH001 = "info" }\n')
    resolved: list[Path] = []
    real = Path.resolve

    def counted(self: Path, strict: bool = False) -> Path:
        resolved.append(self)
        return real(self, strict)

    monkeypatch.setattr(Path, "resolve", counted)
    finder = SettingsFinder()
    outer = [finder.for_path(tmp_path / f"{i}.txt") for i in range(50)]
    nested = [finder.for_path(inner / f"{i}.txt") for i in range(50)]
    assert resolved == [tmp_path, inner]  # once a folder, however many files
    assert all(s is outer[0] for s in outer) and all(s is nested[0] for s in nested)
    assert nested[0].severity_of("HH001", "error") == "info"
    assert outer[0].severity_of("HH001", "error") == "error"
    assert finder.for_path(inner) is nested[0]  # the folder itself, as an input


def test_config_file_isolated_and_inline(tmp_path: Path) -> None:
    shutil.copy(DAMAGED, tmp_path / "hands.txt")
    (tmp_path / "auditor.toml").write_text('ignore = ["HH001"]\n')
    other = tmp_path / "other.toml"
    other.write_text('select = ["TU"]\n')
    assert run("audit", tmp_path / "hands.txt", "--jobs", "1")[0] == 0
    assert run("audit", tmp_path / "hands.txt", "--jobs", "1", "--isolated")[0] == 1
    assert run("audit", tmp_path / "hands.txt", "--jobs", "1", "--config", other)[0] == 0
    inline = "severity = { HH001 = 'warning' }"
    code, out, _ = run("audit", tmp_path / "hands.txt", "--jobs", "1", "--isolated",
                       "--config", inline)
    assert code == 0 and "HH001  hand.unparsable  warning" in out
    assert run("audit", tmp_path / "hands.txt", "--isolated", "--config", other)[0] == 2
    assert run("audit", tmp_path / "hands.txt", "--config", "nope.toml")[0] == 2


def test_show_settings_prints_each_configuration_in_effect(tmp_path: Path) -> None:
    shutil.copy(CLEAN, tmp_path / "hands.txt")
    (tmp_path / "auditor.toml").write_text('profile = "cash"\nseverity = { SE = "info" }\n')
    code, out, _ = run("audit", tmp_path, "--show-settings")
    assert code == 0
    assert out.startswith(f"# {tmp_path / 'auditor.toml'}: 1 input file\n")
    assert 'profile = "cash"' in out and 'heads-up-cap = "cash-no-cap"' in out
    assert 'SE001 = "info"' in out and 'TU001 = "error"' in out
    code, out, _ = run("audit", tmp_path, "--show-files", "--extend-exclude", "*.txt")
    assert code == 0 and out == ""


# --- explain -------------------------------------------------------------------------


def test_explain_exits_1_when_the_hand_breaks_a_rule_and_searches_folders() -> None:
    party = ROOT / "sample_histories" / "partypoker"
    code, out, _ = run("explain", party, "--hand", "5100000305")
    assert code == 1
    assert "TU003" in out or "checks while facing" in out


def test_explain_suggests_near_hand_ids() -> None:
    code, _, err = run("explain", DAMAGED, "--hand", "256733039926")
    assert code == 2
    assert "hands with a number like it: 256733039962" in err


def test_a_findings_source_line_is_found_in_blocks_numbered_either_way() -> None:
    from auditor.cli_output import _SourceLines
    from auditor.parsing.blocks import HandBlock

    plain = HandBlock("a.txt", "pokerstars", 10, ["x", "y"])
    earlier = HandBlock("a.txt", "pokerstars", 3, ["p", "q"])
    # A log written newest first: its lines' numbers run backwards.
    newest_first = HandBlock("b.csv", "pokernow", 8, ["new", "old"], numbers=[8, 7])
    after = HandBlock("b.csv", "pokernow", 6, ["older"], numbers=[6])
    lines = _SourceLines([plain, newest_first, earlier, after])
    assert (lines.get("a.txt", 11), lines.get("a.txt", 4), lines.get("a.txt", 10)) == (
        "y", "q", "x")
    assert (lines.get("b.csv", 7), lines.get("b.csv", 8), lines.get("b.csv", 6)) == (
        "old", "new", "older")
    assert lines.get("a.txt", 2) is None and lines.get("c.txt", 1) is None
