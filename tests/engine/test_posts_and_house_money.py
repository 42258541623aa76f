"""Money the betting counts in its own way, on GG hands: a dead blind counts for no one's
bet, a straddle is the straddler's street total, the house's Cash Drop is in the pot a
pot-limit bet is sized on, a pot one player alone can win is not run twice, and the blinds
posted set the price when a tournament header names the next level. Each with a hand
that must be clean and one that must be flagged."""

from __future__ import annotations

from auditor.api import audit_text

SEATS = """\
Seat 1: 2b4d6f80 ($200 in chips)
Seat 2: Hero ($187.5 in chips)
Seat 3: 13579bdf ($250 in chips)
Seat 4: 02468ace ($200 in chips)
Seat 5: fedcba98 ($21 in chips)
"""

DEAD_BLIND_ALL_IN = """\
Poker Hand #OM4100009001: PLO ($1/$2) - 2025/10/02 21:40:59
Table 'PLOSilver12' 6-max Seat #2 is the button
{seats}13579bdf: posts small blind $1
02468ace: posts big blind $2
fedcba98: posts missed blind $1
fedcba98: posts big blind $2
*** HOLE CARDS ***
Dealt to 2b4d6f80
Dealt to Hero [Qs Qd 9c 8c]
Dealt to 13579bdf
Dealt to 02468ace
Dealt to fedcba98
fedcba98: raises $5 to $7
2b4d6f80: folds
Hero: raises $18 to $25
13579bdf: folds
02468ace: folds
fedcba98: calls $13 and is all-in
Uncalled bet (${back}) returned to Hero
Hero: shows [Qs Qd 9c 8c]
fedcba98: shows [Ah Kd 7s 2c]
*** FLOP *** [Qh 6s 2d]
*** TURN *** [Qh 6s 2d] [4c]
*** RIVER *** [Qh 6s 2d 4c] [Jh]
*** SHOWDOWN ***
Hero collected ${won} from pot
*** SUMMARY ***
Total pot ${total} | Rake $2 | Jackpot $0 | Bingo $0
Board [Qh 6s 2d 4c Jh]
Seat 1: 2b4d6f80 folded before Flop (didn't bet)
Seat 2: Hero (button) showed [Qs Qd 9c 8c] and won (${won}) with Three of a kind, Queens
Seat 3: 13579bdf (small blind) folded before Flop
Seat 4: 02468ace (big blind) folded before Flop
Seat 5: fedcba98 showed [Ah Kd 7s 2c] and lost with a pair of Twos
"""


def test_a_dead_blind_does_not_match_a_bet() -> None:
    # fedcba98 is in for $21, $1 of it dead: he matched $20 of Hero's pot-sized $25, so
    # $5 is uncalled and the pot is 1 + 2 + 21 + 20 = $44.
    right = DEAD_BLIND_ALL_IN.format(seats=SEATS, back=5, won=42, total=44)
    assert audit_text(right).codes() == []
    # Matching the dead dollar too would return only $4.
    wrong = DEAD_BLIND_ALL_IN.format(seats=SEATS, back=4, won=43, total=45)
    assert audit_text(wrong).codes() == ["SP001"]


STRADDLE_OVER_OWN_BLIND = """\
Poker Hand #OM4100009002: PLO ($0.05/$0.1) - 2025/10/02 09:02:11
Table 'PLOBronze77' 6-max Seat #5 is the button
Seat 1: 4e5f6a7b ($10 in chips)
Seat 2: 8c9d0e1f ($9.5 in chips)
Seat 3: Hero ($4.3 in chips)
4e5f6a7b: posts small blind $0.05
8c9d0e1f: posts big blind $0.1
8c9d0e1f: straddle $0.4
*** HOLE CARDS ***
Dealt to 4e5f6a7b
Dealt to 8c9d0e1f
Dealt to Hero [Ah Ad 7c 6c]
Hero: calls ${call}
4e5f6a7b: folds
8c9d0e1f: checks
*** FLOP *** [9s 5d 2c]
8c9d0e1f: checks
Hero: checks
*** TURN *** [9s 5d 2c] [Th]
8c9d0e1f: checks
Hero: checks
*** RIVER *** [9s 5d 2c Th] [3h]
8c9d0e1f: checks
Hero: checks
*** SHOWDOWN ***
Hero: shows [Ah Ad 7c 6c]
8c9d0e1f: mucks hand
Hero collected ${won} from pot
*** SUMMARY ***
Total pot ${total} | Rake $0 | Jackpot $0 | Bingo $0
Board [9s 5d 2c Th 3h]
Seat 1: 4e5f6a7b (small blind) folded before Flop
Seat 2: 8c9d0e1f (big blind) mucked
Seat 3: Hero showed [Ah Ad 7c 6c] and won (${won}) with a pair of Aces
"""


