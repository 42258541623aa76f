"""The hand-written 888poker samples (``sample_histories/888``) read into exactly the
events they spell out."""

from __future__ import annotations

from pathlib import Path

from auditor.model.events import (
    Bet,
    Call,
    Check,
    Collected,
    Fold,
    HoleCards,
    Mucks,
    PostBlind,
    Raise,
    ShowdownStart,
    Shows,
    StreetStart,
)
from auditor.model.hand import Hand
from auditor.parsing import read_path
from auditor.sites.pacific import DIALECT

SAMPLES = Path(__file__).resolve().parents[3] / "sample_histories" / "888"


def one(name: str) -> Hand:
    (hand,) = list(read_path(SAMPLES / name))
    assert isinstance(hand, Hand), hand
    return hand


def test_plain_hand_bracketed_chips_added() -> None:
    """``raises [$0.75]`` and ``raises [$3.30]`` are the chips added; the winner's
    ``collected [ $3.76 ]`` is the pot after rake, without his uncalled $2.20."""
    hand = one("nl_holdem_plain.txt")
    info = hand.info
    assert (info.site, info.hand_id, info.game, info.limit, info.variant) == (
        "888", "612300011", "holdem", "NL", "No Limit Holdem")
    assert (info.stakes, info.currency, info.symbol) == ((10, 25), "USD", "$")
    assert (info.table, info.max_seats, info.button_seat) == ("Tarragona", 6, 2)
    assert info.started == "14 05 2015 21:30:44"
    assert hand.dialect is DIALECT and DIALECT.uncalled == "silent"
    assert (hand.first_line, hand.last_line) == (2, 26)
    assert list(hand.events) == [
        PostBlind(line=11, player="Hero888", kind="small", amount=10),
        PostBlind(line=12, player="steelpan", kind="big", amount=25),
        StreetStart(line=13, street="preflop"),
        HoleCards(line=14, player="Hero888", cards=("8d", "8c")),
        Fold(line=15, player="rivermoth"),
        Raise(line=16, player="kalimera7", to=75),
        Call(line=17, player="Hero888", amount=65),
        Fold(line=18, player="steelpan"),
        StreetStart(line=19, street="flop", board=("8s", "Kh", "2d")),
        Check(line=20, player="Hero888"),
        Bet(line=21, player="kalimera7", amount=110),
        Raise(line=22, player="Hero888", to=330),
        Fold(line=23, player="kalimera7"),
        Mucks(line=25, player="Hero888"),
        Collected(line=26, player="Hero888", amount=376, pot=None),
    ]


def test_all_in_excess_returned_without_a_line() -> None:
    """An all-in for more than the caller has: the all-ins come from the stacks (888
    prints none), the showdown from the summary, and the winner's collection is the pot
    only; the loser's $10 excess goes back without a line."""
    hand = one("nl_holdem_all_in_excess_returned.txt")
    betting = [e for e in hand.events if isinstance(e, Call | Raise)]
    assert betting == [
        Raise(line=14, player="Hero888", to=200),
        Raise(line=15, player="oakbarrel", to=600),
        Raise(line=17, player="Hero888", to=5000, all_in=True),
        Call(line=18, player="oakbarrel", amount=3400, all_in=True),
    ]
    assert list(hand.events[-4:]) == [
        ShowdownStart(line=22),
        Shows(line=23, player="oakbarrel", cards=("Kd", "Kh")),
        Shows(line=24, player="Hero888", cards=("Ac", "Qd")),
        Collected(line=25, player="oakbarrel", amount=7800, pot=None),
    ]
