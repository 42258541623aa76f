"""The ACR/WPN reader's quick reads, held to what they replace: the seated name before a
verb found by looking up each space (not by trying every seated name), the verb by its
word (not the verbs' regex), a line with descriptions split without the whole pattern's
look at every character, the button and seat lines by string methods (the seats where
compiled), and the 2014–16 ``Game ID`` line read once a table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from auditor.parsing.blocks import blocks_of_text
from auditor.sites.winning.reader import (
    _AMOUNT,
    _CLASSIC_AFTER,
    _CLASSIC_BUTTON,
    _CLASSIC_DESC_ALONE,
    _CLASSIC_DESC_AT,
    _CLASSIC_FIELDS,
    _CLASSIC_SEAT,
    _CLASSIC_VERB_WORDS,
    _ENDED_AT,
    _GAME_ENDED,
    _MODERN_AFTER,
    _MODERN_DESC_ALONE,
    _MODERN_DESC_AT,
    _MODERN_FIELDS,
    _MODERN_SEAT,
    _MODERN_VERB_WORDS,
    _PLAIN_FIELDS,
    WinningReader,
    _button_seat,
    _classic_name,
    _modern_name,
    _seat_fields,
    _seat_fields_by_pattern,
    _seated_before_verb,
    _split,
    _split_between,
    _split_free,
    _verb_at,
)

SAMPLES = Path(__file__).resolve().parents[3] / "sample_histories" / "wpn"


def _by_trying_each(text: str, start: int, names: list[str], after: re.Pattern[str]) -> int:
    """The reader's former way: every seated name, longest first."""
    for name in names:
        if text.startswith(name, start) and after.match(text, start + len(name)):
            return start + len(name)
    return -1


def _names(seated: set[str]) -> tuple[list[str], frozenset[str]]:
    return sorted(seated, key=len, reverse=True), frozenset(seated)


LISTED = [
    ("Player Ann folds", {"Ann", "Bob"}),
    ("Player Ann Lee folds", {"Ann", "Ann Lee"}),  # the longer name wins
    ("Player Ann Lee folds", {"Ann"}),  # "Ann" then " Lee": no verb
    ("Player Ann is sitting out", {"Ann", "Ann is"}),
    ("Player Ann is is sitting", {"Ann", "Ann is"}),
    ("*Player Ann shows: x", {"Ann"}),
    ("Player  folds", {"", "Ann"}),  # the export's lost name
    ("Player Annfolds", {"Ann"}),
    ("Player Ann foldsx", {"Ann"}),
    ("Player Ann doesn't show", {"Ann"}),
    ("Ann calls $1.00", {"Ann", "Ann calls"}),
    ("Ann calls calls $1", {"Ann", "Ann calls"}),
    ("Ann  calls", {"Ann", "Ann "}),
    ("Bob raises $1 to $2", {"Ann"}),
    ("x" * 40 + " folds", {"x" * 40, "x"}),
]


@pytest.mark.parametrize(("text", "seated"), LISTED)
def test_the_seated_name_as_trying_each(text: str, seated: set[str]) -> None:
    names, frozen = _names(seated)
    for start, after, verbs in ((7, _CLASSIC_AFTER, _CLASSIC_VERB_WORDS),
                                (8, _CLASSIC_AFTER, _CLASSIC_VERB_WORDS),
                                (0, _MODERN_AFTER, _MODERN_VERB_WORDS)):
        assert (_seated_before_verb(text, start, names, frozen, after, verbs)
                == _by_trying_each(text, start, names, after))


WORDS = st.sampled_from(["Ann", "Lee", "is", "folds", "calls", "raises", "caps", "cap",
                         "doesn't", "sitting", "", " ", "  ", "x_1", "Player", "é"])
NAMES = st.lists(WORDS, min_size=1, max_size=3).map(" ".join)


@given(st.lists(WORDS, max_size=8).map(" ".join), st.sets(NAMES, min_size=1, max_size=6))
def test_the_seated_name_as_trying_each_on_any_line(tail: str, seated: set[str]) -> None:
    names, frozen = _names(seated)
    for prefix, start, after, verbs in (("Player ", 7, _CLASSIC_AFTER, _CLASSIC_VERB_WORDS),
                                        ("", 0, _MODERN_AFTER, _MODERN_VERB_WORDS)):
        text = prefix + tail
        assert (_seated_before_verb(text, start, names, frozen, after, verbs)
                == _by_trying_each(text, start, names, after))


VERB_TEXTS = [" folds", " folds ", " foldsx", " folds.", " folds(1)", " doesn't show",
              " doesn't", " doesn'tx", " does", " doesn", " brings-in 5", " brings-inx",
              " brings-", " brings", " cap", " caps", " capsx", " caps.", " is sitting out",
              " ", "", "  folds", " Folds", " fold", " received card: [5h]", " allin",
              " allin (3)", " posts\tx", " posts\xa0x", " ante"]


