"""Hand-history events: slotted records with exact amounts.

Events are values: nothing assigns to one once it is made (``dataclasses.replace`` makes
a changed copy), and they compare and hash by their fields. They are not ``frozen``
dataclasses only because building a frozen one costs a descriptor call per field, about
8 µs a hand over the thirty events of a hand.

Every event carries ``line``, the 1-based line of the source file it was read from, so
that a finding can point at it. Amounts are integers of the hand's smallest unit (see
``auditor.model.money``). Amount fields follow one meaning for every site, whatever the
site prints: ``Call.amount`` and ``Bet.amount`` are chips added by the action,
``Raise.to`` is the player's total commitment on the street after the raise.

The compiled build (``auditor.compiled``) makes them native classes: the readers build
them by their own constructors, and the compiled engine and rules read their fields
without a descriptor call (bench/LEVERS.md §26). A native class is its own
``positional`` constructor, so the events are not ``kw_only``: the readers build them
positionally, in field order; everything else names the fields.

Each event spells out its ``__init__`` (what ``@dataclass`` would write: every field in
order, the same defaults), and the decorator is told not to write one (``init=False``:
it would generate one at import only to keep the written one). Compiled, mypyc gives a
dataclass the ``__init__`` that the ``dataclasses`` module generates at import, which runs
interpreted; a written one is compiled, and builds an event in about half the time
(bench/LEVERS.md §27). ``tests/model/test_events.py`` holds each to its fields.

Each also has ``at(line)``, the same event on another line, written per class too: a
reader that keeps the event of a line it has read before gives each hand its own copy
that way. Compiled readers call the classes themselves (``ev.Fold(...)``), a direct
call; through a maker held in a variable, the call parses its arguments as Python's
does, five times the cost (bench/LEVERS.md §28).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Literal, TypeVar

T = TypeVar("T")

Street = Literal["preflop", "flop", "turn", "river"]
STREETS: tuple[Street, ...] = ("preflop", "flop", "turn", "river")

BlindKind = Literal[
    "small",  # small blind
    "big",  # big blind
    "ante",
    "straddle",  # a live straddle: acts last preflop, has the option
    "button",  # the button blind of 6+ Hold'em
    "small_and_big",  # a returning player's "small & big blinds": `dead` is the small part
    "dead",  # a dead blind alone: goes in the pot, counts for nothing on the street
]

Cards = tuple[str, ...]  # e.g. ("Ah", "Kd"); empty where unknown


@dataclass(slots=True, unsafe_hash=True, init=False)
class Event:
    """Base of every event: where it was read."""

    line: int

    def __init__(self, line: int) -> None:
        self.line = line

    def at(self, line: int) -> Event:
        """The same event read on ``line``. A reader keeps one event for a line it has
        read before and gives each hand its own this way: compiled, a direct call of the
        class's constructor, where a call through a generic maker parses its arguments
        (bench/LEVERS.md §28)."""
        return Event(line)


# --- set-up -------------------------------------------------------------------------


@dataclass(slots=True, unsafe_hash=True, init=False)
class Seat(Event):
    """``Seat 3: name ($12.50 in chips)``: a player and his stack when the hand starts."""

    seat: int
    player: str
    stack: int
    sitting_out: bool = False

    def __init__(self, line: int, seat: int, player: str, stack: int,
                 sitting_out: bool = False) -> None:
        self.line = line
        self.seat = seat
        self.player = player
        self.stack = stack
        self.sitting_out = sitting_out

    def at(self, line: int) -> Seat:
        return Seat(line, self.seat, self.player, self.stack, self.sitting_out)


@dataclass(slots=True, unsafe_hash=True, init=False)
class PostBlind(Event):
    """A forced bet. ``amount`` is everything put in; ``dead`` the part of it that does
    not count toward the player's bet on the street (e.g. the small part of a
    small & big blinds post, or a whole dead blind)."""

    player: str
    kind: BlindKind
    amount: int
    dead: int = 0
    all_in: bool = False

    def __init__(self, line: int, player: str, kind: BlindKind, amount: int, dead: int = 0,
                 all_in: bool = False) -> None:
        self.line = line
        self.player = player
        self.kind = kind
        self.amount = amount
        self.dead = dead
        self.all_in = all_in

    def at(self, line: int) -> PostBlind:
        return PostBlind(line, self.player, self.kind, self.amount, self.dead, self.all_in)

    def played_by(self, player: str, line: int) -> PostBlind:
        """The same post by ``player`` on ``line`` (see ``Action.played_by``)."""
        return PostBlind(line, player, self.kind, self.amount, self.dead, self.all_in)


@dataclass(slots=True, unsafe_hash=True, init=False)
class HoleCards(Event):
    """``Dealt to name [Ah Kd]``: cards the exporter saw dealt."""

    player: str
    cards: Cards

    def __init__(self, line: int, player: str, cards: Cards) -> None:
        self.line = line
        self.player = player
        self.cards = cards

    def at(self, line: int) -> HoleCards:
        return HoleCards(line, self.player, self.cards)


# --- betting ------------------------------------------------------------------------


@dataclass(slots=True, unsafe_hash=True, init=False)
class StreetStart(Event):
    """A new street. ``board`` is the whole board after the deal. ``run`` is 0 for a
    normal hand and 1, 2, 3 for the FIRST, SECOND, THIRD board of a hand run more than once."""

    street: Street
    board: Cards = ()
    run: int = 0

    def __init__(self, line: int, street: Street, board: Cards = (), run: int = 0) -> None:
        self.line = line
        self.street = street
        self.board = board
        self.run = run

    def at(self, line: int) -> StreetStart:
        return StreetStart(line, self.street, self.board, self.run)


@dataclass(slots=True, unsafe_hash=True, init=False)
class Action(Event):
    """A voluntary action of a player."""

    player: str

    def __init__(self, line: int, player: str) -> None:
        self.line = line
        self.player = player

    def at(self, line: int) -> Action:
        return Action(line, self.player)

    def played_by(self, player: str, line: int) -> Action:
        """The same action by ``player`` on ``line``: a reader that has read the words
        after one player's name makes another's from them (compiled, a direct call of
        the constructor)."""
        return Action(line, player)


@dataclass(slots=True, unsafe_hash=True, init=False)
class Fold(Action):
    """``name: folds``."""

    def __init__(self, line: int, player: str) -> None:
        self.line = line
        self.player = player

    def at(self, line: int) -> Fold:
        return Fold(line, self.player)

    def played_by(self, player: str, line: int) -> Fold:
        return Fold(line, player)


@dataclass(slots=True, unsafe_hash=True, init=False)
class Check(Action):
    """``name: checks``."""

    def __init__(self, line: int, player: str) -> None:
        self.line = line
        self.player = player

    def at(self, line: int) -> Check:
        return Check(line, self.player)

    def played_by(self, player: str, line: int) -> Check:
        return Check(line, player)


@dataclass(slots=True, unsafe_hash=True, init=False)
class Call(Action):
    """``name: calls $2``: ``amount`` is the chips added."""

    amount: int
    all_in: bool = False

    def __init__(self, line: int, player: str, amount: int, all_in: bool = False) -> None:
        self.line = line
        self.player = player
        self.amount = amount
        self.all_in = all_in

    def at(self, line: int) -> Call:
        return Call(line, self.player, self.amount, self.all_in)

    def played_by(self, player: str, line: int) -> Call:
        return Call(line, player, self.amount, self.all_in)


@dataclass(slots=True, unsafe_hash=True, init=False)
class Bet(Action):
    """``name: bets $2``: the first bet of a street; ``amount`` is the chips added."""

    amount: int
    all_in: bool = False

    def __init__(self, line: int, player: str, amount: int, all_in: bool = False) -> None:
        self.line = line
        self.player = player
        self.amount = amount
        self.all_in = all_in

    def at(self, line: int) -> Bet:
        return Bet(line, self.player, self.amount, self.all_in)

    def played_by(self, player: str, line: int) -> Bet:
        return Bet(line, player, self.amount, self.all_in)


@dataclass(slots=True, unsafe_hash=True, init=False)
class Raise(Action):
    """``name: raises $2 to $6``: ``to`` is the street total after the raise;
    ``by`` the increment as printed (None where the site does not print one)."""

    to: int
    by: int | None = None
    all_in: bool = False

    def __init__(self, line: int, player: str, to: int, by: int | None = None,
                 all_in: bool = False) -> None:
        self.line = line
        self.player = player
        self.to = to
        self.by = by
        self.all_in = all_in

    def at(self, line: int) -> Raise:
        return Raise(line, self.player, self.to, self.by, self.all_in)

    def played_by(self, player: str, line: int) -> Raise:
        return Raise(line, player, self.to, self.by, self.all_in)


# --- end of the hand ----------------------------------------------------------------


@dataclass(slots=True, unsafe_hash=True, init=False)
class UncalledReturned(Event):
    """``Uncalled bet ($3.26) returned to name``."""

    player: str
    amount: int

    def __init__(self, line: int, player: str, amount: int) -> None:
        self.line = line
        self.player = player
        self.amount = amount

    def at(self, line: int) -> UncalledReturned:
        return UncalledReturned(line, self.player, self.amount)


@dataclass(slots=True, unsafe_hash=True, init=False)
class ShowdownStart(Event):
    """``*** SHOW DOWN ***`` (``run`` as in StreetStart)."""

    run: int = 0

    def __init__(self, line: int, run: int = 0) -> None:
        self.line = line
        self.run = run

    def at(self, line: int) -> ShowdownStart:
        return ShowdownStart(line, self.run)


@dataclass(slots=True, unsafe_hash=True, init=False)
class Shows(Event):
    """``name: shows [Qs Js] (a full house…)`` at showdown (or earlier)."""

    player: str
    cards: Cards
    description: str = ""

    def __init__(self, line: int, player: str, cards: Cards, description: str = "") -> None:
        self.line = line
        self.player = player
        self.cards = cards
        self.description = description

    def at(self, line: int) -> Shows:
        return Shows(line, self.player, self.cards, self.description)


@dataclass(slots=True, unsafe_hash=True, init=False)
class Mucks(Event):
    """``name: mucks hand`` or ``name: doesn't show hand`` (``shown`` False)."""

    player: str
    cards: Cards = ()

    def __init__(self, line: int, player: str, cards: Cards = ()) -> None:
        self.line = line
        self.player = player
        self.cards = cards

    def at(self, line: int) -> Mucks:
        return Mucks(line, self.player, self.cards)


