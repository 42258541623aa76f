"""A hand's row of the ``hands`` table, as a plain tuple (``records.HandRow``): made for
every hand audited, in the compiled build by compiled code, which reads the hand and its
header's fields as a native class's (bench/LEVERS.md §56)."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import TypeAlias

from auditor.model.hand import Hand, ParseStatus
from auditor.model.money import to_decimal
from auditor.model.when import started_at

HandRow: TypeAlias = tuple[
    str, str | None, int, int, str | None, str | None, str | None, str | None, str, str,
    str | None, str | None, datetime | None, ParseStatus,
]
"""A ``hands`` row short of its last column, the findings count (SE001 findings are
added later, in file order)."""


def hand_row(hand: Hand, status: ParseStatus) -> HandRow:
    """The ``hands`` row of a parsed hand (but its findings count)."""
    info = hand.info
    return (
        hand.source, info.hand_id, hand.first_line, hand.last_line, info.site, info.game,
        info.limit, _stakes(info.stakes, info.decimals), info.unit, info.table,
        info.tournament, info.started or None, started_at(info.started), status,
    )


@cache
def _stakes(stakes: tuple[int, int], decimals: int) -> str:
    # Not HandInfo.stakes_text: its thousands separators ("1,000/2,000") make the column
    # harder to filter on; exact plain amounts, like the money columns.
    lo, hi = (to_decimal(s, decimals) for s in stakes)
    return f"{lo}/{hi}"
