"""A finding: one breach found in one hand, the product every rule and reader makes.

It lives in the model, beside the events it points at, so that the engine can hand
findings back and the rules can make them without either importing the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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
