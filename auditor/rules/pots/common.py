"""What the pot rules share: the rule base class and the finding helper.

A pot rule looks at the whole hand once the betting is replayed: ``check(audit)`` receives
the ``PotAudit`` built by ``auditor.engine.audit`` (pots, stated figures, verdicts) and
returns its findings (a list: most hands have none, and a list is cheaper than a
generator for that). The arithmetic stays in the engine; a rule only compares.
"""

from __future__ import annotations

from auditor.engine.audit import PartAudit, PotAudit
from auditor.model.finding import new_finding
from auditor.rules.base import Finding, Rule


class PotRule(Rule):
    """A rule checked once per hand on the rebuilt pots."""

    @classmethod
    def check(cls, audit: PotAudit) -> list[Finding]:
        """The findings of this rule in one hand."""
        raise NotImplementedError


def finding(
    code: str,
    line: int,
    message: str,
    *,
    street: str | None = None,
    player: str | None = None,
    expected: int | None = None,
    observed: int | None = None,
) -> Finding:
    """A pot finding (keyword-only, so a call reads like the report row)."""
    return new_finding(code, line, message, street, player, expected, observed)


def street_of(audit: PotAudit) -> str | None:
    """``showdown`` when the hand reached one, else None."""
    return "showdown" if audit.showdown else None


def part_anchor(audit: PotAudit, part: PartAudit, player: str | None = None) -> int:
    """The ``collected`` line of ``player`` in ``part`` (or of anyone in it), else the
    summary or last line."""
    if player is not None and player in part.lines:
        return part.lines[player]
    if part.lines:
        return min(part.lines.values())
    return audit.anchor_line
