"""``Hand`` and ``HandInfo`` spell out their ``__init__`` (``auditor.model.hand`` says
why): each does what ``@dataclass`` would, every field in order with the field's
default, positionally and by keyword, and the two still compare, hash and copy by their
fields."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from auditor.model.dialect import DEFAULT_DIALECT, Dialect
from auditor.model.events import Fold, Seat
from auditor.model.hand import Hand, HandInfo

# A value for every field, none of them its default.
INFO_VALUES: dict[str, Any] = {
    "site": "pokerstars", "hand_id": "123", "game": "omaha", "variant": "Omaha Pot Limit",
    "limit": "PL", "hi_lo": True, "hole_cards": 4, "stakes": (5, 10), "ante": 1, "cap": 300,
    "currency": "EUR", "symbol": "€", "decimals": 0, "tournament": "77", "table": "T 1",
    "max_seats": 6, "button_seat": 3, "started": "2024/01/02 03:04:05 ET",
}


def _hand_values() -> dict[str, Any]:
    return {
        "source": "a.txt", "first_line": 10, "last_line": 40,
        "info": HandInfo(**INFO_VALUES), "seats": (Seat(11, 1, "Ann", 500),),
        "events": (Fold(12, "Ann"),), "cancelled": True,
        "dialect": Dialect(topups_logged=True),
    }


CASES = [(HandInfo, INFO_VALUES), (Hand, _hand_values())]


@pytest.mark.parametrize(("cls", "values"), CASES, ids=lambda c: getattr(c, "__name__", ""))
def test_init_sets_every_field_in_order(cls: type, values: dict[str, Any]) -> None:
    names = [f.name for f in dataclasses.fields(cls)]
    assert names == list(values)
    made = cls(*values.values())
    assert [getattr(made, n) for n in names] == list(values.values())
    assert cls(**values) == made
    assert hash(cls(**values)) == hash(made)


@pytest.mark.parametrize(("cls", "values"), CASES, ids=lambda c: getattr(c, "__name__", ""))
def test_init_defaults_are_the_fields_defaults(cls: type, values: dict[str, Any]) -> None:
    fields = dataclasses.fields(cls)
    required = [f for f in fields if f.default is dataclasses.MISSING]
    assert all(f.default_factory is dataclasses.MISSING for f in fields)
    made = cls(*[values[f.name] for f in required])
    for f in fields[len(required):]:
        assert getattr(made, f.name) == f.default, f.name
        assert values[f.name] != f.default, f.name  # (each field's value is really set)


def test_a_hand_compares_and_copies_by_its_fields() -> None:
    values = _hand_values()
    hand = Hand(**values)
    moved = dataclasses.replace(hand, first_line=11)
    assert moved != hand and moved.first_line == 11 and moved.info is hand.info
    assert dataclasses.replace(moved, first_line=10) == hand
    assert Hand(**{**values, "dialect": DEFAULT_DIALECT}) != hand
