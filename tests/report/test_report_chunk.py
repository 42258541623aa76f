"""A chunk of plain rows converts to exactly the tables its records would."""

from __future__ import annotations

from decimal import Decimal
from operator import attrgetter

import pyarrow as pa
import pytest

from auditor.engine.result import PayoutRow
from auditor.model.tuples import new_tuple
from auditor.report import FINDINGS, HANDS, PAYOUTS, FindingRecord, HandRecord, PayoutRecord
from auditor.report.chunk import ChunkRows, _cents, check_cents, money_array
from auditor.report.records import FindingRow, HandRow
from auditor.report.schema import TableSchema
from auditor.report.writer import ReportTables


def _hand(n: int, **kw: object) -> HandRow:
    fields: dict[str, object] = {
        "source": "a.txt", "hand_id": f"H{n}", "first_line": 10 * n, "last_line": 10 * n + 9,
        "site": "pokerstars", "game": "holdem", "limit_type": "NL", "stakes": "0.05/0.10",
        "currency": "USD", "table_name": "Alpha", "tournament": None, "started": "2024/01/02",
        "started_at": None, "status": "audited",
    }
    fields.update(kw)
    return tuple(fields.values())  # type: ignore[return-value]


def _finding(line: int, expected: int | None, observed: int | None) -> FindingRow:
    return ("a.txt", "H1", line, "SP002", "pot.stated_amount_wrong", "error", None, "Bob",
            "The pot is wrong", expected, observed)


def _payout(player: str, seat: int, net: int, won_replayed: int | None = 0) -> PayoutRow:
    return PayoutRow(player=player, seat=seat, contributed=10, returned=0,
                     won_stated=net + 10, won_replayed=won_replayed, net=net)


# (hand row, findings, payouts, decimals): cash, chips, a currency of three decimals, an
# unreadable hand with an empty hand id, an amount beyond 64 bits.
HANDS_ROWS = [
    (_hand(1), [_finding(12, 20, 15), _finding(13, None, None)],
     [_payout("Bob", 1, -5), _payout("Ann", 2, 95, None)], 2),
    (_hand(2, currency="TOURNAMENT-CHIPS", stakes="100/200", tournament="T1"),
     [_finding(22, 1500, 1400)],
     [_payout("Cy", 3, 3000)], 0),
    (_hand(3, hand_id="", site=None, game=None, limit_type=None, stakes=None,
           status="unparsable"),
     [_finding(31, None, None)], [], 2),
    (_hand(4, currency="XBT"), [], [_payout("Dee", 4, 12_340)], 3),
    (_hand(5), [], [_payout("Eve", 5, 2**64)], 2),
]


def _records_table(schema: TableSchema, records: list[object]) -> pa.Table:
    """How the records of a table become Arrow, value by value."""
    rows = [attrgetter(*schema.names)(r) for r in records]
    return schema.to_arrow(list(zip(*rows, strict=True)))


@pytest.mark.parametrize("count", [3, 5])  # 3: all in cents or chips (Arrow's way)
def test_chunk_tables_equal_the_records_tables(count):
    chunk = ChunkRows()
    hands, findings, payouts = [], [], []
    for row, found, paid, decimals in HANDS_ROWS[:count]:
        chunk.add(row, found, paid, decimals)
        hands.append(HandRecord.from_row(row, len(found)))
        findings += [FindingRecord.from_row(f, decimals, row[8]) for f in found]
        payouts += [PayoutRecord.from_payout(p, source=row[0], hand_id=row[1] or "",
                                             decimals=decimals, site=row[4] or "",
                                             currency=row[8]) for p in paid]
    tables = chunk.tables()
    # Each hand's payout rows, in hand order (the duplicate filter drops a repeat's by it).
    assert chunk.payout_counts() == [len(paid) for _, _, paid, _ in HANDS_ROWS[:count]]
    assert tables.hands.equals(_records_table(HANDS, hands))
    assert tables.findings.equals(_records_table(FINDINGS, findings))
    assert tables.payouts.equals(_records_table(PAYOUTS, payouts))
    assert tables.payouts["net"].to_pylist() == [
        Decimal("-0.05"), Decimal("0.95"), Decimal(3000), Decimal("12.34"), Decimal(2**64) / 100
    ][:len(payouts)]


