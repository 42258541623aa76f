"""The hand-written GGPoker samples (``sample_histories/ggpoker``) read into the events they
spell out: one scenario per file, amounts in cents (chips in the tournament), lines as in
the file. Each file adds up (contributions − returns + Cash Drop = Total pot = collected +
fees), and each showdown is won by the best hand."""

from __future__ import annotations

from pathlib import Path

from auditor.api import audit_paths
from auditor.model import events as ev
from auditor.model.hand import Hand
from auditor.parsing import read_path
from auditor.report.reader import read_report
from auditor.sites.ggpoker import DIALECT

SAMPLES = Path(__file__).resolve().parents[3] / "sample_histories" / "ggpoker"


def hand_of(name: str) -> Hand:
    (hand,) = list(read_path(SAMPLES / name))
    assert isinstance(hand, Hand), hand
    return hand


def of(hand: Hand, cls: type) -> list:
    return [e for e in hand.events if type(e) is cls]


def test_plain_cash_hand() -> None:
    hand = hand_of("cash_plain.txt")
    info = hand.info
    assert (info.site, info.hand_id, info.game, info.limit) == ("ggpoker", "RC4100000101",
                                                                 "holdem", "NL")
    assert (info.stakes, info.currency, info.decimals) == ((2, 5), "USD", 2)
    assert (info.table, info.max_seats, info.button_seat) == ("RushAndCash20000101", 6, 1)
    assert info.started == "2025/10/01 20:14:05"
    assert hand.dialect is DIALECT
    assert [(s.seat, s.player, s.stack) for s in hand.seats][:2] == [(1, "7f3a9c21", 500),
                                                                       (2, "Hero", 540)]
    assert hand.events[:4] == (
        ev.PostBlind(line=9, player="Hero", kind="small", amount=2),
        ev.PostBlind(line=10, player="c04e81b9", kind="big", amount=5),
        ev.StreetStart(line=11, street="preflop"),
        # Opponents dealt without cards tell nothing more: only the exporter's deal.
        ev.HoleCards(line=13, player="Hero", cards=("Td", "9d")),
    )
    assert ev.Raise(line=19, player="e91b3f06", to=15, by=10) in hand.events
    assert ev.Call(line=22, player="Hero", amount=13) in hand.events
    assert of(hand, ev.UncalledReturned) == [
        ev.UncalledReturned(line=32, player="e91b3f06", amount=50)]
    # GG never says which pot a collection is from.
    assert of(hand, ev.Collected) == [
        ev.Collected(line=34, player="e91b3f06", amount=71, pot=None)]
    assert of(hand, ev.PotSummary) == [ev.PotSummary(
        line=36, total=75, rake=3,
        fees=(("Jackpot", 1), ("Bingo", 0), ("Fortune", 0), ("Tax", 0)))]
    # The summary's seat lines and its one board restate the hand: not read.
    assert not of(hand, ev.SeatSummary) and not of(hand, ev.BoardSummary)
    assert hand.last_line == 43


def test_all_in_with_two_side_pots_collected_unlabelled() -> None:
    hand = hand_of("allin_two_side_pots.txt")
    assert [e for e in hand.events if type(e) in (ev.Raise, ev.Call)] == [
        ev.Raise(line=14, player="0c1d2e3f", to=30, by=20),
        ev.Call(line=15, player="Hero", amount=30),
        ev.Raise(line=16, player="a1b2c3d4", to=250, by=220, all_in=True),
        ev.Raise(line=17, player="9f8e7d6c", to=600, by=350, all_in=True),
        ev.Raise(line=18, player="0c1d2e3f", to=1200, by=600, all_in=True),
        ev.Call(line=19, player="Hero", amount=970, all_in=True),
    ]
    # Main pot 10, side pots 10.50 and 8: three lines, none naming its pot.
    assert [(c.player, c.amount, c.pot) for c in of(hand, ev.Collected)] == [
        ("a1b2c3d4", 920, None), ("9f8e7d6c", 1050, None), ("Hero", 800, None)]
    assert of(hand, ev.Shows)[0].cards == ("Kd", "Kh")


