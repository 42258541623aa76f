"""PokerNow hand blocks into hands: seats, typed events with their file lines, and the
stack changes logged between hands.

Each row is reduced to a shape (players, amounts, cards, hand descriptions and ids
masked); the grammar ``grammars/pokernow.lark`` parses each distinct shape once, into a
recipe that says what the row is. What each distinct row is (a small tuple, its amounts
converted: see ``_compiled``) is kept, so a row that comes again costs a dictionary
look-up; the hand's state then makes it an event.

Amounts, as PokerNow means them and as the event model wants them:

- ``calls X``, ``bets X``, ``raises to X`` and the live posts (small and big blind,
  straddle, missed big blind) print the player's total on the street. ``Call.amount`` and
  ``Bet.amount`` are the chips added (X less what he had in on the street), ``Raise.to``
  is X, ``Raise.by`` None. A missed big blind or a straddle posted by the small blind
  brings his total up to it (he adds the difference).
- ``posts a missing small blind of X`` is dead: ``PostBlind(kind="dead", dead=X)``. A bare
  ``Dead Small Blind`` row (no one posts it) is a note.
- PokerNow writes the call of an all-in bet as ``raises to`` the bet: read as a call. It
  says ``and go all in`` of a bet that covers every other stack though the bettor keeps
  chips behind: not all-in (``all_in`` flags a player who has nothing left).
- Amounts have the decimals of their log (``LogFacts.decimals``); the log has no currency.

Players are their id (``"name @ id"``, split on the last `` @ ``); each id has one label
for the whole log (``LogFacts.labels``), so a player renamed within a log stays one
player. ``Your hand is …`` names no one: its cards are the exporter's, given to him
(``HoleCards``) when the log tells who he is (``LogFacts.exporter``); otherwise, or in a
hand he is not seated in, they are kept as a note given to no one (a guess would make a
player dealt in, or give the winner cards he did not hold).

The hand's id is its number (``#314``): the one PokerNow shows at the table, and the one
that orders a log's hands. The ``(id: …)`` some headers carry is not kept. The dealer is
named: the button is his seat; with a ``(dead button)``, or a dealer no longer seated, it
is the seat just before the small blind's (he acts first after the flop).

PokerNow labels no pot: every ``collected`` is ``Collected(pot=None)``, hi/lo halves
included (the engine fits them to the replayed pots). A hand run twice has its boards
after the players agree on run 1 and ``(second run)`` on run 2 (boards dealt before the
agreement are common, run 0), and its collections likewise (``… on the second run``).
The log prints no showdown line: ``ShowdownStart`` is put before the first collection
when two players or more are still in the hand. Cards shown once the hand is over are
``Shows`` at its end.

Between hands: the rows that take effect at a hand's start (``HandContext.between``)
become, in the order logged, ``StackChange`` events (see ``_CHANGES``) or notes, before
the hand's own events; the rows logged after the last hand are put after its events.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import islice
from typing import Any, ClassVar, Final

from lark import Tree
from lark.exceptions import UnexpectedInput

from auditor.model import events as ev
from auditor.model.hand import Hand, HandInfo
from auditor.model.money import AmountCache, AmountError, amount_cache
from auditor.parsing import grammars
from auditor.parsing.blocks import HandBlock
from auditor.parsing.errors import LineError, Unreadable
from auditor.parsing.shape import LINE_CACHE_ENTRIES
from auditor.sites.base import game_facts
from auditor.sites.pokernow.log import TABLE_ROWS, HandContext, LogFacts

SITE: Final = "pokernow"

# Placeholders of the shared terminals (grammars/terminals.lark).
PLAYER, NUM, CARDS, QUOTED, DESC = "\ue000", "\ue001", "\ue002", "\ue003", "\ue004"
_READABLE: Final = {PLAYER: "<player>", NUM: "<amount>", CARDS: "<cards>", QUOTED: "<id>",
                    DESC: "<description>"}

_CARD = r"(?:10|[2-9JQKA])[♠♥♦♣]"
# The variable fields of a row, leftmost first: a player, an id, a hand description,
# a list of cards, an amount.
_PLAYER_FIELD = r'(?P<player>"(?P<name>.*?) @ (?P<pid>[\w-]+)")(?=[ .,)|]|$)'
_FIELDS: Final = re.compile(
    _PLAYER_FIELD +
    r"|(?<=\(id: )(?P<hid>[\w-]+)(?=\))"
    r"|(?<=\(ID: )(?P<tid>[\w-]+)(?=\))"
    r"|(?<=the ID from )(?P<old>[\w-]+)(?= to )"
    r"|(?<= to )(?P<new>[\w-]+)(?= because authenticated login)"
    r"|(?<=from pot with )(?P<desc>.+?)(?=(?: on the \w+ run)?(?: +\(combination: .*\))?$)"
    rf"|(?P<cards>\[?{_CARD}(?:, {_CARD})*\]?)"
    r"|(?<![\w.])(?P<num>\d+(?:\.\d+)?)(?!\w)"
)
# A row that starts with a player's name: the field regex's own first match there.
_STARTING_PLAYER: Final = re.compile(_PLAYER_FIELD)
# Rows longer than this are read but their tails not kept (hostile rows must not fill
# memory).
_CACHED_ROW: Final = 2000
_MASK: Final = {"player": PLAYER, "hid": QUOTED, "tid": QUOTED, "old": QUOTED, "new": QUOTED,
                "desc": DESC, "cards": CARDS, "num": NUM}

Value = Any  # a field's text, or (name, id) for a player
Parsed = tuple[str, tuple[Any, ...], list[Value]]  # (what the row is, its constants, values)


def shape_of(entry: str, pos: int = 0) -> tuple[str, list[Value]]:
    """A row's shape (each variable field replaced by its placeholder) and the fields'
    values, in order; a player's value is (display name, id). From ``pos`` on, where
    a field ends: the shape of what follows it (the look-behinds still see before)."""
    parts: list[str] = []
    values: list[Value] = []
    for m in _FIELDS.finditer(entry, pos):
        kind = m.lastgroup
        parts.append(entry[pos:m.start()])
        parts.append(_MASK[kind])  # type: ignore[index]
        values.append((m.group("name"), m.group("pid")) if kind == "player" else m.group())
        pos = m.end()
    parts.append(entry[pos:])
    return "".join(parts), values


# --- cards ---------------------------------------------------------------------------

_SUITS: Final = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
_CARDS: dict[str, tuple[str, ...]] = {}


def cards_of(text: str) -> tuple[str, ...]:
    """``A♣, 10♦`` or ``[3♠, A♣, K♦]`` as event cards (``("Ac", "Td")``)."""
    found = _CARDS.get(text)
    if found is None:
        found = tuple(("T" if c[:-1] == "10" else c[:-1]) + _SUITS[c[-1]]
                      for c in text.strip("[]").split(", ") if c)
        if len(_CARDS) < 100_000:
            _CARDS[text] = found
    return found


# --- recipes -------------------------------------------------------------------------


def _subtrees(tree: Tree) -> list[Tree]:
    return [c for c in tree.children if isinstance(c, Tree)]


_BLIND_KINDS: Final = {"small": "small", "big": "big", "straddle": "straddle", "missed_big": "big",
                       "missing_small": "dead", "ante": "ante"}


def _recipe(tree: Tree) -> tuple[str, tuple[Any, ...]]:
    """What a parsed shape is: the name the reader dispatches on, and the constants it
    needs beyond the row's values."""
    data = tree.data
    subs = _subtrees(tree)
    names = [t.data for t in subs]
    all_in = "all_in" in names
    if data == "player_line":
        return _recipe_action(subs[0]) if subs else ("fold", ())
    if data == "post":
        kind = next(n for n in names if n != "all_in")
        return "post", (kind, all_in)
    if data in ("call", "bet", "raise_"):
        return data.rstrip("_"), (all_in,)
    if data == "header":
        button = next(t for t in subs if t.data in ("dealer", "dead_button"))
        has_code = any(t.type == "QUOTED" for t in tree.children if not isinstance(t, Tree))
        return "header", (has_code, button.data == "dead_button")
    if data == "board":
        street = next(t.data for t in subs if t.data in ("flop", "turn", "river"))
        words = [str(t) for t in tree.children if not isinstance(t, Tree) and t.type == "WORD"]
        return "board", (street, _RUNS.get(words[0].lower(), -1) if words else 0)
    if data == "collected":
        run = 0
        for t in subs:
            if t.data == "on_run":
                word = next(str(x) for x in t.children if x.type == "WORD")  # type: ignore[union-attr]
                run = _RUNS.get(word.lower(), -1)
        return "collected", (run,)
    if data in ("player_table_row", "admin_row", "queued_change"):
        return _recipe_table(tree, subs)
    if data == "setting":
        return "setting", (subs[0].data,)
    return data, ()


