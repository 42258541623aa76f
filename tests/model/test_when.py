"""When a hand started, in UTC (``auditor.model.when``), from each form of date the sites
print: the bracketed ET of PokerStars, a zone's summer and winter clocks, the hour the
clocks skip and the hour that comes twice, ISO instants, and no zone at all."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

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
    found = when.read_started_at(text)
    assert found is not None and found.tzinfo is UTC
    assert found.strftime("%Y-%m-%d %H:%M:%S") == utc


def test_no_zone_is_no_instant() -> None:
    assert when.read_started_at("2024/01/02 03:04:05") is None
    assert when.read_started_at("") is None


# The plain form (``2025/08/02 5:24:53 ET``) is read by one match and each local hour's
# start converted once (``when._hour_start``); it must give what the patterns give.

def _changes(zone: str, year: int) -> list[datetime]:
    """The local hours of ``year`` in which ``zone``'s UTC offset changes (or just after)."""
    tz = when._zone(zone)
    assert tz is not None
    out = []
    hour = datetime(year, 1, 1)
    while hour.year == year:
        following = hour + timedelta(hours=1)
        if hour.replace(tzinfo=tz).utcoffset() != following.replace(tzinfo=tz).utcoffset():
            out.append(hour)
        hour = following
    return out


def _same(text: str) -> None:
    fast, plain = when._local(text), when._by_patterns(text)
    assert fast == plain, text
    assert (fast is None) or fast.tzinfo is plain.tzinfo is UTC  # type: ignore[union-attr]


@pytest.mark.parametrize("zone", sorted(when._REGIONS))
@pytest.mark.parametrize("year", [1996, 2024, 2040])  # 2040: past the zone files' tables
def test_the_hours_clocks_change_read_as_the_patterns_read_them(zone: str, year: int) -> None:
    changes = _changes(zone, year)
    for change in changes:
        for hour in (change, change + timedelta(hours=1), change + timedelta(hours=2)):
            for minute in range(60):
                for second in (0, 59):
                    text = f"{hour:%Y/%m/%d} {hour.hour}:{minute:02}:{second:02} {zone}"
                    assert when._PLAIN.fullmatch(text)
                    _same(text)
                    _same(f"{hour:%Y/%m/%d} {hour.hour:02}:{minute:02}:{second:02} {zone}]")
                # Without seconds (Run It Once's), by the minute form's hour.
                _same(f"{hour:%Y/%m/%d} {hour.hour:02}:{minute:02} {zone}]")


def test_an_hour_whose_offset_changes_inside_it_is_read_minute_by_minute() -> None:
    # New York left its local mean time (-4:56:02) for EST at 12:03:58 on 1883-11-18.
    assert when._hour_start("1883", "11", "18", "12", "ET") is False
    assert isinstance(when._hour_start("1883", "11", "18", "13", "ET"), datetime)
    for minute in range(60):
        for second in (0, 57, 58, 59):
            _same(f"1883/11/18 12:{minute:02}:{second:02} ET")


def test_the_hour_starts_are_reused() -> None:
    for minute in range(60):
        _same(f"2024/01/02 7:{minute:02}:30 ET")
    when._hour_start.cache_clear()
    when._HOUR_STARTS.clear()
    for minute in range(60):
        when._local(f"2024/01/02 7:{minute:02}:30 ET")
    info = when._hour_start.cache_info()
    assert (info.misses, info.hits) == (1, 0)  # then read by the text less its minutes
    assert list(when._HOUR_STARTS) == ["2024/01/02 7: ET"]


def test_the_time_past_the_hour_of_every_minute_and_second() -> None:
    for minute in range(60):
        for second in range(60):
            assert when._past_the_hour(f"{minute:02}:{second:02}") == \
                timedelta(minutes=minute, seconds=second)
    assert len(when._PAST_THE_HOUR) == 3600


@pytest.mark.parametrize("text", [
    "", "00:0", "0:000", "60:00", "00:60", "99:99", "05-06", "05:06 ", " 5:06", "٠٥:٠٦",
    "０５:０６", "05:6a", "+5:06", "-5:06",
])
def test_no_time_past_the_hour_but_two_ascii_digits_of_each(text: str) -> None:
    assert when._past_the_hour(text) is None
    assert text not in when._PAST_THE_HOUR


