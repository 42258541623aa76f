"""The PokerNow container and the reader's edges: rows put in the order logged, hands cut,
the rows between hands given to the hand they change, the facts of a whole log (labels,
exporter, decimals, tournament, blinds), and every damaged log read without raising."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from corpus_paths import CORPUS
from hypothesis import given, settings
from hypothesis import strategies as st
from pokernow_events import brief

from auditor.model import events as ev
from auditor.model.hand import Hand
from auditor.parsing import Unreadable, read_text
from auditor.parsing.blocks import blocks_of_text
from auditor.sites.pokernow import log
from auditor.sites.pokernow.reader import cards_of, shape_of

A, B, C = '"Al @ Aa1-bb2Cc3"', '"Bea @ Bb2_cc3Dd4"', '"Cy @ Cc3dd4Ee5f"'


def csv_log(rows: list[str], *, newest_first: bool = True, quote: bool = True) -> str:
    """A PokerNow CSV of ``rows`` (in the order logged): one second apart, orders of 15
    digits, newest first unless told otherwise."""
    lines = []
    for i, entry in enumerate(rows):
        cell = '"' + entry.replace('"', '""') + '"' if quote or '"' in entry or "," in entry \
            else entry
        lines.append(f"{cell},2024-05-01T20:{i // 60:02d}:{i % 60:02d}.000Z,{171459360000000 + i}")
    if newest_first:
        lines.reverse()
    return "entry,at,order\n" + "\n".join(lines) + "\n"


def hand_rows(n: int, *, extra: list[str] = (), end: bool = True, mine: str = "") -> list[str]:
    """Hand #n: Al (dealer, small blind) and Bea (big blind), 1/2 chips; Bea wins the
    blinds. ``mine``: the cards of a "Your hand is" row (after the stacks, as PokerNow
    writes it); ``extra`` rows come right after the posts."""
    rows = [
        f"-- starting hand #{n}  (No Limit Texas Hold'em) (dealer: {A}) --",
        f"Player stacks: #1 {A} (100) | #4 {B} (100)",
        *([f"Your hand is {mine}"] if mine else []),
        f"{A} posts a small blind of 1",
        f"{B} posts a big blind of 2",
        *extra,
        f"{A} folds",
        f"Uncalled bet of 1 returned to {B}",
        f"{B} collected 2 from pot",
    ]
    if end:
        rows.append(f"-- ending hand #{n} --")
    return rows


def read(rows: list[str], **options: bool) -> list[Hand | Unreadable]:
    return read_text(csv_log(rows, **options), "poker_now_log_abcDEF123.csv")


def line_of(text: str, needle: str) -> int:
    """The file line of the (unique) row holding ``needle``."""
    found = [i + 1 for i, line in enumerate(text.split("\n")) if needle.replace('"', '""') in line]
    assert len(found) == 1, needle
    return found[0]


# --- the container ------------------------------------------------------------------


def test_sniff_knows_the_header_row() -> None:
    assert log.sniff("\ufeffentry,at,order\n", "x.csv")
    assert not log.sniff("PokerStars Hand #1: ...", "x.txt")


@pytest.mark.parametrize("newest_first", [True, False])
@pytest.mark.parametrize("quote", [True, False])
def test_rows_are_put_in_the_order_logged(newest_first: bool, quote: bool) -> None:
    """By ``order``, whichever way the file lists them, quoted as PokerNow writes them or
    only where needed (then the ``csv`` module reads them)."""
    rows = hand_rows(1) + hand_rows(2)
    text = csv_log(rows, newest_first=newest_first, quote=quote)
    entries, numbers, at = log.play_order(text)
    assert entries == rows
    second = len(hand_rows(1))
    assert [line_of(text, rows[0]), line_of(text, rows[second])] == [numbers[0],
                                                                      numbers[second]]
    assert (at(0), at(second)) == ("2024-05-01T20:00:00.000Z", "2024-05-01T20:00:08.000Z")
    assert (log.log_rows(text) is not None) == quote


@pytest.mark.parametrize("entry", [
    'a', '"', '""', '"""', 'say ""hi""', '"Al @ x" calls 2', 'ends with "', '"starts', '♠ "A♠"',
    'a,b', '',
])
def test_plain_rows_undo_doubled_quotes_as_the_csv_module_does(entry: str) -> None:
    rows = [entry, f"{entry} and {entry}", "plain"]
    text = csv_log(rows)
    assert log.log_rows(text) is not None
    assert log.play_order(text)[0] == rows
    assert [r[0] for r in reversed(log._csv_rows(text)[1:])] == rows


