"""A chunk audited stage by stage (``HandAuditor.audit_many``) gives the outcomes of
auditing its hands one at a time, failures included: a hand that raises at any stage is
its own HH001 "could not be audited", the others go on; whatever number of hands the
stages take at a time (``STAGE_HANDS``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import auditor.pipeline as pipeline
from auditor.parsing.blocks import HandBlock, blocks_of_file
from auditor.pipeline import HandAuditor

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"


def _blocks() -> list[HandBlock]:
    blocks: list[HandBlock] = []
    for path in sorted(SAMPLES.rglob("*")):
        if path.is_file() and path.suffix in (".txt", ".xml", ".csv", ".phh"):
            blocks += blocks_of_file(path, str(path))
    return blocks


@pytest.mark.parametrize("stage_hands", [1, 7, pipeline.STAGE_HANDS, 10_000])
def test_stage_by_stage_is_hand_by_hand(stage_hands: int,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pipeline, "STAGE_HANDS", stage_hands)
    blocks = _blocks()
    assert len(blocks) > 500
    auditor = HandAuditor()
    one_by_one = [o for b in blocks for o in auditor.audit_blocks(b)]
    assert auditor.audit_many(blocks) == one_by_one


def test_the_stages_take_a_chunk_some_hands_at_a_time(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    blocks = [b for b in _blocks() if "pokerstars" in b.source][:pipeline.STAGE_HANDS * 2 + 5]
    taken: list[int] = []
    real = HandAuditor._audit_stages

    def spy(self: HandAuditor, part: Any) -> Any:
        taken.append(len(part))
        return real(self, part)

    monkeypatch.setattr(HandAuditor, "_audit_stages", spy)
    HandAuditor().audit_many(blocks)
    assert taken == [pipeline.STAGE_HANDS, pipeline.STAGE_HANDS, 5]


def _failing(real: Callable[..., Any], victims: set[int]) -> Callable[..., Any]:
    """``real``, raising for the hands whose first line is in ``victims``."""
    def stage(hand: Any, *args: Any) -> Any:
        if hand.first_line in victims:
            raise RuntimeError("boom")
        return real(hand, *args)
    return stage


@pytest.mark.parametrize("stage", ["replay", "settle", "hand_row", "read_block"])
def test_a_hand_failing_at_any_stage_fails_alone(stage: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = [b for b in _blocks() if "pokerstars" in b.source][:60]
    victims = {blocks[3].first_line, blocks[17].first_line, blocks[20].first_line}
    monkeypatch.setattr(pipeline, stage, _failing(getattr(pipeline, stage), victims))
    monkeypatch.setattr(pipeline, "STAGE_HANDS", 5)  # (the victims in three of them)
    auditor = HandAuditor()
    one_by_one = [o for b in blocks for o in auditor.audit_blocks(b)]
    batched = auditor.audit_many(blocks)
    assert batched == one_by_one
    failed = [o for o in batched if o.hand[-1] == "unparsable"
              and any("could not be audited" in f[8] for f in o.findings)]
    assert len(failed) >= 3
