"""Exact money: amounts are integers in the smallest unit of the hand's game.

A cash game in dollars counts cents (``decimals=2``); a tournament or play-money game
counts chips (``decimals=0``). Text is converted by string manipulation, never through a
float, and converted back the same way for reports.
"""

from __future__ import annotations

from decimal import Decimal

CURRENCY_SYMBOLS = "$€£¥₹"


class AmountError(ValueError):
    """An amount in the text that cannot be read exactly in the hand's unit."""


def parse_amount(text: str, decimals: int) -> int:
    """Read ``$1,234.5`` style text as an integer of the smallest unit.

    >>> parse_amount("$1,234.5", 2)
    123450
    >>> parse_amount("1500", 0)
    1500
    """
    s = text.strip().lstrip(CURRENCY_SYMBOLS).replace(",", "")
    whole, _, frac = s.partition(".")
    if not whole:
        whole = "0"
    if not whole.isdigit() or (frac and not frac.isdigit()):
        raise AmountError(f"not an amount: {text!r}")
    frac = frac.rstrip("0")
    if len(frac) > decimals:
        raise AmountError(f"{text!r} is finer than the game's unit (10^-{decimals})")
    return int(whole) * 10**decimals + (int(frac.ljust(decimals, "0")) if decimals else 0)


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
