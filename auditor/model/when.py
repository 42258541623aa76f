"""When a hand started, in UTC, from the date and time its site prints.

Sites print local times with a zone abbreviation (PokerStars ``2025/08/02 11:24:53 CET
[2025/08/02 5:24:53 ET]``, PartyPoker ``Wednesday, August 04, 15:02:33 EDT 2010``), UTC
(Winamax, ACR), an ISO instant (PokerNow ``2022-09-26T05:59:14.725Z``) or no zone at all
(GGPoker, iPoker): those give no instant, and ``started_at`` is None for them rather
than a guess.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from functools import cache, lru_cache
from typing import Final

# Zone abbreviations sites print: a zone with its daylight-saving rules where the
# abbreviation names a region's clock (ET), a fixed offset where it names one (EDT).
_REGIONS: Final = {
    "ET": "America/New_York", "PT": "America/Los_Angeles", "CT": "America/Chicago",
    "MT": "America/Denver", "CET": "Europe/Paris", "CEST": "Europe/Paris",
    "WET": "Europe/Lisbon", "WEST": "Europe/Lisbon", "EET": "Europe/Helsinki",
    "EEST": "Europe/Helsinki", "MSK": "Europe/Moscow", "BST": "Europe/London",
}
_FIXED: Final = {
    "UTC": 0, "GMT": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7,
    "MDT": -6, "PST": -8, "PDT": -7, "AEST": 10, "AEDT": 11, "NZST": 12, "NZDT": 13,
    "IST": 5.5, "ART": -3, "BRT": -3,
}
_MONTHS: Final = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)}

_ISO: Final = re.compile(r"(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2}):(\d{2})(?:\.\d+)?"
                         r"(Z|[+-]\d{2}:?\d{2})")
# 2025/08/02 11:24:53 ET, 2009/10/12 - 13:51:22 (ET), 2021/04/16 19:14:14 UTC
_YMD: Final = re.compile(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})\s*-?\s*(\d{1,2}):(\d{2})(?::(\d{2}))?"
                         r"\s*\(?([A-Z]{1,5})\b")
# Wednesday, August 04, 15:02:33 EDT 2010 (PartyPoker classic); Mon Feb 09 12:55:26 EST 2026
_WORDS: Final = re.compile(r"([A-Z][a-z]{2})[a-z]*\.? (\d{1,2}),? (\d{1,2}):(\d{2}):(\d{2}) "
                           r"([A-Z]{2,5}) (\d{4})")


# What most headers print (PokerStars, Winamax, ACR): a text this matches whole, _YMD
# below reads the same, and _ISO not at all (it has no "-"). Minutes and seconds 00-59:
# any other text goes to the patterns.
_PLAIN: Final = re.compile(r"(\d{4})/(\d\d)/(\d\d) (\d\d?):([0-5]\d):([0-5]\d) ([A-Z]{1,5})\]?",
                           re.ASCII)
_MINUTES: Final = tuple(timedelta(minutes=n) for n in range(60))
_SECONDS: Final = tuple(timedelta(seconds=n) for n in range(60))
_HOUR: Final = timedelta(seconds=3599)


class _Last:
    """The text ``started_at`` was last asked, with its answer: each hand asks twice in a
    row, for its stacks (SE001) and for its row. (One entry in a native object: an
    ``lru_cache`` cost half as much again as reading the instant. One tuple, so that
    threads never see one hand's text with another's answer.)"""

    def __init__(self) -> None:
        self.asked: tuple[str, datetime | None] = ("", None)


_LAST: Final = _Last()


def started_at(text: str) -> datetime | None:
    """The instant a hand started, in UTC, from the text its header prints; None when
    the text names no zone (or cannot be read). Where PokerStars prints the time twice,
    the bracketed ET one is used: the zone every one of its histories shares."""
    asked, found = _LAST.asked
    if text == asked:
        return found
    found = read_started_at(text)
    _LAST.asked = (text, found)
    return found


def read_started_at(text: str) -> datetime | None:
    """``started_at``, read anew."""
    if not text:
        return None
    if text.lower() == text and not _signed_after(text, text.find(":")):
        # Every form read names its zone in capitals, or is ISO's with a signed offset
        # after its time: a text with neither (ACR/WPN's "2016/8/2 10:53:49", iPoker's
        # "2014-10-23 19:34:41") names no zone, and no pattern need look (three
        # searches a hand).
        return None
    bracket = text.rfind("[")
    if bracket >= 0:
        found = _local(text[bracket + 1 :])
        if found is not None:
            return found
    return _local(text)


def _signed_after(text: str, colon: int) -> bool:
    """Whether a "+" or "-" follows the text's first colon (at ``colon``, -1: none)."""
    return colon >= 0 and (text.find("+", colon) >= 0 or text.find("-", colon) >= 0)


