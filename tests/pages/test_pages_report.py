"""The club report says what the tables say, and writes the dispute pages beside it."""

from __future__ import annotations

import json
import shutil
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner
from pagekit import ROOT, SP003, Dom

from auditor.api import audit_paths
from auditor.cli import main
from auditor.pages.report_page import build_report_page, write_report
from auditor.report.reader import read_report


def test_the_counts_are_the_tables_counts(sample_audit: Path) -> None:
    tables = read_report(sample_audit)
    hands, findings = tables["hands"], tables["findings"]
    page = build_report_page(sample_audit)
    assert page.totals["hands"] == len(hands)
    assert page.totals["findings"] == len(findings)
    assert page.totals["audited"] == int((hands["status"] == "audited").sum())
    counts = findings["code"].value_counts().to_dict()
    assert {code: n for code, _, _, n in page.by_code} == counts
    by_site = {site: total for site, _, total in page.by_site}
    assert by_site == hands["site"].value_counts().to_dict()
    assert page.provenance["profile"]["name"] == "tda"
    # errors first
    ranks = [{"error": 0, "warning": 1, "info": 2}[h.worst] for h in page.to_see]
    assert ranks == sorted(ranks) and ranks[0] == 0
    assert page.to_see_total == int((hands["findings"] > 0).sum())


def _overpaid_audit(tmp_path: Path) -> Path:
    out = tmp_path / "audit"
    audit_paths([SP003], out, jobs=1)
    return out


def test_over_and_underpaid_per_player_and_currency(tmp_path: Path) -> None:
    audit = _overpaid_audit(tmp_path)
    payouts = read_report(audit)["payouts"]
    page = build_report_page(audit)
    rows = {p["player"]: p for p in page.players}
    assert rows["Alice"]["over"] == Decimal("39.50") and rows["Alice"]["under"] == 0
    assert rows["Bob"]["under"] == Decimal("39.50") and rows["Bob"]["over"] == 0
    for p in page.players:
        mine = payouts[payouts["player"] == p["player"]]
        assert p["net"] == sum(mine["net"], Decimal(0))
    assert page.currency_totals == [{"currency": "USD", "over": Decimal("39.50"),
                                     "under": Decimal("39.50")}]
    (hand,) = page.to_see
    assert hand.at_stake == Decimal("39.50") and hand.codes == ("SP003",)


def test_report_links_each_hand_to_its_dispute_page(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    audit = _overpaid_audit(tmp_path)
    monkeypatch.chdir(ROOT)  # the audit's sources are as given
    out = tmp_path / "site" / "REPORT.html"
    report = write_report(audit, out)
    assert report.pages_written == 1
    dom = Dom(out.read_text(encoding="utf-8"))
    (row,) = dom.find("tr", data_hand="213000000301")
    page = out.parent / row.attrs["data-page"]
    assert page.is_file() and page.parent.name == "REPORT_files"
    hand = Dom(page.read_text(encoding="utf-8"))
    assert hand.by_id("finding-1").attrs["data-code"] == "SP003"
    assert hand.find("a", href="../REPORT.html")
    assert "USD: $39.50 overpaid, $39.50 underpaid" in " ".join(
        dom.by_id("verdict").text.split())


def test_the_number_of_dispute_pages_is_capped_and_said(sample_audit: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    out = tmp_path / "r.html"
    report = write_report(sample_audit, out, max_pages=2)
    assert report.pages_written == 2
    assert len(list((tmp_path / "r_files").glob("*.html"))) == 2
    text = " ".join(out.read_text(encoding="utf-8").split())
    assert "(at most 2: <code>--pages N</code> writes more)" in text
    linked = [r for r in Dom(out.read_text(encoding="utf-8")).find("tr")
              if r.attrs.get("data-page")]
    assert len(linked) == 2


def test_sources_not_found_are_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "hands" / "sp003.txt"
    copy.parent.mkdir()
    shutil.copy(SP003, copy)
    monkeypatch.chdir(tmp_path)
    audit_paths([Path("hands")], tmp_path / "audit", jobs=1)
    monkeypatch.chdir(ROOT)  # elsewhere: hands/sp003.txt is not here
    report = write_report(tmp_path / "audit", tmp_path / "r.html", roots=[ROOT])
    assert report.pages_written == 0
    assert report.to_see[0].why_no_page == "its source file was not found"
    assert any("--sources" in w for w in report.warnings)
    report = write_report(tmp_path / "audit", tmp_path / "r.html", roots=[tmp_path])
    assert report.pages_written == 1


def test_sessions_table_shown_where_there_is_one(tmp_path: Path) -> None:
    audit = _overpaid_audit(tmp_path)
    out = tmp_path / "r.html"
    write_report(audit, out, max_pages=0)
    assert 'id="sessions"' not in out.read_text(encoding="utf-8")
    log = ROOT / "sample_histories" / "pokernow" / "admin_stack_change.csv"
    night = tmp_path / "night"
    audit_paths([log], night, jobs=1)
    sessions = read_report(night)["sessions"]
    assert len(sessions) == 2
    write_report(night, out, max_pages=0)
    html = out.read_text(encoding="utf-8")
    section = Dom(html).by_id("sessions")
    assert "bought_in" in section.text
    for player, bought in zip(sessions["player"], sessions["bought_in"], strict=True):
        assert player in section.text and f"{bought}" in section.text


def test_a_csv_audit_reads_the_same(tmp_path: Path) -> None:
    out = tmp_path / "csv"
    audit_paths([SP003], out, fmt="csv", jobs=1)
    page = build_report_page(out)
    assert page.currency_totals[0]["over"] == Decimal("39.50")
    assert json.loads((out / "report.json").read_text())["profile"]["name"] == \
        page.provenance["profile"]["name"]


def test_report_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    audit = _overpaid_audit(tmp_path)
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, ["report", str(audit), "-o", str(tmp_path / "R.html"),
                                       "--pages", "5"])
    assert result.exit_code == 0, result.output
    assert "1 dispute page" in result.stdout
    bad = CliRunner().invoke(main, ["report", str(tmp_path / "nope"), "-o", "x.html"])
    assert bad.exit_code == 2
    empty = tmp_path / "empty"
    empty.mkdir()
    assert CliRunner().invoke(main, ["report", str(empty), "-o", "x.html"]).exit_code == 2
