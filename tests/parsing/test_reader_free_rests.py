"""Lines the grammar reads as a player's name, a few words and any text (a bounty won, a
place finished): the reader keeps them by the name and those words alone, so that each
new eliminated player's name is not a new shape for the grammar. What it reads must be
what the careful reader (``caching=False``) reads, whatever the text and the names."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.parsing.blocks import blocks_of_text
from auditor.parsing.errors import Unreadable
from auditor.parsing.shape import PLAYER
from auditor.sites.clubs.reader import ClubReader
from auditor.sites.ggpoker.reader import GGPokerReader
from auditor.sites.pokerstars.reader import PokerStarsReader, _other_note

HAND = """\
PokerStars Hand #{number}: Tournament #1731156709, $12.30+$12.25+$2.45 USD Hold'em No Limit \
- Level XXI (900/1800) - 2016/11/26 22:47:57 CET [2016/11/26 16:47:57 ET]
Table '1731156709 1' 6-max Seat #3 is the button
Seat 3: {a} (42344 in chips, $39.79 bounty)
Seat 4: {b} (104656 in chips, $135.43 bounty)
{a}: posts small blind 900
{b}: posts big blind 1800
*** HOLE CARDS ***
{a}: calls 900
{b}: checks
*** FLOP *** [3s 6h Js]
{b}: bets 10800
{a}: raises 29744 to 40544 and is all-in
{b}: calls 29744
*** TURN *** [3s 6h Js] [6d]
*** RIVER *** [3s 6h Js 6d] [5h]
*** SHOW DOWN ***
{b}: shows [Ah Ac] (a full house, Sixes full of Aces)
{a}: shows [6s 7c] (three of a kind, Sixes)
{b} collected 84688 from pot
{lines}
*** SUMMARY ***
Total pot 84688 | Rake 0
Board [3s 6h Js 6d 5h]
Seat 3: {a} (button) (small blind) showed [6s 7c] and lost with three of a kind, Sixes
Seat 4: {b} (big blind) showed [Ah Ac] and won (84688) with a full house, Sixes full of Aces
"""

BOUNTIES = [
    "{b} wins $19.90 for eliminating {a} and their own bounty increases by $19.89 to $155.32",
    "{b} wins the $10 bounty for eliminating {a}",
    "{b} split the $5 bounty for eliminating {a}",
    "{a} finished the tournament in 2nd place and received $141.51.",
    "{a} finished the tournament in 2nd place",
    "{b} wins the tournament and receives $230.36 - congratulations!",
    "{b} re-buys and receives 1500 chips for $5.00",
    "{b} takes the last chip",
    # The name of a player the hand never seated, "{b} split 5 ways", who wins: not
    # {b}'s line, though it starts with {b}'s name and " split ".
    "{b} split 5 ways wins the pot",
]

NAMES = [
    ("MuKoJla", "Hero"),
    ("Alex", "Alex wins"),  # a seated name that begins the other's
    ("Alex wins", "Alex"),
    ("wins", "split"),  # names that are the lines' own words
    ("Ünïcode", "名前"),
]


def _events(reader: PokerStarsReader, text: str) -> list[object]:
    out: list[object] = []
    for block in blocks_of_text(text, "t.txt"):
        hand = reader.read(block)
        out.append(hand if isinstance(hand, Unreadable) else (hand.events, hand.seats))
    return out


def _hands(names: tuple[str, str], lines: list[str]) -> str:
    a, b = names
    return "\n\n".join(
        HAND.format(number=100 + i, a=a, b=b, lines=line.format(a=a, b=b))
        for i, line in enumerate(lines))


@pytest.mark.parametrize("names", NAMES, ids="|".join)
def test_free_rest_lines_read_as_the_careful_reader_reads_them(names: tuple[str, str]) -> None:
    # Each line twice, and each after every other: a line kept by its words is then
    # read from what an earlier line of those words left.
    text = _hands(names, [*BOUNTIES, *BOUNTIES, *reversed(BOUNTIES)])
    careful = _events(PokerStarsReader(caching=False), text)
    if names == NAMES[0]:  # (the others may make a line unreadable: the same both ways)
        assert all(not isinstance(hand, Unreadable) for hand in careful)
    assert _events(PokerStarsReader(), text) == careful


class _Counting:
    """A grammar that counts the lines it parses."""

    def __init__(self, parser: object) -> None:
        self.parser = parser
        self.parsed: list[str] = []

    def parse(self, text: str) -> object:
        self.parsed.append(text)
        return self.parser.parse(text)  # type: ignore[attr-defined]


def test_each_elimination_is_not_a_new_shape() -> None:
    eliminations = [
        f"{{b}} wins ${n}.10 for eliminating Player{n} and their own bounty increases by $1 to $2"
        for n in range(20)]
    reader = PokerStarsReader()
    counting = _Counting(reader.parser)
    reader.parser = counting  # type: ignore[assignment]
    text = _hands(("MuKoJla", "Hero"), eliminations)
    assert _events(reader, text) == _events(PokerStarsReader(caching=False), text)
    bounty_shapes = [s for s in counting.parsed if " for eliminating " in s]
    assert len(bounty_shapes) == 1  # the first one; the other 19 by its words


_REST = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n\x0b\x0c"
                              "\x1c\x1d\x1e\x85\u2028\u2029"), min_size=1, max_size=40)


@settings(max_examples=150, deadline=None)
@given(rests=st.lists(_REST, min_size=1, max_size=4),
       words=st.sampled_from(PokerStarsReader.FREE_RESTS),
       names=st.sampled_from(NAMES))
def test_any_free_rest_reads_as_the_careful_reader_reads_it(
        rests: list[str], words: str, names: tuple[str, str]) -> None:
    lines = [f"{{b}}{words}{rest}".replace("{", "{{").replace("}", "}}").replace(
        "{{b}}", "{b}", 1) for rest in rests]
    text = _hands(names, lines)
    assert _events(PokerStarsReader(), text) == _events(PokerStarsReader(caching=False), text)


@pytest.mark.parametrize("reader", [PokerStarsReader, GGPokerReader, ClubReader],
                         ids=lambda r: r.__name__)
@settings(max_examples=60, deadline=None)
@given(rest=_REST)
def test_every_grammar_reads_a_free_rest_as_the_one_note(reader: type[PokerStarsReader],
                                                        rest: str) -> None:
    # What the reader's keeping by words rests on: in each grammar built on PokerStars's,
    # whatever follows those words is the same note (were it not, the reader would keep
    # no such line by its words, and parse each).
    made = reader()
    for words in reader.FREE_RESTS:
        shape = f"{PLAYER}{words}{rest.strip() or 'x'}"
        try:
            recipe = made.recipe(shape, 1, shape)
        except Exception as exc:  # pragma: no cover - the assertion says which
            pytest.fail(f"{reader.__name__} cannot read {shape!r}: {exc}")
        assert recipe is _other_note, shape
