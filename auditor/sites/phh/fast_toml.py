"""The TOML a PHH table is written in, read fast: one ``key = value`` per line.

``tomllib`` is written in Python and takes more than half of the time of reading a PHH
hand. The tables PokerKit and the datasets write use a small part of TOML: bare keys, one
per line, each with a string, an integer, a decimal, ``inf``, a boolean, a local time or a
one-line array of those. ``loads`` reads exactly that and gives up (None) on anything
else, which ``tomllib`` then reads; the tests check that both agree on every PHH hand of
the corpus and the samples.
"""

from __future__ import annotations

import re
from datetime import time
from decimal import Decimal
from typing import Any

_LINE = re.compile(r"[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*(.*?)[ \t]*$")
# One scalar: a literal or basic string without escapes, a number, a boolean, a time.
_SCALAR = (r"'[^'\n]*'|\"[^\"\\\n]*\"|[+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?![0-9:.])"
           r"|[+-]?inf|nan|true|false|[0-2][0-9]:[0-5][0-9]:[0-5][0-9](?:\.[0-9]+)?")
_VALUE = re.compile(rf"(?:{_SCALAR})(?:[ \t]*#.*)?$")
_ARRAY = re.compile(rf"\[[ \t]*(?:(?:{_SCALAR})[ \t]*,[ \t]*)*(?:(?:{_SCALAR})[ \t]*,?[ \t]*)?\]"
                    r"(?:[ \t]*#.*)?$")
_ITEM = re.compile(_SCALAR)
_TIME = re.compile(r"([0-2][0-9]):([0-5][0-9]):([0-5][0-9])(?:\.([0-9]+))?$")


def _scalar(text: str) -> Any:
    first = text[0]
    if first == "'" or first == '"':
        return text[1:-1]
    if text == "true":
        return True
    if text == "false":
        return False
    if "inf" in text or text == "nan":
        return Decimal(text)
    if ":" in text:
        m = _TIME.match(text)
        assert m is not None
        hour, minute, second, frac = m.groups()
        micro = int((frac or "0")[:6].ljust(6, "0"))
        return time(int(hour), int(minute), int(second), micro)
    if "." in text:
        return Decimal(text)
    return int(text)


def _line(line: str) -> tuple[str, Any] | None:
    """The key and value of one ``key = value`` line (an array as a tuple), None when the
    line is not of the simple kind."""
    m = _LINE.match(line)
    if m is None:
        return None
    key, value = m.groups()
    if not value:
        return None
    if value[0] == "[":
        if _ARRAY.match(value) is None:
            return None
        body = value[1 : value.rindex("]")]
        return key, tuple(_scalar(t) for t in _ITEM.findall(body))
    if _VALUE.match(value) is None:
        return None
    item = _ITEM.match(value)
    assert item is not None
    scalar = _scalar(item.group())
    if isinstance(scalar, time) and scalar.hour > 23:
        return None
    return key, scalar


# Lines read before: a dataset repeats most of a table's lines from hand to hand (the
# variant, the forced bets, the venue, the currency, the date).
_SEEN: dict[str, tuple[str, Any] | None] = {}


def loads(lines: list[str]) -> tuple[dict[str, Any], dict[str, int]] | None:
    """The table of ``lines`` and the index of each key's line; None when a line is not
    of the simple kind (``tomllib`` must read the table)."""
    data: dict[str, Any] = {}
    where: dict[str, int] = {}
    seen = _SEEN
    for i, line in enumerate(lines):
        found = seen.get(line, _SEEN)
        if found is _SEEN:
            stripped = line.strip()
            if not stripped or stripped[0] == "#":
                continue
            found = _line(line)
            if len(seen) >= 50_000:
                seen.clear()
            seen[line] = found
        if found is None:
            return None
        key, value = found
        if key in data:
            return None
        data[key] = list(value) if value.__class__ is tuple else value
        where[key] = i
    return data, where