# The rows a cut looks at, as one search of the entries joined by newlines found them
# before ``log.row_kind``: its reference.
_TABLE = "|".join(re.escape(t) for t in log.TABLE_ROWS)
SPECIAL = re.compile(
    rf"\n(?:(?P<start>-- starting hand #)|(?P<end>-- ending hand #)|(?P<table>{_TABLE}))")
SPECIAL_MOVES = re.compile(
    r"\n(?:(?P<start>-- starting hand #)|(?P<end>-- ending hand #)"
    rf'|(?P<table>{_TABLE}|"[^\n]*?{re.escape(log.TABLE_MOVE)}))')


def kinds_by_search(entries: list[str], moves: bool) -> list[str | None]:
    joined = "\n" + "\n".join(entries)
    found: list[str | None] = [None] * len(entries)
    for m in (SPECIAL_MOVES if moves else SPECIAL).finditer(joined):
        found[joined.count("\n", 0, m.start() + 1) - 1] = m.lastgroup
    return found


def assert_kinds_as_the_search(entries: list[str]) -> None:
    for moves in (False, True):
        assert [log.row_kind(e, moves) for e in entries] == kinds_by_search(entries, moves)


def test_rows_are_told_apart_as_the_search_did() -> None:
    entries = [*hand_rows(1), *hand_rows(2, mine="A♠, K♥"), "", "-", "--", "-- starting hand",
               "-- starting hand #", "-- ending hand #", "- - starting hand #3",
               ' -- starting hand #1', '"-- starting hand #1"', *(t for t in log.TABLE_ROWS),
               *(t[:-1] for t in log.TABLE_ROWS), *(" " + t for t in log.TABLE_ROWS),
               f'"Al @ x"{log.TABLE_MOVE}2', f'"Al @ x" says{log.TABLE_MOVE}',
               f'{log.TABLE_MOVE}2', f'x"{log.TABLE_MOVE}', '"', 'The player "A" joined']
    assert_kinds_as_the_search(entries)


def test_ties_of_order_keep_the_reverse_of_the_file() -> None:
    text = ("entry,at,order\n"
            '"second",2024-05-01T20:00:00.000Z,5\n'
            '"first",2024-05-01T20:00:00.000Z,5\n'
            '"zero",2024-05-01T20:00:00.000Z,4\n')
    assert log.play_order(text)[0] == ["zero", "first", "second"]


def test_a_cell_over_two_lines_keeps_the_file_lines() -> None:
    rows = hand_rows(1)
    text = csv_log(rows).replace('"-- ending hand #1 --"', '"-- ending hand #1 --\nmore"')
    entries, numbers, _ = log.play_order(text)
    assert entries[-1] == "-- ending hand #1 -- more"  # one line of its hand's block
    assert numbers[:2] == [10, 9] and numbers[-1] == 2  # the last row takes lines 2-3


def test_a_cell_with_a_line_break_is_still_one_row_of_its_hand() -> None:
    """A table row whose quoted cell breaks its line (a damaged log; fuzzing found it
    cost the whole file) is one row: the hands around it are read, each in its place."""
    rows = hand_rows(1, extra=[f"The admin approved the player {A}\nparticipation"])
    rows += hand_rows(2)
    blocks = list(log.cut(csv_log(rows), "x.csv"))
    assert f"The admin approved the player {A} participation" in [
        entry for _, entry in blocks[1].context.between]
    hands = read(rows)
    assert [h.info.hand_id for h in hands] == ["1", "2"]
    assert [isinstance(h, Unreadable) for h in hands] == [False, False]


