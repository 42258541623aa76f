"""The hand-written PokerStars samples (``sample_histories/pokerstars``) read into exactly
the events they spell out: types, players, amounts in the smallest unit, and source lines.

The expected sequences below were checked line by line against the sample files; a change
to the parser that alters any event, amount or line number shows up here.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from auditor.model.events import (
    Bet,
    BoardSummary,
    Call,
    CashedOut,
    Check,
    Collected,
    Event,
    Fold,
    HoleCards,
    Mucks,
    PostBlind,
    PotSummary,
    Raise,
    Seat,
    SeatSummary,
    ShowdownStart,
    Shows,
    StreetStart,
    TableNote,
    UncalledReturned,
)
from auditor.model.hand import Hand
from auditor.parsing import Unreadable, read_path, read_text
from auditor.parsing.blocks import blocks_of_file
from auditor.sites.pokerstars.reader import PokerStarsReader

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories" / "pokerstars"
SAMPLE_FILES = sorted(p.name for p in SAMPLES.glob("*.txt"))

# What each file reads as, hand by hand: "hand", or the code of an Unreadable.
EXPECTED_STATUS = {
    "session_6max_nl10_500_hands.txt": ["hand"] * 500,
    "capped_nl_holdem.txt": ["hand"],
    "cash_out_2025_loser_cashed_out.txt": ["hand"],
    "cash_out_winner_pot_not_awarded.txt": ["hand"],
    "damaged_middle_hand.txt": ["hand", "HH001", "hand"],
    "euro_table_cp1252.txt": ["hand"],
    "fixed_limit_holdem_capped_flop.txt": ["hand"],
    "home_game_play_chips.txt": ["hand"],
    "nl_holdem_6max_showdown_rake.txt": ["hand"],
    "nl_holdem_walk.txt": ["hand"],
    "odd_player_names.txt": ["hand"],
    "omaha_hilo_no_low.txt": ["hand"],
    "omaha_hilo_split_pot.txt": ["hand"],
    "plo_pot_size_raises.txt": ["hand"],
    "run_it_twice.txt": ["hand"],
    "session_three_hands.txt": ["hand", "hand", "hand"],
    "small_and_big_blinds_post.txt": ["hand"],
    "stud_unsupported.txt": ["HH002"],
    "tournament_antes_3way_allin_side_pot.txt": ["hand"],
    "two_side_pots.txt": ["hand"],
    "zoom_nl_holdem.txt": ["hand"],
}


# The samples' hands as read with the summary's seat lines (the audit's reader counts
# them without reading them: ``test_summaries_are_all_the_audit_leaves_out``).
READER = PokerStarsReader(summaries=True)


def read(name: str) -> list[Hand | Unreadable]:
    path = SAMPLES / name
    return [READER.read(block) for block in blocks_of_file(path, str(path))]


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_summaries_are_all_the_audit_leaves_out(name: str) -> None:
    """The audit's reader (``read_path``) gives the hands read with summaries, but for
    their ``SeatSummary`` events."""
    for audited, full in zip(read_path(SAMPLES / name), read(name), strict=True):
        if isinstance(full, Hand):
            assert isinstance(audited, Hand)
            kept = tuple(e for e in full.events if type(e) is not SeatSummary)
            assert audited.events == kept and len(kept) < len(full.events)
            assert replace(audited, events=full.events) == full
        else:
            assert audited == full


def one_hand(name: str) -> Hand:
    (hand,) = read(name)
    assert isinstance(hand, Hand), hand
    return hand


def assert_events(actual: tuple[Event, ...], expected: list[Event]) -> None:
    """Event by event, so that a failure names the first line that differs."""
    for got, want in zip(actual, expected, strict=False):
        assert got == want, f"line {want.line}: {got!r} != {want!r}"
    assert len(actual) == len(expected)


# --- the sample set as a whole ----------------------------------------------------------


def test_every_sample_has_an_expected_status() -> None:
    assert sorted(EXPECTED_STATUS) == SAMPLE_FILES


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_sample_reads_as_expected(name: str) -> None:
    got = [h.code if isinstance(h, Unreadable) else "hand" for h in read(name)]
    assert got == EXPECTED_STATUS[name]


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_sample_encoding_and_line_endings(name: str) -> None:
    data = (SAMPLES / name).read_bytes()
    assert b"\r" not in data
    assert not data.startswith(b"\xef\xbb\xbf")
    if name == "euro_table_cp1252.txt":
        with pytest.raises(UnicodeDecodeError):
            data.decode("utf-8")
        assert "€0.05/€0.10 EUR" in data.decode("cp1252")
    else:
        data.decode("utf-8")


def test_readme_lists_every_sample() -> None:
    readme = (SAMPLES.parent / "README.md").read_text(encoding="utf-8")
    assert "written for this project" in readme
    for name in SAMPLE_FILES:
        assert f"`{name}`" in readme, name


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_read_text_matches_read_path(name: str) -> None:
    raw = (SAMPLES / name).read_bytes()
    text = raw.decode("cp1252" if name == "euro_table_cp1252.txt" else "utf-8")
    from_text = read_text(text, source="x")
    from_path = list(read_path(SAMPLES / name, source="x"))
    assert from_text == from_path


# --- money: every sample hand adds up ---------------------------------------------------


def chips_put_in(hand: Hand) -> dict[str, int]:
    """What each player put in the pot, from the events alone (uncalled bets deducted)."""
    total: dict[str, int] = {}
    street: dict[str, int] = {}
    for e in hand.events:
        if isinstance(e, StreetStart) and e.street != "preflop":
            street = {}
        elif isinstance(e, PostBlind):
            total[e.player] = total.get(e.player, 0) + e.amount
            if e.kind != "ante":
                street[e.player] = street.get(e.player, 0) + e.amount - e.dead
        elif isinstance(e, (Call, Bet)):
            total[e.player] = total.get(e.player, 0) + e.amount
            street[e.player] = street.get(e.player, 0) + e.amount
        elif isinstance(e, Raise):
            added = e.to - street.get(e.player, 0)
            total[e.player] = total.get(e.player, 0) + added
            street[e.player] = e.to
        elif isinstance(e, UncalledReturned):
            total[e.player] -= e.amount
    return total


def final_stacks(hand: Hand) -> dict[str, int]:
    put_in = chips_put_in(hand)
    stacks = {s.player: s.stack - put_in.get(s.player, 0) for s in hand.seats}
    for e in hand.events:
        if isinstance(e, Collected):
            stacks[e.player] += e.amount
    return stacks


def all_sample_hands() -> list[Hand]:
    return [h for name in SAMPLE_FILES for h in read(name) if isinstance(h, Hand)]


@pytest.mark.parametrize("hand", all_sample_hands(), ids=lambda h: h.info.hand_id)
def test_sample_hand_money_adds_up(hand: Hand) -> None:
    put_in = chips_put_in(hand)
    (pot,) = [e for e in hand.events if isinstance(e, PotSummary)]
    assert sum(put_in.values()) == pot.total
    if pot.main is not None:
        assert pot.main + sum(pot.sides) + pot.rake == pot.total
    collected = [e for e in hand.events if isinstance(e, Collected)]
    cashed_out = {e.player for e in hand.events if isinstance(e, CashedOut)}
    summary = {e.player: e for e in hand.events if isinstance(e, SeatSummary)}
    # A winner who cashed out is not paid from the pot; his summary line says what he won.
    not_awarded = sum(sum(summary[p].won) for p in cashed_out)
    assert sum(c.amount for c in collected) + pot.rake + not_awarded == pot.total
    for player, line in summary.items():
        if player not in cashed_out:
            assert sum(line.won) == sum(c.amount for c in collected if c.player == player)
    for player, stack in final_stacks(hand).items():
        assert stack >= 0, player


def test_session_stacks_carry_over() -> None:
    first, second, third = read("session_three_hands.txt")
    assert isinstance(first, Hand) and isinstance(second, Hand) and isinstance(third, Hand)
    for before, after in ((first, second), (second, third)):
        assert final_stacks(before) == {s.player: s.stack for s in after.seats}
    assert [h.info.button_seat for h in (first, second, third)] == [1, 2, 4]
    assert [(h.first_line, h.last_line) for h in (first, second, third)] == [
        (1, 28),
        (32, 67),
        (71, 98),
    ]
    assert final_stacks(third)["Lindwurm"] == 0


def test_damaged_hand_stacks_carry_over_around_it() -> None:
    first, _, third = read("damaged_middle_hand.txt")
    assert isinstance(first, Hand) and isinstance(third, Hand)
    assert first.stack_of("kestrel_x") == 500 and third.stack_of("kestrel_x") == 555


# --- header fields ----------------------------------------------------------------------

INFO = [
    (
        "nl_holdem_6max_showdown_rake.txt",
        0,
        dict(
            site="pokerstars",
            hand_id="254310987612",
            game="holdem",
            variant="Hold'em No Limit",
            limit="NL",
            hi_lo=False,
            hole_cards=2,
            stakes=(5, 10),
            ante=0,
            cap=None,
            currency="USD",
            symbol="$",
            decimals=2,
            tournament=None,
            table="Nembus III",
            max_seats=6,
            button_seat=2,
            started="2025/03/14 21:07:33 CET [2025/03/14 16:07:33 ET]",
        ),
    ),
    (
        "tournament_antes_3way_allin_side_pot.txt",
        0,
        dict(
            hand_id="255108734421",
            game="holdem",
            limit="NL",
            stakes=(100, 200),
            currency="",
            symbol="",
            decimals=0,
            tournament="3812456790",
            table="3812456790 14",
            max_seats=9,
            button_seat=6,
        ),
    ),
    (
        "zoom_nl_holdem.txt",
        0,
        dict(
            hand_id="254877120934",
            limit="NL",
            stakes=(10, 25),
            currency="USD",
            symbol="$",
            decimals=2,
            table="Aludra",
            max_seats=6,
            button_seat=1,
            started="2025/03/28 19:22:51 ET",
        ),
    ),
    (
        "plo_pot_size_raises.txt",
        0,
        dict(
            game="omaha",
            variant="Omaha Pot Limit",
            limit="PL",
            hi_lo=False,
            hole_cards=4,
            stakes=(25, 50),
            table="Polaris VI",
            max_seats=6,
            button_seat=5,
        ),
    ),
    (
        "omaha_hilo_split_pot.txt",
        0,
        dict(
            game="omaha",
            variant="Omaha Hi/Lo Pot Limit",
            limit="PL",
            hi_lo=True,
            hole_cards=4,
            stakes=(10, 25),
            currency="USD",
            table="Chertan II",
            button_seat=3,
        ),
    ),
    (
        "fixed_limit_holdem_capped_flop.txt",
        0,
        dict(
            game="holdem",
            variant="Hold'em Limit",
            limit="FL",
            stakes=(50, 100),
            decimals=2,
            table="Menkent V",
            max_seats=6,
            button_seat=3,
        ),
    ),
    (
        "capped_nl_holdem.txt",
        0,
        dict(
            hand_id="61233409871",
            limit="CNL",
            stakes=(25, 50),
            cap=1000,
            currency="USD",
            symbol="$",
            decimals=2,
            table="Thuban",
            max_seats=9,
            button_seat=4,
        ),
    ),
    (
        "home_game_play_chips.txt",
        0,
        dict(
            hand_id="256310772984",
            game="holdem",
            limit="NL",
            stakes=(10, 20),
            currency="",
            symbol="",
            decimals=0,
            tournament=None,
            table="Thursday Felt Club 1",
            max_seats=9,
            button_seat=3,
        ),
    ),
    (
        "euro_table_cp1252.txt",
        0,
        dict(
            stakes=(5, 10),
            currency="EUR",
            symbol="€",
            decimals=2,
            table="Nashira II",
            max_seats=6,
            button_seat=4,
        ),
    ),
    ("run_it_twice.txt", 0, dict(stakes=(25, 50), currency="USD", button_seat=1)),
    (
        "session_three_hands.txt",
        2,
        dict(hand_id="256120503917", stakes=(2, 5), table="Kaus Borealis", button_seat=4),
    ),
]


@pytest.mark.parametrize(("name", "index", "fields"), INFO, ids=[f"{n}-{i}" for n, i, _ in INFO])
def test_info_fields(name: str, index: int, fields: dict[str, object]) -> None:
    hand = read(name)[index]
    assert isinstance(hand, Hand)
    got = {key: getattr(hand.info, key) for key in fields}
    assert got == fields


def test_stakes_text() -> None:
    assert one_hand("nl_holdem_6max_showdown_rake.txt").info.stakes_text == "0.05/0.10"
    assert one_hand("tournament_antes_3way_allin_side_pot.txt").info.stakes_text == "100/200"


# --- unreadable hands -------------------------------------------------------------------


def test_damaged_middle_hand_is_hh001_at_its_file_line() -> None:
    first, bad, third = read("damaged_middle_hand.txt")
    assert isinstance(bad, Unreadable)
    assert bad.code == "HH001"
    assert bad.line == 44
    assert (bad.first_line, bad.last_line) == (27, 61)
    assert bad.hand_id == "256733039962"
    assert "Hero: b%ts $0.2#" in bad.message
    line_44 = (SAMPLES / "damaged_middle_hand.txt").read_text(encoding="utf-8").splitlines()[43]
    assert line_44 == "Hero: b%ts $0.2#"
    assert isinstance(first, Hand) and isinstance(third, Hand)
    assert (first.info.hand_id, first.first_line, first.last_line) == ("256733017408", 1, 23)
    assert (third.info.hand_id, third.first_line, third.last_line) == ("256733066105", 65, 92)
    assert third.events[0] == PostBlind(line=71, player="Marisol_T", kind="small", amount=2)
    assert third.events[-1] == SeatSummary(line=92, seat=6, player="Marisol_T")


def test_stud_is_unsupported() -> None:
    (hand,) = read("stud_unsupported.txt")
    assert isinstance(hand, Unreadable)
    assert (hand.code, hand.line, hand.first_line, hand.last_line) == ("HH002", 1, 1, 50)
    assert hand.hand_id == "256500813470"
    assert hand.info is not None and hand.info.variant == "7 Card Stud Limit"
    assert "7 Card Stud" in hand.message


# --- exact event sequences --------------------------------------------------------------


def test_basic_cash_hand() -> None:
    hand = one_hand("nl_holdem_6max_showdown_rake.txt")
    assert (hand.first_line, hand.last_line) == (1, 42)
    assert list(hand.seats) == BASIC_SEATS
    assert_events(hand.events, BASIC_EVENTS)


def test_tournament_side_pot() -> None:
    hand = one_hand("tournament_antes_3way_allin_side_pot.txt")
    assert list(hand.seats) == TOURNAMENT_SEATS
    assert_events(hand.events, TOURNAMENT_EVENTS)


def test_run_it_twice() -> None:
    hand = one_hand("run_it_twice.txt")
    assert list(hand.seats) == RUN_IT_TWICE_SEATS
    assert_events(hand.events, RUN_IT_TWICE_EVENTS)
    # The odd cent of the split goes to the first board.
    runs = {e.run: e.amount for e in hand.events if isinstance(e, Collected)}
    assert runs == {1: 2075, 2: 2074}


def test_cash_out_by_the_loser() -> None:
    hand = one_hand("cash_out_2025_loser_cashed_out.txt")
    assert list(hand.seats) == CASH_OUT_LOSER_SEATS
    assert_events(hand.events, CASH_OUT_LOSER_EVENTS)


def test_cash_out_by_the_winner() -> None:
    hand = one_hand("cash_out_winner_pot_not_awarded.txt")
    assert list(hand.seats) == CASH_OUT_WINNER_SEATS
    assert_events(hand.events, CASH_OUT_WINNER_EVENTS)
    assert not [e for e in hand.events if isinstance(e, Collected)]


def test_small_and_big_blinds() -> None:
    hand = one_hand("small_and_big_blinds_post.txt")
    assert list(hand.seats) == SMALL_AND_BIG_SEATS
    assert_events(hand.events, SMALL_AND_BIG_EVENTS)
    post = hand.events[2]
    assert isinstance(post, PostBlind)
    assert (post.kind, post.amount, post.dead) == ("small_and_big", 15, 5)


def test_capped_no_limit() -> None:
    hand = one_hand("capped_nl_holdem.txt")
    assert list(hand.seats) == CAPPED_NL_SEATS
    assert_events(hand.events, CAPPED_NL_EVENTS)


def test_odd_names_come_out_exactly() -> None:
    hand = one_hand("odd_player_names.txt")
    assert list(hand.seats) == ODD_NAMES_SEATS
    assert_events(hand.events, ODD_NAMES_EVENTS)
    assert hand.players == (
        "Blahdi:42eblah",
        "Roni (LBK)",
        "/\\ntiHer[]",
        "Blåveis",
        "DaddyCa$h",
        "Sir Lance a Lot",
        'O\'Brennan "Ace"',
    )


def test_hi_lo_split() -> None:
    hand = one_hand("omaha_hilo_split_pot.txt")
    assert list(hand.seats) == HILO_SPLIT_SEATS
    assert_events(hand.events, HILO_SPLIT_EVENTS)


def test_hi_lo_no_low() -> None:
    hand = one_hand("omaha_hilo_no_low.txt")
    tail = [e for e in hand.events if e.line >= 29]
    assert tail == [
        ShowdownStart(line=29),
        Shows(
            line=30,
            player="Bellwether",
            cards=("Ah", "Td", "7s", "7d"),
            description="HI: a straight, Ten to Ace",
        ),
        Shows(
            line=31,
            player="Orsolya",
            cards=("Kd", "Ks", "6c", "5h"),
            description="HI: a full house, Kings full of Nines",
        ),
        Collected(line=32, player="Orsolya", amount=1800),
        # line 33, "No low hand qualified", moves no chips and makes no event
        PotSummary(line=35, total=1890, rake=90),
        BoardSummary(line=36, cards=("Qs", "Jd", "9c", "Kc", "9h")),
        SeatSummary(line=37, seat=1, player="kumquat_k"),
        SeatSummary(line=38, seat=2, player="Hero"),
        SeatSummary(line=39, seat=4, player="Bellwether", cards=("Ah", "Td", "7s", "7d")),
        SeatSummary(line=40, seat=5, player="tinfoil_hat"),
        SeatSummary(line=41, seat=6, player="Orsolya", cards=("Kd", "Ks", "6c", "5h"), won=(1800,)),
    ]


def test_two_side_pots() -> None:
    hand = one_hand("two_side_pots.txt")
    assert list(hand.seats) == TWO_SIDE_POTS_SEATS
    assert_events(hand.events, TWO_SIDE_POTS_EVENTS)


def test_walk() -> None:
    hand = one_hand("nl_holdem_walk.txt")
    assert [e for e in hand.events if 18 <= e.line <= 22] == [
        UncalledReturned(line=18, player="Hero", amount=5),
        Collected(line=19, player="Hero", amount=10),
        Mucks(line=20, player="Hero"),  # "doesn't show hand"
        PotSummary(line=22, total=10),
    ]


def test_fixed_limit_capped_flop() -> None:
    hand = one_hand("fixed_limit_holdem_capped_flop.txt")
    flop = [e for e in hand.events if 21 <= e.line <= 27]
    assert flop == [
        Bet(line=21, player="Marchetti", amount=50),
        Raise(line=22, player="ironbark", to=100, by=50),
        Raise(line=23, player="Hero", to=150, by=50),
        Raise(line=24, player="Marchetti", to=200, by=50),
        Raise(line=25, player="ironbark", to=250, by=50),
        Call(line=26, player="Hero", amount=100),
        Call(line=27, player="Marchetti", amount=50),
    ]


def test_home_game_and_chat() -> None:
    hand = one_hand("home_game_play_chips.txt")
    notes = [e for e in hand.events if isinstance(e, TableNote)]
    assert notes == [
        TableNote(line=31, kind="chat", player="Lottie M", text="gg, 1 more orbit then I'm off")
    ]
    assert hand.seats[1] == Seat(line=4, seat=3, player="Lottie M", stack=3450)


def test_euro_names_and_amounts() -> None:
    hand = one_hand("euro_table_cp1252.txt")
    assert hand.players == ("Hero", "Søren_K", "Ängelholm", "bouvreuil", "Zoë_22")
    assert hand.events[:2] == (
        PostBlind(line=8, player="bouvreuil", kind="small", amount=5),
        PostBlind(line=9, player="Zoë_22", kind="big", amount=10),
    )
    assert Collected(line=31, player="Zoë_22", amount=425) in hand.events
    assert TableNote(line=32, kind="chat", player="Søren_K", text="vh") in hand.events
    assert hand.events[-1] == SeatSummary(
        line=40, seat=6, player="Zoë_22", cards=("Td", "9d"), won=(425,)
    )


# --- expected events ---------------------------------------------------------------

# --- nl_holdem_6max_showdown_rake.txt -----------------------------------------

BASIC_SEATS = [
    Seat(line=3, seat=1, player="kettle_drum", stack=1045),
    Seat(line=4, seat=2, player="Mireille88", stack=980),
    Seat(line=5, seat=3, player="oakbarrel", stack=1217),
    Seat(line=6, seat=4, player="Hero", stack=1000),
    Seat(line=7, seat=5, player="sunny_tilt", stack=462),
    Seat(line=8, seat=6, player="Gravelpit", stack=1503),
]
BASIC_EVENTS = [
    PostBlind(line=9, player="oakbarrel", kind="small", amount=5),
    PostBlind(line=10, player="Hero", kind="big", amount=10),
    StreetStart(line=11, street="preflop"),
    HoleCards(line=12, player="Hero", cards=("Kh", "Qh")),
    Fold(line=13, player="sunny_tilt"),
    Raise(line=14, player="Gravelpit", to=30, by=20),
    Fold(line=15, player="kettle_drum"),
    Call(line=16, player="Mireille88", amount=30),
    Fold(line=17, player="oakbarrel"),
    Raise(line=18, player="Hero", to=120, by=90),
    Call(line=19, player="Gravelpit", amount=90),
    Fold(line=20, player="Mireille88"),
    StreetStart(line=21, street="flop", board=("Qc", "8d", "3s")),
    Bet(line=22, player="Hero", amount=135),
    Call(line=23, player="Gravelpit", amount=135),
    StreetStart(line=24, street="turn", board=("Qc", "8d", "3s", "5h")),
    Check(line=25, player="Hero"),
    Check(line=26, player="Gravelpit"),
    StreetStart(line=27, street="river", board=("Qc", "8d", "3s", "5h", "Jd")),
    Bet(line=28, player="Hero", amount=240),
    Call(line=29, player="Gravelpit", amount=240),
    ShowdownStart(line=30),
    Shows(line=31, player="Hero", cards=("Kh", "Qh"), description="a pair of Queens"),
    Shows(line=32, player="Gravelpit", cards=("Jh", "Jc"), description="three of a kind, Jacks"),
    Collected(line=33, player="Gravelpit", amount=979),
    PotSummary(line=35, total=1025, rake=46),
    BoardSummary(line=36, cards=("Qc", "8d", "3s", "5h", "Jd")),
    SeatSummary(line=37, seat=1, player="kettle_drum"),
    SeatSummary(line=38, seat=2, player="Mireille88"),
    SeatSummary(line=39, seat=3, player="oakbarrel"),
    SeatSummary(line=40, seat=4, player="Hero", cards=("Kh", "Qh")),
    SeatSummary(line=41, seat=5, player="sunny_tilt"),
    SeatSummary(line=42, seat=6, player="Gravelpit", cards=("Jh", "Jc"), won=(979,)),
]


# --- tournament_antes_3way_allin_side_pot.txt ---------------------------------

TOURNAMENT_SEATS = [
    Seat(line=3, seat=1, player="Vrenegade", stack=4385),
    Seat(line=4, seat=2, player="mollusk_77", stack=2150),
    Seat(line=5, seat=4, player="Tzatziki Joe", stack=7920),
    Seat(line=6, seat=6, player="pinkfloydian", stack=3310),
    Seat(line=7, seat=7, player="Hero", stack=5540),
    Seat(line=8, seat=9, player="barnacle_B", stack=1275),
]
TOURNAMENT_EVENTS = [
    PostBlind(line=9, player="Vrenegade", kind="ante", amount=25),
    PostBlind(line=10, player="mollusk_77", kind="ante", amount=25),
    PostBlind(line=11, player="Tzatziki Joe", kind="ante", amount=25),
    PostBlind(line=12, player="pinkfloydian", kind="ante", amount=25),
    PostBlind(line=13, player="Hero", kind="ante", amount=25),
    PostBlind(line=14, player="barnacle_B", kind="ante", amount=25),
    PostBlind(line=15, player="Hero", kind="small", amount=100),
    PostBlind(line=16, player="barnacle_B", kind="big", amount=200),
    StreetStart(line=17, street="preflop"),
    HoleCards(line=18, player="Hero", cards=("8h", "3c")),
    Fold(line=19, player="Vrenegade"),
    Raise(line=20, player="mollusk_77", to=2125, by=1925, all_in=True),
    Raise(line=21, player="Tzatziki Joe", to=7895, by=5770, all_in=True),
    Fold(line=22, player="pinkfloydian"),
    Fold(line=23, player="Hero"),
    Call(line=24, player="barnacle_B", amount=1050, all_in=True),
    UncalledReturned(line=25, player="Tzatziki Joe", amount=5770),
    StreetStart(line=26, street="flop", board=("Kd", "7c", "2h")),
    StreetStart(line=27, street="turn", board=("Kd", "7c", "2h", "9c")),
    StreetStart(line=28, street="river", board=("Kd", "7c", "2h", "9c", "4s")),
    ShowdownStart(line=29),
    Shows(line=30, player="mollusk_77", cards=("Ah", "Kc"), description="a pair of Kings"),
    Shows(line=31, player="Tzatziki Joe", cards=("Qs", "Qh"), description="a pair of Queens"),
    Collected(line=32, player="mollusk_77", amount=1750, pot=1),
    Shows(line=33, player="barnacle_B", cards=("9s", "9d"), description="three of a kind, Nines"),
    Collected(line=34, player="barnacle_B", amount=4000),
    PotSummary(line=36, total=5750, main=4000, sides=(1750,)),
    BoardSummary(line=37, cards=("Kd", "7c", "2h", "9c", "4s")),
    SeatSummary(line=38, seat=1, player="Vrenegade"),
    SeatSummary(line=39, seat=2, player="mollusk_77", cards=("Ah", "Kc"), won=(1750,)),
    SeatSummary(line=40, seat=4, player="Tzatziki Joe", cards=("Qs", "Qh")),
    SeatSummary(line=41, seat=6, player="pinkfloydian"),
    SeatSummary(line=42, seat=7, player="Hero"),
    SeatSummary(line=43, seat=9, player="barnacle_B", cards=("9s", "9d"), won=(4000,)),
]


# --- run_it_twice.txt ---------------------------------------------------------

RUN_IT_TWICE_SEATS = [
    Seat(line=3, seat=1, player="Hero", stack=5000),
    Seat(line=4, seat=2, player="wrenfield", stack=7164),
    Seat(line=5, seat=3, player="castellan_7", stack=4380),
    Seat(line=6, seat=4, player="ottilie", stack=5000),
    Seat(line=7, seat=5, player="pebbledash", stack=2137),
    Seat(line=8, seat=6, player="Brankovic", stack=10620),
]
RUN_IT_TWICE_EVENTS = [
    PostBlind(line=9, player="wrenfield", kind="small", amount=25),
    PostBlind(line=10, player="castellan_7", kind="big", amount=50),
    StreetStart(line=11, street="preflop"),
    HoleCards(line=12, player="Hero", cards=("Ah", "Kh")),
    Fold(line=13, player="ottilie"),
    Raise(line=14, player="pebbledash", to=125, by=75),
    Fold(line=15, player="Brankovic"),
    Raise(line=16, player="Hero", to=400, by=275),
    Fold(line=17, player="wrenfield"),
    Fold(line=18, player="castellan_7"),
    Call(line=19, player="pebbledash", amount=275),
    StreetStart(line=20, street="flop", board=("Th", "9h", "4c")),
    Check(line=21, player="pebbledash"),
    Bet(line=22, player="Hero", amount=475),
    Call(line=23, player="pebbledash", amount=475),
    StreetStart(line=24, street="turn", board=("Th", "9h", "4c", "2s")),
    Bet(line=25, player="pebbledash", amount=1262, all_in=True),
    Call(line=26, player="Hero", amount=1262),
    StreetStart(line=27, street="river", board=("Th", "9h", "4c", "2s", "7h"), run=1),
    StreetStart(line=28, street="river", board=("Th", "9h", "4c", "2s", "3d"), run=2),
    ShowdownStart(line=29, run=1),
    Shows(line=30, player="pebbledash", cards=("9s", "9d"), description="three of a kind, Nines"),
    Shows(line=31, player="Hero", cards=("Ah", "Kh"), description="a flush, Ace high"),
    Collected(line=32, player="Hero", amount=2075, run=1),
    ShowdownStart(line=33, run=2),
    Shows(line=34, player="pebbledash", cards=("9s", "9d"), description="three of a kind, Nines"),
    Shows(line=35, player="Hero", cards=("Ah", "Kh"), description="high card Ace"),
    Collected(line=36, player="pebbledash", amount=2074, run=2),
    PotSummary(line=38, total=4349, rake=200),
    BoardSummary(line=40, cards=("Th", "9h", "4c", "2s", "7h"), run=1),
    BoardSummary(line=41, cards=("Th", "9h", "4c", "2s", "3d"), run=2),
    SeatSummary(line=42, seat=1, player="Hero", cards=("Ah", "Kh"), won=(2075,)),
    SeatSummary(line=43, seat=2, player="wrenfield"),
    SeatSummary(line=44, seat=3, player="castellan_7"),
    SeatSummary(line=45, seat=4, player="ottilie"),
    SeatSummary(line=46, seat=5, player="pebbledash", cards=("9s", "9d"), won=(2074,)),
    SeatSummary(line=47, seat=6, player="Brankovic"),
]


# --- cash_out_2025_loser_cashed_out.txt ---------------------------------------

CASH_OUT_LOSER_SEATS = [
    Seat(line=3, seat=1, player="Hero", stack=1000),
    Seat(line=4, seat=2, player="bramblewood", stack=740),
    Seat(line=5, seat=3, player="Tsubame", stack=1285),
    Seat(line=6, seat=4, player="coldframe", stack=1000),
    Seat(line=7, seat=5, player="Ruiz_Otero", stack=915),
    Seat(line=8, seat=6, player="lacewing_q", stack=1062),
]
CASH_OUT_LOSER_EVENTS = [
    PostBlind(line=9, player="lacewing_q", kind="small", amount=5),
    PostBlind(line=10, player="Hero", kind="big", amount=10),
    StreetStart(line=11, street="preflop"),
    HoleCards(line=12, player="Hero", cards=("Qc", "4h")),
    Fold(line=13, player="bramblewood"),
    Raise(line=14, player="Tsubame", to=30, by=20),
    Fold(line=15, player="coldframe"),
    Raise(line=16, player="Ruiz_Otero", to=100, by=70),
    Fold(line=17, player="lacewing_q"),
    Fold(line=18, player="Hero"),
    Call(line=19, player="Tsubame", amount=70),
    StreetStart(line=20, street="flop", board=("8c", "8h", "3d")),
    Check(line=21, player="Tsubame"),
    Bet(line=22, player="Ruiz_Otero", amount=110),
    Raise(line=23, player="Tsubame", to=330, by=220),
    Raise(line=24, player="Ruiz_Otero", to=815, by=485, all_in=True),
    Call(line=25, player="Tsubame", amount=485),
    StreetStart(line=26, street="turn", board=("8c", "8h", "3d", "Kd")),
    StreetStart(line=27, street="river", board=("8c", "8h", "3d", "Kd", "3s")),
    ShowdownStart(line=28),
    Shows(
        line=29,
        player="Tsubame",
        cards=("Ad", "8d"),
        description="a full house, Eights full of Threes",
    ),
    Shows(
        line=30,
        player="Ruiz_Otero",
        cards=("Kc", "Ks"),
        description="a full house, Kings full of Eights",
    ),
    Collected(line=31, player="Ruiz_Otero", amount=1760),
    CashedOut(line=32, player="Tsubame", amount=1575, fee=32),
    PotSummary(line=34, total=1845, rake=85),
    BoardSummary(line=35, cards=("8c", "8h", "3d", "Kd", "3s")),
    SeatSummary(line=36, seat=1, player="Hero"),
    SeatSummary(line=37, seat=2, player="bramblewood"),
    SeatSummary(line=38, seat=3, player="Tsubame", cards=("Ad", "8d")),
    SeatSummary(line=39, seat=4, player="coldframe"),
    SeatSummary(line=40, seat=5, player="Ruiz_Otero", cards=("Kc", "Ks"), won=(1760,)),
    SeatSummary(line=41, seat=6, player="lacewing_q"),
]


# --- cash_out_winner_pot_not_awarded.txt --------------------------------------

CASH_OUT_WINNER_SEATS = [
    Seat(line=3, seat=1, player="Hero", stack=2500),
    Seat(line=4, seat=2, player="marlinspike", stack=3140),
    Seat(line=5, seat=3, player="Quentavious", stack=1235),
    Seat(line=6, seat=4, player="hollyhock_b", stack=2500),
    Seat(line=7, seat=6, player="Dervla", stack=1990),
]
CASH_OUT_WINNER_EVENTS = [
    PostBlind(line=8, player="Quentavious", kind="small", amount=10),
    PostBlind(line=9, player="hollyhock_b", kind="big", amount=25),
    StreetStart(line=10, street="preflop"),
    HoleCards(line=11, player="Hero", cards=("Qd", "Qs")),
    Fold(line=12, player="Dervla"),
    Raise(line=13, player="Hero", to=75, by=50),
    Fold(line=14, player="marlinspike"),
    Raise(line=15, player="Quentavious", to=315, by=240),
    Fold(line=16, player="hollyhock_b"),
    Raise(line=17, player="Hero", to=850, by=535),
    Raise(line=18, player="Quentavious", to=1235, by=385, all_in=True),
    Call(line=19, player="Hero", amount=385),
    StreetStart(line=20, street="flop", board=("9c", "6d", "2h")),
    StreetStart(line=21, street="turn", board=("9c", "6d", "2h", "Js")),
    StreetStart(line=22, street="river", board=("9c", "6d", "2h", "Js", "4c")),
    ShowdownStart(line=23),
    Shows(line=24, player="Quentavious", cards=("Ac", "Kh"), description="high card Ace"),
    Shows(line=25, player="Hero", cards=("Qd", "Qs"), description="a pair of Queens"),
    CashedOut(line=26, player="Hero", amount=1267, fee=26),
    PotSummary(line=28, total=2495, rake=112),
    BoardSummary(line=29, cards=("9c", "6d", "2h", "Js", "4c")),
    SeatSummary(line=30, seat=1, player="Hero", cards=("Qd", "Qs"), won=(2383,)),
    SeatSummary(line=31, seat=2, player="marlinspike"),
    SeatSummary(line=32, seat=3, player="Quentavious", cards=("Ac", "Kh")),
    SeatSummary(line=33, seat=4, player="hollyhock_b"),
    SeatSummary(line=34, seat=6, player="Dervla"),
]


# --- small_and_big_blinds_post.txt --------------------------------------------

SMALL_AND_BIG_SEATS = [
    Seat(line=3, seat=1, player="tidewater", stack=1025),
    Seat(line=4, seat=2, player="Hero", stack=1104),
    Seat(line=5, seat=3, player="Ferrante", stack=935),
    Seat(line=6, seat=4, player="wickerman_7", stack=1000),
    Seat(line=7, seat=5, player="ladysmock", stack=1460),
    Seat(line=8, seat=6, player="peat_bog", stack=880),
]
SMALL_AND_BIG_EVENTS = [
    PostBlind(line=9, player="tidewater", kind="small", amount=5),
    PostBlind(line=10, player="Hero", kind="big", amount=10),
    PostBlind(line=11, player="wickerman_7", kind="small_and_big", amount=15, dead=5),
    StreetStart(line=12, street="preflop"),
    HoleCards(line=13, player="Hero", cards=("Jc", "Tc")),
    Fold(line=14, player="Ferrante"),
    Check(line=15, player="wickerman_7"),
    Raise(line=16, player="ladysmock", to=35, by=25),
    Fold(line=17, player="peat_bog"),
    Fold(line=18, player="tidewater"),
    Call(line=19, player="Hero", amount=25),
    Call(line=20, player="wickerman_7", amount=25),
    StreetStart(line=21, street="flop", board=("Qc", "9c", "4h")),
    Check(line=22, player="Hero"),
    Check(line=23, player="wickerman_7"),
    Bet(line=24, player="ladysmock", amount=70),
    Call(line=25, player="Hero", amount=70),
    Fold(line=26, player="wickerman_7"),
    StreetStart(line=27, street="turn", board=("Qc", "9c", "4h", "8d")),
    Bet(line=28, player="Hero", amount=180),
    Call(line=29, player="ladysmock", amount=180),
    StreetStart(line=30, street="river", board=("Qc", "9c", "4h", "8d", "2s")),
    Bet(line=31, player="Hero", amount=410),
    Fold(line=32, player="ladysmock"),
    UncalledReturned(line=33, player="Hero", amount=410),
    Collected(line=34, player="Hero", amount=587),
    Mucks(line=35, player="Hero"),
    PotSummary(line=37, total=615, rake=28),
    BoardSummary(line=38, cards=("Qc", "9c", "4h", "8d", "2s")),
    SeatSummary(line=39, seat=1, player="tidewater"),
    SeatSummary(line=40, seat=2, player="Hero", won=(587,)),
    SeatSummary(line=41, seat=3, player="Ferrante"),
    SeatSummary(line=42, seat=4, player="wickerman_7"),
    SeatSummary(line=43, seat=5, player="ladysmock"),
    SeatSummary(line=44, seat=6, player="peat_bog"),
]


# --- capped_nl_holdem.txt -----------------------------------------------------

CAPPED_NL_SEATS = [
    Seat(line=3, seat=1, player="glasswing", stack=1840),
    Seat(line=4, seat=3, player="Hero", stack=1000),
    Seat(line=5, seat=4, player="porcupine_pi", stack=2215),
    Seat(line=6, seat=6, player="Elodie.R", stack=1000),
    Seat(line=7, seat=8, player="knotweed", stack=735),
    Seat(line=8, seat=9, player="sagebrush44", stack=1480),
]
CAPPED_NL_EVENTS = [
    PostBlind(line=9, player="Elodie.R", kind="small", amount=25),
    PostBlind(line=10, player="knotweed", kind="big", amount=50),
    StreetStart(line=11, street="preflop"),
    HoleCards(line=12, player="Hero", cards=("Ac", "Qs")),
    Raise(line=13, player="sagebrush44", to=150, by=100),
    Fold(line=14, player="glasswing"),
    Call(line=15, player="Hero", amount=150),
    Raise(line=16, player="porcupine_pi", to=450, by=300),
    Fold(line=17, player="Elodie.R"),
    Fold(line=18, player="knotweed"),
    Raise(line=19, player="sagebrush44", to=1000, by=550, all_in=True),
    Call(line=20, player="Hero", amount=850, all_in=True),
    Call(line=21, player="porcupine_pi", amount=550, all_in=True),
    StreetStart(line=22, street="flop", board=("Qd", "8c", "3h")),
    StreetStart(line=23, street="turn", board=("Qd", "8c", "3h", "Tc")),
    StreetStart(line=24, street="river", board=("Qd", "8c", "3h", "Tc", "Ah")),
    ShowdownStart(line=25),
    Shows(line=26, player="sagebrush44", cards=("Kc", "Kd"), description="a pair of Kings"),
    Shows(line=27, player="Hero", cards=("Ac", "Qs"), description="two pair, Aces and Queens"),
    Mucks(line=28, player="porcupine_pi"),
    Collected(line=29, player="Hero", amount=2925),
    PotSummary(line=31, total=3075, rake=150),
    BoardSummary(line=32, cards=("Qd", "8c", "3h", "Tc", "Ah")),
    SeatSummary(line=33, seat=1, player="glasswing"),
    SeatSummary(line=34, seat=3, player="Hero", cards=("Ac", "Qs"), won=(2925,)),
    SeatSummary(line=35, seat=4, player="porcupine_pi", cards=("Jh", "Js")),
    SeatSummary(line=36, seat=6, player="Elodie.R"),
    SeatSummary(line=37, seat=8, player="knotweed"),
    SeatSummary(line=38, seat=9, player="sagebrush44", cards=("Kc", "Kd")),
]


# --- odd_player_names.txt -----------------------------------------------------

ODD_NAMES_SEATS = [
    Seat(line=3, seat=1, player="Blahdi:42eblah", stack=4820),
    Seat(line=4, seat=2, player="Roni (LBK)", stack=5175),
    Seat(line=5, seat=3, player="/\\ntiHer[]", stack=5000),
    Seat(line=6, seat=4, player="Blåveis", stack=3760),
    Seat(line=7, seat=5, player="DaddyCa$h", stack=6215),
    Seat(line=8, seat=6, player="Sir Lance a Lot", stack=2500, sitting_out=True),
    Seat(line=9, seat=8, player='O\'Brennan "Ace"', stack=4490),
]
ODD_NAMES_EVENTS = [
    PostBlind(line=10, player="/\\ntiHer[]", kind="small", amount=25),
    PostBlind(line=11, player="Blåveis", kind="big", amount=50),
    StreetStart(line=12, street="preflop"),
    HoleCards(line=13, player="Roni (LBK)", cards=("7c", "7d")),
    Raise(line=14, player="DaddyCa$h", to=150, by=100),
    Fold(line=15, player='O\'Brennan "Ace"'),
    Fold(line=16, player="Blahdi:42eblah"),
    TableNote(line=17, kind="joins", player='Mack "the Knife" 7'),
    Call(line=18, player="Roni (LBK)", amount=150),
    Fold(line=19, player="/\\ntiHer[]"),
    Call(line=20, player="Blåveis", amount=100),
    StreetStart(line=21, street="flop", board=("Kc", "7h", "2s")),
    Check(line=22, player="Blåveis"),
    Bet(line=23, player="DaddyCa$h", amount=275),
    Raise(line=24, player="Roni (LBK)", to=800, by=525),
    Fold(line=25, player="Blåveis"),
    Call(line=26, player="DaddyCa$h", amount=525),
    TableNote(line=27, kind="leaves", player="Blahdi:42eblah"),
    StreetStart(line=28, street="turn", board=("Kc", "7h", "2s", "Jd")),
    Check(line=29, player="DaddyCa$h"),
    Bet(line=30, player="Roni (LBK)", amount=1100),
    Call(line=31, player="DaddyCa$h", amount=1100),
    StreetStart(line=32, street="river", board=("Kc", "7h", "2s", "Jd", "Kd")),
    Bet(line=33, player="DaddyCa$h", amount=2000),
    Raise(line=34, player="Roni (LBK)", to=3125, by=1125, all_in=True),
    Call(line=35, player="DaddyCa$h", amount=1125),
    ShowdownStart(line=36),
    Shows(
        line=37,
        player="Roni (LBK)",
        cards=("7c", "7d"),
        description="a full house, Sevens full of Kings",
    ),
    Shows(
        line=38,
        player="DaddyCa$h",
        cards=("Jh", "Js"),
        description="a full house, Jacks full of Kings",
    ),
    Collected(line=39, player="DaddyCa$h", amount=10225),
    TableNote(line=40, kind="chat", player="Roni (LBK)", text="nh"),
    TableNote(line=41, kind="chat", player='O\'Brennan "Ace"', text='wow, "nice" river :)'),
    PotSummary(line=43, total=10525, rake=300),
    BoardSummary(line=44, cards=("Kc", "7h", "2s", "Jd", "Kd")),
    SeatSummary(line=45, seat=1, player="Blahdi:42eblah"),
    SeatSummary(line=46, seat=2, player="Roni (LBK)", cards=("7c", "7d")),
    SeatSummary(line=47, seat=3, player="/\\ntiHer[]"),
    SeatSummary(line=48, seat=4, player="Blåveis"),
    SeatSummary(line=49, seat=5, player="DaddyCa$h", cards=("Jh", "Js"), won=(10225,)),
    SeatSummary(line=50, seat=8, player='O\'Brennan "Ace"'),
]


# --- omaha_hilo_split_pot.txt -------------------------------------------------

HILO_SPLIT_SEATS = [
    Seat(line=3, seat=1, player="fennelbulb", stack=2410),
    Seat(line=4, seat=2, player="Hero", stack=2500),
    Seat(line=5, seat=3, player="okapi_dance", stack=1865),
    Seat(line=6, seat=4, player="ravelin", stack=3040),
    Seat(line=7, seat=6, player="Morgenstern", stack=2500),
]
HILO_SPLIT_EVENTS = [
    PostBlind(line=8, player="ravelin", kind="small", amount=10),
    PostBlind(line=9, player="Morgenstern", kind="big", amount=25),
    StreetStart(line=10, street="preflop"),
    HoleCards(line=11, player="Hero", cards=("Ad", "2s", "4h", "9c")),
    Fold(line=12, player="fennelbulb"),
    Raise(line=13, player="Hero", to=75, by=50),
    Call(line=14, player="okapi_dance", amount=75),
    Fold(line=15, player="ravelin"),
    Call(line=16, player="Morgenstern", amount=50),
    StreetStart(line=17, street="flop", board=("5c", "3d", "Kh")),
    Check(line=18, player="Morgenstern"),
    Bet(line=19, player="Hero", amount=150),
    Call(line=20, player="okapi_dance", amount=150),
    Fold(line=21, player="Morgenstern"),
    StreetStart(line=22, street="turn", board=("5c", "3d", "Kh", "8s")),
    Bet(line=23, player="Hero", amount=320),
    Call(line=24, player="okapi_dance", amount=320),
    StreetStart(line=25, street="river", board=("5c", "3d", "Kh", "8s", "Ks")),
    Check(line=26, player="Hero"),
    Bet(line=27, player="okapi_dance", amount=400),
    Call(line=28, player="Hero", amount=400),
    ShowdownStart(line=29),
    Shows(
        line=30,
        player="okapi_dance",
        cards=("Kd", "Qc", "Jh", "Tc"),
        description="HI: three of a kind, Kings",
    ),
    Shows(
        line=31,
        player="Hero",
        cards=("Ad", "2s", "4h", "9c"),
        description="HI: a pair of Kings; LO: 8,5,3,2,A",
    ),
    Collected(line=32, player="okapi_dance", amount=939),
    Collected(line=33, player="Hero", amount=938),
    PotSummary(line=35, total=1975, rake=98),
    BoardSummary(line=36, cards=("5c", "3d", "Kh", "8s", "Ks")),
    SeatSummary(line=37, seat=1, player="fennelbulb"),
    SeatSummary(line=38, seat=2, player="Hero", cards=("Ad", "2s", "4h", "9c"), won=(938,)),
    SeatSummary(line=39, seat=3, player="okapi_dance", cards=("Kd", "Qc", "Jh", "Tc"), won=(939,)),
    SeatSummary(line=40, seat=4, player="ravelin"),
    SeatSummary(line=41, seat=6, player="Morgenstern"),
]


# --- two_side_pots.txt --------------------------------------------------------

TWO_SIDE_POTS_SEATS = [
    Seat(line=3, seat=1, player="Hero", stack=2500),
    Seat(line=4, seat=2, player="barleycorn", stack=840),
    Seat(line=5, seat=3, player="wintergreen_p", stack=1465),
    Seat(line=6, seat=4, player="Ostrowski", stack=3120),
    Seat(line=7, seat=5, player="hedgehog_fk", stack=2500),
    Seat(line=8, seat=6, player="Amaranth", stack=1930),
]
TWO_SIDE_POTS_EVENTS = [
    PostBlind(line=9, player="Hero", kind="small", amount=10),
    PostBlind(line=10, player="barleycorn", kind="big", amount=25),
    StreetStart(line=11, street="preflop"),
    HoleCards(line=12, player="Hero", cards=("7s", "2d")),
    Raise(line=13, player="wintergreen_p", to=75, by=50),
    Call(line=14, player="Ostrowski", amount=75),
    Fold(line=15, player="hedgehog_fk"),
    Call(line=16, player="Amaranth", amount=75),
    Fold(line=17, player="Hero"),
    Raise(line=18, player="barleycorn", to=840, by=765, all_in=True),
    Raise(line=19, player="wintergreen_p", to=1465, by=625, all_in=True),
    Call(line=20, player="Ostrowski", amount=1390),
    Call(line=21, player="Amaranth", amount=1390),
    StreetStart(line=22, street="flop", board=("Ks", "8d", "3c")),
    Bet(line=23, player="Ostrowski", amount=465),
    Call(line=24, player="Amaranth", amount=465, all_in=True),
    StreetStart(line=25, street="turn", board=("Ks", "8d", "3c", "3h")),
    StreetStart(line=26, street="river", board=("Ks", "8d", "3c", "3h", "Jc")),
    ShowdownStart(line=27),
    Shows(
        line=28, player="Ostrowski", cards=("Qs", "Qc"), description="two pair, Queens and Threes"
    ),
    Shows(line=29, player="Amaranth", cards=("Ac", "Ad"), description="two pair, Aces and Threes"),
    Collected(line=30, player="Amaranth", amount=900, pot=2),
    Shows(
        line=31,
        player="wintergreen_p",
        cards=("Jh", "Js"),
        description="a full house, Jacks full of Threes",
    ),
    Collected(line=32, player="wintergreen_p", amount=1814, pot=1),
    Shows(
        line=33,
        player="barleycorn",
        cards=("Kh", "Kd"),
        description="a full house, Kings full of Threes",
    ),
    Collected(line=34, player="barleycorn", amount=3261),
    PotSummary(line=36, total=6175, main=3261, sides=(1814, 900), rake=200),
    BoardSummary(line=37, cards=("Ks", "8d", "3c", "3h", "Jc")),
    SeatSummary(line=38, seat=1, player="Hero"),
    SeatSummary(line=39, seat=2, player="barleycorn", cards=("Kh", "Kd"), won=(3261,)),
    SeatSummary(line=40, seat=3, player="wintergreen_p", cards=("Jh", "Js"), won=(1814,)),
    SeatSummary(line=41, seat=4, player="Ostrowski", cards=("Qs", "Qc")),
    SeatSummary(line=42, seat=5, player="hedgehog_fk"),
    SeatSummary(line=43, seat=6, player="Amaranth", cards=("Ac", "Ad"), won=(900,)),
]
