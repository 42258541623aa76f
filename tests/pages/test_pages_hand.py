"""The dispute page says what the audit says: its numbers are the HandAudit's, the
payouts table's and the replay's, and the HTML carries them."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from pagekit import SAMPLES, SP003, SP003_HAND, Dom, found_hand

from auditor.cli import main
from auditor.engine.audit import audit_pots
from auditor.engine.pots import build_pots, pot_shares
from auditor.model.profile import Profile
from auditor.pages.hand_page import build_hand_page, hand_page_in_file, render_hand_page
from auditor.rules.pots.sp005_split_wrong import SplitWrong


def sp003_page():
    found = found_hand(SP003, SP003_HAND)
    assert found.hand and found.replay and found.settlement
    page = build_hand_page(found.hand, found.replay, found.settlement, found.findings,
                           lines=found.lines)
    return found, page


def test_the_pots_are_the_audits_pots() -> None:
    found, page = sp003_page()
    audit = audit_pots(found.hand, found.replay, Profile())
    assert [(p.amount, p.eligible) for p in page.pots] == \
        [(p.amount, p.eligible) for p in audit.layout.pots]
    assert [p.net for p in page.pots] == audit.net
    main, side = page.pots
    assert (main.amount, side.amount) == (3000, 4000)
    assert main.shares == {"Alice": 1000, "Bob": 1000, "Carol": 1000}
    assert side.shares == {"Bob": 2000, "Carol": 2000}
    # who should win each pot, and what the history paid from it
    assert side.results[0].winners == ("Bob",)
    assert side.results[0].due == {"Bob": 3950}
    assert side.results[0].paid == {"Alice": 3950}
    assert not side.results[0].agrees
    assert main.results[0].agrees
    assert [h.player for h in main.results[0].ranking.ranked] == ["Alice", "Bob", "Carol"]


def test_the_money_rows_are_the_payouts_rows() -> None:
    found, page = sp003_page()
    rows = {r.player: r for r in page.money_rows}
    for p in found.settlement.payouts:
        r = rows[p.player]
        assert (r.contributed, r.returned, r.paid, r.due, r.net) == \
            (p.contributed, p.returned, p.won_stated, p.won_replayed, p.net)
    assert rows["Alice"].difference == 3950  # overpaid
    assert rows["Bob"].difference == -3950  # underpaid
    assert rows["Carol"].difference == 0


def test_each_raise_beside_its_legal_minimum() -> None:
    _, page = sp003_page()
    rows = {r.line: r for s in page.streets for r in s.rows}
    assert rows[12].sizing is not None
    assert (rows[12].sizing.increment, rows[12].sizing.minimum) == (500, 850)
    assert rows[12].pot == 2000 and rows[12].all_in
    assert rows[14].pot == 3000


def test_the_findings_in_plain_words_with_their_rule() -> None:
    found, page = sp003_page()
    assert [(f.code, f.line) for f in page.findings] == \
        [(f.code, f.line) for f in found.findings] == [("SP003", 25)]
    (finding,) = page.findings
    assert finding.sentence.startswith("SP003 reports chips from a pot paid to a player")
    assert [d.code for d in page.rules] == ["SP003"]
    assert [s.number for s in page.sections] == ["5", "6"]


def test_the_html_carries_the_numbers() -> None:
    _, page = sp003_page()
    dom = Dom(render_hand_page(page))
    assert [e.attrs["data-amount"] for e in dom.find("div", class_="pot")] == ["3000", "4000"]
    assert "$40.00" in dom.by_id("pot-1").text and "Bob $20.00, Carol $20.00" in \
        dom.by_id("pot-1").text
    finding = dom.by_id("finding-1")
    assert finding.attrs["data-code"] == "SP003"
    assert "Alice collected $39.50 from side pot-1" in finding.text
    alice = dom.find("tr", data_player="Alice", data_paid="6750")
    assert alice and "+$39.50 overpaid" in alice[0].text
    assert "underpaid" in dom.find("tr", data_player="Bob", data_due="3950")[0].text
    assert dom.by_id("line-25").attrs["class"] == "collect flagged"
    assert dom.find("article", id="rule-SP003") and dom.find("article", id="rules-5")
    assert "hit" in dom.by_id("src-25").attrs.get("class", "")
    assert "Only a full raise" in dom.by_id("house-rules").text


def test_pot_shares_add_up_or_say_nothing() -> None:
    contributed = {"A": 100, "B": 150, "C": 300}
    layout = build_pots(contributed, ["A", "B", "C"])
    assert pot_shares(contributed, layout) == [
        {"A": 100, "B": 100, "C": 100}, {"B": 50, "C": 50}]
    assert layout.returned == 150  # C's excess is no pot
    other = layout._replace(pots=(layout.pots[0]._replace(amount=301), *layout.pots[1:]))
    assert pot_shares(contributed, other) is None


def test_run_it_twice_shows_each_board() -> None:
    page = hand_page_in_file(SplitWrong.example_dir() / "good_run_it_twice_halves.txt",
                             _first_hand_id(SplitWrong.example_dir()
                                            / "good_run_it_twice_halves.txt"))
    assert page is not None
    assert page.runs == [1, 2]
    assert len(page.pots[0].results) == 2
    html = render_hand_page(page)
    assert "First board" in html and "Second board" in html


def test_a_hand_that_cannot_be_read_gets_a_page_saying_so() -> None:
    path = SAMPLES / "pokerstars" / "damaged_middle_hand.txt"
    dom = None
    for hand_id in _hand_ids(path):
        page = hand_page_in_file(path, hand_id)
        assert page is not None
        if page.findings and page.findings[0].code == "HH001":
            dom = Dom(render_hand_page(page))
            break
    assert dom is not None
    assert "cannot be replayed" in dom.by_id("verdict").text
    assert dom.find("span", class_="hit")  # the line that failed, in the history


def test_explain_format_html_writes_the_page(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    result = CliRunner().invoke(main, ["explain", str(SP003), "--hand", SP003_HAND,
                                       "--format", "html", "-o", str(out)])
    assert result.exit_code == 1, result.output  # the hand breaks SP003: an error
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!doctype html>")
    assert "<script" not in html and "http://" not in html and "https://" not in html
    text = CliRunner().invoke(main, ["explain", str(SP003), "--hand", SP003_HAND])
    assert text.output.startswith("Hand #213000000301")  # text stays the default
    missing = CliRunner().invoke(main, ["explain", str(SP003), "--hand", "1", "--format",
                                        "html"])
    assert missing.exit_code == 2


def _hand_ids(path: Path) -> list[str]:
    from auditor.api import hands_in_file

    return [f.hand.info.hand_id if f.hand else f.unreadable.hand_id  # type: ignore[union-attr]
            for f in hands_in_file(path, lambda *_: True)]


def _first_hand_id(path: Path) -> str:
    return _hand_ids(path)[0]
