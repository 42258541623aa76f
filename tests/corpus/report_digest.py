"""A digest of a report's PokerStars rows, to show a change leaves them as they were."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pyarrow.parquet as pq


def pokerstars_digest(out_dir: Path, root: Path) -> dict[str, str]:
    """For each table, a SHA-256 of its PokerStars rows, sorted, with sources relative to
    ``root``. A hand that is not audited leaves its stakes out: those were added when
    unsupported hands began to keep their header's facts. A 6+ Hold'em hand's game is
    taken as ``holdem``, as it was read before the short deck had a game of its own
    (``sixplus``): its findings and payouts must not change with it."""
    hands = pq.read_table(out_dir / "hands.parquet").to_pylist()

    def rel(source: str) -> str:
        path = Path(source).resolve()
        return str(path.relative_to(root.resolve())) if path.is_relative_to(root.resolve()) \
            else source

    # PokerTracker 2's re-export in capitals had no row before headers were found in it.
    keep = {(h["source"], h["hand_id"]) for h in hands
            if h["site"] == "pokerstars" and "PT2.export" not in h["source"]}
    out: dict[str, str] = {}
    for name in ("hands", "findings", "payouts"):
        rows = hands if name == "hands" else pq.read_table(out_dir / f"{name}.parquet").to_pylist()
        lines = []
        for row in rows:
            if (row["source"], row["hand_id"]) not in keep:
                continue
            row = dict(row, source=rel(row["source"]))
            if name == "hands" and row["status"] != "audited":
                row["stakes"] = None
            values = [str(row.get(c, row.get(_OLD_NAMES.get(c, c)))) for c in _COLUMNS[name]]
            if name == "hands" and values[_COLUMNS[name].index("game")] == "sixplus":
                values[_COLUMNS[name].index("game")] = "holdem"
            lines.append(repr(values))
        out[name] = hashlib.sha256("\n".join(sorted(lines)).encode()).hexdigest()
    return out


# The verdicts' columns, by their names since the CLI issue (the columns added since, the
# currency and started_at, are left out: they change no verdict).
_COLUMNS = {
    "hands": ("source", "hand_id", "first_line", "last_line", "site", "game", "limit_type",
              "stakes", "table_name", "tournament", "started", "status", "findings"),
    "findings": ("source", "hand_id", "line", "code", "rule", "severity", "street", "player",
                 "message", "expected", "observed"),
    "payouts": ("source", "hand_id", "player", "seat", "contributed", "returned",
                "won_stated", "won_replayed", "net"),
}
_OLD_NAMES = {"limit_type": "limit", "table_name": "table"}
