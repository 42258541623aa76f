"""Hand evaluation, ranking and sharing out.

The evaluator wrappers are checked against PokerKit's own evaluators (a test-only
dependency) on a few hundred random deals: Hold'em high, Omaha high with 4, 5 and 6 hole
cards, and the 8-or-better low of Omaha and of Hold'em.
"""

from __future__ import annotations

import random

import pytest
from pokerkit import (
    EightOrBetterLowHand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    StandardHighHand,
)

from auditor.engine.showdown import (
    CardError,
    Strength,
    Verdict,
    clockwise_from_button,
    describe,
    describe_low,
    holdem_high,
    holdem_low,
    judge,
    omaha_high,
    omaha_low,
    share_out,
    split_equally,
    split_runs,
    strength,
)

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def deals(seed: int, hole: int, count: int):
    """``count`` random boards, each with two hands of ``hole`` cards."""
    rng = random.Random(seed)
    for _ in range(count):
        cards = rng.sample(DECK, 5 + 2 * hole)
        yield cards[:5], cards[5 : 5 + hole], cards[5 + hole :]


def sign(x) -> int:
    return (x > 0) - (x < 0)


def pk_compare(cls, a, b, board) -> int:
    """PokerKit's verdict: 1 if ``a`` wins, -1 if ``b`` wins, 0 for a tie; None for a
    low that does not qualify."""

    def make(hole):
        try:
            return cls.from_game("".join(hole), "".join(board))
        except ValueError:
            return None

    ha, hb = make(a), make(b)
    if ha is None or hb is None:
        return None if ha is None and hb is None else (1 if hb is None else -1)
    return (ha > hb) - (ha < hb)


@pytest.mark.parametrize("seed", range(3))
def test_holdem_high_agrees_with_pokerkit(seed):
    for board, a, b in deals(seed, 2, 150):
        mine = sign(holdem_high(a, board) - holdem_high(b, board))
        assert mine == pk_compare(StandardHighHand, a, b, board), (board, a, b)


@pytest.mark.parametrize("hole", [4, 5, 6])
def test_omaha_high_agrees_with_pokerkit(hole):
    for board, a, b in deals(hole, hole, 150):
        mine = sign(omaha_high(a, board) - omaha_high(b, board))
        assert mine == pk_compare(OmahaHoldemHand, a, b, board), (board, a, b)


def _low_compare(fn, a, b, board):
    la, lb = fn(a, board), fn(b, board)
    if la is None or lb is None:
        return None if la is None and lb is None else (1 if lb is None else -1)
    return sign(la - lb)


@pytest.mark.parametrize("hole", [4, 5])
def test_omaha_low_agrees_with_pokerkit(hole):
    for board, a, b in deals(10 + hole, hole, 200):
        mine = _low_compare(omaha_low, a, b, board)
        assert mine == pk_compare(OmahaEightOrBetterLowHand, a, b, board), (board, a, b)


def test_holdem_low_agrees_with_pokerkit():
    for board, a, b in deals(20, 2, 200):
        mine = _low_compare(holdem_low, a, b, board)
        assert mine == pk_compare(EightOrBetterLowHand, a, b, board), (board, a, b)


def test_omaha_low_uses_exactly_two_hole_cards():
    board = ["Ah", "2d", "3c", "4s", "Kd"]
    assert omaha_low(["5c", "Kh", "Qs", "Js"], board) is None  # one low hole card
    assert omaha_low(["5c", "6h", "Qs", "Js"], board) is not None  # 6-5 + A-2-3 (4 unused)
    # a board with fewer than three low ranks makes no low at all
    assert omaha_low(["Ac", "2h", "3s", "4d"], ["Ah", "2d", "Kc", "Ks", "Qd"]) is None