def _recipe_action(tree: Tree) -> tuple[str, tuple[Any, ...]]:
    return _recipe(tree)


def _recipe_table(tree: Tree, subs: list[Tree]) -> tuple[str, tuple[Any, ...]]:
    if tree.data == "queued_change":
        return "queued", (subs[0].data,)
    return subs[0].data if subs else "note", ()


_RUNS: Final = {"first": 1, "second": 2, "third": 3, "fourth": 4}


# --- the reader ----------------------------------------------------------------------


def _amounts(decimals: int) -> AmountCache:
    return amount_cache(decimals)


# What a row of a hand is, as the hand loop reads it: a tuple whose first item is one of
# these codes (commonest first), then, for a player's row, his id and display name. Final:
# compiled, each is the literal where it is read, not a look-up in the module's globals.
FOLD: Final = 0  # a player's rows, to UNCALLED
CHECK: Final = 1
CALL: Final = 2
BET: Final = 3
RAISE: Final = 4
POST: Final = 5
SHOWS: Final = 6
COLLECTED: Final = 7
UNCALLED: Final = 8
BOARD: Final = 9
YOUR_HAND: Final = 10
NOTE: Final = 11
RUN_AGREED: Final = 12
UNDEALT: Final = 13
ENDING: Final = 14
TABLE: Final = 15
STACKS: Final = 16
HEADER: Final = 17
_CODES: Final = {"fold": FOLD, "check": CHECK, "call": CALL, "bet": BET, "raise": RAISE}
_NOTES: Final = frozenset({
    "run_twice_asked", "run_twice_declined", "run_twice_yes", "run_twice_no",
    "dead_small_blind", "important", "break_", "rebuy_asked",
})