@dataclass(slots=True, unsafe_hash=True, init=False)
class Collected(Event):
    """``name collected $25.96 from pot``. ``pot`` is 0 for the main pot (or the only
    pot), N for side pot-N, None when the site does not say which pot (GGPoker and
    PokerNow repeat ``from pot``: the engine fits such lines to the replayed pots);
    ``run`` as in StreetStart."""

    player: str
    amount: int
    pot: int | None = 0
    run: int = 0

    def __init__(self, line: int, player: str, amount: int, pot: int | None = 0,
                 run: int = 0) -> None:
        self.line = line
        self.player = player
        self.amount = amount
        self.pot = pot
        self.run = run

    def at(self, line: int) -> Collected:
        return Collected(line, self.player, self.amount, self.pot, self.run)


@dataclass(slots=True, unsafe_hash=True, init=False)
class StatedBet(Event):
    """What the history states a player put into the pot over the whole hand, returned
    excess included (iPoker's ``bet`` attribute): beside the replayed contributions, a
    check that the actions as read add up to the site's own total. Nothing replays it."""

    player: str
    amount: int

    def __init__(self, line: int, player: str, amount: int) -> None:
        self.line = line
        self.player = player
        self.amount = amount

    def at(self, line: int) -> StatedBet:
        return StatedBet(line, self.player, self.amount)


