"""SP001 uncalled.not_returned."""

from __future__ import annotations

from auditor.engine.audit import PotAudit
from auditor.rules.base import Finding
from auditor.rules.pots.common import PotRule, finding


class UncalledNotReturned(PotRule):
    """## What it does
    Checks that the part of a bet nobody matched goes back to its bettor, in full, and
    that nothing else is handed back as "uncalled".

    ## Why is this bad?
    From each opponent a player can win at most what he himself put in. The excess of
    the largest contribution over the second largest (folded players' chips included) was
    never at risk: it is not a pot, and keeping it takes chips the bettor still owns.

    ## Example
    ```
    Player1: bets $10
    Player2: calls $4 and is all-in
    Player1 collected $8 from pot        <- Player1's uncalled $6 is never returned
    ```

    ## Use instead
    ```
    Player1: bets $10
    Player2: calls $4 and is all-in
    Uncalled bet ($6) returned to Player1
    ```

    Where the site prints every return (PokerStars, GGPoker, PokerNow), an excess left in
    the pot and collected as if won is an uncalled bet not returned; where the site
    returns it inside its owner's collection (Winamax, PartyPoker, iPoker, 888), the
    owner must have collected at least his excess (docs/rules.md §7a). Old exports that print
    no return line but leave the excess out of their figures returned it silently.

    ## References
    - docs/rules.md section 5, step 1
    """

    code = "SP001"
    name = "uncalled.not_returned"
    severity = "error"
    summary = "an uncalled excess not returned to its bettor, or returned with the wrong amount"
    references = ("docs/rules.md §5.1",)

    @classmethod
    def check(cls, audit: PotAudit) -> list[Finding]:
        out: list[Finding] = []
        owner, excess = audit.layout.returned_to, audit.layout.returned
        if audit.excess_in_pot:
            # Where the site prints every return, an excess left in the pot and collected
            # as if won was not returned (and may have been raked).
            out.append(finding(
                cls.code, audit.anchor_line,
                f"{owner}'s uncalled {audit.money(excess)} was left in the pot and "
                f"collected as if won, instead of being returned.",
                player=owner, expected=excess, observed=0,
            ))  # fmt: skip
            return out
        if owner is None and not audit.returns and not audit.stated_returns:
            return out  # nothing uncalled
        stated = audit.stated_returns
        first_line: dict[str, int] = {}
        for r in audit.returns:
            first_line.setdefault(r.player, r.line)
        implicit = audit.hand.dialect.uncalled == "in_collected"
        others = {p: a for p, a in stated.items() if p != owner}
        got = stated.get(owner, 0) if owner else 0
        if owner and got != excess:
            if got == 0 and len(others) == 1 and excess in others.values():
                wrong = next(iter(others))  # the right amount handed to the wrong player
                others.pop(wrong)
                out.append(finding(
                    cls.code, first_line.get(wrong, audit.anchor_line),
                    f"The uncalled {audit.money(excess)} was returned to {wrong}, "
                    f"but it was {owner}'s bet.",
                    player=owner, expected=excess, observed=0,
                ))  # fmt: skip
            elif implicit and got < excess:
                # The site returns the excess inside its owner's collection.
                out.append(finding(
                    cls.code, audit.anchor_line,
                    f"{owner}'s uncalled {audit.money(excess)} should come back inside "
                    f"what he collected, but he collected only {audit.money(got)}.",
                    player=owner, expected=excess, observed=got,
                ))  # fmt: skip
            elif implicit:
                out.append(finding(
                    cls.code, audit.anchor_line,
                    f"{owner} took {audit.money(got)} back as his uncalled bet; the uncalled "
                    f"excess was {audit.money(excess)}.",
                    player=owner, expected=excess, observed=got,
                ))  # fmt: skip
            elif got == 0:
                out.append(finding(
                    cls.code, audit.anchor_line,
                    f"{owner}'s uncalled {audit.money(excess)} was not returned.",
                    player=owner, expected=excess, observed=0,
                ))  # fmt: skip
            else:
                out.append(finding(
                    cls.code, first_line.get(owner, audit.anchor_line),
                    f"{owner} got {audit.money(got)} back as an uncalled bet; "
                    f"the uncalled excess was {audit.money(excess)}.",
                    player=owner, expected=excess, observed=got,
                ))  # fmt: skip
        for player, amount in others.items():
            out.append(finding(
                cls.code, first_line.get(player, audit.anchor_line),
                f"{player} got {audit.money(amount)} back as an uncalled bet, "
                f"but none of that player's chips were uncalled.",
                player=player, expected=0, observed=amount,
            ))  # fmt: skip
        return out