def test_damaged_rows_are_read_the_careful_way() -> None:
    text = csv_log(hand_rows(1)) + '"no order",2024-05-01T21:00:00.000Z,\n\n'
    entries, _, _ = log.play_order(text)
    assert entries[0] == "no order"  # rows without an order come first
    assert entries[1:] == hand_rows(1)


def test_rows_between_hands_go_to_the_hand_they_change() -> None:
    """Before a hand's Player stacks row: its own (the joins as it starts); after it, or
    between hands: the next hand's; after the last hand: the last hand's ``after``. A
    player's rows after a hand ended (cards shown) are the hand's."""
    rows = [
        "The game's big blind was changed from 4 to 2.",
        *hand_rows(1)[:1],
        f"The player {A} joined the game with a stack of 100.",
        *hand_rows(1)[1:3],
        f"The player {C} sit back with the stack of 50.",
        *hand_rows(1)[3:],
        f"{A} shows a A♣, 10♦.",
        f"The admin updated the player {B} stack from 101 to 90.",
        *hand_rows(2),
        f"The player {B} quits the game with a stack of 91.",
    ]
    first, second = blocks_of_text(csv_log(rows), "x.csv")
    assert [e for _, e in first.context.between] == [rows[0], rows[2]]
    assert first.lines[-1] == f"{A} shows a A♣, 10♦."
    assert [e for _, e in second.context.between] == [rows[5], rows[12]]
    assert [e for _, e in second.context.after] == [rows[-1]]
    assert first.context.after == []


def test_a_hand_that_never_ends_is_unreadable() -> None:
    (hand,) = read(hand_rows(1, end=False))
    assert isinstance(hand, Unreadable) and hand.code == "HH001"
    assert "no '-- ending hand' row" in hand.message and hand.hand_id == "1"
    assert hand.info is not None and hand.info.game == "holdem"


def test_a_log_without_hands_has_no_block() -> None:
    assert list(blocks_of_text(csv_log(["The player \"Al @ A\" requested a seat."]),
                               "x.csv")) == []


# --- the facts of a log ---------------------------------------------------------------


def test_decimals_are_the_logs() -> None:
    rows = hand_rows(1)
    cents = [r.replace("(100)", "(1.00)").replace("of 1", "of 0.01").replace("of 2", "of 0.02")
             .replace("bet of 1 ", "bet of 0.01 ").replace("collected 2", "collected 0.02")
             for r in rows]
    (hand,) = read(cents)
    assert hand.info.decimals == 2 and hand.info.stakes == (1, 2)
    assert hand.seats[0].stack == 100
    finer = [r.replace("posts a small blind of 1", "posts a small blind of 0.5") for r in rows]
    (bad,) = read(finer)
    assert isinstance(bad, Unreadable) and bad.code == "HH001"
    assert "finer than the game's unit" in bad.message and "0 decimals" in bad.message
    assert bad.line == line_of(csv_log(finer), "posts a small blind of 0.5")


def test_tournaments_are_told_by_their_own_rows() -> None:
    (cash,) = read(hand_rows(1))
    assert cash.info.tournament is None and cash.info.table == "abcDEF123"
    (tour,) = read([f"The player {A} is in the tournament with a stack of 100.",
                    f"The player {B} is in the tournament with a stack of 100.", *hand_rows(1)])
    assert tour.info.tournament == "abcDEF123"


def test_blinds_are_the_games_settings() -> None:
    """Before the first change, a setting is its first change's "from"; the hand's
    stakes are the settings in force when it starts."""
    rows = [*hand_rows(1), "The game's small blind was changed from 1 to 2.",
            "The game's big blind was changed from 2 to 4.",
            "The game's ante was changed from 0 to 1.",
            *[r.replace("of 1", "of 2", 1).replace("big blind of 2", "big blind of 4")
              for r in hand_rows(2)]]
    first, second = read(rows)
    assert (first.info.stakes, first.info.ante) == ((1, 2), 0)
    assert (second.info.stakes, second.info.ante) == ((2, 4), 1)


