"""PHH hands (TOML, one table per hand) into hands: the inputs of a hand replayed into events.

A PHH hand states its inputs, not its results: forced bets as arrays, the starting stacks,
the action sequence, and at most each player's ``winnings``. How it maps to the event model:

- **Seats and the button.** Players are listed in betting order: p1 the small blind, p2 the
  big blind, …, the button last; heads-up the blinds are applied reversed, so p2 is the
  button and posts the small blind (``blinds_or_straddles[0]``) and p1 the big blind
  (FORMATS.md §7). ``seats`` gives each player's seat number (else 1, 2, …); the button is
  the last player's seat. Seat numbers that do not run clockwise in that order are replaced
  by the players' positions, so the turn order is PHH's own.
- **Forced bets.** ``antes`` then ``blinds_or_straddles`` (the first two the small and big
  blind, any later non-zero one a straddle), posted before the actions, each at most what
  the player has (as PokerKit posts them).
- **Actions.** ``d dh pN CARDS`` hole cards (``????``: unknown), ``d db CARDS`` the next street,
  ``pN f`` fold, ``pN cc`` check or call (which, and how much, follows from the street's
  bets: a call is what the player owes, or all he has left), ``pN cbr X`` a bet or raise
  TO ``X`` (a bet when nobody has bet on the street; ``Raise.by`` unknown: PHH never prints
  the increment), ``pN sm CARDS`` shows (``????``: shown but unknown here; ``pN sm`` alone
  mucks). Discards (``sd``) and bring-ins (``pb``) belong to draw and stud: HH002.
- **Unknown stacks** (``inf``, HandHQ's iPoker hands): such a player's stack is read as
  ``UNKNOWN_STACK`` (10^15 units, the largest amount the auditor reads), so no commitment
  exceeds it (TU005 never fires) and his stack never makes him all-in. A player of
  unknown stack who stops acting while still in the hand although others act after him
  must have been all-in: his stack is then what he put in (the least the history allows),
  so the replay takes him as all-in and nobody is accused of skipping him. What a short
  stack would have changed (an all-in call for less, a side pot) cannot be judged.
- **Winnings.** Where given, ``winnings`` are what each player was paid from the pots, after
  rake and without his uncalled bet (SITES.md §2.7): one ``Collected`` per winner, with no
  pot label. Where they are all zero or missing (28 of the 41 HandHQ hands: the dataset
  did not record them) there is no ``Collected`` at all and the hand's dialect says the
  payouts are ``absent``. The rake is never stated.

Amounts are TOML numbers read exactly (``tomllib`` with ``decimal.Decimal`` for floats), in
the smallest unit their decimals need (cents when the hand names a currency). Event lines
are those of the TOML: each action on the line of its string in ``actions``.
"""

from __future__ import annotations

import re
import tomllib
from contextlib import suppress
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from operator import itemgetter
from typing import Any

from auditor.model import events as ev
from auditor.model.dialect import Dialect
from auditor.model.hand import Game, Hand, HandInfo, Limit
from auditor.model.money import MAX_UNITS
from auditor.parsing.blocks import HandBlock
from auditor.parsing.errors import LineError, Unreadable
from auditor.sites.phh import fast_toml

SITE = "phh"
UNKNOWN_STACK = MAX_UNITS
_MAX_DECIMALS = 6
_MAX_WHOLE = MAX_UNITS // 10**_MAX_DECIMALS  # an integer amount surely small enough

