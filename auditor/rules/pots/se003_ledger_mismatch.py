"""SE003 ledger.mismatch."""

from __future__ import annotations

from auditor.rules.base import Rule


class LedgerMismatch(Rule):
    """## What it does
    Compares a session ledger (PokerNow's ledger CSV, given beside the log as
    ``ledger_<game id>.csv`` or with ``--ledger``) with the ``sessions`` table the log
    gives: for each player, the buy-in, the cash-out (``buy_out``), the stack still at the
    table and the net. A figure the log does not give is flagged on the ledger's row, with
    both amounts. A player the ledger lists who has no session in the log, or who played
    in the log and is missing from the ledger, is flagged too.

    PokerNow's ledger states amounts in cents where the game plays cents (the log's
    amounts have two decimals) and in chips otherwise; which it is, is worked out from the
    figures that agree. Whether a host's stack change counts in the ledger's buy-in is not
    documented: both readings are accepted.

    ## Why is this bad?
    The ledger is what players settle up with after the night. A ledger figure the hands
    do not give means someone pays or is paid what the game did not win him.

    ## Example
    ```
    player_nickname,player_id,...,buy_in,buy_out,stack,net
    Ann,An1xQ-7Tzw,...,1000,2500,0,1500       <- the log: bought in 10.00, cashed out 20.00
    ```

    ## Use instead
    ```
    Ann,An1xQ-7Tzw,...,1000,2000,0,1000
    ```

    ## References
    - docs/rules.md section 7 (across hands of one session, money in and out must add up)
    """

    code = "SE003"
    name = "ledger.mismatch"
    severity = "error"
    summary = (
        "a session ledger states a buy-in, cash-out, stack or net for a player that differs "
        "from what the hands and the logged stack changes give"
    )
    references = ("docs/rules.md §7",)
