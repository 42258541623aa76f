"""One fault, one finding: after a discrepancy is reported, the replay follows what the
history says happened, so later checks judge only later lines (issue 10, RULES.md §2-§6).

Each test is a legal PokerStars hand with one fault put in, and the findings it must
give: the fault's own, and nothing else.
"""

from __future__ import annotations

from auditor.api import audit_text
from auditor.config import Settings, make_profile

HEAD = """PokerStars Hand #100: Hold'em No Limit ($1/$2 USD) - 2024/01/01 12:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: A (${a} in chips)
Seat 2: B ($100 in chips)
Seat 3: C ($100 in chips)
B: posts small blind $1
C: posts big blind $2
*** HOLE CARDS ***
"""

SHOWDOWN = """*** SHOW DOWN ***
C: shows [Ah Ad] (a pair of Aces)
A: shows [Kh Kd] (a pair of Kings)
C collected ${pot} from pot
*** SUMMARY ***
Total pot ${pot} | Rake $0
Board [2c 7d 9h Js 4s]
Seat 1: A (button)
Seat 2: B (small blind)
Seat 3: C (big blind)
"""


def codes(text: str, settings: Settings | None = None) -> list[str]:
    result = audit_text(text, settings=settings)
    assert [h.status for h in result.hands] == ["audited"]
    return result.codes()


def test_the_legal_hand_is_clean() -> None:
    hand = HEAD.format(a=100) + """A: raises $4 to $6
B: calls $5
C: calls $4
*** FLOP *** [2c 7d 9h]
B: checks
C: bets $10
A: calls $10
B: folds
*** TURN *** [2c 7d 9h] [Js]
C: checks
A: checks
*** RIVER *** [2c 7d 9h Js] [4s]
C: checks
A: checks
""" + SHOWDOWN.format(pot=38)
    assert codes(hand) == []


def test_a_call_beyond_the_stack_is_one_tu005() -> None:
    """A has $20: his turn call takes him to $26. The history goes on as if he had the
    chips; his river check is his turn, not an all-in player acting (no TU001/TU002)."""
    hand = HEAD.format(a=20) + """A: raises $4 to $6
B: calls $5
C: calls $4
*** FLOP *** [2c 7d 9h]
B: checks
C: bets $10
A: calls $10
B: folds
*** TURN *** [2c 7d 9h] [Js]
C: bets $10
A: calls $10
*** RIVER *** [2c 7d 9h Js] [4s]
C: checks
A: checks
""" + SHOWDOWN.format(pot=58)
    assert codes(hand) == ["TU005"]


def test_a_check_facing_a_bet_is_one_tu003_not_also_tu006() -> None:
    """A checks facing C's $10; the history deals the turn (and counts the $10 as
    called): only the check is wrong."""
    hand = HEAD.format(a=100) + """A: raises $4 to $6
B: calls $5
C: calls $4
*** FLOP *** [2c 7d 9h]
B: checks
C: bets $10
A: checks
B: folds
*** TURN *** [2c 7d 9h] [Js]
C: checks
A: checks
*** RIVER *** [2c 7d 9h Js] [4s]
C: checks
A: checks
""" + SHOWDOWN.format(pot=38)
    assert codes(hand) == ["TU003"]


def test_a_wrong_call_then_a_raise_by_the_same_player_invents_no_chips() -> None:
    """B calls $3 where $5 was to call, then raises to $36 on the same street: the raise
    counts from his real chips; the pot of $108 is right."""
    hand = HEAD.format(a=100) + """A: raises $4 to $6
B: calls $3
C: raises $12 to $18
A: calls $12
B: raises $18 to $36
C: calls $18
A: calls $18
*** FLOP *** [2c 7d 9h]
B: checks
C: checks
A: checks
*** TURN *** [2c 7d 9h] [Js]
B: checks
C: checks
A: checks
*** RIVER *** [2c 7d 9h Js] [4s]
B: checks
C: checks
A: checks
*** SHOW DOWN ***
B: mucks hand
C: shows [Ah Ad] (a pair of Aces)
A: shows [Kh Kd] (a pair of Kings)
C collected $108 from pot
*** SUMMARY ***
Total pot $108 | Rake $0
Board [2c 7d 9h Js 4s]
Seat 1: A (button)
Seat 2: B (small blind)
Seat 3: C (big blind)
"""
    assert codes(hand) == ["TU004"]


def test_a_wrong_call_then_a_fold_gives_no_sp001_on_the_later_uncalled_bet() -> None:
    """B calls $3 where $5 was to call, then folds to A's flop bet: the rest of the
    history counts the call as the $5 it stood for ($14 pot, $10 returned)."""
    hand = HEAD.format(a=100) + """A: raises $4 to $6
B: calls $3
C: folds
*** FLOP *** [2c 7d 9h]
B: checks
A: bets $10
B: folds
Uncalled bet ($10) returned to A
A collected $14 from pot
*** SUMMARY ***
Total pot $14 | Rake $0
Board [2c 7d 9h]
Seat 1: A (button)
Seat 2: B (small blind)
Seat 3: C (big blind)
"""
    assert codes(hand) == ["TU004"]