# variant -> (game, limit, hi/lo, hole cards, name)
_VARIANTS: dict[str, tuple[Game, Limit, bool, int, str]] = {
    "NT": ("holdem", "NL", False, 2, "No-limit Texas hold'em"),
    "FT": ("holdem", "FL", False, 2, "Fixed-limit Texas hold'em"),
    "PO": ("omaha", "PL", False, 4, "Pot-limit Omaha hold'em"),
    "FO/8": ("omaha", "FL", True, 4, "Fixed-limit Omaha hold'em high/low-split eight or better"),
}
_NOT_REPLAYED = {
    "NS": "No-limit short-deck hold'em", "F7S": "Fixed-limit seven card stud",
    "F7S/8": "Fixed-limit seven card stud high/low-split eight or better",
    "FR": "Fixed-limit razz", "N2L1D": "No-limit deuce-to-seven single draw",
    "F2L3D": "Fixed-limit deuce-to-seven triple draw", "FB": "Fixed-limit badugi",
}
_SYMBOL_CURRENCY = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}
_TABLE_HEADER = re.compile(r"^\[[^\[\]\n]+\][ \t]*(?:#.*)?$")
_KEY = re.compile(r"[ \t]*([A-Za-z0-9_\-]+|'[^'\n]*'|\"[^\"\n]*\")[ \t]*=")
_CARD = re.compile(r"[2-9TJQKA?][cdhs?]")
_STREETS = {0: ("flop", 3), 3: ("turn", 1), 4: ("river", 1)}
_CARDS_SEEN: dict[str, tuple[str, ...]] = {}
_WORDS: dict[str, list[str]] = {}  # an action's words (actions repeat: 'p3 f', 'd dh p1 ????')
# (an amount's text or Decimal, decimals) -> units: amounts repeat (blinds, stacks, bets).
_AMOUNTS: dict[tuple[Any, int], int] = {}
# (limit, decimals, small bet, big bet, minimum bet, forced bets) -> the header's stakes.
_STAKES: dict[tuple[Any, ...], tuple[int, int]] = {}

_NEW = {cls: ev.positional(cls) for cls in (
    ev.Fold, ev.Check, ev.Call, ev.Bet, ev.Raise, ev.PostBlind, ev.HoleCards, ev.StreetStart,
    ev.Shows, ev.Mucks, ev.Collected, ev.ShowdownStart, ev.Seat,
)}


_NEW_HAND = ev.positional(Hand)
_NEW_INFO = ev.positional(HandInfo)
_FIRST = itemgetter(0)
_HOLE, _STREET, _FOLD, _CHECK, _CALL, _BET, _RAISE = (_NEW[c] for c in (
    ev.HoleCards, ev.StreetStart, ev.Fold, ev.Check, ev.Call, ev.Bet, ev.Raise))


class _NotReplayed(Exception):
    def __init__(self, line: int, message: str, info: HandInfo | None) -> None:
        super().__init__(message)
        self.line, self.message, self.info = line, message, info


@dataclass(slots=True)
class _Player:
    """One player during the reader's own walk through the actions."""

    name: str
    stack: int  # what he has left (UNKNOWN_STACK - put in, when unknown)
    known: bool
    commit: int = 0  # live chips on the current street
    total: int = 0
    folded: bool = False
    all_in: bool = False
    hole: tuple[str, ...] = ()
    last_money: int = -1  # index in the events of his last post, call, bet or raise
    last_action: int = -1  # index in the actions of his last action
    last_money_action: int = -2  # index in the actions of his last call, bet or raise
    last_street: int = 0  # the street (0 preflop … 3 river) of his last action
    owes_action: bool = False  # unknown stack: the betting went on past him since


class PhhReader:
    """Reads PHH hand blocks (one TOML table each)."""

    def __init__(self, *, fast: bool = True) -> None:
        from auditor.sites.phh import DIALECT, NO_PAYOUTS_DIALECT

        self.dialects = (DIALECT, NO_PAYOUTS_DIALECT)
        # Without ``fast`` every table is read by ``tomllib``: the reference the fast
        # reading of the common table is tested against.
        self.fast = fast

    def read(self, block: HandBlock) -> Hand | Unreadable:
        """The hand of ``block``, or why it cannot be replayed (HH001, HH002)."""
        hand = _HandReader(self, block)
        try:
            return hand.read()
        except _NotReplayed as exc:
            return self._unreadable(block, exc.line, "HH002", exc.message, exc.info)
        except LineError as error:  # (compiled, one name for both would be a _NotReplayed)
            return self._unreadable(block, error.line, "HH001", error.message, hand.partial)

    def _unreadable(self, block: HandBlock, line: int, code: str, message: str,
                    info: HandInfo | None) -> Unreadable:
        first, last = block.span
        hand_id = info.hand_id if info else _table_name(block)
        return Unreadable(source=block.source, first_line=first, last_line=last, line=line,
                          code=code, message=message, site=SITE, hand_id=hand_id, info=info)


