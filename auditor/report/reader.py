"""Reading a report back as pandas DataFrames with the report's dtypes and column order."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import pandas as pd
import pyarrow as pa
import pyarrow.csv as pa_csv
import pyarrow.parquet as pq

from auditor.report.csv_writer import restored
from auditor.report.schema import OPTIONAL_TABLES, TABLES, TableSchema

Format = Literal["parquet", "csv"]


def read_report(out_dir: Path | str, fmt: Format | None = None) -> dict[str, pd.DataFrame]:
    """The tables of the report in ``out_dir`` by name (``findings``, ``hands``,
    ``payouts``, and ``sessions``: empty where the run wrote none), each with the schema
    re-applied: the fixed column order, strings as ``pd.StringDtype()``, money as
    ``pd.ArrowDtype(decimal128(20, 2))``, categories with their full category list (which
    an empty Parquet file does not keep).

    ``fmt`` defaults to the format whose three files are present. CSV text cells come
    back as they were before they were escaped against formula injection (one leading
    ``'`` is dropped: see ``auditor.report.csv_writer``).
    """
    out_dir = Path(out_dir)
    fmt = fmt or _detect_format(out_dir)
    read = _read_parquet if fmt == "parquet" else _read_csv
    tables = {name: read(out_dir / f"{name}.{fmt}", schema) for name, schema in TABLES.items()}
    for name, schema in OPTIONAL_TABLES.items():  # an empty frame where none was written
        path = out_dir / f"{name}.{fmt}"
        tables[name] = read(path, schema) if path.is_file() else schema.to_frame(schema.empty())
    return tables


def _detect_format(out_dir: Path) -> Format:
    present: list[Format] = [
        f for f in ("parquet", "csv") if all((out_dir / f"{n}.{f}").is_file() for n in TABLES)
    ]
    if len(present) == 1:
        return present[0]
    if not present:
        raise FileNotFoundError(f"no complete report (parquet or csv) in {out_dir}")
    raise ValueError(f"{out_dir} holds both a parquet and a csv report: pass fmt")


def _read_parquet(path: Path, schema: TableSchema) -> pd.DataFrame:
    return schema.to_frame(pq.read_table(path))


def _read_csv(path: Path, schema: TableSchema) -> pd.DataFrame:
    types = {c.name: pa.string() if c.kind == "category" else c.arrow_type for c in schema.columns}
    options = pa_csv.ConvertOptions(
        column_types=types,
        # Only the empty field is null: a player called "NA" or "null" stays a name.
        null_values=[""],
        strings_can_be_null=True,
        quoted_strings_can_be_null=False,  # a quoted "" is the empty string, not null
    )
    # Quoted values may hold line breaks (messages); the reader must not split blocks there.
    parse = pa_csv.ParseOptions(newlines_in_values=True)
    table = pa_csv.read_csv(path, parse_options=parse, convert_options=options)
    # An empty field in a column that cannot be null is the empty string (e.g. currency);
    # a text cell that starts with "'" was escaped against formulas (``csv_writer``).
    for c in schema.columns:
        if c.kind == "string" and c.name in table.column_names:
            i = table.column_names.index(c.name)
            column = restored(table[c.name])
            table = table.set_column(i, c.name, column if c.nullable else column.fill_null(""))
    return schema.to_frame(table)
