"""The hand-written Winamax samples (``sample_histories/winamax``) read into exactly the
events they spell out: types, players, amounts in the smallest unit, and source lines; and
the Winamax syntax the samples do not hold, on short invented hands.

Each sample's money was worked out by hand before it was pinned here (the comments give
the sums); a change to the reader that alters any event, amount or line shows up here.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest

from auditor.model import events as ev
from auditor.model.hand import Hand
from auditor.parsing import Unreadable, read_path, read_text
from auditor.sites.winamax import DIALECT, hand_sequence
from auditor.sites.winamax.reader import WinamaxReader

SAMPLES = Path(__file__).resolve().parents[3] / "sample_histories" / "winamax"


def short(e: ev.Event) -> tuple[object, ...]:
    """(line, event type, every other field in order)."""
    return (e.line, type(e).__name__, *(getattr(e, f.name) for f in fields(e) if f.name != "line"))


def hands_of(name: str) -> list[Hand]:
    found = list(read_path(SAMPLES / name))
    assert all(isinstance(h, Hand) for h in found), found
    return found  # type: ignore[return-value]


# Sums (euro cents; tournament chips in hundredths):
# - cash_nlhe_showdown_rake: 25 + 50 + 850 + 850 = 1775 in, rake 85, Hero collects 1690.
# - uncalled_excess_in_collection_2021: Hero 1900, Brel57 700, BB 100 = 2700; Hero's
#   1200 unmatched comes back inside his 2625 (= 1500 − rake 75 + 1200).
# - excess_collected_as_side_pot: main 645 − rake 32 = 613 to sanglier; Hero's unmatched
#   115 (400 − 285) printed as "side pot 1".
# - blinds_out_of_position: Goupil's small blind (10) is dead, he calls the whole 25;
#   Vieux Lion's big blind is live (he checks); 485 in, rake 15, Hero collects 470.
# - post_both_blinds: Gilou74's 3€ = 1€ dead + 2€ live (he raises 5€ to 7€ from 2€).
# - plo_hilo_split: 4700 in, rake 235, 4465 split 2233 (HI, the odd cent) / 2232 (LO).
# - tournament_ante_bounty_side_pots: main 5975, side 13090, Kaamelott's unmatched 2455
#   as "side pot 2"; "Total pot 21.52k" is the 21520 collected.
EXPECTED = {
    "blinds_out_of_position.txt": [
        [
            (11, 'PostBlind', 'Rantanplan', 'small', 10, 0, False),
            (12, 'PostBlind', 'Cerise', 'big', 25, 0, False),
            (13, 'PostBlind', 'Vieux Lion', 'big', 25, 0, False),
            (14, 'PostBlind', 'Goupil', 'dead', 10, 10, False),
            (15, 'HoleCards', 'Hero', ('As', 'Ks', '9d', '4c')),
            (16, 'StreetStart', 'preflop', (), 0),
            (17, 'Check', 'Vieux Lion'),
            (18, 'Fold', 'Fanfan'),
            (19, 'Call', 'Hero', 25, False),
            (20, 'Call', 'Goupil', 25, False),
            (21, 'Fold', 'la_mouette'),
            (22, 'Call', 'Rantanplan', 15, False),
            (23, 'Check', 'Cerise'),
            (24, 'StreetStart', 'flop', ('Kd', '8s', '3c'), 0),
            (25, 'Check', 'Rantanplan'),
            (26, 'Check', 'Cerise'),
            (27, 'Bet', 'Vieux Lion', 75, False),
            (28, 'Call', 'Hero', 75, False),
            (29, 'Fold', 'Goupil'),
            (30, 'Fold', 'Rantanplan'),
            (31, 'Fold', 'Cerise'),
            (32, 'StreetStart', 'turn', ('Kd', '8s', '3c', '2h'), 0),
            (33, 'Check', 'Vieux Lion'),
            (34, 'Bet', 'Hero', 200, False),
            (35, 'Fold', 'Vieux Lion'),
            (36, 'Collected', 'Hero', 470, 0, 0),
            (38, 'PotSummary', 470, None, (), 15, ()),
            (39, 'BoardSummary', ('Kd', '8s', '3c', '2h'), 0),
        ],
    ],
    "cash_nlhe_showdown_rake.txt": [
        [
            (10, 'PostBlind', 'xPierrot', 'small', 25, 0, False),
            (11, 'PostBlind', 'Amandine88', 'big', 50, 0, False),
            (12, 'HoleCards', 'Hero', ('Ah', 'Qd')),
            (13, 'StreetStart', 'preflop', (), 0),
            (14, 'Raise', 'Hero', 150, 100, False),
            (15, 'Fold', 'Biloute'),
            (16, 'Fold', 'Lucie_R'),
            (17, 'Call', 'Tonton Jo', 150, False),
            (18, 'Fold', 'xPierrot'),
            (19, 'Fold', 'Amandine88'),
            (20, 'StreetStart', 'flop', ('Qs', '7h', '2c'), 0),
            (21, 'Bet', 'Hero', 200, False),
            (22, 'Call', 'Tonton Jo', 200, False),
            (23, 'StreetStart', 'turn', ('Qs', '7h', '2c', '9d'), 0),
            (24, 'Bet', 'Hero', 500, False),
            (25, 'Call', 'Tonton Jo', 500, False),
            (26, 'StreetStart', 'river', ('Qs', '7h', '2c', '9d', '3s'), 0),
            (27, 'Check', 'Hero'),
            (28, 'Check', 'Tonton Jo'),
            (29, 'ShowdownStart', 0),
            (30, 'Shows', 'Hero', ('Ah', 'Qd'), 'One pair : Queens'),
            (31, 'Shows', 'Tonton Jo', ('Kh', 'Qc'), 'One pair : Queens'),
            (32, 'Collected', 'Hero', 1690, 0, 0),
            (34, 'PotSummary', 1690, None, (), 85, ()),
            (35, 'BoardSummary', ('Qs', '7h', '2c', '9d', '3s'), 0),
        ],
    ],
    "excess_collected_as_side_pot.txt": [
        [
            (10, 'PostBlind', 'ZZtop-33', 'small', 5, 0, False),
            (11, 'PostBlind', 'ptit_lu', 'big', 10, 0, False),
            (12, 'HoleCards', 'Hero', ('Kc', 'Kd')),
            (13, 'StreetStart', 'preflop', (), 0),
            (14, 'Fold', 'Marcel_P'),
            (15, 'Raise', 'Hero', 30, 20, False),
            (16, 'Call', 'sanglier', 30, False),
            (17, 'Fold', 'Odile'),
            (18, 'Fold', 'ZZtop-33'),
            (19, 'Fold', 'ptit_lu'),
            (20, 'StreetStart', 'flop', ('8h', '5c', '2s'), 0),
            (21, 'Bet', 'Hero', 400, False),
            (22, 'Call', 'sanglier', 285, True),
            (23, 'StreetStart', 'turn', ('8h', '5c', '2s', '8d'), 0),
            (24, 'StreetStart', 'river', ('8h', '5c', '2s', '8d', '5s'), 0),
            (25, 'ShowdownStart', 0),
            (26, 'Shows', 'Hero', ('Kc', 'Kd'), 'Two pairs : Kings and 8'),
            (27, 'Shows', 'sanglier', ('5h', '2d'), 'Full of 5 and 8'),
            (28, 'Collected', 'Hero', 115, 1, 0),
            (29, 'Collected', 'sanglier', 613, 0, 0),
            (31, 'PotSummary', 728, None, (), 32, ()),
            (32, 'BoardSummary', ('8h', '5c', '2s', '8d', '5s'), 0),
        ],
    ],
    "names_with_spaces_cp1252.txt": [
        [
            (9, 'PostBlind', 'Élodie_Fr', 'small', 2, 0, False),
            (10, 'PostBlind', 'François 3', 'big', 5, 0, False),
            (11, 'StreetStart', 'preflop', (), 0),
            (12, 'Call', 'Incognito 4', 5, False),
            (13, 'Raise', 'Incognito 42', 20, 15, False),
            (14, 'Fold', 'Hervé'),
            (15, 'Fold', 'Élodie_Fr'),
            (16, 'Fold', 'François 3'),
            (17, 'Call', 'Incognito 4', 15, False),
            (18, 'StreetStart', 'flop', ('Tc', '9c', '4d'), 0),
            (19, 'Bet', 'Incognito 4', 25, False),
            (20, 'Call', 'Incognito 42', 25, False),
            (21, 'StreetStart', 'turn', ('Tc', '9c', '4d', 'Ah'), 0),
            (22, 'Check', 'Incognito 4'),
            (23, 'Check', 'Incognito 42'),
            (24, 'StreetStart', 'river', ('Tc', '9c', '4d', 'Ah', '2s'), 0),
            (25, 'Check', 'Incognito 4'),
            (26, 'Check', 'Incognito 42'),
            (27, 'ShowdownStart', 0),
            (28, 'Shows', 'Incognito 4', ('Td', '8d'), 'One pair : Ten'),
            (29, 'Shows', 'Incognito 42', ('9h', '9d'), 'Trips of 9'),
            (30, 'Collected', 'Incognito 42', 92, 0, 0),
            (32, 'PotSummary', 92, None, (), 5, ()),
            (33, 'BoardSummary', ('Tc', '9c', '4d', 'Ah', '2s'), 0),
        ],
    ],
    "plo_hilo_split.txt": [
        [
            (7, 'PostBlind', 'LeGrandBleu', 'small', 50, 0, False),
            (8, 'PostBlind', 'Hero', 'big', 100, 0, False),
            (9, 'HoleCards', 'Hero', ('Ad', '2c', 'Kd', 'Qs')),
            (10, 'StreetStart', 'preflop', (), 0),
            (11, 'Raise', 'Fifi Brindacier', 300, 200, False),
            (12, 'Call', 'LeGrandBleu', 250, False),
            (13, 'Call', 'Hero', 200, False),
            (14, 'StreetStart', 'flop', ('7d', '4h', 'Kc'), 0),
            (15, 'Check', 'LeGrandBleu'),
            (16, 'Bet', 'Hero', 900, False),
            (17, 'Call', 'Fifi Brindacier', 900, False),
            (18, 'Fold', 'LeGrandBleu'),
            (19, 'StreetStart', 'turn', ('7d', '4h', 'Kc', '5s'), 0),
            (20, 'Check', 'Hero'),
            (21, 'Check', 'Fifi Brindacier'),
            (22, 'StreetStart', 'river', ('7d', '4h', 'Kc', '5s', 'Jh'), 0),
            (23, 'Bet', 'Hero', 1000, False),
            (24, 'Call', 'Fifi Brindacier', 1000, False),
            (25, 'ShowdownStart', 0),
            (26, 'Shows', 'Hero', ('Ad', '2c', 'Kd', 'Qs'), 'HI : One pair : Kings'),
            (27, 'Shows', 'Hero', ('Ad', '2c', 'Kd', 'Qs'), 'LO : High card : 7'),
            (28, 'Shows', 'Fifi Brindacier', ('Jd', 'Js', '3h', '6c'), 'HI : Straight 7 high'),
            (29, 'Shows', 'Fifi Brindacier', ('Jd', 'Js', '3h', '6c'), 'LO : High card : 7'),
            (30, 'Collected', 'Fifi Brindacier', 2233, 0, 0),
            (31, 'Collected', 'Hero', 2232, 0, 0),
            (33, 'PotSummary', 4465, None, (), 235, ()),
            (34, 'BoardSummary', ('7d', '4h', 'Kc', '5s', 'Jh'), 0),
        ],
    ],
    "post_both_blinds.txt": [
        [
            (9, 'PostBlind', 'Mirabelle', 'small', 100, 0, False),
            (10, 'PostBlind', 'Hero', 'big', 200, 0, False),
            (11, 'PostBlind', 'Gilou74', 'small_and_big', 300, 100, False),
            (13, 'HoleCards', 'Hero', ('Qh', 'Jh', '7c', '6c')),
            (14, 'StreetStart', 'preflop', (), 0),
            (15, 'Fold', 'Ouistiti'),
            (16, 'Raise', 'Gilou74', 700, 500, False),
            (17, 'Fold', 'Pat Hibulaire'),
            (18, 'Fold', 'Mirabelle'),
            (19, 'Call', 'Hero', 500, False),
            (20, 'StreetStart', 'flop', ('Jc', '6h', '2s'), 0),
            (21, 'Check', 'Hero'),
            (22, 'Bet', 'Gilou74', 1000, False),
            (23, 'Raise', 'Hero', 4000, 3000, False),
            (24, 'Fold', 'Gilou74'),
            (25, 'Collected', 'Hero', 6420, 0, 0),
            (27, 'PotSummary', 6420, None, (), 180, ()),
            (28, 'BoardSummary', ('Jc', '6h', '2s'), 0),
        ],
    ],
    "session_hand_sequence_gap.txt": [
        [
            (7, 'PostBlind', 'Hero', 'small', 5, 0, False),
            (8, 'PostBlind', 'Mimi Cracra', 'big', 10, 0, False),
            (9, 'HoleCards', 'Hero', ('7c', '2d')),
            (10, 'StreetStart', 'preflop', (), 0),
            (11, 'Raise', 'Cyrano', 30, 20, False),
            (12, 'Fold', 'Hero'),
            (13, 'Fold', 'Mimi Cracra'),
            (14, 'Collected', 'Cyrano', 45, 0, 0),
            (16, 'PotSummary', 45, None, (), 0, ()),
        ],
        [
            (27, 'PostBlind', 'Mimi Cracra', 'small', 5, 0, False),
            (28, 'PostBlind', 'Cyrano', 'big', 10, 0, False),
            (29, 'HoleCards', 'Hero', ('9s', '4s')),
            (30, 'StreetStart', 'preflop', (), 0),
            (31, 'Fold', 'Hero'),
            (32, 'Call', 'Mimi Cracra', 5, False),
            (33, 'Check', 'Cyrano'),
            (34, 'StreetStart', 'flop', ('Jd', '6c', '6h'), 0),
            (35, 'Bet', 'Mimi Cracra', 20, False),
            (36, 'Fold', 'Cyrano'),
            (37, 'Collected', 'Mimi Cracra', 40, 0, 0),
            (39, 'PotSummary', 40, None, (), 0, ()),
            (40, 'BoardSummary', ('Jd', '6c', '6h'), 0),
        ],
        [
            (51, 'PostBlind', 'Cyrano', 'small', 5, 0, False),
            (52, 'PostBlind', 'Hero', 'big', 10, 0, False),
            (53, 'HoleCards', 'Hero', ('Qc', 'Qd')),
            (54, 'StreetStart', 'preflop', (), 0),
            (55, 'Fold', 'Mimi Cracra'),
            (56, 'Fold', 'Cyrano'),
            (57, 'Collected', 'Hero', 15, 0, 0),
            (59, 'PotSummary', 15, None, (), 0, ()),
        ],
    ],
    "tournament_ante_bounty_side_pots.txt": [
        [
            (10, 'PostBlind', 'Hero', 'ante', 5000, 0, False),
            (11, 'PostBlind', 'pouleMouillee', 'ante', 5000, 0, False),
            (12, 'PostBlind', 'Kaamelott', 'ante', 5000, 0, False),
            (13, 'PostBlind', 'Zebulon', 'ante', 5000, 0, False),
            (14, 'PostBlind', 'nounours_59', 'ante', 5000, 0, False),
            (15, 'PostBlind', 'LaFouine', 'ante', 5000, 0, False),
            (16, 'PostBlind', 'LaFouine', 'small', 20000, 0, False),
            (17, 'PostBlind', 'Hero', 'big', 40000, 0, False),
            (18, 'HoleCards', 'Hero', ('Ac', 'Kc')),
            (19, 'StreetStart', 'preflop', (), 0),
            (20, 'Fold', 'pouleMouillee'),
            (21, 'Raise', 'Kaamelott', 120000, 80000, False),
            (22, 'Raise', 'Zebulon', 182500, 62500, True),
            (23, 'Fold', 'nounours_59'),
            (24, 'Fold', 'LaFouine'),
            (25, 'Call', 'Hero', 142500, False),
            (26, 'Call', 'Kaamelott', 62500, False),
            (27, 'StreetStart', 'flop', ('Kd', '9c', '4c'), 0),
            (28, 'Check', 'Hero'),
            (29, 'Bet', 'Kaamelott', 300000, False),
            (30, 'Call', 'Hero', 300000, False),
            (31, 'StreetStart', 'turn', ('Kd', '9c', '4c', '2h'), 0),
            (32, 'Check', 'Hero'),
            (33, 'Bet', 'Kaamelott', 600000, False),
            (34, 'Call', 'Hero', 354500, True),
            (35, 'StreetStart', 'river', ('Kd', '9c', '4c', '2h', '7s'), 0),
            (36, 'ShowdownStart', 0),
            (37, 'Shows', 'Hero', ('Ac', 'Kc'), 'One pair : Kings'),
            (38, 'Shows', 'Kaamelott', ('Ks', 'Qh'), 'One pair : Kings'),
            (39, 'Shows', 'Zebulon', ('9s', '9d'), 'Trips of 9'),
            (40, 'Collected', 'Kaamelott', 245500, 2, 0),
            (41, 'Collected', 'Hero', 1309000, 1, 0),
            (42, 'Collected', 'Zebulon', 597500, 0, 0),
            (44, 'PotSummary', 2152000, None, (), 0, ()),
            (45, 'BoardSummary', ('Kd', '9c', '4c', '2h', '7s'), 0),
        ],
    ],
    "uncalled_excess_in_collection_2021.txt": [
        [
            (9, 'PostBlind', 'Hero', 'small', 50, 0, False),
            (10, 'PostBlind', 'miss_riviera', 'big', 100, 0, False),
            (11, 'HoleCards', 'Hero', ('Jh', 'Td', '9h', '8c')),
            (12, 'StreetStart', 'preflop', (), 0),
            (13, 'Fold', 'Koudmakak'),
            (14, 'Raise', 'Brel57', 300, 200, False),
            (15, 'Fold', 'Gaston.L'),
            (16, 'Call', 'Hero', 250, False),
            (17, 'Fold', 'miss_riviera'),
            (18, 'StreetStart', 'flop', ('Th', '9s', '2d'), 0),
            (19, 'Check', 'Hero'),
            (20, 'Bet', 'Brel57', 400, False),
            (21, 'Raise', 'Hero', 1600, 1200, False),
            (22, 'Fold', 'Brel57'),
            (23, 'Collected', 'Hero', 2625, 0, 0),
            (25, 'PotSummary', 2625, None, (), 75, ()),
            (26, 'BoardSummary', ('Th', '9s', '2d'), 0),
        ],
    ],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sample_events(name: str) -> None:
    hands = hands_of(name)
    assert [[short(e) for e in h.events] for h in hands] == EXPECTED[name]
    assert all(h.dialect is DIALECT for h in hands)


def test_every_sample_is_pinned() -> None:
    assert sorted(p.name for p in SAMPLES.glob("*.txt")) == sorted(EXPECTED)


def test_header_table_and_seats() -> None:
    (hand,) = hands_of("cash_nlhe_showdown_rake.txt")
    info = hand.info
    assert (info.site, info.hand_id, info.game, info.variant, info.limit) == (
        "winamax", "8812345-101-1700000000", "holdem", "Holdem no limit", "NL")
    assert (info.stakes, info.currency, info.symbol, info.decimals) == ((25, 50), "EUR", "€", 2)
    assert (info.table, info.max_seats, info.button_seat) == ("Marseille 03", 6, 2)
    assert info.started == "2023/11/14 22:13:20 UTC" and info.tournament is None
    assert [(s.line, s.seat, s.player, s.stack) for s in hand.seats] == [
        (3, 1, "Lucie_R", 4820), (4, 2, "Tonton Jo", 5000), (5, 3, "xPierrot", 3175),
        (6, 4, "Amandine88", 5000), (7, 5, "Hero", 5210), (8, 6, "Biloute", 1240),
    ]
    assert (hand.first_line, hand.last_line) == (1, 41)


def test_tournament_header_and_bounty_seats() -> None:
    (hand,) = hands_of("tournament_ante_bounty_side_pots.txt")
    info = hand.info
    # (ante/sb/bb); chips in hundredths, the tournament's number from its table's name.
    assert (info.stakes, info.ante, info.decimals, info.currency, info.symbol) == (
        (20000, 40000), 5000, 2, "", "")
    assert (info.tournament, info.table) == ("612345678", "BIG BOUNTY 5(612345678)#012")
    assert [s.stack for s in hand.seats] == [842000, 315000, 1260000, 187500, 1023000, 690500]


def test_hilo_and_omaha_headers() -> None:
    (hand,) = hands_of("plo_hilo_split.txt")
    assert (hand.info.game, hand.info.limit, hand.info.hi_lo, hand.info.hole_cards) == (
        "omaha", "PL", True, 4)


def test_cp1252_names_with_spaces() -> None:
    (hand,) = hands_of("names_with_spaces_cp1252.txt")
    assert hand.players == ("Élodie_Fr", "François 3", "Incognito 4", "Incognito 42", "Hervé")
    assert hand.info.table == "Besançon 07"


def test_session_keeps_full_ids_and_their_sequence() -> None:
    hands = hands_of("session_hand_sequence_gap.txt")
    ids = [h.info.hand_id for h in hands]
    assert ids == ["7102211-41-1400000000", "7102211-42-1400000031", "7102211-45-1400000160"]
    assert [hand_sequence(i) for i in ids] == [("7102211", 41), ("7102211", 42), ("7102211", 45)]
    assert hand_sequence("#5334642-855-1383822188") == ("5334642", 855)
    assert hand_sequence("257180854570") is None


def test_dialect() -> None:
    assert (DIALECT.uncalled, DIALECT.pot_labels, DIALECT.total_pot, DIALECT.rake) == (
        "in_collected", "hints", "net_of_rake", "stated")
    assert DIALECT.hand_id_sequence and DIALECT.hand_order == "file"


# --- syntax the samples do not hold ---------------------------------------------------

HEAD = (
    "Winamax Poker - CashGame - HandId: #6400001-{n}-1406000000 - Omaha pot limit (1€/2€)"
    " - 2014/07/22 03:33:20 UTC\n"
    "Table: 'Durban 03' 5-max (real money) Seat #1 is the button\n"
    "Seat 1: Anis (200€)\nSeat 2: Bruno (200€)\nSeat 3: Hero (200€)\nSeat 4: Dédé (200€)\n"
    "Seat 5: Eva (200€)\n*** ANTE/BLINDS ***\n"
)


def one(text: str) -> Hand:
    (hand,) = read_text(text)
    assert isinstance(hand, Hand), hand
    return hand


def test_post_both_written_as_a_raise_2014() -> None:
    """2014: a post of both blinds is "raises 1€ to 3€" among the blinds, then a small
    blind: 4€ in, 2€ of it live (the others call 2€, the big blind checks)."""
    hand = one(HEAD.format(n=1) + (
        "Eva raises 1€ to 3€\nEva posts small blind 1€\nHero posts big blind 2€\n"
        "*** PRE-FLOP ***\nDédé calls 2€\nEva checks\nAnis folds\nBruno folds\n"
        "Hero checks\n*** FLOP *** [2c 7d Ks]\nHero checks\nDédé bets 8€\nEva folds\n"
        "Hero folds\nDédé collected 15.50€ from pot\n*** SUMMARY ***\n"
        "Total pot 15.50€ | Rake 0.50€\nBoard: [2c 7d Ks]\nSeat 4: Dédé won 15.50€\n"))
    posts = [short(e) for e in hand.events if type(e) is ev.PostBlind]
    assert posts == [(9, "PostBlind", "Eva", "small_and_big", 300, 100, False),
                     (10, "PostBlind", "Eva", "dead", 100, 100, False),
                     (11, "PostBlind", "Hero", "big", 200, 0, False)]


def test_preflop_bet_is_a_raise_by_its_amount() -> None:
    """2010 tournaments write the big blind's raise as "bets X": a raise to the bet plus X."""
    hand = one(HEAD.format(n=2) + (
        "Hero posts small blind 1€\nDédé posts big blind 2€\n*** PRE-FLOP ***\n"
        "Eva calls 2€\nAnis folds\nBruno folds\nHero folds\nDédé bets 6€\nEva calls 6€\n"
        "*** FLOP *** [2c 7d Ks]\nDédé bets 10€\nEva folds\nDédé collected 26€ from pot\n"
        "*** SUMMARY ***\nTotal pot 26€ | Rake 1€\nBoard: [2c 7d Ks]\n"))
    raise_ = next(e for e in hand.events if type(e) is ev.Raise)
    assert (raise_.player, raise_.to, raise_.by) == ("Dédé", 800, 600)


