"""Pot and payout rules (SP, SE): checked once the betting is replayed."""

from auditor.rules.base import Rule
from auditor.rules.pots.se001_stack_discontinuity import StackDiscontinuity
from auditor.rules.pots.sp001_uncalled_not_returned import UncalledNotReturned
from auditor.rules.pots.sp002_stated_amount_wrong import StatedAmountWrong
from auditor.rules.pots.sp003_ineligible_winner import IneligibleWinner
from auditor.rules.pots.sp004_wrong_winner import WrongWinner
from auditor.rules.pots.sp005_split_wrong import SplitWrong
from auditor.rules.pots.sp006_odd_chip_misplaced import OddChipMisplaced
from auditor.rules.pots.sp007_chips_not_conserved import ChipsNotConserved

RULES: tuple[type[Rule], ...] = (
    UncalledNotReturned,
    StatedAmountWrong,
    IneligibleWinner,
    WrongWinner,
    SplitWrong,
    OddChipMisplaced,
    ChipsNotConserved,
    StackDiscontinuity,
)
