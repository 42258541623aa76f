"""What every rule shares: the finding it produces and the metadata it declares.

A rule is a small class: code, dotted name (reads as "allow ___"), default severity, a
one-line summary, the rulebook clauses it enforces, and a docstring with the ruff headings
(*What it does / Why is this bad? / Example / Use instead / References*). The engine that
knows when to call a rule is the one its family lives in (betting replay, pots); the
arithmetic it needs comes from the engine's queries, never copied into the rule.
"""

from __future__ import annotations

import ast
import inspect
import sys
from pathlib import Path
from typing import ClassVar

from auditor.model.finding import SEVERITIES, Finding, Severity

__all__ = ["SEVERITIES", "Finding", "Rule", "Severity"]


class Rule:
    """Metadata of a rule. Subclasses set the class attributes and write the docstring."""

    code: ClassVar[str]
    name: ClassVar[str]
    severity: ClassVar[Severity]
    summary: ClassVar[str]
    references: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def doc(cls) -> str:
        """The rule's documentation page (its docstring, dedented)."""
        return inspect.cleandoc(_docstring(cls) or cls.summary)

    @classmethod
    def example_dir(cls) -> Path:
        """Where the rule's documented example hands live (``<module dir>/examples/CODE``)."""
        return Path(inspect.getfile(cls)).parent / "examples" / cls.code


# What mypyc leaves as the docstring of a class it compiled (``auditor.compiled``).
_FILLER = "mypyc filler docstring"


def _docstring(cls: type) -> str | None:
    """The docstring of ``cls``; read from its module's source where the compiled build
    dropped it (the wheel keeps each ``.py`` beside its extension module)."""
    doc = cls.__doc__
    if doc and doc != _FILLER:
        return doc
    file = getattr(sys.modules.get(cls.__module__), "__file__", None)
    if not file or file.endswith(".py"):
        return None
    compiled = Path(file)
    source = compiled.with_name(compiled.name.split(".")[0] + ".py")
    if not source.is_file():
        return None
    tree = ast.parse(source.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            return ast.get_docstring(node, clean=False)
    return None
