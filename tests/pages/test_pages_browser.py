"""The pages in a real browser: headless Chromium loads them, their DOM holds the pots,
the findings and the money, and screenshots (desktop, phone, print) are taken into the
test's folder. Skipped where no Chromium is installed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pagekit import ROOT, SP003, SP003_HAND, Browser

from auditor.pages.hand_page import hand_page_in_file, write_hand_page
from auditor.pages.report_page import write_report


@pytest.fixture(scope="module")
def dispute_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    page = hand_page_in_file(SP003, SP003_HAND)
    assert page is not None
    return write_hand_page(page, tmp_path_factory.mktemp("dispute") / "SP003.html")


def test_dispute_page_of_a_side_pot_hand_in_the_browser(browser: Browser, dispute_page: Path
                                                        ) -> None:
    dom = browser.dom(dispute_page)
    # the table: three seats drawn, the button at Alice's
    seats = dom.find("g", class_="seat")
    assert [s.attrs["data-player"] for s in seats] == ["Alice", "Bob", "Carol"]
    assert "Alice" in seats[0].text and "$10.00" in seats[0].text
    # the pots as layers, and their figures
    layers = [e.attrs["data-name"] for e in dom.find("g", class_="layer")]
    assert layers == ["Main pot", "Side pot-1"]
    assert dom.by_id("pot-0").attrs["data-amount"] == "3000"
    assert "Can be won by" in dom.by_id("pot-1").text and "Bob, Carol" in dom.by_id("pot-1").text
    # the finding, and the money as the rules pay it beside what the history paid
    assert dom.by_id("finding-1").attrs["data-code"] == "SP003"
    money = dom.by_id("money").text
    assert "+$39.50 overpaid" in money and "-$39.50 underpaid" in money
    assert not dom.find("script")


def test_dispute_page_screenshots(browser: Browser, dispute_page: Path, tmp_path: Path) -> None:
    desktop = browser.screenshot(dispute_page, tmp_path / "dispute-desktop.png", 1100, 2400)
    phone = browser.screenshot(dispute_page, tmp_path / "dispute-phone.png", 390, 2400)
    assert desktop.stat().st_size > 50_000 and phone.stat().st_size > 30_000
    pdf = browser.pdf(dispute_page, tmp_path / "dispute.pdf")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))
    assert 1 <= pages <= 8, pages  # prints on a few sheets of paper


def test_report_of_the_sample_audit_in_the_browser(browser: Browser, sample_audit: Path,
                                                   tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    out = tmp_path / "REPORT.html"
    report = write_report(sample_audit, out)
    dom = browser.dom(out)
    assert dom.by_id("stat-hands").text.strip() == f"{report.totals['hands']:,}"
    bars = {b.attrs["data-label"]: int(b.attrs["data-value"])
            for b in dom.find("g", class_="bar") if b.attrs["data-label"].startswith("HH")}
    assert bars["HH001"] == dict((c, n) for c, _, _, n in report.by_code)["HH001"]
    linked = [r.attrs["data-page"] for r in dom.find("tr") if r.attrs.get("data-page")]
    assert len(linked) == report.pages_written > 0
    first = browser.dom(out.parent / linked[0])  # the first hand's dispute page loads too
    assert first.by_id("finding-1").attrs["data-code"]
    browser.screenshot(out, tmp_path / "report-desktop.png", 1100, 2400)
    browser.screenshot(out, tmp_path / "report-phone.png", 390, 2400)