_NEW_HAND: Final = ev.positional(Hand)
_NEW_INFO: Final = ev.positional(HandInfo)

# The rows that change a stack between hands, as ``StackChange`` kinds. Measured on the
# corpus, a player's rows come in these orders: approved -> joined (a buy-in, then the
# seat taken as the next hand starts), stand up -> sit back -> joined (away and back:
# no chips enter or leave), joined -> quits (a cash-out), a tournament's registration
# or table start -> joined; an admin's queued change -> the admin update as the next
# hand starts (15 of 15). So ``amount`` is what the row itself brings to the table or
# takes from it: the approved stack (a buy-in), a tournament entry, minus the quit stack
# (a cash-out), an admin update's difference; None for a row that moves no chips in or
# out (joined, stand up, sit back), one that only announces (queued) and a rebuy (the
# log prints the new stack, not what was added). ``after`` is the stack the row gives
# the player for the next hand, ``before`` the stack it takes from him.
_CHANGES: Final[dict[str, ev.StackChangeKind]] = {
    "approved": "join", "registered": "join", "table_start": "join", "join": "other",
    "quit": "leave", "stand_up": "leave", "sit_back": "sit_back", "host_set": "host_set",
    "queued": "queued", "rebuy": "top_up",
}


class PokerNowReader:
    """Reads PokerNow hand blocks (cut by ``auditor.sites.pokernow.log.cut``)."""

    MAX_CACHE: ClassVar[int] = LINE_CACHE_ENTRIES

    def __init__(self) -> None:
        from auditor.sites.pokernow import DIALECT

        self.dialect = DIALECT
        self.parser = grammars.load(SITE)
        self.recipes: dict[str, tuple[str, tuple[Any, ...]]] = {}
        self.parsed: dict[str, Parsed] = {}
        # What follows the player's name in a row that starts with it -> its rule, its
        # constants and the values of its other fields.
        self.tails: dict[str, tuple[str, tuple[Any, ...], list[Value]]] = {}
        # What each row is, by the decimals of its log (its amounts are converted).
        self.rows: dict[int, dict[str, tuple[Any, ...]]] = {}
        self.games: dict[str, dict[str, Any]] = {}

    # --- rows --------------------------------------------------------------------------

    def parse(self, entry: str, no: int) -> Parsed:
        """What a row is by the grammar: the rule's name, its constants, the values of its
        fields (raises ``LineError`` for a row the grammar does not know). Kept for the
        rows between hands; a hand's rows are kept as ``_row`` makes them."""
        found = self.parsed.get(entry)
        if found is None:
            found = self._parse(entry, no)
            if len(self.parsed) >= self.MAX_CACHE:
                self.parsed.clear()
            self.parsed[entry] = found
        return found

    def _parse(self, entry: str, no: int) -> Parsed:
        text = entry.strip()
        player = _STARTING_PLAYER.match(text) if text[:1] == '"' else None
        if player is None:
            shape, values = shape_of(text)
            op, const = self._recipe(shape, text, no)
            return op, const, values
        # A row that starts with "name @ id" (most of a hand's): what follows the name
        # is the same for every player, and no field reads across the quote ending it.
        tail = text[player.end():]
        seen = self.tails.get(tail)
        if seen is None:
            shape, tail_values = shape_of(text, player.end())
            op, const = self._recipe(PLAYER + shape, text, no)
            seen = op, const, tail_values
            if len(self.tails) >= self.MAX_CACHE:
                self.tails.clear()
            if len(tail) < _CACHED_ROW:
                self.tails[tail] = seen
        op, const, tail_values = seen
        return op, const, [(player.group("name"), player.group("pid")), *tail_values]

    def _recipe(self, shape: str, text: str, no: int) -> tuple[str, tuple[Any, ...]]:
        recipe = self.recipes.get(shape)
        if recipe is None:
            try:
                tree = self.parser.parse(shape)
            except UnexpectedInput as exc:
                raise LineError(no, _explain(exc, shape, text)) from None
            recipe = self.recipes[shape] = _recipe(tree)
        return recipe

    def _row(self, entry: str, no: int, amounts: AmountCache, rows: dict[str, tuple[Any, ...]]
             ) -> tuple[Any, ...]:
        """What a row of a hand is, as the hand loop reads it (kept in ``rows``)."""
        if entry.startswith(TABLE_ROWS):
            found: tuple[Any, ...] | None = (TABLE,)  # given to the hand it changes
        else:
            try:
                found = fast_row(entry, amounts)
                if found is None:
                    op, const, values = self._parse(entry, no)
                    found = _compiled(op, const, values, amounts)
                    if found is not None and found[0] == HEADER:
                        m = _GAME.match(entry)
                        found = (*found[:4], m.group(1).strip() if m else "")
            except AmountError as exc:
                raise LineError(no, f"{exc} (the log's amounts have {amounts.decimals} "
                                    "decimals)") from None
            if found is None:
                raise LineError(no, f"a row that does not belong in a hand: {entry!r}")
        if len(rows) >= self.MAX_CACHE:
            rows.clear()
        rows[entry] = found  # type: ignore[assignment]
        return found  # type: ignore[return-value]

    def read(self, block: HandBlock) -> Hand | Unreadable:
        """The hand of ``block``, or why it cannot be read (never raises)."""
        info: HandInfo | None = None
        try:
            return self._read(block)
        except _Unsupported as exc:
            info = exc.info
            code, line, message = "HH002", block.first_line, exc.message
        except LineError as error:  # (compiled, ``exc`` is an _Unsupported)
            info = error.info if isinstance(error, _HandError) else None
            code, line, message = "HH001", error.line, error.message
        first, last = block.span
        return Unreadable(source=block.source, first_line=first, last_line=last, line=line,
                          code=code, message=message, site=SITE,
                          hand_id=info.hand_id if info else _hand_number(block.lines[0]),
                          info=info)

    def _read(self, block: HandBlock) -> Hand:
        context: HandContext = block.context
        log = context.log
        lines = block.lines
        numbers = block.numbers or list(range(block.first_line,
                                              block.first_line + len(lines)))
        amounts = _amounts(log.decimals)
        rows = self.rows.get(log.decimals)
        if rows is None:
            rows = self.rows[log.decimals] = {}
        header = rows.get(lines[0]) or self._row(lines[0], numbers[0], amounts, rows)
        if header[0] != HEADER:
            raise LineError(numbers[0], "a hand must start with '-- starting hand #N'")
        game = self._game(header[4])
        try:
            return self._hand(block, context, log, lines, numbers, amounts, rows, header,
                              game)
        except _Unsupported:
            raise
        except LineError as exc:  # the report keeps what the header says
            info = self._info(game, header[1], log, context, (0, 0), 0, None)
            raise _HandError(exc.line, exc.message, info) from None

    def _hand(self, block: HandBlock, context: HandContext, log: LogFacts, lines: list[str],
              numbers: list[int], amounts: AmountCache, rows: dict[str, tuple[Any, ...]],
              header: tuple[Any, ...], game: dict[str, Any]) -> Hand:
        labels = log.labels
        hand_id = header[1]
        events: list[ev.Event] = []
        append = events.append
        for no, entry in context.between:
            self._between(no, entry, labels, amounts, append)

        # --- seats
        k = 1
        n = len(lines)
        while k < n and not lines[k].startswith("Player stacks: "):
            if not lines[k].startswith(TABLE_ROWS):
                raise LineError(numbers[k], "a hand row before the 'Player stacks:' row")
            k += 1
        if k == n:
            raise LineError(numbers[0], "the hand has no 'Player stacks:' row")
        no = numbers[k]
        stacks = rows.get(lines[k]) or self._row(lines[k], no, amounts, rows)
        seats: list[ev.Seat] = []
        seat_of: dict[str, int] = {}  # label -> seat
        label_of: dict[str, str] = {}  # id -> label, for the hand's players
        left: dict[str, int] = {}  # label -> chips behind
        for seat, pid, name, stack in stacks[1]:
            label = labels.get(pid) or f"{name} @ {pid}"
            label_of[pid] = label
            seat_of[label] = seat
            left[label] = stack
            seats.append(ev.Seat(no, seat, label, stack, False))  # type: ignore[arg-type]
        if len(seat_of) != len(seats):
            raise LineError(no, "a player is seated twice")
        dealer = header[3]
        button = None if dealer is None else seat_of.get(
            labels.get(dealer[0]) or f"{dealer[1]} @ {dealer[0]}")

        # --- the play
        commit: dict[str, int] = {}  # live chips on the street, by label
        bet = 0  # the street's highest total so far
        bet_all_in = False  # whether the row that made it said "and go all in"
        folded: set[str] = set()
        small: tuple[int, int] | None = None  # (seat, amount) of the small blind
        big = ante = 0
        run_twice = showdown = ended = False
        exporter = log.exporter
        get = rows.get
        label_for = label_of.get  # (not ``label``: a str above, and compiled one name has one type)
        for entry, no in zip(islice(lines, k + 1, None), islice(numbers, k + 1, None),
                             strict=True):
            row = get(entry)
            if row is None:
                row = self._row(entry, no, amounts, rows)
            code: int = row[0]
            if code <= UNCALLED:  # a player's row
                player = label_for(row[1]) or labels.get(row[1]) or f"{row[2]} @ {row[1]}"
                if ended and code != SHOWS:
                    raise LineError(no, f"a row after the hand ended: {entry!r}")
                if code == FOLD:
                    append(ev.Fold(no, player))
                    folded.add(player)
                elif code == CHECK:
                    append(ev.Check(no, player))
                elif code <= RAISE:  # calls, bets and raises to a street total
                    total = row[3]
                    added = total - commit.get(player, 0)
                    if added < 0 or (added == 0 and code != RAISE):
                        raise LineError(no, f"{entry!r}: he already had "
                                                    f"{'more' if added < 0 else 'as much'} in")
                    commit[player] = total
                    stack = left[player] = left.get(player, 0) - added
                    all_in = row[4] and (stack <= 0 or not _covers(total, player, commit,
                                                                     left, folded))
                    if code == RAISE and total == bet and bet_all_in:
                        # PokerNow logs the call of an all-in bet as "raises to" it.
                        append(ev.Call(no, player, added, all_in))
                    elif code == CALL:
                        append(ev.Call(no, player, added, all_in))
                    else:
                        append(ev.Bet(no, player, added, all_in) if code == BET
                               else ev.Raise(no, player, total, None, all_in))
                        if total > bet:
                            bet, bet_all_in = total, row[4]
                elif code == POST:
                    _, _, _, amount, flagged, blind, kind = row
                    if kind == "dead" or kind == "ante":
                        stack = left[player] = left.get(player, 0) - amount
                        append(ev.PostBlind(no, player, kind, amount,
                                            amount if kind == "dead" else 0,
                                            flagged and stack <= 0))
                        if kind == "ante" and not ante:
                            ante = amount
                    else:
                        added = amount - commit.get(player, 0)
                        if added < 0:
                            raise LineError(no, f"{entry!r}: he already had more in")
                        commit[player] = amount
                        stack = left[player] = left.get(player, 0) - added
                        append(ev.PostBlind(no, player, kind, added, 0, flagged and stack <= 0))
                        if amount > bet:
                            bet, bet_all_in = amount, flagged
                        if blind == "small" and small is None and player in seat_of:
                            small = (seat_of[player], 0 if flagged else amount)
                        elif blind == "big" and not big and not flagged:
                            big = amount
                elif code == SHOWS:
                    append(ev.Shows(no, player, row[3], ""))
                elif code == COLLECTED:
                    if not showdown:
                        showdown = True
                        if len(seats) - len(folded) > 1:
                            append(ev.ShowdownStart(no, 0))
                    run = row[4]
                    if run < 0:
                        raise LineError(no, f"a collection on an unknown run: {entry!r}")
                    append(ev.Collected(no, player, row[3], None,
                                        run or (1 if run_twice else 0)))
                else:  # UNCALLED
                    append(ev.UncalledReturned(no, player, row[3]))
            elif ended:
                raise LineError(no, f"a row after the hand ended: {entry!r}")
            elif code == BOARD:
                run = row[2]
                if run < 0:
                    raise LineError(no, f"a board of an unknown run: {entry!r}")
                append(ev.StreetStart(no, row[1], row[3], run or (1 if run_twice else 0)))
                commit = {}
                bet, bet_all_in = 0, False
            elif code == YOUR_HAND:
                owner = label_of.get(exporter) if exporter is not None else None
                if owner is not None:
                    append(ev.HoleCards(no, owner, row[1]))
                else:
                    append(ev.TableNote(no, "other", None, entry))
            elif code == NOTE:
                pid = row[1]
                noted = None if pid is None else (  # (``player`` is a str)
                    label_of.get(pid) or labels.get(pid) or f"{row[2]} @ {pid}")
                append(ev.TableNote(no, "other", noted, entry))
            elif code == RUN_AGREED:
                run_twice = True
                append(ev.TableNote(no, "other", None, entry))
            elif code == ENDING:
                if row[1] != hand_id:
                    raise LineError(no, f"hand #{hand_id} ends as hand #{row[1]}")
                ended = True
            elif code in (UNDEALT, TABLE):
                pass  # the deck's last cards; a table row (given to the hand it changes)
            elif code == STACKS:
                raise LineError(no, "a second 'Player stacks:' row in one hand")
            else:
                raise LineError(no, f"a row that does not belong in a hand: {entry!r}")
        if not ended:
            raise LineError(numbers[-1], f"hand #{hand_id} has no '-- ending hand' row "
                                         "(the log stops inside it?)")
        for no, entry in context.after:
            self._between(no, entry, labels, amounts, append)

        if button is None and seats:
            button = _dead_button(seats, small)
        stakes = self._stakes(context, amounts, small, big)
        if context.blinds[2] is not None:
            ante = amounts[context.blinds[2]]
        info = self._info(game, hand_id, log, context, stakes, ante, button)
        if info.game == "other":
            raise _Unsupported(f"{info.variant}: not a game the auditor replays", info)
        first, last = block.span
        return _NEW_HAND(block.source, first, last, info, tuple(seats), tuple(events), False,
                         self.dialect)

    # --- between hands -------------------------------------------------------------------

    def _between(self, no: int, entry: str, labels: dict[str, str], amounts: AmountCache,
                 append: Callable[[ev.Event], None]) -> None:
        """The event of a row that takes effect at a hand's start."""
        try:
            op, _, values = self.parse(entry, no)
        except LineError:
            if "stack" in entry or "chips" in entry:
                raise LineError(no, f"a stack change the auditor cannot read: {entry!r}"
                                ) from None
            append(ev.TableNote(no, "other", None, entry))
            return
        kind = _CHANGES.get(op)
        if kind is None:
            player = None
            if values and isinstance(values[-1], tuple):
                name, pid = values[-1]
                player = labels.get(pid) or f"{name} @ {pid}"
            append(ev.TableNote(no, "other", player, entry))
            return
        name, pid = values[0]
        player = labels.get(pid) or f"{name} @ {pid}"
        try:
            stack = amounts[values[-1]]
            before = amounts[values[1]] if op == "host_set" else None
        except AmountError as exc:
            raise LineError(no, f"{exc} (the log's amounts have {amounts.decimals} "
                                "decimals)") from None
        if kind == "join":  # approved, registered, table start: the chips come in
            append(ev.StackChange(no, player, kind, stack, None, stack, entry))
        elif op == "quit":
            append(ev.StackChange(no, player, kind, -stack, stack, 0, entry))
        elif op == "stand_up":
            append(ev.StackChange(no, player, kind, None, stack, None, entry))
        elif before is not None:  # host_set
            append(ev.StackChange(no, player, kind, stack - before, before, stack, entry))
        elif op == "queued":
            append(ev.StackChange(no, player, kind, None, None, None, entry))
        else:  # joined, sit back, rebuy: the stack he plays the next hand with
            append(ev.StackChange(no, player, kind, None, None, stack, entry))

    # --- header facts ----------------------------------------------------------------------

    def _game(self, text: str) -> dict[str, Any]:
        """Game, limit and hi/lo of the header's game words, read once per text."""
        found = self.games.get(text)
        if found is None:
            found = self.games[text] = game_facts(text)
        return found

    @staticmethod
    def _stakes(context: HandContext, amounts: AmountCache, small: tuple[int, int] | None,
                big: int) -> tuple[int, int]:
        """The blinds: the game's settings as the log last changed them, else the
        blinds posted in the hand."""
        sb, bb, _ = context.blinds
        lo = amounts[sb] if sb is not None else (small[1] if small else 0)
        hi = amounts[bb] if bb is not None else big
        return lo, hi

    @staticmethod
    def _info(game: dict[str, Any], hand_id: str, log: LogFacts, context: HandContext,
              stakes: tuple[int, int], ante: int, button: int | None) -> HandInfo:
        return _NEW_INFO(
            SITE, hand_id, game.get("game", "other"), game.get("variant", ""),
            game.get("limit", "NL"), game.get("hi_lo", False), game.get("hole_cards", 0),
            stakes, ante, None, "", "", log.decimals, log.tournament, log.table, None, button,
            context.started,
        )