def test_a_straddle_over_ones_own_blind_is_his_street_total() -> None:
    # "straddle $0.4" after his $0.1 blind: he is in for $0.40, the call is $0.40.
    right = STRADDLE_OVER_OWN_BLIND.format(call="0.4", won="0.85", total="0.85")
    assert audit_text(right).codes() == []
    wrong = STRADDLE_OVER_OWN_BLIND.format(call="0.3", won="0.75", total="0.75")
    assert "TU004" in audit_text(wrong).codes()


CASH_DROP_POT_LIMIT = """\
Poker Hand #RC4100009003: Omaha Pot Limit ($0.01/$0.02) - 2025/04/12 07:43:21
Table 'RushAndCash9003' 6-max Seat #1 is the button
Seat 1: 9d7f4cb8 ($3.26 in chips)
Seat 2: 8d962552 ($2 in chips)
Seat 3: 3a77b4b2 ($2.25 in chips)
Seat 4: Hero ($2.25 in chips)
Cash Drop to Pot : total $0.2
8d962552: posts small blind $0.01
3a77b4b2: posts big blind $0.02
*** HOLE CARDS ***
Dealt to 9d7f4cb8
Dealt to 8d962552
Dealt to 3a77b4b2
Dealt to Hero [2c Tc Ad Kc]
Hero: raises $0.04 to $0.06
9d7f4cb8: raises ${by} to ${to}
8d962552: folds
3a77b4b2: folds
Hero: folds
Uncalled bet (${back}) returned to 9d7f4cb8
*** SHOWDOWN ***
9d7f4cb8 collected $0.35 from pot
*** SUMMARY ***
Total pot $0.35 | Rake $0 | Jackpot $0 | Bingo $0
Seat 1: 9d7f4cb8 (button) collected ($0.35)
Seat 2: 8d962552 (small blind) folded before Flop
Seat 3: 3a77b4b2 (big blind) folded before Flop
Seat 4: Hero folded before Flop
"""


def test_a_pot_limit_raise_counts_the_house_money_in_the_pot() -> None:
    # Pot before the raise: $0.20 drop + 0.01 + 0.02 + 0.06 = $0.29; with the call of
    # $0.06 the pot-sized raise is to 0.06 + 0.35 = $0.41.
    right = CASH_DROP_POT_LIMIT.format(by="0.35", to="0.41", back="0.35")
    assert audit_text(right).codes() == []
    wrong = CASH_DROP_POT_LIMIT.format(by="0.36", to="0.42", back="0.36")
    assert audit_text(wrong).codes() == ["RA003"]


LEVEL_HEADER = """\
Poker Hand #TM4100009004: Tournament #9004, Daily Special $250 Hold'em No Limit - \
Level4 (90/180) - 2020/06/02 19:37:42
Table '12' 8-max Seat #1 is the button
Seat 1: 326ed8a3 (10,000 in chips)
Seat 2: 841f9992 (10,000 in chips)
Seat 3: 5d46d288 (10,000 in chips)
Seat 4: Hero (10,000 in chips)
326ed8a3: posts the ante 25
841f9992: posts the ante 25
5d46d288: posts the ante 25
Hero: posts the ante 25
841f9992: posts small blind 80
5d46d288: posts big blind 160
*** HOLE CARDS ***
Dealt to 326ed8a3
Dealt to 841f9992
Dealt to 5d46d288
Dealt to Hero [Ks Kc]
Hero: raises {by} to {to}
326ed8a3: folds
841f9992: folds
5d46d288: folds
Uncalled bet ({back}) returned to Hero
*** SHOWDOWN ***
Hero collected 500 from pot
*** SUMMARY ***
Total pot 500
Seat 1: 326ed8a3 (button) folded before Flop
Seat 2: 841f9992 (small blind) folded before Flop
Seat 3: 5d46d288 (big blind) folded before Flop
Seat 4: Hero won (500)
"""


