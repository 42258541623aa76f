"""The audit entry points: text and files, chunks and workers, continuity across chunks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from auditor import api, pieces, pipeline
from auditor.report.reader import read_report

ROOT = Path(__file__).resolve().parents[1]
SESSION = ROOT / "sample_histories" / "pokerstars" / "session_6max_nl10_500_hands.txt"


def _shrunk_session(tmp_path: Path) -> tuple[Path, str, str]:
    """The session with one player's stack at the start of hand 40 cut by $1: a shrinking
    cash stack between consecutive hands is a stack discontinuity (SE001)."""
    text = SESSION.read_text(encoding="utf-8")
    hands = re.split(r"(?m)^(?=PokerStars Hand #)", text)[1:]
    hand = hands[40]
    m = re.search(r"(?m)^Seat (\d+): (\S+) \(\$(\d+)\.(\d\d) in chips\)", hand)
    assert m is not None
    dollars = int(m.group(3))
    assert dollars >= 2
    hands[40] = hand.replace(m.group(0), f"Seat {m.group(1)}: {m.group(2)} "
                                         f"(${dollars - 1}.{m.group(4)} in chips)", 1)
    path = tmp_path / "session.txt"
    path.write_text("".join(hands), encoding="utf-8")
    hand_id = re.match(r"PokerStars Hand #(\d+)", hands[40]).group(1)  # type: ignore[union-attr]
    return path, hand_id, m.group(2)


@pytest.mark.parametrize("jobs", [1, 2])
def test_continuity_is_checked_across_chunks_and_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int
) -> None:
    path, hand_id, player = _shrunk_session(tmp_path)
    monkeypatch.setattr(pieces, "CHUNK_HANDS", 7)  # hand 40 is the 6th of its chunk
    api.audit_paths([path], tmp_path / "out", jobs=jobs)
    tables = read_report(tmp_path / "out")
    findings = tables["findings"]
    assert findings["code"].tolist() == ["SE001"]
    assert findings["player"].tolist() == [player]
    assert findings["hand_id"].tolist() == [hand_id]
    hands = tables["hands"]
    assert len(hands) == 500
    assert hands.loc[hands["hand_id"] == hand_id, "findings"].tolist() == [1]
    assert hands["findings"].sum() == 1


def test_chunking_and_workers_do_not_change_the_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, _, _ = _shrunk_session(tmp_path)
    api.audit_paths([path], tmp_path / "whole", jobs=1)
    monkeypatch.setattr(pieces, "CHUNK_HANDS", 13)
    api.audit_paths([path], tmp_path / "chunked", jobs=2)
    one, two = read_report(tmp_path / "whole"), read_report(tmp_path / "chunked")
    for name in ("hands", "findings", "payouts"):
        assert one[name].equals(two[name]), name


def test_audit_text_matches_audit_paths(tmp_path: Path) -> None:
    path, _, _ = _shrunk_session(tmp_path)
    in_memory = api.audit_text(path.read_text(encoding="utf-8"), source=str(path))
    api.audit_paths([path], tmp_path / "out", jobs=1)
    tables = read_report(tmp_path / "out")
    assert len(in_memory.hands) == len(tables["hands"])
    assert in_memory.codes() == tables["findings"]["code"].tolist()
    assert len(in_memory.payouts) == len(tables["payouts"])


def test_a_crash_in_the_engine_is_a_finding_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(*_args: object) -> None:
        raise ZeroDivisionError("synthetic")

    monkeypatch.setattr(pipeline, "replay", boom)
    text = SESSION.read_text(encoding="utf-8")
    first = re.split(r"(?m)^(?=PokerStars Hand #)", text)[1]
    result = api.audit_text(first + "\n" + first.replace("Hand #", "Hand #9"))
    assert [h.status for h in result.hands] == ["unparsable", "unparsable"]
    assert result.codes() == ["HH001", "HH001"]
    assert result.findings[0].message == (
        "this hand could not be audited (please report): ZeroDivisionError: synthetic")


def test_a_hand_met_again_is_a_duplicate_audited_once(tmp_path: Path) -> None:
    """The same file given twice: its hands are audited once; the repeats keep their
    rows as duplicate, each with one HH004 and no payouts (issue 15)."""
    first = tmp_path / "night.txt"
    first.write_text(SESSION.read_text(encoding="utf-8"), encoding="utf-8")
    copy = tmp_path / "night-copy.txt"
    copy.write_text(first.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "out"
    api.audit_paths([first, copy], out, jobs=1)
    tables = read_report(out)
    hands = tables["hands"]
    original = hands[hands["source"] == str(first)]
    repeats = hands[hands["source"] == str(copy)]
    assert len(original) == len(repeats) > 0
    assert set(repeats["status"]) == {"duplicate"}
    assert (repeats["findings"] == 1).all()
    copies = tables["findings"][tables["findings"]["source"] == str(copy)]
    assert set(copies["code"]) == {"HH004"} and len(copies) == len(repeats)
    payouts = tables["payouts"]
    assert (payouts["source"] == str(copy)).sum() == 0


def test_a_hand_twice_in_one_text_is_audited_once() -> None:
    text = SESSION.read_text(encoding="utf-8")
    first = re.split(r"(?m)^(?=PokerStars Hand #)", text)[1]
    result = api.audit_text(first + "\n" + first)
    assert [h.status for h in result.hands] == ["audited", "duplicate"]
    assert [f.code for f in result.findings if f.code == "HH004"] == ["HH004"]


def test_every_table_records_how_it_was_made(tmp_path: Path) -> None:
    """Version, profile, rules, config files and inputs: in each Parquet file's metadata
    and in report.json (CSV files have no metadata)."""
    import json

    import pyarrow.parquet as pq

    out = tmp_path / "out"
    api.audit_paths([SESSION], out, jobs=1)
    made = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert made["profile"]["name"] == "tda" and made["rules"] == "all"
    assert made["inputs"] == [str(SESSION)]
    for name in ("hands", "findings", "payouts"):
        meta = pq.read_schema(out / f"{name}.parquet").metadata
        assert json.loads(meta[b"auditor"]) == made


def test_the_sessions_are_fed_a_chunk_at_a_time_as_hand_by_hand(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A chunk's hands of sites that log no stack changes are passed over without a call
    (``SessionAudit.feed_chunk``): the sessions table and the findings are those of
    feeding every hand, with PokerStars files and PokerNow logs in chunks that straddle
    them."""
    from auditor.ledgers import SessionAudit

    samples = [ROOT / "sample_histories" / site for site in ("pokernow", "pokerstars")]
    monkeypatch.setattr(pieces, "CHUNK_HANDS", 9)
    api.audit_paths(samples, tmp_path / "chunks", jobs=1)

    def hand_by_hand(self: SessionAudit, hands: list, keys: list, config: int) -> None:
        for (source, stacks), key in zip(hands, keys, strict=True):
            if key[-1] != "cancelled":
                self.feed(source, stacks, config)

    monkeypatch.setattr(SessionAudit, "feed_chunk", hand_by_hand)
    api.audit_paths(samples, tmp_path / "hands", jobs=1)
    chunks, hands = read_report(tmp_path / "chunks"), read_report(tmp_path / "hands")
    assert len(chunks["sessions"]) > 5
    for name in ("sessions", "findings", "hands"):
        assert chunks[name].equals(hands[name]), name
