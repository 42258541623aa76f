"""The betting state's queries, on their own (no rules involved)."""

from __future__ import annotations

import dataclasses

import pytest
from handkit import HandKit, blinds

from auditor.config import Profile, make_profile
from auditor.engine.betting import BettingState, PlayerState, dealt_in_players, turn_order


def attributes(obj: object) -> dict[str, object]:
    """An object's attributes: ``vars`` in pure Python; compiled by the opt-in mypyc build
    (auditor/compiled.py), a native class has no ``__dict__`` and no ``__slots__``, and
    names its attributes in ``__mypyc_attrs__``."""
    names = getattr(type(obj), "__mypyc_attrs__", None)
    if names is not None:
        return {k: getattr(obj, k) for k in names if k != "__dict__" and hasattr(obj, k)}
    if hasattr(obj, "__dict__"):
        return dict(vars(obj))
    return {k: getattr(obj, k) for k in type(obj).__slots__ if hasattr(obj, k)}


def snapshot(state: BettingState) -> tuple:
    """Everything a query could change."""
    own = {k: v for k, v in attributes(state).items() if k not in ("skipped", "_next")}
    players = [sorted(attributes(p).items()) for p in state.players.values()]
    return repr(sorted(own.items(), key=lambda kv: kv[0])), players, set(state.skipped)


def test_snapshot_sees_every_attribute():
    state = blinds(["SB", "BB", "BTN"]).state()
    assert {"current_bet", "players", "pointer", "last_full"} <= attributes(state).keys()
    player = next(iter(state.players.values()))
    assert set(attributes(player)) == set(PlayerState.__slots__ if hasattr(
        PlayerState, "__slots__") else PlayerState.__mypyc_attrs__)


# --- turn order ----------------------------------------------------------------------


def test_preflop_starts_left_of_the_big_blind_postflop_left_of_the_button():
    kit = blinds(["SB", "BB", "UTG", "CO", "BTN"])
    assert kit.state().next_to_act().name == "UTG"
    kit.do("UTG calls 2; CO calls 2; BTN calls 2; SB calls 1")
    assert kit.state().next_to_act().name == "BB"
    kit.do("BB checks")
    assert kit.state().next_to_act() is None  # the round is closed
    kit.do("flop")
    assert kit.state().next_to_act().name == "SB"


def test_next_to_act_skips_folded_and_all_in_players():
    kit = blinds(["SB", "BB", ("UTG", 10), "BTN"]).do("UTG raises to 10 allin; BTN folds")
    assert kit.state().next_to_act().name == "SB"
    kit.do("SB calls 9; BB calls 8; flop")
    assert kit.state().next_to_act().name == "SB"
    kit.do("SB checks")
    assert kit.state().next_to_act().name == "BB"


def test_a_raise_reopens_the_round_for_everyone_behind():
    kit = blinds(["SB", "BB", "UTG"]).do("UTG calls 2; SB calls 1; BB raises to 6")
    state = kit.state()
    assert [p.name for p in state.pending()] == ["UTG", "SB"]


def test_big_blind_alone_against_all_ins_has_nothing_to_do():
    kit = blinds([("SB", 1), "BB", "BTN"])  # the small blind is all-in from his post
    kit.events.clear()
    kit.do("SB posts sb 1 allin; BB posts bb 2; BTN folds")
    assert kit.state().next_to_act() is None


def test_six_plus_button_blind_acts_like_the_big_blind():
    kit = HandKit(["A", "B", "C", "BTN"], button="BTN", stakes=(25, 25))
    kit.do("A posts ante 25; B posts ante 25; C posts ante 25; BTN posts ante 25")
    kit.do("BTN posts button 25")
    state = kit.state()
    assert state.next_to_act().name == "A"
    assert state.to_call("A") == 25 and state.min_raise_to() == 50
    kit.do("A calls 25; B folds; C calls 25")
    assert kit.state().next_to_act().name == "BTN"
    kit.do("BTN checks; flop")
    assert kit.codes() == []


def test_out_of_position_big_blind_is_live_and_has_the_option():
    kit = HandKit(["SB", "BB", "UTG", "NEW", "BTN"], stakes=(1, 2))
    kit.do("SB posts sb 1; BB posts bb 2; NEW posts bb 2")
    state = kit.state()
    assert state.next_to_act().name == "UTG"
    assert state.to_call("NEW") == 0
    kit.do("UTG folds; NEW checks; BTN calls 2; SB calls 1; BB checks; flop")
    assert kit.codes() == []