@pytest.mark.parametrize("text", VERB_TEXTS)
def test_a_verb_by_its_word_as_the_pattern(text: str) -> None:
    for after, verbs in ((_CLASSIC_AFTER, _CLASSIC_VERB_WORDS),
                         (_MODERN_AFTER, _MODERN_VERB_WORDS)):
        for lead in ("", "Ann"):
            line = lead + text
            if line[len(lead):len(lead) + 1] == " ":
                assert _verb_at(line, len(lead), after, verbs) == bool(
                    after.match(line, len(lead)))


@given(st.lists(st.sampled_from([*sorted(_CLASSIC_VERB_WORDS | _MODERN_VERB_WORDS), " ",
                                 "x", "'", "-", ".", "\xa0", "é", "_", "1"]),
                max_size=4).map("".join))
def test_a_verb_by_its_word_as_the_pattern_on_any_text(tail: str) -> None:
    line = "Ann " + tail
    for after, verbs in ((_CLASSIC_AFTER, _CLASSIC_VERB_WORDS),
                         (_MODERN_AFTER, _MODERN_VERB_WORDS)):
        assert _verb_at(line, 3, after, verbs) == bool(after.match(line, 3))


@pytest.mark.parametrize(("text", "seated"), LISTED)
def test_the_name_finders_return_the_seated_name(text: str, seated: set[str]) -> None:
    names, frozen = _names(seated)
    for find, start, after in ((_classic_name, 7, _CLASSIC_AFTER),
                               (_modern_name, 0, _MODERN_AFTER)):
        at, name = find(text, names, frozen)
        end = _by_trying_each(text, start, names, after)
        if end >= 0 and at == start:
            assert name == text[start:end] and name in frozen


@pytest.mark.parametrize("text", [
    "Seat 2 is the button", "Seat 10 is the button", "Seat  is the button",
    "Seat is the button", "Seat 2 is the button.", "Seat 2 is the buttons",
    "Seat \u0663 is the button", "Seat 2x is the button", "Seat -2 is the button",
    "seat 2 is the button", "Seat 2 is the button\n",
])
def test_the_button_line_as_the_pattern(text: str) -> None:
    m = _CLASSIC_BUTTON.match(text)
    if text.endswith("\n"):  # (no line of a block ends in one)
        assert m is not None
        return
    assert _button_seat(text) == (int(m.group(1)) if m else None)


@given(st.lists(st.sampled_from(["Seat ", "2", "12", "\u0663", " is the button", " ",
                                 "x", "is"]), max_size=5).map("".join))
def test_the_button_line_as_the_pattern_on_any_text(text: str) -> None:
    m = _CLASSIC_BUTTON.match(text)
    assert _button_seat(text) == (int(m.group(1)) if m else None)


def _by_the_grammar(text: str) -> tuple[object, ...]:
    """A 2014–16 line's operation by its shape and the grammar (a line without a name)."""
    reader = WinningReader(caching=False)
    values: list[str] = []
    shape = _split(_CLASSIC_FIELDS, text, values)
    return reader.recipe(True, shape, 1, text)(values, None, lambda v: 0)


_NUMBER = st.one_of(st.integers(0, 99999).map(str), st.sampled_from(["08", "\u0663", "", "x"]))
_SMALL = st.integers(0, 99).map(str)


@given(st.one_of(
    st.builds("{}/{}/{} {}:{}:{}".format, st.integers(0, 9999).map(str), _SMALL, _SMALL,
              _SMALL, _SMALL, _SMALL),  # what ``_ENDED_AT`` takes
    st.builds("{}/{}/{}{}{}:{}:{}".format, _NUMBER, _NUMBER, _NUMBER,
              st.sampled_from([" ", "  ", "x", "/"]), _NUMBER, _NUMBER, _NUMBER),
    st.text(alphabet="0123456789/: x.\u0663", max_size=20)))
def test_the_end_of_a_hand_read_without_the_grammar_is_what_the_grammar_reads(
        tail: str) -> None:
    """"Game ended at: …" read by ``_ENDED_AT`` (not split, parsed nor kept) only where
    the grammar reads it as the end of the hand too."""
    text = "Game ended at: " + tail
    if _ENDED_AT.fullmatch(text, 15):
        assert _by_the_grammar(text) == _GAME_ENDED


