"""The hand-written PokerNow logs (``sample_histories/pokernow``) read into exactly the
events they spell out: the street totals turned into chips added, dead and live blinds,
the exporter's cards, runs, unlabelled collections, and the stack changes logged between
hands, each on the file line of its row.

The expected events were checked row by row against the sample files (newest row first
in each file, as PokerNow writes them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pokernow_events import Chain, brief, file_rows, misplaced, money, sessions, who

from auditor.model.hand import Hand
from auditor.parsing import Unreadable, read_path
from auditor.sites.pokernow import DIALECT

SAMPLES = Path(__file__).resolve().parents[3] / "sample_histories" / "pokernow"
SAMPLE_FILES = sorted(p.name for p in SAMPLES.glob("*.csv"))


def hands_of(name: str) -> list[Hand]:
    hands = list(read_path(SAMPLES / name))
    assert not [h for h in hands if isinstance(h, Unreadable)]
    return hands  # type: ignore[return-value]


def events_of(hand: Hand) -> list[tuple[int, object]]:
    return [(e.line, brief(e)) for e in hand.events]


def seats_of(hand: Hand) -> list[tuple[int, str | None, int]]:
    return [(s.seat, who(s.player), s.stack) for s in hand.seats]


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_every_event_is_on_the_line_of_its_row(name: str) -> None:
    rows = file_rows(SAMPLES / name)
    for hand in hands_of(name):
        assert misplaced(hand, rows) == []
        assert hand.dialect is DIALECT
        # The hand's own rows are inside its span; the rows logged between hands
        # (stack changes, notes) may be outside it.
        inside = [e.line for e in hand.events if type(e).__name__ not in ("StackChange",
                                                                          "TableNote")]
        assert all(hand.first_line <= line <= hand.last_line for line in inside)


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_every_sample_balances_and_chains(name: str) -> None:
    chain = Chain()
    for hand in hands_of(name):
        put, back, won = money(hand)
        assert sum(put.values()) - sum(back.values()) == sum(won.values()), hand.info.hand_id
        chain.feed(hand)
    assert chain.broken == [] and chain.wrong_before == []


def test_straddle_is_a_street_total() -> None:
    """``posts a straddle of 0.20``, then calls to it: each call adds what takes the
    player to 0.20 (the big blind adds 0.10); ``raises to 1.20`` is Raise.to; the
    exporter never shows his cards, so ``Your hand is`` stays a note."""
    (hand,) = hands_of("straddle.csv")
    info = hand.info
    assert (info.hand_id, info.game, info.limit, info.stakes, info.decimals) == (
        "1", "holdem", "NL", (5, 10), 2)
    assert (info.currency, info.button_seat, info.tournament, info.table) == ("", 1, None, "")
    assert info.started == "2024-03-09T20:01:56.000Z"
    assert (hand.first_line, hand.last_line) == (2, 28)
    assert seats_of(hand) == [(1, "Alice", 1000), (3, "Bob", 1000), (5, "Cara", 1000),
                              (8, "Dan", 1000)]
    assert {s.line for s in hand.seats} == {23}
    assert events_of(hand) == [
        (38, ("note", "The game's small blind was changed from 0.10 to 0.05.")),
        (37, ("note", "The game's big blind was changed from 0.20 to 0.10.")),
        (36, ("note", 'The player "Alice @ Qa7dK2mZp0" requested a seat.')),
        (35, ("change", "Alice", "join", 1000, None, 1000)),
        (34, ("note", 'The player "Bob @ b0B-9xLw2e" requested a seat.')),
        (33, ("change", "Bob", "join", 1000, None, 1000)),
        (32, ("note", 'The player "Cara @ Cr4_aX1nTq" requested a seat.')),
        (31, ("change", "Cara", "join", 1000, None, 1000)),
        (30, ("note", 'The player "Dan @ DnM8s2Kq_z" requested a seat.')),
        (29, ("change", "Dan", "join", 1000, None, 1000)),
        (27, ("change", "Alice", "other", None, None, 1000)),
        (26, ("change", "Bob", "other", None, None, 1000)),
        (25, ("change", "Cara", "other", None, None, 1000)),
        (24, ("change", "Dan", "other", None, None, 1000)),
        (22, ("note", "Your hand is K♠, Q♠")),
        (21, ("post", "Bob", "small", 5)),
        (20, ("post", "Cara", "big", 10)),
        (19, ("post", "Dan", "straddle", 20)),
        (18, ("call", "Alice", 20)),
        (17, ("fold", "Bob")),
        (16, ("call", "Cara", 10)),
        (15, ("check", "Dan")),
        (14, ("flop", "7d 2c Jh")),
        (13, ("check", "Cara")),
        (12, ("bet", "Dan", 40)),
        (11, ("raise", "Alice", 120)),
        (10, ("fold", "Cara")),
        (9, ("call", "Dan", 80)),
        (8, ("turn", "7d 2c Jh 4s")),
        (7, ("check", "Dan")),
        (6, ("bet", "Alice", 200)),
        (5, ("fold", "Dan")),
        (4, ("returned", "Alice", 200)),
        (3, ("collected", "Alice", 305)),
    ]


def test_straddle_over_ones_own_small_blind_adds_the_difference() -> None:
    """The button of a heads-up hand posts the small blind (0.05), then a straddle of
    0.20 over it: he adds 0.15; the big blind's call to 0.20 adds 0.10."""
    (hand,) = hands_of("straddle_over_small_blind.csv")
    assert hand.info.button_seat == 2
    assert [b for _, b in events_of(hand)][1:6] == [
        ("post", "Eve", "small", 5), ("post", "Finn", "big", 10),
        ("post", "Eve", "straddle", 15), ("call", "Finn", 10), ("check", "Eve")]