def test_the_keys_kept_are_those_the_hands_table_holds():
    chunk = ChunkRows()
    rows = [row for row, *_ in HANDS_ROWS] + [
        _hand(6, site="", hand_id=None, started=""),  # empty strings are nulls in the table
        _hand(7, source="b.txt", status="cancelled", started=None),
    ]
    for row in rows:
        chunk.add(row, [], [], 2)
    tables = chunk.tables()
    assert tables.keys is not None
    read_back = ReportTables(tables.hands, tables.findings, tables.payouts).hand_keys()
    assert tables.keys == read_back
    assert read_back[5] == ("a.txt", 60, None, None, None, "audited")
    assert read_back[6][0] == "b.txt" and read_back[6][-1] == "cancelled"


def test_an_empty_chunk_has_every_column():
    tables = ChunkRows().tables()
    assert tables.hands.schema.equals(HANDS.arrow)
    assert tables.findings.schema.equals(FINDINGS.arrow)
    assert tables.payouts.schema.equals(PAYOUTS.arrow)
    assert tables.hands.num_rows == tables.findings.num_rows == tables.payouts.num_rows == 0


@pytest.mark.parametrize(
    ("units", "decimals", "message"),
    [
        ([None], [2], "may not be null"),
        ([10**20], [2], "net"),  # 21 digits do not fit decimal128(20, 2)
        ([1234], [3], "finer"),
    ],
)
def test_money_that_does_not_fit_is_refused(units, decimals, message):
    with pytest.raises(ValueError, match=message):
        money_array(PAYOUTS.column("net"), units, decimals)


def test_a_hand_with_an_amount_finer_than_a_cent_fails_alone():
    check_cents([_finding(1, 1230, None)], [], 3)  # whole cents: fine
    with pytest.raises(ValueError, match="finer"):
        check_cents([], [_payout("Bob", 1, 1234)], 3)


@pytest.mark.parametrize("units", [
    [0, 1, -1, 255, -255, 256, -256, 2**63 - 1, -(2**63)],  # every byte of both words
    [5] * 3 + [-7] * 2,  # a sign word written only where the amount is negative
    [10**18, -(10**18)],
    [2**63, 1],  # beyond 64 bits: Arrow's own conversion
    [None, -3, 4],  # a null: the validity bitmap of Arrow's int64 conversion
    [-1, None, None, -(2**63), None, 7, 0, None, -9],  # nulls beside negatives, past a byte
    [None, None],
    [None, 2**63],  # a null and beyond 64 bits: Arrow's own conversion
    [],
])
@pytest.mark.parametrize("decimals", [2, 0])  # cents as they are, chips times 100
def test_money_arrays_hold_each_amount_exactly(units, decimals):
    column = PAYOUTS.column("won_replayed")  # (nullable)
    if any(u is not None and abs(u) * 10 ** (2 - decimals) >= 10**20 for u in units):
        with pytest.raises(ValueError, match="won_replayed"):  # over 20 digits of cents
            money_array(column, units, [decimals] * len(units))
        return
    got = money_array(column, units, [decimals] * len(units))
    assert got.type == pa.decimal128(20, 2)
    assert got.to_pylist() == [None if u is None else Decimal(u).scaleb(-decimals)
                               for u in units]
    got.validate(full=True)


@pytest.mark.parametrize("units", [[None, -3, 4], [None] * 9 + [-(2**63)], [None]])
def test_nulls_among_int64_amounts_keep_to_the_bytes_path(units):
    # Arrow's decimal conversion of a Python int costs ~5x an int64's: a null in a
    # column (a pot the replay could not settle) must not send the column there.
    cents = _cents(units)
    assert cents is not None
    assert cents.to_pylist() == [None if u is None else Decimal(u) for u in units]
    cents.validate(full=True)


@pytest.mark.parametrize(("units", "written"), [
    ([7, -7, 250, 3], ["7.00", "-0.07", "25.00", "3.00"]),
    ([7, -7, 250, None], ["7.00", "-0.07", "25.00", "None"]),  # a null: factors one by one
])
def test_money_arrays_of_chips_and_cash_scale_each_amount(units, written):
    got = money_array(PAYOUTS.column("won_replayed"), units, [0, 2, 1, 0])
    assert [str(v) for v in got.to_pylist()] == written


def test_a_payout_row_made_by_new_tuple_is_the_named_tuple() -> None:
    values = ("Bob", 3, 150, 20, 0, None, -130)
    row = new_tuple(PayoutRow, values)
    assert type(row) is PayoutRow
    assert row == PayoutRow(*values)
    assert (row.player, row.won_replayed, row.net) == ("Bob", None, -130)
