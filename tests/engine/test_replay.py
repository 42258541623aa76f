"""The replay: findings, one fault one finding, tolerance, and what it hands back."""

from __future__ import annotations

from dataclasses import replace

import pytest
from handkit import HandKit, blinds

from auditor.config import Settings, select_rules
from auditor.model.events import (
    Bet,
    Call,
    Check,
    Collected,
    Fold,
    HandCancelled,
    PostBlind,
    Raise,
    ShowdownStart,
    StreetStart,
)
from auditor.pipeline import replay_hand as replay
from auditor.rules.betting import RULES


def findings(kit: HandKit, **settings):
    return [(f.code, f.player) for f in replay(kit.hand(), Settings(**settings)).findings]


# --- edge cases named in the issue -------------------------------------------------------


def test_all_in_for_less_than_a_full_raise_is_allowed():
    kit = blinds(["A", "B", ("C", 9)]).do("C raises to 9 allin; A calls 8; B calls 7")
    assert findings(kit) == []


def test_all_in_for_less_than_the_call_is_allowed():
    kit = blinds(["A", "B", ("C", 4)]).do("C calls 2; A raises to 20; B folds; C calls 2 allin")
    assert findings(kit) == []


def test_short_big_blind_all_in_others_still_call_the_full_blind():
    kit = HandKit(["SB", ("BB", 1), "BTN"], stakes=(1, 2))
    kit.do("SB posts sb 1; BB posts bb 1 allin; BTN calls 2; SB calls 1; flop")
    assert findings(kit) == []
    assert replay(kit.hand(), Settings()).all_in == {"BB"}


def test_player_acting_after_folding():
    kit = blinds(["A", "B", "C"]).do("C folds; A calls 1; B checks; flop; A checks; B checks")
    kit.do("C bets 4")
    assert findings(kit) == [("TU002", "C")]


def test_check_facing_a_bet():
    kit = blinds(["A", "B", "C"]).do("C calls 2; A calls 1; B checks; flop; A bets 4; B checks")
    assert findings(kit) == [("TU003", "B")]


def test_call_of_the_wrong_amount():
    kit = blinds(["A", "B", "C"]).do("C raises to 6; A calls 6")
    (f,) = replay(kit.hand(), Settings()).findings
    assert (f.code, f.expected, f.observed) == ("TU004", 5, 6)


def test_call_when_nothing_to_call():
    kit = blinds(["A", "B", "C"]).do("C calls 2; A calls 1; B calls 2")
    (f,) = replay(kit.hand(), Settings()).findings
    assert (f.code, f.expected, f.observed) == ("TU004", 0, 2)


def test_table_stakes_exceeded():
    kit = blinds(["A", "B", ("C", 50)]).do("C raises to 80")
    (f,) = replay(kit.hand(), Settings()).findings
    assert (f.code, f.player, f.expected, f.observed) == ("TU005", "C", 50, 80)


def test_table_stakes_exceeded_by_a_blind():
    kit = HandKit(["A", ("B", 1), "C"], stakes=(1, 2)).do("A posts sb 1; B posts bb 2")
    assert findings(kit) == [("TU005", "B")]


def test_new_street_while_someone_still_had_to_act():
    kit = blinds(["A", "B", "C"]).do("C calls 2; A calls 1; B checks; flop; A bets 10; B calls 10")
    kit.do("turn")
    (f,) = replay(kit.hand(), Settings()).findings
    assert (f.code, f.player, f.line) == ("TU006", "C", kit.last_line)
    assert "turn is dealt" in f.message and "C still had to act" in f.message


def test_showdown_while_someone_still_had_to_act():
    kit = blinds(["A", "B"]).do("A calls 1; showdown")
    assert findings(kit) == [("TU006", "B")]


def test_pot_awarded_while_someone_still_had_to_act():
    kit = blinds(["A", "B", "C"]).do("C raises to 6; A folds; C collects 5")
    assert findings(kit) == [("TU006", "B")]


def test_fold_when_check_free_is_information():
    kit = blinds(["A", "B", "C"]).do("C calls 2; A calls 1; B checks; flop; A folds")
    assert findings(kit) == [("TU007", "A")]


def test_action_after_the_round_closed():
    kit = blinds(["A", "B", "C"]).do("C calls 2; A calls 1; B checks; C checks")
    assert findings(kit) == [("TU001", "C")]


def test_action_after_the_hand_was_won():
    kit = blinds(["A", "B", "C"]).do("C raises to 6; A folds; B folds; C returned 4")
    kit.do("C collects 5; C checks")
    assert findings(kit) == [("TU001", "C")]