def test_missed_blinds_dead_and_live() -> None:
    """A player back from sitting out (sit back during hand #20, joined as #21 starts)
    posts a missing small blind (dead) and a missed big blind (live): he may check, and
    his call to 0.40 adds 0.30. The exporter (Ivy) showed her cards in #20: her
    ``Your hand is`` rows are her hole cards."""
    first, second = hands_of("missed_blinds.csv")
    assert first.info.button_seat == 2 and second.info.button_seat == 4
    assert events_of(first)[0] == (43, ("hole", "Ivy", "Ad Td"))
    assert events_of(first)[-2:] == [(23, ("showdown",)), (23, ("collected", "Ivy", 90))]
    assert seats_of(second) == [(2, "Hal", 560), (3, "Gus", 400), (4, "Ivy", 650),
                                (6, "Jay", 590)]
    assert events_of(second) == [
        (35, ("change", "Gus", "sit_back", None, None, 400)),
        (20, ("change", "Gus", "other", None, None, 400)),
        (18, ("hole", "Ivy", "Qc Jc")),
        (17, ("post", "Jay", "small", 5)),
        (16, ("post", "Hal", "big", 10)),
        (15, ("post", "Gus", "dead", 5, 5)),
        (14, ("post", "Gus", "big", 10)),
        (13, ("check", "Gus")),
        (12, ("raise", "Ivy", 40)),
        (11, ("fold", "Jay")),
        (10, ("fold", "Hal")),
        (9, ("call", "Gus", 30)),
        (8, ("flop", "2h 9s 9d")),
        (7, ("check", "Gus")),
        (6, ("bet", "Ivy", 50)),
        (5, ("fold", "Gus")),
        (4, ("returned", "Ivy", 50)),
        (3, ("collected", "Ivy", 100)),
    ]


def test_side_pot_collections_are_unlabelled() -> None:
    """Three stacks, two all-ins: the main pot (600) and the side pot (600) are two
    ``collected … from pot`` rows, neither labelled; the winner of the main pot quits
    (her 600, a cash-out) before the next hand."""
    first, second = hands_of("side_pot.csv")
    assert first.info.decimals == 0 and first.info.stakes == (10, 20)
    assert [b for _, b in events_of(first)][6:] == [
        ("hole", "Jo", "Qc Qh"),
        ("post", "Hana", "small", 10), ("post", "Ivo", "big", 20),
        ("raise", "Jo", 60), ("raise", "Hana", 200, "all-in"), ("call", "Ivo", 180),
        ("call", "Jo", 140), ("flop", "2c 7d 9s"), ("bet", "Ivo", 300, "all-in"),
        ("call", "Jo", 300), ("shows", "Hana", "As Ad"), ("shows", "Ivo", "Ks Kd"),
        ("shows", "Jo", "Qc Qh"), ("turn", "2c 7d 9s 4h"), ("river", "2c 7d 9s 4h Jc"),
        ("showdown",), ("collected", "Hana", 600), ("collected", "Ivo", 600),
    ]
    assert events_of(second)[0] == (11, ("change", "Hana", "leave", -600, 600, 0))
    assert seats_of(second) == [(2, "Ivo", 600), (3, "Jo", 500)]