def test_second_small_blind_is_dead_money():
    # PokerStars: a player who missed the small blind posts it out of position, dead.
    kit = HandKit(["SB", "BB", "UTG", "LATE", "BTN"], stakes=(1, 2))
    kit.do("SB posts sb 1; BB posts bb 2; LATE posts sb 1")
    state = kit.state()
    assert state.players["LATE"].commit == 0 and state.players["LATE"].total == 1
    assert state.to_call("LATE") == 2
    assert state.to_call("SB") == 1


def test_dead_button_seat_order_starts_at_the_next_seat():
    kit = HandKit(["A", "B", "C"], stakes=(1, 2))
    kit.info = dataclasses.replace(kit.info, button_seat=7)
    order = turn_order(kit.hand(), {"A", "B", "C"})
    assert order == ["A", "B", "C"]


def test_turn_order_starts_left_of_the_button():
    kit = HandKit(["A", "B", "C", "D"], button="B")
    assert turn_order(kit.hand(), {"A", "B", "C", "D"}) == ["C", "D", "A", "B"]


def test_seated_player_who_never_posts_or_acts_is_not_dealt_in():
    kit = HandKit(["SB", "BB", "AWAY", "BTN"], sitting_out=["AWAY"], stakes=(1, 2))
    kit.do("SB posts sb 1; BB posts bb 2; BTN folds; SB folds")
    assert dealt_in_players(kit.hand()) == {"SB", "BB", "BTN"}
    assert kit.codes() == []


def test_sitting_out_player_who_posts_is_dealt_in():
    kit = HandKit(["SB", "BB", "BTN"], sitting_out=["SB"], stakes=(1, 2))
    kit.do("SB posts sb 1; BB posts bb 2; BTN raises to 6; SB folds; BB folds")
    assert "SB" in dealt_in_players(kit.hand())
    assert kit.codes() == []


# --- amounts ---------------------------------------------------------------------------


def test_to_call_is_the_gap_or_the_whole_room_when_less():
    kit = blinds(["SB", "BB", ("SHORT", 5), "BTN"]).do("SHORT folds; BTN raises to 20")
    kit2 = blinds(["SB", ("BB", 7), "BTN"]).do("BTN raises to 20")
    assert kit.state().to_call("SB") == 19
    assert kit2.state().to_call("BB") == 5  # 7 - 2 posted


def test_min_bet_is_the_big_blind_or_the_fixed_bet():
    kit = blinds(["A", "B", "C"], stakes=(5, 10)).do("C calls 10; A calls 5; B checks; flop")
    assert kit.state().min_bet() == 10
    fl = HandKit(["A", "B", "C"], stakes=(10, 20), limit="FL")
    fl.do("A posts sb 5; B posts bb 10; C calls 10; A calls 5; B checks; flop")
    assert fl.state().min_bet() == 10
    fl.do("A checks; B checks; C checks; turn")
    assert fl.state().min_bet() == 20


def test_min_raise_uses_the_last_full_increment_not_the_short_all_in():
    kit = blinds(["A", ("B", 2 + 14), "C", "D"]).do("C calls 2; D calls 2; A calls 1; B checks")
    kit.do("flop; A bets 10; B raises to 14 allin")
    state = kit.state()
    assert (state.current_bet, state.last_full, state.min_raise_to()) == (14, 10, 24)
    kit.do("C raises to 40")  # a full raise of 26: the increment grows
    assert kit.state().min_raise_to() == 66


def test_pot_limit_raise_to_counts_the_call_first():
    kit = blinds(["A", "B", "C"], limit="PL").do("C calls 2; A calls 1; B checks; flop")
    kit.do("A bets 5")
    state = kit.state()
    assert state.pot == 11
    # pot after B calls 5: 11 + 5 = 16; raise to 5 + 16 = 21
    assert state.pot_limit_raise_to("B") == 21
    assert state.max_raise_to("B") == 21


def test_pot_limit_bet_is_the_pot():
    kit = blinds(["A", "B", "C"], limit="PL").do("C calls 2; A calls 1; B checks; flop")
    assert kit.state().pot_limit_raise_to("A") == 6


