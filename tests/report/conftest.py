"""Small report rows shared by the report tests."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from auditor.report import FindingRecord, HandRecord, PayoutRecord


def hand(n: int, source: str = "a.txt", **kw: object) -> HandRecord:
    """The n-th hand of a file: ten lines each, a $0.05/$0.10 cash game."""
    fields: dict[str, object] = {
        "source": source,
        "hand_id": f"H{n}",
        "first_line": 10 * n + 1,
        "last_line": 10 * n + 9,
        "site": "pokerstars",
        "game": "holdem",
        "limit_type": "NL",
        "stakes": "0.05/0.10",
        "currency": "USD",
        "table_name": "Alpha",
        "status": "audited",
    }
    fields.update(kw)
    return HandRecord(**fields)  # type: ignore[arg-type]


def finding(line: int, code: str = "RA002", source: str = "a.txt", **kw: object) -> FindingRecord:
    fields: dict[str, object] = {
        "source": source,
        "hand_id": "H1",
        "line": line,
        "code": code,
        "rule": "raise.below_minimum",
        "severity": "error",
        "street": "flop",
        "player": "Bob",
        "message": "Bob raises to $0.15, the minimum is $0.20",
        "expected": Decimal("0.20"),
        "observed": Decimal("0.15"),
        "currency": "USD",
    }
    fields.update(kw)
    return FindingRecord(**fields)  # type: ignore[arg-type]


def payout(player: str = "Bob", seat: int = 1, **kw: object) -> PayoutRecord:
    fields: dict[str, object] = {
        "source": "a.txt",
        "hand_id": "H1",
        "site": "pokerstars",
        "currency": "USD",
        "player": player,
        "seat": seat,
        "contributed": Decimal("0.05"),
        "returned": Decimal("0"),
        "won_stated": Decimal("123456789.99"),
        "won_replayed": None,
        "net": Decimal("123456789.94"),
    }
    fields.update(kw)
    return PayoutRecord(**fields)  # type: ignore[arg-type]


@pytest.fixture
def sample() -> dict[str, list]:
    """A little of everything: cash and chips, nulls, a tournament, an unparsable hand."""
    return {
        "hands": [
            hand(1, findings=2),
            hand(
                2,
                hand_id=None,
                site=None,
                game=None,
                limit_type=None,
                stakes=None,
                currency="",
                table_name="",
                status="unparsable",
                findings=1,
            ),
            hand(
                3,
                source="b.txt",
                stakes="100/200",
                currency="TOURNAMENT-CHIPS",
                tournament="T42",
                started="2024/01/02 03:04:05 ET",
                started_at=datetime(2024, 1, 2, 8, 4, 5, tzinfo=UTC),
                status="audited",
            ),
        ],
        "findings": [
            finding(15),
            finding(
                14,
                code="SP002",
                rule="pot.stated_amount_wrong",
                player=None,
                street=None,
                message="The total pot is $1.00, the history says $1.05",
                expected=Decimal("1.00"),
                observed=Decimal("1.05"),
            ),
            finding(
                21,
                code="HH001",
                rule="hand.unparsable",
                hand_id=None,
                player=None,
                street=None,
                message="Line 21 does not parse",
                expected=None,
                observed=None,
            ),
            finding(
                35,
                source="b.txt",
                code="SE001",
                rule="stack.discontinuity",
                severity="warning",
                street=None,
                message="Stack 1500 differs from 1400",
                expected=Decimal("1400"),
                observed=Decimal("1500"),
                currency="TOURNAMENT-CHIPS",
            ),
        ],
        "payouts": [
            payout(),
            payout(
                "Ann",
                2,
                contributed=Decimal("123456789.99"),
                returned=Decimal("0.05"),
                won_stated=Decimal("0"),
                won_replayed=Decimal("0"),
                net=Decimal("-123456789.94"),
            ),
            payout(
                "Cy",
                3,
                source="b.txt",
                hand_id="H3",
                currency="TOURNAMENT-CHIPS",
                contributed=Decimal("1500"),
                returned=Decimal("0"),
                won_stated=Decimal("3000"),
                won_replayed=Decimal("3000"),
                net=Decimal("1500"),
            ),
        ],
    }


def varied_findings() -> list:
    """Findings that tie on source, line and code and differ only further down the key."""
    rows = []
    for source in ("b.txt", "a.txt", "a/ä.txt"):
        for line in (100, 9, 10):
            for code in ("TU001", "RA002"):
                for player in (None, "bob", "Bob", "Ann"):
                    for message in ("m2", "m1"):
                        for observed in (None, Decimal("2"), Decimal("0.05")):
                            rows.append(
                                finding(
                                    line,
                                    code,
                                    source,
                                    player=player,
                                    message=message,
                                    observed=observed,
                                )
                            )
    rows.append(finding(9, "RA002", "a.txt", severity="warning"))
    rows.append(finding(9, "RA002", "a.txt", hand_id=None))
    return rows
