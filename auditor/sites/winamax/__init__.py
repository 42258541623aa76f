"""Winamax (France, Spain, Portugal): text exports of cash games, Go Fast and tournaments.

``reader.WinamaxReader`` reads the line grammar ``grammars/winamax.lark`` (shared
terminals in ``terminals.lark``) with the site's own lexer (``shape.py``): Hold'em and
Omaha (hi/lo, five cards); stud, razz and draw hands are counted (HH002).

Hand ids are ``#T-S-U`` (``#5334642-855-1383822391``): T is the table (in a tournament,
the tournament's table), S the hand's sequence number at that table, U the start as a
Unix time. ``HandInfo.hand_id`` keeps the whole id as printed; ``hand_sequence`` reads
(T, S) from it: two hands of one table whose S are not consecutive have hands missing
between them.
"""

from __future__ import annotations

import re

from auditor.model.dialect import Dialect
from auditor.sites.base import Reader, Site

DIALECT = Dialect(
    # No uncalled bet is ever printed (0 of 181 hands): the excess comes back inside its
    # owner's collection (74/74 cash hands with an excess).
    uncalled="in_collected",
    # The excess may be collected as a "side pot" of its own (`…Invalid.side.pot.Player8`:
    # "side pot 1" 1.29€ = Player8's unmatched river bet), and main and side pots won by
    # one player may be merged (`…Side.pot.Biggest.stack.loses.main`: "side pot 1" 4.34€ =
    # side pot 3.12€ + Hero's excess 1.42€ − rake).
    pot_labels="hints",
    # Total pot = Σ collected (119/119 cash hands): after rake, the excess included.
    total_pot="net_of_rake",
    # "| Rake 0.22€" or "| No rake", for the hand as a whole (never per pot).
    rake="stated",
    hand_id_sequence=True,  # #table-sequence-time: a gap means missing hands
)

_HAND_ID = re.compile(r"#?(\d+)-(\d+)-\d+")


def hand_sequence(hand_id: str) -> tuple[str, int] | None:
    """The table and the hand's sequence number at it, read from a Winamax hand id
    (``"5334642-855-1383822391"`` -> ``("5334642", 855)``); None for another form."""
    m = _HAND_ID.fullmatch(hand_id)
    return (m.group(1), int(m.group(2))) if m is not None else None


def _reader() -> Reader:
    from auditor.sites.winamax.reader import WinamaxReader

    return WinamaxReader()


SITES = (
    Site(
        name="winamax",
        title="Winamax",
        formats="text export: cash, Go Fast, tournaments",
        container="text",
        headers=(r"Winamax Poker - ",),
        reader=_reader,
        dialect=DIALECT,
        audited="replayed: Hold'em, Omaha 4-5, high and hi/lo; stud and draw counted (HH002)",
        replayed=True,
    ),
)
