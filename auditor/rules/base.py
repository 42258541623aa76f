"""What every rule shares: the finding it produces and the metadata it declares.

A rule is a small class: code, dotted name (reads as "allow ___"), default severity, a
one-line summary, the rulebook clauses it enforces, and a docstring with the ruff headings
(*What it does / Why is this bad? / Example / Use instead / References*). The engine that
knows when to call a rule is the one its family lives in (betting replay, pots); the
arithmetic it needs comes from the engine's queries, never copied into the rule.
"""

from __future__ import annotations

import inspect
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
        return inspect.cleandoc(cls.__doc__ or cls.summary)

    @classmethod
    def example_dir(cls) -> Path:
        """Where the rule's documented example hands live (``<module dir>/examples/CODE``)."""
        return Path(inspect.getfile(cls)).parent / "examples" / cls.code