def test_straddle_and_re_straddle_all_in() -> None:
    """GG prints a re-straddle as the straddler's new total ($4.30); the post adds $4.10."""
    hand = hand_of("straddle_restraddle_allin.txt")
    assert of(hand, ev.PostBlind) == [
        ev.PostBlind(line=8, player="4e5f6a7b", kind="small", amount=5),
        ev.PostBlind(line=9, player="8c9d0e1f", kind="big", amount=10),
        ev.PostBlind(line=10, player="Hero", kind="straddle", amount=20),
        ev.PostBlind(line=11, player="Hero", kind="straddle", amount=410, all_in=True),
    ]
    assert ev.Call(line=19, player="6f7e8d9c", amount=430) in hand.events
    assert (hand.info.game, hand.info.limit, hand.info.variant) == ("omaha", "PL", "PLO")


def test_missed_blind_is_dead() -> None:
    hand = hand_of("missed_blind.txt")
    assert of(hand, ev.PostBlind)[2:] == [
        ev.PostBlind(line=10, player="fedcba98", kind="dead", amount=100, dead=100),
        ev.PostBlind(line=11, player="fedcba98", kind="big", amount=200),
    ]
    assert ev.Raise(line=18, player="fedcba98", to=700, by=500) in hand.events


def test_run_it_three_times() -> None:
    hand = hand_of("run_it_three_times.txt")
    streets = of(hand, ev.StreetStart)
    assert [(s.line, s.street, s.run) for s in streets[2:]] == [
        (21, "turn", 1), (22, "river", 1), (23, "turn", 2), (24, "river", 2),
        (25, "turn", 3), (26, "river", 3)]
    assert [(c.player, c.amount, c.pot, c.run) for c in of(hand, ev.Collected)] == [
        ("Hero", 3700, None, 1), ("1f2e3d4c", 3700, None, 2), ("Hero", 3700, None, 3)]
    # "SECOND Board [9s 5h]" lists only the cards dealt again: the whole board is kept.
    assert of(hand, ev.BoardSummary) == [
        ev.BoardSummary(line=36, cards=("Ah", "7d", "2c", "Ac", "Kh"), run=1),
        ev.BoardSummary(line=37, cards=("Ah", "7d", "2c", "9s", "5h"), run=2),
        ev.BoardSummary(line=38, cards=("Ah", "7d", "2c", "Kd", "Tc"), run=3),
    ]


def test_cash_drop_is_house_money() -> None:
    hand = hand_of("cash_drop.txt")
    assert hand.events[0] == ev.HouseMoney(line=6, amount=50, text="Cash Drop")
    (summary,) = of(hand, ev.PotSummary)
    assert summary.total == 63  # 13 put in by the players + the 50 Cash Drop


def test_ev_cashout_risk_is_paid_outside_the_pot() -> None:
    hand = hand_of("ev_cashout.txt")
    assert ev.TableNote(line=24, kind="other", player="Hero", text="EV Cashout") in hand.events
    assert of(hand, ev.SidePayment) == [
        ev.SidePayment(line=26, player="Hero", amount=-199, kind="cashout_risk")]
    assert of(hand, ev.Collected) == [ev.Collected(line=28, player="Hero", amount=975, pot=None)]


def test_all_in_insurance_premium_is_paid_outside_the_pot() -> None:
    hand = hand_of("allin_insurance.txt")
    assert of(hand, ev.SidePayment) == [ev.SidePayment(
        line=26, player="1c2d3e4f", amount=-100, kind="insurance_premium")]
    # The 2020 summary states the total alone: no rake, no fees.
    assert of(hand, ev.PotSummary) == [ev.PotSummary(line=30, total=4100)]


def test_short_deck() -> None:
    hand = hand_of("short_deck.txt")
    info = hand.info
    assert (info.game, info.variant, info.hole_cards) == ("sixplus", "ShortDeck No Limit", 2)
    # One stake: the ante, which the button blind equals.
    assert (info.stakes, info.ante) == ((2, 2), 2)
    assert of(hand, ev.PostBlind)[-1] == ev.PostBlind(line=11, player="0a1b2c3d",
                                                       kind="button", amount=2)