@dataclass(slots=True, unsafe_hash=True, init=False)
class CashedOut(Event):
    """``name cashed out the hand for $22.77 | Cash Out Fee $0.46``: paid by the site,
    outside the pot; the player's share of the pot is then not awarded."""

    player: str
    amount: int
    fee: int = 0

    def __init__(self, line: int, player: str, amount: int, fee: int = 0) -> None:
        self.line = line
        self.player = player
        self.amount = amount
        self.fee = fee

    def at(self, line: int) -> CashedOut:
        return CashedOut(line, self.player, self.amount, self.fee)


@dataclass(slots=True, unsafe_hash=True, init=False)
class HouseMoney(Event):
    """Chips the house puts into the pot (GGPoker's ``Cash Drop to Pot : total $0.2``):
    counted in the pot and paid out with it, but put in by no player."""

    amount: int
    text: str = ""

    def __init__(self, line: int, amount: int, text: str = "") -> None:
        self.line = line
        self.amount = amount
        self.text = text

    def at(self, line: int) -> HouseMoney:
        return HouseMoney(line, self.amount, self.text)


SidePaymentKind = Literal[
    "cashout_risk",  # GG EV Cashout: the winner pays the risk he was insured against
    "cashout",  # the site pays a player who cashed out of an all-in (Party 2018+)
    "insurance_premium",  # all-in insurance bought
    "insurance_payout",  # all-in insurance paid
    "other",
]


