"""Every worked example of RULES.md sections 5 and 6, with the same numbers.

Each test is named after the seed it comes from. Pots are built by the engine's pure
functions from whole-hand contributions; winners are ranked from real cards.
"""

from __future__ import annotations

from auditor.engine.pots import Pot, build_pots
from auditor.engine.showdown import (
    clockwise_from_button,
    holdem_high,
    judge,
    share_out,
    split_equally,
    split_runs,
    strength,
)


def pots_of(contributed: dict[str, int], folded: set[str] = frozenset()) -> list[tuple]:
    layout = build_pots(contributed, [p for p in contributed if p not in folded])
    return [(p.amount, p.eligible) for p in layout.pots]


# --- section 5: pots -------------------------------------------------------------------


def test_seed_000_three_players_main_300_side_100():
    # A 100 all-in; B calls 100 and puts in 50 more; C calls.
    assert pots_of({"A": 100, "B": 150, "C": 150}) == [
        (300, ("A", "B", "C")),
        (100, ("B", "C")),
    ]


def test_seed_000_four_players_all_in_100_200_500_500():
    layout = build_pots({"A": 100, "B": 200, "C": 500, "D": 500}, ["A", "B", "C", "D"])
    assert [(p.amount, p.eligible) for p in layout.pots] == [
        (400, ("A", "B", "C", "D")),
        (300, ("B", "C", "D")),
        (600, ("C", "D")),
    ]
    assert layout.total == 1300
    assert layout.returned == 0


def test_seed_001_three_all_in_25_50_100_returns_50():
    layout = build_pots({"A": 25, "B": 50, "C": 100}, ["A", "B", "C"])
    assert layout.pots == (Pot(75, ("A", "B", "C")), Pot(50, ("B", "C")))
    assert (layout.returned_to, layout.returned) == ("C", 50)


def test_seed_001_all_in_500_1000_1500_returns_500():
    layout = build_pots({"A": 500, "B": 1000, "C": 1500}, ["A", "B", "C"])
    assert layout.pots == (Pot(1500, ("A", "B", "C")), Pot(1000, ("B", "C")))
    assert (layout.returned_to, layout.returned) == ("C", 500)


def test_seed_001_pot_100_x_bets_50_y_calls_all_in_25():
    # A pot of 100 before (put in by players who then fold), X bets 50, Y calls all-in 25.
    contributed = {"X": 25 + 50, "Y": 25 + 25, "F1": 25, "F2": 25}
    layout = build_pots(contributed, ["X", "Y"])
    assert (layout.returned_to, layout.returned) == ("X", 25)
    assert layout.pots == (Pot(150, ("X", "Y")),)


def test_seed_002_ex1_folded_callers_chips_stay_in_the_pot():
    # Li all-in 50, Zhou calls 50, Chen all-in 200, Zhou folds.
    layout = build_pots({"Li": 50, "Zhou": 50, "Chen": 200}, ["Li", "Chen"])
    assert layout.pots == (Pot(150, ("Li", "Chen")),)
    assert (layout.returned_to, layout.returned) == ("Chen", 150)


SEED_002_EX2 = {"Li": 50, "Zhou": 120, "Chen": 200, "Wu": 200}


def test_seed_002_ex2_all_in_50_120_200_200_pots():
    assert pots_of(SEED_002_EX2) == [
        (200, ("Li", "Zhou", "Chen", "Wu")),
        (210, ("Zhou", "Chen", "Wu")),
        (160, ("Chen", "Wu")),
    ]
    assert build_pots(SEED_002_EX2, list(SEED_002_EX2)).total == 570


def test_seed_002_ex2_ranking_li_zhou_chen_wu_pays_each_pot():
    board = ("2c", "7d", "9h", "Js", "4s")
    hole = {
        "Li": ("Ah", "Ad"),  # a pair of Aces
        "Zhou": ("Kh", "Kd"),  # a pair of Kings
        "Chen": ("Qh", "Qd"),  # a pair of Queens
        "Wu": ("3h", "5d"),  # Jack high
    }
    strengths = {p: strength("holdem", False, h, board) for p, h in hole.items()}
    assert strengths["Li"] > strengths["Zhou"] > strengths["Chen"] > strengths["Wu"]
    layout = build_pots(SEED_002_EX2, list(SEED_002_EX2))
    winners = [judge(p.eligible, strengths, hi_lo=False).high_winners for p in layout.pots]
    # paid from the last side pot back to the main pot
    assert winners[::-1] == [("Chen",), ("Zhou",), ("Li",)]