def test_the_exporter_is_who_shows_your_cards() -> None:
    shown = hand_rows(1, mine="A♣, 10♦")
    shown[-3:-3] = [f"{A} shows a 10♦, A♣."]
    (hand,) = read(shown)
    assert [brief(e) for e in hand.events if type(e) is ev.HoleCards] == [
        ("hole", "Al", "Ac Td")]
    contradicted = shown + hand_rows(2, mine="2♣, 3♦")
    contradicted[-3:-3] = [f"{A} shows a 4♣, 5♦."]
    found = read(contradicted)
    assert all(type(e) is not ev.HoleCards for h in found for e in h.events)
    assert [e.text for e in found[0].events if type(e) is ev.TableNote] == [
        "Your hand is A♣, 10♦"]


def test_labels_follow_the_id() -> None:
    renamed = [*hand_rows(1), *[r.replace("Al @", "Alan @") for r in hand_rows(2)]]
    first, second = read(renamed)
    assert [s.player for s in second.seats] == [s.player for s in first.seats] == [
        "Al @ Aa1-bb2Cc3", "Bea @ Bb2_cc3Dd4"]


def labels_in_one_search(rows: list[str]) -> dict[str, str]:
    """The labels of ``rows`` (in the order logged) as one search of them all found them
    before ``log._label`` passed over rows of known ids: its reference."""
    refs = log._REF.findall("\n".join(rows))
    return {pid: f"{name} @ {pid}" for name, pid in reversed(refs)}


def labels_row_by_row(rows: list[str]) -> dict[str, str]:
    labels: dict[str, str] = {}
    for row in rows:
        log._label(row, labels)
    return labels


# Pieces of rows near what ``_label`` looks at: names holding " @ " and quotes, ids that
# come again, an " @ " with no quote after it.
_LABEL_PIECES = st.sampled_from([
    '"Al @ x1"', '"Al @ x2"', '"Bo @ x1"', '"a @ b @ x1"', '"a @ x1 @ x2"', '"q""r @ x3"',
    ' @ ', ' @ x1', '"', ' (10)', ' | #2 ', 'Player stacks: #1 ', ' joined', '"x1 @ "', '.',
    '"Al @ x1"x', '"Al @ x-1_é"', ' @ @ x2"', '\u00e9', '"♠ @ x4"',
])


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.lists(_LABEL_PIECES, max_size=8).map("".join), max_size=6))
def test_labels_row_by_row_are_one_search_s(rows: list[str]) -> None:
    assert labels_row_by_row(rows) == labels_in_one_search(rows)


def test_labels_row_by_row_on_the_samples_and_corpus() -> None:
    paths = sorted((Path(__file__).resolve().parents[3] / "sample_histories").rglob("*.csv"))
    if CORPUS.is_dir():
        paths += sorted((CORPUS / "pokernow").rglob("*.csv"))
    logs = 0
    for path in paths:
        entries = log.play_order(path.read_text(encoding="utf-8", errors="replace"))[0]
        if not any(e.startswith(log.STACKS) for e in entries):
            continue
        logs += 1
        rows = [e for e in entries if e.startswith((log.STACKS, *log.TABLE_ROWS))]
        assert labels_row_by_row(rows) == labels_in_one_search(rows), path
    assert logs >= (10 if CORPUS.is_dir() else 1)


# --- the reader's edges ------------------------------------------------------------------


def test_shapes_and_cards() -> None:
    shape, values = shape_of('"a @ b @ Xx1" raises to 0.75 and go all in')
    assert shape == "\ue000 raises to \ue001 and go all in"
    assert values == [("a @ b", "Xx1"), "0.75"]
    assert cards_of("[A♣, 10♦]") == ("Ac", "Td") == cards_of("A♣, 10♦")


def test_an_unknown_row_in_a_hand_is_unreadable_at_its_line() -> None:
    rows = hand_rows(1, extra=[f"{A} juggles 3 chips"])
    (hand,) = read(rows)
    assert isinstance(hand, Unreadable) and hand.code == "HH001"
    assert hand.line == line_of(csv_log(rows), "juggles")
    assert "not a PokerNow row" in hand.message and hand.info is not None