def _compiled(op: str, const: tuple[Any, ...], values: list[Value], amounts: AmountCache
              ) -> tuple[Any, ...] | None:
    """The hand loop's tuple of a row the grammar read (None: not a row of a hand)."""
    if values and isinstance(values[0], tuple):
        name, pid = values[0]
    else:
        name = pid = None
    code = _CODES.get(op)
    if code is not None:
        if code <= CHECK:
            return code, pid, name
        return code, pid, name, amounts[values[1]], const[0]
    if op == "post":
        blind, all_in = const
        return POST, pid, name, amounts[values[1]], all_in, blind, _BLIND_KINDS[blind]
    if op == "shows":
        return SHOWS, pid, name, cards_of(values[1])
    if op == "collected":
        return COLLECTED, pid, name, amounts[values[1]], const[0]
    if op == "uncalled":
        name, pid = values[1]
        return UNCALLED, pid, name, amounts[values[0]]
    if op == "board":
        street, run = const
        board = cards_of(values[0]) + (cards_of(values[1]) if len(values) > 1 else ())
        return BOARD, street, run, board
    if op == "your_hand":
        return YOUR_HAND, cards_of(values[0])
    if op in _NOTES:
        return NOTE, pid, name
    if op == "run_twice_agreed":
        return (RUN_AGREED,)
    if op == "undealt":
        return (UNDEALT,)
    if op == "ending":
        return ENDING, values[0]
    if op == "table_move":
        return (TABLE,)  # a tournament's table move: a table row
    if op == "stacks":
        return STACKS, tuple((int(values[i]), values[i + 1][1], values[i + 1][0],
                              amounts[values[i + 2]]) for i in range(0, len(values), 3))
    if op == "header":
        dead_button = const[1]
        dealer = None if dead_button else (values[-1][1], values[-1][0])
        return HEADER, values[0], dead_button, dealer, ""
    return None


