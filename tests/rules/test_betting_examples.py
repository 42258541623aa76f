"""The betting rules' documented example hands are their tests.

Each rule keeps real PokerStars hands under ``auditor/rules/betting/examples/<CODE>/``:

- ``bad_*.txt`` must raise the finding. The sidecar ``bad_*.expect`` lists the expected
  findings, one ``CODE LINE`` per row (1-based line in the ``.txt``; ``#`` starts a
  comment). The betting findings of the hand must be exactly those (one fault, one
  finding); other families (pots) are not asserted on bad hands.
- ``good_*.txt`` ("use instead") must be clean under every rule: no finding at all from
  the whole audit.

Test ids are ``CODE/file``, so ``pytest -k RO001`` runs one rule's examples.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from auditor.config import Settings
from auditor.model.hand import Hand
from auditor.pipeline import replay_hand as replay
from auditor.rules.betting import RULES

try:
    from auditor.parsing import read_text
except ImportError:  # the parser is not there yet
    read_text = None

BETTING_CODES = {rule.code for rule in RULES}
FINDINGS_MD = Path("/work/shared/FINDINGS.md")


def example_files(prefix: str) -> list[Path]:
    files = []
    for rule in RULES:
        files.extend(sorted(rule.example_dir().glob(f"{prefix}_*.txt")))
    return files


def case_id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def read_expect(path: Path) -> set[tuple[str, int]]:
    expected = set()
    for raw in path.with_suffix(".expect").read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            code, number = line.split()
            expected.add((code, int(number)))
    return expected


def parse_one(path: Path) -> Hand:
    if read_text is None:
        pytest.skip("auditor.parsing.read_text is not available yet")
    (hand,) = read_text(path.read_text(encoding="utf-8"), str(path))
    assert isinstance(hand, Hand), f"{path.name} does not parse: {hand}"
    return hand


@pytest.mark.parametrize("path", example_files("bad"), ids=case_id)
def test_bad_example_raises_exactly_its_findings(path: Path):
    expected = read_expect(path)
    assert path.parent.name in {code for code, _ in expected}, "the rule's own code is expected"
    result = replay(parse_one(path), Settings())
    got = {(f.code, f.line) for f in result.findings if f.code in BETTING_CODES}
    assert got == expected


@pytest.mark.parametrize("path", example_files("good"), ids=case_id)
def test_good_example_is_clean_under_every_rule(path: Path):
    hand = parse_one(path)
    assert replay(hand, Settings()).findings == []
    try:
        from auditor.api import audit_text
    except ImportError:
        return  # the whole-audit entry is not there yet: the betting replay is clean
    result = audit_text(path.read_text(encoding="utf-8"), str(path))
    assert [h.status for h in result.hands] == ["audited"]
    assert [(f.code, f.line, f.message) for f in result.findings] == []


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_every_rule_has_a_bad_and_a_good_example(rule):
    folder = rule.example_dir()
    assert list(folder.glob("bad_*.txt")), f"{rule.code} has no bad example"
    assert list(folder.glob("good_*.txt")), f"{rule.code} has no good example"
    for bad in folder.glob("bad_*.txt"):
        assert bad.with_suffix(".expect").is_file(), f"{bad.name} has no .expect sidecar"


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_documentation_has_the_ruff_headings(rule):
    assert isinstance(rule.references, tuple) and all(
        isinstance(r, str) and r for r in rule.references)
    doc = rule.doc()
    for heading in ("What it does", "Why is this bad?", "Example", "Use instead", "References"):
        assert f"## {heading}" in doc, f"{rule.code} lacks '{heading}'"
    assert rule.references, f"{rule.code} names no rulebook clause"
    assert rule.summary and rule.summary.endswith(".")


def findings_table() -> dict[str, tuple[str, str]]:
    rows = {}
    for line in FINDINGS_MD.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\|\s*([A-Z]{2}\d{3})\s*\|\s*([\w.]+)\s*\|\s*(\w+)\s*\|", line)
        if m:
            rows[m.group(1)] = (m.group(2), m.group(3))
    return rows


@pytest.mark.skipif(not FINDINGS_MD.is_file(), reason="FINDINGS.md not available")
@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_rule_code_name_and_severity_follow_findings_md(rule):
    assert findings_table()[rule.code] == (rule.name, rule.severity)
