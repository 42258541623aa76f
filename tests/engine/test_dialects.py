"""The pots judged in each site's own terms (RULES.md §7a): the same chips presented the
way Winamax, GGPoker, PartyPoker, iPoker and PokerNow present them are not accused of
what is only their site's way of writing them, and their real faults are still found."""

from __future__ import annotations

from test_settle import Kit, codes, payouts, run

from auditor.config import Settings
from auditor.engine.result import ReplayResult
from auditor.model.dialect import Dialect
from auditor.model.events import (
    Collected,
    HouseMoney,
    PotSummary,
    ShowdownStart,
    Shows,
    SidePayment,
    StackChange,
)
from auditor.model.finding import Finding
from auditor.model.hand import Hand
from auditor.pipeline import settle_hand
from auditor.rules.pots.se001_stack_discontinuity import HandStacks, StackTracker

WINAMAX = Dialect(uncalled="in_collected", pot_labels="hints", total_pot="net_of_rake",
                  rake="stated")
GG = Dialect(uncalled="printed", pot_labels="none", total_pot="gross", rake="stated",
             house_money=True)
UNKNOWN_RAKE = Dialect(uncalled="in_collected", pot_labels="none", total_pot="absent",
                       rake="unknown")
DERIVED_RAKE = Dialect(uncalled="in_collected", pot_labels="none", total_pot="absent",
                       rake="derived")
NO_RAKE = Dialect(uncalled="printed", pot_labels="none", total_pot="absent", rake="none")


# --- the uncalled excess inside its owner's collection ------------------------------


def test_an_excess_inside_the_owners_collection_is_a_return() -> None:
    """A bets 10, B (big blind 2) folds: 8 uncalled. Winamax prints no return: A
    collects 12 and the total (after rake, excess included) is 12."""
    kit = Kit({"A": 100, "B": 100}, dialect=WINAMAX)
    kit.add(Collected, player="A", amount=12)
    kit.add(PotSummary, total=12)
    s = run(kit, {"A": 10, "B": 2}, folded={"B"})
    assert s.findings == []
    # the return is shown as what it is: 8 returned, 4 won
    assert payouts(s)["A"] == (10, 8, 4, 4, 2)


def test_an_excess_printed_as_a_side_pot_it_won_is_the_return() -> None:
    """The excess as its own collection under a label no replayed pot has ("side pot
    2"): the return, never an ineligible or wrong winner."""
    kit = Kit({"A": 100, "B": 100}, dialect=WINAMAX)
    kit.add(Collected, player="A", amount=4, pot=0)
    kit.add(Collected, player="A", amount=8, pot=2)
    kit.add(PotSummary, total=12)
    s = run(kit, {"A": 10, "B": 2}, folded={"B"})
    assert s.findings == []
    assert payouts(s)["A"] == (10, 8, 4, 4, 2)


def test_an_owner_who_collects_less_than_his_excess_is_sp001() -> None:
    kit = Kit({"A": 100, "B": 100}, dialect=WINAMAX)
    line = kit.add(Collected, player="A", amount=6)
    kit.add(PotSummary, total=6)
    s = run(kit, {"A": 10, "B": 2}, folded={"B"})
    assert "SP001" in [c for c, _ in codes(s)]
    first = next(f for f in s.findings if f.code == "SP001")
    assert (first.expected, first.observed, first.player) == (8, 6, "A")
    assert line


def test_the_winamax_total_is_after_rake_with_the_excess() -> None:
    kit = Kit({"A": 100, "B": 100}, dialect=WINAMAX)
    kit.add(Collected, player="A", amount=11)
    kit.add(PotSummary, total=11, rake=1)
    assert run(kit, {"A": 10, "B": 2}, folded={"B"}).findings == []
    kit = Kit({"A": 100, "B": 100}, dialect=WINAMAX)
    kit.add(Collected, player="A", amount=11)
    line = kit.add(PotSummary, total=12, rake=1)
    assert codes(run(kit, {"A": 10, "B": 2}, folded={"B"})) == [("SP002", line)]


# --- pots the history does not label ------------------------------------------------


def _main_and_side(dialect: Dialect, collected: list[tuple[str, int, int | None]]) -> Kit:
    """B all-in for 537, A and C to 1637: main 1611 (A, B, C), side 2200 (A, C). A and B
    tie the main pot (A-K high), C is beaten; A wins the side pot."""
    kit = Kit({"A": 5000, "B": 537, "C": 5000}, button=1, dialect=dialect)
    kit.board()
    kit.add(ShowdownStart)
    kit.add(Shows, player="A", cards=("Ah", "Kd"))
    kit.add(Shows, player="B", cards=("As", "Kh"))
    kit.add(Shows, player="C", cards=("Qc", "3c"))
    for player, amount, pot in collected:
        kit.add(Collected, player=player, amount=amount, pot=pot)
    kit.add(PotSummary, total=3811)
    return kit