def test_the_end_of_a_hand_is_read_without_the_grammar_and_not_kept() -> None:
    text = (SAMPLES / "wpn_2016_cash_showdown.txt").read_text(encoding="utf-8")
    ends = [line for line in text.splitlines() if line.startswith("Game ended at: ")]
    assert ends and all(_ENDED_AT.fullmatch(line, 15) for line in ends)
    assert all(_by_the_grammar(line) == _GAME_ENDED for line in ends)
    reader = WinningReader()
    hands = [reader.read(block) for block in blocks_of_text(text, "x")]
    assert hands == [WinningReader(caching=False).read(b) for b in blocks_of_text(text, "x")]
    assert not any(line in kept for kept in reader.exact.values() for line in ends)


def test_a_table_read_once_gives_each_hand_its_own_number() -> None:
    """Two hands of one table: the second's ``Game ID`` line is read from the first's,
    with its own hand number, and reads as an uncached reader reads it."""
    text = (SAMPLES / "wpn_2016_cash_showdown.txt").read_text(encoding="utf-8")
    second = text.replace("Game ID: 700000201 ", "Game ID: 8 ")
    assert second != text
    cached = WinningReader()
    plain = WinningReader(caching=False)
    read = [cached.read(block) for t in (text, second) for block in blocks_of_text(t, "x")]
    assert [hand.info.hand_id for hand in read] == ["700000201", "8"]
    assert len(cached.tables) == 1
    assert read == [plain.read(block) for t in (text, second) for block in blocks_of_text(t, "x")]


DESCRIBED = [
    "Player Ann shows: One pair of 7s [Jd 2s]. Bets: 0.02. Collects: 0.02. Wins: 0.01.",
    "Player Ann shows: Two pairs. 7s and 2s [Ac 8c Kh 7s] Low hand (A A 2 3 6 7 ).Bets: 4.",
    "Player Ann shows: [Ac 8c] nothing",  # no description before the cards
    "Player Ann shows: x[ shows: y [Ac]",  # a bracket inside the description's run
    "Player [Ann shows: 7 [Ac] ] Low hand (2)",  # a card group over the description
    "Player Ann shows: 7 shows: 8 [Ac] 3",
    "Ann shows [Ah Kd] (a pair of Aces [Ah Ad Kd 9c 2s])",
    "Seat 2: Ann (big blind) showed [Tc 4s] and won $199.00 with HI - a straight [5d]",
    "Ann collected $2 with HI - a flush",
    "Ann [x with y] with z 5",  # " with " inside a card group, then after it
    "Ann ] (3) with",  # a description that needs its ")" at the end
    " with ", "] (", "] ()", "shows: ", "shows:  [", "] Low hand ()", "] Low hand (",
]


def _both(fields: re.Pattern[str], text: str) -> None:
    quick: list[str] = []
    whole: list[str] = []
    assert (_split(fields, text, quick), quick) == (_split_free(fields, text, whole), whole)


@pytest.mark.parametrize("text", DESCRIBED)
def test_a_described_line_splits_as_the_whole_pattern(text: str) -> None:
    for fields in (_MODERN_FIELDS, _CLASSIC_FIELDS):
        _both(fields, text)


@pytest.mark.parametrize(("text", "classic", "between"), [
    (DESCRIBED[0], True, True), (DESCRIBED[1], True, True), (DESCRIBED[5], True, True),
    (DESCRIBED[6], False, True), (DESCRIBED[7], False, True), (DESCRIBED[8], False, True),
    (DESCRIBED[3], True, False),  # "x[": a card group open before the description
    (DESCRIBED[4], True, False),  # the same, over the description
    (DESCRIBED[9], False, False),  # " with " inside a card group
])
def test_the_stretches_between_descriptions_split_alone_where_no_field_crosses(
        text: str, classic: bool, between: bool) -> None:
    """The summary lines split a stretch at a time (``_split_between``); texts where a
    field could reach across a stretch's end take the field-by-field way."""
    fields, desc, marks = ((_CLASSIC_FIELDS, _CLASSIC_DESC_ALONE, _CLASSIC_DESC_AT) if classic
                           else (_MODERN_FIELDS, _MODERN_DESC_ALONE, _MODERN_DESC_AT))
    assert (_split_between(text, desc, marks) is not None) is between
    _both(fields, text)


@given(st.lists(st.sampled_from(["shows: ", "] ", "(", ")", " with ", "Low hand (", "[",
                                 "]", " [", "Ac", "7", "0.02", "$", ".", ",", " ", "x",
                                 "\u0663"]), max_size=14).map("".join))
def test_a_described_line_splits_as_the_whole_pattern_on_any_text(text: str) -> None:
    for fields in (_MODERN_FIELDS, _CLASSIC_FIELDS):
        _both(fields, text)


# The plain fields as first written: a card group or an amount, looked for at every
# position (what ``_PLAIN_FIELDS`` reads with its first character taken first).
_FIELDS_AS_WRITTEN = re.compile(rf"(\[[^\]]*\]|{_AMOUNT})")


