"""The PartyPoker reader's quick looks before its regular expressions, held to them:
where glued lines part (``_glue_end``, by string methods where compiled), the first
characters and words that let a line skip ``_FREE`` and ``_LOW_LINE``, where the game
line's date and start-time searches start, the lines before the seats read once, the seat
lines by string methods (``seat_fields``), and the records kept by what follows a name."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from auditor.sites.partypoker.reader import (
    _FREE,
    _FREE_FIRST,
    _GLUE,
    _LOW_LINE,
    _SEAT,
    _START,
    _WHEN,
    PartyPokerReader,
    Table,
    _first_dash,
    _first_month,
    _glue_end,
    _glue_end_by_methods,
    seat_fields,
    start_key,
)


def _by_pattern(tail: str) -> int:
    m = _GLUE.search(tail)
    return -1 if m is None else m.end()


@pytest.mark.parametrize("tail", [
    " folds.Player2 calls $1",
    " shows [ 5h, 5d ]two pairs, Aces and Queens.Player4 wins $3.20",
    " calls $0.50",
    " is sitting outPlayer3 folds",
    " is sitting out",
    " is sitting out ",
    "sitting out.x",
    "sitting outsitting out",
    "a..b",
    "x. y",
    "x.\xa0y",  # a space of another kind
    "x.٣",  # another kind of digit
    ".",
    "",
])
def test_glue_end_as_the_pattern(tail: str) -> None:
    # Both ways, whichever this build uses (``shape.BY_METHODS``).
    assert _glue_end_by_methods(tail) == _glue_end(tail) == _by_pattern(tail)


@given(st.lists(st.sampled_from(["sitting out", "sitting", " out", ".", "..", " ", "\xa0",
                                 "3", "٣", "P", "layer", "\t"]), max_size=10).map("".join))
def test_glue_end_as_the_pattern_on_any_text(tail: str) -> None:
    assert _glue_end_by_methods(tail) == _by_pattern(tail)


@given(st.text())
def test_glue_end_as_the_pattern_on_arbitrary_text(tail: str) -> None:
    assert _glue_end_by_methods(tail) == _by_pattern(tail)


@pytest.mark.parametrize("text", [
    "Game #11614201761 starts.",
    "#Game No : 11614201761",
    "Your time bank will be activated in 5 secs.",
    ">You have options at Table",
    "Player Bob finished in 3rd place",
    "Congratulations to player Bob for winning",
    "Creating Main Pot with $1.20 with Bob",
    "Creating Side Pot 1 with $0.40",
    "(Hi: Bob wins)",
    "(Lo: none)",
])
def test_what_free_matches_starts_with_a_first_character_it_lists(text: str) -> None:
    assert _FREE.match(text) is not None
    assert text[:1] in _FREE_FIRST


def test_every_start_free_can_match_is_listed() -> None:
    # The expression parsed: one branch of alternatives, each starting with a literal
    # character, and every such character in _FREE_FIRST.
    (op, (_, alternatives)), = re._parser.parse(_FREE.pattern)  # type: ignore[attr-defined]
    assert str(op) == "BRANCH"
    firsts = set()
    for alternative in alternatives:
        op, code = alternative[0]
        assert str(op) == "LITERAL"
        firsts.add(chr(code))
    assert firsts == set(_FREE_FIRST)


def test_a_low_line_starts_with_shows() -> None:
    assert _LOW_LINE.pattern.startswith(" shows")


# --- the game line's date, and the lines before the seats --------------------------------

_GAME_LINES = [
    "$5,000 USD NL Texas Hold'em - Tuesday, April 03, 21:18:30 EDT 2012",
    "$0.25/$0.50 USD PL Omaha Hi-Lo - Saturday, March 16, 04:14:48 EDT 2013",
    "NL Texas Hold'em $0.05 USD Buy-in Trny:58743914 Level:1  Blinds(10/20) - "
    "Sunday, September 08, 12:00:10 CEST 2013",
    "$1 USD NL Texas Hold'em Game Table (NL) - Mon Feb 09 10:37:12 CET 2019",
    "Omaha Hi-Sat Dec 01 - Sun Dec 02 23:59:59 2018",  # a weekday in the words
    "Dec 12 - 12:00:00 x 2012",
    "no date at all", "-", " - Mon", "\u3000-\u3000Friday", "Marathon - Mayday",
]
_DATE_TEXT = st.lists(st.sampled_from([
    " - ", "-", " ", "\u3000", "Mon", "day", "Sunday", "Dec", "ember", " 09", ",", "12:00:10",
    "2012", "NL", "Hi-Lo", "Hold'em", "x", "1", "_", "É"]), max_size=14).map("".join)


def _same_found(pattern: re.Pattern[str], line: str, at: int) -> bool:
    """Whether ``pattern`` searched from ``at`` finds what the search from the line's
    start finds (span and groups)."""
    whole, start = pattern.search(line), pattern.search(line, at)
    return (whole is None and start is None) or (
        whole is not None and start is not None and whole.span() == start.span()
        and whole.groups() == start.groups())


def _same_date(line: str) -> bool:
    """``_WHEN`` from the white space before the first dash."""
    return _same_found(_WHEN, line, _first_dash(line))


@pytest.mark.parametrize("line", _GAME_LINES)
def test_the_date_search_starts_where_a_match_can(line: str) -> None:
    assert _same_date(line), line


@given(_DATE_TEXT)
def test_the_date_search_starts_where_a_match_can_on_any_text(line: str) -> None:
    assert _same_date(line)


@given(st.text())
def test_the_date_search_starts_where_a_match_can_on_arbitrary_text(line: str) -> None:
    assert _same_date(line)


@pytest.mark.parametrize("line", [
    "Table Bench 0001 (Real Money)", "Table  Spring 7 ( Play Money ) -- Seat 3 is the button",
    "Table Oddly named", "Seat 2 is the button", "Total number of players : 6/9",
    "Total number of players : 6", "Seat 1: Bob ( $2 USD )", "Bob posts small blind [$1]"])
def test_a_line_before_the_seats_sets_the_same_read_once_or_every_time(line: str) -> None:
    cached, reference = PartyPokerReader(), PartyPokerReader(caching=False)
    for _ in range(2):  # (the second time from the cache)
        a, b = Table(), Table()
        assert cached.set_up(line, a) == reference.set_up(line, b)
        assert (a.name, a.button, a.max_seats) == (b.name, b.button, b.max_seats)
    assert list(cached.set_ups) == [line]  # read once, kept


def _seat_by_pattern(text: str) -> tuple[str, ...] | None:
    m = _SEAT.match(text)
    return None if m is None else m.groups()


@pytest.mark.parametrize("text", [
    "Seat 6: DirkDiggIer_0001 ( $5,000 USD )", "Seat 10: Hero ( 1,500 )", "Seat 1: a (3)",
    "Seat 2: marlboro man_0001 ( $45.70 USD )", "Seat 3: x ( $1 ) - sitting out",
    "Seat 4: bob (the builder) ( $2 )", "Seat 5: ( $2 )", "Seat 5:  ( $2 )", "Seat 6: y ( $ )",
    "Seat 7: z (\u00a0€2\u3000)", "Seat ٣: w ( 5 )", "Seat 8:x ( 5 )", "Seat  9: v ( 5 )",
    "seat 1: lower ( 5 )", "Seat1: glued ( 5 )", "Seat 2 is the button", "Seat 1: n ( 5 ))",
    "Seat 1: n (( 5 )", "Seat 1: a: b ( 7 )", "Seat 1: n ( 5 )x", "Seat 12345678901: n ( 5 )",
    "Seat 1: t ( \t5 )", "Seat 1: t ( 5\x1c)", "Seat 1: t (\x855 )", "Seat 1: d ( \u0663 )",
    "Seat \u00b2: s ( 5 )", "Seat 1: e (  )", "Seat 1: e ( $ 5 USD\u00a0)", "Seat 1: f ( x5y )",
    # The lines around the seats, which the pattern's first word turns away, and near ones.
    "Table Bench 0001 (Real Money)", "Kanu7_0001 posts small blind [$25 USD].", "Seat",
    "SEAT 1: a ( 5 )", " Seat 1: a ( 5 )", "seat1: b ( 5 ) - x", "Seat 2 is the button)"])
def test_seat_fields_as_the_pattern(text: str) -> None:
    assert seat_fields(text) == _seat_by_pattern(text)


@given(st.lists(st.sampled_from([
    "Seat ", "seat", "1", "٣", "12", ": ", ":", " ", "\u00a0", "(", ")", " (", " )", "$",
    "5,000", "USD", "name", " - ", "-", "x", "\u3000", "\t", "\x1c", "\x85", "\u00b2"]),
    max_size=12).map("".join))
def test_seat_fields_as_the_pattern_on_any_text(text: str) -> None:
    assert seat_fields(text) == _seat_by_pattern(text)


@given(st.text())
def test_seat_fields_as_the_pattern_on_arbitrary_text(text: str) -> None:
    assert seat_fields(text) == _seat_by_pattern(text)


_SAME_WORDS = """\
***** Hand History for Game 10000000001 *****
$50 USD PL Texas Hold'em - Tuesday, April 03, 03:48:45 EDT 2012
Table Bench 0001 (Real Money)
Seat 2 is the button
Total number of players : 3/6
Seat 1: Ann ( $97.65 USD )
Seat 2: Ann B ( $45.70 USD )
Seat 3: Cy ( $50 USD )
Ann posts small blind [$0.25 USD].
Cy posts big blind [$0.50 USD].
** Dealing down cards **
Ann B calls [$0.50 USD]
Ann calls [$0.25 USD]
Cy checks
** Dealing Flop ** [ Kh, 7c, 2h ]
Ann checks
Cy checks
Ann B bets [$0.50 USD]
Ann calls [$0.50 USD]
Cy calls [$0.50 USD]
** Dealing Turn ** [ Ts ]
Ann checks
Cy checks
Ann B checks
** Dealing River ** [ Tc ]
Ann checks
Cy checks
Ann B checks
Ann shows [ 2c, Qs ]two pairs, Tens and Twos.
Cy shows [ 2d, Qd ]two pairs, Tens and Twos.
Ann B shows [ 7s, 9h ]two pairs, Tens and Sevens.
Ann B wins $3.00 USD from the main pot with two pairs, Tens and Sevens.
"""


def test_the_same_words_after_another_name_make_that_player_s_record() -> None:
    """A line whose words after the name were read before for another player (kept by
    those words, ``BracketReader.named``) is the new player's, as the grammar reads it;
    "Ann" is the start of "Ann B"."""
    from auditor.model import events as ev
    from auditor.parsing.blocks import blocks_of_text

    (block,) = list(blocks_of_text(_SAME_WORDS, "same-words.txt"))
    cached, reference = PartyPokerReader(), PartyPokerReader(caching=False)
    hand = cached.read(block)
    assert hand == reference.read(block) == cached.read(block)
    calls = [(e.player, e.amount) for e in hand.events if type(e) is ev.Call]
    assert calls == [("Ann B", 50), ("Ann", 25), ("Ann", 50), ("Cy", 50)]
    checks = [e.player for e in hand.events if type(e) is ev.Check]
    assert checks == ["Cy", "Ann", "Cy", "Ann", "Cy", "Ann B", "Ann", "Cy", "Ann B"]
    shown = [(e.player, e.cards) for e in hand.events if type(e) is ev.Shows]
    assert shown == [("Ann", ("2c", "Qs")), ("Cy", ("2d", "Qd")), ("Ann B", ("7s", "9h"))]
    assert cached.named[2], "the words kept by what follows the names"


def _same_start(line: str) -> bool:
    """``_START`` from the first month's name."""
    return _same_found(_START, line, _first_month(line))


