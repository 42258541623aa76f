"""A finding: one breach found in one hand, the product every rule and reader makes.

It lives in the model, beside the events it points at, so that the engine can hand
findings back and the rules can make them without either importing the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from auditor.model.events import positional

Severity = Literal["error", "warning", "info"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")


@dataclass(frozen=True, slots=True, kw_only=True)
class Finding:
    """One breach found in one hand. Amounts are integers of the hand's smallest unit;
    the report adds source, hand id, rule name and severity."""

    code: str
    line: int
    message: str
    street: str | None = None
    player: str | None = None
    expected: int | None = None
    observed: int | None = None


# ``Finding(code, line, message, street, player, expected, observed)``, every field given,
# in that order (``events.positional``): the rules' helpers make findings with it, as the
# replay runs. A frozen keyword-only dataclass's own ``__init__`` takes 3.3 µs a finding,
# this 1.3 µs.
new_finding = positional(Finding)