# The rows that are seldom the same twice (a hand's header, stacks and ending, boards,
# cards shown, uncalled bets, collections with a hand description), read by one regular
# expression each instead of through their shape and the grammar: the same tuples
# ``_compiled`` makes (a test holds them to it on every such row of the corpus). A row
# they do not match goes the grammar's way.
_CARDS_RE = rf"{_CARD}(?:, {_CARD})*"
_SEAT_RE = r'#(\d+) "(.*?) @ ([\w-]+)" \((\d+(?:\.\d+)?)\)'
_SEAT_ANY = r'#\d+ ".*? @ [\w-]+" \(\d+(?:\.\d+)?\)'
_FAST_STACKS: Final = re.compile(rf"Player stacks: {_SEAT_ANY}(?: \| {_SEAT_ANY})*")
_FAST_SEAT: Final = re.compile(_SEAT_RE)
_FAST_HEADER: Final = re.compile(
    r"-- starting hand #(\d+) +(?:\(id: [\w-]+\) +)?\(([^()]*)\) "
    r'\((?:dealer: "(.*) @ ([\w-]+)"|(dead button))\) --')
_FAST_BOARD: Final = re.compile(
    rf"(Flop|Turn|River)(?: \((\w+) run\))?: +(\[?{_CARDS_RE}\]?)(?: (\[{_CARDS_RE}\]))?")
