"""A parsed hand: what the header says, who sat where, and the events in order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from auditor.model.dialect import DEFAULT_DIALECT, Dialect
from auditor.model.events import Event, Seat

Limit = Literal["NL", "PL", "FL", "CNL"]  # CNL: capped no-limit
Game = Literal["holdem", "sixplus", "omaha", "courchevel", "other"]  # sixplus: short deck


# Hand and HandInfo are values, as the events are (``auditor.model.events``): nothing
# assigns to one, ``dataclasses.replace`` makes a changed copy, and they compare and hash
# by their fields. Not ``frozen``, for the same reason: a frozen HandInfo cost 2 µs to
# build against 0.3 (a descriptor call per field), every hand. Positional as well as by
# keyword: compiled (``auditor/compiled.py``), each is a native class, its own positional
# constructor (``events.positional``), whose fields compiled code reads at an offset.
# Each spells out its ``__init__``, as the events do (``auditor.model.events``): compiled,
# the one ``@dataclass`` generates runs interpreted, a field at a time, every hand;
# ``init=False`` spares the import generating one only to drop it.
@dataclass(slots=True, unsafe_hash=True, init=False)
class HandInfo:
    """The header of a hand, in the site's own terms, with amounts in the smallest unit.

    ``stakes`` are the two amounts the header prints: blinds for no-limit and pot-limit
    (small, big), the small and big bet for fixed-limit. ``hole_cards`` is the number of
    cards each player is dealt (2 for Hold'em, 4/5/6 for Omaha variants).
    """

    site: str
    hand_id: str
    game: Game
    variant: str  # the header's own words, e.g. "Hold'em No Limit", "Omaha Hi/Lo Pot Limit"
    limit: Limit
    hi_lo: bool
    hole_cards: int
    stakes: tuple[int, int]
    ante: int = 0
    cap: int | None = None  # capped no-limit: the most a player may commit in the hand
    currency: str = ""  # "USD", "EUR", … ; "" for chips (tournament, play money)
    symbol: str = ""
    decimals: int = 2
    tournament: str | None = None
    table: str = ""
    max_seats: int | None = None
    button_seat: int | None = None
    started: str = ""  # the header's date and time, as printed

    def __init__(self, site: str, hand_id: str, game: Game, variant: str, limit: Limit,
                 hi_lo: bool, hole_cards: int, stakes: tuple[int, int], ante: int = 0,
                 cap: int | None = None, currency: str = "", symbol: str = "",
                 decimals: int = 2, tournament: str | None = None, table: str = "",
                 max_seats: int | None = None, button_seat: int | None = None,
                 started: str = "") -> None:
        self.site = site
        self.hand_id = hand_id
        self.game = game
        self.variant = variant
        self.limit = limit
        self.hi_lo = hi_lo
        self.hole_cards = hole_cards
        self.stakes = stakes
        self.ante = ante
        self.cap = cap
        self.currency = currency
        self.symbol = symbol
        self.decimals = decimals
        self.tournament = tournament
        self.table = table
        self.max_seats = max_seats
        self.button_seat = button_seat
        self.started = started

    @property
    def unit(self) -> str:
        """What the hand's amounts count, as the report writes it: the site's currency
        code, ``TOURNAMENT-CHIPS`` or ``CHIPS`` (play money, home-game chips), so that a
        sum over a report column never adds chips to money."""
        if self.tournament is not None:
            return "TOURNAMENT-CHIPS"
        return self.currency or "CHIPS"

    @property
    def stakes_text(self) -> str:
        """The stakes as people write them: ``0.05/0.10`` or ``100/200``."""
        from auditor.model.money import format_amount

        lo, hi = self.stakes
        return f"{format_amount(lo, self.decimals)}/{format_amount(hi, self.decimals)}"


@dataclass(slots=True, unsafe_hash=True, init=False)
class Hand:
    """One hand, ready to replay. ``events`` holds everything after the seat lines, in
    the order the hand was played (file order for most sites), posts included; stack
    changes logged since the previous hand come first. ``first_line`` and ``last_line``
    are the span of the hand in its file."""

    source: str
    first_line: int
    last_line: int
    info: HandInfo
    seats: tuple[Seat, ...]
    events: tuple[Event, ...]
    cancelled: bool = False  # "Hand cancelled": voided, nothing to replay
    dialect: Dialect = DEFAULT_DIALECT  # how its site presents money (set by the reader)

    def __init__(self, source: str, first_line: int, last_line: int, info: HandInfo,
                 seats: tuple[Seat, ...], events: tuple[Event, ...], cancelled: bool = False,
                 dialect: Dialect = DEFAULT_DIALECT) -> None:
        self.source = source
        self.first_line = first_line
        self.last_line = last_line
        self.info = info
        self.seats = seats
        self.events = events
        self.cancelled = cancelled
        self.dialect = dialect

    @property
    def players(self) -> tuple[str, ...]:
        """Seated players in seat order."""
        return tuple(s.player for s in self.seats)

    def stack_of(self, player: str) -> int:
        """Starting stack of a seated player."""
        for s in self.seats:
            if s.player == player:
                return s.stack
        raise KeyError(player)


ParseStatus = Literal["audited", "unparsable", "unsupported", "cancelled", "duplicate"]