def test_missing_line_gives_one_finding_not_two():
    # C (who posted an ante) has his fold missing: A acts out of turn, and the flop is
    # not reported again for C.
    kit = HandKit(["A", "B", "C"], stakes=(1, 2))
    kit.do("A posts ante 1; B posts ante 1; C posts ante 1; A posts sb 1; B posts bb 2")
    kit.do("A calls 1; B checks; flop; A checks; B checks")
    assert findings(kit) == [("TU001", "A")]


def test_seated_player_never_seen_is_not_dealt_in():
    # Without any line of C's, the history is read as C not being dealt in.
    kit = blinds(["A", "B", "C"]).do("A calls 1; B checks; flop; A checks; B checks")
    assert findings(kit) == []


def test_swapped_lines_give_one_finding():
    kit = blinds(["A", "B", "C", "D"]).do("D calls 2; C calls 2; A calls 1; B checks; flop")
    assert findings(kit) == [("TU001", "D")]


# --- one fault, one finding --------------------------------------------------------------


def unreopened_and_too_small() -> HandKit:
    kit = blinds(["A", ("B", 16), "C", "D"]).do("C calls 2; D calls 2; A calls 1; B checks")
    return kit.do("flop; A bets 10; B raises to 14 allin; C calls 14; D folds; A raises to 18")


def test_unreopened_and_too_small_raise_is_reported_once_by_reopening():
    assert findings(unreopened_and_too_small()) == [("RO001", "A")]


def test_with_reopening_ignored_sizing_reports_it():
    selection = select_rules(ignore=["RO001"])
    assert findings(unreopened_and_too_small(), selection=selection) == [("RA002", "A")]


def test_selection_reports_only_selected_codes():
    kit = blinds(["A", "B", "C"]).do("C raises to 3; A calls 6")
    assert {c for c, _ in findings(kit)} == {"RA002", "TU004"}
    assert findings(kit, selection=select_rules(select=["TU"])) == [("TU004", "A")]
    assert findings(kit, selection=select_rules(select=["RA002"])) == [("RA002", "C")]


def test_out_of_turn_raise_is_not_also_judged_for_size():
    kit = blinds(["A", "B", "C", "D"]).do("D raises to 3; C folds")
    assert findings(kit) == [("TU001", "D")]


# --- HH003 -----------------------------------------------------------------------------


def test_raise_increment_disagreeing_with_the_bet_faced():
    kit = blinds(["A", "B", "C"]).do("C calls 2; A calls 1; B checks; flop; A bets 4")
    kit.do("B raises to 8 by 2")
    (f,) = replay(kit.hand(), Settings()).findings
    assert (f.code, f.expected, f.observed) == ("HH003", 4, 2)


def test_bet_when_a_bet_exists_and_raise_when_none_exists():
    kit = blinds(["A", "B", "C"]).do("C calls 2; A calls 1; B checks; flop; A raises to 4")
    assert findings(kit) == [("HH003", "A")]
    kit2 = blinds(["A", "B", "C"]).do("C calls 2; A calls 1; B checks; flop; A bets 4; B bets 8")
    assert findings(kit2) == [("HH003", "B")]


def test_all_in_mark_that_leaves_chips():
    kit = blinds(["A", "B", ("C", 50)]).do("C raises to 40 allin")
    (f,) = replay(kit.hand(), Settings()).findings
    assert (f.code, f.expected, f.observed) == ("HH003", 50, 40)


def test_whole_stack_without_all_in_mark():
    kit = blinds(["A", "B", ("C", 50)]).do("C raises to 50")
    assert findings(kit) == [("HH003", "C")]


# --- tolerance ----------------------------------------------------------------------------


def test_sitting_out_player_all_in_from_his_blind_may_be_folded():
    # PokerStars folds a sitting-out player even when his blind put him all-in.
    kit = HandKit(["SB", ("BB", 20), "UTG", "BTN"], sitting_out=["BB"], stakes=(15, 30))
    kit.do("SB posts sb 15; BB posts bb 20 allin; UTG calls 30; BTN calls 30; SB calls 15")
    kit.do("BB folds; flop")
    result = replay(kit.hand(), Settings())
    assert result.findings == []
    assert "BB" in result.folded and "BB" not in result.all_in


