"""ACR and the Winning Poker Network: the 2019+ text export and the 2014–16 one.

Both generations are one site (``wpn``) read by one reader (``reader.WinningReader``), each
with its own grammar (``grammars/winning.lark``, ``grammars/winning_classic.lark``) and its
own dialect, which the reader puts on each hand it reads:

- ``DIALECT`` (2019+): uncalled bets printed as returned (``Uncalled bet ($14.00) returned
  to Player2``); ``collected … from main pot`` labels the pots; the summary's ``Total pot
  $199.00 | Rake $0.96 | JP Fee $0.04`` is what was paid out, i.e. net of the rake and the
  jackpot fee (Σ put in − returned − rake − fee = total in every corpus hand, e.g.
  Σ $200 − $1 = $199); a hand won without a showdown has no ``collected`` line and is paid
  by the summary's ``did not show and won $0.25``.
- ``CLASSIC_DIALECT`` (2014–16): returns printed the same way; no pot labels (the summary
  gives each player one ``Collects: 238.50`` across all pots); ``Pot: 612. Rake 2.76. JP
  fee 0.24`` is likewise net of rake and fee (612 = 615 − 3).

Where a pot is run twice the corpus has no odd chip to tell where it goes, so
``run_odd_chip`` is ``unknown``.
"""

from __future__ import annotations

from auditor.model.dialect import Dialect
from auditor.sites.base import Reader, Site

DIALECT = Dialect(
    uncalled="printed",
    pot_labels="reliable",
    total_pot="net_of_rake",
    rake="stated",
    fees=("JP Fee",),
    run_odd_chip="unknown",
    walks="collected",  # a walk's big blind collects his unmatched part with the pot
)

CLASSIC_DIALECT = Dialect(
    uncalled="printed",
    pot_labels="none",
    total_pot="net_of_rake",
    rake="stated",
    fees=("JP fee",),
    run_odd_chip="unknown",
)


def _reader() -> Reader:
    from auditor.sites.winning.reader import WinningReader

    return WinningReader()


SITES = (
    Site(
        name="wpn",
        title="ACR / Winning Poker Network",
        formats="text export: 2019+ cash and tournaments, 2014–16 (often UTF-16)",
        container="text",
        headers=(r"(?:Game )?Hand #\d+ - ", r"Game started at: "),
        reader=_reader,
        dialect=DIALECT,
        audited="replayed: Hold'em and Omaha (4 and 5 cards, high and hi/lo), cash and "
                "tournaments, both generations; stud and 6+ Hold'em counted (HH002)",
        replayed=True,
    ),
)
