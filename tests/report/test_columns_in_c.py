"""The compiled build's C columns (``auditor/report/_columns.c``) against the Python way:
each array it writes equals the one ``pyarrow.array`` (through the schema's column)
makes of the same values, and where it leaves values to Python, Python has a reason (a
value of another type, a null where the column allows none, an amount beyond 64 bits).
A chunk's tables are the same with the C columns and without (``COLUMNS_IN_C``), on odd
rows as on plain ones, and a chunk the Python way refuses is refused the same way.
Skipped in the pure build (``tests/test_compiled_build.py`` checks that the compiled
build has it)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import auditor.report.chunk as chunk
from auditor.engine.result import PayoutRow
from auditor.report.chunk import ChunkRows
from auditor.report.schema import MONEY_TYPE, Column

columns_in_c = pytest.importorskip("auditor.report._columns",
                                   reason="the pure build: no C module")

INT64 = 2**63
# Any text, lone surrogates (which UTF-8 cannot hold) included, and the empty string.
TEXTS = st.text(st.characters(blacklist_categories=()), max_size=12)
ODD = st.one_of(st.none(), st.integers(-5, 5), st.booleans(), st.just(b"x"))


def _buffer(data: bytes | None) -> pa.Buffer | None:
    return None if data is None else pa.py_buffer(data)


def _array(kind: pa.DataType, n: int, found: tuple[Any, ...]) -> pa.Array:
    got = pa.Array.from_buffers(kind, n, [_buffer(b) for b in found])
    got.validate(full=True)
    return got


def _python(column: Column, values: list[Any]) -> pa.Array | None:
    """The column as the Python way converts it, or None where it refuses the values."""
    try:
        return column.to_arrow(values)
    except ValueError:
        return None


def _utf8(text: str) -> bool:
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


@settings(max_examples=400, deadline=None)
@given(values=st.lists(st.one_of(TEXTS, ODD), max_size=20), nullable=st.booleans(),
       picks=st.none() | st.lists(st.integers(0, 30), max_size=30))
def test_strings_are_the_column_python_makes(values: list[Any], nullable: bool,
                                             picks: list[int] | None) -> None:
    rows = [(0, v) for v in values]
    owners = None if picks is None else [p for p in picks if p < len(rows)]
    column = Column("name", "string", nullable=nullable)
    found = columns_in_c.strings(rows, 1, owners, nullable)
    chosen = values if owners is None else [values[i] for i in owners]
    want = _python(column, chosen)
    if found is None:  # left to Python: a value it may refuse
        assert any(not (type(v) is str and _utf8(v)) and not (nullable and v is None)
                   for v in chosen)
        return
    assert want is not None
    assert _array(pa.string(), len(chosen), found).equals(want)


@settings(max_examples=300, deadline=None)
@given(values=st.lists(st.one_of(st.integers(-(2**70), 2**70),
                                 st.integers(-INT64, INT64 - 1), ODD), max_size=20))
def test_integers_are_the_column_python_makes(values: list[Any]) -> None:
    found = columns_in_c.integers([(v,) for v in values], 0)
    if found is None:
        assert any(type(v) is not int or not -INT64 <= v < INT64
                   for v in values if v is not None)
        return
    assert _array(pa.int64(), len(values), found).equals(pa.array(values, pa.int64()))


FACTORS = st.sampled_from([1, 10, 100, 10**18, -1])


@settings(max_examples=300, deadline=None)
@given(values=st.lists(st.one_of(st.integers(-INT64, INT64 - 1), st.integers(-999, 999),
                                 st.none(), st.booleans()), max_size=20),
       factor=FACTORS, per_row=st.none() | st.lists(FACTORS, min_size=20, max_size=20))
def test_cents_are_the_amounts_times_their_factors(values: list[Any], factor: int,
                                                   per_row: list[int] | None) -> None:
    factors: int | list[int] = factor if per_row is None else per_row[:len(values)]
    found = columns_in_c.cents([(v,) for v in values], 0, factors)
    each = [factor] * len(values) if per_row is None else per_row
    products = [None if v is None else v * f for v, f in zip(values, each, strict=False)]
    if found is None:
        assert any(type(v) is not int or not -INT64 <= p < INT64
                   for v, p in zip(values, products, strict=True) if v is not None)
        return
    got = _array(MONEY_TYPE, len(values), found)
    assert got.to_pylist() == [None if p is None else Decimal(p).scaleb(-2)
                               for p in products]


def test_a_factor_list_of_another_length_is_left_to_python() -> None:
    assert columns_in_c.cents([(1,), (2,)], 0, [100]) is None


NAMES = st.one_of(st.sampled_from(["Bob", "Ann", "ñandú", "李", ""]), TEXTS)


@st.composite
def chunks(draw: st.DrawFn) -> list[tuple[tuple[Any, ...], list[PayoutRow], int]]:
    """Hands of a chunk: rows with odd strings and nulls, payouts with odd amounts."""
    hands = []
    for n in range(draw(st.integers(1, 6))):
        row = ("a.txt", draw(st.sampled_from(["H1", "", "H-ñ"])), 10 * n, 10 * n + 9,
               draw(st.sampled_from(["pokerstars", "", None])), "holdem",
               draw(st.sampled_from(["NL", None])), "0.05/0.10",
               draw(st.sampled_from(["USD", "TOURNAMENT-CHIPS", ""])), draw(NAMES),
               None, draw(st.sampled_from(["2024/01/02", None, ""])), None,
               draw(st.sampled_from(["audited", "unparsable"])))
        amounts = st.one_of(st.integers(-(10**6), 10**6), st.integers(-(2**65), 2**65))
        payouts = [PayoutRow(draw(NAMES), draw(st.integers(1, 10)), draw(amounts),
                             draw(amounts), draw(amounts), draw(st.none() | amounts),
                             draw(amounts))
                   for _ in range(draw(st.integers(0, 3)))]
        hands.append((row, payouts, draw(st.sampled_from([0, 2, 3]))))
    return hands


def _tables(hands: list[tuple[tuple[Any, ...], list[PayoutRow], int]], in_c: bool
            ) -> tuple[pa.Table, pa.Table] | str:
    rows = ChunkRows()
    for row, payouts, decimals in hands:
        rows.add(row, [], payouts, decimals)  # type: ignore[arg-type]
    chunk.COLUMNS_IN_C = in_c
    try:
        tables = rows.tables()
    except ValueError as exc:
        return str(exc)
    finally:
        chunk.COLUMNS_IN_C = True
    return tables.hands, tables.payouts


@settings(max_examples=200, deadline=None)
@given(hands=chunks())
def test_a_chunks_tables_are_the_same_with_the_columns_in_c(
        hands: list[tuple[tuple[Any, ...], list[PayoutRow], int]]) -> None:
    fast, plain = _tables(hands, True), _tables(hands, False)
    if isinstance(plain, str):
        assert fast == plain
        return
    assert not isinstance(fast, str), fast
    for got, want in zip(fast, plain, strict=True):
        got.validate(full=True)
        assert got.equals(want)