def test_max_raise_to_no_limit_is_the_stack():
    kit = blinds(["A", "B", ("C", 300)])
    assert kit.state().max_raise_to("C") == 300
    assert kit.state().max_raise_to("A") == 1000  # 1 posted + 999 behind


def test_fixed_limit_raise_targets_after_a_short_all_in():
    kit = HandKit(["A", ("B", 4 + 6), "C"], stakes=(4, 8), limit="FL")
    kit.do("A posts sb 2; B posts bb 4; C calls 4; A calls 2; B checks; flop; A bets 4")
    assert kit.state().fixed_limit_raise_targets() == (8,)
    kit.do("B raises to 6 allin")
    assert kit.state().fixed_limit_raise_targets() == (8, 10, 12)


def test_capped_no_limit_room_is_limited_by_the_cap_and_reaching_it_is_all_in():
    kit = blinds(["A", "B", "C"], limit="CNL", cap=40)
    state = kit.state()
    assert state.players["C"].room == 40
    assert state.players["A"].room == 39
    kit.do("C raises to 40")
    state = kit.state()
    assert state.players["C"].all_in
    assert state.to_call("A") == 39
    assert kit.codes() == []


def test_uncalled_bet_returned_goes_back_to_the_stack():
    kit = blinds(["A", "B", "C"]).do("C raises to 10; A folds; B folds; C returned 8")
    state = kit.state()
    assert state.players["C"].stack == 1000 - 2
    assert state.players["C"].total == 10  # contributed counts chips before the return
    assert state.pot == 1 + 2 + 2


# --- reopening and raising ---------------------------------------------------------------


def test_may_raise_needs_chips_beyond_the_call():
    kit = blinds(["A", ("B", 10), "C"]).do("C raises to 10")
    state = kit.state()
    assert state.may_raise("A")
    assert not state.may_raise("B")  # 8 behind, 8 to call


def test_is_capped_counts_the_big_blind_as_the_bet_preflop():
    kit = HandKit(["A", "B", "C"], stakes=(2, 4), limit="FL").do("A posts sb 1; B posts bb 2")
    state = kit.state()
    assert state.bets_made == 1 and not state.is_capped()
    kit.do("C raises to 4; A raises to 6; B raises to 8; C raises to 10")
    assert kit.state().is_capped()


def test_is_capped_cash_no_cap_heads_up_only_when_two_players_are_left():
    kit = HandKit(["A", "B", "C"], stakes=(2, 4), limit="FL").do("A posts sb 1; B posts bb 2")
    kit.do("C raises to 4; A raises to 6; B raises to 8; C raises to 10")
    cash = make_profile("cash")
    assert kit.state(cash).is_capped()  # three players still in
    kit.do("A folds")
    assert not kit.state(cash).is_capped()
    assert kit.state(Profile()).is_capped()


def test_queries_never_mutate():
    kit = blinds(["A", ("B", 16), "C", "D"]).do("C calls 2; D calls 2; A calls 1; B checks")
    kit.do("flop; A bets 10; B raises to 14 allin")
    for profile in (Profile(), make_profile("half-bet"), make_profile("full-bet")):
        state = kit.state(profile)
        before = snapshot(state)
        for name in "ABCD":
            state.to_call(name)
            state.is_reopened_for(name)
            state.may_raise(name)
            state.max_raise_to(name)
            state.pot_limit_raise_to(name)
            state.faced_since_last_action(name)
            state.has_live_opponent(name)
        state.next_to_act()
        list(state.pending())
        state.min_bet()
        state.min_raise_to()
        state.is_capped()
        state.bet_size()
        state.fixed_limit_raise_targets()
        assert snapshot(state) == before


@pytest.mark.parametrize("reopen", ["full-raise", "half-bet", "full-bet"])
def test_a_player_who_has_not_acted_is_always_reopened(reopen):
    kit = blinds(["A", ("B", 16), "C", "D"]).do("C calls 2; D calls 2; A calls 1; B checks")
    kit.do("flop; A bets 10; B raises to 14 allin")
    state = kit.state(make_profile("tda", {"reopen": reopen}))
    assert state.is_reopened_for("C") and state.is_reopened_for("D")
    assert not state.is_reopened_for("A")