_MONTH_TEXT = st.lists(st.sampled_from([
    "Jan", "Ja", "Dec", "De", "ember", "April", "Apr", "Ap", "May", "ay", " ", ",", "03", "3",
    "12:00:10", "1:00:10", ":", "2012", "201", " - ", "Tuesday", "x", "É"]), max_size=14
).map("".join)


@pytest.mark.parametrize("line", [*_GAME_LINES, "AprApril 03, 21:18:30 EDT 2012",
                                  "MaApr 3 1:00:00 2012", "Mar Apr 03, 21:18:30 2012"])
def test_the_start_search_starts_where_a_match_can(line: str) -> None:
    assert _same_start(line), line
    assert start_key(line) == _key_by_pattern(line)


@given(_MONTH_TEXT)
def test_the_start_search_starts_where_a_match_can_on_any_text(line: str) -> None:
    assert _same_start(line)


@given(st.text())
def test_the_start_search_starts_where_a_match_can_on_arbitrary_text(line: str) -> None:
    assert _same_start(line)


def _key_by_pattern(line: str) -> tuple[int, ...] | None:
    m = _START.search(line)
    if m is None:
        return None
    month, day, hh, mm, ss, year = m.groups()
    months = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
              "Dec")
    return (int(year), months.index(month) + 1, int(day), int(hh), int(mm), int(ss))
