"""The pot builder: uncalled excess, layers, eligibility, and that the pots add up."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from auditor.engine.pots import Pot, build_pots, uncalled_excess


def test_uncalled_excess_is_the_top_over_the_second():
    assert uncalled_excess({"A": 100, "B": 40, "C": 60}) == ("A", 40)


def test_no_uncalled_excess_when_the_top_is_matched():
    assert uncalled_excess({"A": 100, "B": 100, "C": 5}) == (None, 0)


def test_uncalled_excess_of_a_lone_contributor_is_everything():
    assert uncalled_excess({"A": 30, "B": 0}) == ("A", 30)


def test_folded_players_count_for_the_uncalled_excess():
    # B folded after putting in 80: A's 100 is matched up to 80 by B's dead chips
    layout = build_pots({"A": 100, "B": 80, "C": 2}, ["A"])
    assert (layout.returned_to, layout.returned) == ("A", 20)
    assert layout.pots == (Pot(162, ("A",)),)


def test_walk_big_blind_gets_the_excess_back():
    layout = build_pots({"SB": 5, "BB": 10}, ["BB"])
    assert (layout.returned_to, layout.returned) == ("BB", 5)
    assert layout.pots == (Pot(10, ("BB",)),)


def test_folded_chips_stay_in_the_pots_they_reached():
    # A all-in 100; B and C go to 300; D folds after 200
    layout = build_pots({"A": 100, "B": 300, "C": 300, "D": 200}, ["A", "B", "C"])
    assert layout.pots == (Pot(400, ("A", "B", "C")), Pot(500, ("B", "C")))


def test_a_layer_nobody_else_can_win_is_a_pot_of_one():
    # A all-in 100; B and C to 300; flop B bets 100, C folds
    layout = build_pots({"A": 100, "B": 400, "C": 300}, ["A", "B"])
    assert (layout.returned_to, layout.returned) == ("B", 100)
    assert layout.pots == (Pot(300, ("A", "B")), Pot(400, ("B",)))


def test_eligible_players_come_in_seat_order():
    layout = build_pots({"C": 50, "A": 50, "B": 50}, ["C", "A", "B"], seat_order=["A", "B", "C"])
    assert layout.pots[0].eligible == ("A", "B", "C")


def test_site_cut_at_a_folded_all_in_blind_keeps_same_eligible_layers_apart():
    # PokerStars cuts a main pot at a sitting-out big blind who was all-in for 20 and
    # then "folded" (fpdb NLHE-play-STT-2000.201202.allin.blind.txt)
    contributed = {"P3": 120, "P1": 1215, "P0": 120, "P6": 20, "P2": 1215}
    merged = build_pots(contributed, ["P1", "P2"])
    assert merged.pots == (Pot(2690, ("P1", "P2")),)
    cut = build_pots(contributed, ["P1", "P2"], cuts=[20, 1215], merge=False)
    assert cut.pots == (Pot(100, ("P1", "P2")), Pot(2590, ("P1", "P2")))


def test_chips_above_every_live_player_join_the_last_pot():
    # a broken history: B folded with more in than anyone still in the hand, C matched
    # him only in part; nothing may vanish
    layout = build_pots({"A": 50, "B": 300, "C": 250}, ["A"])
    assert layout.total + layout.returned == 600


@given(
    st.dictionaries(
        st.sampled_from("ABCDEFGHI"), st.integers(min_value=0, max_value=10_000), min_size=2
    ),
    st.data(),
)
def test_pots_always_add_up(contributed, data):
    live = data.draw(st.lists(st.sampled_from(sorted(contributed)), unique=True))
    layout = build_pots(contributed, live)
    assert layout.total + layout.returned == sum(contributed.values())
    for pot in layout.pots:
        assert pot.amount > 0
        assert set(pot.eligible) <= set(live)
    eligibles = [set(p.eligible) for p in layout.pots]
    assert all(a >= b for a, b in pairwise(eligibles))  # the main pot is the widest