def test_unknown_rows_between_hands() -> None:
    """A note the grammar does not know stays a note; a stack change it does not know
    makes the hand it changes unreadable (its stacks could not be followed)."""
    (noted,) = read(["The player \"Al @ Aa1-bb2Cc3\" waved.", *hand_rows(1)])
    assert isinstance(noted, Hand)
    assert brief(noted.events[0]) == ("note", 'The player "Al @ Aa1-bb2Cc3" waved.')
    (bad,) = read([f"The player {A} won a stack of 5 in a raffle.", *hand_rows(1)])
    assert isinstance(bad, Unreadable) and "stack change the auditor cannot read" in bad.message


def test_a_game_the_auditor_does_not_replay() -> None:
    rows = [hand_rows(1)[0].replace("No Limit Texas Hold'em", "Seven Card Stud"),
            *hand_rows(1)[1:]]
    (hand,) = read(rows)
    assert isinstance(hand, Unreadable) and hand.code == "HH002"
    assert hand.info is not None and hand.info.variant == "Seven Card Stud"


def test_a_call_below_what_he_has_in_is_unreadable() -> None:
    (hand,) = read(hand_rows(1, extra=[f"{A} calls 1"]))  # he already has 1 in
    assert isinstance(hand, Unreadable) and "already had as much in" in hand.message


def test_damaged_logs_never_raise() -> None:
    """Rows cut short, swapped or dropped at random: every block reads into a hand or an
    Unreadable, never an exception."""
    rng = random.Random(12)
    base = hand_rows(1, mine="A♣, 10♦", extra=["Flop:  [2♣, 3♦, 4♥]",
                                               f"{B} bets 5 and go all in", f"{A} calls 5"])
    base += hand_rows(2)
    for _ in range(300):
        rows = list(base)
        for _ in range(3):
            i = rng.randrange(len(rows))
            action = rng.randrange(3)
            if action == 0:
                rows[i] = rows[i][: rng.randrange(len(rows[i]) + 1)]
            elif action == 1:
                j = rng.randrange(len(rows))
                rows[i], rows[j] = rows[j], rows[i]
            else:
                del rows[i]
        for found in read(rows):
            assert isinstance(found, Hand | Unreadable)


def test_damaged_files_never_raise() -> None:
    """A log's text cut, spliced and sprinkled with stray bytes at random: cutting and
    reading never raise."""
    rng = random.Random(7)
    first = hand_rows(1, mine="A♣, 10♦", extra=[f"{B} bets 5 and go all in", f"{A} calls 5",
                                                "Flop:  [2♣, 3♦, 4♥]"])
    text = csv_log([*first, f"The player {A} quits the game with a stack of 97.",
                    *hand_rows(2)])
    for _ in range(300):
        damaged = text
        for _ in range(rng.randrange(1, 4)):
            i, j = sorted(rng.randrange(len(damaged) + 1) for _ in range(2))
            choice = rng.randrange(4)
            if choice == 0:
                damaged = damaged[:i] + damaged[j:]
            elif choice == 1:
                damaged = damaged[:i] + rng.choice(['"', ",", "\n", "\x00", "é", "#"]) + damaged[i:]
            elif choice == 2:
                damaged = damaged[:i] + damaged[j:] + damaged[i:j]
            else:
                damaged = damaged[:i]
        for found in read_text(damaged, "poker_now_log_x.csv"):
            assert isinstance(found, Hand | Unreadable)


def test_a_cell_too_long_for_the_csv_module() -> None:
    """The ``csv`` module refuses a cell over 128 KiB: the log is then read a line at a
    time, and its hands still read."""
    rows = [*hand_rows(1), "x" * 200_000, *hand_rows(2)]
    text = csv_log(rows).replace('"' + "x" * 200_000 + '"', '"' + "x" * 200_000)
    found = read_text(text, "poker_now_log_x.csv")
    assert [type(h) for h in found] == [Hand, Hand]


