"""SP007 chips.not_conserved."""

from __future__ import annotations

from auditor.engine.audit import PotAudit
from auditor.engine.payments import unawarded
from auditor.rules.base import Finding
from auditor.rules.pots.common import PotRule, finding


class ChipsNotConserved(PotRule):
    """## What it does
    Checks that every chip that went into the middle comes out: what the players put in,
    less the uncalled bets handed back, equals what was collected plus the stated rake and
    fees. Equivalently, the starting stacks add up to the final stacks plus rake and fees.
    A player who cashed out is paid by the site, outside the pot, and his share of the
    pot is not awarded: that share is counted as paid out. Chips the house adds (GG's
    Cash Drop) count as put in. Where the site never states its rake (PartyPoker classic,
    888) or derives it (iPoker), only "no more paid out than put in" can be checked.

    ## Why is this bad?
    Chips are neither created nor destroyed at a poker table. A difference means a pot
    was over- or under-paid, or a figure in the history is wrong.

    ## Example
    ```
    Player1: bets $1 / Player2: calls $1     (plus blinds $0.15)
    Player2 collected $2 from pot            <- $2.15 went in
    Total pot $2.15 | Rake $0
    ```

    ## Use instead
    ```
    Player2 collected $2.15 from pot
    ```

    ## References
    - docs/rules.md section 7 (conservation: Σ starting stacks = Σ final stacks + rake + fees)
    """

    code = "SP007"
    name = "chips.not_conserved"
    severity = "error"
    summary = (
        "chips created or lost: what was paid out plus rake and fees differs from what went in"
    )
    references = ("docs/rules.md §7",)

    @classmethod
    def check(cls, audit: PotAudit) -> list[Finding]:
        out: list[Finding] = []
        returned = sum(audit.stated_returns.values())
        went_in = audit.went_in
        paid = sum(ev.amount for ev, _, _ in audit.collected)
        deductions = audit.deductions
        not_awarded = unawarded(audit)
        if deductions is None or not_awarded is None:
            # An unknown rake (or a cash-out share we cannot size) only absorbs chips:
            # all we can tell is that no more came out than went in.
            came_out = paid + (not_awarded or 0)
            if came_out <= went_in:
                return out
            out.append(finding(
                cls.code, audit.anchor_line,
                f"Chips are not conserved: {audit.money(went_in)} went into the pot, but "
                f"{audit.money(came_out)} was collected{_inside(audit, returned)}.",
                expected=went_in, observed=came_out,
            ))  # fmt: skip
            return out
        if deductions < 0:  # a rake derived from what went in and came out
            out.append(finding(
                cls.code, audit.anchor_line,
                f"Chips are not conserved: {audit.money(went_in)} went into the pot, but "
                f"{audit.money(paid)} was collected.",
                expected=went_in, observed=paid,
            ))  # fmt: skip
            return out
        came_out = paid + deductions + not_awarded
        if went_in == came_out:
            return out
        if went_in - came_out == audit.layout.returned - returned and returned != (
            audit.layout.returned
        ):
            return out  # exactly the uncalled bet the history failed to return (SP001)
        out.append(finding(
            cls.code, audit.anchor_line,
            f"Chips are not conserved: {audit.money(went_in)} went into the pot, but "
            f"{audit.money(came_out)} came out as collected, rake and fees.",
            expected=went_in, observed=came_out,
        ))  # fmt: skip
        return out


def _inside(audit: PotAudit, returned: int) -> str:
    """Where the history's collections hold a returned excess (sites that print no
    uncalled bet), what was collected is told with it, as the lines print it."""
    if not returned or audit.hand.dialect.uncalled == "printed":
        return ""
    total = sum(ev.amount for ev, _, _ in audit.collected) + returned
    return (f" (the lines collect {audit.money(total)}, {audit.money(returned)} of it the "
            f"uncalled excess coming back)")