@dataclass(slots=True, unsafe_hash=True, init=False)
class SidePayment(Event):
    """Money that moves between a player and the site outside the pot (EV-cashout risk,
    insurance premiums, a cash-out paid by the site). ``amount`` is what the player's
    stack gains: negative when he pays. It is in the stack chain, never in a pot."""

    player: str
    amount: int
    kind: SidePaymentKind = "other"

    def __init__(self, line: int, player: str, amount: int,
                 kind: SidePaymentKind = "other") -> None:
        self.line = line
        self.player = player
        self.amount = amount
        self.kind = kind

    def at(self, line: int) -> SidePayment:
        return SidePayment(line, self.player, self.amount, self.kind)


StackChangeKind = Literal[
    "join",  # sits down with a stack (a buy-in)
    "top_up",  # adds chips (rebuy, add-on, top-up)
    "host_set",  # the host or admin set the stack (from ``before`` to ``after``)
    "queued",  # a host change queued for the next hand (``amount`` added)
    "leave",  # quits or stands up with his stack
    "sit_back",  # sits back in with a stack
    "other",
]


@dataclass(slots=True, unsafe_hash=True, init=False)
class StackChange(Event):
    """A stack changed between hands, as the log records it (PokerNow's joins, rebuys and
    admin updates). ``amount`` is the chips added (negative: taken), ``before`` and
    ``after`` the stack either side where the log gives them; None where it does not.
    A reader puts the changes logged since the previous hand before a hand's events."""

    player: str
    kind: StackChangeKind
    amount: int | None = None
    before: int | None = None
    after: int | None = None
    text: str = ""

    def __init__(self, line: int, player: str, kind: StackChangeKind,
                 amount: int | None = None, before: int | None = None,
                 after: int | None = None, text: str = "") -> None:
        self.line = line
        self.player = player
        self.kind = kind
        self.amount = amount
        self.before = before
        self.after = after
        self.text = text

    def at(self, line: int) -> StackChange:
        return StackChange(line, self.player, self.kind, self.amount, self.before, self.after,
                           self.text)


@dataclass(slots=True, unsafe_hash=True, init=False)
class PotSummary(Event):
    """``Total pot $2.54 Main pot $1.31. Side pot-1 $0.42. | Rake $0.12``.
    ``fees`` holds any other named deduction (jackpot, …) as (name, amount)."""

    total: int
    main: int | None = None
    sides: tuple[int, ...] = ()
    rake: int = 0
    fees: tuple[tuple[str, int], ...] = ()

    def __init__(self, line: int, total: int, main: int | None = None,
                 sides: tuple[int, ...] = (), rake: int = 0,
                 fees: tuple[tuple[str, int], ...] = ()) -> None:
        self.line = line
        self.total = total
        self.main = main
        self.sides = sides
        self.rake = rake
        self.fees = fees

    def at(self, line: int) -> PotSummary:
        return PotSummary(line, self.total, self.main, self.sides, self.rake, self.fees)