@pytest.mark.parametrize("text", [
    "", "5", "$5", "$$5", "x5", "5x", "5$", ".5", "5.", "5.5.5", "1,2,3", "$1,234.50 | $3",
    "[", "[]", "[5", "[5]]", "a[5h] $7", "\u0663", "$\u0663", "_7", "(7)", "7 8 [9] $",
])
def test_the_plain_fields_as_first_written(text: str) -> None:
    assert _PLAIN_FIELDS.split(text) == _FIELDS_AS_WRITTEN.split(text)


@given(st.text(alphabet="[]$.,0123456789aZ_ (\u0663", max_size=24))
def test_the_plain_fields_as_first_written_on_any_text(text: str) -> None:
    assert _PLAIN_FIELDS.split(text) == _FIELDS_AS_WRITTEN.split(text)


SEATS = [
    "Seat 1: ChazDazzle_0001 (20).", "Seat 1: ChazDazzle_0001 (20)", "Seat 10: a b (1,200.50).",
    "Seat 2: Ann ($3.00)", "Seat 2: Ann ($3.00) is sitting out", "Seat 2: Ann (3) is sitting out",
    "Seat 2: Ann (5) is sitting out (7)", "Seat 2: Ann (x) (5)", "Seat 2: (5)", "Seat 2:  (5)",
    "Seat 2: Ann (5)..", "Seat 2: Ann (5.)", "Seat 2: Ann (.5)", "Seat 2: Ann (,5)",
    "Seat 2: Ann (5,)", "Seat 2: Ann (1.2.3)", "Seat 2: Ann ()", "Seat 2: Ann ($)",
    "Seat 2: Ann ($$5)", "Seat 2: Ann (\u0665)", "Seat \u0662: Ann (5)", "Seat x: Ann (5)",
    "Seat 2 : Ann (5)", "Seat 2: Ann(5)", "Seat 2: Ann: (5)", "Seat : Ann (5)", "Seat 2: Ann (5",
    "seat 2: Ann (5)", "Seat 2: Ann (5)x", "Seat 2: Ann ( 5)", "Seat 2: Ann\r (5)",
]


def _both_seats(text: str) -> None:
    for classic, pattern in ((True, _CLASSIC_SEAT), (False, _MODERN_SEAT)):
        assert _seat_fields(text, classic) == _seat_fields_by_pattern(text, pattern), text


@pytest.mark.parametrize("text", SEATS)
def test_a_seat_line_by_string_methods_as_the_pattern(text: str) -> None:
    _both_seats(text)


@given(st.lists(st.sampled_from(["Seat ", "2", "10", "\u0665", ": ", ":", " ", "Ann", " (",
                                 "(", ")", "$", ".", ",", "5", " is sitting out", "x"]),
                max_size=10).map("".join))
def test_a_seat_line_by_string_methods_as_the_pattern_on_any_text(text: str) -> None:
    _both_seats(text)
    _both_seats("Seat 3: " + text)


def _renamed(text: str, names: dict[str, str]) -> str:
    """``text`` with each player's name (a whole word) replaced."""
    alternatives = "|".join(map(re.escape, sorted(names, key=len, reverse=True)))
    return re.sub(rf"(?<!\w)(?:{alternatives})(?!\w)", lambda m: names[m.group()], text)


@pytest.mark.parametrize("name", sorted(p.name for p in SAMPLES.glob("*.txt")))
@pytest.mark.parametrize("suffix", ["", " 2"])
def test_a_hand_of_other_players_reads_from_the_rests_kept(name: str, suffix: str) -> None:
    """The lines of a hand whose players' names are new (as at another table) are read
    from what surrounded the names of the hand before (``tails``, ``carded_tails``), as
    an uncached reader reads them; also where a seated name holds a space and starts
    with another's (there the name is never read as the line's first word)."""
    text = (SAMPLES / name).read_text(encoding="utf-8")
    plain = WinningReader(caching=False)
    players = {seat.player for block in blocks_of_text(text, name)
               for seat in plain.read(block).seats}
    assert players
    new = {p: p + "_b" for p in players}
    if suffix == " 2":  # a seated name that is another's first word: "ann_b 2", "ann_b"
        first, *rest = sorted(players)
        for p in rest[:1]:
            new[p] = new[first] + suffix
    other = _renamed(text, new)
    assert other != text
    cached = WinningReader()
    for t in (text, other, other):
        for block in blocks_of_text(t, name):
            assert cached.read(block) == plain.read(block)
    kept = sum(map(len, cached.tails)) + sum(map(len, cached.carded_tails))
    assert kept > 0
