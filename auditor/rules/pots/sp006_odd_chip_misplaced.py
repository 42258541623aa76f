"""SP006 pot.odd_chip_misplaced."""

from __future__ import annotations

from typing import Final

from auditor.engine.audit import PotAudit
from auditor.engine.payments import share_fault
from auditor.rules.base import Finding
from auditor.rules.pots.common import PotRule, finding, part_anchor, street_of

_RULE_WORDS: Final = {
    "button-left": "the first winner left of the button",
    "best-hand-suit": "the winner holding the highest card by suit",
}


class OddChipMisplaced(PotRule):
    """## What it does
    In a split pot paid in equal shares, checks who got the odd chip: by default the
    first winner clockwise from the button (profile option ``odd_chip``). In hi/lo the
    odd chip of the halving goes to the high half.

    ## Why is this bad?
    The odd chip is small, but it is a house rule players rely on; a history that gives
    it to another winner shows the split was not done by the rule.

    ## Example
    ```
    Seat #1 is the button
    ... Seat 2: Player2 and Seat 5: Player5 tie for a pot of $1.01
    Player5 collected $0.51 from pot           <- Player2 is first left of the button
    Player2 collected $0.50 from pot
    ```

    ## Use instead
    ```
    Player2 collected $0.51 from pot
    Player5 collected $0.50 from pot
    ```

    ## References
    - docs/rules.md section 6 (odd chip)
    """

    code = "SP006"
    name = "pot.odd_chip_misplaced"
    severity = "warning"
    summary = "the odd chip of a split went to another winner than the profile's rule names"
    references = ("docs/rules.md §6",)

    @classmethod
    def check(cls, audit: PotAudit) -> list[Finding]:
        out: list[Finding] = []
        if audit.clean and audit.runs == 1:
            return out
        for part in audit.parts:
            fault = share_fault(audit, part)
            if fault is None or fault[0] != "odd_chip" or part.expected is None:
                continue
            expected = part.expected
            short = [p for p in part.compared if part.paid.get(p, 0) < expected.get(p, 0)]
            over = [p for p in part.compared if part.paid.get(p, 0) > expected.get(p, 0)]
            owed = short[0] if short else fault[1]
            taker = over[0] if over else fault[1]
            rule = _RULE_WORDS.get(audit.profile.odd_chip, audit.profile.odd_chip)
            if part.verdict.low_winners:
                rule = f"the high half, then {rule}"
            out.append(finding(
                cls.code, part_anchor(audit, part, taker),
                f"The odd chip of {audit.pot_name(part.pot, part.run)} went to {taker}; "
                f"it belongs to {owed} ({rule}).",
                street=street_of(audit), player=owed, expected=expected.get(owed, 0),
                observed=part.paid.get(owed, 0),
            ))  # fmt: skip
        return out