def test_run_it_twice_boards_and_collections_per_run() -> None:
    """The players agree to run it twice before the flop: the first boards are run 1,
    the ``(second run)`` ones run 2 (each the whole board), and the pot of 8.25 is paid
    4.13 on the first run and 4.12 ``on the second run``."""
    (hand,) = hands_of("run_it_twice.csv")
    assert events_of(hand)[5:] == [
        (17, ("fold", "Mia")),
        (16, ("note", "Remaining players decide whether to run it twice.")),
        (15, ("note", '"Leo @ Lo8vB_2cNe" chooses to  run it twice.')),
        (14, ("note", '"Kim @ Km1-Wz7Pq3" chooses to  run it twice.')),
        (13, ("note", "All players in hand choose to run it twice.")),
        (12, ("shows", "Kim", "Ah Kh")),
        (11, ("shows", "Leo", "9c 9d")),
        (10, ("flop", "2h 7h Js", 1)),
        (9, ("turn", "2h 7h Js 3c", 1)),
        (8, ("river", "2h 7h Js 3c Qh", 1)),
        (7, ("flop", "5s 8d 4c", 2)),
        (6, ("turn", "5s 8d 4c Tc", 2)),
        (5, ("river", "5s 8d 4c Tc 6d", 2)),
        (4, ("showdown",)),
        (4, ("collected", "Kim", 413, 1)),
        (3, ("collected", "Leo", 412, 2)),
    ]
    assert [b for _, b in events_of(hand)][:5] == [
        ("hole", "Leo", "9c 9d"), ("post", "Leo", "small", 10), ("post", "Mia", "big", 25),
        ("raise", "Kim", 400, "all-in"), ("call", "Leo", 390)]
    assert {e.player for e in hand.events if type(e).__name__ == "TableNote"} == {
        None, "Leo @ Lo8vB_2cNe", "Kim @ Km1-Wz7Pq3"}


def test_hi_lo_halves_are_unlabelled_collections() -> None:
    """Pot-limit Omaha hi/lo: the hi half and the low half are two collections of 1.00."""
    (hand,) = hands_of("hi_lo_split.csv")
    info = hand.info
    assert (info.game, info.limit, info.hi_lo, info.hole_cards) == ("omaha", "PL", True, 4)
    assert info.variant == "Pot Limit Omaha Hi/Lo 8 or Better"
    assert info.hand_id == "7"  # the hand's number; the header's (id: …) is not it
    assert [b for _, b in events_of(hand)][-5:] == [
        ("shows", "Oz", "Ah 3s 9d 9c"), ("shows", "Nia", "Kc Qs Jh Tc"), ("showdown",),
        ("collected", "Nia", 100), ("collected", "Oz", 100)]


def test_admin_stack_changes() -> None:
    """A change queued while Quin plays hand #5 is only announced (no amount); the admin
    updates PokerNow logs as hand #6 starts make the changes: Pat 9.90 -> 7.90 (-2.00),
    Quin 3.10 -> 8.10 (+5.00)."""
    first, second = hands_of("admin_stack_change.csv")
    assert all(type(e).__name__ != "StackChange" for e in first.events)
    assert events_of(second)[:3] == [
        (23, ("change", "Quin", "queued", None, None, None)),
        (11, ("change", "Pat", "host_set", -200, 990, 790)),
        (10, ("change", "Quin", "host_set", 500, 310, 810)),
    ]
    assert seats_of(second) == [(1, "Pat", 790), (2, "Quin", 810)]


def test_rebuy_after_a_bust() -> None:
    """Ray busts, quits with 0, asks for a seat again and is approved with 500 (the
    buy-in), then joins as the next hand starts (his seat, no chips of its own)."""
    _, second = hands_of("rebuy_after_bust.csv")
    assert events_of(second)[:4] == [
        (14, ("change", "Ray", "leave", 0, 0, 0)),
        (13, ("note", 'The player "Ray @ Ry3oZ_k8Wn" requested a seat.')),
        (12, ("change", "Ray", "join", 500, None, 500)),
        (10, ("change", "Ray", "other", None, None, 500)),
    ]


