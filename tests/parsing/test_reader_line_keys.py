"""The PokerStars reader's stand-ins for what it did with ``str.translate`` and, where
compiled, a regular expression once a hand (a header's cache key, a table line's
button, whether seated names are plain): each is held to the original on made-up and
arbitrary text."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from auditor.sites.pokerstars.reader import (
    _button,
    _button_by_methods,
    _plain_names,
    _plain_names_by_methods,
    digits_masked,
)

_DIGITS = str.maketrans("0123456789", "9999999999")
_BUTTON = re.compile(r" Seat #([0-9]+) is the button$")


def _button_by_pattern(text: str) -> tuple[int, str | None]:
    m = _BUTTON.search(text)
    return (m.start(), m.group(1)) if m else (len(text), None)


@pytest.mark.parametrize("text", [
    " - 2025/08/02 11:24:53 CET [2025/08/02 5:24:53 ET]",
    " - 2025/08/02 11:24:53 ET",
    " - 2025/08/02 11:24:53 ٣ ³ é 中 \U0001f0a1",  # other digits stay; any character
    " - \udcff 2025",  # a lone surrogate
    "",
])
def test_digits_masked_as_translate(text: str) -> None:
    assert digits_masked(text) == text.translate(_DIGITS)


@given(st.text())
def test_digits_masked_as_translate_on_any_text(text: str) -> None:
    assert digits_masked(text) == text.translate(_DIGITS)


@pytest.mark.parametrize("text", [
    "Table 'Aase III' 6-max Seat #3 is the button",
    "Table 'Aase III' 6-max Seat #12 is the button",
    "Table 'A Seat #1 is the button' 6-max Seat #2 is the button",
    "Table 'Aase' 6-max Seat # is the button",
    "Table 'Aase' 6-max Seat #³ is the button",
    "Table 'Aase' 6-max Seat #3a is the button",
    "Table 'Aase' 6-max Seat #3 is the button ",
    "Table 'Aase' 6-max Seat #3 is the button\n",
    "Table 'Aase' 6-max (Play Money) Seat #3 is the button",
    "Table 'Aase' 6-max",
    " Seat #7 is the button",
    "Seat #7 is the button",
    " is the button",
    "",
])
def test_button_as_the_pattern(text: str) -> None:
    # Both ways, whichever this build uses (``shape.BY_METHODS``).
    assert _button_by_methods(text) == _button(text) == _button_by_pattern(text)


@given(st.lists(st.sampled_from([" Seat #", "3", "12", " is the button", "x", " ", "#", "٣"]),
                max_size=8).map("".join))
def test_button_as_the_pattern_on_any_text(text: str) -> None:
    assert _button_by_methods(text) == _button(text) == _button_by_pattern(text)


_NAME_PREFIX = re.compile(r"^(?:Seat |Dealt to |Uncalled bet \()", re.M)


def _plain_names_by_pattern(names: list[str]) -> bool:
    joined = "\n".join(names)
    return ": " not in joined and _NAME_PREFIX.search(joined) is None


@pytest.mark.parametrize("names", [
    ["Aase", "Bob", "Carl"],
    ["Aase", "Seat 3"],
    ["Seat3", "Dealt to", "Uncalled bet"],
    ["Dealt to me"],
    ["Uncalled bet (x"],
    ["Aase: Bob"],
    ["Aase:", " Bob"],  # ": " across two names is no name's
    ["xSeat 1", "a Dealt to b"],
    [],
])
def test_plain_names_as_the_pattern(names: list[str]) -> None:
    # Both ways, whichever this build uses (``shape.BY_METHODS``).
    assert _plain_names_by_methods(names) == _plain_names(names) \
        == _plain_names_by_pattern(names)


@given(st.lists(st.text(alphabet="SeatDld o:Ucnb(1")))
def test_plain_names_as_the_pattern_on_any_names(names: list[str]) -> None:
    assert _plain_names_by_methods(names) == _plain_names_by_pattern(names)
