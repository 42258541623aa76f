"""The hand-written PartyPoker samples (``sample_histories/partypoker``) read into exactly
the events they spell out: amounts in the smallest unit, chips added turned into raise
totals, classic all-in lines read as what they were, posts where the blinds are not
printed, and source lines.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

from auditor.model.events import (
    Bet,
    BoardSummary,
    Call,
    Check,
    Collected,
    Fold,
    HoleCards,
    Mucks,
    PostBlind,
    PotSummary,
    Raise,
    Seat,
    ShowdownStart,
    Shows,
    SidePayment,
    StreetStart,
    TableNote,
)
from auditor.model.hand import Hand
from auditor.parsing import read_path
from auditor.sites.partypoker import DIALECT, DIALECT_2018

SAMPLES = Path(__file__).resolve().parents[3] / "sample_histories" / "partypoker"


def hands(name: str) -> list[Hand]:
    found = list(read_path(SAMPLES / name))
    assert all(isinstance(h, Hand) for h in found), found
    return found  # type: ignore[return-value]


def one(name: str) -> Hand:
    (hand,) = hands(name)
    return hand


def test_classic_small_blind_forced_all_in_excess_won_as_side_pot() -> None:
    """A small blind all-in for $0.01 of a 0.02/0.04 table whose header prints the $1.60
    buy-in: the stakes come from the posts (an all-in blind does not set them), the seats
    are read in seat order, and the big blind's unmatched $0.03 is printed as a won
    "side pot 1" (collected as printed: the engine judges it by the dialect)."""
    hand = one("classic_small_blind_forced_all_in.txt")
    info = hand.info
    assert (info.site, info.hand_id, info.game, info.limit) == (
        "partypoker", "5100000001", "holdem", "NL")
    assert info.stakes == (2, 4) and info.currency == "USD" and info.decimals == 2
    assert (info.button_seat, info.table, info.max_seats) == (4, "20BB Min #4410001", 6)
    assert info.started == "Tuesday, March 02, 19:40:12 EDT 2010"
    assert (hand.first_line, hand.last_line) == (4, 28)  # "#Game No" and "Game # starts." before
    assert hand.dialect is DIALECT
    assert [s.seat for s in hand.seats] == [1, 3, 4, 5, 6]
    assert hand.seats[3] == Seat(line=10, seat=5, player="QuietTide", stack=1)
    assert list(hand.events) == [
        PostBlind(line=14, player="QuietTide", kind="small", amount=1, all_in=True),
        PostBlind(line=15, player="Hero", kind="big", amount=4),
        StreetStart(line=16, street="preflop"),
        HoleCards(line=17, player="Hero", cards=("Kd", "9c")),
        Fold(line=18, player="BlueHeron"),
        Fold(line=19, player="MapleLeaf77"),
        Fold(line=20, player="Corvina"),
        StreetStart(line=21, street="flop", board=("2h", "7s", "Jd")),
        StreetStart(line=22, street="turn", board=("2h", "7s", "Jd", "4c")),
        StreetStart(line=23, street="river", board=("2h", "7s", "Jd", "4c", "Qh")),
        ShowdownStart(line=24),
        Shows(line=24, player="QuietTide", cards=("7d", "3c"), description="a pair of Sevens"),
        Shows(line=25, player="Hero", cards=("Kd", "9c"), description="high card King"),
        Collected(line=26, player="Hero", amount=3, pot=1),
        Collected(line=27, player="QuietTide", amount=2, pot=0),
        TableNote(line=28, kind="leaves", player="QuietTide"),
    ]


def test_classic_big_blind_plus_dead_and_chips_added() -> None:
    """``posts big blind + dead [$0.15]`` is the live $0.10 big blind and $0.05 dead;
    ``raises [$0.30 USD]`` adds $0.30 to the live $0.10: a raise to $0.40. The winner's
    unlabelled ``wins`` includes his uncalled turn bet (rake never stated)."""
    hand = one("classic_big_blind_plus_dead.txt")
    assert hand.info.stakes == (5, 10)
    assert hand.info.table == "Speed #3300120 (No DP)"
    assert list(hand.events) == [
        PostBlind(line=12, player="Cinder", kind="small", amount=5),
        PostBlind(line=13, player="Dovetail", kind="big", amount=10),
        PostBlind(line=14, player="Hero", kind="small_and_big", amount=15, dead=5),
        StreetStart(line=15, street="preflop"),
        HoleCards(line=16, player="Hero", cards=("Ah", "Jc")),
        Raise(line=17, player="Hero", to=40),
        Fold(line=18, player="Ardent"),
        Call(line=19, player="Bramble", amount=40),
        Fold(line=20, player="Cinder"),
        Fold(line=21, player="Dovetail"),
        StreetStart(line=22, street="flop", board=("Jd", "8s", "3h")),
        Bet(line=23, player="Hero", amount=55),
        Call(line=24, player="Bramble", amount=55),
        StreetStart(line=25, street="turn", board=("Jd", "8s", "3h", "2c")),
        Bet(line=26, player="Hero", amount=120),
        Fold(line=27, player="Bramble"),
        Mucks(line=28, player="Hero"),
        Collected(line=29, player="Hero", amount=320, pot=None),
    ]


def test_classic_comma_decimals_and_all_in_line() -> None:
    """A euro table exported with comma decimals (``€24,60``, ``[€3,50 EUR]``), and a
    classic all-in line (``is all-In  [€17,90 EUR]``: the chips added) read as the raise
    it was: to €18.90 over Hero's €3.75."""
    hand = one("classic_comma_decimals_euro.txt")
    info = hand.info
    assert (info.currency, info.symbol, info.stakes) == ("EUR", "€", (10, 25))
    assert [s.stack for s in hand.seats] == [2460, 2500, 3115, 1890]
    betting = [e for e in hand.events if isinstance(e, Call | Raise)]
    assert betting == [
        Call(line=17, player="Ostrava", amount=25),
        Raise(line=18, player="Pinecone", to=100),
        Raise(line=20, player="Hero", to=375),
        Raise(line=22, player="Pinecone", to=1890, all_in=True),
        Call(line=23, player="Hero", amount=1515),
    ]
    assert hand.events[-1] == Collected(line=29, player="Pinecone", amount=3625, pot=0)


