"""The PokerStars line grammar: it builds in strict mode (no LALR conflicts), with and
without lark-cython, and parses each kind of line into the rule the reader expects."""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pytest
from lark import Lark, Token, Tree, logger
from lark.exceptions import GrammarError, UnexpectedInput

from auditor.parsing import grammars
from auditor.parsing.blocks import blocks_of_file
from auditor.parsing.shape import CARDS, DESC, NUM, PLAYER, QUOTED
from auditor.sites.pokerstars.reader import PokerStarsReader

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories" / "pokerstars"

_PLACEHOLDERS = {"<P>": PLAYER, "<N>": NUM, "<C>": CARDS, "<Q>": QUOTED, "<D>": DESC}


def shape(readable: str) -> str:
    for text, ch in _PLACEHOLDERS.items():
        readable = readable.replace(text, ch)
    return readable


def conflicts_logged(grammar: str, **options: object) -> str:
    """What Lark logs while building ``grammar`` in debug mode: any LALR conflict it
    resolved on its own is reported there."""
    buf = io.StringIO()
    handler = logging.StreamHandler(buf)
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        Lark(grammar, parser="lalr", debug=True, **options)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    return buf.getvalue()


# --- building ---------------------------------------------------------------------------


@pytest.mark.parametrize("cython", [True, False])
def test_builds_strict(cython: bool) -> None:
    parser = grammars.load("pokerstars", strict=True, cython=cython)
    assert parser.options.parser == "lalr"
    assert parser.options.strict is True


def test_every_site_grammar_builds_strict() -> None:
    files = grammars.grammar_files()
    assert "pokerstars" in [p.stem for p in files]
    for path in files:
        for cython in (True, False):
            grammars.load(path.stem, strict=True, cython=cython)


def test_no_conflicts_even_when_not_strict() -> None:
    path = grammars.grammar_dir() / "pokerstars.lark"
    log = conflicts_logged(path.read_text(encoding="utf-8"), import_paths=[grammars.grammar_dir()])
    assert "conflict" not in log.lower(), log


def test_the_conflict_checks_would_catch_one() -> None:
    ambiguous = 'start: e\ne: e "+" e | "a"\n'
    assert "Shift/Reduce conflict" in conflicts_logged(ambiguous)
    with pytest.raises(GrammarError):
        Lark(ambiguous, parser="lalr", strict=True)


# --- every line of every sample ---------------------------------------------------------


def sample_shapes() -> list[str]:
    """Every distinct line shape a reader parsed while reading the samples (with the
    summary's seat lines, which the audit counts but does not read)."""
    reader = PokerStarsReader(summaries=True)
    for path in sorted(SAMPLES.glob("*.txt")):
        for block in blocks_of_file(path, path.name):
            reader.read(block)
    return sorted(reader.recipes)


def _flat(tree: Tree | Token) -> object:
    if isinstance(tree, Tree):
        return (str(tree.data), [_flat(c) for c in tree.children])
    return (tree.type, str(tree))


def test_samples_use_many_shapes() -> None:
    assert len(sample_shapes()) > 80


def test_the_readers_grammars_are_the_strict_ones() -> None:
    """The readers load each grammar without the strict checks (``load``'s default): the
    checks only refuse a grammar, so the tables are the strict build's."""
    for path in grammars.grammar_files():
        strict = grammars.load(path.stem, strict=True, cython=False)
        loose = grammars.load(path.stem, cython=False)
        assert loose.options.strict is False
        assert len(loose.parser.parser.parser.parse_table.states) \
            == len(strict.parser.parser.parser.parse_table.states), path.stem
        assert [t.name for t in loose.terminals] == [t.name for t in strict.terminals]
    strict, loose = grammars.load("pokerstars", strict=True), grammars.load("pokerstars")
    for s in sample_shapes():
        assert _flat(loose.parse(s)) == _flat(strict.parse(s)), s


def test_cython_and_python_parsers_agree_on_every_sample_shape() -> None:
    fast = grammars.load("pokerstars", strict=True, cython=True)
    slow = grammars.load("pokerstars", strict=True, cython=False)
    for s in sample_shapes():
        assert _flat(fast.parse(s)) == _flat(slow.parse(s)), s


# --- which rule each kind of line becomes -----------------------------------------------

