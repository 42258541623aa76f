"""``new_tuple`` (``auditor.model.tuples``) makes what ``tuple.__new__`` makes: in the
compiled build its C function (``auditor/model/_tuples.c``), held here to the Python
way for the named tuples the engine makes and for any values; elsewhere it is
``tuple.__new__`` itself."""

from __future__ import annotations

import gc
import pickle
import sys
from typing import Any, NamedTuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

from auditor.engine.pots import Pot, PotLayout
from auditor.engine.result import PayoutRow
from auditor.model.tuples import NEW_TUPLE_IN_C, new_tuple
from auditor.rules.pots.se001_stack_discontinuity import HandStacks

in_c = pytest.importorskip("auditor.model._tuples", reason="the pure build: no C module")


class Point(NamedTuple):
    x: int
    y: int = 0


class Plain(tuple):  # type: ignore[type-arg]
    """A tuple subclass that is not a named tuple."""


def test_the_compiled_build_uses_the_c_function() -> None:
    assert NEW_TUPLE_IN_C is in_c.new_tuple
    assert new_tuple is in_c.new_tuple


ENGINE_VALUES: list[tuple[type[Any], tuple[Any, ...]]] = [
    (PayoutRow, ("Bob", 3, 150, 20, 0, None, -130)),
    (Pot, (300, ("Ann", "Bob"))),
    (PotLayout, ((Pot(300, ("Ann", "Bob")),), "Ann", 20)),
    (HandStacks, ("a.txt", "T", None, "1", "2024/01/01 10:00:00 ET", 2, "$",
                  (("Ann", 1, 5, 500, 620),), frozenset({"Bob"}), False, (), None, "USD",
                  3, (), "pokerstars", None)),
]


@pytest.mark.parametrize(("cls", "values"), ENGINE_VALUES, ids=lambda c: getattr(c, "__name__", ""))
def test_the_engines_named_tuples_as_python_makes_them(cls: type[Any],
                                                       values: tuple[Any, ...]) -> None:
    made = in_c.new_tuple(cls, values)
    expected = tuple.__new__(cls, values)
    assert type(made) is cls
    assert made == expected == cls(*values)
    assert [getattr(made, f) for f in cls._fields] == list(values)  # type: ignore[attr-defined]
    assert hash(made) == hash(expected)
    assert repr(made) == repr(expected)
    assert pickle.loads(pickle.dumps(made)) == made
    assert gc.is_tracked(made) == gc.is_tracked(expected)


@given(st.lists(st.one_of(st.none(), st.integers(), st.text(max_size=5),
                          st.tuples(st.integers())), max_size=8))
def test_any_values_as_tuple_new_makes_them(items: list[Any]) -> None:
    values = tuple(items)
    for cls in (Point, Plain):
        made = in_c.new_tuple(cls, values)
        expected = tuple.__new__(cls, values)
        assert type(made) is cls
        assert made == expected and len(made) == len(values)
        assert all(a is b for a, b in zip(made, values, strict=True))


def test_each_item_is_referenced_once_more() -> None:
    item = object()
    values = (item, item)
    before = sys.getrefcount(item)
    made = in_c.new_tuple(Plain, values)
    assert sys.getrefcount(item) == before + 2
    del values
    assert sys.getrefcount(item) == before  # (the values' two gone, the new tuple's in)
    assert made[0] is item and made[1] is item


@pytest.mark.parametrize("args", [
    (Point,),  # one argument
    (Point, [1, 2]),  # values not a tuple
    (Point, Point(1, 2)),  # nor an exact tuple: tuple.__new__ would take it, the C asks less
    (tuple, (1, 2)),  # not a subclass
    (list, (1, 2)),
    ("Point", (1, 2)),  # not a type
])
def test_what_it_refuses(args: tuple[Any, ...]) -> None:
    with pytest.raises(TypeError):
        in_c.new_tuple(*args)
