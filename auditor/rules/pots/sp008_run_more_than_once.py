"""SP008 pot.run_more_than_once."""

from __future__ import annotations

from auditor.engine.audit import PotAudit
from auditor.model.events import StreetStart
from auditor.rules.base import Finding
from auditor.rules.pots.common import PotRule, finding


class RunMoreThanOnce(PotRule):
    """## What it does
    Where the house does not allow running the board more than once (the profile option
    ``run-it-twice = false``), flags a hand whose board was run twice or more. With the
    default profile running it twice is allowed, and nothing is flagged.

    ## Why is this bad?
    Running it twice is not a standard rule: only by agreement, where the house allows it
    (docs/rules.md section 6). Where it does not, a pot was paid by boards that should not
    have been dealt.

    ## Example
    ```
    *** FIRST RIVER *** [Js 9h Jh Qs] [2d]
    *** SECOND RIVER *** [Js 9h Jh Qs] [5h]      <- the house deals one board
    ```

    ## Use instead
    ```
    *** RIVER *** [Js 9h Jh Qs] [2d]
    ```

    ## References
    - docs/rules.md section 6 (run it twice: only by agreement, a profile option)
    """

    code = "SP008"
    name = "pot.run_more_than_once"
    severity = "error"
    summary = "a board run more than once where the house rules do not allow it"
    references = ("docs/rules.md §6",)

    @classmethod
    def check(cls, audit: PotAudit) -> list[Finding]:
        if audit.runs < 2 or audit.profile.run_it_twice:
            return []
        line = next((ev.line for ev in audit.hand.events
                     if type(ev) is StreetStart and (ev.run or 0) > 1), audit.anchor_line)
        return [finding(
            cls.code, line,
            f"The board was run {audit.runs} times, which the house rules (profile "
            f"{audit.profile.name}, run-it-twice = false) do not allow.",
        )]
