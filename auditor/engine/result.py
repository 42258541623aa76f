"""What the engine hands back for one hand: the contract between replay, pots and report.

The engine builds these once or more per hand, positionally: a keyword call to a
dataclass costs about twice a positional one. Keywords still work (and read better in
tests); the field order is part of the contract.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from auditor.model.finding import Finding


@dataclass(slots=True, init=False)
class ReplayResult:
    """The betting replay of one hand.

    ``contributed`` is every chip each seated player put in over the whole hand (antes,
    live and dead blinds, calls, bets, raises), before any uncalled bet is returned.
    ``folded`` and ``all_in`` are the players in that state at the end of the betting.
    ``meant`` is ``contributed`` with each call or check of the wrong amount taken as the
    call it stood for (the pots follow whichever the rest of the history follows).
    """

    findings: list[Finding] = field(default_factory=list)
    contributed: dict[str, int] = field(default_factory=dict)
    folded: set[str] = field(default_factory=set)
    all_in: set[str] = field(default_factory=set)
    # What each player put in had every call and check of the wrong amount been the
    # right one (None when there was none): the rest of a history usually counts them so.
    meant: dict[str, int] | None = None
    # The dead blinds inside ``contributed`` (missed blinds, the small part of a post of
    # both), by player, where there were any: they count for no one's bet.
    dead: dict[str, int] = field(default_factory=dict)

    def __init__(self, findings: list[Finding] | None = None,
                 contributed: dict[str, int] | None = None, folded: set[str] | None = None,
                 all_in: set[str] | None = None, meant: dict[str, int] | None = None,
                 dead: dict[str, int] | None = None) -> None:
        # Written out (None for each field a factory makes anew): compiled, the
        # dataclass's own runs interpreted, once a hand (auditor.model.hand).
        self.findings = [] if findings is None else findings
        self.contributed = {} if contributed is None else contributed
        self.folded = set() if folded is None else folded
        self.all_in = set() if all_in is None else all_in
        self.meant = meant
        self.dead = {} if dead is None else dead


class PayoutRow(NamedTuple):
    """One player's money in one hand (the ``payouts`` table). ``returned`` is the
    uncalled excess the history gives back (printed, or implied inside a collection);
    ``won_stated`` what the history says the player collected, with what the site paid him
    outside the pot (cash-outs, EV-cashout risk: signed); ``won_replayed`` what the pots
    should have paid him, with the same outside payments; ``net`` = won_stated + returned
    − contributed, his chip change as stated.

    A named tuple, not a dataclass: the engine makes six a hand (by
    ``auditor.model.tuples.new_tuple``, in C), and the payouts table takes a chunk's rows
    apart column by column with one ``zip`` (bench/LEVERS.md §38)."""

    player: str
    seat: int
    contributed: int
    returned: int
    won_stated: int
    won_replayed: int | None  # None where unknown cards keep the replay from judging
    net: int


@dataclass(slots=True, init=False)
class Settlement:
    """The pots of one hand rebuilt and checked."""

    findings: list[Finding] = field(default_factory=list)
    payouts: list[PayoutRow] = field(default_factory=list)

    def __init__(self, findings: list[Finding] | None = None,
                 payouts: list[PayoutRow] | None = None) -> None:
        self.findings = [] if findings is None else findings
        self.payouts = [] if payouts is None else payouts
