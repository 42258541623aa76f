"""The rows the writers take: one small frozen dataclass per table.

Fields are declared in the table's column order (``tests/report`` checks it), so a row is
turned into columns by name with no mapping to keep in step. Money is ``Decimal`` in the
hand's currency units (see :func:`money`), or None where a column allows it.

Auditing files, rows stay plain tuples (:data:`HandRow`, :data:`FindingRow`) with integer
amounts until a chunk of hands is converted column by column (``report.chunk``); records
are built from the same tuples where rows are wanted one by one (``audit_text``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import TypeAlias, overload

from auditor.engine.result import PayoutRow
from auditor.model.events import positional
from auditor.model.finding import Finding, Severity
from auditor.model.hand import Hand, ParseStatus
from auditor.model.money import to_decimal
from auditor.report.hand_rows import HandRow, hand_row
from auditor.report.schema import MONEY_SCALE


@overload
def money(units: int, decimals: int) -> Decimal: ...
@overload
def money(units: None, decimals: int) -> None: ...
@overload
def money(units: int | None, decimals: int) -> Decimal | None: ...
def money(units: int | None, decimals: int) -> Decimal | None:
    """An amount of ``units`` of the smallest unit as a Decimal of currency units, exactly.

    >>> money(5, 2), money(1500, 0), money(None, 2)
    (Decimal('0.05'), Decimal('1500'), None)

    Raises ValueError for an amount finer than a cent, which the report's money type
    (two decimals) cannot hold exactly.
    """
    if units is None:
        return None
    # Amounts repeat (stakes, zero, common bets): each Decimal is built once.
    key = (units, decimals)
    found = _MONEY.get(key)
    if found is None:
        if decimals > MONEY_SCALE and units % 10 ** (decimals - MONEY_SCALE):
            raise ValueError(f"{units} units of 10^-{decimals} is finer than the report's cents")
        found = to_decimal(units, decimals)
        if len(_MONEY) < 100_000:
            _MONEY[key] = found
    return found


_MONEY: dict[tuple[int, int], Decimal] = {}

CURRENCY = 8  # the index of a HandRow's currency (findings and payouts repeat it)

FindingRow: TypeAlias = tuple[
    str, str | None, int, str, str, Severity, str | None, str | None, str, int | None, int | None
]
"""A ``findings`` row in column order, short of its currency (its hand's), with
``expected`` and ``observed`` in the hand's smallest unit."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FindingRecord:
    """One row of ``findings``: a finding with its location and rule metadata."""

    source: str
    hand_id: str | None
    line: int
    code: str
    rule: str
    severity: Severity
    street: str | None = None
    player: str | None = None
    message: str
    expected: Decimal | None = None
    observed: Decimal | None = None
    currency: str = ""

    @classmethod
    def from_finding(
        cls,
        finding: Finding,
        *,
        source: str,
        hand_id: str | None,
        rule: str,
        severity: Severity,
        decimals: int,
        currency: str = "",
    ) -> FindingRecord:
        """The row for a rule's finding; ``rule`` and ``severity`` come from the rule as
        the profile configured it, ``decimals`` from the hand's currency."""
        return cls(
            source=source,
            hand_id=hand_id,
            line=finding.line,
            code=finding.code,
            rule=rule,
            severity=severity,
            street=finding.street,
            player=finding.player,
            message=finding.message,
            expected=money(finding.expected, decimals),
            observed=money(finding.observed, decimals),
            currency=currency,
        )

    @classmethod
    def from_row(cls, row: FindingRow, decimals: int, currency: str = "") -> FindingRecord:
        """The record of a plain row whose amounts are in units of 10^-``decimals``."""
        *fields, expected, observed = row
        return _new_finding(*fields, money(expected, decimals), money(observed, decimals),
                            currency)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRecord:
    """One row of ``hands``: every hand seen, audited or not. Header columns are None
    when the header could not be read (an unparsable hand)."""

    source: str
    hand_id: str | None
    first_line: int
    last_line: int
    site: str | None = None
    game: str | None = None
    limit_type: str | None = None
    stakes: str | None = None
    currency: str = ""
    table_name: str = ""
    tournament: str | None = None
    started: str | None = None
    started_at: datetime | None = None
    status: ParseStatus
    findings: int = 0

    @classmethod
    def from_hand(cls, hand: Hand, *, status: ParseStatus, findings: int) -> HandRecord:
        """The row for a parsed hand."""
        return cls.from_row(hand_row(hand, status), findings)

    @classmethod
    def from_row(cls, row: HandRow, findings: int) -> HandRecord:
        """The record of a plain row and its findings count."""
        return _new_hand(*row, findings)


@dataclass(frozen=True, slots=True, kw_only=True)
class PayoutRecord:
    """One row of ``payouts``: one player's money in one hand, in currency units."""

    source: str
    hand_id: str
    site: str
    currency: str
    player: str
    seat: int
    contributed: Decimal
    returned: Decimal
    won_stated: Decimal
    won_replayed: Decimal | None
    net: Decimal

    @classmethod
    def from_payout(
        cls, row: PayoutRow, *, source: str, hand_id: str, decimals: int, site: str = "",
        currency: str = "",
    ) -> PayoutRecord:
        """The row for the engine's payout of one player; ``decimals`` from the hand's
        currency."""
        # Several rows per hand: built positionally (see ``positional``), in field order.
        return _new_payout(
            source, hand_id, site, currency, row.player, row.seat,
            money(row.contributed, decimals),
            money(row.returned, decimals), money(row.won_stated, decimals),
            money(row.won_replayed, decimals), money(row.net, decimals),
        )


_new_finding = positional(FindingRecord)
_new_payout = positional(PayoutRecord)
_new_hand = positional(HandRecord)