_FAST_MINE: Final = re.compile(rf"Your hand is ({_CARDS_RE})")
# Rows of every hand that carry its number or an amount (the player's name lazily, as
# the field regex reads it: the first " @ " that an id and the closing quote follow).
_FAST_ENDING: Final = re.compile(r"-- ending hand #(\d+(?:\.\d+)?) --")
_FAST_UNCALLED: Final = re.compile(
    r'Uncalled bet of (\d+(?:\.\d+)?) returned to "(.*?) @ ([\w-]+)"')
_FAST_SHOWS: Final = re.compile(rf'"(.*) @ ([\w-]+)" shows a ({_CARDS_RE})\.')
# (A hand's description ends at a space or the row's end, the only places where what may
# follow it starts: the look-ahead turns the other places away before the two optional
# groups are tried there, a third of the match.)
_FAST_COLLECTED: Final = re.compile(
    r'"(.*) @ ([\w-]+)" collected (\d+(?:\.\d+)?) from pot(?: with .+?(?=$| ))?'
    rf"(?: on the (\w+) run)?(?: +\(combination: {_CARDS_RE}\))?")
# The same with the name taken lazily, for a row that holds " @ " once (``_one_at``):
# then the name ends there either way, and the greedy name's backtracking from the row's
# end (a third of a collection's match, more of a shown hand's) is saved.
_ONE_AT_SHOWS: Final = re.compile(_FAST_SHOWS.pattern.replace('"(.*) @', '"(.*?) @', 1))
_ONE_AT_COLLECTED: Final = re.compile(
    _FAST_COLLECTED.pattern.replace('"(.*) @', '"(.*?) @', 1))