def test_classic_silent_post_both_is_left_as_printed() -> None:
    """A player who silently posted both blinds "checks" facing the big blind, and the
    winner collects chips nobody put in: the events say exactly that (a check facing a
    bet; $0.48 collected of $0.35 put in), so the rules can find it."""
    hand = one("classic_silent_post_both.txt")
    assert hand.events[3] == Check(line=14, player="Juniper")
    posts = [e for e in hand.events if isinstance(e, PostBlind)]
    assert [(p.player, p.amount) for p in posts] == [("Garnet", 5), ("Hero", 10)]
    put_in = sum(p.amount for p in posts) + 20
    collected = [e for e in hand.events if isinstance(e, Collected)]
    assert collected == [Collected(line=24, player="Juniper", amount=48, pot=None)]
    assert collected[0].amount > put_in
    # "does not show cards" of a player who folded moves nothing: a note.
    assert TableNote(line=23, kind="other", player="Hero",
                     text="does not show cards") in hand.events


def test_classic_tournament_blinds_not_printed_are_posted() -> None:
    """Classic tournament hands often print only the level (``Blinds(15/30)``): the small
    blind is posted left of the button, the big blind next, at the level's line."""
    hand = one("classic_tournament_blinds_not_printed.txt")
    info = hand.info
    assert (info.tournament, info.decimals, info.currency, info.stakes) == (
        "81234567", 0, "", (15, 30))
    assert list(hand.events[:4]) == [
        TableNote(line=10, kind="other"),  # Trny: 81234567 Level: 2
        PostBlind(line=11, player="Wombat", kind="small", amount=15),
        PostBlind(line=11, player="Kestrel", kind="big", amount=30),
        StreetStart(line=12, street="preflop"),
    ]
    assert Raise(line=14, player="Hero", to=90) in hand.events
    assert Call(line=16, player="Kestrel", amount=60) in hand.events
    assert hand.events[-1] == Collected(line=22, player="Hero", amount=315, pot=None)