def _table_name(block: HandBlock) -> str:
    """The TOML table name of a ``.phhs`` hand (``[3]`` -> ``3``), else ""."""
    first = block.lines[0].strip() if block.lines else ""
    return first.split("]")[0][1:].strip() if _TABLE_HEADER.match(first) else ""


def _string_lines(text: str, start: int) -> list[int]:
    """The offsets of the strings of the TOML array that opens at ``text[start]`` (its
    ``[``), comments and nested arrays skipped; [] if the array does not close."""
    out: list[int] = []
    i = start + 1
    depth = 1
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "#":
            i = text.find("\n", i)
            if i < 0:
                return []
            continue
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth == 0:
                return out
        elif ch in "'\"":
            triple = text.startswith(ch * 3, i)
            quote = ch * 3 if triple else ch
            if depth == 1:
                out.append(i)
            j = i + len(quote)
            while True:
                end = text.find(quote, j)
                if end < 0:
                    return []
                if ch == '"' and not triple:
                    backslashes = len(text[j:end]) - len(text[j:end].rstrip("\\"))
                    if backslashes % 2:
                        j = end + 1
                        continue
                break
            i = end + len(quote)
            continue
        i += 1
    return []


class _HandReader:
    """Reads one PHH hand (one use)."""

    def __init__(self, reader: PhhReader, block: HandBlock) -> None:
        self.reader = reader
        self.block = block
        lines = block.lines
        offset = self.offset = 1 if lines and _TABLE_HEADER.match(lines[0].strip()) else 0
        self.partial: HandInfo | None = None  # what the hand says of itself, once read
        self.keys: dict[str, int] = {}  # key -> line index in ``lines``
        # The common table, one key per line, read fast; anything else by ``tomllib``.
        fast = fast_toml.loads(lines[offset:]) if reader.fast else None
        self.data: dict[str, Any] | None = None
        self.one_line_actions = fast is not None
        if fast is not None:
            self.data = fast[0]
            self.keys = {key: i + offset for key, i in fast[1].items()}
            return
        for i, line in enumerate(lines[offset:], offset):
            m = _KEY.match(line)
            if m:
                self.keys.setdefault(m.group(1).strip("'\""), i)

    def no(self, i: int) -> int:
        numbers = self.block.numbers
        return self.block.first_line + i if numbers is None else numbers[i]

    def line_of(self, key: str) -> int:
        """The file line of ``key``'s assignment (the table's first line if absent)."""
        return self.no(self.keys.get(key, 0))

    # --- amounts ------------------------------------------------------------------------

    def _decimals(self, data: dict[str, Any]) -> int:
        """The smallest unit the hand's amounts need (cents at least, with a currency)."""
        needed = 0
        for key in _AMOUNT_KEYS:
            i = self.keys.get(key)
            if i is None:
                continue
            line = self.block.lines[i]
            if "." in line:
                for frac in _FRACTION.findall(line):
                    digits = len(frac.rstrip("0"))
                    if digits > needed:
                        needed = digits
        if not self.one_line_actions:  # written another way: read from the values
            needed = max(needed, _value_decimals(data))
        if data.get("currency") or data.get("currency_symbol"):
            needed = max(needed, 2)
        if needed > _MAX_DECIMALS:
            raise LineError(self.line_of("starting_stacks"),
                            f"an amount finer than 10^-{_MAX_DECIMALS}: not money")
        return needed

    def units(self, value: Any, line: int, what: str) -> int:
        """``value`` (a TOML integer or decimal) in the hand's smallest unit, exactly."""
        if value.__class__ is int and 0 <= value <= _MAX_WHOLE:
            return value * self.scale  # type: ignore[no-any-return]
        if value.__class__ is Decimal:
            found = _AMOUNTS.get((value, self.decimals))
            if found is not None:
                return found
        if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
            raise LineError(line, f"{what} is not a number: {value!r}")
        scaled = Decimal(value).scaleb(self.decimals)
        if not scaled.is_finite() or scaled != scaled.to_integral_value() or scaled < 0:
            raise LineError(line, f"{what} is not an amount of this hand: {value!r}")
        units = int(scaled)
        if units > MAX_UNITS:
            raise LineError(line, f"{what} is too large an amount to audit: {value!r}")
        if value.__class__ is Decimal and len(_AMOUNTS) < 100_000:
            _AMOUNTS[value, self.decimals] = units
        return units

    def amount_list(self, data: dict[str, Any], key: str, n: int, *,
                    required: bool = True) -> list[int]:
        line = self.line_of(key)
        values = data.get(key)
        if values is None and not required:
            return [0] * n
        if not isinstance(values, list) or len(values) != n:
            raise LineError(line, f"'{key}' must list one amount for each of the {n} players")
        return [self.units(v, line, f"'{key}'") for v in values]

    # --- the hand ------------------------------------------------------------------------

    def read(self) -> Hand:
        block = self.block
        first = block.first_line
        data = self.data
        if data is None:
            try:
                data = tomllib.loads("\n".join(block.lines[self.offset:]), parse_float=Decimal)
            except tomllib.TOMLDecodeError as exc:
                line = re.search(r"line (\d+)", str(exc))
                at = first + self.offset + int(line.group(1)) - 1 if line else first
                raise LineError(at, f"not a PHH hand (TOML): {exc}") from None
        variant = str(data.get("variant", ""))
        stacks_raw = data.get("starting_stacks")
        if not isinstance(stacks_raw, list) or not stacks_raw:
            raise LineError(self.line_of("starting_stacks"), "no 'starting_stacks'")
        n = len(stacks_raw)
        names = data.get("players")
        if names is None:
            names = [f"p{i + 1}" for i in range(n)]
        if (not isinstance(names, list) or len(names) != n
                or len({str(x) for x in names}) != n):
            raise LineError(self.line_of("players"),
                            f"'players' must name each of the {n} players once")
        self.names = names = [str(x) for x in names]
        self.decimals = self._decimals(data)
        self.scale = 10**self.decimals
        if variant not in _VARIANTS:
            info = self.partial = self._info(data, variant, n)
            why = (f"{_NOT_REPLAYED[variant]} ({variant}): stud and draw games are not replayed"
                   if variant in _NOT_REPLAYED else f"PHH variant {variant!r} is not replayed")
            raise _NotReplayed(self.line_of("variant"), why, info)
        seats = self._seats(data, n)
        info = self.partial = self._info(data, variant, n, button=seats[-1])
        stack_line = self.line_of("starting_stacks")
        players: list[_Player] = []
        for name, raw in zip(names, stacks_raw, strict=True):
            if isinstance(raw, Decimal) and raw.is_infinite() and raw > 0:
                players.append(_Player(name, UNKNOWN_STACK, False))
            else:
                players.append(_Player(name, self.units(raw, stack_line, "a starting stack"),
                                       True))
        self.players = players
        events = self._events(data, players, info)
        # A player of unknown stack who stopped acting while still in the hand was all-in:
        # his stack is what he put in.
        start = {p.name: (p.total if p.all_in and not p.known else
                          (UNKNOWN_STACK if not p.known else p.stack + p.total))
                 for p in players}
        seat_line = self.line_of("players") if "players" in self.keys else stack_line
        new_seat = _NEW[ev.Seat]
        seat_events = [new_seat(seat_line, seat, p.name, start[p.name], False)
                       for seat, p in sorted(zip(seats, players, strict=True),
                                             key=_FIRST)]
        winnings = data.get("winnings")
        paid = (isinstance(winnings, list) and len(winnings) == n
                and any(w for w in winnings if not isinstance(w, bool)))
        if paid:
            won_line = self.line_of("winnings")
            for p, w in zip(players, winnings, strict=True):  # type: ignore[arg-type]
                value = self.units(w, won_line, "a player's winnings")
                if value:
                    events.append(_NEW[ev.Collected](won_line, p.name, value, None, 0))
        dialect: Dialect = self.reader.dialects[0 if paid else 1]
        first_line, last_line = block.span
        return _NEW_HAND(block.source, first_line, last_line, info, tuple(seat_events),
                         tuple(events), False, dialect)

    def _info(self, data: dict[str, Any], variant: str, n: int, button: int | None = None
              ) -> HandInfo:
        game, limit, hi_lo, hole, name = _VARIANTS.get(
            variant, ("other", "NL", False, 0, _NOT_REPLAYED.get(variant, variant)))
        blinds = data.get("blinds_or_straddles")
        key = (limit, self.decimals, data.get("small_bet"), data.get("big_bet"),
               data.get("min_bet"), tuple(blinds) if isinstance(blinds, list) else None)
        stakes = _STAKES.get(key)
        if stakes is None:
            stakes = (0, 0)
            try:
                if limit == "FL":
                    stakes = (self.units(data.get("small_bet", 0), 0, ""),
                              self.units(data.get("big_bet", 0), 0, ""))
                else:
                    forced = [b for b in blinds or [] if b]
                    if len(forced) >= 2:
                        stakes = (self.units(abs(forced[0]), 0, ""),
                                  self.units(abs(forced[1]), 0, ""))
                    elif "min_bet" in data:
                        stakes = (0, self.units(data["min_bet"], 0, ""))
            except (LineError, TypeError):
                stakes = (0, 0)
            if len(_STAKES) < 10_000:
                _STAKES[key] = stakes
        symbol = str(data.get("currency_symbol", ""))
        currency = str(data.get("currency", "") or _SYMBOL_CURRENCY.get(symbol, ""))
        started = ""
        if all(isinstance(data.get(k), int) for k in ("year", "month", "day")):
            started = f"{data['year']:04d}/{data['month']:02d}/{data['day']:02d}"
            if data.get("time") is not None:
                started += f" {data['time']}"
            zone = data.get("time_zone_abbreviation") or data.get("time_zone")
            if zone:
                started += f" {zone}"
        hand_id = data.get("hand")
        seat_count = data.get("seat_count")
        return _NEW_INFO(  # the HandInfo fields, in order
            SITE, str(hand_id) if hand_id is not None else _table_name(self.block), game, name,
            limit, hi_lo, hole, stakes, 0, None, currency, symbol, self.decimals,
            str(data["event"]) if data.get("event") else None, str(data.get("table", "")),
            seat_count if isinstance(seat_count, int) else None, button, started,
        )

    def _seats(self, data: dict[str, Any], n: int) -> list[int]:
        """Each player's seat number, p1 first; the button is the last one's."""
        seats = data.get("seats")
        positional = list(range(1, n + 1))
        if seats is None:
            return positional
        if (not isinstance(seats, list) or len(seats) != n
                or not all(isinstance(s, int) and not isinstance(s, bool) and s > 0
                           for s in seats) or len(set(seats)) != n):
            raise LineError(self.line_of("seats"), f"'seats' must give {n} distinct seat numbers")
        # Clockwise from the button (the last player): p1, p2, … in seat order.
        button = seats[-1]
        clockwise = sorted(seats, key=lambda s: (s <= button, s))
        return seats if clockwise == seats else positional

    def _events(self, data: dict[str, Any], players: list[_Player], info: HandInfo
                ) -> list[ev.Event]:
        events: list[ev.Event] = []
        n = len(players)
        heads_up = n == 2
        antes = self.amount_list(data, "antes", n, required=False)
        blinds = self.amount_list(data, "blinds_or_straddles", n, required=False) \
            if data.get("blinds_or_straddles") is not None else [0] * n
        post = _NEW[ev.PostBlind]
        ante_line = self.line_of("antes")
        for i, p in enumerate(players):
            ante = antes[1 - i] if heads_up else antes[i]
            if ante:
                self._put(p, min(ante, p.stack), events, ante_line, "ante", live=False)
        blind_line = self.line_of("blinds_or_straddles")
        order = [1, 0] if heads_up else range(n)  # heads-up: p2 posts the small blind first
        for i in order:
            p = players[i]
            position = 1 - i if heads_up else i
            blind = blinds[position]
            if blind:
                kind = "small" if position == 0 else "big" if position == 1 else "straddle"
                self._put(p, min(blind, p.stack), events, blind_line, kind, post=post)
        actions = data.get("actions")
        action_line = self.line_of("actions")
        if not isinstance(actions, list):
            raise LineError(action_line, "no 'actions' list")
        lines = self._action_lines(len(actions), action_line)
        self._walk(actions, lines, events, info)
        return events

    def _action_lines(self, count: int, default: int) -> list[int]:
        """The file line of each string of ``actions``."""
        i = self.keys.get("actions")
        if i is None or self.one_line_actions:
            return [default] * count
        text = "\n".join(self.block.lines[self.offset:])
        # Offsets of the body's lines (the body starts at line index ``offset``).
        starts = [0]
        for m in re.finditer("\n", text):
            starts.append(m.end())
        line_start = starts[i - self.offset]
        bracket = text.find("[", text.find("=", line_start))
        offsets = _string_lines(text, bracket) if bracket >= 0 else []
        if len(offsets) != count:
            return [default] * count
        from bisect import bisect_right

        return [self.no(bisect_right(starts, o) - 1 + self.offset) for o in offsets]

    def _put(self, p: _Player, amount: int, events: list[ev.Event], line: int, kind: str, *,
             live: bool = True, post: Any = None) -> None:
        """A forced bet of ``amount`` by ``p``."""
        p.stack -= amount
        p.total += amount
        if live:
            p.commit += amount
        if p.stack == 0 and p.known:
            p.all_in = True
        p.last_money = len(events)
        events.append(_NEW[ev.PostBlind](line, p.name, kind, amount, 0, p.all_in and p.known))

    def _walk(self, actions: list[Any], lines: list[int], events: list[ev.Event],
              info: HandInfo) -> None:
        """The actions in order, with the street's bets followed to tell checks from calls
        and bets from raises, and to size calls."""
        players = self.players
        by_label = {f"p{i + 1}": p for i, p in enumerate(players)}
        unknown = [p for p in players if not p.known]
        board: list[str] = []
        bet = max((p.commit for p in players), default=0)
        showdown = False
        streets = 0  # streets dealt after the preflop
        append = events.append
        for k, raw in enumerate(actions):
            line = lines[k]
            if raw.__class__ is not str:
                raise LineError(line, f"an action that is not a string: {raw!r}")
            words = _WORDS.get(raw)
            if words is None:
                words = raw.split() if "#" not in raw else raw.split("#")[0].split()
                if len(_WORDS) < 100_000:
                    _WORDS[raw] = words
            if not words:
                continue  # a comment alone
            first = words[0]
            count = len(words)
            if first == "d":
                if count == 4 and words[1] == "dh":
                    p = by_label.get(words[2])
                    if p is None:
                        raise LineError(line, f"{raw!r}: no player {words[2]}")
                    cards = self._cards(words[3], line, raw)
                    p.hole = cards
                    append(_HOLE(line, p.name, cards))
                    continue
                if count == 3 and words[1] == "db":
                    cards = self._cards(words[2], line, raw)
                    step = _STREETS.get(len(board))
                    if step is None or len(cards) != step[1]:
                        raise LineError(line, f"{raw!r}: not the next street's cards "
                                              f"(the board has {len(board)} cards)")
                    board += cards
                    streets += 1
                    for p in players:
                        p.commit = 0
                    bet = 0
                    append(_STREET(line, step[0], tuple(board), 0))
                    continue
                raise LineError(line, f"not a PHH dealing action: {raw!r}")
            p = by_label.get(first)
            if p is None:
                raise LineError(line, f"not a PHH action (no player {first!r}): {raw!r}")
            verb = words[1] if count > 1 else ""
            to = 0
            if verb == "cbr" and count == 3:
                to = self._amount(words[2], line, raw)
            if unknown and verb in ("f", "cc", "cbr"):
                for q in unknown:
                    # A player of unknown stack still in the hand owes an action when a
                    # later street is played, or someone raises past him.
                    if (q is not p and not q.folded and q.last_action >= 0
                            and (streets > q.last_street or to > q.commit)):
                        q.owes_action = True
                p.last_action = k
                p.last_street = streets
                p.owes_action = False
            if count == 2 and verb == "f":
                p.folded = True
                append(_FOLD(line, p.name))
            elif count == 2 and verb == "cc":
                owed = bet - p.commit
                if owed <= 0:
                    append(_CHECK(line, p.name))
                else:
                    amount = owed if owed < p.stack else p.stack
                    p.stack -= amount
                    p.commit += amount
                    p.total += amount
                    if p.stack == 0:
                        p.all_in = True
                    p.last_money = len(events)
                    p.last_money_action = k
                    append(_CALL(line, p.name, amount, p.all_in and p.known))
            elif count == 3 and verb == "cbr":
                added = to - p.commit
                if added <= 0:
                    raise LineError(line, f"{raw!r}: a bet or raise to {words[2]} is no more "
                                          "than the player already has in on the street")
                p.stack -= added
                p.commit = to
                p.total += added
                if p.stack <= 0 and p.known:
                    p.all_in = True
                p.last_money = len(events)
                p.last_money_action = k
                flag = p.all_in and p.known and p.stack == 0
                if bet == 0:
                    append(_BET(line, p.name, added, flag))
                else:
                    append(_RAISE(line, p.name, to, None, flag))
                if to > bet:
                    bet = to
            elif verb == "sm" and count in (2, 3):
                if not showdown:
                    showdown = True
                    append(_NEW[ev.ShowdownStart](line, 0))
                if count == 2:
                    append(_NEW[ev.Mucks](line, p.name, ()))
                else:
                    cards = p.hole if words[2] == "-" else self._cards(words[2], line, raw)
                    append(_NEW[ev.Shows](line, p.name, cards, ""))
            elif verb in ("sd", "pb"):
                raise _NotReplayed(line, f"{raw!r}: discards and bring-ins belong to draw and "
                                         "stud games, which are not replayed", info)
            else:
                raise LineError(line, f"not a PHH action: {raw!r}")
        # Unknown stacks: who stopped acting while others went on was all-in.
        for p in unknown:
            if not p.folded and p.owes_action and p.last_money_action == p.last_action:
                p.all_in = True
                events[p.last_money] = _with_all_in(events[p.last_money])
        live = [p for p in players if not p.folded]
        if not showdown and len(live) >= 2 and actions:
            append(_NEW[ev.ShowdownStart](lines[-1], 0))

    def _amount(self, text: str, line: int, raw: str) -> int:
        key = (text, self.decimals)
        found = _AMOUNTS.get(key)
        if found is not None:
            return found
        try:
            value = Decimal(text.replace(",", ""))
        except InvalidOperation:
            raise LineError(line, f"{raw!r}: {text!r} is not an amount") from None
        found = self.units(value, line, f"{raw!r}")
        if len(_AMOUNTS) < 100_000:
            _AMOUNTS[key] = found
        return found

    def _cards(self, text: str, line: int, raw: str) -> tuple[str, ...]:
        """``AcQc`` -> ("Ac", "Qc"); () when any card is unknown (``????``)."""
        found = _CARDS_SEEN.get(text)
        if found is not None:
            return found
        if len(text) % 2 or _CARD.fullmatch(text[:2]) is None:
            raise LineError(line, f"{raw!r}: {text!r} are not cards")
        cards = tuple(text[i : i + 2] for i in range(0, len(text), 2))
        if not all(_CARD.fullmatch(c) for c in cards):
            raise LineError(line, f"{raw!r}: {text!r} are not cards")
        if any("?" in c for c in cards):
            cards = ()
        if len(_CARDS_SEEN) < 100_000:
            _CARDS_SEEN[text] = cards
        return cards


