"""The line lexer: shapes, player names and field values."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from auditor.model.money import parse_amount
from auditor.parsing.shape import (
    CARDS,
    DESC,
    NUM,
    PLAIN_SEAT,
    PLAYER,
    QUOTED,
    card_groups,
    card_groups_by_methods,
    find_name,
    int_of,
    name_start,
    name_start_by_methods,
    plain_seat,
    seat_line_name,
    shape_of,
    split_fields,
    split_free_text,
    starts_at,
    unseated_name,
)

_READABLE = {PLAYER: "<P>", NUM: "<N>", CARDS: "<C>", QUOTED: "<Q>", DESC: "<D>"}


def readable(shape: str) -> str:
    return "".join(_READABLE.get(ch, ch) for ch in shape)


def lex(line: str, *names: str) -> tuple[str, str | None, list[str]]:
    shape, name, values = shape_of(line, sorted(names, key=len, reverse=True))
    return readable(shape), name, values


ODD = [
    "Blahdi:42eblah",
    "Roni (LBK)",
    "/\\ntiHer[]",
    "Blåveis",
    "DaddyCa$h",
    "wo_ooly :D",
    "Sir Lance a Lot",
    'O\'Brennan "Ace"',
    "1087383",
    "Player 1",
    "Player",
]


# --- amounts --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1,500", "1,500"),
        ("$1,234.56", "$1,234.56"),
        ("€0.05", "€0.05"),
        ("£25.35", "£25.35"),
        ("₹1,520.35", "₹1,520.35"),
        ("¥100", "¥100"),
        ("12,345,678", "12,345,678"),
        ("$10", "$10"),
    ],
)
def test_amounts_are_one_field(text: str, value: str) -> None:
    shape, values = split_fields(f"Hero: bets {text}")
    assert readable(shape) == "Hero: bets <N>"
    assert values == [value]


@pytest.mark.parametrize(
    ("text", "decimals", "units"),
    [
        ("1,500", 0, 1500),
        ("$1,234.56", 2, 123456),
        ("€0.05", 2, 5),
        ("₹1,520.35", 2, 152035),
        ("$10", 2, 1000),
        ("12,345,678", 0, 12345678),
    ],
)
def test_amount_values_parse(text: str, decimals: int, units: int) -> None:
    assert parse_amount(text, decimals) == units


def test_raise_with_thousands() -> None:
    assert lex("Player1: raises $1,234.56 to $2,469.12", "Player1") == (
        "<P>: raises <N> to <N>",
        "Player1",
        ["$1,234.56", "$2,469.12"],
    )
    assert lex("Hero: calls 1,500 and is all-in", "Hero") == (
        "<P>: calls <N> and is all-in",
        "Hero",
        ["1,500"],
    )


def test_pot_summary_with_side_pots() -> None:
    shape, values = split_fields(
        "Total pot $2,054 Main pot $1,310.50. Side pot-1 $420. Side pot-2 $69. | Rake $3"
    )
    assert readable(shape) == (
        "Total pot <N> Main pot <N>. Side pot-<N> <N>. Side pot-<N> <N>. | Rake <N>"
    )
    assert values == ["$2,054", "$1,310.50", "1", "$420", "2", "$69", "$3"]


def test_buy_in_and_level_in_a_tournament_header() -> None:
    shape, values = split_fields(
        "PokerStars Hand #1: Tournament #9, $3.19+$0.31 USD Hold'em No Limit - "
        "Level V (100/200) - 2025/04/02 20:41:17 ET"
    )
    assert readable(shape).startswith(
        "PokerStars Hand #<N>: Tournament #<N>, <N>+<N> USD Hold'em No Limit - Level V (<N>/<N>)"
    )
    assert values[:6] == ["1", "9", "$3.19", "$0.31", "100", "200"]


def test_numbers_inside_words_are_not_amounts() -> None:
    shape, values = split_fields("Table 'Nembus III' 6-max Seat #2 is the button")
    assert readable(shape) == "Table <Q> <N>-max Seat #<N> is the button"
    assert values == ["'Nembus III'", "6", "2"]


# --- names ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ODD)
@pytest.mark.parametrize(
    ("template", "shape", "values"),
    [
        ("{}: posts small blind $0.25", "<P>: posts small blind <N>", ["$0.25"]),
        ("{}: raises €0.10 to €0.15", "<P>: raises <N> to <N>", ["€0.10", "€0.15"]),
        ("{}: folds", "<P>: folds", []),
        (
            "{}: shows [Kd Ac] (a pair of Queens)",
            "<P>: shows <C> <D>",
            ["[Kd Ac]", "(a pair of Queens)"],
        ),
        (
            "{} collected $1,102.25 from side pot-2",
            "<P> collected <N> from side pot-<N>",
            ["$1,102.25", "2"],
        ),
        ('{} said, "nh: 1 (one)"', "<P> said, <Q>", ['"nh: 1 (one)"']),
        ("Dealt to {} [7c 7d]", "Dealt to <P> <C>", ["[7c 7d]"]),
        ("Uncalled bet ($3.26) returned to {}", "Uncalled bet (<N>) returned to <P>", ["$3.26"]),
        (
            "Seat 3: {} (small blind) showed [Kd Ac] and won ($0.29) with a pair of Queens",
            "Seat <N>: <P> (small blind) showed <C> and won (<N>) with <D>",
            ["3", "[Kd Ac]", "$0.29", "a pair of Queens"],
        ),
        (
            "Seat 5: {} folded before Flop (didn't bet)",
            "Seat <N>: <P> folded before Flop (didn't bet)",
            ["5"],
        ),
        (
            "{} cashed out the hand for $22.77 | Cash Out Fee $0.46",
            "<P> cashed out the hand for <N> | Cash Out Fee <N>",
            ["$22.77", "$0.46"],
        ),
    ],
)
def test_seated_names_come_out_whole(
    name: str, template: str, shape: str, values: list[str]
) -> None:
    assert lex(template.format(name), *ODD) == (shape, name, values)


def test_longest_name_wins() -> None:
    assert lex("Player 1: folds", "Player", "Player 1")[1] == "Player 1"
    assert lex("Player: folds", "Player", "Player 1")[1] == "Player"


def test_name_must_end_at_a_separator() -> None:
    # "Hero" is seated, "Heroine" is not: the line is not Hero's.
    assert find_name("Heroine: folds", ["Hero"]) == (0, None)
    assert find_name("Hero: folds", ["Hero"]) == (0, "Hero")
    assert find_name("Seat 2: Hero (button) folded", ["Hero"]) == (8, "Hero")


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("Seat 2: Roni (LBK) ($2.23 in chips)", "Roni (LBK)"),
        ("Seat 4: Blahdi:42eblah ($22.99 in chips)", "Blahdi:42eblah"),
        ("Seat 5: /\\ntiHer[] ($40.02 in chips)", "/\\ntiHer[]"),
        ("Seat 6: Sir Lance a Lot ($25 in chips) is sitting out", "Sir Lance a Lot"),
        ("Seat 8: (x) (1,492 in chips, $5 bounty)", "(x)"),
        ("Seat 1: wo_ooly :D ($123.54 in chips)", "wo_ooly :D"),
        ("Seat 1: Blåveis (€55.10 in chips)", "Blåveis"),
        ('Seat 9: O\'Brennan "Ace" (1500 in chips)', 'O\'Brennan "Ace"'),
        ("Seat 1: Hero folded before Flop", None),
        ("Board [Qh Ad Ts]", None),
    ],
)
def test_seat_line_name(line: str, name: str | None) -> None:
    assert seat_line_name(line) == name


def _by_pattern(line: str) -> tuple[str, ...] | None:
    m = PLAIN_SEAT.fullmatch(line)
    return None if m is None else m.groups()


@pytest.mark.parametrize("line", [
    "Seat 2: Roni (LBK) ($2.23 in chips)",
    "Seat 4: Blahdi:42eblah ($22.99 in chips)",
    "Seat 5: /\\ntiHer[] ($40.02 in chips)",
    "Seat 1: Blåveis (€55.10 in chips)",
    "Seat 10: a (1,492 in chips)",
    "Seat 3: Bob  (1500 in chips)",  # a name that ends in a space
    "Seat 3:  (1500 in chips)",  # a name of one space
    "Seat 3: x ( (1500 in chips)",
    "Seat 3: x (15 00 in chips)",
    "Seat 3: x (1,5000 in chips)",
    "Seat 3: x (1500. in chips)",
    "Seat 3: x (+1500 in chips)",
    "Seat 3: x ($$5 in chips)",
    "Seat 3: x (³ in chips)",
    "Seat 3: x ( in chips)",
    "Seat 3: (1500 in chips)",  # no name
    "Seat 3: x (1500 in chips) is sitting out",
    "Seat 8: (x) (1,492 in chips, $5 bounty)",
    "Seat ３: x (1500 in chips)",  # a fullwidth digit
    "Seat : x (1500 in chips)",
    "Seat 3 : x (1500 in chips)",
    "Seat 3:x (1500 in chips)",
    "Seat 3: x: y (1500 in chips)",
    "Seat 1: Hero folded before Flop",
    "Seat 1: Hero (button) folded before Flop (1500 in chips)",
    "Seat 1: Hero in chips)",
    "Seat 1: x (1500 in chips)\n",
    "seat 1: x (1500 in chips)",
    "",
])
def test_plain_seat_splits_as_the_pattern_does(line: str) -> None:
    assert plain_seat(line) == _by_pattern(line)


@pytest.mark.parametrize("text", ["Player Ann bets 5", "Ann", "", "éé Ann"])
@pytest.mark.parametrize("prefix", ["Ann", "", "Ann bets 5 and more", "é", " "])
def test_starts_at_is_startswith_with_a_start(text: str, prefix: str) -> None:
    # Every start, past the text's end too, where an empty prefix no longer starts it.
    for start in range(len(text) + 3):
        assert starts_at(text, prefix, start) is text.startswith(prefix, start), start


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ('Mack "the Knife" 7 joins the table at seat #7', 'Mack "the Knife" 7'),
        ("Blahdi:42eblah leaves the table", "Blahdi:42eblah"),
        ("Roni (LBK): is sitting out", "Roni (LBK)"),
        ("wwjorge has timed out", "wwjorge"),
        ('Sam 12 said, "hi: 5"', "Sam 12"),
        ("Oswood was removed from the table for failing to post", "Oswood"),
        ("*** FLOP *** [Qh Ad Ts]", None),
    ],
)
def test_unseated_name(line: str, name: str | None) -> None:
    assert unseated_name(line) == name


def test_unseated_player_line_shape() -> None:
    assert lex('Mack "the Knife" 7 joins the table at seat #7', "Hero") == (
        "<P> joins the table at seat #<N>",
        'Mack "the Knife" 7',
        ["7"],
    )


def test_summary_line_of_an_unseated_name() -> None:
    assert lex("Seat 3: Somebody Else (button) folded before Flop (didn't bet)", "Hero") == (
        "Seat <N>: <P> (button) folded before Flop (didn't bet)",
        "Somebody Else",
        ["3"],
    )


def test_quoted_chat_keeps_inner_quotes() -> None:
    assert lex('O\'Brennan "Ace" said, "wow, "nice" river :)"', *ODD) == (
        "<P> said, <Q>",
        'O\'Brennan "Ace"',
        ['"wow, "nice" river :)"'],
    )


def test_cash_out_summary_descriptions() -> None:
    assert lex(
        "Seat 3: Tsubame showed [Ad 8d] and lost with a full house, Eights full of "
        "Threes (cashed out)",
        "Tsubame",
    ) == (
        "Seat <N>: <P> showed <C> and lost with <D> (cashed out)",
        "Tsubame",
        ["3", "[Ad 8d]", "a full house, Eights full of Threes"],
    )
    assert lex(
        "Seat 1: Hero showed [Qd Qs] and won ($23.83) with a pair of Queens "
        "(pot not awarded as player cashed out)",
        "Hero",
    ) == (
        "Seat <N>: <P> showed <C> and won (<N>) with <D> (pot not awarded as player cashed out)",
        "Hero",
        ["1", "[Qd Qs]", "$23.83", "a pair of Queens"],
    )


def test_run_it_twice_summary_has_two_descriptions() -> None:
    shape, _, values = lex(
        "Seat 1: Hero (button) showed [Ah Kh] and won ($20.75) with a flush, Ace high, "
        "and lost with high card Ace",
        "Hero",
    )
    assert shape == "Seat <N>: <P> (button) showed <C> and won (<N>) with <D>, and lost with <D>"
    assert values == ["1", "[Ah Kh]", "$20.75", "a flush, Ace high", "high card Ace"]


def test_hi_lo_description() -> None:
    assert lex("Hero: shows [Ad 2s 4h 9c] (HI: a pair of Kings; LO: 8,5,3,2,A)", "Hero") == (
        "<P>: shows <C> <D>",
        "Hero",
        ["[Ad 2s 4h 9c]", "(HI: a pair of Kings; LO: 8,5,3,2,A)"],
    )


def test_cap_line() -> None:
    assert lex("sagebrush44: raises $5.50 to $10 and has reached the $10 cap", "sagebrush44") == (
        "<P>: raises <N> to <N> and has reached the <N> cap",
        "sagebrush44",
        ["$5.50", "$10", "$10"],
    )


@pytest.mark.parametrize(
    ("line", "shape", "name"),
    [
        ("Alex 2 joins the table at seat #7", "<P> joins the table at seat #<N>", "Alex 2"),
        ("Alex 2 leaves the table", "<P> leaves the table", "Alex 2"),
        ("Alex Jr has returned", "<P> has returned", "Alex Jr"),
        ("Alex Jr: is sitting out", "<P>: is sitting out", "Alex Jr"),
        # ...but a seated player's own lines keep his name, whatever the text after it
        ("Alex: folds", "<P>: folds", "Alex"),
        ("Alex collected $5 from pot", "<P> collected <N> from pot", "Alex"),
        ('Alex said, "Alex 2 joins the table at seat #7"', "<P> said, <Q>", "Alex"),
        ("Alex leaves the table", "<P> leaves the table", "Alex"),
    ],
)
def test_unseated_name_that_begins_with_a_seated_one(line: str, shape: str, name: str) -> None:
    got_shape, got_name, _ = lex(line, "Alex", "Bo")
    assert (got_shape, got_name) == (shape, name)


@pytest.mark.parametrize("line", [
    "Table 'Kaus Borealis' 6-max Seat #2 is the button",
    "Table 'Kaus Borealis' 6-max (Play Money) Seat #2 is the button",
    "Table '1234567 12' 9-max Seat #9 is the button",
    "Table 'It's a 'quote'' 2-max Seat #1 is the button",
    "Table 'Ends in a quote'",
    "Table ''",
    "Table 'no closing quote 6-max Seat #2 is the button",
    "Table 'said, \"hi\"' 6-max Seat #2 is the button",
    "Table 'x' 6-max {Club} Seat #2 is the button",
])
def test_table_lines_split_as_the_general_regex_does(line: str) -> None:
    # The quoted table name is found without the regex of every field: same result.
    assert split_fields(line) == split_free_text(line)


@pytest.mark.parametrize("line", [
    ": shows [Qs Js] (a full house, Queens full of Aces)",
    "Seat 8: Hero (small blind) showed [Jc 3s] and won ($0.50) with two pair, Kings and Deuces",
    "Seat 1: Hero showed [Ad Kc] and lost with a pair of Queens (cashed out).",
    "Seat 2: Bo showed [Ad Kc] and won ($1,000.50), and won ($3) with a flush, and lost with",
    "x [a] (b) [c] (d (e) f)",  # only the last "] (" opens a description to the end
    "x] (a) ] (b)",
    "] ((a)(b)",  # nested twice: no description
    "[Ah] (x) and (y)",  # the parentheses do not end the line
    "[Ah] (unclosed",
    ": shows [5c 5s] (a pair of Fives) $5",
    "a with [Ah] (x)",  # a description after " with " first
])
def test_descriptions_split_as_the_general_regex_does(line: str) -> None:
    # Numbers and cards before a description are split without the regex of every field.
    assert split_fields(line) == split_free_text(line)


def test_a_shown_hands_description_is_one_value() -> None:
    assert split_fields(": shows [Qs Js] (a full house, Queens full of Aces)") == (
        f": shows {CARDS} {DESC}", ["[Qs Js]", "(a full house, Queens full of Aces)"])


# What the readers matched a line's card groups with before ``card_groups``.
_GROUP = re.compile(r"\[[^\[\]]*\]")
_GROUPS = {False: re.compile(r"(?: \[[^\[\]]*\])+"), True: re.compile(r"(?: ?\[[^\[\]]*\])+")}


def _groups_by_pattern(text: str, at: int, glued: bool) -> list[str] | None:
    return _GROUP.findall(text, at) if _GROUPS[glued].fullmatch(text, at) else None


@pytest.mark.parametrize("glued", [False, True])
@pytest.mark.parametrize("line", [
    "*** FLOP *** [Ah Kd 2c]",
    "*** TURN *** [Ah Kd 2c] [Td]",
    "Dealt to Hero [Ah Kd]",
    "Dealt to Hero [Ah Kd][2c]",  # glued: Winamax
    "Hero: shows [Ah Kd] (a pair of Aces)",  # text after the cards
    "Hero: shows [Ah [Kd]",
    "Hero: shows [Ah Kd]]",
    "Hero: shows [Ah Kd] ",
    "Hero: shows []",
    "Hero: shows [Ah Kd]  [2c]",
    "Board [Ah Kd 2c 3s 4h]",
    "x [",
    "x ]",
])
def test_card_groups_as_the_patterns(line: str, glued: bool) -> None:
    # Both ways, whichever this build uses (``shape.BY_METHODS``).
    for at in range(len(line) + 2):
        expected = _groups_by_pattern(line, at, glued)
        assert card_groups_by_methods(line, at, glued) == expected, at
        assert card_groups(line, at, glued) == expected, at


@given(st.text(alphabet=" []Ahx", max_size=24), st.booleans())
def test_card_groups_as_the_patterns_on_any_text(text: str, glued: bool) -> None:
    for at in range(len(text) + 1):
        expected = _groups_by_pattern(text, at, glued)
        assert card_groups_by_methods(text, at, glued) == expected, at
        assert card_groups(text, at, glued) == expected, at


_NAME_AFTER = re.compile(r"^(?:Seat [0-9]+: |Dealt to |Uncalled bet \([^)]*\) returned to )")


@pytest.mark.parametrize("line", [
    "Seat 3: Ann (1500 in chips)", "Seat 12: Ann folded", "Seat : Ann", "Seat 3 : Ann",
    "Seat ³: Ann", "Seat 3:Ann", "Seat 3a: Ann", "Dealt to Ann [Ah Kd]", "Dealt to",
    "Uncalled bet ($0.10) returned to Ann", "Uncalled bet ($0.10)) returned to Ann",
    "Uncalled bet ($0.10 returned to Ann", "Uncalled bet () returned to ", "Ann: folds", "",
])
def test_name_start_as_the_pattern(line: str) -> None:
    m = _NAME_AFTER.match(line)
    assert name_start_by_methods(line) == name_start(line) == (m.end() if m else 0)


@given(st.lists(st.sampled_from(["Seat ", "3", "12", ": ", "Dealt to ", "Uncalled bet (",
                                 ") returned to ", ")", "x", " ", "³"]), max_size=6).map("".join))
def test_name_start_as_the_pattern_on_any_text(line: str) -> None:
    m = _NAME_AFTER.match(line)
    assert name_start_by_methods(line) == name_start(line) == (m.end() if m else 0)


@pytest.mark.parametrize("text", ["0", "7", "03", "59", "999", "2012", "2099", "2100", "007",
                                  "+3", " 4", "-1", "\u0661\u0662", "12_3", "", "x", "4.0",
                                  "\u00b2"])
def test_int_of_reads_as_int_reads(text: str) -> None:
    """``int_of`` looks the common numbers up, and gives ``int()``'s value or error."""
    try:
        expected: int | type[ValueError] = int(text)
    except ValueError:
        expected = ValueError
    try:
        found: int | type[ValueError] = int_of(text)
    except ValueError:
        found = ValueError
    assert found == expected