_ONE_AT_HEADER: Final = re.compile(
    _FAST_HEADER.pattern.replace('dealer: "(.*) @', 'dealer: "(.*?) @', 1))


def _stacks_row(seats: list[tuple[str, str, str, str]]) -> str:
    """The stacks row whose ``_FAST_SEAT`` groups are ``seats``, written back."""
    return "Player stacks: " + " | ".join(
        [f'#{seat} "{name} @ {pid}" ({stack})' for seat, name, pid, stack in seats])


def _one_at(entry: str) -> bool:
    """Whether ``entry`` holds " @ " exactly once (two that overlap, " @ @ ", are two)."""
    at = entry.find(" @ ")
    return at >= 0 and entry.rfind(" @ ") == at


def fast_row(entry: str, amounts: AmountCache) -> tuple[Any, ...] | None:
    """The hand loop's tuple of a row of the kinds seldom seen twice, or None. (Each
    match's groups are read with one ``groups()``: compiled, a ``group()`` a field is a
    Python method call each.)"""
    first = entry[:1]
    if first == '"':
        if entry[-1:] == "." and " shows a " in entry:
            if m := (_ONE_AT_SHOWS if _one_at(entry) else _FAST_SHOWS).fullmatch(entry):
                name, pid, cards = m.groups()
                return SHOWS, pid, name, cards_of(cards)
        elif " collected " in entry and (m := (
                _ONE_AT_COLLECTED if _one_at(entry) else _FAST_COLLECTED).fullmatch(entry)):
            name, pid, amount, word = m.groups()
            return (COLLECTED, pid, name, amounts[amount],
                    _RUNS.get(word.lower(), -1) if word else 0)
    elif first == "P":
        if entry.startswith("Player stacks: "):
            seats = _FAST_SEAT.findall(entry)
            # Every character of a seat's match is a literal or in a group: where the
            # seats found, written back, are the row, it matches ``_FAST_STACKS`` (the
            # seats are a way it does), whose whole match is not needed then.
            if seats and (_stacks_row(seats) == entry or _FAST_STACKS.fullmatch(entry)):
                return STACKS, tuple((int(seat), pid, name, amounts[stack])
                                     for seat, name, pid, stack in seats)
    elif first == "-":
        if m := _FAST_ENDING.fullmatch(entry):
            return ENDING, m[1]
        if m := (_ONE_AT_HEADER if _one_at(entry) else _FAST_HEADER).fullmatch(entry):
            number, game, dealer, dealer_id, dead_button = m.groups()
            dead = dead_button is not None
            return (HEADER, number, dead, None if dead else (dealer_id, dealer),
                    game.strip())
    elif first == "U":
        if m := _FAST_UNCALLED.fullmatch(entry):
            amount, name, pid = m.groups()
            return UNCALLED, pid, name, amounts[amount]
    elif first in "FTR":
        if m := _FAST_BOARD.fullmatch(entry):
            street, word, cards, more = m.groups()
            board = cards_of(cards) + (cards_of(more) if more else ())
            return (BOARD, street.lower(), _RUNS.get(word.lower(), -1) if word else 0,
                    board)
    elif first == "Y" and (m := _FAST_MINE.fullmatch(entry)):
        return YOUR_HAND, cards_of(m[1])
    return None


