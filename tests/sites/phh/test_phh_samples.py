"""The PHH reader on the sample hands written for it (``sample_histories/phh/``) and on
small tables built here: seats and button from the player order, forced bets, checks and
calls told apart by the street's bets, unknown stacks, winnings."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path

import pytest

from auditor.api import audit_text
from auditor.model import events as ev
from auditor.model.hand import Hand
from auditor.parsing import Unreadable, read_path, read_text
from auditor.parsing.blocks import blocks_of_file
from auditor.sites.phh import DIALECT, NO_PAYOUTS_DIALECT, fast_toml
from auditor.sites.phh.reader import UNKNOWN_STACK, PhhReader

SAMPLES = Path(__file__).resolve().parents[3] / "sample_histories" / "phh"
HEADS_UP = SAMPLES / "heads_up_nl_holdem.phh"
THREE = SAMPLES / "three_hands_side_pot.phhs"


def read(path: Path) -> list[Hand]:
    hands = list(read_path(path))
    assert all(isinstance(h, Hand) for h in hands), hands
    return hands  # type: ignore[return-value]


def at(hand: Hand, line: int) -> list[ev.Event]:
    return [e for e in hand.events if e.line == line]


def betting_codes(text: str, source: str) -> list[str]:
    return [c for c in audit_text(text, source).codes() if c[:2] in ("TU", "RA", "RO", "HH")]


def test_heads_up_seats_button_and_blinds() -> None:
    """Heads-up, p2 is the button and posts the small blind; p1 the big blind."""
    (hand,) = read(HEADS_UP)
    info = hand.info
    assert (info.site, info.hand_id, info.game, info.limit) == ("phh", "4401", "holdem", "NL")
    assert (info.stakes, info.decimals, info.currency, info.symbol) == ((50, 100), 2, "USD", "$")
    assert (info.table, info.max_seats, info.button_seat) == ("Birdwatch", 6, 5)
    assert info.started == "2024/02/09 21:14:05 UTC"
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [
        (3, "Oriole", 10000), (5, "Kestrel", 8575)]
    posts = [(e.line, e.player, e.kind, e.amount) for e in hand.events
             if isinstance(e, ev.PostBlind)]
    assert posts == [(5, "Kestrel", "small", 50), (5, "Oriole", "big", 100)]


def test_heads_up_actions_on_their_lines() -> None:
    (hand,) = read(HEADS_UP)
    assert at(hand, 9) == [ev.HoleCards(line=9, player="Oriole", cards=("7c", "7d"))]
    assert at(hand, 11) == [ev.Raise(line=11, player="Kestrel", to=300)]  # cbr 3: TO 3
    assert at(hand, 12) == [ev.Raise(line=12, player="Oriole", to=900)]
    assert at(hand, 13) == [ev.Call(line=13, player="Kestrel", amount=600)]  # cc: a call
    assert at(hand, 14) == [ev.StreetStart(line=14, street="flop", board=("Kd", "8s", "2c"))]
    assert at(hand, 15) == [ev.Bet(line=15, player="Oriole", amount=1200)]  # nobody had bet
    assert at(hand, 18) == [ev.Check(line=18, player="Oriole")]  # cc: nothing owed
    assert at(hand, 19) == [ev.Bet(line=19, player="Kestrel", amount=2000)]
    assert at(hand, 20) == [ev.Fold(line=20, player="Oriole")]


def test_winnings_are_collections_without_the_uncalled_bet() -> None:
    (hand,) = read(HEADS_UP)
    assert [e for e in hand.events if isinstance(e, ev.Collected)] == [
        ev.Collected(line=35, player="Kestrel", amount=4200, pot=None)]
    assert not [e for e in hand.events if isinstance(e, ev.UncalledReturned)]
    assert hand.dialect is DIALECT and DIALECT.uncalled == "silent"
    assert betting_codes(HEADS_UP.read_text(encoding="utf-8"), "hu.phh") == []


def test_phhs_tables_are_hands_on_their_lines() -> None:
    hands = read(THREE)
    assert [h.info.hand_id for h in hands] == ["7001", "7002", "7101"]
    assert [(h.first_line, h.last_line) for h in hands] == [(1, 15), (17, 31), (33, 47)]


def test_seats_clockwise_from_the_button() -> None:
    first = read(THREE)[0]
    # p1 (small blind) is at seat 2, the button (p6) at seat 1.
    assert first.info.button_seat == 1
    assert [(s.seat, s.player) for s in first.seats] == [
        (1, "Flint"), (2, "Alba"), (3, "Brisk"), (4, "Corvo"), (5, "Dune"), (6, "Ember")]
    assert first.events[-1] == ev.Collected(line=15, player="Dune", amount=125, pot=None)


def test_all_in_for_less_and_side_pot() -> None:
    hand = read(THREE)[1]
    line = 24
    made = [e for e in hand.events if e.line == line and not isinstance(e, ev.HoleCards)]
    assert made == [
        ev.Raise(line=line, player="Corvo", to=1250, all_in=True),
        ev.Raise(line=line, player="Dune", to=3000),
        ev.Fold(line=line, player="Alba"),
        ev.Call(line=line, player="Brisk", amount=2950, all_in=True),
        ev.StreetStart(line=line, street="flop", board=("9c", "5h", "2s")),
        ev.StreetStart(line=line, street="turn", board=("9c", "5h", "2s", "7d")),
        ev.StreetStart(line=line, street="river", board=("9c", "5h", "2s", "7d", "3c")),
        ev.ShowdownStart(line=line),
        ev.Shows(line=line, player="Brisk", cards=("Qd", "Jd")),
        ev.Shows(line=line, player="Corvo", cards=("Ac", "Ad")),
        ev.Shows(line=line, player="Dune", cards=("Ks", "Kh")),
    ]
    paid = [(e.player, e.amount) for e in hand.events if isinstance(e, ev.Collected)]
    assert paid == [("Corvo", 3775), ("Dune", 3500)]


def test_the_side_pot_hand_audits_clean() -> None:
    text = THREE.read_text(encoding="utf-8")
    result = audit_text(text, "three.phhs")
    assert [f.code for f in result.findings if f.hand_id in ("7001", "7002")] == []


def test_unknown_stacks_and_absent_winnings() -> None:
    hand = read(THREE)[2]
    assert {s.stack for s in hand.seats} == {UNKNOWN_STACK}
    assert hand.dialect is NO_PAYOUTS_DIALECT and NO_PAYOUTS_DIALECT.payouts == "absent"
    assert not [e for e in hand.events if isinstance(e, ev.Collected)]
    assert betting_codes(THREE.read_text(encoding="utf-8"), "three.phhs") == []


UNKNOWN_ALL_IN = """\
[1]
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [inf, inf, inf]
actions = ACTIONS
currency_symbol = '$'
""".replace("ACTIONS", "['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', "
            "'p1 cbr 20', 'p2 cc', 'p3 cc', 'd db 2c3d4h', 'p2 cc', 'p3 cbr 40', 'p2 f']")


def test_a_player_of_unknown_stack_who_stops_acting_was_all_in() -> None:
    """p1 raises to 20 and never acts again although the others play the flop: he was
    all-in, with what he put in as his stack."""
    (hand,) = read_text(UNKNOWN_ALL_IN, "u.phhs")
    assert isinstance(hand, Hand)
    stacks = {s.player: s.stack for s in hand.seats}
    assert stacks == {"p1": 2000, "p2": UNKNOWN_STACK, "p3": UNKNOWN_STACK}
    raises = [e for e in hand.events if isinstance(e, ev.Raise)]
    assert raises[1] == ev.Raise(line=7, player="p1", to=2000, all_in=True)
    assert betting_codes(UNKNOWN_ALL_IN, "u.phhs") == []


def test_a_short_known_stack_calls_all_in_for_less() -> None:
    text = UNKNOWN_ALL_IN.replace("[inf, inf, inf]", "[20, 12, 100]").replace(
        "'d db 2c3d4h', 'p2 cc', 'p3 cbr 40', 'p2 f'", "'d db 2c3d4h', 'd db 5s', 'd db 6h'")
    (hand,) = read_text(text, "short.phhs")
    assert isinstance(hand, Hand)
    money = [e for e in hand.events if isinstance(e, (ev.Call, ev.Raise))]
    assert money == [
        ev.Raise(line=7, player="p3", to=600), ev.Raise(line=7, player="p1", to=2000, all_in=True),
        ev.Call(line=7, player="p2", amount=1000, all_in=True),
        ev.Call(line=7, player="p3", amount=1400)]
    assert isinstance(hand.events[-1], ev.ShowdownStart)
    assert betting_codes(text, "short.phhs") == []


@pytest.mark.parametrize(("change", "code", "words"), [
    (("variant = 'NT'", "variant = 'F7S'"), "HH002", "stud"),
    (("'p2 f'", "'p2 sd'"), "HH002", "discards"),
    (("'p2 f'", "'p2 jumps'"), "HH001", "not a PHH action"),
    (("'p2 f'", "'p9 f'"), "HH001", "no player"),
    (("'d db 2c3d4h'", "'d db 2c3d'"), "HH001", "next street"),
    (("starting_stacks = [inf, inf, inf]", "starting_stacks = [1, 2]"), "HH001", "each of"),
    (("min_bet = 2", "min_bet = = 2"), "HH001", "TOML"),
])
def test_what_is_not_replayed(change: tuple[str, str], code: str, words: str) -> None:
    (hand,) = read_text(UNKNOWN_ALL_IN.replace(*change), "x.phhs")
    assert isinstance(hand, Unreadable) and hand.code == code, hand
    assert words in hand.message and hand.site == "phh"


def test_a_multiline_action_list_keeps_each_line() -> None:
    text = UNKNOWN_ALL_IN.replace(
        "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', ",
        "actions = [\n  'd dh p1 ????',  # comment, with 'quotes'\n  'd dh p2 ????',\n"
        "  'd dh p3 ????',\n  ")
    (hand,) = read_text(text, "m.phhs")
    assert isinstance(hand, Hand)
    assert [e.line for e in hand.events if isinstance(e, ev.HoleCards)] == [8, 9, 10]
    assert {e.line for e in hand.events if isinstance(e, ev.Call)} == {11}


def _tables(path: Path) -> list[list[str]]:
    return [b.lines for b in blocks_of_file(path, str(path))]


@pytest.mark.parametrize("path", [HEADS_UP, THREE], ids=lambda p: p.name)
def test_fast_toml_is_tomllib(path: Path) -> None:
    for lines in _tables(path):
        body = lines[1:] if lines[0].startswith("[") else lines
        fast = fast_toml.loads(body)
        reference = tomllib.loads("\n".join(body), parse_float=Decimal)
        if path == HEADS_UP:
            assert fast is None  # a multi-line array: tomllib reads it
        else:
            assert fast is not None and fast[0] == reference


@pytest.mark.parametrize("value", ["1e3", "1_000", "0x10", "'a' 'b'", "[1, [2]]", "{a = 1}",
                                   "1979-05-27", "007", "\"a\\tb\"", "'''x'''"])
def test_fast_toml_leaves_the_rest_to_tomllib(value: str) -> None:
    assert fast_toml.loads([f"key = {value}"]) is None


def test_the_fast_and_the_reference_reader_agree() -> None:
    for path in (HEADS_UP, THREE):
        for block in blocks_of_file(path, str(path)):
            assert PhhReader().read(block) == PhhReader(fast=False).read(block)
