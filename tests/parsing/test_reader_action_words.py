"""The PokerStars reader makes an action line of a player it has not read before from
the words after his name that another player's line had (``PokerStarsReader.tails``):
the hands it reads so are the hands the plain reader reads, line for line."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.model import events as ev
from auditor.parsing.blocks import blocks_of_text
from auditor.sites.pokerstars.reader import PokerStarsReader

SAMPLE = (Path(__file__).resolve().parents[2] / "sample_histories" / "pokerstars"
          / "capped_nl_holdem.txt").read_text(encoding="utf-8")
PLAYERS = ("glasswing", "Hero", "porcupine_pi", "Elodie.R", "knotweed", "sagebrush44")


def _renamed(text: str, suffix: str, hand_id: str) -> str:
    # Longest names first: none is part of another here, but keep it so.
    for name in sorted(PLAYERS, key=len, reverse=True):
        text = text.replace(name, name + suffix)
    return text.replace("#61233409871", "#" + hand_id)


def _hands(reader: PokerStarsReader, text: str) -> list[object]:
    return [reader.read(block) for block in blocks_of_text(text, "t.txt")]


def test_new_players_actions_are_made_from_the_words_read_before() -> None:
    first = SAMPLE
    # The same hand with other players: every action line is new, its words are not.
    second = _renamed(SAMPLE, "_2", "61233409872")
    fast = PokerStarsReader()
    reference = PokerStarsReader(caching=False)
    hands = _hands(fast, first) + _hands(fast, second)
    assert hands == _hands(reference, first) + _hands(reference, second)
    tails = fast.tails[(2, 50)]
    assert {": folds", ": calls $1.50", ": raises $1 to $1.50",
            ": posts small blind $0.25"} <= tails.keys()
    second_hand = hands[1]
    played = [e for e in second_hand.events if type(e) in (ev.Fold, ev.Call, ev.Raise)]  # type: ignore[attr-defined]
    assert played and all(e.player.endswith("_2") for e in played)


def test_an_action_at_the_cap_or_all_in_keeps_its_flags() -> None:
    fast = PokerStarsReader()
    hands = _hands(fast, SAMPLE) + _hands(fast, _renamed(SAMPLE, "_3", "61233409873"))
    calls = [e for e in hands[1].events if type(e) is ev.Call]  # type: ignore[attr-defined]
    assert [(e.player, e.amount, e.all_in) for e in calls] == [
        ("Hero_3", 150, False), ("Hero_3", 850, True), ("porcupine_pi_3", 550, True)]


@pytest.mark.parametrize("event", [
    ev.Fold(3, "a"), ev.Check(3, "a"), ev.Call(3, "a", 150, True), ev.Bet(3, "a", 200),
    ev.Raise(3, "a", 600, 400, True), ev.Raise(3, "a", 600),
    ev.PostBlind(3, "a", "small_and_big", 150, 50, False),
])
def test_played_by_changes_the_player_and_line_alone(event: ev.Event) -> None:
    other = event.played_by("b", 9)  # type: ignore[attr-defined]
    assert type(other) is type(event)
    assert other.player == "b" and other.line == 9
    assert other == event.at(9).played_by("b", 9)  # type: ignore[attr-defined]
    assert other.played_by("a", 3) == event  # type: ignore[attr-defined]
