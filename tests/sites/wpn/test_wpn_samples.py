"""The ACR/WPN reader on the sample hands written for it (``sample_histories/wpn/``): the
events, their amounts in the event model's one meaning, and their lines."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from auditor.api import audit_text
from auditor.model import events as ev
from auditor.model.hand import Hand
from auditor.parsing import Unreadable, read_path, read_text
from auditor.sites.winning import CLASSIC_DIALECT, DIALECT
from auditor.sites.winning.reader import (
    _CLASSIC_FIELDS,
    _MODERN_FIELDS,
    WinningReader,
    _split,
    _split_free,
)

SAMPLES = Path(__file__).resolve().parents[3] / "sample_histories" / "wpn"
BETTING = ("TU", "RA", "RO", "HH")


def hand_of(name: str) -> Hand:
    (hand,) = read_text((SAMPLES / name).read_text(encoding="utf-8"), name)
    assert isinstance(hand, Hand), hand
    return hand


def at(hand: Hand, line: int) -> list[ev.Event]:
    return [e for e in hand.events if e.line == line]


def codes(name: str) -> list[str]:
    return audit_text((SAMPLES / name).read_text(encoding="utf-8"), name).codes()


def test_every_sample_reads() -> None:
    for path in sorted(SAMPLES.glob("*.txt")):
        hands = list(read_path(path))
        assert hands and all(isinstance(h, Hand) for h in hands), path.name


def test_acr_header_table_and_seats() -> None:
    hand = hand_of("acr_cash_raise_adds_chips.txt")
    info = hand.info
    assert (info.site, info.hand_id, info.game, info.limit) == ("wpn", "900000101", "holdem", "NL")
    assert (info.stakes, info.decimals, info.currency, info.symbol) == ((25, 50), 2, "USD", "$")
    assert (info.table, info.max_seats, info.button_seat) == ("Lakeview", 6, 3)
    assert info.started == "2023/03/14 20:15:07 UTC" and info.tournament is None
    assert [(s.seat, s.player, s.stack) for s in hand.seats][:3] == [
        (1, "RiverRat", 5000), (2, "MossyOak", 6240), (3, "Kettle", 12000)]
    assert hand.dialect is DIALECT


def test_acr_raise_amount_is_chips_added() -> None:
    """'raises X to Y' on ACR: X is the chips added, so only Y is kept (``by`` unknown)."""
    hand = hand_of("acr_cash_raise_adds_chips.txt")
    # The small blind (0.25 in) raises $6.25 to $6.50: a raise of 4.50 over the 2.00 faced.
    assert at(hand, 17) == [ev.Raise(line=17, player="BlueHeron", to=650, by=None)]
    assert at(hand, 20) == [ev.Call(line=20, player="Kettle", amount=450)]
    # Kettle bet $5, then "raises $25.00 to $30.00": adds 25 over his own 5.
    assert at(hand, 25) == [ev.Raise(line=25, player="BlueHeron", to=1500, by=None)]
    assert at(hand, 26) == [ev.Raise(line=26, player="Kettle", to=3000, by=None)]
    assert at(hand, 27) == [ev.Call(line=27, player="BlueHeron", amount=1500)]


def test_acr_running_pot_lines_are_not_events() -> None:
    hand = hand_of("acr_cash_raise_adds_chips.txt")
    assert at(hand, 22) == [] and at(hand, 29) == []  # "Main pot $13.30 | Rake $0.70"


def test_acr_showdown_collected_and_summary() -> None:
    hand = hand_of("acr_cash_raise_adds_chips.txt")
    assert at(hand, 36) == [ev.ShowdownStart(line=36)]
    shows = at(hand, 38)[0]
    assert isinstance(shows, ev.Shows) and shows.cards == ("Kh", "Kc")
    assert shows.description == "a pair of Kings [Kh Kc Qs 9d 7h]"
    assert at(hand, 40) == [ev.Collected(line=40, player="BlueHeron", amount=9700, pot=0)]
    assert at(hand, 42) == [ev.PotSummary(line=42, total=9700, rake=90, fees=(("JP Fee", 10),))]
    assert at(hand, 43) == [ev.BoardSummary(line=43, cards=("Qs", "7h", "2c", "9d", "3s"))]


def test_acr_sample_has_no_betting_finding() -> None:
    # SP002: the engine does not read the dialect yet (the total is net of rake and fee).
    assert set(codes("acr_cash_raise_adds_chips.txt")) <= {"SP002"}


def test_acr_posts_dead_is_dead_small_blind_and_live_big_blind() -> None:
    hand = hand_of("acr_posts_dead.txt")
    assert at(hand, 11) == [ev.PostBlind(line=11, player="Wicket", kind="small_and_big",
                                         amount=15, dead=5)]
    assert at(hand, 14) == [ev.Check(line=14, player="Wicket")]  # his live 0.10 is the bet
    assert at(hand, 27) == [ev.UncalledReturned(line=27, player="Owlbear", amount=60)]
    sitting = {s.player for s in hand.seats if s.sitting_out}
    assert sitting == {"Marrow"}


def test_acr_hand_won_without_showdown_is_paid_by_the_summary() -> None:
    """No 'collected' line when nobody shows: 'did not show and won $1.10' is the payment."""
    hand = hand_of("acr_posts_dead.txt")
    assert at(hand, 28) == [ev.Mucks(line=28, player="Owlbear")]  # "does not show"
    assert at(hand, 32) == [ev.Collected(line=32, player="Owlbear", amount=110, pot=0)]
    assert set(codes("acr_posts_dead.txt")) <= {"SP002"}


def test_acr_run_it_twice() -> None:
    hand = hand_of("acr_run_it_twice.txt")
    assert at(hand, 15) == [ev.Raise(line=15, player="Alder", to=23000, by=None, all_in=True)]
    assert at(hand, 16) == [ev.Call(line=16, player="Pemberton", amount=21200)]
    assert at(hand, 17) == []  # *** RUN IT TWICE ***
    streets = [e for e in hand.events if isinstance(e, ev.StreetStart)]
    assert [(s.street, s.run) for s in streets] == [
        ("preflop", 0), ("flop", 1), ("turn", 1), ("river", 1),
        ("flop", 2), ("turn", 2), ("river", 2)]
    assert streets[4].board == ("Jh", "9c", "4d")
    assert [e.run for e in hand.events if isinstance(e, ev.ShowdownStart)] == [1, 2]
    paid = [(e.player, e.amount, e.pot, e.run) for e in hand.events
            if isinstance(e, ev.Collected)]
    assert paid == [("Alder", 23000, 0, 1), ("Pemberton", 23000, 0, 2)]
    assert [e.run for e in hand.events if isinstance(e, ev.BoardSummary)] == [1, 2]
    summary = next(e for e in hand.events if isinstance(e, ev.PotSummary))
    assert (summary.total, summary.rake, summary.fees) == (46000, 276, (("JP Fee", 24),))
    assert set(codes("acr_run_it_twice.txt")) <= {"SP002"}


def test_acr_tournament() -> None:
    hand = hand_of("acr_tournament_antes_all_in.txt")
    info = hand.info
    assert (info.tournament, info.table, info.stakes, info.decimals) == ("3141592", "12",
                                                                          (100, 200), 0)
    assert (info.currency, info.symbol, info.button_seat) == ("", "", 2)
    antes = [e for e in hand.events if isinstance(e, ev.PostBlind) and e.kind == "ante"]
    assert [(e.player, e.amount) for e in antes] == [
        ("Gannet", 25), ("Puffin", 25), ("Tern", 25), ("Skua", 25)]
    # Tern (SB 100 in) "raises 1750.00 to 1850.00 and is all-in".
    assert at(hand, 18) == [ev.Raise(line=18, player="Tern", to=1850, by=None, all_in=True)]
    assert at(hand, 20) == [ev.Call(line=20, player="Gannet", amount=1350)]
    assert codes("acr_tournament_antes_all_in.txt") == []


CLASSIC = "wpn_2016_cash_showdown.txt"


def test_classic_header_and_seats() -> None:
    hand = hand_of(CLASSIC)
    info = hand.info
    assert (info.hand_id, info.table, info.button_seat) == ("700000201", "(PRR) Kelpie - 3", 4)
    assert (info.stakes, info.limit, info.currency, info.started) == (
        (50, 100), "NL", "USD", "2016/5/21 14:3:7")
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [
        (1, "marshwren", 10000), (2, "tidepool", 8450), (4, "ironbark", 12025),
        (5, "stonefly", 10000)]
    assert hand.dialect is CLASSIC_DIALECT


def test_classic_hole_cards_one_event_per_player() -> None:
    hand = hand_of(CLASSIC)
    holes = [(e.line, e.player, e.cards) for e in hand.events if isinstance(e, ev.HoleCards)]
    assert holes == [(10, "stonefly", ()), (12, "marshwren", ()),
                     (14, "tidepool", ("Ks", "Ts")), (16, "ironbark", ())]


def test_classic_amounts_are_chips_added() -> None:
    hand = hand_of(CLASSIC)
    assert at(hand, 18) == [ev.Raise(line=18, player="tidepool", to=300, by=None)]
    # The small blind "raises (11.50)": from his 0.50 to 12.00.
    assert at(hand, 20) == [ev.Raise(line=20, player="stonefly", to=1200, by=None)]
    assert at(hand, 22) == [ev.Call(line=22, player="tidepool", amount=900)]
    assert at(hand, 26) == [ev.Raise(line=26, player="tidepool", to=4500, by=None)]
    # "allin (27.50)" with no bet on the turn: a bet, all-in.
    assert at(hand, 30) == [ev.Bet(line=30, player="tidepool", amount=2750, all_in=True)]


def test_classic_summary_gives_showdown_shows_and_collections() -> None:
    hand = hand_of(CLASSIC)
    assert at(hand, 33) == [ev.ShowdownStart(line=33)]
    assert at(hand, 34) == [ev.PotSummary(line=34, total=17000, rake=276,
                                          fees=(("JP fee", 24),))]
    assert at(hand, 37) == [
        ev.Shows(line=37, player="tidepool", cards=("Ks", "Ts"), description="One pair of Ks"),
        ev.Collected(line=37, player="tidepool", amount=17000, pot=None),
    ]
    assert at(hand, 39) == [ev.Shows(line=39, player="stonefly", cards=("Qc", "Qd"),
                                     description="One pair of Qs")]
    assert set(codes(CLASSIC)) <= {"SP002"}


def test_classic_utf16_file_reads_the_same(tmp_path: Path) -> None:
    """The 2014–16 exports are UTF-16LE with a BOM and a stray odd byte at the end."""
    text = (SAMPLES / CLASSIC).read_text(encoding="utf-8")
    path = tmp_path / "wpn.txt"
    path.write_bytes(codecs.BOM_UTF16_LE + text.replace("\n", "\r\n").encode("utf-16-le")
                     + b"\n")
    (hand,) = read_path(path)
    assert isinstance(hand, Hand)
    assert hand.events == hand_of(CLASSIC).events


@pytest.mark.parametrize("name", sorted(p.name for p in SAMPLES.glob("*.txt")))
def test_the_uncached_reader_reads_the_same(name: str) -> None:
    from auditor.parsing.blocks import blocks_of_text

    text = (SAMPLES / name).read_text(encoding="utf-8")
    plain = WinningReader(caching=False)
    cached = WinningReader()
    for block in blocks_of_text(text, name):
        assert plain.read(block) == cached.read(block) == cached.read(block)


def test_a_truncated_classic_hand_is_hh001() -> None:
    text = (SAMPLES / CLASSIC).read_text(encoding="utf-8")
    cut = text[: text.index("Player stonefly shows")]
    (bad,) = read_text(cut, "cut.txt")
    assert isinstance(bad, Unreadable) and bad.code == "HH001"
    assert "Game ended at" in bad.message and bad.info is not None
    assert bad.info.hand_id == "700000201"


def test_an_unknown_line_is_hh001_on_its_line() -> None:
    text = (SAMPLES / "acr_posts_dead.txt").read_text(encoding="utf-8")
    text = text.replace("Larkspur folds", "Larkspur juggles $3.00")
    (bad,) = read_text(text, "bad.txt")
    assert isinstance(bad, Unreadable) and (bad.code, bad.line) == ("HH001", 16)
    assert "juggles" in bad.message and bad.hand_id == "900000102"


def test_stud_is_hh002_with_its_header() -> None:
    text = ("Hand #1 - 7Stud(Fixed Limit) - $0.04/$0.08 - 2019/07/28 16:15:58 UTC\n"
            "Gorham 8-max\nSeat 1: Ann ($2.00)\nSeat 2: Bob ($2.00)\n")
    (hand,) = read_text(text, "stud.txt")
    assert isinstance(hand, Unreadable) and hand.code == "HH002"
    assert hand.info is not None and hand.info.stakes == (4, 8)


@pytest.mark.parametrize("text", [
    "Player1 raises $0.25 to $0.50", "Player ab3 raises (1,200.50)", "Dealt to X [Ah Kd]",
    "Board [2c 3d 4h]", "X calls \u0663\u0660", "X3 bets 5", "Player.7 calls .5", "X calls $$5",
    "X shows [Ah Kd] (a pair of Aces)", "X collected $2 with HI - a flush", "Total pot 1,2,3",
    "Seat 2: X ($3.00)", "X [unclosed 5", "X raises 2$", "X ][ 3]",
])
def test_the_plain_split_is_the_split_of_every_field(text: str) -> None:
    """The plain split of a line without descriptions (``_split``'s quick path) and the
    pattern of every field agree, on both generations' patterns, however odd the line."""
    for fields in (_MODERN_FIELDS, _CLASSIC_FIELDS):
        fast: list[str] = []
        slow: list[str] = []
        assert (_split(fields, text, fast), fast) == (_split_free(fields, text, slow), slow)
