"""Named tuples made from their values in one call.

Calling a named tuple's class runs its ``__new__``, written in Python (about 290 ns
from compiled code); ``tuple.__new__(cls, values)`` goes through the type's generic
``__new__`` wrapper (about 140 ns, 180 through a ``partial``). The compiled engine makes
about ten a hand (payout rows, pots and their layout, SE001's stacks, a table), so
where the compiled build is installed ``new_tuple`` is its C function
(``auditor/model/_tuples.c``), which makes the same object in one call; elsewhere it is
``tuple.__new__`` itself. The two are held equal by ``tests/model/test_tuples.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any, Final


def _in_c() -> Callable[[type[Any], tuple[Any, ...]], Any] | None:
    """The compiled build's ``new_tuple``, or None where it is not built."""
    try:
        return import_module("auditor.model._tuples").new_tuple  # type: ignore[no-any-return]
    except ImportError:
        return None


NEW_TUPLE_IN_C: Final = _in_c()
# ``new_tuple(cls, values)``: the instance of the tuple subclass ``cls`` (a named tuple)
# holding the items of the tuple ``values``, as ``tuple.__new__(cls, values)``.
new_tuple: Final[Callable[[type[Any], tuple[Any, ...]], Any]] = (
    NEW_TUPLE_IN_C if NEW_TUPLE_IN_C is not None else tuple.__new__)
