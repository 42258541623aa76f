"""PokerNow: the game log of home games and clubs, a CSV of ``entry,at,order`` rows.

``log`` is the container (rows put in the order logged, cut into hands, the facts of the
whole log); ``reader.PokerNowReader`` reads each hand with the row grammar
``grammars/pokernow.lark``.
"""

from __future__ import annotations

from auditor.model.dialect import Dialect
from auditor.sites.base import Reader, Site
from auditor.sites.pokernow.log import cut, sniff

DIALECT = Dialect(
    uncalled="printed",  # "Uncalled bet of 212 returned to …"
    pot_labels="none",  # "collected X from pot", once per pot, run and hi/lo half
    total_pot="absent",
    rake="none",  # home games: stacks chain exactly from hand to hand
    run_odd_chip="first_run",  # a pot of 3.25 run twice: 1.63 on the first run, 1.62
    topups_logged=True,  # joins, rebuys and admin changes are rows of the log
    hand_order="reverse",  # newest row first: the cut sorts by ``order``
    straddle_raise="big_blind",  # a raise of one big blind over a straddle is allowed
)


def _reader() -> Reader:
    from auditor.sites.pokernow.reader import PokerNowReader

    return PokerNowReader()


SITES = (
    Site(
        name="pokernow",
        title="PokerNow",
        formats="game log CSV (home games and clubs), cash and tournaments",
        container="csv",
        headers=(r"-- starting hand #",),
        reader=_reader,
        dialect=DIALECT,
        audited="replayed: Hold'em, Omaha and Omaha Hi/Lo, cash and tournaments; stack "
                "changes between hands as events",
        replayed=True,
        sniff=sniff,
        cut=cut,
    ),
)
