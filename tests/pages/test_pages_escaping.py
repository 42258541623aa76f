"""Player names, table names and messages are hostile input: on a page they are text."""

from __future__ import annotations

from pathlib import Path

import pytest
from pagekit import ROOT, SP003, SP003_HAND, Dom

from auditor.api import audit_paths
from auditor.pages.hand_page import hand_page_in_file, render_hand_page
from auditor.pages.report_page import write_report

HOSTILE = '<script>alert(1)</script>'
QUOTES = '"><img src=x onerror=alert(2)>'


@pytest.fixture
def hostile_file(tmp_path: Path) -> Path:
    """The SP003 example hand with two players renamed to markup."""
    text = SP003.read_text(encoding="utf-8")
    text = text.replace("Alice", HOSTILE).replace("Carol", QUOTES)
    text = text.replace("Alderamin III", "</title><script>x</script>")
    path = tmp_path / "hostile.txt"
    path.write_text(text, encoding="utf-8")
    return path


def _assert_inert(html: str) -> None:
    assert "<script" not in html.lower()
    assert "<img" not in html.lower()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_names_on_the_dispute_page_are_text(hostile_file: Path) -> None:
    page = hand_page_in_file(hostile_file, SP003_HAND)
    assert page is not None
    assert page.seats[0].player == HOSTILE  # read as it is...
    html = render_hand_page(page)
    _assert_inert(html)  # ...and shown as text
    dom = Dom(html)
    assert any(HOSTILE in e.text for e in dom.find("td"))
    assert dom.find("g", data_player=QUOTES)  # an attribute value, not markup
    assert not dom.find("img") and not dom.find("script")


def test_names_in_the_report_are_text(hostile_file: Path, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    audit_paths([hostile_file], tmp_path / "audit", jobs=1)
    monkeypatch.chdir(ROOT)
    out = tmp_path / "r.html"
    report = write_report(tmp_path / "audit", out)
    assert report.pages_written == 1
    _assert_inert(out.read_text(encoding="utf-8"))
    for page in (tmp_path / "r_files").glob("*.html"):
        _assert_inert(page.read_text(encoding="utf-8"))


def test_the_pages_forbid_every_request_and_script() -> None:
    page = hand_page_in_file(SP003, SP003_HAND)
    assert page is not None
    html = render_hand_page(page)
    assert "default-src 'none'" in html  # even a slip in escaping could load nothing