CONTRIBUTED = {"A": 1637, "B": 537, "C": 1637}


def test_unlabelled_collections_are_fitted_to_the_pots() -> None:
    """GG OM181427818's shape: A 805 and B 806 split the main pot, A 2200 the side pot,
    all "from pot". Read as one pot it would be an unequal split (a false SP005)."""
    kit = _main_and_side(GG, [("A", 805, None), ("B", 806, None), ("A", 2200, None)])
    s = run(kit, CONTRIBUTED)
    assert s.findings == []
    assert payouts(s)["A"][2:4] == (3005, 3005)


def test_a_fitted_split_that_is_really_unequal_is_still_sp005() -> None:
    kit = _main_and_side(GG, [("A", 1000, None), ("B", 611, None), ("A", 2200, None)])
    assert "SP005" in [c for c, _ in codes(run(kit, CONTRIBUTED))]


def test_a_main_and_side_pot_won_by_one_player_may_be_printed_as_one() -> None:
    """Winamax merges a main and a side pot won by one player into one "main pot"."""
    kit = Kit({"A": 5000, "B": 537, "C": 5000}, button=1, dialect=WINAMAX)
    kit.board()
    kit.add(ShowdownStart)
    kit.add(Shows, player="A", cards=("Ah", "Ad"))
    kit.add(Shows, player="B", cards=("Qs", "Qh"))
    kit.add(Shows, player="C", cards=("Qc", "3c"))
    kit.add(Collected, player="A", amount=3811, pot=0)
    kit.add(PotSummary, total=3811)
    assert run(kit, CONTRIBUTED).findings == []


# --- house money and payments outside the pot --------------------------------------


def test_house_money_is_in_the_pot_and_the_total() -> None:
    """GG's Cash Drop: the house adds 20 to a pot of 20; A collects 40."""
    kit = Kit({"A": 100, "B": 100}, dialect=GG)
    kit.add(HouseMoney, amount=20)
    kit.board()
    kit.add(ShowdownStart)
    kit.add(Shows, player="A", cards=("Ah", "Ad"))
    kit.add(Shows, player="B", cards=("Qs", "Qh"))
    kit.add(Collected, player="A", amount=40, pot=None)
    kit.add(PotSummary, total=40)
    s = run(kit, {"A": 10, "B": 10})
    assert s.findings == []
    assert payouts(s)["A"] == (10, 0, 40, 40, 30)


def test_payments_outside_the_pot_are_in_the_players_money_not_in_the_pot() -> None:
    """GG EV Cashout: A wins the 20 pot and pays a cashout risk of 5 to the site."""
    kit = Kit({"A": 100, "B": 100}, dialect=GG)
    kit.board()
    kit.add(ShowdownStart)
    kit.add(Shows, player="A", cards=("Ah", "Ad"))
    kit.add(Shows, player="B", cards=("Qs", "Qh"))
    kit.add(Collected, player="A", amount=20, pot=None)
    kit.add(SidePayment, player="A", amount=-5, kind="cashout_risk")
    kit.add(PotSummary, total=20)
    s = run(kit, {"A": 10, "B": 10})
    assert s.findings == []
    assert payouts(s)["A"] == (10, 0, 15, 15, 5)


# --- rake as the site knows it --------------------------------------------------------


def _one_pot(dialect: Dialect, collected: int) -> tuple[Kit, int]:
    kit = Kit({"A": 100, "B": 100}, dialect=dialect)
    kit.board()
    kit.add(ShowdownStart)
    kit.add(Shows, player="A", cards=("Ah", "Ad"))
    kit.add(Shows, player="B", cards=("Qs", "Qh"))
    line = kit.add(Collected, player="A", amount=collected, pot=None)
    return kit, line


def test_an_unknown_rake_only_checks_that_no_more_came_out_than_went_in() -> None:
    assert run(_one_pot(UNKNOWN_RAKE, 19)[0], {"A": 10, "B": 10}).findings == []
    assert [c for c, _ in codes(run(_one_pot(UNKNOWN_RAKE, 21)[0], {"A": 10, "B": 10}))] \
        == ["SP007"]


def test_a_derived_rake_is_never_negative() -> None:
    assert run(_one_pot(DERIVED_RAKE, 19)[0], {"A": 10, "B": 10}).findings == []
    assert [c for c, _ in codes(run(_one_pot(DERIVED_RAKE, 21)[0], {"A": 10, "B": 10}))] \
        == ["SP007"]