def _local(text: str) -> datetime | None:
    # A time in an hour read before (most hands: the hour changes seldom): the text less
    # its minutes and seconds is the key of that hour's start. The rest of the text is
    # then the one read before, so only the minutes and seconds are checked.
    colon = text.find(":")  # (a time's first colon ends its hour)
    timed = colon > 0 and text[colon + 3 : colon + 4] == ":"
    if not timed and colon > 0 and not text[colon + 3 : colon + 4].isdecimal():
        return _local_minutes(text, colon)
    hour_key = _hour_key(text, colon) if timed else ""
    start = _HOUR_STARTS.get(hour_key) if timed else None
    if start is not None:
        offset = _past_the_hour(text[colon + 1 : colon + 6])
        if offset is not None:
            return start + offset
    m = _PLAIN.fullmatch(text)
    if m is not None:
        y, mo, d, h, mi, sec, zone = m.groups()
        found = _hour_start(y, mo, d, h, zone)
        if found is None:
            return None
        if isinstance(found, datetime):
            _keep(hour_key, found)
            return found + _MINUTES[int(mi)] + _SECONDS[int(sec)]
        tz = _zone(zone)
        assert tz is not None  # (_hour_start said None otherwise)
        return _at(int(y), int(mo), int(d), int(h), int(mi), int(sec), tz)
    found, start = _patterns_and_hour(text, colon if timed else -1)
    if start is not None:
        # The other forms (PokerNow's ISO instants, PartyPoker's words) by their hour's
        # start too, where the patterns read the minutes and seconds where the key has
        # them and every minute of the hour is its start plus the minutes and seconds.
        _keep(hour_key, start)
    return found


_HOUR_STARTS: Final[dict[str, datetime]] = {}  # a text less its "MM:SS" -> its hour's start
# A time without seconds: the text less its "MM" -> its hour's start.
_MINUTE_HOUR_STARTS: Final[dict[str, datetime]] = {}


def _local_minutes(text: str, colon: int) -> datetime | None:
    """``_local`` of a text whose first colon (at ``colon``) is not followed by "MM:"
    (Run It Once's "2019/02/08 16:19 CET" prints no seconds): by its hour's start where
    the text less its "MM" was read before, as ``_local`` keeps the others' hours. (No
    such text is ``_PLAIN``'s, whose seconds follow that colon's minutes.)"""
    key = text[: colon + 1] + text[colon + 3 :]
    mi = text[colon + 1 : colon + 3]
    start = _MINUTE_HOUR_STARTS.get(key)
    if start is not None and _minute(mi):
        return start + _MINUTES[int(mi)]
    found, start = _patterns_and_hour(text, colon, seconds=False)
    if start is not None:
        if len(_MINUTE_HOUR_STARTS) >= 10_000:
            _MINUTE_HOUR_STARTS.clear()
        _MINUTE_HOUR_STARTS[key] = start
    return found


def _keep(hour_key: str, start: datetime) -> None:
    if len(_HOUR_STARTS) >= 10_000:
        _HOUR_STARTS.clear()
    _HOUR_STARTS[hour_key] = start


def _hour_key(text: str, colon: int) -> str:
    """``text`` less the "MM:SS" after its first colon (at ``colon``): the same for every
    second of the hour. A fraction of a second after them, which ISO's form reads and
    ignores, is written ".0" whatever its digits (a text without one cannot have that
    key: a point and a digit there are a fraction)."""
    after = colon + 6
    if text[after : after + 1] == "." and text[after + 1 : after + 2].isdecimal():
        after += 2
        while text[after : after + 1].isdecimal():
            after += 1
        return text[: colon + 1] + ".0" + text[after:]
    return text[: colon + 1] + text[after:]


