"""Every worked example of RULES.md sections 2-4, with the same numbers.

Each test is named after the clause or seed it pins. The hands are built directly
(``tests/engine/handkit.py``), so these tests do not depend on the parser.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from auditor.config import Profile, make_profile

sys.path.insert(0, str(Path(__file__).parent / "engine"))
from handkit import HandKit, blinds

TDA = Profile()


def flop_four(stacks: dict[str, int], names: tuple[str, ...] = ("A", "B", "C", "D")) -> HandKit:
    """Blinds 1/2, four players seated in ``names`` order (first = small blind, last =
    button), everyone calls 2 preflop: the flop is reached with 8 in the pot and the first
    name first to act."""
    a, b, c, d = names
    kit = HandKit([(n, stacks.get(n, 1000)) for n in names], stakes=(1, 2))
    kit.do(f"{a} posts sb 1; {b} posts bb 2; {c} calls 2; {d} calls 2; {a} calls 1; {b} checks")
    kit.do("flop")
    return kit


def flop_three(stacks: dict[str, int]) -> HandKit:
    """Blinds 1/2, A (small blind), B (big blind), C (button) see a flop for 2 each."""
    kit = HandKit([(n, stacks.get(n, 1000)) for n in "ABC"], stakes=(1, 2))
    kit.do("A posts sb 1; B posts bb 2; C calls 2; A calls 1; B checks; flop")
    return kit


# --- §2 The five actions and when each is legal ---------------------------------------


def test_rules_md_2_fold_when_check_free_is_information_wsop_t_84():
    kit = blinds(["A", "B", "C"]).do("C calls 2; A calls 1; B folds")
    result = kit.replay()
    assert [f.code for f in result.findings] == ["TU007"]


def test_rules_md_2_check_needs_nothing_to_call():
    kit = blinds(["A", "B", "C"]).do("C raises to 6; A checks")
    assert kit.codes() == ["TU003"]


def test_wsop_la_159_big_blind_may_check_when_nobody_raised():
    kit = blinds(["A", "B", "C"]).do("C calls 2; A calls 1; B checks; flop")
    assert kit.codes() == []


def test_wsop_la_165_live_straddler_may_check_when_nobody_raised():
    kit = HandKit(["A", "B", "C", "D"], stakes=(1, 2))
    kit.do("A posts sb 1; B posts bb 2; C posts straddle 4; D calls 4; A calls 3; B calls 2")
    kit.do("C checks; flop")
    assert kit.codes() == []


def test_rules_md_2_call_puts_in_exactly_the_difference():
    kit = blinds(["A", "B", "C"]).do("C raises to 6; A calls 5; B calls 4")
    assert kit.codes() == []
    wrong = blinds(["A", "B", "C"]).do("C raises to 6; A calls 6")
    assert wrong.codes() == ["TU004"]


def test_rules_md_2_call_for_less_than_stack_is_min_of_gap_and_stack_seed_003():
    kit = blinds(["A", ("B", 2 + 5), "C"]).do("C raises to 20; A folds; B calls 5 allin")
    assert kit.codes() == []


def test_rules_md_2_bet_only_when_no_bet_yet():
    kit = blinds(["A", "B", "C"]).do("C bets 4")  # preflop the big blind is the bet
    assert kit.codes() == ["HH003"]


def test_rules_md_2_bet_minimum_one_big_blind_unless_all_in():
    kit = flop_three({}).do("A bets 1")
    assert kit.codes() == ["RA001"]
    short = flop_three({"A": 3}).do("A bets 1 allin")
    assert short.codes() == []


def test_rules_md_2_acting_out_of_turn_is_an_error():
    kit = blinds(["A", "B", "C", "D"]).do("D folds")  # C is first to act
    kit.do("C folds; A folds")  # C acts late: the same fault, not a second one
    result = kit.replay()
    assert [(f.code, f.player) for f in result.findings] == [("TU001", "D")]
    assert "it was C's turn" in result.findings[0].message


def test_rules_md_2_acting_after_folding_is_an_error():
    kit = blinds(["A", "B", "C"]).do("C raises to 6; A folds; B calls 4; flop; B checks")
    kit.do("A bets 10")
    assert kit.codes() == ["TU002"]


def test_rules_md_2_acting_after_all_in_is_an_error():
    kit = blinds(["A", "B", ("C", 50)]).do("C raises to 50 allin; A calls 49; B calls 48")
    kit.do("flop; A checks; B checks; C checks")
    assert kit.codes() == ["TU002"]


def test_rules_md_2_a_player_never_raises_his_own_bet():
    kit = blinds(["A", "B", "C"]).do("C raises to 6; A calls 5; B calls 4; C raises to 12")
    assert kit.codes() == ["TU001"]  # the round had closed


def test_wsop_la_159_big_blind_option_may_raise_when_nobody_raised():
    kit = blinds(["A", "B", "C"]).do("C calls 2; A calls 1")
    assert kit.state().is_reopened_for("B")
    kit.do("B raises to 8")
    assert kit.codes() == []


def test_seed003_faq_no_raise_when_every_opponent_is_all_in():
    kit = blinds(["A", "B", ("C", 100)]).do("C raises to 100 allin; A folds")
    state = kit.state()
    assert not state.may_raise("B")
    assert state.to_call("B") == 98
    kit.do("B raises to 200")
    assert kit.codes() == ["RO002"]


# --- §3 Bet and raise sizes ------------------------------------------------------------


def test_seed003_flop_bet_6_min_raise_is_12():
    kit = flop_three({}).do("A bets 6")
    assert kit.state().min_raise_to() == 12
    kit.do("B raises to 11")
    assert kit.codes() == ["RA002"]


def test_seed003_blinds_1_2_raise_to_6_min_reraise_is_10():
    kit = blinds(["A", "B", "C"]).do("C raises to 6")
    assert kit.state().min_raise_to() == 10
    kit.do("A raises to 10")
    assert kit.codes() == []


def test_seed003_preflop_smallest_opening_raise_is_two_big_blinds():
    kit = blinds(["A", "B", "C"])
    assert kit.state().min_raise_to() == 4


def test_seed003_bet_10_allin_14_to_call_14_min_raise_is_24():
    kit = flop_three({"B": 2 + 14}).do("A bets 10; B raises to 14 allin")
    state = kit.state()
    assert state.to_call("C") == 14
    assert state.min_raise_to() == 24
    assert state.last_full == 10  # the short all-in did not change the increment


def test_wsop_la_165_straddle_4_min_raise_8():
    kit = HandKit(["A", "B", "C", "D"], stakes=(1, 2))
    kit.do("A posts sb 1; B posts bb 2; C posts straddle 4")
    state = kit.state()
    assert state.to_call("D") == 4
    assert state.min_raise_to() == 8
    assert state.next_to_act().name == "D"  # left of the straddler


def test_rules_md_3_short_all_in_big_blind_does_not_lower_the_price():
    kit = HandKit(["A", ("B", 1), "C"], stakes=(1, 2))
    kit.do("A posts sb 1; B posts bb 1 allin")
    state = kit.state()
    assert state.to_call("C") == 2
    assert state.min_raise_to() == 4
    kit.do("C calls 1")
    assert kit.codes() == ["TU004"]


def test_rules_md_3_dead_blind_does_not_count_toward_the_street_bet():
    kit = HandKit(["A", "B", "C", "D"], stakes=(1, 2))
    kit.do("A posts sb 1; B posts bb 2; C posts sb+bb 3 dead 1")
    state = kit.state()
    assert state.players["C"].commit == 2
    assert state.to_call("C") == 0
    assert state.pot == 6
    kit.do("C checks; D calls 2; A calls 1; B checks")  # C's turn comes first: check is free
    assert kit.codes() == []


def test_rules_md_3_pot_limit_max_is_current_bet_plus_pot_after_the_call():
    kit = blinds(["A", "B", "C"], limit="PL")
    assert kit.state().pot_limit_raise_to("C") == 2 + (3 + 2)  # 7
    kit.do("C raises to 7; A raises to 24")  # 7 + (1+2+7 + 6) = 23
    assert kit.codes() == ["RA003"]


def test_rules_md_3_pot_limit_minimum_is_the_no_limit_one():
    kit = blinds(["A", "B", "C"], limit="PL").do("C raises to 3")
    assert kit.codes() == ["RA002"]


def fixed_limit(players: list[str]) -> HandKit:
    """$2/$4 fixed-limit, blinds 1/2."""
    kit = HandKit(players, stakes=(2, 4), limit="FL")
    kit.do(f"{players[0]} posts sb 1; {players[1]} posts bb 2")
    return kit


def test_seed003_fixed_limit_small_bet_preflop_and_flop_big_bet_turn_and_river():
    kit = fixed_limit(["A", "B", "C"])
    assert kit.state().bet_size() == 2
    kit.do("C raises to 4; A calls 3; B calls 2; flop")
    assert kit.state().bet_size() == 2
    kit.do("A bets 2; B calls 2; C calls 2; turn")
    assert kit.state().bet_size() == 4
    kit.do("A bets 4; B calls 4; C calls 4; river")
    assert kit.state().bet_size() == 4
    kit.do("A bets 2")
    assert kit.codes() == ["RA004"]


def test_seed003_fixed_limit_all_in_for_less_is_allowed():
    kit = fixed_limit(["A", "B", ("C", 3)]).do("C raises to 3 allin")
    assert kit.codes() == []


def test_wsop_t_100b_cap_is_one_bet_and_four_raises():
    kit = fixed_limit(["A", "B", "C", "D"])
    kit.do("C raises to 4; D raises to 6; A raises to 8; B raises to 10")
    assert kit.state().is_capped()
    kit.do("C raises to 12")
    assert kit.codes() == ["RA005"]


def test_wsop_t_100b_cap_one_bet_four_raises_postflop():
    kit = fixed_limit(["A", "B", "C"]).do("C calls 2; A calls 1; B checks; flop")
    kit.do("A bets 2; B raises to 4; C raises to 6; A raises to 8")
    assert not kit.state().is_capped()
    kit.do("B raises to 10")
    assert kit.state().is_capped()
    kit.do("C raises to 12")
    assert kit.codes() == ["RA005"]


def test_rules_md_3_heads_up_cap_is_a_profile_option():
    kit = HandKit(["A", "B"], button="A", stakes=(2, 4), limit="FL")
    kit.do("A posts sb 1; B posts bb 2")
    kit.do("A raises to 4; B raises to 6; A raises to 8; B raises to 10; A raises to 12")
    assert kit.codes(TDA) == ["RA005"]  # tournament default: the cap holds heads-up
    assert kit.codes(make_profile("cash")) == []


# --- §4 When a short all-in reopens the betting ----------------------------------------


def test_tda47_seed000_vector1_allin_14_over_bet_10_is_not_reopened_for_bettor():
    kit = flop_four({"B": 2 + 14}).do("A bets 10; B raises to 14 allin")
    assert kit.state().is_reopened_for("C")  # C, who had not acted, could have raised
    kit.do("C calls 14; D folds")
    state = kit.state()
    assert state.next_to_act().name == "A"
    assert state.faced_since_last_action("A") == 4
    assert not state.is_reopened_for("A")
    assert state.to_call("A") == 4
    kit.do("A raises to 34")
    assert kit.codes() == ["RO001"]


def test_tda47_seed002_short_allin_then_call_bettor_may_only_call():
    kit = flop_four({"B": 2 + 14}).do("A bets 10; B raises to 14 allin; C calls 14; D folds")
    kit.do("A calls 4")
    assert kit.codes() == []


def test_tda47_seed000_vector2_cumulative_short_allins_reopen_for_bettor_not_for_caller():
    # Seats A (small blind), B (big blind), D, C (button): flop order A, B, D, C.
    kit = flop_four({"B": 2 + 14, "C": 2 + 21}, names=("A", "B", "D", "C"))
    kit.do("A bets 10; B raises to 14 allin; D calls 14; C raises to 21 allin")
    state = kit.state()
    assert state.faced_since_last_action("A") == 11
    assert state.is_reopened_for("A")
    assert state.faced_since_last_action("D") == 7
    assert not state.is_reopened_for("D")
    kit.do("A calls 11; D raises to 51")
    assert kit.codes() == ["RO001"]
    # A re-raising instead is legal (and would reopen the betting for D).
    kit2 = flop_four({"B": 2 + 14, "C": 2 + 21}, names=("A", "B", "D", "C"))
    kit2.do("A bets 10; B raises to 14 allin; D calls 14; C raises to 21 allin; A raises to 31")
    assert kit2.codes() == []


@pytest.mark.parametrize(
    ("b_all_in", "c_all_in", "faced", "reopened"),
    [(14, 18, 8, False), (14, 21, 11, True), (15, 24, 14, True)],
    ids=["row_14_18_no", "row_14_21_yes", "row_15_24_yes"],
)
def test_tda47_seed000_table_rows(b_all_in, c_all_in, faced, reopened):
    # D, still live, calls the all-ins, so A has someone to raise against.
    kit = flop_four({"B": 2 + b_all_in, "C": 2 + c_all_in})
    kit.do(f"A bets 10; B raises to {b_all_in} allin; C raises to {c_all_in} allin")
    kit.do(f"D calls {c_all_in}")
    state = kit.state()
    assert state.faced_since_last_action("A") == faced
    assert state.is_reopened_for("A") is reopened
    kit.do(f"A raises to {c_all_in + 10}")
    assert kit.codes() == ([] if reopened else ["RO001"])


def test_tda47_seed000_table_row_15_24_reopens():
    kit = flop_three({"B": 17, "C": 26}).do("A bets 10; B raises to 15 allin; C raises to 24 allin")
    assert kit.state().is_reopened_for("A")


def test_tda47_seed001_bet_50_allin_65_call_bettor_may_only_call_15():
    kit = flop_three({"B": 2 + 65}).do("A bets 50; B raises to 65 allin; C calls 65")
    state = kit.state()
    assert state.to_call("A") == 15
    assert not state.is_reopened_for("A")
    assert not state.may_raise("A")


def test_tda47_seed001_had_c_raised_the_bettor_could_raise_again():
    kit = flop_three({"B": 2 + 65}).do("A bets 50; B raises to 65 allin; C raises to 115")
    state = kit.state()
    assert state.is_reopened_for("A")
    kit.do("A raises to 300")
    assert kit.codes() == []


def test_tda47_player_who_has_not_acted_may_always_raise():
    kit = flop_four({"B": 2 + 14}).do("A bets 10; B raises to 14 allin")
    state = kit.state()
    assert state.is_reopened_for("C") and state.is_reopened_for("D")
    kit.do("C raises to 24")
    assert kit.codes() == []


def test_tda47_big_blind_option_may_raise_over_a_short_all_in():
    kit = blinds(["A", "B", ("C", 3)]).do("C raises to 3 allin; A calls 2")
    assert kit.state().is_reopened_for("B")  # B has not acted: his option
    kit.do("B raises to 7")
    assert kit.codes() == []


def test_seed001_5_half_bet_variant_reopens_on_half_a_raise():
    half = make_profile("half-bet")
    kit = flop_three({"B": 2 + 15}).do("A bets 10; B raises to 15 allin; C calls 15")
    assert kit.state(half).is_reopened_for("A")  # +5 is half of 10
    assert not kit.state(TDA).is_reopened_for("A")
    kit.do("A raises to 40")
    assert kit.codes(half) == []
    assert kit.codes(TDA) == ["RO001"]


def test_seed001_5_half_bet_variant_less_than_half_does_not_reopen():
    half = make_profile("half-bet")
    kit = flop_three({"B": 2 + 14}).do("A bets 10; B raises to 14 allin; C calls 14")
    assert not kit.state(half).is_reopened_for("A")


def test_seed001_5_full_bet_variant_short_allins_do_not_add_up():
    full_bet = make_profile("full-bet")
    kit = flop_three({"B": 2 + 14, "C": 2 + 21})
    kit.do("A bets 10; B raises to 14 allin; C raises to 21 allin")
    assert kit.state(TDA).is_reopened_for("A")
    assert not kit.state(full_bet).is_reopened_for("A")


def test_seed001_5_full_bet_variant_a_full_raise_reopens():
    full_bet = make_profile("full-bet")
    kit = flop_three({}).do("A bets 10; B raises to 20; C calls 20")
    assert kit.state(full_bet).is_reopened_for("A")


def test_tda47b_fixed_limit_all_in_of_half_a_bet_reopens():
    # $4/$8: flop bet 4; B all-in for 6 (+2 = 50 % of a bet) reopens for A.
    kit = HandKit(["A", ("B", 4 + 6), "C"], stakes=(4, 8), limit="FL")
    kit.do("A posts sb 2; B posts bb 4; C calls 4; A calls 2; B checks; flop")
    kit.do("A bets 4; B raises to 6 allin; C calls 6")
    assert kit.state().is_reopened_for("A")
    kit.do("A raises to 12")
    assert kit.codes() == []


def test_tda47b_fixed_limit_all_in_under_half_a_bet_does_not_reopen():
    kit = HandKit(["A", ("B", 4 + 5), "C"], stakes=(4, 8), limit="FL")
    kit.do("A posts sb 2; B posts bb 4; C calls 4; A calls 2; B checks; flop")
    kit.do("A bets 4; B raises to 5 allin; C calls 5")  # +1 of a 4 bet: 25 %
    state = kit.state()
    assert not state.is_reopened_for("A")
    kit.do("A raises to 8")
    assert kit.codes() == ["RO001"]


def test_rules_md_4_decided_player_by_player_when_the_action_reaches_him():
    kit = flop_four({"B": 2 + 14, "C": 2 + 21}, names=("A", "B", "D", "C"))
    kit.do("A bets 10; B raises to 14 allin; D calls 14")
    assert not kit.state().is_reopened_for("D")  # nobody has moved since D called
    kit.do("C raises to 21 allin")
    state = kit.state()
    assert [state.is_reopened_for(n) for n in ("A", "D")] == [True, False]


# --- heads-up blind order ---------------------------------------------------------------


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_postflop():
    kit = HandKit(["BTN", "BB"], button="BTN", stakes=(1, 2))
    kit.do("BTN posts sb 1; BB posts bb 2")
    assert kit.state().next_to_act().name == "BTN"
    kit.do("BTN calls 1")
    assert kit.state().next_to_act().name == "BB"
    kit.do("BB checks; flop")
    assert kit.state().next_to_act().name == "BB"
    kit.do("BB checks")
    assert kit.state().next_to_act().name == "BTN"
    kit.do("BTN checks; turn")
    assert kit.codes() == []