@pytest.mark.parametrize("zone", sorted(when._REGIONS))
@pytest.mark.parametrize("year", [1996, 2024, 2040])
def test_the_words_form_reads_each_second_as_its_zone_converts_it(zone: str, year: int) -> None:
    # PartyPoker's "Wednesday, August 04, 15:02:33 EDT 2010", read by the start of its
    # hour (``when._in_hour``), against the time converted in its zone second by second,
    # in the hours the clocks change.
    tz = when._zone(zone)
    for change in _changes(zone, year):
        for hour in (change, change + timedelta(hours=1), change + timedelta(hours=2)):
            for minute in range(60):
                for second in (0, 59):
                    local = hour.replace(minute=minute, second=second)
                    text = f"{local:%A, %B %d, %H:%M:%S} {zone} {year}"
                    expected = local.replace(tzinfo=tz).astimezone(UTC)
                    assert when.read_started_at(text) == expected, text
                    ymd = f"{local:%Y/%m/%d - %H:%M:%S} ({zone})"  # the old PokerStars form
                    assert when.read_started_at(ymd) == expected, ymd


@pytest.mark.parametrize("text", [
    "2024/01/02 7:60:00 ET",  # no such minute
    "2024/01/02 7:05:60 ET",
    "2024/01/02 7:5:00 ET",
    "2024/01/02 7:05:0 ET",
    "2024/01/02 7:0a:00 ET",
    "2024/01/02 7:05:0: ET",
    "2024/01/02 7:05 :00 ET",
    "2024/01/02 7:05-00 ET",
    "2024/01/02 7:٠٥:00 ET",  # Arabic-Indic digits
    "2024/01/02 7:05:00 ET]",
    "2024/01/02 7:05:00 ETX",
    "2024/01/02 7:",
    "2024/01/02 7",
])
def test_texts_like_an_hour_read_before_read_as_the_patterns_read_them(text: str) -> None:
    _same("2024/01/02 7:00:00 ET")  # the hour read (and kept)
    assert "2024/01/02 7: ET" in when._HOUR_STARTS
    _same(text)


@pytest.mark.parametrize("text", [
    "9999/12/31 23:30:00 ET",  # beyond datetime's years in UTC
    "9999/12/31 23:30:00 AEST",
    "0001/01/01 00:30:00 CET",
    "0001/01/01 05:45:00 IST",  # +5:30: the hour's start is not a time, its end is
    "2024/02/30 10:00:00 ET",  # no such day
    "2024/01/02 24:00:00 ET",  # no such hour
    "2024/01/02 7:60:00 ET",  # no such minute: the patterns' way
    "2024/01/02 7:05:60 ET",
    "2024/01/02 7:05:00 XYZ",  # an unknown zone
    "2024/01/02 7:05:00 ABCDEF",
    "2024/01/02 7:05:00 et",
    "２０２４/01/02 7:05:00 ET",  # digits not ASCII: the patterns' way
    "2024/1/02 7:05:00 ET",
    "2024/01/02 7:05:00 ET]",
    "2024/01/02 7:05:00 IST",
    "2024/01/02 7:05:00 UTC",
    "2024/07/02 17:05:09 BST",
])
def test_odd_plain_texts_read_as_the_patterns_read_them(text: str) -> None:
    _same(text)


@pytest.mark.parametrize("text", [
    "2016/8/2 10:53:49",  # ACR/WPN: no zone
    "2016/08/02 10:53:49",
    "2016/8/2 10:53:49 est",  # a zone in small letters is no zone the patterns read
    "wednesday, august 04, 15:02:33 edt 2010",
    "2024/01/02 03:04:05 ÉT",  # capitals of another alphabet: the patterns are asked
    "2014-10-23 19:34:41",  # iPoker: dashes in the date only
    "2014-10-23 19:34:41+2",
])
def test_a_text_without_capitals_or_a_signed_offset_names_no_zone(text: str) -> None:
    assert when.read_started_at(text) is None
    assert when._by_patterns(text) is None and when._local(text) is None


