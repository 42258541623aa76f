"""SE002 stack.changed_by_host."""

from __future__ import annotations

from typing import Final

from auditor.model.events import StackChange
from auditor.model.hand import Hand
from auditor.model.money import format_amount
from auditor.rules.base import Finding, Rule

_BY_HOST: Final = frozenset({"host_set", "queued"})


class StackChangedByHost(Rule):
    """## What it does
    Lists every stack change a host or admin made between hands, as the log records it
    (PokerNow's "The admin updated the player … stack from A to B", or a change queued
    for the next hand), with the chips it added or took.

    ## Why is this bad?
    It need not be: hosts fix mistakes and sell chips. But every chip that entered or
    left the game outside a hand is one the operator must be able to account for, so
    each one is listed (as information), beside the session's buy-ins and cash-outs.

    ## Example
    ```
    The admin updated the player "jean @ _I_YnTCjVs" stack from 0.00 to 2.00.
    ```

    ## Use instead
    Nothing to change; settle the change with the player in the session's ledger.

    ## References
    - docs/rules.md §7a (between hands); docs/findings.md, SE002
    """

    code = "SE002"
    name = "stack.changed_by_host"
    severity = "info"
    summary = "a host or admin changed a player's stack between hands"
    references = ("docs/rules.md §7a",)

    @classmethod
    def check_hand(cls, hand: Hand) -> list[Finding]:
        """One finding per host change logged before ``hand``."""
        info = hand.info
        out = []
        for ev in hand.events:
            if type(ev) is not StackChange or ev.kind not in _BY_HOST:  # type: ignore[attr-defined]
                continue
            change: StackChange = ev  # type: ignore[assignment]
            if change.kind == "queued" and change.amount is None:
                continue  # only announced (PokerNow): the change itself is logged next
            added = change.amount
            if added is None and change.before is not None and change.after is not None:
                added = change.after - change.before
            what = (f"from {format_amount(change.before, info.decimals, info.symbol)} to "
                    f"{format_amount(change.after, info.decimals, info.symbol)}"
                    if change.before is not None and change.after is not None
                    else f"by {format_amount(added or 0, info.decimals, info.symbol)}")
            queued = " (queued for the next hand)" if change.kind == "queued" else ""
            out.append(Finding(
                code=cls.code, line=change.line, player=change.player, expected=None,
                observed=added,
                message=f"The host changed {change.player}'s stack {what}{queued}.",
            ))
        return out
