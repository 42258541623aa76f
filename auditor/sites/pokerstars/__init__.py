"""PokerStars: text exports of cash games, tournaments, Zoom and Home Games.

The first plug-in, and the reference the others start from: ``reader.PokerStarsReader``
reads the line grammar ``grammars/pokerstars.lark`` (shared terminals in
``terminals.lark``); apps that write PokerStars syntax under their own name reuse it
(``auditor.sites.clubs``).
"""

from __future__ import annotations

from auditor.model.dialect import Dialect
from auditor.sites.base import Reader, Site

DIALECT = Dialect(
    uncalled="printed",  # (exports of 2005–2009 may return it silently: see Dialect)
    pot_labels="reliable",
    total_pot="gross",
    rake="stated",
    fees=("Jackpot", "Cash Out Fee"),
    cash_out="share_not_awarded",
    run_odd_chip="first_run",
    topups_logged=False,
    hand_order="file",
)


def _reader() -> Reader:
    from auditor.sites.pokerstars.reader import PokerStarsReader

    return PokerStarsReader()


SITES = (
    Site(
        name="pokerstars",
        title="PokerStars",
        formats="text export: cash, tournament, Zoom, Home Game",
        container="text",
        headers=(
            r"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #",
            r"POKERSTARS (?:HAND|GAME) #",  # re-exported by PokerTracker 2 in capitals
        ),
        reader=_reader,
        dialect=DIALECT,
        audited="replayed: Hold'em, 6+ Hold'em, Omaha 4-6, Courchevel, high and hi/lo; stud "
                "and draw counted (HH002)",
        replayed=True,
    ),
)
