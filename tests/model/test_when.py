"""When a hand started, in UTC (``auditor.model.when``), from each form of date the sites
print: the bracketed ET of PokerStars, a zone's summer and winter clocks, the hour the
clocks skip and the hour that comes twice, ISO instants, and no zone at all."""

from __future__ import annotations

from datetime import UTC

import pytest

from auditor.model import when


@pytest.mark.parametrize(("text", "utc"), [
    ("2025/08/02 11:24:53 CET [2025/08/02 5:24:53 ET]", "2025-08-02 09:24:53"),
    ("2024/01/02 3:04:05 ET", "2024-01-02 08:04:05"),
    ("2009/10/12 - 13:51:22 (ET)", "2009-10-12 17:51:22"),  # a "-" but no ISO date
    ("2021/04/16 19:14:14 UTC", "2021-04-16 19:14:14"),
    ("2022-09-26T05:59:14.725Z", "2022-09-26 05:59:14"),
    ("2022-09-26 05:59:14+02:00", "2022-09-26 03:59:14"),
    ("Wednesday, August 04, 15:02:33 EDT 2010", "2010-08-04 19:02:33"),
    ("2024/03/10 2:30:00 ET", "2024-03-10 07:30:00"),  # the hour the clocks skip
    ("2024/11/03 1:30:00 ET", "2024-11-03 05:30:00"),  # the hour that comes twice: the first
])
def test_started_at(text: str, utc: str) -> None:
    found = when.started_at.__wrapped__(text)
    assert found is not None and found.tzinfo is UTC
    assert found.strftime("%Y-%m-%d %H:%M:%S") == utc


def test_no_zone_is_no_instant() -> None:
    assert when.started_at.__wrapped__("2024/01/02 03:04:05") is None
    assert when.started_at.__wrapped__("") is None
