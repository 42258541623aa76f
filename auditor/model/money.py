"""Exact money: amounts are integers in the smallest unit of the hand's game.

A cash game in dollars counts cents (``decimals=2``); a tournament or play-money game
counts chips (``decimals=0``). Text is converted by string manipulation, never through a
float, and converted back the same way for reports.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

CURRENCY_SYMBOLS = "$€£¥₹"
# What may stand around the number: symbols (U+FFFD is a euro sign an unknown encoding
# lost), spaces, and the no-break and thin spaces some exports put between them.
_AROUND = CURRENCY_SYMBOLS + "\ufffd \xa0\u202f"
_DIGITS = re.compile(r"[0-9]+")  # ASCII only: "³" or Arabic-Indic digits are not amounts
# The largest amount read: a quadrillion units ($10 trillion in cents). Far above any
# real stake, and far enough below the report's money type and the engine's 2^62 that
# the sums of a hand of thousands of such amounts still fit both exactly.
MAX_UNITS = 10**15


class AmountError(ValueError):
    """An amount in the text that cannot be read exactly in the hand's unit."""


def parse_amount(text: str, decimals: int, *, decimal_comma: bool = False) -> int:
    """Read an amount as an integer of the smallest unit. The currency symbol may come
    before or after the number (``$1,234.5``, ``2€``); with ``decimal_comma`` the comma is
    the decimal mark and dots or spaces group thousands (``0,35 €``, ``1 001,24€``).

    >>> parse_amount("$1,234.5", 2)
    123450
    >>> parse_amount("1500", 0)
    1500
    >>> parse_amount("0,35 €", 2, decimal_comma=True)
    35
    """
    s = text.strip(_AROUND)
    if decimal_comma:
        s = s.replace(".", "").replace(" ", "").replace("\xa0", "").replace("\u202f", "")
        s = s.replace(",", ".")
    else:
        s = s.replace(",", "")
    whole, _, frac = s.partition(".")
    if not whole:
        whole = "0"
    if not _DIGITS.fullmatch(whole) or (frac and not _DIGITS.fullmatch(frac)):
        raise AmountError(f"not an amount: {text!r}")
    frac = frac.rstrip("0")
    if len(whole.lstrip("0")) > 18:  # (and before int() meets thousands of digits)
        raise AmountError(f"{text[:40]!r} is too large an amount to audit")
    if len(frac) > decimals:
        raise AmountError(f"{text!r} is finer than the game's unit (10^-{decimals})")
    value = int(whole) * 10**decimals + (int(frac.ljust(decimals, "0")) if decimals else 0)
    if value > MAX_UNITS:
        raise AmountError(f"{text!r} is too large an amount to audit")
    return value


class AmountCache(dict[str, int]):
    """Amount texts of one number of decimals, converted once by ``parse`` (a site's own
    reading of ``text`` in ``decimals``): amounts repeat (stakes, common bets), and a
    dictionary hit costs a fraction of parsing the text again. Bounded, and long texts
    are never kept (hostile input must not fill memory)."""

    LIMIT = 100_000

    def __init__(self, decimals: int, parse: Callable[[str, int], int] | None = None) -> None:
        super().__init__()
        self.decimals = decimals
        self.parse = parse or parse_amount

    def __missing__(self, text: str) -> int:
        value = self.parse(text, self.decimals)
        if len(self) < self.LIMIT and len(text) < 64:
            self[text] = value
        return value


_CACHES: dict[tuple[Callable[[str, int], int] | None, int], AmountCache] = {}


def amount_cache(decimals: int, parse: Callable[[str, int], int] | None = None) -> AmountCache:
    """The process's one ``AmountCache`` of ``decimals`` for ``parse`` (default:
    ``parse_amount``), shared by every hand that reads amounts that way."""
    found = _CACHES.get((parse, decimals))
    if found is None:
        found = _CACHES[(parse, decimals)] = AmountCache(decimals, parse)
    return found


def to_decimal(units: int | None, decimals: int) -> Decimal | None:
    """The amount in currency units, exactly (``12345, 2 -> Decimal('123.45')``)."""
    if units is None:
        return None
    return Decimal(units).scaleb(-decimals)


def format_amount(units: int, decimals: int, symbol: str = "") -> str:
    """Human form for messages: ``format_amount(1050, 2, "$") == "$10.50"``."""
    sign = "-" if units < 0 else ""
    units = abs(units)
    if decimals == 0:
        return f"{sign}{symbol}{units:,}"
    whole, frac = divmod(units, 10**decimals)
    return f"{sign}{symbol}{whole:,}.{frac:0{decimals}d}"
