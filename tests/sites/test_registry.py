"""The site registry and the dialects: every site declared once, PokerStars's dialect as
its histories present money."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from auditor.model.dialect import Dialect
from auditor.parsing import read_text
from auditor.sites import SITES, reader, site, text_headers
from auditor.sites.pokerstars import DIALECT as STARS

SAMPLE = Path(__file__).resolve().parents[2] / "sample_histories" / "pokerstars"


def test_every_site_is_registered_once() -> None:
    names = [s.name for s in SITES]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("s", SITES, ids=lambda s: s.name)
def test_every_site_declares_what_the_registry_needs(s) -> None:
    assert isinstance(s.dialect, Dialect)
    assert s.title and s.formats and s.audited
    if s.container == "text":
        # A text site is cut by its headers; it may cut whole files itself (PartyPoker
        # orders a file's hands by their start times), with a sniff and a cut together.
        assert s.headers and (s.sniff is None) == (s.cut is None)
    else:
        assert s.sniff is not None and s.cut is not None
    assert hasattr(reader(s.name), "read")


def test_text_headers_never_overlap() -> None:
    """No line starts a hand of two sites: each header pattern matches none of the
    example headers of the others."""
    examples = {
        "pokerstars": "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02) - 2020/01/01",
        "ggpoker": "Poker Hand #RC1: Hold'em No Limit ($0.02/$0.05) - 2025/09/17 05:57:27",
        "partypoker": "***** Hand History for Game 1 *****",
        "888": "***** 888poker Hand History for Game 1 *****",
        "wpn": "Hand #1 - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 04:43:23 UTC",
        "winamax": "Winamax Poker - CashGame - HandId: #1-1-1 - Holdem no limit (1€/2€)",
    }
    for name, line in examples.items():
        matching = {s for s, h in text_headers() if re.match(h, line)}
        assert matching == {name}, line


def test_pokerstars_dialect() -> None:
    """PokerStars prints every uncalled return, labels its pots, states a gross total
    and its rake, takes a second small blind as dead, and does not award a cashed-out
    player's share."""
    assert site("pokerstars").dialect is STARS
    assert STARS.uncalled == "printed"
    assert STARS.second_small_blind == "dead"
    assert (STARS.pot_labels, STARS.total_pot, STARS.rake) == ("reliable", "gross", "stated")
    assert STARS.cash_out == "share_not_awarded"
    assert not STARS.topups_logged and STARS.hand_order == "file"


def test_the_reader_puts_its_sites_dialect_on_every_hand() -> None:
    hands = read_text((SAMPLE / "session_three_hands.txt").read_text(encoding="utf-8"))
    assert hands and all(h.dialect is STARS for h in hands)


def test_every_dialect_field_is_documented() -> None:
    doc = Dialect.__doc__ or ""
    for f in dataclasses.fields(Dialect):
        assert f"``{f.name}``" in doc, f.name
