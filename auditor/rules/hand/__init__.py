"""Whole-hand rules: hands the auditor could not read or will not replay."""

from auditor.rules.base import Rule


class HandUnparsable(Rule):
    """## What it does
    Flags a hand block that does not parse. The finding points at the first line that
    failed, in file coordinates, and says what was expected there.

    ## Why is this bad?
    A hand that cannot be read cannot be audited: its pots and actions are unchecked.
    The rest of the file is still read and audited.

    ## Example
    ```
    PokerStars Hand #1: Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 ET
    Table 'T' 6-max Seat #1 is the button
    Seat 1: A ($10 in chips)
    A: wiggles $3        <- HH001: not a PokerStars line
    ```

    ## Use instead
    The untouched export from the site. Files edited by hand or re-exported by other tools
    are the usual cause.

    ## References
    - docs/findings.md, HH001
    """

    code = "HH001"
    name = "hand.unparsable"
    severity = "error"
    summary = "A hand block that does not parse."


class HandUnsupported(Rule):
    """## What it does
    Counts a hand of a game the auditor does not replay (stud, draw, …).

    ## Why is this bad?
    It is not: the hand is in the report so that "no findings" and "not audited" differ.

    ## Example
    `PokerStars Hand #1: 7 Card Stud Limit ($0.04/$0.08 USD) - …`

    ## Use instead
    Nothing to change; flop games (Hold'em, Omaha, Courchevel) are replayed.

    ## References
    - docs/findings.md, HH002
    """

    code = "HH002"
    name = "hand.unsupported"
    severity = "info"
    summary = "A hand of a game or variant the auditor does not replay."


class HandDuplicate(Rule):
    """## What it does
    Flags a hand (the same site and hand id) met again in the input: a file given twice,
    one hand in two exports, two overlapping downloads. The repeat keeps its row in
    ``hands``, with status ``duplicate``; its findings and payouts are not counted again.

    ## Why is this bad?
    Counted twice, a hand doubles its player's results and its findings: a club's night
    would not add up. Audited once, every total stays true.

    ## Example
    `auditor audit night.txt night-copy.txt`: every hand of the copy is HH004.

    ## Use instead
    Give each export once; or keep the report, whose totals already count each hand once.

    ## References
    - docs/findings.md, HH004
    """

    code = "HH004"
    name = "hand.duplicate"
    severity = "warning"
    summary = "The same hand (site and hand id) appears more than once in the input."


RULES: tuple[type[Rule], ...] = (HandUnparsable, HandUnsupported, HandDuplicate)