def test_a_wrongly_returned_uncalled_bet_is_one_sp001_not_also_tu006() -> None:
    """A raises to $150, B calls all-in for $100: $50 is uncalled, $60 is returned. The
    return ends the betting whatever its amount: dealing the flop is not TU006."""
    hand = HEAD.format(a=200) + """A: raises $148 to $150
B: calls $99 and is all-in
C: folds
Uncalled bet ($60) returned to A
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Js]
*** RIVER *** [2c 7d 9h Js] [4s]
*** SHOW DOWN ***
B: shows [Ah Ad] (a pair of Aces)
A: shows [Kh Kd] (a pair of Kings)
B collected $192 from pot
*** SUMMARY ***
Total pot $192 | Rake $0
Board [2c 7d 9h Js 4s]
Seat 1: A (button)
Seat 2: B (small blind)
Seat 3: C (big blind)
"""
    assert codes(hand) == ["SP001"]


FIXED = """PokerStars Hand #200: Hold'em Limit ($2/$4 USD) - 2024/01/01 12:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: A ($100 in chips)
Seat 2: B ($100 in chips)
Seat 3: C ($8 in chips)
Seat 4: D ($11 in chips)
B: posts small blind $1
C: posts big blind $2
*** HOLE CARDS ***
D: calls $2
A: calls $2
B: calls $1
C: checks
*** FLOP *** [2c 7d 9h]
B: checks
C: checks
D: checks
A: checks
*** TURN *** [2c 7d 9h] [Js]
B: bets $4
C: raises $2 to $6 and is all-in
D: raises $3 to $9 and is all-in
A: folds
B: calls $5
*** RIVER *** [2c 7d 9h Js] [4s]
*** SHOW DOWN ***
B: shows [Ah Ad] (a pair of Aces)
C: shows [Kh Kd] (a pair of Kings)
D: shows [Qh Qd] (a pair of Queens)
B collected $6 from side pot
B collected $26 from main pot
*** SUMMARY ***
Total pot $32 Main pot $26. Side pot $6. | Rake $0
Board [2c 7d 9h Js 4s]
Seat 1: A (button)
Seat 2: B (small blind)
Seat 3: C (big blind)
Seat 4: D
"""


def test_a_fixed_limit_all_in_for_less_between_the_bet_and_a_full_raise_is_legal() -> None:
    """After C's short all-in to $6 over B's $4 bet, a full raise would go to $8 or $10
    (completion conventions differ) or $12; D's all-in for less to $9 is legal at any
    size (RULES.md §3)."""
    assert codes(FIXED) == []


SPLIT = """PokerStars Hand #300: Hold'em No Limit ($0.50/$1 USD) - 2024/01/01 12:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: A ($100 in chips)
Seat 2: B ($100 in chips)
Seat 3: C ($100 in chips)
Seat 4: D ($100 in chips)
B: posts small blind $0.50
C: posts big blind $1
*** HOLE CARDS ***
D: calls $1
A: calls $1
B: folds
C: checks
*** FLOP *** [As Ks Qs]
C: checks
D: checks
A: checks
*** TURN *** [As Ks Qs] [Js]
C: checks
D: checks
A: checks
*** RIVER *** [As Ks Qs Js] [Ts]
C: checks
D: checks
A: checks
*** SHOW DOWN ***
C: shows [2d 3d] (a Royal Flush)
D: shows [4d 5d] (a Royal Flush)
A: shows [6d 7d] (a Royal Flush)
{collected}*** SUMMARY ***
Total pot $3.50 | Rake $0
Board [As Ks Qs Js Ts]
Seat 1: A (button)
Seat 2: B (small blind)
Seat 3: C (big blind)
Seat 4: D
"""


def _split(c: str, d: str, a: str) -> str:
    return SPLIT.format(collected=f"C collected ${c} from pot\nD collected ${d} from pot\n"
                                  f"A collected ${a} from pot\n")


ALL_TO_FIRST = Settings(profile=make_profile("tda", {"odd-chip-split": "all-to-first"}))


def test_two_odd_cents_of_a_three_way_split_go_one_at_a_time() -> None:
    """$3.50 three ways: $1.16 each and 2 odd cents, one each to the first two winners
    clockwise from the button (C, D)."""
    assert codes(_split("1.17", "1.17", "1.16")) == []


def test_odd_cents_all_to_the_first_winner_is_sp006_not_sp005() -> None:
    """Both odd cents to C: only where the odd units went differs (RULES.md §6)."""
    assert codes(_split("1.18", "1.16", "1.16")) == ["SP006"]


def test_the_all_to_first_profile_accepts_that_split() -> None:
    assert codes(_split("1.18", "1.16", "1.16"), ALL_TO_FIRST) == []
    assert codes(_split("1.17", "1.17", "1.16"), ALL_TO_FIRST) == ["SP006"]


def test_an_unequal_split_beyond_the_odd_chips_is_sp005() -> None:
    assert "SP005" in codes(_split("1.60", "0.95", "0.95"))