def test_denied_big_blind_is_a_note() -> None:
    hand = one(HEAD.format(n=3) + (
        "Nobody Here deny BB 0€\nBruno denies big blind\nHero posts small blind 1€\n"
        "Dédé posts big blind 2€\n*** PRE-FLOP ***\nEva folds\nAnis folds\nHero folds\n"
        "Dédé collected 3€ from pot\n*** SUMMARY ***\nTotal pot 3€ | No rake\n"))
    notes = [(e.kind, e.player) for e in hand.events if type(e) is ev.TableNote]
    assert notes == [("sitting_out", "Nobody Here"), ("sitting_out", "Bruno")]


@pytest.mark.parametrize(("posts", "action", "by"), [
    # A big blind all-in for less: Winamax counts the raise from the 1.50€ he posted.
    ("Hero posts small blind 1€\nDédé posts big blind 1.50€ and is all-in\n",
     "Eva raises 6.50€ to 8€", None),
    # A dead small blind and the call after it: counted from the 3€ the caller put in.
    ("Hero posts small blind 1€\nDédé posts big blind 2€\n"
     "Anis posts small blind 1€ out of position\n", "Eva raises 5€ to 8€", None),
    # The same dead blind, the raise counted from the bet as the rules count it.
    ("Hero posts small blind 1€\nDédé posts big blind 2€\n"
     "Anis posts small blind 1€ out of position\n", "Eva raises 6€ to 8€", 600),
])
def test_raise_size_counted_from_another_bet(posts: str, action: str, by: int | None) -> None:
    """Where Winamax's X is counted from another bet than the rules', it is not the
    raise size: ``by`` is None; a raise size that is one stays."""
    calls = "Anis calls 2€\n" if "out of position" in posts else ""
    hand = one(HEAD.format(n=4) + posts + "*** PRE-FLOP ***\n" + calls + action + "\n"
               "Bruno folds\nHero folds\nEva collected 5€ from pot\n*** SUMMARY ***\n"
               "Total pot 5€ | No rake\n")
    raise_ = next(e for e in hand.events if type(e) is ev.Raise)
    assert (raise_.to, raise_.by) == (800, by)