def test_the_fast_rows_are_the_grammars() -> None:
    """Rows read by their own regular expression (stacks, headers, boards, cards shown,
    collections) give the tuple the grammar gives, on the samples' rows and on rows of
    odd names; rows they do not match are left to the grammar."""
    from pathlib import Path

    from auditor.sites.pokernow.reader import (
        HEADER,
        PokerNowReader,
        _amounts,
        _compiled,
        fast_row,
    )

    reader = PokerNowReader()
    samples = Path(__file__).resolve().parents[3] / "sample_histories" / "pokernow"
    rows = [e for p in sorted(samples.glob("*.csv")) for e in log.play_order(
        p.read_text(encoding="utf-8"))[0]]
    rows += [
        '"x "" y @ q @ Aa1" shows a 10♣, 2♦.',
        '"a @ Bb2" collected 1.05 from pot with hi hand with two pair (combination: '
        "A♣, A♦, 3♠, 3♥, 9♦)",
        '"a @ Bb2" collected 4 from pot with Straight on the third run  (combination: '
        "5♠, 4♥, 3♦, 2♥, A♣)",
        "River (fourth run): 2♣, 3♦, 4♥, 5♠ [6♣]",
        '-- starting hand #9 (id: abc)  (Pot Limit Omaha Hi) (dealer: "a @ b @ Cc3") --',
        "-- ending hand #12 --",
        "-- ending hand #12.5 --",
        'Uncalled bet of 0.50 returned to "a @ b @ Cc3"',
        'Uncalled bet of 7 returned to "x "" y @ q @ Aa1"',
        'Uncalled bet of 7 returned to "to @ Dd4"',
    ]
    amounts = _amounts(2)
    fast = 0
    for entry in rows:
        found = fast_row(entry, amounts)
        if found is None:
            continue
        fast += 1
        op, const, values = reader._parse(entry, 1)
        expected = _compiled(op, const, values, amounts)
        if expected[0] == HEADER:  # the game's words come from the row itself
            assert found[:4] == expected[:4] and found[4]
        else:
            assert found == expected, entry
    assert fast > 60


# The collection's pattern as first written, before its description's look-ahead.
_COLLECTED_AS_WRITTEN = re.compile(
    r'"(.*) @ ([\w-]+)" collected (\d+(?:\.\d+)?) from pot(?: with .+?)?'
    r"(?: on the (\w+) run)?(?: +\(combination: (?:10|[2-9JQKA])[♠♥♦♣]"
    r"(?:, (?:10|[2-9JQKA])[♠♥♦♣])*\))?")

_ODD_ROWS = [
    '"x "" y @ q @ Aa1" shows a 10♣, 2♦.', '"a @ Bb2" shows a 10♣, 2♦.',
    '"a @ b" shows a 2♣ @ c" shows a 3♦.', '"a @ @ b" shows a 2♣.',
    '"a @ Bb2" collected 1.05 from pot with hi hand with two pair (combination: '
    "A♣, A♦, 3♠, 3♥, 9♦)",
    '"a @ Bb2" collected 4 from pot with Straight on the third run  (combination: '
    "5♠, 4♥, 3♦, 2♥, A♣)",
    '"a @ Bb2" collected 4 from pot with x on the first run', '"a @ Bb2" collected 4 from pot',
    '"a @ Bb2" collected 4 from pot with ', '"a @ Bb2" collected 4 from pot with  ',
    '"a @ Bb2" collected 4 from pot with on the b run (combination: 2♣)',
    '"a @ b" collected 3 from pot @ c" collected 4 from pot',
    '-- starting hand #9 (id: abc)  (Pot Limit Omaha Hi) (dealer: "a @ b @ Cc3") --',
    '-- starting hand #9 (No Limit Texas Hold\'em) (dealer: "a @ Cc3") --',
    "-- starting hand #9 (No Limit Texas Hold'em) (dead button) --",
]