RULES = [
    ("<P>: posts small blind <N>", {"post", "small"}),
    ("<P>: posts big blind <N> and is all-in", {"post", "big", "all_in"}),
    ("<P>: posts the ante <N>", {"post", "ante"}),
    ("<P>: posts small & big blinds <N>", {"post", "small_and_big"}),
    ("<P>: raises <N> to <N>", {"raise_"}),
    ("<P>: raises <N> to <N> and has reached the <N> cap", {"raise_", "capped"}),
    ("<P>: calls <N> and has reached the <N> cap", {"call", "capped"}),
    ("<P>: bets <N> and is all-in", {"bet", "all_in"}),
    ("<P>: folds", {"fold"}),
    ("<P>: checks", {"check"}),
    ("<P>: shows <C> <D>", {"shows"}),
    ("<P>: mucks hand", {"mucks"}),
    ("<P>: doesn't show hand", {"no_show"}),
    ("<P> collected <N> from pot", {"collected", "pot_only"}),
    ("<P> collected <N> from main pot", {"collected", "pot_main"}),
    ("<P> collected <N> from side pot-<N>", {"collected", "pot_side"}),
    ("<P> cashed out the hand for <N> | Cash Out Fee <N>", {"cashed_out"}),
    ("<P> said, <Q>", {"chat"}),
    ("<P> joins the table at seat #<N>", {"joins"}),
    ("<P> leaves the table", {"leaves"}),
    ("Dealt to <P> <C>", {"dealt"}),
    ("Uncalled bet (<N>) returned to <P>", {"uncalled"}),
    ("*** HOLE CARDS ***", {"hole_cards"}),
    ("*** FLOP *** <C>", {"street", "flop"}),
    ("*** TURN *** <C> <C>", {"street", "turn"}),
    ("*** FIRST RIVER *** <C> <C>", {"street", "run1", "river"}),
    ("*** SECOND RIVER *** <C> <C>", {"street", "run2", "river"}),
    ("*** SHOW DOWN ***", {"showdown"}),
    ("*** SECOND SHOW DOWN ***", {"showdown", "run2"}),
    ("*** SUMMARY ***", {"summary"}),
    ("*** <N>rd STREET ***", {"other_street"}),
    ("Hand was run twice", {"run_count"}),
    ("No low hand qualified", {"no_low"}),
    ("Hand cancelled", {"cancelled"}),
    ("Total pot <N> | Rake <N>", {"pot_summary", "fee"}),
    (
        "Total pot <N> Main pot <N>. Side pot-<N> <N>. Side pot-<N> <N>. | Rake <N>",
        {"pot_summary", "main_pot", "side_pot", "fee"},
    ),
    ("Board <C>", {"board_summary"}),
    ("SECOND Board <C>", {"board_summary", "run2"}),
    ("Seat <N>: <P> (<N> in chips)", {"seat"}),
    ("Seat <N>: <P> (<N> in chips) is sitting out", {"seat", "sitting_out"}),
    (
        "Seat <N>: <P> (button) (small blind) showed <C> and won (<N>) with <D>",
        {"seat_summary", "seat_role", "showed", "won_part"},
    ),
    (
        "Seat <N>: <P> showed <C> and won (<N>) with <D>, and lost with <D>",
        {"seat_summary", "showed", "won_part", "result"},
    ),
    (
        "Seat <N>: <P> showed <C> and lost with <D> (cashed out)",
        {"seat_summary", "showed", "outcome_note"},
    ),
    (
        "Seat <N>: <P> showed <C> and won (<N>) with <D> (pot not awarded as player cashed out)",
        {"seat_summary", "showed", "won_part", "outcome_note"},
    ),
    ("Seat <N>: <P> mucked <C>", {"seat_summary", "mucked"}),
    ("Seat <N>: <P> folded before Flop (didn't bet)", {"seat_summary", "folded"}),
    ("Seat <N>: <P> (big blind) collected (<N>)", {"seat_summary", "won"}),
    ("Table <Q> <N>-max Seat #<N> is the button", {"table", "table_size"}),
    (
        "Table <Q> <N>-max (Play Money) Seat #<N> is the button",
        {"table", "table_size", "table_extra"},
    ),
]


@pytest.mark.parametrize(("readable", "rules"), RULES, ids=[r for r, _ in RULES])
def test_line_becomes_rule(readable: str, rules: set[str]) -> None:
    tree = grammars.load("pokerstars", strict=True, cython=False).parse(shape(readable))
    got = {str(t.data) for t in tree.iter_subtrees()}
    assert rules <= got, got


HEADERS = [
    "PokerStars Hand #<N>: Hold'em No Limit (<N>/<N> USD) - <N>/<N>/<N> <N>:<N>:<N> CET <C>",
    "PokerStars Zoom Hand #<N>:  Hold'em No Limit (<N>/<N>) - <N>/<N>/<N> <N>:<N>:<N> ET",
    "PokerStars Home Game Hand #<N>: <Q>  Hold'em No Limit (<N>/<N>) - <N>/<N>/<N> <N>:<N>:<N> ET",
    "PokerStars Hand #<N>: Tournament #<N>, <N>+<N> USD Hold'em No Limit - Level V (<N>/<N>) - "
    "<N>/<N>/<N> <N>:<N>:<N> CET <C>",
    "PokerStars Game #<N>:  Hold'em No Limit (<N>/<N> - <N> Cap -  USD) - "
    "<N>/<N>/<N> <N>:<N>:<N> CET <C>",
    "PokerStars Hand #<N>:  Omaha Hi/Lo Pot Limit (<N>/<N> USD) - <N>/<N>/<N> <N>:<N>:<N> CET <C>",
    "PokerStars Hand #<N>:  Hold'em Limit (<N>/<N> USD) - <N>/<N>/<N> <N>:<N>:<N> CET <C>",
    "PokerStars Hand #<N>:  <N> Card Stud Limit (<N>/<N> USD) - <N>/<N>/<N> <N>:<N>:<N> CET <C>",
]


@pytest.mark.parametrize("readable", HEADERS)
@pytest.mark.parametrize("cython", [True, False])
def test_headers_parse(readable: str, cython: bool) -> None:
    tree = grammars.load("pokerstars", strict=True, cython=cython).parse(shape(readable))
    assert str(tree.data) == "header"


@pytest.mark.parametrize(
    "readable",
    [
        "<P>: b%ts <N>#",
        "<P>: raises <N>",
        "<P>: calls",
        "*** FLOP ***] <C>",
        "Total pot",
        "<P> collected <N> from the pot",
    ],
)
@pytest.mark.parametrize("cython", [True, False])
def test_garbled_lines_are_rejected(readable: str, cython: bool) -> None:
    with pytest.raises(UnexpectedInput):
        grammars.load("pokerstars", strict=True, cython=cython).parse(shape(readable))