@pytest.mark.parametrize(("text", "utc"), [
    ("2022-09-26 05:59:14+02:00", "2022-09-26 03:59:14"),
    ("2022-09-26 05:59:14-0200", "2022-09-26 07:59:14"),
    ("2022-09-26t05:59:14+02:00", None),  # (ISO's T in capitals only)
])
def test_a_signed_offset_in_small_letters_is_still_read(text: str, utc: str | None) -> None:
    found = when.read_started_at(text)
    assert found == when._by_patterns(text)
    assert (found.strftime("%Y-%m-%d %H:%M:%S") if found else None) == utc


# PokerNow's ISO instants and PartyPoker's words are read by their hour's start too, once
# the patterns have read one time of the hour (``when._patterns_and_hour``).

@pytest.mark.parametrize("form", [
    "2022-09-26T05:{mi}:{s}.725Z",
    "2022-09-26T05:{mi}:{s}Z",
    "2022-09-26 05:{mi}:{s}+02:00",
    "2022-09-26 05:{mi}:{s}.1-0530",
    "Wednesday, August 04, 15:{mi}:{s} EDT 2010",
    "Mon Jul 12 13:{mi}:{s} EDT 2010",
    "2009/10/12 - 13:{mi}:{s} (ET)",
    "Sunday, November 03, 01:{mi}:{s} ET 2024",  # the hour that comes twice: by minute
    "2024/03/10 - 2:{mi}:{s} (ET)",  # the hour the clocks skip
])
def test_other_forms_by_their_hour_read_as_the_patterns_read_them(form: str) -> None:
    when._HOUR_STARTS.clear()
    for minute in range(60):
        for second in (0, 7, 59):
            _same(form.format(mi=f"{minute:02}", s=f"{second:02}"))
    if " ET" not in form:  # (a fixed offset: the hour kept once, every second read by it)
        assert len(when._HOUR_STARTS) == 1, form


@pytest.mark.parametrize("text", [
    "2022-09-26T05:59:14Z",  # no fraction, the same key
    "2022-09-26T05:59:14.Z",  # a point without digits: no ISO instant
    "2022-09-26T05:59:14.5Z",
    "2022-09-26T05:59:14.\u0665Z",  # a fraction in other digits
    "2022-09-26T05:59:1\u0665.5Z",
    "2022-09-26T05:60:14.5Z",
    "2022-09-26T05:5:14.5Z",
    "2022-09-26T05:59:14.5 Z",
    "2022-09-26T05:59:14.5",
    "Wednesday, August 04, 15:60:33 EDT 2010",
    "Wednesday, August 04, 15:02:33  EDT 2010",
    "Wednesday, August 04, 15:02:33.5 EDT 2010",
])
def test_texts_like_another_form_s_hour_read_as_the_patterns_read_them(text: str) -> None:
    _same("2022-09-26T05:00:00.725Z")
    _same("Wednesday, August 04, 15:00:00 EDT 2010")
    assert len(when._HOUR_STARTS) >= 2
    _same(text)


@given(st.sampled_from(["2022-09-26T05:", "Wednesday, August 04, 15:", "2024/01/02 7:"]),
       st.lists(st.sampled_from(["00", "59", "5", "60", ":", ".", "7", "\u0665", "Z", " ",
                                 "EDT", " ET", "+02:00", "2010", " EDT 2010"]),
                max_size=7).map("".join))
def test_any_text_after_a_kept_hour_reads_as_the_patterns_read_it(hour: str, rest: str
                                                                   ) -> None:
    for kept in ("2022-09-26T05:00:00.725Z", "2022-09-26T05:00:00Z",
                 "Wednesday, August 04, 15:00:00 EDT 2010", "2024/01/02 7:00:00 ET"):
        _same(kept)
    _same(hour + rest)


# Times without seconds ("2019/02/08 16:19 CET", Run It Once's): by their hour's start
# too, kept apart from the texts with seconds (``when._MINUTE_HOUR_STARTS``).