def test_abbreviated_total_that_cannot_be_the_pot_stays_as_printed() -> None:
    text = (
        'Winamax Poker - Tournament "Mardi Gras" buyIn: 4.50€ + 0.50€ level: 3 - HandId: '
        "#1234567890123-7-1300000000 - Holdem no limit (30/60) - 2011/03/13 07:06:40 UTC\n"
        "Table: 'Mardi Gras(7654321)#3' 9-max (real money) Seat #1 is the button\n"
        "Seat 1: Anis (1500)\nSeat 2: Bruno (2600)\nSeat 3: Hero (1840)\n"
        "*** ANTE/BLINDS ***\nBruno posts small blind 30\nHero posts big blind 60\n"
        "*** PRE-FLOP ***\nAnis raises 1440 to 1500 and is all-in\nBruno calls 1470\n"
        "Hero folds\n*** FLOP *** [2c 7d Ks]\n*** TURN *** [2c 7d Ks][3h]\n"
        "*** RIVER *** [2c 7d Ks 3h][9d]\n*** SHOW DOWN ***\nAnis shows [Ah Ad] (One pair : Aces)\n"
        "Bruno shows [Kh Qd] (One pair : Kings)\nAnis collected 3060 from pot\n"
        "*** SUMMARY ***\nTotal pot 3.10k | No rake\n")
    summary = next(e for e in one(text).events if type(e) is ev.PotSummary)
    assert summary.total == 310000  # 3060 collected does not print as 3.10k


