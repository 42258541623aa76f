"""A confirmed guess of who is dealt in replays as looking through the events does, so
the replay may stop guessing for a site whose guesses often miss
(``replay.ADAPTIVE_GUESS``): on every hand of the corpus and the samples (every site),
both ways give the same replay, down to the order of its players."""

from __future__ import annotations

from pathlib import Path

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
