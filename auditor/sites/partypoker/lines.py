"""The line lexer of PartyPoker and 888 exports: a line into its shape and its values.

The two sites write the same family of lines (888's export is a descendant of Party's
classic one): amounts in brackets or parentheses, with the currency symbol before or
after the number and the currency's code after it (``[$0.04 USD]``, ``[0,35 €]``,
``( $1.60 USD )``, ``[ $197.50 ]``, ``[25 $]``), comma decimals in Mac and euro exports
(``$26,02``) but comma thousands in tournaments (``[3,000]``), a no-break space between
thousands (``3 023,50 $``), and card groups with or without commas
(``[  6s 2c ]``, ``[ 9d, Ah, 3h ]``). The PokerStars lexer (``auditor.parsing.shape``)
knows none of these, so the two sites share this one; it uses the same placeholder
characters, so their grammars share ``grammars/terminals.lark``.

A shape holds, in order: the player's name (``PLAYER``, masked by the reader before
lexing), amounts and counts (``NUM``: the value is the amount's text), card groups
(``CARDS``), and hand descriptions (``DESC``: ``]a pair of Fives.``, ``with two pairs,
…``, ``[ a straight, seven to jack -- … ]``). Everything else stays as it is printed.
"""

from __future__ import annotations

import re

from auditor.model.money import AmountCache, amount_cache, parse_amount
from auditor.parsing.shape import CARDS, DESC, NUM

# An amount: a currency symbol before or after it, digits grouped by commas, dots or
# no-break spaces (888 has one file whose no-break spaces were encoded twice, "Â\xa0"),
# and the currency's code after it. Not inside a word ("20BB", "3B").
_AMOUNT = (r"(?<![\w.,])(?:[$€£]\s?)?\d+(?:[.,]\d+|Â?\xa0\d{3})*(?![\w])"
           r"(?:\s?[$€£])?(?:\s+(?:USD|EUR|GBP|CAD)\b)?")
_FIELD = re.compile(rf"\[(?P<bracket>[^\[\]]*)\]|(?P<amount>{_AMOUNT})")
_AMOUNT_RE = re.compile(_AMOUNT)
_CARD = re.compile(r"(?:10|[2-9TJQKA])[cdhs]")
_CARD_SPLIT = re.compile(r"[\s,]+")
_LETTERS = re.compile(r"[A-Za-z]")
# Descriptions end before a last period: "]a pair of Fives." -> "a pair of Fives".
_DESC_END = " ."


def is_cards(inside: str) -> bool:
    """Whether the text between two brackets is a card group (or an empty one)."""
    parts = [p for p in _CARD_SPLIT.split(inside) if p]
    return all(_CARD.fullmatch(p) for p in parts)


def cards_of(group: str) -> tuple[str, ...]:
    """The cards of ``[ 9d, Ah, 3h ]`` or ``[  6s 2c ]``, ten written ``T``."""
    parts = _CARD_SPLIT.split(group.strip("[] "))
    return tuple(("T" + p[2:]) if p.startswith("10") else p for p in parts if p)


def split_fields(text: str) -> tuple[str, list[str]]:
    """Replace every amount, card group and description of ``text`` with its placeholder;
    the shape and the replaced values in order."""
    wins = text.find(" with ")
    if wins >= 0 and text.startswith(" wins "):
        # "wins $2 USD from the main pot with two pairs, Aces and Queens.": the hand's
        # description runs from " with " to the end (it may hold digits: "8,5,3,2,A").
        head, found = split_fields(text[:wins])
        return f"{head} with {DESC}", [*found, text[wins + 6 :].rstrip(_DESC_END)]
    out: list[str] = []
    values: list[str] = []
    at = 0
    last_cards = -1
    for m in _FIELD.finditer(text):
        out.append(text[at : m.start()])
        at = m.end()
        inside = m.group("bracket")
        if inside is None:
            out.append(NUM)
            values.append(m.group("amount"))
        elif is_cards(inside):
            out.append(CARDS)
            values.append(m.group())
            last_cards = len(out)
        else:
            # "[$0.04 USD]", "[$1 + $2]": the amounts inside become fields; a bracket
            # with words is a description ("[ a straight, seven to jack -- … ]").
            shape, found = _amounts_only(inside)
            if shape is None or not found:
                out.append(DESC)
                values.append(inside.strip())
            else:
                out.append(f"[{shape}]")
                values += found
    rest = text[at:]
    if last_cards == len(out) and _LETTERS.search(rest):
        # "shows [ 5h, 5s ]a pair of Fives.": what follows the cards describes them.
        out.append(DESC)
        values.append(rest.strip().rstrip(_DESC_END))
    else:
        out.append(rest)
    return "".join(out), values


def _amounts_only(inside: str) -> tuple[str | None, list[str]]:
    """The shape of a bracket that holds amounts and signs only (``$0.04 USD``,
    ``$1 + $2``), or None when it holds words (then it is a description)."""
    values = []
    parts = []
    at = 0
    for m in _AMOUNT_RE.finditer(inside):
        parts.append(inside[at : m.start()])
        parts.append(NUM)
        values.append(m.group())
        at = m.end()
    parts.append(inside[at:])
    shape = "".join(parts)
    if _LETTERS.search(shape):
        return None, []
    return shape, values


# Amount texts of one hand's unit are converted once (``AmountCache``). ``$1,10`` and
# ``$27,37`` are comma decimals (Mac and euro exports); ``$2,697`` and ``3,000`` comma
# thousands: a comma followed by one or two digits at the end of the number is the
# decimal mark, any other groups thousands (``amount_of``).
Amounts = AmountCache


_NUMBER = re.compile(r"\d(?:[\d.,\xa0]|Â(?=\xa0))*")
_COMMA_DECIMAL = re.compile(r",\d{1,2}$")


def amount_of(text: str, decimals: int) -> int:
    """The amount of ``$0.04 USD``, ``0,35 €``, ``3 023,50 $`` or ``3,000`` in the
    smallest unit (``AmountError`` when it is none)."""
    m = _NUMBER.search(text)
    number = m.group() if m else text
    comma = _COMMA_DECIMAL.search(number) is not None and "." not in number
    number = number.replace("\xa0", "").replace("Â", "")
    return parse_amount(number, decimals, decimal_comma=comma)


def amounts(decimals: int) -> Amounts:
    """The shared amount cache of one unit."""
    return amount_cache(decimals, amount_of)