def _past_the_hour(text: str) -> timedelta | None:
    """The time "MM:SS" (00:00 to 59:59) is past its hour, None for any other text. One
    look-up and one addition to the hour's start, where reading the minutes and seconds
    apart made four string comparisons, two ``int`` and two additions (a tenth of the
    start time's reading, every hand)."""
    found = _PAST_THE_HOUR.get(text)
    if found is None and len(text) == 5 and text[2] == ":" and _minute(text[:2]) \
            and _minute(text[3:]):
        # (At most 3,600 texts, each kept once.)
        found = _PAST_THE_HOUR[text] = _MINUTES[int(text[:2])] + _SECONDS[int(text[3:])]
    return found


_PAST_THE_HOUR: Final[dict[str, timedelta]] = {}


def _minute(digits: str) -> bool:
    """Whether ``digits`` are a minute or a second as _PLAIN reads them: 00 to 59."""
    return len(digits) == 2 and "0" <= digits[0] <= "5" and "0" <= digits[1] <= "9"


def _by_patterns(text: str) -> datetime | None:
    """The instant of ``text`` by the patterns of every form."""
    return _patterns_and_hour(text, -1)[0]


def _patterns_and_hour(text: str, colon: int, seconds: bool = True
                       ) -> tuple[datetime | None, datetime | None]:
    """``_by_patterns``, with the start of the time's hour where a text that differs
    only in its "MM:SS" at ``colon + 1`` (each 00 to 59) reads as that start plus them:
    the pattern read the minutes and seconds there, and the hour's offset does not
    change inside it (else None; always None for ``colon`` -1). Without ``seconds``,
    the same for "MM" alone: the pattern read the minutes there and no seconds."""
    m = _ISO.search(text)
    if m is not None:
        y, mo, d, h, mi, s, zone = m.groups()
        offset = 0 if zone == "Z" else _offset_minutes(zone)
        found = _at(int(y), int(mo), int(d), int(h), int(mi), int(s),
                    timezone(timedelta(minutes=offset)))
        # (A fixed offset: every minute of the hour is its start plus the minutes.)
        start = found - _MINUTES[int(mi)] - _SECONDS[int(s)] if found is not None else None
        return found, _if_at(start, m, 5, colon, seconds)
    m = _YMD.search(text)
    if m is not None:
        y, mo, d, h, mi, s, zone = m.groups()
        return (_in_hour(y, mo, d, h, mi, s or "00", zone),
                _if_at(_hour_start(y, mo, d, h, zone), m, 5, colon, seconds))
    m = _WORDS.search(text)
    if m is not None:
        month, d, h, mi, s, zone, y = m.groups()
        number = _MONTHS.get(month.lower())
        if number is None:
            return None, None
        return (_in_hour(y, str(number), d, h, mi, s, zone),
                _if_at(_hour_start(y, str(number), d, h, zone), m, 4, colon, seconds))
    return None, None


def _if_at(start: datetime | bool | None, m: re.Match[str], minutes: int, colon: int,
           seconds: bool = True) -> datetime | None:
    """``start`` where it is an hour's start and ``m``'s minutes (group ``minutes``) and
    seconds (the next group) are the two digits at ``colon + 1`` and at ``colon + 4``,
    each 00 to 59 (without ``seconds``: the minutes there, and no seconds read); else
    None."""
    if not isinstance(start, datetime) or colon < 0 or m.start(minutes) != colon + 1:
        return None
    if not seconds:
        return start if m.group(minutes + 1) is None and _minute(m.group(minutes)) else None
    if m.start(minutes + 1) != colon + 4:
        return None
    mi, s = m.group(minutes), m.group(minutes + 1)
    return start if _minute(mi) and _minute(s) else None


# The first date and time of a header, whatever its zone: "2016/8/2 10:53:49".
_LOCAL: Final = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})\s+-?\s*(\d{1,2}):(\d{2}):(\d{2})")
_LOCAL_HOURS: Final[dict[str, datetime]] = {}  # a text less its "MM:SS" -> its hour, naive


