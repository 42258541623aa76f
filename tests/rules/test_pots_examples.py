"""The pot rules' documented examples are their tests.

Every ``auditor/rules/pots/examples/<CODE>/`` holds PokerStars hands (``.txt``) or
PokerNow logs (``.csv``, for what only a log records: stack changes between hands):
``bad_*`` must
raise exactly the findings its ``bad_*.expect`` sidecar lists (one ``CODE LINE`` per line,
1-based file lines), and ``good_*.txt`` must be clean under every rule. Each file runs
through the whole pipeline: parser, betting replay, settlement, stack tracker. Run one
rule's examples with ``pytest -k SP004``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.config import Settings, build_settings, read_config_file
from auditor.rules.pots import RULES

try:
    from auditor.model.hand import Hand
    from auditor.parsing import read_text
    from auditor.pipeline import replay_hand as replay
    from auditor.pipeline import settle_hand as settle
    from auditor.rules.pots.se001_stack_discontinuity import HandStacks, StackTracker
except ImportError as exc:  # the parser or the replay is not there yet
    pytest.skip(f"pipeline not available: {exc}", allow_module_level=True)


def example_files() -> list[Path]:
    files = []
    for rule in RULES:
        files += sorted([*rule.example_dir().glob("*.txt"), *rule.example_dir().glob("*.csv")])
    return files


def audit(path: Path) -> list[tuple[str, int]]:
    """Every finding of every rule in the file, as (code, line). A log with a ``.ledger``
    sidecar (SE003) runs through the whole audit with the ledger beside it: its findings
    point at the ledger's lines."""
    ledger = path.with_suffix(".ledger")
    if ledger.exists():
        import tempfile

        from auditor.api import audit_paths
        from auditor.report.reader import read_report

        with tempfile.TemporaryDirectory() as out:
            audit_paths([path], Path(out), jobs=1, ledgers=[ledger])
            findings = read_report(out)["findings"]
            return sorted(zip(findings["code"], map(int, findings["line"]), strict=True))
    settings = _settings(path)
    tracker = StackTracker()
    found: list[tuple[str, int]] = []
    for hand in read_text(path.read_text(encoding="utf-8"), str(path)):
        assert isinstance(hand, Hand), f"{path.name} does not parse: {hand}"
        result = replay(hand, settings)
        settlement = settle(hand, result, settings)
        findings = [*result.findings, *settlement.findings]
        findings += tracker.feed(HandStacks.of(hand, settlement.payouts))
        found += [(f.code, f.line) for f in findings]
    return sorted(found)


def _settings(path: Path) -> Settings:
    """The default settings, or the house rules of a ``.toml`` sidecar (a rule that only
    a profile option turns on)."""
    sidecar = path.with_suffix(".toml")
    if not sidecar.exists():
        return Settings()
    return build_settings(config=read_config_file(sidecar))


def expected(path: Path) -> list[tuple[str, int]]:
    sidecar = path.with_suffix(".expect")
    if not sidecar.exists():
        return []
    pairs = [line.split() for line in sidecar.read_text().splitlines() if line.strip()]
    return sorted((code, int(line)) for code, line in pairs)


@pytest.mark.parametrize("path", example_files(), ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_example(path: Path):
    want = expected(path)
    if path.stem.startswith("bad_"):
        assert want, f"{path.name} has no .expect sidecar"
        assert want[0][0] == path.parent.name
    assert audit(path) == want


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_every_rule_has_a_bad_and_a_good_example(rule):
    names = [p.stem for p in (*rule.example_dir().glob("*.txt"),
                              *rule.example_dir().glob("*.csv"))]
    assert any(n.startswith("bad_") for n in names)
    assert any(n.startswith("good_") for n in names)


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_metadata_matches_the_report_contract(rule):
    contract = {
        "SP001": ("uncalled.not_returned", "error"),
        "SP002": ("pot.stated_amount_wrong", "error"),
        "SP003": ("pot.ineligible_winner", "error"),
        "SP004": ("pot.wrong_winner", "error"),
        "SP005": ("pot.split_wrong", "error"),
        "SP006": ("pot.odd_chip_misplaced", "warning"),
        "SP007": ("chips.not_conserved", "error"),
        "SP008": ("pot.run_more_than_once", "error"),
        "SE001": ("stack.discontinuity", "warning"),
        "SE002": ("stack.changed_by_host", "info"),
        "SE003": ("ledger.mismatch", "error"),
    }
    assert (rule.name, rule.severity) == contract[rule.code]
    assert isinstance(rule.references, tuple) and all(
        isinstance(r, str) and r for r in rule.references)
    doc = rule.doc()
    for heading in ("What it does", "Why is this bad?", "Example", "Use instead", "References"):
        assert heading in doc, f"{rule.code} docstring lacks {heading!r}"