@pytest.mark.parametrize("form", [
    "2019/02/08 16:{mi} CET]",
    "2019/02/08 15:{mi} UTC",
    "2024/03/10 - 2:{mi} (ET)",  # the hour the clocks skip
    "2024/11/03 01:{mi} ET",  # the hour that comes twice
    "2024/03/31 02:{mi} CET",
])
def test_times_without_seconds_by_their_hour_read_as_the_patterns_read_them(form: str
                                                                             ) -> None:
    when._MINUTE_HOUR_STARTS.clear()
    for minute in range(60):
        _same(form.format(mi=f"{minute:02}"))
    if "UTC" in form or "CET]" in form:  # (one offset all hour: kept once, then reused)
        assert len(when._MINUTE_HOUR_STARTS) == 1, form


def test_a_time_without_seconds_read_through_its_bracket() -> None:
    text = "2019/02/08 15:19 UTC [2019/02/08 16:19 CET]"
    assert when.read_started_at(text) == datetime(2019, 2, 8, 15, 19, tzinfo=UTC)
    assert when.read_started_at(text.replace(":19", ":41")) == \
        datetime(2019, 2, 8, 15, 41, tzinfo=UTC)


@given(st.lists(st.sampled_from(["00", "59", "5", "60", ":", ".", "7", "\u0665", " ", "CET",
                                 " CET", "]", " UTC", "Z", "+02:00", ":30", "2019"]),
                max_size=7).map("".join))
def test_any_text_after_a_kept_minute_hour_reads_as_the_patterns_read_it(rest: str) -> None:
    _same("2019/02/08 16:00 CET]")
    _same("2019/02/08 16:" + rest)


# The site's own clock, where no zone is named (SE001 compares two hands of one site by
# it): by its hour's start once the pattern has read a time of that hour.

@pytest.mark.parametrize("form", [
    "2016/8/2 10:{mi}:{s}",  # ACR/WPN
    "2011/07/22 18:{mi}:{s}",  # iPoker, as its reader prints it
    "2025/09/17 05:{mi}:{s}",  # GGPoker
    "2009/10/12 - 13:{mi}:{s} (ET)",
    "Table x 2016/8/2 10:{mi}:{s} and more",
])
def test_the_local_time_by_its_hour_as_the_pattern(form: str) -> None:
    when._LOCAL_HOURS.clear()
    for minute in range(60):
        for second in (0, 7, 59):
            text = form.format(mi=f"{minute:02}", s=f"{second:02}")
            assert when.local_time(text) == when.local_time_by_pattern(text), text
    assert len(when._LOCAL_HOURS) == 1


@pytest.mark.parametrize("text", [
    "2016/8/2 10:60:00", "2016/8/2 10:5:00", "2016/8/2 10:05:0", "2016/8/2 10:0\u0665:00",
    "2016/8/2 10:05:00:00", "2016/8/2 10:05", "2016/8/32 10:05:00", "2016/8/2 24:05:00",
    "2016/8/2 10:05 :00", "2016/8/2 10:05-00", "2016-8-2 10:05:00", "x 10:05:00",
    "10:05:00 2016/8/2 10:05:00",  # the time is not at the first colon
])
def test_texts_like_a_local_hour_read_as_the_pattern(text: str) -> None:
    for kept in ("2016/8/2 10:00:00", "2016/8/32 10:00:00", "x 10:00:00"):
        assert when.local_time(kept) == when.local_time_by_pattern(kept)
    assert when.local_time(text) == when.local_time_by_pattern(text), text


@given(st.sampled_from(["2016/8/2 10:", "2016/8/32 10:", "x 10:", "2016/8/2 - 10:"]),
       st.lists(st.sampled_from(["00", "59", "5", "60", ":", " ", "\u0665", "7", "x",
                                 "2016/8/2 10:00:00"]), max_size=6).map("".join))
def test_any_text_after_a_kept_local_hour_reads_as_the_pattern(hour: str, rest: str) -> None:
    for kept in ("2016/8/2 10:00:00", "2016/8/2 - 10:00:00"):
        when.local_time(kept)
    text = hour + rest
    assert when.local_time(text) == when.local_time_by_pattern(text), text