def test_tournament_with_antes() -> None:
    hand = hand_of("tournament_ante.txt")
    info = hand.info
    assert (info.hand_id, info.tournament, info.decimals, info.currency) == (
        "TM4100000909", "88001234", 0, "")
    # The level's blinds; the tournament's name ("Zodiac Bounty $10.80, $2,000 GTD") is
    # not game words.
    assert (info.stakes, info.variant, info.game) == ((150, 300), "Hold'em No Limit", "holdem")
    assert [s.stack for s in hand.seats] == [12450, 8200, 15930, 3100]
    assert of(hand, ev.PostBlind)[0] == ev.PostBlind(line=7, player="Hero", kind="ante",
                                                     amount=40)
    assert ev.Raise(line=20, player="7e8f9a0b", to=3060, by=2310, all_in=True) in hand.events
    assert of(hand, ev.Collected) == [ev.Collected(line=29, player="f0e1d2c3", amount=6580,
                                                   pot=None)]


def _contributions(hand: Hand) -> int:
    total = 0
    street: dict[str, int] = {}
    for e in hand.events:
        if type(e) is ev.StreetStart and e.street != "preflop":
            street = {}
        elif type(e) is ev.PostBlind:
            total += e.amount
            if e.kind not in ("ante", "dead"):
                street[e.player] = street.get(e.player, 0) + e.amount - e.dead
        elif type(e) in (ev.Call, ev.Bet):
            total += e.amount
            street[e.player] = street.get(e.player, 0) + e.amount
        elif type(e) is ev.Raise:
            total += e.to - street.get(e.player, 0)
            street[e.player] = e.to
    return total


def pot_identities(hand: Hand) -> tuple[int, int, int]:
    """(contributions − returns + Cash Drop, collected + rake + fees, Total pot)."""
    back = sum(e.amount for e in of(hand, ev.UncalledReturned))
    house = sum(e.amount for e in of(hand, ev.HouseMoney))
    collected = sum(e.amount for e in of(hand, ev.Collected))
    (summary,) = of(hand, ev.PotSummary)
    fees = summary.rake + sum(a for _, a in summary.fees)
    return _contributions(hand) - back + house, collected + fees, summary.total


def test_every_sample_adds_up() -> None:
    for path in sorted(SAMPLES.glob("*.txt")):
        hand = hand_of(path.name)
        put_in, paid, total = pot_identities(hand)
        assert put_in == paid == total, path.name


def test_the_samples_through_the_auditor(tmp_path: Path) -> None:
    """Every sample is audited and clean: the Cash Drop is house money in the pot, the
    re-straddle is the straddler's new total, the missed blind is dead (the uncalled
    excess is over the live bets), the short-deck flush beats the full house and the
    unlabelled side pots fit."""
    run = audit_paths([SAMPLES], tmp_path, jobs=1)
    assert run.summary.hands_by_status["audited"] == 10
    findings = read_report(tmp_path)["findings"]
    assert list(zip(findings["source"], findings["code"], strict=True)) == []


def test_all_in_insurance_compensation_is_a_payment_to_the_player() -> None:
    """GG's third insurance line (known to other GG parsers, not in the corpus): the site
    pays the insured player."""
    from auditor.parsing import read_text

    text = (SAMPLES / "allin_insurance.txt").read_text(encoding="utf-8").replace(
        "1c2d3e4f: pay premium of all-in insurance ($1)\n",
        "1c2d3e4f: pay premium of all-in insurance ($1)\n"
        "Hero: get main compensation of all-in insurance ($2.5)\n")
    (hand,) = read_text(text)
    assert isinstance(hand, Hand)
    assert of(hand, ev.SidePayment)[-1] == ev.SidePayment(
        line=27, player="Hero", amount=250, kind="insurance_payout")


def test_a_damaged_hand_is_hh001_with_its_header_facts() -> None:
    from auditor.parsing import Unreadable, read_text

    text = (SAMPLES / "cash_plain.txt").read_text(encoding="utf-8")
    for damaged, line in ((text.replace("Seat 2: Hero", "Seat $2: Hero"), 4),
                          (text.replace("Hero: calls $0.13", "Hero: calls $0.13 and"), 22),
                          (text.split("*** SUMMARY ***")[0], 34)):
        (hand,) = read_text(damaged)
        assert isinstance(hand, Unreadable) and hand.code == "HH001", damaged
        assert hand.line == line and hand.hand_id == "RC4100000101"
        assert hand.info is not None and hand.info.stakes == (2, 5)
