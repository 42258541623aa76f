"""Short-deck (6+ Hold'em) strength, checked against PokerKit's short-deck hand ranking
(a test-only dependency) on random deals from the 36-card deck, and on the hands where
the short deck's order differs from the full deck's."""

from __future__ import annotations

import random

import pytest
from pokerkit import ShortDeckHoldemHand

from auditor.engine.showdown import (
    CardError,
    describe,
    sixplus_high,
    strength,
    strengths_on,
)

SHORT_DECK = [r + s for r in "6789TJQKA" for s in "cdhs"]


def _kit(hole: list[str], board: list[str]) -> ShortDeckHoldemHand:
    return ShortDeckHoldemHand.from_game("".join(hole), "".join(board))


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def test_agrees_with_pokerkit_on_random_showdowns() -> None:
    rng = random.Random(36)
    for _ in range(1500):
        cards = rng.sample(SHORT_DECK, 9)
        a, b, board = cards[:2], cards[2:4], cards[4:]
        ours = _sign(sixplus_high(a + board) - sixplus_high(b + board))
        ka, kb = _kit(a, board), _kit(b, board)
        theirs = _sign((ka > kb) - (ka < kb))
        assert ours == theirs, (a, b, board, str(ka), str(kb))


def test_agrees_with_pokerkit_on_the_order_of_every_category() -> None:
    """One hand of each category on one board family: the strengths sort as PokerKit's."""
    hands = [
        (["Ah", "Kd"], ["Qc", "Jd", "9s", "7h", "6c"]),  # high card
        (["Ah", "Ad"], ["Qc", "Jd", "9s", "7h", "6c"]),  # pair
        (["Ah", "Ad"], ["Qc", "Qd", "9s", "7h", "6c"]),  # two pair
        (["Ah", "Ad"], ["Ac", "Qd", "9s", "7h", "6c"]),  # trips
        (["Ah", "6d"], ["7c", "8d", "9s", "Kh", "Kc"]),  # A-6-7-8-9, the lowest straight
        (["Th", "6d"], ["7c", "8d", "9s", "Kh", "Kc"]),  # 6 to T
        (["Ah", "Ad"], ["Ac", "Kd", "Ks", "7h", "6c"]),  # full house
        (["Ah", "Jh"], ["Qh", "9h", "7h", "Kc", "Kd"]),  # flush, over a full house
        (["Ah", "Ad"], ["Ac", "As", "9s", "7h", "6c"]),  # quads
        (["6h", "7h"], ["8h", "9h", "Ah", "Kc", "Kd"]),  # A-6-7-8-9 of hearts
        (["Ah", "Kh"], ["Qh", "Jh", "Th", "6c", "7d"]),  # royal
    ]
    ours = [sixplus_high(h + b) for h, b in hands]
    kit = [_kit(h, b) for h, b in hands]
    assert ours == sorted(ours)
    assert all(kit[i] < kit[i + 1] for i in range(len(kit) - 1))


def test_a_flush_beats_a_full_house() -> None:
    board = ["Kh", "Kd", "9h", "8h", "6c"]
    flush = strength("sixplus", False, ["Ah", "Th"], board)
    boat = strength("sixplus", False, ["Kc", "9c"], board)
    assert flush.high > boat.high
    assert describe("sixplus", False, ["Ah", "Th"], board) == "a flush, Ace high"
    assert describe("sixplus", False, ["Kc", "9c"], board) == "a full house, Kings full of Nines"


def test_ace_to_nine_is_a_straight() -> None:
    assert describe("sixplus", False, ["Ah", "6c"], ["7h", "8d", "9s", "Ks", "Kd"]) == (
        "a straight, Ace to Nine"
    )
    lowest = strength("sixplus", False, ["Ah", "6c"], ["7h", "8d", "9s", "Ks", "Qd"])
    trips = strength("sixplus", False, ["Kh", "Kc"], ["7h", "8d", "9s", "Ks", "Qd"])
    assert lowest.high > trips.high


def test_cards_below_the_six_do_not_exist() -> None:
    with pytest.raises(CardError):
        strength("sixplus", False, ["2h", "Ac"], ["7h", "8d", "9s", "Ks", "Kd"])
    board = ["7h", "8d", "9s", "Ks", "Kd"]
    assert strengths_on("sixplus", False, [["2h", "Ac"], ["Ah", "Ac"]], board, 2)[0] is None
    assert strengths_on("sixplus", False, [["Ah", "Ac", "Qd"]], board, 2) == [None]
