"""Report amounts (exact ``Decimal`` in currency units) as people read them.

The report tables hold money as ``decimal128(20, 2)``; the pages format it with the
project's money helper from integer units, never through a float.
"""

from __future__ import annotations

from decimal import Decimal

from auditor.model.money import format_amount

# What the report's unit codes print as; others print after the amount ("12.50 SEK").
SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "INR": "₹", "CNY": "¥"}
CHIP_UNITS = frozenset({"CHIPS", "TOURNAMENT-CHIPS"})


def units(amount: Decimal, decimals: int) -> int:
    """``amount`` as an integer of 10^-``decimals``; ValueError if it is finer."""
    scaled = amount.scaleb(decimals)
    if scaled != scaled.to_integral_value():
        raise ValueError(f"{amount} is finer than 10^-{decimals}")
    return int(scaled)


def decimals_for(currency: str, amounts: list[Decimal]) -> int:
    """How many decimals a currency's amounts are shown with: two for money, none for
    chips that are all whole (tournament chips, home-game chips), two otherwise."""
    if currency in CHIP_UNITS and all(a == a.to_integral_value() for a in amounts):
        return 0
    return 2


def format_money(amount: Decimal | None, currency: str, decimals: int = 2, *,
                 signed: bool = False) -> str:
    """``$12.50``, ``1,500 chips``, ``12.50 SEK``; "" for a missing amount."""
    if amount is None:
        return ""
    symbol = SYMBOLS.get(currency, "")
    text = format_amount(units(amount, decimals), decimals, symbol)
    if signed and amount > 0:
        text = "+" + text
    if symbol:
        return text
    if currency in CHIP_UNITS:
        return f"{text} {'tournament chips' if currency == 'TOURNAMENT-CHIPS' else 'chips'}"
    return f"{text} {currency}".rstrip()