def test_2018_rake_cash_out_and_balance_lines() -> None:
    """2018+: ``raises 5.25 to 5.50`` (chips added, then the street total), ``is all-In.``
    marking the call before it, the site's cash-out as a side payment, ``Main Pot: $71
    Rake: $3`` after rake, and the balance lines: cards shown, and what each collected
    (the cashed-out player's "collected" is the cash-out, not a share of the pot)."""
    hand = one("party2018_rake_and_cash_out.txt")
    info = hand.info
    assert (info.hand_id, info.game, info.limit, info.variant) == (
        "1773188045211kq7vmz3tb1", "omaha", "PL", "Omaha Hi (PL)")
    assert (info.stakes, info.currency, info.symbol) == ((25, 50), "USD", "$")
    assert (info.button_seat, info.table) == (2, "Table 7600001")
    assert info.started == "Tue Mar 10 20:14:05 EDT 2026"
    assert hand.dialect is DIALECT_2018
    betting = [e for e in hand.events if isinstance(e, Bet | Call | Raise)]
    assert betting == [
        Raise(line=14, player="Gantry", to=175),
        Raise(line=15, player="Hero", to=550),
        Call(line=17, player="Gantry", amount=375),
        Bet(line=20, player="Gantry", amount=800),
        Raise(line=21, player="Hero", to=3550),
        Call(line=22, player="Gantry", amount=2325, all_in=True),
    ]
    end = list(hand.events[hand.events.index(
        SidePayment(line=28, player="Gantry", amount=3890, kind="cashout")):])
    assert end == [
        SidePayment(line=28, player="Gantry", amount=3890, kind="cashout"),
        StreetStart(line=29, street="turn", board=("Kh", "Td", "4s", "Qd")),
        StreetStart(line=30, street="river", board=("Kh", "Td", "4s", "Qd", "2h")),
        ShowdownStart(line=31),
        PotSummary(line=32, total=7100, main=7100, rake=300),
        BoardSummary(line=33, cards=("Kh", "Td", "4s", "Qd", "2h")),
        Shows(line=35, player="Gantry", cards=("Ks", "Kc", "9h", "8d"),
              description="three of a kind, kings -- Ks,Kc,Kh,Qd,Td"),
        Shows(line=36, player="Hero", cards=("Ah", "Kd", "Qh", "Jc"),
              description="a straight, ten to ace -- Ah,Kh,Qd,Jc,Td"),
        Collected(line=36, player="Hero", amount=7525, pot=None),
    ]
    # What the balance lines state adds up: all put in = the pot's collection + rake.
    put_in = 50 + 3675 + 4100
    assert put_in == 7525 + 300


def test_2018_newest_first_file_is_handed_over_in_time_order() -> None:
    """The file lists its three hands newest first; they come out oldest first, with
    their own lines, and each hand's stacks are the last one's final stacks."""
    found = hands("party2018_newest_first_session.txt")
    assert [h.info.started[-17:-9] for h in found] == ["21:00:05", "21:00:31", "21:01:02"]
    assert [(h.first_line, h.last_line) for h in found] == [(58, 75), (32, 55), (1, 29)]
    assert [h.info.hand_id for h in found] == [
        "1773190805000ap5tgk1ye9", "1773190831000bq2hmx6wf7", "1773190862000cw4rnq8zd3"]
    walk = found[0]
    assert list(walk.events[-2:]) == [
        PotSummary(line=72, total=20, main=20, rake=0),
        Collected(line=75, player="Hero", amount=35, pot=None),  # his $0.15 excess inside
    ]
    for before, after in pairwise(found):
        finals = {s.player: s.stack for s in before.seats}
        for e in before.events:
            if isinstance(e, PostBlind | Call | Bet):
                finals[e.player] -= e.amount
            elif isinstance(e, Collected):
                finals[e.player] += e.amount
        commits: dict[str, int] = {}
        for e in before.events:
            if isinstance(e, StreetStart) and e.street != "preflop":
                commits = {}
            elif isinstance(e, PostBlind | Call | Bet):
                commits[e.player] = commits.get(e.player, 0) + e.amount
            elif isinstance(e, Raise):
                finals[e.player] -= e.to - commits.get(e.player, 0)
                commits[e.player] = e.to
        assert {s.player: s.stack for s in after.seats} == finals