def test_no_rake_means_every_chip_is_paid_out() -> None:
    assert run(_one_pot(NO_RAKE, 20)[0], {"A": 10, "B": 10}).findings == []
    assert [c for c, _ in codes(run(_one_pot(NO_RAKE, 19)[0], {"A": 10, "B": 10}))] \
        == ["SP007"]


def test_the_fit_does_not_depend_on_the_order_the_pots_are_printed() -> None:
    """PokerNow prints no labels and no fixed order: A's side pot (2200) comes first,
    and the first pot with room would take it, overpaying the main pot."""
    kit = _main_and_side(GG, [("A", 2200, None), ("A", 805, None), ("B", 806, None)])
    assert run(kit, CONTRIBUTED).findings == []
    small = Kit({"A": 5000, "B": 1000, "C": 5000}, button=1, dialect=GG)
    small.board()
    small.add(ShowdownStart)
    small.add(Shows, player="A", cards=("Ah", "Kd"))
    small.add(Shows, player="B", cards=("As", "Kh"))
    small.add(Shows, player="C", cards=("Qc", "3c"))
    for amount, player in ((600, "A"), (1500, "A"), (1500, "B")):
        small.add(Collected, player=player, amount=amount, pot=None)
    small.add(PotSummary, total=3600)
    assert run(small, {"A": 1300, "B": 1000, "C": 1300}).findings == []


# --- stacks between hands ---------------------------------------------------------------

LOG = Dialect(uncalled="printed", pot_labels="none", total_pot="absent", rake="none",
              topups_logged=True, hand_order="reverse")
SEQUENCED = Dialect(uncalled="in_collected", pot_labels="hints", total_pot="net_of_rake",
                    hand_id_sequence=True)


def _stacks_hand(dialect: Dialect, hand_id: str, stacks: dict[str, int],
                 changes: tuple[StackChange, ...] = ()) -> Hand:
    """A walk: B folds his 1, A (1 in) takes the 2."""
    kit = Kit(stacks, hand_id=hand_id, dialect=dialect)
    for change in changes:
        kit.events.append(change)
    kit.add(Collected, player="A", amount=2, pot=None)
    return kit.hand()


def _track(*hands: Hand) -> list[Finding]:
    tracker = StackTracker()
    found: list[Finding] = []
    for hand in hands:
        settled = settle_hand(hand, ReplayResult(contributed={"A": 1, "B": 1}, folded={"B"}),
                              Settings())
        found += tracker.feed(HandStacks.of(hand, settled.payouts))
    return found


def test_where_top_ups_are_logged_an_unlogged_rise_is_se001() -> None:
    """PokerNow logs every buy-in and host change: B ends hand 1 with 99 and starts hand
    2 with 150, with nothing logged between."""
    found = _track(_stacks_hand(LOG, "1", {"A": 100, "B": 100}),
                   _stacks_hand(LOG, "2", {"A": 101, "B": 150}))
    assert [(f.code, f.player, f.expected, f.observed) for f in found] == [
        ("SE001", "B", 99, 150)]


def test_logged_stack_changes_are_counted() -> None:
    added = StackChange(line=1, player="B", kind="top_up", amount=51)
    found = _track(_stacks_hand(LOG, "1", {"A": 100, "B": 100}),
                   _stacks_hand(LOG, "2", {"A": 101, "B": 150}, (added,)))
    assert found == []
    host = StackChange(line=1, player="B", kind="host_set", before=99, after=150)
    found = _track(_stacks_hand(LOG, "1", {"A": 100, "B": 100}),
                   _stacks_hand(LOG, "2", {"A": 101, "B": 150}, (host,)))
    assert found == []


def test_each_host_change_is_listed_as_se002() -> None:
    host = StackChange(line=1, player="B", kind="host_set", before=99, after=150)
    hand = _stacks_hand(LOG, "2", {"A": 101, "B": 150}, (host,))
    settled = settle_hand(hand, ReplayResult(contributed={"A": 1, "B": 1}, folded={"B"}))
    assert [(f.code, f.player, f.observed) for f in settled.findings] == [("SE002", "B", 51)]


def test_a_gap_in_a_tables_hand_count_means_hands_are_missing() -> None:
    """Winamax ids count a table's hands: #5334642-855 then #5334642-857 are not
    consecutive, so a changed stack between them is no finding; -856 would be."""
    first = _stacks_hand(SEQUENCED, "5334642-855-1", {"A": 100, "B": 100})
    gap = _stacks_hand(SEQUENCED, "5334642-857-1", {"A": 101, "B": 80})
    next_one = _stacks_hand(SEQUENCED, "5334642-856-1", {"A": 101, "B": 80})
    assert _track(first, gap) == []
    assert [f.code for f in _track(first, next_one)] == ["SE001"]