@dataclass(slots=True, unsafe_hash=True, init=False)
class BoardSummary(Event):
    """``Board [Qh Ad Ts As Qd]`` or ``FIRST Board [...]`` in the summary."""

    cards: Cards
    run: int = 0

    def __init__(self, line: int, cards: Cards, run: int = 0) -> None:
        self.line = line
        self.cards = cards
        self.run = run

    def at(self, line: int) -> BoardSummary:
        return BoardSummary(line, self.cards, self.run)


@dataclass(slots=True, unsafe_hash=True, init=False)
class SeatSummary(Event):
    """A summary seat line. ``won`` lists the amounts of ``won ($x)`` / ``collected ($x)``
    (one per run); ``cards`` the cards shown or mucked. Nothing of the audit reads them:
    readers whose summary restates the play (PokerStars's and those built on it) count
    these lines without making events of them unless asked (``summaries=True``)."""

    seat: int
    player: str
    cards: Cards = ()
    won: tuple[int, ...] = ()
    text: str = ""

    def __init__(self, line: int, seat: int, player: str, cards: Cards = (),
                 won: tuple[int, ...] = (), text: str = "") -> None:
        self.line = line
        self.seat = seat
        self.player = player
        self.cards = cards
        self.won = won
        self.text = text

    def at(self, line: int) -> SeatSummary:
        return SeatSummary(line, self.seat, self.player, self.cards, self.won, self.text)


TableNoteKind = Literal[
    "chat",
    "joins",
    "leaves",
    "sitting_out",
    "returned",
    "timed_out",
    "disconnected",
    "connected",
    "removed",
    "other",
]


@dataclass(slots=True, unsafe_hash=True, init=False)
class TableNote(Event):
    """A line that changes no chips: chat, joins/leaves, sitting out, time-outs…"""

    kind: TableNoteKind
    player: str | None = None
    text: str = ""

    def __init__(self, line: int, kind: TableNoteKind, player: str | None = None,
                 text: str = "") -> None:
        self.line = line
        self.kind = kind
        self.player = player
        self.text = text

    def at(self, line: int) -> TableNote:
        return TableNote(line, self.kind, self.player, self.text)


@dataclass(slots=True, unsafe_hash=True, init=False)
class HandCancelled(Event):
    """``Hand cancelled``: the hand was voided; chips go back."""

    def __init__(self, line: int) -> None:
        self.line = line

    def at(self, line: int) -> HandCancelled:
        return HandCancelled(line)


def positional(cls: type[T]) -> Callable[..., T]:
    """A fast constructor of the slotted dataclass ``cls`` taking every field
    positionally, in field order.

    Readers build hundreds of thousands of events a second; a dataclass's ``__init__``
    pays for keyword handling, and a frozen one for going around its own ``__setattr__``
    on every field. This sets each slot once on a fresh object: a plain store, or for a
    frozen class a call of the slot's descriptor, exactly what ``__init__`` does, so the
    result is an ordinary object of ``cls``. A class compiled by mypyc (a native class,
    which ``object.__new__`` cannot make) is its own fast constructor, and is returned.
    """
    try:
        object.__new__(cls)
    except TypeError:
        return cls
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    namespace: dict[str, object] = {"new": object.__new__, "cls": cls}
    if cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        for name in names:
            namespace[f"set_{name}"] = getattr(cls, name).__set__
        body = "".join(f"    set_{n}(o, {n})\n" for n in names)
    else:
        body = "".join(f"    o.{n} = {n}\n" for n in names)
    source = f"def make({', '.join(names)}):\n    o = new(cls)\n{body}    return o\n"
    exec(source, namespace)  # generated from the dataclass's own field names
    make = namespace["make"]
    make.__doc__ = f"{cls.__name__}({', '.join(names)})"  # type: ignore[attr-defined]
    return make  # type: ignore[return-value]
