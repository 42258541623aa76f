"""The summary's ``Seat N: name …`` lines: the reader's caches must find the names the
careful name matcher (``caching=False``) finds, whatever the names (a name that begins
another, one that is a line's own words, a seat line's look-alike)."""

from __future__ import annotations

import pytest

from auditor.model import events as ev
from auditor.model.hand import Hand
from auditor.parsing.blocks import blocks_of_text
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
    fast, again = PokerStarsReader(), PokerStarsReader()
    assert fast.read(block) == PokerStarsReader(caching=False).read(block)
    again.read(block)
    assert again.read(block) == fast.read(block)  # from the caches


def test_the_names_are_the_seats() -> None:
    """Plain names: each summary line names its seat's player."""
    (block,) = blocks_of_text(HAND.format(a="Bob", b="Bobby", c="Al", extra=""), "t.txt")
    hand = PokerStarsReader().read(block)
    assert isinstance(hand, Hand)
    summary = [(e.seat, e.player) for e in hand.events if isinstance(e, ev.SeatSummary)]
    assert summary == [(1, "Bob"), (3, "Bobby"), (4, "Al")]
