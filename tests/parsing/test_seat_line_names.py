"""The summary's ``Seat N: name …`` lines, read (``summaries=True``): the reader's caches
must find the names the careful name matcher (``caching=False``) finds, whatever the names
(a name that begins another, one that is a line's own words, a seat line's look-alike)."""

from __future__ import annotations

import pytest

from auditor.model import events as ev
from auditor.model.hand import Hand
from auditor.parsing.blocks import blocks_of_text
from auditor.parsing.errors import Unreadable
from auditor.sites.pokerstars.reader import PokerStarsReader

HAND = """\
PokerStars Hand #61233409871:  Hold'em No Limit ($0.25/$0.50 USD) - 2011/05/02 22:14:51 ET
Table 'Thuban' 6-max Seat #4 is the button
Seat 1: {a} ($18.40 in chips)
Seat 3: {b} ($10 in chips)
Seat 4: {c} ($22.15 in chips)
{a}: posts small blind $0.25
{b}: posts big blind $0.50
*** HOLE CARDS ***
{c}: raises $1 to $1.50
{a}: folds
{b}: calls $1
*** FLOP *** [Qd 8c 3h]
{b}: checks
{c}: bets $2
{b}: folds
Uncalled bet ($2) returned to {c}
{c} collected $3 from pot
*** SUMMARY ***
Total pot $3 | Rake $0
Board [Qd 8c 3h]
Seat 1: {a} (small blind) folded before Flop
Seat 3: {b} (big blind) folded on the Flop
Seat 4: {c} (button) collected ($3)
{extra}"""

NAMES = [
    ("glasswing", "Hero", "porcupine_pi"),
    ("Bob", "Bobby", "Bo"),  # names that begin others: the careful way
    ("Ann", "Ann (1)", "Ann (button)"),
    ("Ann (button)", "Ann (1)", "Ann"),  # the button's own name begins another's
    ("x", "x y", "Seat 1: x"),
    ("folded", "collected", "button"),  # names that are the lines' own words
    ("Ünïcode", "名前", "a:b"),
]


@pytest.mark.parametrize("names", NAMES, ids=lambda n: "|".join(n))
@pytest.mark.parametrize("extra", ["", "Seat 7: ghost folded before Flop",
                                   "Seat 3: someone else folded before Flop"])
def test_summary_names_as_the_careful_matcher_finds_them(names: tuple[str, str, str],
                                                         extra: str) -> None:
    a, b, c = names
    text = HAND.format(a=a, b=b, c=c, extra=extra)
    (block,) = blocks_of_text(text, "t.txt")
    fast, again = PokerStarsReader(summaries=True), PokerStarsReader(summaries=True)
    assert fast.read(block) == PokerStarsReader(caching=False, summaries=True).read(block)
    again.read(block)
    assert again.read(block) == fast.read(block)  # from the caches


def test_the_names_are_the_seats() -> None:
    """Plain names: each summary line names its seat's player."""
    (block,) = blocks_of_text(HAND.format(a="Bob", b="Bobby", c="Al", extra=""), "t.txt")
    hand = PokerStarsReader(summaries=True).read(block)
    assert isinstance(hand, Hand)
    summary = [(e.seat, e.player) for e in hand.events if isinstance(e, ev.SeatSummary)]
    assert summary == [(1, "Bob"), (3, "Bobby"), (4, "Al")]


def test_the_audit_counts_the_summary_seat_lines_without_reading_them() -> None:
    (block,) = blocks_of_text(HAND.format(a="Bob", b="Bobby", c="Al", extra=""), "t.txt")
    counted, read = PokerStarsReader().read(block), PokerStarsReader(summaries=True).read(block)
    assert isinstance(counted, Hand) and isinstance(read, Hand)
    assert not [e for e in counted.events if isinstance(e, ev.SeatSummary)]
    assert counted.events == tuple(e for e in read.events if not isinstance(e, ev.SeatSummary))


@pytest.mark.parametrize("summaries", [False, True])
@pytest.mark.parametrize("indent", ["", "  ", "\xa0"])
def test_a_summary_cut_short_is_reported_either_way(summaries: bool, indent: str) -> None:
    text = HAND.format(a="Bob", b="Bobby", c="Al", extra="")
    cut = text[: text.index("Seat 3: Bobby (big blind)")].replace("\nSeat 1:", f"\n{indent}Seat 1:")
    (block,) = blocks_of_text(cut, "t.txt")
    hand = PokerStarsReader(summaries=summaries).read(block)
    assert isinstance(hand, Unreadable) and hand.code == "HH001"
    assert "the hand ends inside its summary: it lists 1 of the 3 seated players" in hand.message


@pytest.mark.parametrize("summaries", [False, True])
def test_a_seat_of_the_list_inside_the_summary_is_read_as_before(summaries: bool) -> None:
    """A line of the summary that could be a seat of the hand's list (``… in chips)``,
    glued in by a broken export) is read, not counted, whether summaries are read or not:
    the grammar takes it for the summary line of a player the hand never seated."""
    text = HAND.format(a="Bob", b="Bobby", c="Al", extra="Seat 5: Zed ($5 in chips)")
    (block,) = blocks_of_text(text, "t.txt")
    hand = PokerStarsReader(summaries=summaries).read(block)
    assert isinstance(hand, Hand)
    assert hand.events[-1] == ev.SeatSummary(line=24, seat=5, player="Zed ($5 in chips)")
