"""The bracket lexer PartyPoker and 888 share: amounts with the symbol before or after,
codes, comma decimals and thousands, no-break spaces; card groups; descriptions."""

from __future__ import annotations

import pytest

from auditor.model.money import AmountError
from auditor.parsing.shape import CARDS, DESC, NUM
from auditor.sites import partypoker
from auditor.sites.partypoker.lines import amount_of, cards_of, is_cards, split_fields


@pytest.mark.parametrize(("text", "decimals", "units"), [
    ("$0.04 USD", 2, 4),
    ("$0.04  USD", 2, 4),
    ("0,35 €", 2, 35),  # Mac and euro exports: comma decimals
    ("$26,02 USD", 2, 2602),
    ("$1,10", 2, 110),
    ("$2,697", 2, 269700),  # comma thousands
    ("$10,000 USD", 2, 1000000),
    ("$2,127.50 USD", 2, 212750),
    ("3,000", 0, 3000),  # tournament chips
    ("$ 38.50", 2, 3850),
    ("$2.0", 2, 200),
    ("25 $", 2, 2500),  # 888: the symbol after
    ("15\xa0552,50 $", 2, 1555250),  # a no-break space between thousands
    ("3\u00c2\xa0023,50 $", 2, 302350),  # the no-break space encoded twice
])
def test_amounts(text: str, decimals: int, units: int) -> None:
    assert amount_of(text, decimals) == units


def test_an_amount_finer_than_the_unit_is_refused() -> None:
    with pytest.raises(AmountError):
        amount_of("1.5", 0)


def test_card_groups() -> None:
    assert cards_of("[  6s 2c ]") == ("6s", "2c")
    assert cards_of("[ 9d, Ah, 3h ]") == ("9d", "Ah", "3h")
    assert cards_of("[ 5c , 4h ]") == ("5c", "4h")
    assert cards_of("[Qs, As ]") == ("Qs", "As")
    assert cards_of("[ 10h, Jd ]") == ("Th", "Jd")
    assert is_cards("  Jd 9c ") and not is_cards("$0.04 USD") and not is_cards("a pair")


@pytest.mark.parametrize(("tail", "shape", "values"), [
    (" posts small blind [$0.01 USD].", f" posts small blind [{NUM}].", ["$0.01 USD"]),
    (" posts big blind + dead [0,35 €].", f" posts big blind + dead [{NUM}].", ["0,35 €"]),
    (" is all-In  [ $20,90 USD ]", f" is all-In  [ {NUM} ]", ["$20,90 USD"]),
    (" raises 2.70 to 2.80", f" raises {NUM} to {NUM}", ["2.70", "2.80"]),
    (" shows [ 5h, 5s ]a pair of Fives.", f" shows {CARDS}{DESC}",
     ["[ 5h, 5s ]", "a pair of Fives"]),
    (" shows [ 9d, 8s ].", f" shows {CARDS}.", ["[ 9d, 8s ]"]),
    (" wins $0.02 USD from the main pot with a pair of Fives.",
     f" wins {NUM} from the main pot with {DESC}", ["$0.02 USD", "a pair of Fives"]),
    (" wins Lo ($0.09 USD) from the main pot with 8,6,5,4,2.",
     f" wins Lo ({NUM}) from the main pot with {DESC}", ["$0.09 USD", "8,6,5,4,2"]),
    (" balance $44.16, bet $23.17, collected $41.47, net +$18.30[ 9c, 7h ] [ a pair -- 9c ]",
     f" balance {NUM}, bet {NUM}, collected {NUM}, net +{NUM}{CARDS} {DESC}",
     ["$44.16", "$23.17", "$41.47", "$18.30", "[ 9c, 7h ]", "a pair -- 9c"]),
    (" posts dead blind [$1 + $2]", f" posts dead blind [{NUM} + {NUM}]", ["$1", "$2"]),
    (" collected [ $197.50 ]", f" collected [ {NUM} ]", ["$197.50"]),
    ("Blinds-Antes(1,250/2,500 -250)", f"Blinds-Antes({NUM}/{NUM} -{NUM})",
     ["1,250", "2,500", "250"]),
    ("Table 20BB Min #4410001", f"Table 20BB Min #{NUM}", ["4410001"]),
])
def test_shapes(tail: str, shape: str, values: list[str]) -> None:
    assert split_fields(tail) == (shape, values)


_HEADER = "***** Hand History for Game 16645000000 *****"


@pytest.mark.parametrize(("head", "party"), [
    (_HEADER, True),
    (f"\ufeff\n \t{_HEADER}", True),  # a BOM on its own line, then the header indented
    (f"Some title\n\n \t{_HEADER}\n", True),
    ("x" * 20_000 + f"\n{_HEADER}", True),
    ("***** Hand History For Game 1", True),  # capitalised "For"
    (f"chat: {_HEADER}", False),  # not first on its line
    (f"chat: {_HEADER}\n{_HEADER}", True),  # the second one is
    ("PokerStars Hand #1: \n***** Hand History for Game", False),  # cut short
    ("", False),
])
def test_sniff_finds_a_header_first_on_its_line(head: str, party: bool) -> None:
    assert partypoker.sniff(head, "f.txt") is party
