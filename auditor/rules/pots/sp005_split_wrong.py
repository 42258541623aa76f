"""SP005 pot.split_wrong."""

from __future__ import annotations

from auditor.engine.audit import PotAudit
from auditor.engine.payments import share_fault, unequal_runs
from auditor.rules.base import Finding
from auditor.rules.pots.common import PotRule, finding, part_anchor, street_of


class SplitWrong(PotRule):
    """## What it does
    Flags a tied pot paid in unequal shares beyond the odd chips, a hi/lo pot not
    halved between the high and the low hand, a co-winner left out of a split, and a pot
    run more than once whose boards were not each given an equal part.

    ## Why is this bad?
    Ties split the pot equally; only the odd chip (the remainder in the smallest unit)
    may go to one winner. A hand run twice is played for two equal halves, one per board.

    ## Example
    ```
    Player1: shows [Ah Kd] (a straight, Ten to Ace)
    Player2: shows [Ac Kc] (a straight, Ten to Ace)
    Player1 collected $6 from pot
    Player2 collected $4 from pot             <- a tie: $5 each
    ```

    ## Use instead
    ```
    Player1 collected $5 from pot
    Player2 collected $5 from pot
    ```

    ## References
    - docs/rules.md section 6 (ties split equally; run it twice; hi/lo halves)
    """

    code = "SP005"
    name = "pot.split_wrong"
    severity = "error"
    summary = "a tie paid in unequal shares, beyond the odd chips"
    references = ("docs/rules.md §6",)

    @classmethod
    def check(cls, audit: PotAudit) -> list[Finding]:
        out: list[Finding] = []
        if audit.clean and audit.runs == 1:
            return out
        for part in audit.parts:
            fault = share_fault(audit, part)
            if fault is None or fault[0] != "unequal":
                continue
            player = fault[1]
            got = part.paid.get(player, 0)
            due = (part.expected or {}).get(player) if part.verdict.decided else None
            fair = f"; an equal split gives {audit.money(due)}" if due is not None else ""
            out.append(finding(
                cls.code, part_anchor(audit, part, player),
                f"{audit.pot_name(part.pot, part.run).capitalize()} was split unequally: "
                f"{player} got {audit.money(got)}{fair}.",
                street=street_of(audit), player=player, expected=due, observed=got,
            ))  # fmt: skip
        for part, due in unequal_runs(audit):
            got = sum(part.paid.values())
            out.append(finding(
                cls.code, part_anchor(audit, part),
                f"{audit.pot_name(part.pot, part.run).capitalize()} paid "
                f"{audit.money(got)}; each board's equal part is {audit.money(due)}.",
                street=street_of(audit), expected=due, observed=got,
            ))  # fmt: skip
        return out
