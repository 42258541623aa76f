"""The pot audit's own helpers, held to what they stand for."""

from __future__ import annotations

import dataclasses

import pytest

from auditor.engine.audit import _paying
from auditor.model.events import Collected


@pytest.mark.parametrize("pot", [None, 0, 2])
def test_paying_is_replace_of_amount_and_pot(pot: int | None) -> None:
    # Every field off its default: a field Collected gains must be carried over too.
    ev = Collected(41, "Bob", 1_250, 1, 2)
    assert _paying(ev, 300, pot) == dataclasses.replace(ev, amount=300, pot=pot)
    assert len(dataclasses.fields(Collected)) == 5, "a new field: check _paying keeps it"
