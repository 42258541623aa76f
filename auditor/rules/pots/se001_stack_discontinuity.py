"""SE001 stack.discontinuity, and the tracker that follows stacks from hand to hand."""

from __future__ import annotations

from collections import OrderedDict
from datetime import datetime, timedelta
from typing import Final, NamedTuple, TypeAlias

from auditor.engine.result import PayoutRow
from auditor.model.events import StackChange, TableNote
from auditor.model.hand import Hand
from auditor.model.money import format_amount
from auditor.model.tuples import new_tuple
from auditor.model.when import local_time, started_at
from auditor.rules.base import Finding, Rule

_SEAT_CHANGES: Final = frozenset({"joins", "leaves", "removed"})
_NOBODY: Final[frozenset[str]] = frozenset()
_TOP_UP_WORDS: Final = ("re-buy", "rebuy", "add-on", "addon", "top-up", "tops up", "buys in",
                        "bought")


class StackDiscontinuity(Rule):
    """## What it does
    Follows each player's stack from one hand to the next at the same table (same file,
    table name and tournament) and flags a starting stack that differs from the final
    stack of the previous hand: start − contributed + returned + collected (+ a cash-out).
    PokerStars does not log a cash-game top-up between hands, so in cash games only a
    stack that *shrinks* is flagged; in tournaments any difference is. A player who
    joined, left, changed seat or bought chips in between is not compared, nor is one
    absent from the previous hand.

    ## Why is this bad?
    Chips a player ends a hand with are his at the next hand. A stack that shrinks (or,
    in a tournament, changes) between two hands with nothing recorded means chips left
    the table unrecorded, or one of the two histories is wrong.

    ## Example
    ```
    Hand #100: ... Seat 3: Player3 showed [Ah Ad] and won (1,200)   (ends with 3,200)
    Hand #101: Seat 3: Player3 (2,950 in chips)                     <- 250 missing
    ```

    ## Use instead
    ```
    Hand #101: Seat 3: Player3 (3,200 in chips)
    ```

    ## References
    - docs/rules.md section 7 (a starting stack equals the previous final stack unless a
      rebuy, top-up or seat change is recorded)
    """

    code = "SE001"
    name = "stack.discontinuity"
    severity = "warning"
    summary = (
        "a player's starting stack differs from his final stack in the previous hand at "
        "the same table, with no recorded rebuy, top-up or seat change"
    )
    references = ("docs/rules.md §7",)


SeatStacks: TypeAlias = tuple[str, int, int, int, int]
"""One player's stacks in one hand: player, seat, line of the seat, start and final stack
(a plain tuple: a hand has several, built for every hand audited)."""


Move: TypeAlias = tuple[str, str, int | None, int | None, int | None]
"""A stack change logged between hands: player, kind (``StackChange.kind``), chips added,
stack before and after (None where the log does not say)."""


