"""The seated names of a hand, with an index by length (``shape.find_name`` reads it).

A module of its own because it subclasses ``list``: ``shape.py`` is compiled by the
opt-in mypyc build (``hatch_build.py``), and mypyc compiles no subclass of a builtin.
"""

from __future__ import annotations

from collections.abc import Iterable


class SeatedNames(list[str]):
    """The seated names of a hand, longest first (``SeatedNames.of``), with an index by
    length for hands of many seats: ``find_name`` then costs one look-up per distinct
    name length instead of one comparison per name. (A plain list underneath, made in C:
    a hand of six seats pays nothing for the index it never builds.)"""

    __slots__ = ("_by_length",)
    _by_length: list[tuple[int, frozenset[str]]]

    @classmethod
    def of(cls, names: Iterable[str]) -> SeatedNames:
        return cls(sorted(names, key=len, reverse=True))

    def by_length(self) -> list[tuple[int, frozenset[str]]]:
        """(length, the names of that length), longest first."""
        try:
            return self._by_length
        except AttributeError:
            groups: dict[int, set[str]] = {}
            for name in self:
                groups.setdefault(len(name), set()).add(name)
            self._by_length = [(n, frozenset(g)) for n, g in groups.items()]
            return self._by_length
