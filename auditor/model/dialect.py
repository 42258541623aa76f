"""How a site presents money: the facts the engine and the rules read instead of a site's name.

Every site plays by the same rules; what differs is how its histories show the chips
(docs/rules.md §7a). A ``Dialect`` is a small frozen record of those facts. Each site's package
declares one (``auditor.sites.<site>.DIALECT``) and its reader puts it on every hand it
reads (``Hand.dialect``); the pots and the rules judge a history by it, so a history is
never accused of what is only its site's way of writing the same money.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

UncalledShown = Literal["printed", "in_collected", "silent"]
PotLabels = Literal["reliable", "hints", "none"]
TotalPot = Literal["gross", "net_of_rake", "main_net_of_rake", "absent"]
RakeShown = Literal["stated", "derived", "unknown", "none"]
CashOut = Literal["share_not_awarded", "paid_by_site", "none"]
RunOddChip = Literal["first_run", "unknown"]
HandOrder = Literal["file", "reverse", "by_start_time"]
SecondSmallBlind = Literal["dead", "live"]
StraddleRaise = Literal["twice", "big_blind"]
Walks = Literal["returned", "collected"]
Payouts = Literal["stated", "absent"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Dialect:
    """How one site's histories show the money of a hand.

    - ``uncalled``: ``printed`` when the site prints each return (``Uncalled bet ($X)
      returned to P``; old exports, PokerStars's of 2005–2009, may leave the line out when
      their figures leave the excess out of the pot too: that return is accepted);
      ``in_collected`` when the excess comes back inside its owner's
      collected amount, sometimes under a pot label of its own (Winamax, Party, iPoker);
      ``silent`` when the excess goes back to its owner without a line and outside the
      collected amounts, which are only the pot (888: ``collected [ $200 ]`` after an
      uncalled all-in of $2,091; iPoker's exports of its 2018+ client: ``bet`` counts the
      excess, ``win`` leaves it out, and the next hand's stack has it back). 888 pays a
      walk's whole pot as one collection, the big blind's unmatched part included. PHH, a
      replay format, is ``silent`` too: its ``winnings`` leave the uncalled bet out.
    - ``pot_labels``: ``reliable`` when ``collected … from side pot-N`` names the pot the
      engine rebuilds; ``hints`` when labels may merge pots or name a returned excess;
      ``none`` when collections carry no label and are fitted to the replayed pots.
    - ``total_pot``: what the summary's total means: ``gross`` (everything put in less the
      returns, rake included), ``net_of_rake`` (after rake, excess included: Winamax),
      ``main_net_of_rake`` (only the main pot, after rake: Party 2018+), ``absent``.
    - ``rake``: ``stated`` in the summary, ``derived`` from what went in and came out,
      ``unknown`` (never stated: only "no more paid out than put in" can be checked), or
      ``none`` (no rake: stacks chain exactly).
    - ``fees``: the names of the deductions the summary may list besides the rake.
    - ``house_money``: the house may add chips to a pot (GG's Cash Drop).
    - ``cash_out``: how a player who cashes out of an all-in is paid: his pot share is
      ``share_not_awarded`` (PokerStars), the site pays him and the winner still takes the
      whole pot (``paid_by_site``), or the site has no cash-out (``none``).
    - ``run_odd_chip``: where the odd chip of a pot run more than once goes.
    - ``topups_logged``: whether the log records every stack change between hands (then a
      stack that changes without one is a finding in either direction).
    - ``payouts``: ``stated`` when the history says what each player collected (no
      collected amount then means he was paid nothing); ``absent`` when it does not say
      who was paid (PHH datasets that leave ``winnings`` zero): only the betting and the
      pots' sizes can be judged, not who was paid what.
    - ``hand_order``: how the hands of a file are ordered in time.
    - ``hand_id_sequence``: hand ids count the hands of a table, so a gap means hands are
      missing between two hands that follow each other in the file (Winamax).
    - ``walks``: in a walk (everyone folds to the big blind), the big blind's unmatched
      part is ``returned`` as any uncalled bet, or ``collected`` with the pot (ACR 2019+).
    - ``continuity``: the hands of a file follow one another at their tables, so stacks
      carry over (False for PHH datasets: hands picked from many sessions).
    - ``second_small_blind``: a second small blind (a missed one posted out of position)
      is ``dead`` money (PokerStars), or ``live`` but for the dead part its post carries
      (PartyPoker: the player then calls only the difference).
    - ``straddle_raise``: the smallest raise over a straddle is to ``twice`` it (WSOP-LA
      165, docs/rules.md §3), or by one ``big_blind`` over it (PokerNow's software).
    """

    uncalled: UncalledShown = "printed"
    pot_labels: PotLabels = "reliable"
    total_pot: TotalPot = "gross"
    rake: RakeShown = "stated"
    fees: tuple[str, ...] = ()
    house_money: bool = False
    cash_out: CashOut = "none"
    run_odd_chip: RunOddChip = "first_run"
    topups_logged: bool = False
    hand_order: HandOrder = "file"
    hand_id_sequence: bool = False
    second_small_blind: SecondSmallBlind = "dead"
    walks: Walks = "returned"
    continuity: bool = True
    payouts: Payouts = "stated"
    straddle_raise: StraddleRaise = "twice"


DEFAULT_DIALECT = Dialect()
"""Everything printed, labelled and stated: the dialect of a hand built in a test."""