class HandStacks(NamedTuple):
    """What SE001 needs of one audited hand: small, cheap to build, and picklable, so
    that workers can audit hands while one tracker follows the stacks in file order."""

    source: str
    table: str
    tournament: str | None
    hand_id: str
    started: str
    decimals: int
    symbol: str
    seats: tuple[SeatStacks, ...]
    moved: frozenset[str]  # players who joined, left or bought chips in the hand
    # Where the log records every stack change between hands (PokerNow): a change in
    # either direction is flagged, and the logged changes before this hand are counted
    # first; those logged after it (after a log's last hand) are ``later``.
    logged: bool = False
    changes: tuple[Move, ...] = ()
    sequence: int | None = None  # the hand's number at its table, where ids carry one
    currency: str = ""  # as the report writes it
    button: int | None = None  # the button's seat
    later: tuple[Move, ...] = ()
    site: str = ""
    # When the hand started, as the tracker compares two hands' (``_started``): read
    # where the hand is audited (its row has just read it), not again in the parent.
    start: datetime | None = None

    @classmethod
    def of(cls, hand: Hand, payouts: list[PayoutRow]) -> HandStacks:
        """The stacks of ``hand``: final = start − contributed + returned + collected
        (+ a cash-out), i.e. start + the payout row's net."""
        nets: dict[str, int] = {}
        for row in payouts:  # (plain loops: cheaper than comprehensions here)
            nets[row.player] = row.net
        seats: list[SeatStacks] = []
        for s in hand.seats:
            start = s.stack
            seats.append((s.player, s.seat, s.line, start, start + nets.get(s.player, 0)))
        info = hand.info
        dialect = hand.dialect
        changes: list[Move] = []
        later: list[Move] = []
        if dialect.topups_logged:
            # The changes logged since the previous hand lead the events; those after the
            # play (the rows after a log's last hand) change the stacks of no next hand.
            into = changes
            for ev in hand.events:
                if type(ev) is StackChange:
                    c: StackChange = ev  # type: ignore[assignment]
                    into.append((c.player, c.kind, c.amount, c.before, c.after))
                elif type(ev) is not TableNote:
                    into = later
        # (Made by ``new_tuple`` from one tuple: calling the class runs the named tuple's
        # __new__, written in Python.)
        return new_tuple(cls, (
            hand.source,
            info.table,
            info.tournament,
            info.hand_id,
            info.started,
            info.decimals,
            info.symbol,
            tuple(seats),
            _moved_players(hand) if not dialect.topups_logged else _NOBODY,
            dialect.topups_logged,
            tuple(changes),
            _sequence(info.hand_id) if dialect.hand_id_sequence else None,
            info.unit,
            info.button_seat,
            tuple(later),
            info.site,
            _started(info.started),
        ))

    @property
    def key(self) -> tuple[str, str, str | None]:
        """The table the hand was played at: file, table name, tournament."""
        return (self.source, self.table, self.tournament)


class StackTracker:
    """Follows stacks across hands. Feed every audited hand's ``HandStacks`` in file
    order; call ``forget(source)`` for a hand that was not audited (its stacks are
    unknown, so the chain of that file starts again).

    >>> tracker = StackTracker()
    >>> findings = tracker.feed(HandStacks.of(hand, payouts))  # doctest: +SKIP
    """

    # Tables followed at once in one file; the one unseen longest is dropped past this,
    # which keeps memory flat on files of very many tables (its next hand, if any, is
    # simply not compared).
    MAX_TABLES = 5_000

    def __init__(self, enabled: bool = True) -> None:
        # The file being read, and the last hand of each of its tables. Tables of other
        # files can never match again, so only one file is kept.
        self._source: str | None = None
        self._last: OrderedDict[tuple[str, str | None], HandStacks] = OrderedDict()
        self._enabled = enabled  # False when SE001 is not selected

    def forget(self, source: str) -> None:
        """Drop what is known of every table of ``source``."""
        if source == self._source:
            self._last.clear()

    def _remember(self, key: tuple[str, str | None], hand: HandStacks) -> None:
        last = self._last
        last[key] = hand
        last.move_to_end(key)
        if len(last) > self.MAX_TABLES:
            last.popitem(last=False)

    def feed(self, hand: HandStacks) -> list[Finding]:
        """The SE001 findings of ``hand`` against the previous hand of its table."""
        if hand.source != self._source:
            self._source = hand.source
            self._last.clear()
        key = (hand.table, hand.tournament)
        before = self._last.get(key)
        self._remember(key, hand)
        if before is None or not self._enabled or not _follows(before, hand):
            return []
        if not _soon_after(before.start, hand.start, hand.tournament is not None):
            return []
        cash = hand.tournament is None and not hand.logged
        finals = {s[0]: s for s in before.seats}
        if hand.changes:
            finals = _after_changes(finals, hand.changes)
        findings: list[Finding] = []
        for player, seat, line, start, _ in hand.seats:
            old = finals.get(player)
            if old is None:
                continue
            _, old_seat, _, _, final = old
            if start == final or (old_seat != seat and not hand.logged):  # (common first)
                continue
            if cash and start > final:
                continue  # a top-up between cash hands is not logged by the site
            if player in hand.moved or player in before.moved:
                continue
            ended = format_amount(final, hand.decimals, hand.symbol)
            starts = format_amount(start, hand.decimals, hand.symbol)
            findings.append(
                Finding(
                    code=StackDiscontinuity.code,
                    line=line,
                    message=(
                        f"{player} starts hand #{hand.hand_id} with {starts}, but "
                        f"ended hand #{before.hand_id} at this table with {ended}."
                    ),
                    player=player,
                    expected=final,
                    observed=start,
                )
            )
        return findings