def test_tournament_antes_rebuy_dead_button_and_dead_small_blind() -> None:
    """A tournament log: registrations (the entries), antes posted by everyone, a
    rebuy after the rebuy decision, blinds raised between hands (the next hand's
    stakes), a dead button (the button goes just before the small blind) and a hand
    whose small blind nobody posts."""
    hands = hands_of("tournament_antes.csv")
    assert [h.info.tournament for h in hands] == ["tournament_antes"] * 4
    assert [(h.info.stakes, h.info.ante) for h in hands] == [
        ((10, 20), 5), ((15, 30), 5), ((15, 30), 5), ((15, 30), 5)]
    assert [h.info.button_seat for h in hands] == [1, 4, 8, 9]
    first, second, third, fourth = hands
    assert events_of(first)[3:8] == [
        (79, ("change", "Uma", "join", 1500, None, 1500)),
        (78, ("change", "Vic", "join", 1500, None, 1500)),
        (77, ("change", "Wes", "join", 1500, None, 1500)),
        (76, ("change", "Xia", "join", 1500, None, 1500)),
        (74, ("change", "Uma", "other", None, None, 1500)),
    ]
    assert [b for _, b in events_of(first)][11:22] == [
        ("hole", "Wes", "Js Jd"), ("post", "Uma", "ante", 5), ("post", "Vic", "ante", 5),
        ("post", "Wes", "ante", 5), ("post", "Xia", "ante", 5), ("post", "Vic", "small", 10),
        ("post", "Wes", "big", 20), ("fold", "Xia"), ("raise", "Uma", 1495, "all-in"),
        ("fold", "Vic"), ("call", "Wes", 1475, "all-in")]
    assert events_of(second)[:2] == [
        (51, ("note", "Asking to busted players the rebuy decision.")),
        (50, ("change", "Uma", "top_up", None, None, 1500))]
    assert events_of(third)[0] == (32, ("change", "Wes", "leave", -3000, 3000, 0))
    assert [b for _, b in events_of(fourth)][:5] == [
        ("change", "Uma", "leave", -1460, 1460, 0), ("post", "Vic", "ante", 5),
        ("post", "Xia", "ante", 5), ("note", "Dead Small Blind"), ("post", "Vic", "big", 30)]


def test_all_in_as_pokernow_words_it() -> None:
    """PokerNow writes the call of an all-in bet as ``raises to`` it (a call), and says
    ``and go all in`` of a bet that covers the other stack though the bettor keeps chips
    (not all-in)."""
    first, second = hands_of("all_in_wording.csv")
    assert [b for _, b in events_of(first)][7:9] == [
        ("bet", "Yan", 740, "all-in"), ("call", "Zed", 740)]
    assert [b for _, b in events_of(second)][6:8] == [
        ("bet", "Yan", 1180), ("call", "Zed", 1180, "all-in")]


def test_players_keep_one_label_for_the_log() -> None:
    """A player is his id: renamed (``Ann Lee`` then ``Ann``) or given a new id by
    logging in (``Cy``), he keeps the label of his first appearance; a display name may
    hold `` @ `` and quotes."""
    first, second = hands_of("player_names.csv")
    labels = [s.player for s in first.seats]
    assert labels == ["Ann Lee @ An5Rq-2wXz", "bo @ home @ x @ Bo7Kd_1mPq",
                      "Cy @ Cy0guest01", 'Dee "The Dealer" @ De3Wq_8sVn']
    assert [s.player for s in second.seats] == labels
    cy = {e.player for e in first.events if getattr(e, "player", None) and "Cy" in e.player}
    assert cy == {"Cy @ Cy0guest01"}  # his rows under the new id too
    assert events_of(second)[0] == (33, (
        "note", 'The player "Cy @ Cy4Tz-9nLb" changed the ID from Cy0guest01 to Cy4Tz-9nLb '
                "because authenticated login."))
    assert events_of(first)[0] == (37, ("hole", "Ann Lee", "4h 4c"))


def test_sessions_from_the_events() -> None:
    """The sessions of the rebuy sample and the admin one, from the events: Ray sits
    with 300 when the log starts, busts, quits and buys in 500 again; the host takes
    2.00 from Pat and gives Quin 5.00."""
    rebuy = sessions(hands_of("rebuy_after_bust.csv"))
    assert rebuy["Ray @ Ry3oZ_k8Wn"] == {"bought_in": 800, "adjusted": 0, "net": -290,
                                         "cashed_out": 0, "final": 510}
    admin = sessions(hands_of("admin_stack_change.csv"))
    assert admin["Pat @ Pt5sK-0wQz"]["adjusted"] == -200
    assert admin["Quin @ Qn_7Bd3Lx1"]["adjusted"] == 500
    for found in (rebuy, admin):
        for r in found.values():
            assert r["bought_in"] + r["adjusted"] + r["net"] == r["cashed_out"] + r["final"]
