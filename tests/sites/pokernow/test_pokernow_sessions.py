"""Every session of the corpus's PokerNow logs through the whole auditor: the sessions
table's identity on every row, a ledger that reconciles and one that does not, and a
skimmed payout caught on its hand."""

from __future__ import annotations

import re
import shutil
from decimal import Decimal
from pathlib import Path

import pytest
from corpus_paths import CORPUS

from auditor.api import audit_paths
from auditor.report.reader import read_report

ROOT = CORPUS / "pokernow"
HOST_CHANGES = "poker_now_log_pglRi36cBNVXRAhdFHW92kvaR.csv"  # cents, admin updates, quits
HEADER = "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net"

pytestmark = pytest.mark.skipif(not ROOT.is_dir(), reason="the shared corpus is not here")


def _log(name: str) -> Path:
    (path,) = ROOT.rglob(name)
    return path


@pytest.fixture(scope="module")
def corpus_sessions(tmp_path_factory: pytest.TempPathFactory):
    out = tmp_path_factory.mktemp("sessions")
    audit_paths([ROOT], out, jobs=1)
    return read_report(out)["sessions"]


def test_every_session_of_the_corpus_adds_up(corpus_sessions) -> None:
    s = corpus_sessions
    assert len(s) == 106
    assert (s["bought_in"] + s["adjusted"] + s["net"] == s["cashed_out"] + s["final_stack"]).all()
    assert (s["unaudited_hands"] == 0).all()
    assert (s["site"] == "pokernow").all()
    # The host's stack changes are counted apart from the buy-ins.
    assert (s["adjusted"] != 0).sum() >= 10


def _ledger_of(rows, cents: bool) -> str:
    """A ledger as PokerNow writes it, from the sessions table's rows."""
    scale = 100 if cents else 1
    lines = [HEADER]
    for r in rows.itertuples():
        pid = r.player.rsplit(" @ ", 1)[1]
        buy_in = (r.bought_in + r.adjusted) * scale
        figures = [buy_in, r.cashed_out * scale, r.final_stack * scale,
                   (r.cashed_out + r.final_stack) * scale - buy_in]
        lines.append(",".join([r.player.rsplit(" @ ", 1)[0], pid, "", "",
                               *(str(int(Decimal(f))) for f in figures)]))
    return "\n".join(lines) + "\n"


def test_a_ledger_from_the_log_reconciles_and_a_changed_figure_is_se003(
        tmp_path: Path, corpus_sessions) -> None:
    log = tmp_path / HOST_CHANGES
    shutil.copy(_log(HOST_CHANGES), log)
    game = re.search(r"poker_now_log_(.+)\.csv", HOST_CHANGES).group(1)  # type: ignore[union-attr]
    rows = corpus_sessions[corpus_sessions["source"].str.endswith(HOST_CHANGES)]
    ledger = tmp_path / f"ledger_{game}.csv"
    ledger.write_text(_ledger_of(rows, cents=True), encoding="utf-8")
    run = audit_paths([tmp_path], tmp_path / "ok", jobs=1)
    assert [(u.ledger, u.units) for u in run.ledgers] == [(str(ledger), "cents")]
    found = read_report(tmp_path / "ok")
    assert not (found["findings"]["code"] == "SE003").any()
    assert found["sessions"]["ledger_buy_in"].notna().all()

    # One player's cash-out raised by a dollar: SE003 on his ledger row, and his only.
    lines = ledger.read_text().splitlines()
    victim = next(i for i, line in enumerate(lines) if i and int(line.split(",")[5]) > 0)
    cells = lines[victim].split(",")
    cells[5] = str(int(cells[5]) + 100)
    lines[victim] = ",".join(cells)
    ledger.write_text("\n".join(lines) + "\n", encoding="utf-8")
    audit_paths([tmp_path], tmp_path / "bad", jobs=1)
    findings = read_report(tmp_path / "bad")["findings"]
    se3 = findings[findings["code"] == "SE003"]
    assert list(se3["line"]) == [victim + 1]
    assert list(se3["player"].str.rsplit(" @ ", n=1).str[1]) == [cells[1]]
    assert "cashed out" in se3["message"].iloc[0]


def test_a_skimmed_payout_is_caught_on_its_hand(tmp_path: Path) -> None:
    """The last hand of a real log pays its winner a dollar less than the pot: the hand
    is flagged, and no other."""
    text = _log(HOST_CHANGES).read_text(encoding="utf-8")
    lines = text.splitlines()
    # Newest first: the first "collected" row is the last hand's.
    i = next(k for k, line in enumerate(lines) if " collected " in line)
    amount = re.search(r"collected (\d+\.\d\d)", lines[i]).group(1)  # type: ignore[union-attr]
    skimmed = f"{Decimal(amount) - 1:.2f}"
    lines[i] = lines[i].replace(f"collected {amount}", f"collected {skimmed}", 1)
    log = tmp_path / HOST_CHANGES
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    audit_paths([log], tmp_path / "r", jobs=1)
    tables = read_report(tmp_path / "r")
    findings = tables["findings"]
    errors = findings[findings["severity"] == "error"]
    assert set(errors["code"]) == {"SP007"}
    assert len(set(errors["hand_id"])) == 1
    last = tables["hands"]["hand_id"].astype(int).max()
    assert errors["hand_id"].iloc[0] == str(last)