def _moved_players(hand: Hand) -> frozenset[str]:
    """Players whose seat or chips changed outside the betting in this hand's lines."""
    out: set[str] | None = None
    for ev in hand.events:
        if type(ev) is TableNote and ev.player is not None:
            text = ev.text.lower()
            if ev.kind in _SEAT_CHANGES or any(w in text for w in _TOP_UP_WORDS):
                if out is None:
                    out = set()
                out.add(ev.player)
    return frozenset(out) if out else _NOBODY


# Longest wait between the starts of two consecutive hands of one table: a cash hand
# rarely lasts 5 minutes; a tournament adds its breaks. A longer gap means hands are
# missing from the file (the exporter sat out), and stacks may have changed in them.
_CASH_GAP: Final = timedelta(minutes=5)
_TOURNAMENT_GAP: Final = timedelta(minutes=20)
_NO_GAP: Final = timedelta(0)


def _started(text: str) -> datetime | None:
    """When a hand started: in UTC where the site names its zone, else the first date
    and time of the header (the site's local time), if it reads."""
    found = started_at(text)
    if found is not None:
        return found
    return local_time(text)  # both hands: the same clock


def _soon_after(previous: datetime | None, current: datetime | None, tournament: bool) -> bool:
    """Whether two hands are close enough in time to be consecutive (True if unknown)."""
    if previous is None or current is None or (previous.tzinfo is None) != (
            current.tzinfo is None):
        return True
    gap = current - previous
    return _NO_GAP <= gap <= (_TOURNAMENT_GAP if tournament else _CASH_GAP)


def _after_changes(finals: dict[str, SeatStacks], changes: tuple[Move, ...]
                   ) -> dict[str, SeatStacks]:
    """The previous hand's final stacks with the logged changes since applied."""
    out = dict(finals)
    for player, _, added, _, after in changes:
        old = out.get(player)
        if old is None:
            continue
        name, seat, line, start, final = old
        if after is not None:
            final = after
        elif added is not None:
            final += added
        out[player] = (name, seat, line, start, final)
    return out


def _sequence(hand_id: str) -> int | None:
    """The hand's number at its table in an id that carries one (Winamax's
    ``table-sequence-time``)."""
    parts = hand_id.split("-")
    return int(parts[1]) if len(parts) >= 3 and parts[1].isascii() and parts[1].isdigit() \
        else None


def _follows(before: HandStacks, hand: HandStacks) -> bool:
    """Whether ``hand`` is the next hand after ``before`` at their table: the next
    number where ids count the table's hands, else a later hand id."""
    if hand.sequence is not None and before.sequence is not None:
        return hand.sequence == before.sequence + 1
    if hand.button is not None and hand.button == before.button and not hand.logged:
        return False  # the button moves every hand: the hands between are missing
    if hand.logged:
        return True  # a log's hands come in the order they were played
    return _after(before.hand_id, hand.hand_id)


def _after(previous: str, current: str) -> bool:
    """Whether hand id ``current`` comes after ``previous`` (numerically when both are)."""
    if previous.isdigit() and current.isdigit():
        return int(current) > int(previous)
    return current > previous
