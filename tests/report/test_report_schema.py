"""The tables' columns, order and dtypes are a public contract (FINDINGS.md)."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from auditor.engine.result import PayoutRow
from auditor.model.hand import Hand, HandInfo
from auditor.report import FINDINGS, HANDS, PAYOUTS, FindingRecord, HandRecord, PayoutRecord, money
from auditor.rules.base import Finding

MONEY = pd.ArrowDtype(pa.decimal128(20, 2))
STRING = pd.StringDtype()
INT = np.dtype("int64")


def test_findings_columns_in_order_with_dtypes():
    assert FINDINGS.dtypes == {
        "source": STRING,
        "hand_id": STRING,
        "line": INT,
        "code": STRING,
        "rule": STRING,
        "severity": pd.CategoricalDtype(["error", "warning", "info"]),
        "street": STRING,
        "player": STRING,
        "message": STRING,
        "expected": MONEY,
        "observed": MONEY,
        "currency": STRING,
    }
    assert FINDINGS.names == list(FINDINGS.dtypes)


def test_hands_columns_in_order_with_dtypes():
    statuses = pd.CategoricalDtype(
        ["audited", "unparsable", "unsupported", "cancelled", "duplicate"])
    assert list(HANDS.dtypes.items()) == [
        ("source", STRING),
        ("hand_id", STRING),
        ("first_line", INT),
        ("last_line", INT),
        ("site", STRING),
        ("game", STRING),
        ("limit_type", STRING),
        ("stakes", STRING),
        ("currency", STRING),
        ("table_name", STRING),
        ("tournament", STRING),
        ("started", STRING),
        ("started_at", pd.DatetimeTZDtype("us", "UTC")),
        ("status", statuses),
        ("findings", INT),
    ]


def test_payouts_columns_in_order_with_dtypes():
    assert list(PAYOUTS.dtypes.items()) == [
        ("source", STRING),
        ("hand_id", STRING),
        ("site", STRING),
        ("currency", STRING),
        ("player", STRING),
        ("seat", INT),
        ("contributed", MONEY),
        ("returned", MONEY),
        ("won_stated", MONEY),
        ("won_replayed", MONEY),
        ("net", MONEY),
    ]


def test_arrow_schema_has_exact_money_and_nullability():
    schema = PAYOUTS.arrow
    assert schema.field("net").type == pa.decimal128(20, 2)
    assert not schema.field("net").nullable
    assert schema.field("won_replayed").nullable
    assert FINDINGS.arrow.field("severity").type == pa.dictionary(pa.int8(), pa.string())


@pytest.mark.parametrize(
    ("record", "schema"), [(FindingRecord, FINDINGS), (HandRecord, HANDS), (PayoutRecord, PAYOUTS)]
)
def test_record_fields_are_the_columns_in_order(record, schema):
    assert [f.name for f in dataclasses.fields(record)] == schema.names


def test_findings_sort_key_starts_with_the_contract_and_covers_every_column():
    assert FINDINGS.sort_by[:5] == ("source", "line", "code", "player", "message")
    assert sorted(FINDINGS.sort_by) == sorted(FINDINGS.names)


def test_money_is_exact_in_currency_units():
    assert money(5, 2) == Decimal("0.05")
    assert str(money(12345678999, 2)) == "123456789.99"
    assert str(money(1500, 0)) == "1500"
    assert money(-150, 2) == Decimal("-1.50")
    assert money(None, 2) is None
    assert money(1230, 3) == Decimal("1.23")


def test_money_finer_than_a_cent_is_refused():
    with pytest.raises(ValueError, match="finer"):
        money(1234, 3)


@pytest.mark.parametrize(
    ("column", "values", "message"),
    [
        ("net", [None], "may not be null"),
        ("net", [0.05], "net"),  # binary floats are never money
        ("net", [Decimal("0.001")], "net"),
        ("net", [Decimal(10) ** 18], "net"),  # 21 digits do not fit decimal128(20, 2)
        ("seat", ["1"], "seat"),
    ],
)
def test_bad_values_are_refused_naming_the_column(column, values, message):
    with pytest.raises(ValueError, match=message):
        PAYOUTS.column(column).to_arrow(values)


def test_unknown_category_is_refused():
    with pytest.raises(ValueError, match="fatal"):
        FINDINGS.column("severity").to_arrow(["error", "fatal"])


def test_empty_string_is_null_in_nullable_string_columns_only():
    assert FINDINGS.column("player").to_arrow(["", "Bob"]).to_pylist() == [None, "Bob"]
    assert HANDS.column("currency").to_arrow([""]).to_pylist() == [""]


def test_records_from_engine_objects():
    f = Finding(
        code="RA002", line=7, message="m", street="flop", player="Bob", expected=20, observed=15
    )
    rec = FindingRecord.from_finding(
        f, source="a.txt", hand_id="H1", rule="raise.below_minimum", severity="error", decimals=2
    )
    assert (rec.expected, rec.observed, rec.line) == (Decimal("0.20"), Decimal("0.15"), 7)

    row = PayoutRow(
        player="Bob",
        seat=2,
        contributed=1500,
        returned=0,
        won_stated=3000,
        won_replayed=None,
        net=1500,
    )
    rec2 = PayoutRecord.from_payout(row, source="a.txt", hand_id="H1", decimals=0)
    assert (rec2.contributed, rec2.won_replayed, rec2.net) == (Decimal(1500), None, Decimal(1500))

    info = HandInfo(
        site="pokerstars",
        hand_id="H9",
        game="holdem",
        variant="Hold'em No Limit",
        limit="NL",
        hi_lo=False,
        hole_cards=2,
        stakes=(1000, 2000),
        decimals=0,
        tournament="T1",
        started="2024/01/02 03:04:05 ET",
    )
    hand = Hand(source="t.txt", first_line=3, last_line=30, info=info, seats=(), events=())
    rec3 = HandRecord.from_hand(hand, status="audited", findings=2)
    assert (rec3.stakes, rec3.currency, rec3.tournament, rec3.first_line) == (
        "1000/2000",
        "TOURNAMENT-CHIPS",  # never added to real money
        "T1",
        3,
    )
    assert str(rec3.started_at) == "2024-01-02 08:04:05+00:00"  # ET in January: UTC-5