@pytest.mark.parametrize(("lines", "line", "message"), [
    ("Hero posts small blind 1€\nDédé posts big blind 2€\n*** PRE-FLOP ***\n"
     "Eva juggles 2€\n", 12, "not a Winamax line"),
    ("Hero posts small blind 1€\nDédé posts big blind 2€\n*** PRE-FLOP ***\nEva folds\n",
     12, "ends before its *** SUMMARY ***"),
    ("Hero posts small blind 1€\n*** SUMMARY ***\nEva calls 2€\n", 11,
     "an action after the summary"),
])
def test_damaged_hands_are_hh001_at_the_line(lines: str, line: int, message: str) -> None:
    (bad,) = read_text(HEAD.format(n=5) + lines + "\n\n")
    assert isinstance(bad, Unreadable) and bad.code == "HH001", bad
    assert bad.line == line and message in bad.message
    assert bad.info is not None and bad.info.hand_id == "6400001-5-1406000000"


def test_stud_and_draw_are_hh002_with_their_header() -> None:
    (stud,) = read_text(
        "Winamax Poker - CashGame - HandId: #9250793-1-1478990000 - Razz fixed limit "
        "(5€/25€/50€) - 2016/11/12 22:33:20 UTC\nTable: 'Pampelune' 6-max (real money)\n"
        "Seat 1: Anis (100€)\n*** ANTE/BLINDS ***\n")
    assert isinstance(stud, Unreadable) and stud.code == "HH002"
    assert stud.info is not None and stud.info.variant == "Razz fixed limit"