@pytest.mark.parametrize("entry", _ODD_ROWS)
def test_rows_of_one_at_read_alike_with_the_name_taken_lazily(entry: str) -> None:
    """A row holding " @ " once is read by the patterns whose name is lazy: the same
    groups as the greedy name's; and the collection's description, ended where a space
    or the row's end follows, as the pattern first written."""
    from auditor.sites.pokernow.reader import (
        _FAST_COLLECTED,
        _FAST_HEADER,
        _FAST_SHOWS,
        _ONE_AT_COLLECTED,
        _ONE_AT_HEADER,
        _ONE_AT_SHOWS,
        _one_at,
    )

    def groups(p: re.Pattern[str]) -> tuple[str | None, ...] | None:
        m = p.fullmatch(entry)
        return None if m is None else m.groups()

    assert groups(_FAST_COLLECTED) == groups(_COLLECTED_AS_WRITTEN)
    places = [i for i in range(len(entry)) if entry.startswith(" @ ", i)]
    assert _one_at(entry) == (len(places) == 1)
    for lazy, greedy in ((_ONE_AT_SHOWS, _FAST_SHOWS), (_ONE_AT_COLLECTED, _FAST_COLLECTED),
                         (_ONE_AT_HEADER, _FAST_HEADER)):
        assert lazy.pattern != greedy.pattern
        if _one_at(entry):
            assert groups(lazy) == groups(greedy), lazy.pattern


@given(st.lists(st.sampled_from([
    '"', "a", " @ ", "@", " ", "Bb2", '" ', "shows a ", "collected ", "4", " from pot",
    " with ", "x", " on the ", "b run", " (combination: ", "2♣", ", ", ")", ".",
    "-- starting hand #9 ", "(Hold'em) ", "(dealer: ", ") --"]), max_size=16).map("".join))
def test_rows_of_one_at_read_alike_on_any_text(entry: str) -> None:
    test_rows_of_one_at_read_alike_with_the_name_taken_lazily(entry)


@pytest.mark.parametrize("entry", [
    'Player stacks: #1 "a @ Bb" (5) | #2 "c @ Dd" (6.50)', 'Player stacks: #1 "a @ Bb" (5)',
    'Player stacks: #1 "a" (5) | #2 "b @ Cc" (6)', 'Player stacks: #1 "a @ Bb" (5) | junk',
    'Player stacks: #1 "a @ Bb" (5)  | #2 "c @ Dd" (6)', 'Player stacks: ',
    'Player stacks: #1 "a @ b @ Cc" (5) | #2 "" @ Dd" (6)', 'Players stacks: #1 "a @ B" (5)',
])
def test_a_stacks_row_reads_as_its_whole_match_said(entry: str) -> None:
    """The stacks row's seats are taken without the whole row's match where, written
    back, they are the row: what the match, then the seats, gave."""
    from auditor.sites.pokernow.reader import (
        _FAST_SEAT,
        _FAST_STACKS,
        STACKS,
        _amounts,
        _stacks_row,
        fast_row,
    )

    amounts = _amounts(2)
    seats = _FAST_SEAT.findall(entry)
    expected = (STACKS, tuple((int(a), c, b, amounts[d]) for a, b, c, d in seats)) if (
        _FAST_STACKS.fullmatch(entry)) else None
    assert fast_row(entry, amounts) == expected
    if seats and _stacks_row(seats) == entry:
        assert expected is not None


def test_a_players_rows_read_alike_by_their_tails() -> None:
    """A row that starts with a player is read by what follows his name, kept for every
    player: the same rule, constants and values as the row read whole, for the samples'
    rows and rows of odd names, the first time and from the cache."""
    from pathlib import Path

    from auditor.sites.pokernow.reader import PokerNowReader, shape_of

    samples = Path(__file__).resolve().parents[3] / "sample_histories" / "pokernow"
    rows = [e for p in sorted(samples.glob("*.csv")) for e in log.play_order(
        p.read_text(encoding="utf-8"))[0] if e.startswith('"')]
    rows += ['"a @ b @ Cc3" calls 20', '"x "" y @ q @ Aa1" bets 3.50',
             '"to @ Dd4" raises to 8 and go all in', '"z @ Ee5" posts a big blind of 2',
             '"from pot with @ Ff6" collected 4 from pot with Two Pair, A\'s & 3\'s']
    reader, whole = PokerNowReader(), PokerNowReader()
    for entry in rows * 2:  # the second time from the tails kept
        shape, values = shape_of(entry.strip())
        op, const = whole._recipe(shape, entry, 1)
        assert reader._parse(entry, 1) == (op, const, values), entry
    assert len(reader.tails) > 20