def _covers(total: int, player: str, commit: dict[str, int], left: dict[str, int],
            folded: set[str]) -> bool:
    """Whether a street total of ``total`` covers every opponent still in the hand (his
    chips on the street plus those behind): PokerNow says "and go all in" of such a bet
    too, though the bettor keeps chips behind."""
    for q, behind in left.items():
        if q != player and q not in folded and commit.get(q, 0) + behind > total:
            return False
    return True


def _dead_button(seats: list[ev.Seat], small: tuple[int, int] | None) -> int | None:
    """The button seat of a hand whose button is dead (or whose dealer left): just
    before the small blind, so that he acts first after the flop."""
    if small is not None:
        return small[0] - 1
    return None


class _Unsupported(Exception):
    def __init__(self, message: str, info: HandInfo) -> None:
        super().__init__(message)
        self.message = message
        self.info = info


class _HandError(LineError):
    """A ``LineError`` in a hand whose header was read."""

    def __init__(self, line: int, message: str, info: HandInfo) -> None:
        super().__init__(line, message)
        self.info = info


_HAND_NUMBER: Final = re.compile(r"-- starting hand #(\d+)")
_GAME: Final = re.compile(r"-- starting hand #\d+ +(?:\(id: [\w-]+\) +)?\(([^()]*)\)")


def _hand_number(header: str) -> str:
    m = _HAND_NUMBER.match(header)
    return m.group(1) if m else ""


def _explain(exc: UnexpectedInput, shape: str, text: str) -> str:
    """A message a person understands, built from the error's position (``str()`` of a
    lark-cython error raises, so it is never used)."""
    col = getattr(exc, "column", None) or getattr(exc, "pos_in_stream", 0) or 0
    pos = max(0, min(len(shape), int(col) - 1 if isinstance(col, int) else 0))
    rest = "".join(_READABLE.get(ch, ch) for ch in shape[pos: pos + 40]).strip()
    where = f" at '{rest}'" if rest else " at the end of the row"
    return f"not a PokerNow row{where}: {text[:120]!r}"