_AMOUNT_KEYS = ("antes", "blinds_or_straddles", "starting_stacks", "winnings", "min_bet",
                "small_bet", "big_bet", "bring_in", "actions")
_FRACTION = re.compile(r"(?<![\w.])\d+\.(\d+)(?![\w.])")


def _value_decimals(data: dict[str, Any]) -> int:
    """The decimals the amounts of ``data`` need, from the values themselves."""
    values: list[Any] = []
    for key in _AMOUNT_KEYS[:-1]:
        v = data.get(key)
        if isinstance(v, list):
            values += v
        elif v is not None:
            values.append(v)
    for action in data.get("actions") or ():
        words = str(action).split("#")[0].split()
        if len(words) == 3 and words[1] == "cbr":
            with suppress(InvalidOperation):
                values.append(Decimal(words[2].replace(",", "")))
    needed = 0
    for v in values:
        if isinstance(v, Decimal) and v.is_finite():
            exponent = v.normalize().as_tuple().exponent
            if isinstance(exponent, int) and -exponent > needed:
                needed = -exponent
    return needed


def _with_all_in(made: ev.Event) -> ev.Event:
    """The same post, call, bet or raise marked all-in."""
    from dataclasses import replace

    post: Any = made  # (a PostBlind, Call, Bet or Raise: each has ``all_in``)
    return replace(post, all_in=True)  # type: ignore[no-any-return]
