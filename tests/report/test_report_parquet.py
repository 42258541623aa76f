"""Parquet reports: exact round trip, and an empty report keeps its schema."""

from __future__ import annotations

from decimal import Decimal

import pyarrow.parquet as pq
import pytest
from conftest import hand

from auditor.report import FINDINGS, HANDS, PAYOUTS, TABLES, open_report, read_report


def test_round_trip_keeps_values_dtypes_and_order(tmp_path, sample):
    with open_report(tmp_path, "parquet") as report:
        report.add(**sample)
    tables = read_report(tmp_path)

    for name, schema in TABLES.items():
        assert list(tables[name].columns) == schema.names
        assert tables[name].dtypes.to_dict() == schema.dtypes

    payouts = tables["payouts"]
    assert payouts["contributed"].tolist() == [
        Decimal("0.05"),
        Decimal("123456789.99"),
        Decimal("1500"),
    ]
    assert payouts["net"].tolist()[1] == Decimal("-123456789.94")
    assert payouts["won_replayed"].isna().tolist() == [True, False, False]

    hands = tables["hands"]
    assert hands["hand_id"].isna().tolist() == [False, True, False]
    assert hands["status"].tolist() == ["audited", "unparsable", "audited"]
    assert hands["currency"].tolist() == ["USD", "", "TOURNAMENT-CHIPS"]

    findings = tables["findings"]
    assert findings["line"].tolist() == [14, 15, 21, 35]
    assert findings["expected"].tolist()[:2] == [Decimal("1.00"), Decimal("0.20")]


def test_written_files_carry_the_arrow_schema(tmp_path, sample):
    with open_report(tmp_path, "parquet") as report:
        report.add(**sample)
    for schema in (FINDINGS, HANDS, PAYOUTS):
        assert pq.read_schema(tmp_path / f"{schema.name}.parquet").equals(schema.arrow)


def test_only_the_repeating_columns_are_dictionary_encoded(tmp_path, sample):
    """A file's name, a site, stakes: few values over a run, kept in a dictionary; hand
    ids, names, times and amounts are written plain (smaller under zstd, and quicker)."""
    assert HANDS.dictionary == ["source", "site", "game", "limit_type", "stakes", "currency",
                                "table_name", "tournament", "status"]
    assert PAYOUTS.dictionary == ["source", "site", "currency"]
    with open_report(tmp_path, "parquet") as report:
        report.add(**sample)
    for schema in (FINDINGS, HANDS, PAYOUTS):
        group = pq.ParquetFile(tmp_path / f"{schema.name}.parquet").metadata.row_group(0)
        encoded = {group.column(i).path_in_schema: group.column(i).encodings
                   for i in range(group.num_columns)}
        in_dictionary = sorted(name for name, encodings in encoded.items()
                               if "RLE_DICTIONARY" in encodings or "PLAIN_DICTIONARY" in encodings)
        assert in_dictionary == sorted(schema.dictionary), schema.name


def test_empty_report_writes_every_table_with_its_schema(tmp_path):
    summary = open_report(tmp_path, "parquet").close()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "findings.parquet",
        "hands.parquet",
        "payouts.parquet",
    ]
    assert summary.hands == summary.findings == summary.errors == 0

    tables = read_report(tmp_path, "parquet")
    for name, schema in TABLES.items():
        assert len(tables[name]) == 0
        assert list(tables[name].columns) == schema.names
        # The categories are lost in the empty file; read_report puts them back.
        assert tables[name].dtypes.to_dict() == schema.dtypes


def test_failure_inside_the_block_leaves_no_table(tmp_path):
    with pytest.raises(RuntimeError), open_report(tmp_path, "parquet") as report:
        report.add(hands=[hand(1)])
        raise RuntimeError("boom")
    assert list(tmp_path.iterdir()) == []


def test_bad_row_fails_the_report_without_partial_files(tmp_path):
    with pytest.raises(ValueError, match="status"), open_report(tmp_path, "parquet") as report:
        report.add(hands=[hand(1, status="lost")])
    assert list(tmp_path.iterdir()) == []


def test_closed_report_refuses_rows(tmp_path):
    report = open_report(tmp_path, "parquet")
    first = report.close()
    assert report.close() is first
    with pytest.raises(RuntimeError):
        report.add(hands=[hand(1)])
