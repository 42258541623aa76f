"""SP004 pot.wrong_winner."""

from __future__ import annotations

from auditor.engine.audit import PartAudit, PotAudit
from auditor.engine.payments import collectors, is_wrong_winner
from auditor.rules.base import Finding
from auditor.rules.pots.common import PotRule, finding, street_of


class WrongWinner(PotRule):
    """## What it does
    Ranks the hands shown for each pot (and each board, when the hand was run more than
    once) and flags a pot paid to a hand that another eligible hand beats. Cards speak,
    whatever anyone announced. Unknown cards are never guessed: a pot whose winner the
    shown cards cannot tell is judged only where a paid hand is beaten by a shown one.

    ## Why is this bad?
    The pot belongs to the best hand among the players eligible for it. One player can
    win the main pot and lose a side pot, and both results stand.

    ## Example
    ```
    Board [7h 8s 4s 2s 2h]
    Player0: shows [6h 3h Tc 9c] (a pair of Deuces)
    Hero: shows [2c 4c 3s 7c] (a full house, Deuces full of Sevens)
    Player0 collected $1.31 from main pot      <- Hero's full house beats a pair
    ```

    ## Use instead
    ```
    Hero collected $1.31 from main pot
    ```

    ## References
    - docs/rules.md section 6 (cards speak; pots paid from the last side pot back)
    """

    code = "SP004"
    name = "pot.wrong_winner"
    severity = "error"
    summary = "a pot paid to a hand that is beaten by another eligible hand (cards speak)"
    references = ("docs/rules.md §6",)

    @classmethod
    def check(cls, audit: PotAudit) -> list[Finding]:
        out: list[Finding] = []
        if audit.clean and audit.runs == 1:
            return out
        for part in audit.parts:
            if part.clean:
                continue
            for player in collectors(part):
                if player not in part.eligible or not is_wrong_winner(part, player):
                    continue
                out.append(finding(
                    cls.code, part.lines[player],
                    f"{player} collected {audit.money(part.paid[player])} from "
                    f"{audit.pot_name(part.pot, part.run)}, but "
                    f"{_beaten_by(audit, part, player)} (cards speak).",
                    street=street_of(audit), player=player, expected=0,
                    observed=part.paid[player],
                ))  # fmt: skip
        return out


def _beaten_by(audit: PotAudit, part: PartAudit, player: str) -> str:
    """Who beats ``player``, in words."""
    v = part.verdict
    mine = audit.hand_name(player, part.run)
    if v.decided and v.high_winners:
        best = v.high_winners[0]
        return f"{best}'s hand ({audit.hand_name(best, part.run)}) beats {player}'s ({mine})"
    return f"{player}'s hand ({mine}) is beaten by a hand shown for it"
