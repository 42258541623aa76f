"""888poker / Pacific Poker (and its skins: Cassava, LuckyAcePoker.com): text exports.

Read by ``reader.PacificReader`` (PartyPoker's reader with 888's header lines) and the
grammar ``grammars/pacific.lark``.

How 888 presents money (``DIALECT``), measured on the corpus: no uncalled-bet line, and
the excess is *not* inside the owner's ``collected``: it goes back silently and
``collected`` is the pot after rake only (Cassava ``…/NoLimitOmaha.txt``: ``azartists
raises [$2,091]`` all-in, uncalled, then ``azartists collected [ $200 ]`` = 100 + 100;
``…/GeneralHand.txt``: a $0.10 bet uncalled and ``collected [ $0.19 ]`` from a $0.20
pot; 22 of the 25 hands with an excess). So the dialect says ``uncalled="silent"``, not
``in_collected`` as Party's. The exception is a walk (blinds only, nobody acts: 3 hands):
888 pays the whole pot as one collection, the big blind's unmatched part included, and
takes no rake. The rake is never stated; collections name no pot; there is no total.
"""

from __future__ import annotations

from auditor.model.dialect import Dialect
from auditor.sites.base import Reader, Site

DIALECT = Dialect(
    uncalled="silent",  # returned without a line, outside "collected" (see above)
    pot_labels="none",
    total_pot="absent",
    rake="unknown",
)


def _reader() -> Reader:
    from auditor.sites.pacific.reader import PacificReader

    return PacificReader()


SITES = (
    Site(
        name="888",
        title="888poker",
        formats="text export (888poker, Pacific Poker, Cassava, LuckyAcePoker.com skins)",
        container="text",
        headers=(r"\*{5} (?!Hand )\S+ Hand History for Game ",),
        reader=_reader,
        dialect=DIALECT,
        audited="replayed: Hold'em and Omaha (NL, PL, FL, hi/lo)",
        replayed=True,
    ),
)
