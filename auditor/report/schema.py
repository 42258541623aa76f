"""The three report tables as explicit schemas: one place for column order, Arrow types,
pandas dtypes and nullability.

Every writer builds its Arrow tables through :meth:`TableSchema.to_arrow` and every reader
turns them back into pandas through :meth:`TableSchema.to_frame`, so the Parquet file, the
CSV file and the DataFrame a user reads all agree. Money is ``decimal128(20, 2)``: amounts in
the hand's currency units (chips have no decimals and fit), never binary floats.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Literal

import pyarrow as pa

from auditor.lean_imports import absent
from auditor.model.finding import SEVERITIES
from auditor.model.hand import ParseStatus

if TYPE_CHECKING:
    import pandas as pd

MONEY_PRECISION = 20
MONEY_SCALE = 2
MONEY_TYPE = pa.decimal128(MONEY_PRECISION, MONEY_SCALE)

STATUSES: tuple[ParseStatus, ...] = (
    "audited", "unparsable", "unsupported", "cancelled", "duplicate",
)
TIMESTAMP_TYPE = pa.timestamp("us", tz="UTC")

ColumnKind = Literal["string", "int", "money", "category", "timestamp"]


@dataclass(frozen=True, slots=True)
class Column:
    """One column: its name, what kind of value it holds, and whether it may be null.

    In a nullable string column an empty string means "unknown" and is stored as null, so
    that Parquet and CSV (where both are an empty field) read back the same.
    """

    name: str
    kind: ColumnKind
    nullable: bool = False
    categories: tuple[str, ...] = ()
    # Whether few values fill the column over a run (a file's name, a site, stakes): the
    # Parquet writer keeps those in a dictionary (see ``TableSchema.dictionary``).
    repeats: bool = False

    @property
    def arrow_type(self) -> pa.DataType:
        """The Arrow type the column has in a written file."""
        if self.kind == "string":
            return pa.string()
        if self.kind == "int":
            return pa.int64()
        if self.kind == "money":
            return MONEY_TYPE
        if self.kind == "timestamp":
            return TIMESTAMP_TYPE
        # int8 indices: the category sets are tiny and fixed.
        return pa.dictionary(pa.int8(), pa.string())

    @property
    def pandas_dtype(self) -> Any:
        """The pandas dtype the column has in a DataFrame returned by the reader."""
        import numpy as np
        import pandas as pd  # only readers need pandas: writing never imports it

        if self.kind == "string":
            return pd.StringDtype()
        if self.kind == "int":
            return pd.Int64Dtype() if self.nullable else np.dtype("int64")
        if self.kind == "money":
            return pd.ArrowDtype(MONEY_TYPE)
        if self.kind == "timestamp":
            return pd.DatetimeTZDtype("us", "UTC")
        return pd.CategoricalDtype(list(self.categories), ordered=False)

    def to_arrow(self, values: Sequence[Any] | pa.Array) -> pa.Array:
        """Convert Python values (str, int, ``Decimal`` or None) to this column's Arrow array;
        an Arrow array of them is checked the same way (and kept if already of the type).

        Raises ValueError naming the column on a wrong type, a null where none is allowed,
        an unknown category, or an amount that does not fit the money type exactly.
        """
        try:
            array = self._convert(values)
        except (pa.ArrowInvalid, pa.ArrowTypeError, TypeError, OverflowError) as exc:
            raise ValueError(f"column {self.name!r}: {exc}") from exc
        if not self.nullable and array.null_count:
            raise ValueError(f"column {self.name!r} may not be null")
        return array

    def _convert(self, values: Sequence[Any] | pa.Array) -> pa.Array:
        # Plain Python before Arrow, not ``pyarrow.compute`` (see ``report.chunk``).
        if self.kind in ("category", "string") and isinstance(values, pa.Array):
            values = values.to_pylist()
        if self.kind == "category":
            return self._encode_categories(values)
        if self.kind == "string" and self.nullable and "" in values:
            values = [v or None for v in values]  # (None stays None, "" becomes None)
        return pa.array(values, self.arrow_type)

    def _encode_categories(self, values: Sequence[Any]) -> pa.DictionaryArray:
        # A fixed dictionary (not one inferred from the values) keeps the category order
        # the same in every row group and every file.
        index = _category_index(self.categories)
        try:
            indices = [None if v is None else index[v] for v in values]
        except (KeyError, TypeError):
            unknown = sorted({v for v in values if v is not None and v not in index}, key=str)
            raise ValueError(
                f"column {self.name!r}: {unknown} not among {list(self.categories)}") from None
        return pa.DictionaryArray.from_arrays(pa.array(indices, pa.int8()),
                                              pa.array(self.categories, pa.string()))


@cache
def _category_index(categories: tuple[str, ...]) -> dict[str, int]:
    """Each category's index in its column's dictionary."""
    return {c: i for i, c in enumerate(categories)}


@dataclass(frozen=True, slots=True)
class TableSchema:
    """A report table: its file name stem, its columns in their fixed order and, for
    tables written sorted, the sort key (every column, so the order is total)."""

    name: str
    columns: tuple[Column, ...]
    sort_by: tuple[str, ...] = ()

    @property
    def names(self) -> list[str]:
        """Column names in their fixed order."""
        return [c.name for c in self.columns]

    @property
    def arrow(self) -> pa.Schema:
        """The Arrow schema of the written file (nullability included)."""
        return _arrow_schema(self.columns)

    @property
    def dictionary(self) -> list[str]:
        """The columns Parquet dictionary-encodes: categories, and those whose values
        repeat. The others (hand ids, times, names, amounts) take more room in a
        dictionary than plain under zstd, and more time to write: a PokerStars report
        is 14 % smaller without theirs (the hands table 32 %), and its rows are written
        about 1.3 µs a hand sooner (bench/LEVERS.md §31)."""
        return [c.name for c in self.columns if c.repeats or c.kind == "category"]

    @property
    def dtypes(self) -> dict[str, Any]:
        """The pandas dtype of every column."""
        return {c.name: c.pandas_dtype for c in self.columns}

    def column(self, name: str) -> Column:
        """The column called ``name``."""
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(name)

    def to_arrow(self, columns: Sequence[Sequence[Any] | pa.Array]) -> pa.Table:
        """Build a table with this schema from Python values (or Arrow arrays), one sequence
        per column in column order."""
        if len(columns) != len(self.columns):
            raise ValueError(
                f"{self.name}: expected {len(self.columns)} columns, got {len(columns)}"
            )
        arrays = [c.to_arrow(v) for c, v in zip(self.columns, columns, strict=True)]
        return pa.Table.from_arrays(arrays, schema=self.arrow)

    def empty(self) -> pa.Table:
        """A table with no rows and the full schema."""
        return self.arrow.empty_table()

    def to_frame(self, table: pa.Table) -> pd.DataFrame:
        """Convert a table read from a report file to a DataFrame with this schema's
        dtypes and column order."""
        frame = table.to_pandas(types_mapper=_pandas_type_for)
        return self.apply(frame)

    def apply(self, frame: pd.DataFrame) -> pd.DataFrame:
        """Re-apply the schema to a DataFrame: the fixed column order first (columns this
        schema does not know are kept after them), then each column's dtype.

        Needed because a round trip loses what the file cannot carry, e.g. an empty
        Parquet file gives categoricals without categories.
        """
        missing = [n for n in self.names if n not in frame.columns]
        if missing:
            raise ValueError(f"{self.name}: missing columns {missing}")
        extra = [n for n in frame.columns if n not in self.names]
        frame = frame[self.names + extra]
        changed = {n: t for n, t in self.dtypes.items() if frame[n].dtype != t}
        return frame.astype(changed) if changed else frame.copy()


def keep_pandas_out() -> None:
    """Keep pyarrow from importing pandas in this process (about 0.15 s, in every worker
    too): call it before the first Arrow array is built.

    The first ``pa.array`` of a process asks whether pandas can be imported, to know
    pandas objects when it is given one, and finds out by importing all of it. The audit
    only ever gives it lists, so this lets that one question fail: pyarrow then converts
    lists exactly as where pandas is not installed. Whatever converts to or from pandas
    (``to_pandas``, the report readers) still imports it when it runs. For the auditor's
    own processes only (the command line, its workers): a program that passes pandas
    objects to ``pa.array`` before any such conversion would have them taken as plain
    sequences.
    """
    if "pandas" in sys.modules:
        return  # imported already: asking costs nothing
    with absent("pandas"):
        pa.array([], pa.int64())


@cache
def _arrow_schema(columns: tuple[Column, ...]) -> pa.Schema:
    # Built once: every chunk of every table is made with it.
    return pa.schema([pa.field(c.name, c.arrow_type, nullable=c.nullable) for c in columns])


def _pandas_type_for(arrow_type: pa.DataType) -> Any:
    """``types_mapper`` for ``to_pandas``: strings and decimals straight to the report's
    dtypes (never through Python objects or floats); anything else the default way."""
    import pandas as pd

    if pa.types.is_string(arrow_type) or pa.types.is_large_string(arrow_type):
        return pd.StringDtype()
    if pa.types.is_decimal(arrow_type):
        return pd.ArrowDtype(arrow_type)
    return None


def _string(name: str, *, nullable: bool = False, repeats: bool = False) -> Column:
    return Column(name, "string", nullable, repeats=repeats)


def _int(name: str) -> Column:
    return Column(name, "int")


def _money(name: str, *, nullable: bool = False) -> Column:
    return Column(name, "money", nullable)


FINDINGS = TableSchema(
    name="findings",
    columns=(
        _string("source", repeats=True),
        _string("hand_id", nullable=True),  # null when the header itself did not parse
        _int("line"),
        _string("code", repeats=True),
        _string("rule", repeats=True),
        Column("severity", "category", categories=SEVERITIES),
        _string("street", nullable=True, repeats=True),
        _string("player", nullable=True),
        _string("message"),
        _money("expected", nullable=True),
        _money("observed", nullable=True),
        # the hand's (see HANDS), so that amounts are never mixed
        _string("currency", repeats=True),
    ),
    # docs/findings.md promises source, line, code; the rest makes the order total, so two
    # runs over the same input write byte-identical tables.
    sort_by=(
        "source",
        "line",
        "code",
        "player",
        "message",
        "hand_id",
        "street",
        "rule",
        "severity",
        "expected",
        "observed",
        "currency",
    ),
)

HANDS = TableSchema(
    name="hands",
    columns=(
        _string("source", repeats=True),
        _string("hand_id", nullable=True),
        _int("first_line"),
        _int("last_line"),
        # site … stakes are null when the header did not parse
        _string("site", nullable=True, repeats=True),
        _string("game", nullable=True, repeats=True),
        _string("limit_type", nullable=True, repeats=True),  # NL, PL, FL, CNL
        _string("stakes", nullable=True, repeats=True),
        # ISO code; CHIPS for play money and home-game chips, TOURNAMENT-CHIPS for a
        # tournament's: never added to real money nor to each other.
        _string("currency", repeats=True),
        _string("table_name", repeats=True),  # "" when the history names none
        _string("tournament", nullable=True, repeats=True),
        _string("started", nullable=True),  # the header's date and time, as printed
        Column("started_at", "timestamp", nullable=True),  # UTC; null where no zone is given
        Column("status", "category", categories=STATUSES),
        _int("findings"),
    ),
)

PAYOUTS = TableSchema(
    name="payouts",
    columns=(
        _string("source", repeats=True),
        _string("hand_id"),
        _string("site", repeats=True),
        _string("currency", repeats=True),
        _string("player"),
        _int("seat"),
        _money("contributed"),
        _money("returned"),
        _money("won_stated"),
        _money(
            "won_replayed", nullable=True
        ),  # null when unknown cards keep the replay from judging
        _money("net"),
    ),
)

# One row per player per log, where a log records every chip entering or leaving the
# table between hands (PokerNow; see auditor/sessions.py): bought_in + adjusted + net =
# cashed_out + final_stack on every row.
SESSIONS = TableSchema(
    name="sessions",
    columns=(
        _string("source", repeats=True),
        _string("site", repeats=True),
        _string("table_name", repeats=True),
        _string("currency", repeats=True),
        _string("player"),
        _int("hands"),
        _money("bought_in"),
        _money("adjusted"),  # what the host added (or took) by hand
        _money("net"),  # from the hands audited
        _money("cashed_out"),
        _money("final_stack"),
        _int("unaudited_hands"),  # hands of the log not audited: their chips are not in net
        _string("ledger", nullable=True, repeats=True),  # the ledger file, where one was given
        # "cents", or "chips" (the log's unit)
        _string("ledger_amounts_in", nullable=True, repeats=True),
        _money("ledger_buy_in", nullable=True),
        _money("ledger_buy_out", nullable=True),
        _money("ledger_stack", nullable=True),
        _money("ledger_net", nullable=True),
    ),
)

TABLES: dict[str, TableSchema] = {t.name: t for t in (FINDINGS, HANDS, PAYOUTS)}
# Written only where a run has rows for them.
OPTIONAL_TABLES: dict[str, TableSchema] = {SESSIONS.name: SESSIONS}