def test_the_caches_change_nothing() -> None:
    """The cached reader and the careful one (every line through the grammar) agree."""
    fast, careful = WinamaxReader(), WinamaxReader(caching=False)
    from auditor.parsing.blocks import blocks_of_file

    for path in sorted(SAMPLES.glob("*.txt")):
        for _ in range(2):  # the second time from the caches
            for block in blocks_of_file(path, str(path)):
                assert fast.read(block) == careful.read(block)


def test_the_summary_seat_lines_are_not_read() -> None:
    """They restate the play and make no event: a hand reads the same whatever they say
    (an odd one makes no HH001), and the summary's other lines are read."""
    text = (SAMPLES / "cash_nlhe_showdown_rake.txt").read_text(encoding="utf-8")
    summary = text.index("*** SUMMARY ***")
    odd = text[:summary] + text[summary:].replace(
        "Seat 2: Tonton Jo (button) showed [Kh Qc] and lost with One pair : Queens",
        "Seat 2: Tonton Jo ¤ did what no site says")
    assert odd != text
    (hand,), (again,) = read_text(text), read_text(odd)
    assert isinstance(hand, Hand) and isinstance(again, Hand)
    assert again.events == hand.events
    assert [type(e) for e in hand.events[-2:]] == [ev.PotSummary, ev.BoardSummary]
