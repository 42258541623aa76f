"""SP002 pot.stated_amount_wrong."""

from __future__ import annotations

from auditor.engine.audit import PotAudit
from auditor.rules.base import Finding
from auditor.rules.pots.common import PotRule, finding


class StatedAmountWrong(PotRule):
    """## What it does
    Compares the summary's total pot and its main and side pot amounts with the pots
    rebuilt from the contributions. The stated rake and fees may come out of the pots
    (PokerStars states its pots after rake in some years, before it in others), so a
    stated pot may be smaller than the replayed one by at most the rake and fees together.

    ## Why is this bad?
    The summary is what players and operators read to check a pot. A stated pot that
    differs from what was put in, beyond the rake, misstates where the chips went.

    ## Example
    ```
    Player1: bets 400 and is all-in
    Player2: calls 400
    ...
    Total pot 900 | Rake 0          <- 400 + 400 + blinds 150 = 950
    ```

    ## Use instead
    ```
    Total pot 950 | Rake 0
    ```

    ## References
    - docs/rules.md section 7 (stated figures must equal the replayed ones)
    """

    code = "SP002"
    name = "pot.stated_amount_wrong"
    severity = "error"
    summary = (
        "a stated total, main or side pot that differs from the replayed one "
        "(after allowing for the stated rake and fees)"
    )
    references = ("docs/rules.md §7",)

    @classmethod
    def check(cls, audit: PotAudit) -> list[Finding]:
        out: list[Finding] = []
        s = audit.summary
        if s is None:
            return out
        pots = audit.layout.pots
        total = audit.expected_total  # the total as the site defines it
        if total is None:
            return out  # the site states no total it defines, or its rake is unknown
        if s.total != total and s.total == _paid_as_totalled(audit):
            # The total agrees with what was paid (and taken as rake): the chips that
            # are missing or extra are the payments' fault, reported once, by SP007.
            return out
        if s.total != total:
            # A total that matches the history's own (wrong) uncalled return is the
            # uncalled bet's fault, reported once by SP001.
            own = audit.went_in if audit.hand.dialect.total_pot == "gross" else total
            if s.total != own or own == total:
                out.append(finding(
                    cls.code, s.line,
                    f"The summary states a total pot of {audit.money(s.total)}; "
                    f"the replayed pot is {audit.money(total)}.",
                    expected=total, observed=s.total,
                ))  # fmt: skip
                return out
        if s.main is None or audit.hand.dialect.pot_labels != "reliable":
            return out
        stated = (s.main, *s.sides)
        if len(stated) != len(pots):
            out.append(finding(
                cls.code, s.line,
                f"The summary states {_count(len(stated))}; the replay finds "
                f"{_count(len(pots))}.",
            ))  # fmt: skip
            return out
        allowance = audit.deductions or 0
        taken = 0
        # A summary that names its pots lists the house's money apart (Run It Once:
        # "| Main pot €0.25 | STP €0.50 |"): its main pot is the players' chips; in a walk
        # collected whole, with the big blind's unmatched part.
        extra = (sum(audit.stated_returns.values()) if audit.walk_collected else 0) - audit.house
        if extra:
            main = pots[0]
            pots = (type(main)(main.amount + extra, main.eligible), *pots[1:])
        for i, (pot, amount) in enumerate(zip(pots, stated, strict=True)):
            name = audit.pot_name(i)
            if amount > pot.amount:
                out.append(finding(
                    cls.code, s.line,
                    f"The summary states {name} as {audit.money(amount)}; "
                    f"the replayed {_bare(name)} is {audit.money(pot.amount)}.",
                    expected=pot.amount, observed=amount,
                ))  # fmt: skip
                return out
            taken += pot.amount - amount
            if taken > allowance:
                out.append(finding(
                    cls.code, s.line,
                    f"The summary states {name} as {audit.money(amount)}; the replayed "
                    f"{_bare(name)} is {audit.money(pot.amount)}, more than the stated "
                    f"rake and fees ({audit.money(allowance)}) can explain.",
                    expected=pot.amount, observed=amount,
                ))  # fmt: skip
                return out
        return out


def _paid_as_totalled(audit: PotAudit) -> int | None:
    """What was paid, as the site's total counts it: with the rake where the total is
    before rake, with a return left inside collections where it is after."""
    paid = sum(ev.amount for ev, _, _ in audit.collected)
    dialect = audit.hand.dialect
    if dialect.total_pot == "gross":
        return paid + (audit.deductions or 0)
    if dialect.total_pot == "net_of_rake":
        kept = sum(audit.stated_returns.values()) if dialect.uncalled != "printed" else 0
        return paid + kept
    return None


def _bare(name: str) -> str:
    return name.removeprefix("the ")


def _count(n: int) -> str:
    return "one pot" if n == 1 else f"{n} pots (a main pot and {n - 1} side pots)"