def test_omaha_high_uses_exactly_two_hole_cards():
    board = ["Ah", "Kh", "Qh", "Jh", "2c"]
    flush = omaha_high(["Th", "3h", "4c", "5d"], board)  # two hearts: a flush
    one_heart = omaha_high(["Th", "3c", "4c", "5d"], board)  # one heart: Ace high
    assert flush > one_heart
    assert describe("omaha", False, ["Th", "3c", "4c", "5d"], board) == "high card Ace"


def test_names_read_like_pokerstars():
    board = ("Qs", "7c", "Qd", "8d", "9d")
    assert describe("holdem", False, ("Ah", "Ac"), board) == "two pair, Aces and Queens"
    assert describe("holdem", False, ("Ad", "Kc"), board) == "a pair of Queens"
    assert describe("holdem", False, ("Td", "Jc"), board) == "a straight, Eight to Queen"
    assert describe("holdem", False, ("2d", "3d"), board) == "a flush, Queen high"
    assert describe("holdem", False, ("Qh", "7h"), board) == "a full house, Queens full of Sevens"
    courchevel = ("As", "4s", "Ks", "Ad", "Qh"), ("7h", "5d", "3s", "7s", "Ts")
    assert describe("courchevel", True, *courchevel) == "HI: a flush, Ace high; LO: 7,5,4,3,A"
    wheel = omaha_low(("Ac", "2c", "9d", "9s"), ("3h", "4h", "5h", "Kd", "Kc"))
    assert describe_low(wheel) == "5,4,3,2,A"


def test_unknown_card_is_an_error():
    with pytest.raises(CardError):
        strength("holdem", False, ("Xx", "Ah"), ("2c", "3d", "4h", "5s", "9c"))


def test_judge_splits_ties():
    v = judge(("A", "B", "C"), {"A": Strength(5), "B": Strength(9), "C": Strength(9)}, False)
    assert v == Verdict(True, ("B", "C"))


def test_judge_never_guesses_unknown_cards():
    v = judge(("A", "B", "C"), {"A": Strength(5), "B": Strength(9), "C": None}, False)
    assert not v.decided
    assert v.beaten == frozenset({"A"})  # beaten by B's shown hand whatever C holds


def test_judge_hi_lo_known_loser_must_lose_both_halves():
    strengths = {"A": Strength(5, low=-100), "B": Strength(9, low=-200), "C": None}
    v = judge(("A", "B", "C"), strengths, hi_lo=True)
    assert v.beaten == frozenset()  # A may still hold the best low


def test_judge_hi_lo_no_qualifying_low_high_takes_all():
    v = judge(("A", "B"), {"A": Strength(5), "B": Strength(9)}, hi_lo=True)
    assert v == Verdict(True, ("B",), ())
    assert share_out(101, v, ["A", "B"]) == {"B": 101}


def test_quartered_pot_odd_chips_high_half_first():
    # A has the best high; A and B tie for low: A gets 3/4, B 1/4
    v = judge(("A", "B"), {"A": Strength(9, -100), "B": Strength(5, -100)}, hi_lo=True)
    assert v == Verdict(True, ("A",), ("A", "B"))
    assert share_out(103, v, ["B", "A"]) == {"A": 52 + 25, "B": 26}


def test_odd_chip_goes_clockwise_from_the_button():
    seats = {"A": 1, "B": 4, "C": 6}
    assert clockwise_from_button(["A", "B", "C"], seats, button_seat=4) == ["C", "A", "B"]
    assert split_equally(11, ["C", "A", "B"]) == {"C": 4, "A": 4, "B": 3}


def test_split_in_round_chips():
    # PokerStars 2008, $0.25/$0.50: $1.90 split four ways in 5-cent chips
    assert split_equally(190, ["S8", "S9", "S2", "S7"], unit=5) == {
        "S8": 50, "S9": 50, "S2": 45, "S7": 45,
    }  # fmt: skip


def test_run_parts_odd_chip_to_the_first_run():
    assert split_runs(16300, 2) == [8150, 8150]
    assert split_runs(100, 3) == [34, 33, 33]
    assert split_runs(101, 3) == [34, 34, 33]
