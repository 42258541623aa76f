"""SP003 pot.ineligible_winner."""

from __future__ import annotations

from auditor.engine.audit import PotAudit
from auditor.engine.payments import collectors
from auditor.rules.base import Finding
from auditor.rules.pots.common import PotRule, finding, street_of


class IneligibleWinner(PotRule):
    """## What it does
    Flags chips from a pot paid to a player who cannot win that pot: he folded, or his
    contribution does not reach the pot's level (an all-in player cannot win a side pot
    built above his stack).

    ## Why is this bad?
    From each opponent a player can win at most what he himself put in, and a player who
    folded can win nothing. Paying him takes the pot from its rightful winner.

    ## Example
    ```
    Player1: raises 400 to 600 and is all-in    (Player1 had 600)
    Player2: raises 1400 to 2000
    Player3: calls 2000
    ...
    Player1 collected 1800 from side pot-1      <- side pot-1 is Player2's and Player3's
    ```

    ## Use instead
    ```
    Player1 collected 1850 from main pot
    Player3 collected 2800 from side pot-1
    ```

    ## References
    - docs/rules.md section 5, steps 2–3; section 6
    """

    code = "SP003"
    name = "pot.ineligible_winner"
    severity = "error"
    summary = "chips from a pot paid to a player who is not eligible for it"
    references = ("docs/rules.md §5", "docs/rules.md §6")

    @classmethod
    def check(cls, audit: PotAudit) -> list[Finding]:
        out: list[Finding] = []
        if audit.clean and audit.runs == 1:
            return out
        for part in audit.parts:
            if part.clean:
                continue
            for player in collectors(part):
                if player in part.eligible:
                    continue
                why = (
                    "folded"
                    if player in audit.contributed
                    and not any(player in p.eligible for p in audit.layout.pots)
                    else "is not eligible for it"
                )
                who = ", ".join(part.eligible) or "nobody"
                out.append(finding(
                    cls.code, part.lines[player],
                    f"{player} collected {audit.money(part.paid[player])} from "
                    f"{audit.pot_name(part.pot, part.run)} but {why} "
                    f"(eligible: {who}).",
                    street=street_of(audit), player=player, expected=0,
                    observed=part.paid[player],
                ))  # fmt: skip
        return out