def local_time(text: str) -> datetime | None:
    """The first date and time ``text`` prints, as the site's clock shows it (naive), or
    None; for comparing two hands of one site where ``started_at`` has no instant.

    By its hour's start where the text less its "MM:SS" was read before (WPN's, iPoker's
    and GGPoker's headers name no zone: the pattern was a search, six ``int`` and a
    ``datetime`` a hand)."""
    colon = text.find(":")
    key = text[: colon + 1] + text[colon + 6 :] \
        if colon > 0 and text[colon + 3 : colon + 4] == ":" else None
    if key is not None:
        start = _LOCAL_HOURS.get(key)
        if start is not None:
            offset = _past_the_hour(text[colon + 1 : colon + 6])
            if offset is not None:
                return start + offset
    m = _LOCAL.search(text)
    found = _local_of(m)
    # Kept only where the pattern read the minutes and seconds where the key has them
    # (digits for digits change nothing else of what it matches).
    if found is not None and key is not None and m is not None \
            and m.start(5) == colon + 1 and m.start(6) == colon + 4 \
            and _minute(m.group(5)) and _minute(m.group(6)):
        if len(_LOCAL_HOURS) >= 10_000:
            _LOCAL_HOURS.clear()
        _LOCAL_HOURS[key] = found.replace(minute=0, second=0)
    return found


def local_time_by_pattern(text: str) -> datetime | None:
    """``local_time`` by the pattern alone."""
    return _local_of(_LOCAL.search(text))


def _local_of(m: re.Match[str] | None) -> datetime | None:
    if m is None:
        return None
    try:
        y, mo, d, h, mi, sec = map(int, m.groups())
        return datetime(y, mo, d, h, mi, sec)
    except ValueError:
        return None


def _in_hour(y: str, mo: str, d: str, h: str, mi: str, s: str, zone: str) -> datetime | None:
    """The instant (UTC) of a local time in ``zone`` (None for a zone it does not know),
    as ``_at`` makes it, from the start of its hour where ``_hour_start`` has one: a
    conversion in a zone costs several times the reading (PartyPoker's headers, whose
    words no other form reads)."""
    start = _hour_start(y, mo, d, h, zone)
    if start is None:
        return None
    if isinstance(start, datetime) and _minute(mi) and _minute(s):
        return start + _MINUTES[int(mi)] + _SECONDS[int(s)]
    tz = _zone(zone)
    assert tz is not None  # (_hour_start said None otherwise)
    return _at(int(y), int(mo), int(d), int(h), int(mi), int(s), tz)


def _offset_minutes(zone: str) -> int:
    sign = -1 if zone[0] == "-" else 1
    digits = zone[1:].replace(":", "")
    return sign * (int(digits[:2]) * 60 + int(digits[2:4] or 0))


@cache
def _zone(abbreviation: str) -> tzinfo | None:
    """The clock a zone abbreviation names, or None for one it does not know."""
    region = _REGIONS.get(abbreviation)
    if region is not None:
        try:
            from zoneinfo import ZoneInfo

            return ZoneInfo(region)
        except Exception:  # no zone database on this machine: the standard offset
            pass
    hours = _FIXED.get(abbreviation)
    if hours is None:
        return None
    return timezone(timedelta(hours=hours))


@lru_cache(maxsize=1024)
def _hour_start(y: str, mo: str, d: str, h: str, zone: str) -> datetime | bool | None:
    """The instant (UTC) local hour ``h`` of a day starts at in ``zone``, where the whole
    hour has one UTC offset; None where the zone is unknown; False where its minutes must
    be converted one by one (the offset changes within the hour, or a minute of it is
    not a time: no such day, or beyond ``datetime``'s years).

    A hand's start changes every hand but its hour seldom does, and converting a time
    in a zone (``_at``) costs more than reading it: a minute of an even hour is its
    start plus its minutes and seconds, exactly as ``_at`` would make it."""
    tz = _zone(zone)
    if tz is None:
        return None
    start = _at(int(y), int(mo), int(d), int(h), 0, 0, tz)
    end = _at(int(y), int(mo), int(d), int(h), 59, 59, tz)
    if start is None or end is None or end - start != _HOUR:
        return False
    return start


def _at(y: int, mo: int, d: int, h: int, mi: int, s: int, tz: tzinfo) -> datetime | None:
    try:
        return datetime(y, mo, d, h, mi, s, tzinfo=tz).astimezone(UTC)
    except (ValueError, OverflowError):
        return None
