"""Every event's written ``__init__`` does what ``@dataclass`` would: each field, in
order, with the field's default (``auditor.model.events`` says why it is written out);
and its ``at`` is the same event on another line."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path
from typing import Any

import pytest

import auditor.model.events as ev

EVENTS = [cls for cls in vars(ev).values()
          if isinstance(cls, type) and dataclasses.is_dataclass(cls)
          and cls.__module__ == ev.__name__]


def _source_annotations() -> dict[tuple[str, str], str]:
    """Each event field's type as its source writes it, by (class, field): compiled,
    mypyc keeps only the runtime class of a field (``int | None`` becomes ``object``)."""
    source = Path(ev.__file__).with_name("events.py").read_text(encoding="utf-8")
    found = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    found[node.name, item.target.id] = ast.unparse(item.annotation)
    return found


_ANNOTATIONS = _source_annotations()


def _annotation(cls: type, field: dataclasses.Field[Any]) -> str:
    """The type of ``field`` as written in the class that declares it."""
    return next(_ANNOTATIONS[c.__name__, field.name] for c in cls.__mro__
                if (c.__name__, field.name) in _ANNOTATIONS)


def _value(annotation: str, k: int) -> Any:
    """A value of the field's type, distinct for each field ``k`` and never its default
    (the compiled build checks the types)."""
    if annotation == "bool":
        return True
    if annotation.startswith("int"):
        return 100 + k
    if annotation == "tuple[int, ...]":
        return (k, k + 1)
    if annotation == "tuple[tuple[str, int], ...]":
        return (("jackpot", k),)
    if annotation == "Cards":
        return ("Ah", f"{k % 8 + 2}d")
    return f"text {k}"  # str, str | None, and the kinds (Literal strings)


def test_every_event_is_found() -> None:
    assert len(EVENTS) >= 26
    assert {ev.Seat, ev.Fold, ev.Raise, ev.PotSummary, ev.HandCancelled} <= set(EVENTS)


@pytest.mark.parametrize("cls", EVENTS, ids=lambda c: c.__name__)
def test_init_sets_every_field_in_order(cls: type) -> None:
    fields = dataclasses.fields(cls)
    values = [_value(_annotation(cls, f), k) for k, f in enumerate(fields)]
    event = cls(*values)
    assert [getattr(event, f.name) for f in fields] == values
    assert cls(**{f.name: v for f, v in zip(fields, values, strict=True)}) == event
    assert ev.positional(cls)(*values) == event


@pytest.mark.parametrize("cls", EVENTS, ids=lambda c: c.__name__)
def test_init_defaults_are_the_fields_defaults(cls: type) -> None:
    fields = dataclasses.fields(cls)
    required = [f for f in fields if f.default is dataclasses.MISSING]
    assert all(f.default_factory is dataclasses.MISSING for f in fields)
    event = cls(*[_value(_annotation(cls, f), k) for k, f in enumerate(required)])
    for f in fields[len(required):]:
        assert getattr(event, f.name) == f.default, f.name


@pytest.mark.parametrize("cls", EVENTS, ids=lambda c: c.__name__)
def test_at_is_the_same_event_on_another_line(cls: type) -> None:
    # Written per class: one inherited would make the base class's event.
    assert "at" in vars(cls)
    fields = dataclasses.fields(cls)
    event = cls(*[_value(_annotation(cls, f), k) for k, f in enumerate(fields)])
    moved = event.at(7)
    assert type(moved) is cls
    assert moved == dataclasses.replace(event, line=7)
    assert moved is not event and event.line != 7
