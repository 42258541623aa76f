"""Betting rules (TU, RA, RO, HH003): checked action by action during the replay.

``RULES`` is the explicit registry of the family, in **precedence order**: for each line,
the replay asks the selected rules that look at that kind of line in this order, and
reports only the first objection (one fault, one finding). Who may act comes first
(TU002, TU001), then the line's own numbers (TU005 table stakes, TU003/TU004 checks and
calls, HH003 inconsistent lines), then whether a raise was allowed at all (RO002, RO001,
RA005: reopening before sizing), then its size (RA001-RA004), then information (TU007).
TU006 looks only at street, showdown and award lines.
"""

from functools import lru_cache

from auditor.engine.replay import ACTIONS, Checks
from auditor.model.events import Event
from auditor.rules.betting.common import BettingRule, Check
from auditor.rules.betting.hh003_inconsistent_line import InconsistentLine
from auditor.rules.betting.ra001_bet_below_minimum import BetBelowMinimum
from auditor.rules.betting.ra002_raise_below_minimum import RaiseBelowMinimum
from auditor.rules.betting.ra003_raise_above_pot_limit import RaiseAbovePotLimit
from auditor.rules.betting.ra004_limit_wrong_size import LimitWrongSize
from auditor.rules.betting.ra005_limit_cap_exceeded import LimitCapExceeded
from auditor.rules.betting.ro001_raise_after_short_all_in import RaiseAfterShortAllIn
from auditor.rules.betting.ro002_raise_no_opponent_to_act import RaiseNoOpponentToAct
from auditor.rules.betting.tu001_out_of_turn import OutOfTurn
from auditor.rules.betting.tu002_player_not_in_hand import PlayerNotInHand
from auditor.rules.betting.tu003_check_facing_bet import CheckFacingBet
from auditor.rules.betting.tu004_call_wrong_amount import CallWrongAmount
from auditor.rules.betting.tu005_stack_exceeded import StackExceeded
from auditor.rules.betting.tu006_street_dealt_early import StreetDealtEarly
from auditor.rules.betting.tu007_fold_when_check_free import FoldWhenCheckFree

RULES: tuple[type[BettingRule], ...] = (
    PlayerNotInHand,
    OutOfTurn,
    StackExceeded,
    CheckFacingBet,
    CallWrongAmount,
    InconsistentLine,
    RaiseNoOpponentToAct,
    RaiseAfterShortAllIn,
    LimitCapExceeded,
    BetBelowMinimum,
    RaiseBelowMinimum,
    RaiseAbovePotLimit,
    LimitWrongSize,
    FoldWhenCheckFree,
    StreetDealtEarly,
)


@lru_cache(maxsize=64)
def checks_for(codes: frozenset[str] | None, limit: str) -> Checks:
    """The checks the replay runs for the betting structure ``limit``, from the rules
    whose codes are in ``codes`` (None: every rule), in precedence order; built once per
    selection and structure."""
    every: dict[type[Event], list[Check]] = {}
    in_turn: dict[type[Event], list[Check]] = {}
    for rule in RULES:
        if (codes is not None and rule.code not in codes) or limit not in rule.limits:
            continue
        for event_type, check in rule.checks:
            every.setdefault(event_type, []).append(check)
            if not (rule.passes_in_turn and event_type in ACTIONS):
                in_turn.setdefault(event_type, []).append(check)
    return Checks({t: tuple(c) for t, c in every.items()},
                  {t: tuple(c) for t, c in in_turn.items()})
