"""A confirmed guess of who is dealt in replays as looking through the events does, so
the replay may stop guessing for a site whose guesses often miss
(``replay.ADAPTIVE_GUESS``): on every hand of the corpus and the samples (every site),
both ways give the same replay, down to the order of its players."""

from __future__ import annotations

from pathlib import Path

import pytest

import auditor.engine.replay as replay_module
from auditor.config import Settings
from auditor.engine.replay import _replay
from auditor.model.hand import Hand
from auditor.parsing.blocks import blocks_of_file
from auditor.parsing.reader import read_block
from auditor.rules.betting import checks_for

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


def _hands(root: Path) -> list[Hand]:
    hands = []
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        try:
            blocks = list(blocks_of_file(path, str(path)))
        except Exception:  # not a hand history (licences, manifests, binaries)
            continue
        for block in blocks:
            try:
                hand = read_block(block)
            except Exception:
                continue
            if isinstance(hand, Hand) and not hand.cancelled:
                hands.append(hand)
    return hands


def test_a_confirmed_guess_replays_as_looking(corpus: Path) -> None:
    profile = Settings().profile
    compared = missed = 0
    for hand in _hands(corpus) + _hands(SAMPLES):
        checks = checks_for(None, hand.info.limit)
        try:
            guessed = _replay(hand, profile, checks, guess=True)
        except Exception:
            continue
        if guessed is None:
            missed += 1
            continue
        looked = _replay(hand, profile, checks, guess=False)
        assert looked is not None
        assert guessed == looked, hand.source
        assert list(guessed.contributed.items()) == list(looked.contributed.items())
        assert guessed.meant == looked.meant and guessed.dead == looked.dead
        compared += 1
    assert compared > 4_000 and missed > 0


@pytest.mark.skipif(replay_module.COMPILED, reason="compiled: the replay's choice is fixed")
def test_appliers_by_code_apply_as_the_interpreted_table(corpus: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # The compiled replay applies each line by ``BettingState.apply_as``, the interpreted
    # one by the ``APPLIERS`` table: both give the same replay of every hand.
    profile = Settings().profile
    hands = _hands(corpus) + _hands(SAMPLES)
    results = []
    for native in (False, True):
        monkeypatch.setattr(replay_module, "COMPILED", native)
        results.append([_replay(hand, profile, checks_for(None, hand.info.limit), guess=False)
                        for hand in hands])
    assert results[0] == results[1]
    assert len(hands) > 4_000