def test_seed_002_ex3_side_pot_goes_to_zhou_at_once_main_waits_for_the_river():
    # Li all-in 50 preflop, Zhou and Chen call; flop Zhou bets 80, Chen calls; turn Zhou
    # bets 100, Chen folds.
    layout = build_pots({"Li": 50, "Zhou": 50 + 80 + 100, "Chen": 50 + 80}, ["Li", "Zhou"])
    assert (layout.returned_to, layout.returned) == ("Zhou", 100)
    assert layout.pots == (Pot(150, ("Li", "Zhou")), Pot(160, ("Zhou",)))
    side = layout.pots[1]
    assert judge(side.eligible, {}, hi_lo=False).high_winners == ("Zhou",)  # no showdown


def test_seed_000_the_pots_add_up_to_contributions_less_returns():
    contributed = {"A": 37, "B": 250, "C": 120, "D": 250, "E": 8}
    layout = build_pots(contributed, ["A", "B", "C"])
    assert layout.total + layout.returned == sum(contributed.values())


# --- section 6: showdown and awarding ----------------------------------------------------


def test_seed_000_cards_speak_main_to_one_side_to_another():
    board = ("Qs", "7c", "Qd", "8d", "9d")
    a = holdem_high(("Ah", "Ac"), board)  # two pair, Aces and Queens
    b = holdem_high(("Kd", "Kc"), board)  # two pair, Kings and Queens
    c = holdem_high(("2d", "3d"), board)  # a flush
    strengths = {"A": strength("holdem", False, ("Ah", "Ac"), board),
                 "B": strength("holdem", False, ("Kd", "Kc"), board),
                 "C": strength("holdem", False, ("2d", "3d"), board)}  # fmt: skip
    assert c > a > b
    layout = build_pots({"A": 100, "B": 300, "C": 100}, ["A", "B", "C"])
    # A wins nothing: C's flush takes the main pot; B gets his uncalled 200 back
    assert judge(layout.pots[0].eligible, strengths, False).high_winners == ("C",)
    assert layout.returned_to == "B"


def test_seed_000_one_player_wins_main_and_loses_side():
    board = ("2c", "7d", "9h", "Js", "4s")
    strengths = {"A": strength("holdem", False, ("Ah", "Ad"), board),
                 "B": strength("holdem", False, ("Kh", "Kd"), board),
                 "C": strength("holdem", False, ("3c", "5c"), board)}  # fmt: skip
    layout = build_pots({"A": 100, "B": 150, "C": 150}, ["A", "B", "C"])
    main, side = (judge(p.eligible, strengths, False).high_winners for p in layout.pots)
    assert (main, side) == (("A",), ("B",))


def test_seed_002_tie_splits_equally_odd_chip_first_left_of_button():
    seats = {"A": 1, "B": 2, "C": 3}
    order = clockwise_from_button(["A", "C"], seats, button_seat=2)  # C is first left
    assert order == ["C", "A"]
    assert split_equally(101, order) == {"C": 51, "A": 50}


def test_seed_002_hi_lo_odd_chip_goes_to_the_high_half():
    board = ("Ah", "2d", "3c", "Kd", "Ks")
    hi = strength("omaha", True, ("Kc", "Kh", "Jh", "Th"), board)  # four Kings, no low
    lo = strength("omaha", True, ("4s", "5s", "9c", "9d"), board)  # a wheel
    verdict = judge(("H", "L"), {"H": hi, "L": lo}, hi_lo=True)
    assert (verdict.high_winners, verdict.low_winners) == (("H",), ("L",))
    assert share_out(101, verdict, ["L", "H"]) == {"L": 50, "H": 51}


def test_seed_002_run_it_twice_each_board_decides_its_half():
    # the pot of 223.17 after rake is halved, the odd chip to the first run
    assert split_runs(22317, 2) == [11159, 11158]
    a, b = ("Jc", "Ac"), ("Kh", "Th")
    board_1 = ("Js", "9h", "Jh", "Qs", "2d")  # A: three Jacks; B: a straight, Nine to King
    board_2 = ("Js", "9h", "Jh", "2s", "5c")  # A: three Jacks; B: Jack high
    winners = []
    for board in (board_1, board_2):
        s = {"A": strength("holdem", False, a, board), "B": strength("holdem", False, b, board)}
        winners.append(judge(("A", "B"), s, False).high_winners)
    assert winners == [("B",), ("A",)]