def test_run_it_twice_boards_carry_no_betting():
    kit = blinds(["A", ("B", 100)]).do("A raises to 100; B calls 98 allin")
    kit.add(StreetStart, street="flop", board=("Ah", "Kd", "2c"), run=1)
    kit.add(StreetStart, street="turn", board=("Ah", "Kd", "2c", "7s"), run=1)
    kit.add(StreetStart, street="flop", board=("9h", "9d", "2s"), run=2)
    kit.add(ShowdownStart, run=1)
    kit.add(ShowdownStart, run=2)
    kit.add(Collected, player="A", amount=100, run=1)
    kit.add(Collected, player="B", amount=100, run=2)
    assert findings(kit) == []


def test_no_action_after_everyone_is_all_in():
    kit = blinds(["A", "B", "C"], stack=50)
    kit.do("C raises to 50 allin; A calls 49 allin; B calls 48 allin; flop; turn; river; showdown")
    assert findings(kit) == []


def test_cancelled_hand_stops_the_replay():
    kit = blinds(["A", "B", "C"]).do("C raises to 6")
    kit.add(HandCancelled)
    kit.add(Check, player="A")
    assert findings(kit) == []


def nonsense() -> HandKit:
    kit = blinds(["A", "B", "C"])
    kit.add(Raise, player="ZED", to=10)
    kit.add(Call, player="ZED", amount=10)
    kit.add(Check, player="ZED")
    kit.add(Bet, player="ZED", amount=3)
    kit.add(Fold, player="ZED")
    kit.add(PostBlind, player="ZED", kind="big", amount=2)
    kit.add(StreetStart, street="river")
    kit.add(Check, player="A")
    kit.add(Raise, player="B", to=0, by=99, all_in=True)
    kit.add(StreetStart, street="flop")
    kit.add(Collected, player="NOBODY", amount=1)
    return kit


def test_never_raises_on_nonsense():
    result = replay(nonsense().hand(), Settings())
    assert result.findings  # reported, not raised
    assert {f.code for f in result.findings} <= {"TU001", "TU002", "TU003", "TU006", "HH003"}


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.code)
def test_each_rule_alone_never_raises_on_nonsense(rule):
    # Without TU002 in front, every check must cope with unseated or folded actors.
    hand = nonsense().hand()
    for limit in ("NL", "PL", "FL", "CNL"):
        info = replace(hand.info, limit=limit, cap=40 if limit == "CNL" else None)
        replay(replace(hand, info=info), Settings(selection=select_rules(select=[rule.code])))


# --- what the replay hands back ---------------------------------------------------------


def test_result_contributed_folded_all_in():
    kit = HandKit(["A", "B", ("C", 30), "D"], stakes=(1, 2))
    kit.do("A posts ante 1; B posts ante 1; C posts ante 1; D posts ante 1")
    kit.do("A posts sb 1; B posts bb 2; C raises to 29 allin; D folds; A calls 28; B raises to 100")
    kit.do("A folds; B returned 71")
    result = replay(kit.hand(), Settings())
    assert result.findings == []
    assert result.contributed == {"A": 30, "B": 101, "C": 30, "D": 1}
    assert result.folded == {"A", "D"}
    assert result.all_in == {"C"}


def test_contributed_counts_dead_blinds():
    kit = HandKit(["A", "B", "C", "D"], stakes=(1, 2))
    kit.do("A posts sb 1; B posts bb 2; C posts sb+bb 3 dead 1")
    kit.do("C checks; D folds; A folds; B checks")
    result = replay(kit.hand(), Settings())
    assert result.contributed["C"] == 3
    assert result.findings == []


def test_finding_fields_are_quotable():
    kit = HandKit(["A", "B", "C"], stakes=(5, 10), decimals=2, symbol="$")
    kit.do("A posts sb 5; B posts bb 10; C raises to 15")
    (f,) = replay(kit.hand(), Settings()).findings
    assert f.code == "RA002" and f.line == kit.last_line and f.street == "preflop"
    assert (f.player, f.expected, f.observed) == ("C", 20, 15)
    assert "$0.15" in f.message and "$0.20" in f.message
    assert f.message.endswith(".")


def test_capped_no_limit_over_the_cap_exceeds_the_stakes():
    kit = blinds(["A", "B", "C"], limit="CNL", cap=40).do("C raises to 50")
    (f,) = replay(kit.hand(), Settings()).findings
    assert (f.code, f.expected, f.observed) == ("TU005", 40, 50)
    assert "cap" in f.message


def test_capped_no_limit_reaching_the_cap_ends_the_betting_for_the_player():
    kit = blinds(["A", "B", "C"], limit="CNL", cap=40)
    kit.do("C raises to 40; A calls 39; B calls 38; flop; turn; river; showdown")
    assert findings(kit) == []
