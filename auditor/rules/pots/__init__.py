"""Pot and payout rules (SP, SE): checked once the betting is replayed."""

from auditor.engine.audit import PotAudit
from auditor.model.hand import Hand
from auditor.rules.base import Finding, Rule
from auditor.rules.pots.common import PotRule
from auditor.rules.pots.se001_stack_discontinuity import StackDiscontinuity
from auditor.rules.pots.se002_stack_changed_by_host import StackChangedByHost
from auditor.rules.pots.se003_ledger_mismatch import LedgerMismatch
from auditor.rules.pots.sp001_uncalled_not_returned import UncalledNotReturned
from auditor.rules.pots.sp002_stated_amount_wrong import StatedAmountWrong
from auditor.rules.pots.sp003_ineligible_winner import IneligibleWinner
from auditor.rules.pots.sp004_wrong_winner import WrongWinner
from auditor.rules.pots.sp005_split_wrong import SplitWrong
from auditor.rules.pots.sp006_odd_chip_misplaced import OddChipMisplaced
from auditor.rules.pots.sp007_chips_not_conserved import ChipsNotConserved
from auditor.rules.pots.sp008_run_more_than_once import RunMoreThanOnce

RULES: tuple[type[Rule], ...] = (
    UncalledNotReturned,
    StatedAmountWrong,
    IneligibleWinner,
    WrongWinner,
    SplitWrong,
    OddChipMisplaced,
    ChipsNotConserved,
    RunMoreThanOnce,
    StackDiscontinuity,
    StackChangedByHost,
    LedgerMismatch,
)

_PER_HAND: tuple[type[PotRule], ...] = tuple(r for r in RULES if issubclass(r, PotRule))


def check_between_hands(hand: Hand, codes: frozenset[str] | None = None) -> list[Finding]:
    """The findings on what the log records between the previous hand and ``hand``
    (SE002), where the site logs it."""
    if not hand.dialect.topups_logged or (codes is not None and "SE002" not in codes):
        return []
    return StackChangedByHost.check_hand(hand)


def check_pots(audit: PotAudit, codes: frozenset[str] | None = None) -> list[Finding]:
    """The findings of the pot rules (those in ``codes``; None: all) on one hand's pots,
    in code order."""
    findings: list[Finding] = []
    for rule in _PER_HAND:
        if codes is None or rule.code in codes:
            findings += rule.check(audit)
    return findings