def test_the_blinds_posted_set_the_price_when_the_header_names_the_next_level() -> None:
    # Header 90/180, blinds posted 80/160: the minimum raise is to 320, not 360.
    assert audit_text(LEVEL_HEADER.format(by=160, to=320, back=160)).codes() == []
    assert audit_text(LEVEL_HEADER.format(by=140, to=300, back=140)).codes() == ["RA002"]


COVERING_BET = """\
PokerStars Hand #254310987700: Hold'em No Limit ($0.10/$0.25 USD) - 2025/03/14 21:07:33 CET \
[2025/03/14 16:07:33 ET]
Table 'Nembus IV' 6-max Seat #2 is the button
Seat 1: Godel ($140.96 in chips)
Seat 2: Malarkey (${stack} in chips)
Seat 3: Poindexter ($51.35 in chips)
Poindexter: posts small blind $0.10
Godel: posts big blind $0.25
*** HOLE CARDS ***
Malarkey: raises $0.85 to $1.10
Poindexter: raises $11.64 to $12.74
Godel: folds
Malarkey: calls $11.64
*** FLOP *** [Kd Kc Kh]
Poindexter: bets $0.01
Malarkey: calls $0.01{all_in}
*** TURN *** [Kd Kc Kh] [Qh]
{turn}*** RIVER *** [Kd Kc Kh Qh] [4h]
{river}*** SHOW DOWN ***
Poindexter: shows [Ah 2c] (a full house, Kings full of Queens)
Malarkey: shows [As 3d] (a full house, Kings full of Queens)
Poindexter collected $12.88 from pot
Malarkey collected $12.87 from pot
*** SUMMARY ***
Total pot $25.75 | Rake $0
Board [Kd Kc Kh Qh 4h]
Seat 1: Godel (big blind) folded before Flop
Seat 2: Malarkey (button) showed [As 3d] and won ($12.87) with a full house
Seat 3: Poindexter (small blind) showed [Ah 2c] and won ($12.88) with a full house
"""


def test_a_bet_that_puts_every_opponent_all_in_is_not_below_the_minimum() -> None:
    # Malarkey has $0.01 left: any bet of $0.01 or more covers him (a $0.25 bet would
    # get $0.24 back uncalled), as PokerNow caps it.
    covering = COVERING_BET.format(stack="12.75", all_in=" and is all-in", turn="", river="")
    assert audit_text(covering).codes() == []
    # With $5.01 behind, the $0.01 bet is below the minimum of $0.25.
    checks = "Poindexter: checks\nMalarkey: checks\n"
    short = COVERING_BET.format(stack="17.75", all_in="", turn=checks, river=checks)
    assert audit_text(short).codes() == ["RA001"]


STRADDLE_RAISE = """\
PokerStars Hand #254310987701: Hold'em No Limit ($0.01/$0.02 USD) - 2025/03/14 21:07:33 CET \
[2025/03/14 16:07:33 ET]
Table 'Nembus V' 6-max Seat #1 is the button
Seat 1: Ann ($5 in chips)
Seat 2: Bob ($5 in chips)
Seat 3: Cal ($5 in chips)
Seat 4: Dee ($5 in chips)
Bob: posts small blind $0.01
Cal: posts big blind $0.02
Dee: posts straddle $0.04
*** HOLE CARDS ***
Ann: raises $0.02 to $0.06
Bob: folds
Cal: folds
Dee: folds
Uncalled bet ($0.02) returned to Ann
Ann collected $0.11 from pot
*** SUMMARY ***
Total pot $0.11 | Rake $0
Seat 1: Ann (button) collected ($0.11)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cal (big blind) folded before Flop
Seat 4: Dee folded before Flop
"""


def test_the_smallest_raise_over_a_straddle_is_the_sites() -> None:
    """To twice the straddle by the rules (WSOP-LA 165); PokerNow's software lets one big
    blind over it through, and a hand is judged by its site's own terms."""
    from dataclasses import replace

    from auditor.model.dialect import Dialect
    from auditor.parsing import read_text
    from auditor.pipeline import replay_hand

    (hand,) = read_text(STRADDLE_RAISE)
    assert [f.code for f in replay_hand(hand).findings] == ["RA002"]
    lenient = replace(hand, dialect=Dialect(straddle_raise="big_blind"))
    assert replay_hand(lenient).findings == []
