"""iPoker ``<game>`` elements into hands: seats, forced bets, actions in played order,
boards, the ``win`` totals as unlabelled collections and the ``bet`` totals as stated.

What the XML holds and how it is read (``corpus/FORMATS.md`` §6, ``SITES.md`` §2.4, §3.9):

- The session's ``<general>`` (the block's ``context``) names the game, the stakes, the
  table and the currency; each ``<game>`` lists its players
  (``<player seat name chips dealer win bet …>``: ``chips`` is the stack at the start,
  ``dealer="1"`` the button, ``bet`` everything he put in, ``win`` everything he got
  back, a returned excess included) and its rounds of ``<action no player type sum>``.
- The file groups each player's cards and actions together: actions are put in the
  order of their ``no``. Rounds 0 (forced bets) and 1 are one street, pre-flop.
- Action types: 0 fold, 1 small blind, 2 big blind (a second one in round 0 is posted
  out of position; more than the big blind is a post of both blinds), 3 call, 4 check,
  5 bet, 6 raise (chips added), 7 all-in (chips added: a bet, call or raise by what it
  does), 15 ante, 23 raise (``sum`` is the street total raised to), 8 and 9 sitting-out
  markers, 16 bring-in (stud). ``sum`` is chips added for 1, 2, 3, 5, 6, 7 and 15.
- Type 23 is read "raise to"; a raise by a player who already had chips in on the
  street (where "to" and "chips added" differ) is read as chips added only when that
  alone makes his actions add up to his ``bet`` without making the betting less
  consistent (a raise that raises nothing or goes over the pot limit, a call that does
  not match the bet). When neither reading fits both, the game is unreadable (HH001)
  with the numbers. In the corpus no raise needs "chips added": the two games where
  only it fits the ``bet`` are 2017+ exports whose ``bet`` counts the raiser's blind
  twice (the next hand's stack, and the pot limit, say the raise was "to").
- Amounts: ``£0.05``, ``RSD16``, ``9,999`` (tournament chips), ``€1,214.15``, and the
  decimal comma of later exports (``€0,50``, ``2,50€``, ``1 001,24€``), told per game.
- iPoker prints no returns, no pots and no rake: each player's ``win`` is one
  ``Collected(pot=None)`` and his ``bet`` a ``StatedBet``; the rake is what the engine
  derives (the dialect's ``rake="derived"``, ``uncalled="in_collected"``; exports of the
  2018+ client leave the returned excess out of ``win``: ``uncalled="silent"``).
- Seats: a player with no action, or marked sitting out (types 8, 9), is sitting out; a
  sitting-out marker after he posted (an ante) folds him. Tournament ``rebuy``/``addon``
  counts become a note before the hand (the chips bought since the previous one).

``HandInfo.started`` is written ``YYYY/MM/DD HH:MM:SS`` whichever of the exports' date
forms the game prints (``2013-07-30 18:26:02``, ``22-Jan-2011 20:11:15``,
``18.05.2021 18:26:13``, ``30/01/2012 02:30``): one form, read by the continuity check;
a date in no known form is kept as printed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from operator import attrgetter
from typing import Any, Final, NamedTuple

from auditor.compiled import mypyc_attr
from auditor.model import events as ev
from auditor.model.dialect import Dialect
from auditor.model.hand import Game, Hand, HandInfo, Limit
from auditor.model.money import AmountError, format_amount, parse_amount
from auditor.parsing.blocks import HandBlock
from auditor.parsing.errors import LineError, Unreadable
from auditor.parsing.shape import int_of
from auditor.sites.ipoker.fragments import XmlError, attribute, elements

SITE: Final = "ipoker"
STREETS: Final[tuple[ev.Street, ...]] = ("preflop", "flop", "turn", "river")
# Round number -> street index: rounds 0 (forced bets) and 1 are pre-flop.
_STREET_OF_ROUND: Final = {0: 0, 1: 0, 2: 1, 3: 2, 4: 3}
_BOARD_TYPES: Final = {"Flop", "Turn", "River"}
_POSTS: Final = {1, 2, 15}
_SITTING_OUT: Final = {8, 9}
_KNOWN_TYPES: Final = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 23}
# Raises whose ``sum`` has two readings: the default one, and the other.
_RAISE_READING: Final = {23: "to", 6: "added"}
_NONE: Final = ("0", "")
_NO_SUM: Final = {0, 4, 8, 9}  # fold, check, sitting out: their sum is not read
_MAX_FLIPS: Final = 4  # ambiguous raises of one player tried in other readings (2^k replays)
_CACHE: Final = 10_000


@mypyc_attr(native_class=False)  # compiled, _with_info could not give it an ``info``
class _Unsupported(Exception):
    """A game the auditor reads but does not replay (HH002)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


# --- amounts --------------------------------------------------------------------------

# An amount as the exports write it: a currency before or after (``$``, ``€``, ``RSD``,
# ``Pts``), digits grouped by commas, dots or spaces.
_AMOUNT: Final = re.compile(r"\s*([^\d]*?)\s*(\d(?:[\d.,\s\xa0\u202f]*\d)?)\s*([^\d]*?)\s*")
# An amount attribute (or stake) whose last separator is a comma before one or two digits:
# the decimal comma of later exports (``€0,50``); ``9,999`` groups thousands.
_DECIMAL_COMMA: Final = re.compile(
    r'\b(?:sum|chips|bet|win)="[^\d"]*\d[\d.\s\xa0\u202f]*,\d{1,2}[^\d",.]*"')
_GROUPED: Final = re.compile(r"\d{1,3}(?:[.,]\d{3})+")
_QUICK_COMMA: Final = re.compile(r',\d\d?[^\d,."]*"')  # cheap first look for _DECIMAL_COMMA
_STAKE_COMMA: Final = re.compile(r"\d,\d{1,2}(?![\d,.])")


class _Amounts(dict[str, int]):
    """Amount texts of one unit and decimal mark, read once each."""

    def __init__(self, decimals: int, comma: bool) -> None:
        super().__init__()
        self.decimals = decimals
        self.comma = comma

    def __missing__(self, text: str) -> int:
        m = _AMOUNT.fullmatch(text)
        if m is None or "-" in m.group(1):
            raise AmountError(f"not an amount: {text!r}")
        number = m.group(2)
        for space in " \xa0\u202f":
            number = number.replace(space, "")
        if not self.decimals and _GROUPED.fullmatch(number):
            # Tournament chips: a dot groups thousands too (``1.500`` on iPoker.it).
            number = number.replace(".", "").replace(",", "")
        value = parse_amount(number, self.decimals, decimal_comma=self.comma)
        if len(self) < _CACHE:
            self[text] = value
        return value


_AMOUNTS: dict[tuple[int, bool], _Amounts] = {}


def amounts(decimals: int, comma: bool) -> _Amounts:
    """The shared reader of amounts in ``decimals`` with (or without) a decimal comma."""
    found = _AMOUNTS.get((decimals, comma))
    if found is None:
        found = _AMOUNTS[(decimals, comma)] = _Amounts(decimals, comma)
    return found


# --- cards ----------------------------------------------------------------------------

_RANKS: Final = {"2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9",
                 "10": "T", "T": "T", "J": "J", "Q": "Q", "K": "K", "A": "A"}
_CARD_CACHE: dict[str, ev.Cards | None] = {}


def cards_of(text: str) -> ev.Cards | None:
    """``CA HQ`` (suit first, ``10`` for a ten) as ``("Ac", "Qh")``; ``()`` where the
    cards are unknown (``X X``, empty); None when a card is not a card."""
    found = _CARD_CACHE.get(text)
    if found is not None or text in _CARD_CACHE:
        return found
    out: list[str] = []
    result: ev.Cards | None
    for token in text.split():
        if token in ("X", "x"):
            out = []
            break
        suit = token[0].lower()
        rank = _RANKS.get(token[1:].upper())
        if suit not in "cdhs" or rank is None:
            result = None
            break
        out.append(rank + suit)
    else:
        result = tuple(out)
    if "X" in text.upper().split():
        result = ()
    if len(_CARD_CACHE) < _CACHE:
        _CARD_CACHE[text] = result
    return result


# --- dates ----------------------------------------------------------------------------

_MONTHS: Final = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)}
_DATES: Final = (
    (re.compile(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?"), "ymd"),
    (re.compile(r"(\d{1,2})-([A-Za-z]{3})-(\d{4}) +(\d{1,2}):(\d{2})(?::(\d{2}))?"), "dby"),
    (re.compile(r"(\d{1,2})[./](\d{1,2})[./](\d{4}) +(\d{1,2}):(\d{2})(?::(\d{2}))?"), "dmy"),
)


def started(text: str) -> str:
    """A game's start as ``YYYY/MM/DD HH:MM:SS`` (see the module doc), or as printed."""
    text = text.strip()
    if (len(text) == 19 and text[4] == "-" and text[7] == "-" and text[10] == " "
            and text[13] == ":" and text[16] == ":" and text.isascii()
            and (text[:4] + text[5:7] + text[8:10] + text[11:13] + text[14:16]
                 + text[17:]).isdigit()):
        # ``2014-01-01 22:50:13``, nearly every game's: what the first pattern makes of it.
        return f"{text[:4]}/{text[5:7]}/{text[8:10]} {text[11:]}"
    return _started_by_patterns(text)


def _started_by_patterns(text: str) -> str:
    """``started`` of a stripped text, by the patterns of every form."""
    for pattern, order in _DATES:
        m = pattern.search(text)
        if m is None:
            continue
        a, b, c, hour, minute, second = m.groups()
        if order == "ymd":
            year, month, day = a, b, c
        elif order == "dby":
            month_no = _MONTHS.get(b.lower())
            if month_no is None:
                continue
            year, month, day = c, str(month_no), a
        else:  # European skins: day first (``18.05.2021``, ``30/01/2012``)
            year, month, day = c, b, a
        return (f"{year}/{int(month):02d}/{int(day):02d} "
                f"{int(hour):02d}:{minute}:{second or '00'}")
    return text


# --- the session --------------------------------------------------------------------


_LIMIT_WORDS: Final[dict[str, Limit]] = {
    "nl": "NL", "бл": "NL", "sl": "NL",  # Spanish "sin límite", Russian "безлимитный"
    "pl": "PL", "пл": "PL",
    "l": "FL", "lh": "FL", "fl": "FL", "limit": "FL", "л": "FL",
}
_STAKES: Final = re.compile(r"([^\s/]+)/([^\s/]+)")
_ANTE: Final = re.compile(r"\bAnte\s+(\S+)", re.I)


@mypyc_attr(native_class=False)  # built by events.positional (object.__new__, slot stores)
@dataclass(frozen=True, slots=True)
class _Session:
    """What a session's ``<general>`` says that its games share."""

    gametype: str
    variant: str  # the game words, without the stakes
    game: Game | None  # None: told by the number of hole cards (``PL €2/€4``)
    limit: Limit
    hi_lo: bool
    hole_cards: int | None
    stakes: tuple[str, str] | None
    ante: str | None
    table: str
    currency: str
    tournament: str | None
    startdate: str
    client: bool  # a ``<client_version>``: the 2018+ client's export (``win`` without excess)
    comma: bool  # the stakes are written with a decimal comma (``PL €0,50/€1``)
    unsafe: str | None  # why the session's XML is refused (a DTD, entities)
    unsupported: str | None  # why its games are not replayed (stud)


def _session_of(context: Any) -> _Session:
    """Read the last ``<general>`` of a block's context (safely)."""
    text = context if isinstance(context, str) else ""
    fields: dict[str, str] = {}
    unsafe = None
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        unsafe = ("the file declares a DTD or entities: it is not read (entities are never "
                  "expanded)")
    else:
        begin = text.rfind("<general")
        end = text.find("</general>", begin)
        if begin >= 0 and end >= 0:
            try:
                for tag, _, _, value in elements(text[begin:end + len("</general>")], 1,
                                                 None, None):
                    fields.setdefault(tag, value.strip())
            except XmlError as exc:
                unsafe = f"the session's <general> is not readable: {exc.message}"
    gametype = fields.get("gametype", "")
    low = gametype.lower()
    stakes_m = list(_STAKES.finditer(gametype))
    stakes = (stakes_m[-1].group(1), stakes_m[-1].group(2)) if stakes_m else None
    words_text = gametype[: stakes_m[-1].start()] if stakes_m else gametype
    ante_m = _ANTE.search(gametype)
    if ante_m:
        words_text = words_text[: ante_m.start()] if ante_m.start() < len(words_text) \
            else words_text
    variant = " ".join(words_text.split())
    words = re.findall(r"[^\W\d_]+", low)
    limit: Limit = "NL"
    if "pot limit" in low or "pot-limit" in low:
        limit = "PL"
    elif "no limit" in low:
        limit = "NL"
    else:
        for w in words:
            if w in _LIMIT_WORDS:
                limit = _LIMIT_WORDS[w]
                break
    unsupported = None
    game: Game | None = None
    hole: int | None = None
    if any(w in low for w in ("stud", "razz", "draw", "badugi")):
        unsupported = f"{variant or gametype}: stud and draw games are not replayed"
    elif "six plus" in low or "6+" in low or "short deck" in low:
        game, hole = "sixplus", 2
    elif "omaha" in low:
        game = "omaha"
        m = re.search(r"\b([56])[- ]?card", low)
        hole = int(m.group(1)) if m else None
    elif "hold" in low or "texas" in low or (words and words[0] == "lh"):
        game, hole = "holdem", 2
    tournament = fields.get("tournamentcode") or fields.get("tournamentname") or None
    if tournament is None and ("buyin" in fields or "totalbuyin" in fields):
        tournament = fields.get("tablename", "") or "?"
    return _NEW_SESSION(
        gametype, variant, game, limit,
        any(w in low for w in ("hi-lo", "hi/lo", "h/l", "hilo", "8 or better")),
        hole, stakes, ante_m.group(1) if ante_m else None, fields.get("tablename", ""),
        fields.get("tablecurrency") or fields.get("currency") or "", tournament,
        fields.get("startdate", ""), "client_version" in fields,
        bool(stakes and _STAKE_COMMA.search("/".join(stakes))), unsafe, unsupported,
    )


_NEW_SESSION: Final = ev.positional(_Session)


_SYMBOLS: Final = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "\ufffd": "EUR"}
_CODES: Final = ("RSD", "CNY", "USD", "EUR", "GBP", "CAD", "SEK", "DKK", "NOK", "Pts")


def _symbol_of(sample: str) -> str:
    """The currency an amount is written with: a symbol or a code (``RSD16``)."""
    m = _AMOUNT.fullmatch(sample)
    if m is None:
        return ""
    around = (m.group(1) or m.group(3)).strip()
    if around in _SYMBOLS:
        return "€" if around == "\ufffd" else around
    return around if around in _CODES else ""


# --- the game -------------------------------------------------------------------------


class _Player:
    """One ``<player>`` of a game, and what its cards and actions say of him.

    (A plain class: compiled, a native one, whose fields are read as a C struct's. Built
    by ``events.positional``, it had to stay a Python class, its fields read by name;
    as a native dataclass, building it cost about 6,500 instructions a player.)"""

    __slots__ = ("acted", "bet", "bought", "cards", "cards_line", "chips", "dealer", "dealt",
                 "line", "name", "seat", "sits_out", "win")

    def __init__(self, seat: int, name: str, line: int, chips: int, bet: int | None,
                 win: int | None, dealer: bool, bought: str) -> None:
        self.seat = seat
        self.name = name
        self.line = line
        self.chips = chips
        self.bet = bet
        self.win = win
        self.dealer = dealer
        self.bought = bought  # ``rebuy``/``addon`` counts above 0, as a note (tournaments)
        self.cards: ev.Cards = ()
        self.cards_line = 0
        self.dealt = False  # a <cards type="Pocket"> element names him
        self.acted = False
        self.sits_out = False


_LINE: Final = attrgetter("line")
_NEW_HAND: Final = ev.positional(Hand)
_NEW_INFO: Final = ev.positional(HandInfo)


class _Act(NamedTuple):
    """One <action>, in the order played once sorted (street, then ``no``)."""

    street: int
    no: int
    player: str
    type: int
    sum: int
    sum_text: str
    line: int


class _Replayed:
    """One replay of a game's actions under given readings of its raises. (A plain
    class, as ``_Player``.)"""

    __slots__ = ("ambiguous", "events", "folded", "implausible", "raised_to", "totals")

    def __init__(self, events: list[ev.Event], totals: dict[str, int], folded: set[str],
                 ambiguous: dict[str, list[int]], implausible: list[str],
                 raised_to: dict[int, int]) -> None:
        self.events = events
        self.totals = totals
        self.folded = folded
        self.ambiguous = ambiguous  # player -> indexes of his raises with two readings
        self.implausible = implausible  # what does not fit the betting (a reason each)
        self.raised_to = raised_to  # raise index -> the street total it raises to, as read


class IPokerReader:
    """Reads iPoker ``<game>`` blocks (``auditor.parsing.elements`` cuts them)."""

    def __init__(self, dialect: Dialect | None = None,
                 client_dialect: Dialect | None = None) -> None:
        from auditor.sites import ipoker

        self.dialect = dialect or ipoker.DIALECT
        self.client_dialect = client_dialect or ipoker.CLIENT_DIALECT
        self.sessions: dict[str, _Session] = {}

    # --- entry ------------------------------------------------------------------------

    def read(self, block: HandBlock) -> Hand | Unreadable:
        """The hand of one ``<game>`` block, or why it is not read (HH001) or not
        replayed (HH002). Never raises."""
        info: HandInfo | None = None
        try:
            return self._read(block)
        except _Unsupported as exc:
            info = exc.__dict__.get("info")
            return self._unreadable(block, exc.line, "HH002", exc.message, info)
        except (LineError, XmlError) as error:  # (compiled, ``exc`` is an _Unsupported)
            info = error.__dict__.get("info")
            return self._unreadable(block, error.line, "HH001", error.message, info)

    def _unreadable(self, block: HandBlock, line: int, code: str, message: str,
                    info: HandInfo | None) -> Unreadable:
        first, last = block.span
        if info is None:
            info = self._bare_info(block)
        return Unreadable(source=block.source, first_line=first, last_line=last, line=line,
                          code=code, message=message, site=SITE, hand_id=info.hand_id,
                          info=info)

    def _bare_info(self, block: HandBlock) -> HandInfo:
        """What the block says without reading its XML (a damaged game)."""
        head = block.lines[0] if block.lines else ""
        m = re.search(r'gamecode="([^"]*)"', head)
        session = self._session(block.context)
        decimals = 0 if session.tournament is not None else 2
        stakes = (0, 0)
        if session.stakes is not None:
            money = amounts(decimals, bool(_STAKE_COMMA.search("/".join(session.stakes))))
            try:
                stakes = (money[session.stakes[0]], money[session.stakes[1]])
            except AmountError:
                stakes = (0, 0)
        text = "\n".join(block.lines)
        date = re.search(r"<startdate>([^<]*)</startdate>", text)
        return HandInfo(site=SITE, hand_id=m.group(1) if m else "", game=session.game or "other",
                        variant=session.variant, limit=session.limit, hi_lo=session.hi_lo,
                        hole_cards=session.hole_cards or 0, stakes=stakes,
                        currency=session.currency if session.tournament is None else "",
                        decimals=decimals, tournament=session.tournament, table=session.table,
                        started=started(date.group(1) if date else session.startdate))

    def _session(self, context: Any) -> _Session:
        key = context if isinstance(context, str) else ""
        found = self.sessions.get(key)
        if found is None:
            if len(self.sessions) >= _CACHE:
                self.sessions.clear()
            found = self.sessions[key] = _session_of(key)
        return found

    # --- the game ---------------------------------------------------------------------

    def _read(self, block: HandBlock) -> Hand:
        session = self._session(block.context)
        if session.unsafe is not None:
            raise LineError(block.first_line, session.unsafe)
        text = "\n".join(block.lines)
        closed = text.endswith("</game>")
        nodes = elements(text if closed else text + "</game>", block.first_line)
        if not nodes or nodes[0][0] != "game":
            raise LineError(block.first_line, "the block is not a <game> element")
        hand_id = attribute(nodes[0][1], "gamecode")
        decimals = 0 if session.tournament is not None else 2
        comma = session.comma or (
            "," in text and _QUICK_COMMA.search(text) is not None
            and _DECIMAL_COMMA.search(text) is not None)
        money = amounts(decimals, comma)

        players: dict[str, _Player] = {}
        acts: list[_Act] = []
        append = acts.append
        rounds: dict[int, int] = {}  # round number -> line of its element
        boards: dict[int, tuple[ev.Cards, int]] = {}  # street -> (its cards, line)
        start_text = ""
        street = -1
        not_replayed: tuple[int, str] | None = None  # stud streets and cards
        value_of = money.get
        new_act = tuple.__new__  # what _Act(…) does, without its Python-level __new__
        # (Typed: compiled, each comparison of the tag with a literal is then a string's,
        # not Python's generic one.)
        tag: str
        attrs: list[str]
        line: int
        value: str
        for tag, attrs, line, value in nodes:
            if tag == "action":
                # Its four attributes in one walk of the list (see ``fragments``).
                name = no_text = kind_text = ""
                sum_text = "0"
                for i in range(0, len(attrs), 2):
                    key = attrs[i]
                    if key == "player":
                        name = attrs[i + 1]
                    elif key == "sum":
                        sum_text = attrs[i + 1]
                    elif key == "type":
                        kind_text = attrs[i + 1]
                    elif key == "no":
                        no_text = attrs[i + 1]
                try:
                    kind = int_of(kind_text)
                    no = int_of(no_text)
                except ValueError:
                    raise LineError(line, "an <action> without a number 'no' and 'type'"
                                    ) from None
                if street < 0:
                    raise LineError(line, "an <action> outside a <round>")
                if name not in players:
                    raise LineError(line, f"an action by {name!r}, who is not among the "
                                          "game's players")
                amount: int | None  # (None only until _amount reads it)
                if kind in _NO_SUM:
                    amount = 0
                else:
                    amount = value_of(sum_text)
                    if amount is None:
                        amount = _amount(money, sum_text, line, f"the sum of {name}'s action")
                append(new_act(_Act, (street, no, name, kind, amount, sum_text, line)))
            elif tag == "cards":
                if street < 0:
                    raise LineError(line, "a <cards> element outside a <round>")
                kind_text = attribute(attrs, "type")
                cards = cards_of(value)
                if kind_text == "Pocket":
                    name = attribute(attrs, "player")
                    p = players.get(name)
                    if p is None:
                        raise LineError(line, f"cards dealt to {name!r}, who is not among "
                                              "the game's players")
                    if cards is None:
                        raise LineError(line, f"not a card in {name}'s cards "
                                              f"{value.strip()!r}")
                    p.dealt = True
                    p.cards = cards
                    p.cards_line = line
                elif kind_text in _BOARD_TYPES:
                    if not cards:
                        raise LineError(line, f"not a {kind_text.lower()}: "
                                              f"{value.strip()!r}")
                    boards[street] = (cards, line)
                elif not_replayed is None:
                    not_replayed = (line, f"{kind_text!r} cards: stud and draw games are "
                                          "not replayed")
            elif tag == "player":
                p = _player(attrs, line, money)
                if p is None:
                    continue  # an empty seat (``name="" chips="$0"``)
                if p.name in players:
                    raise LineError(line, f"{p.name!r} is listed twice among the players")
                players[p.name] = p
            elif tag == "round":
                try:
                    number = int_of(attribute(attrs, "no"))
                except ValueError:
                    raise LineError(line, "a <round> without a number") from None
                street = _STREET_OF_ROUND.get(number, 3)
                if number not in _STREET_OF_ROUND and not_replayed is None:
                    not_replayed = (line, f"round {number}: more betting rounds than "
                                          "Hold'em and Omaha have (stud?)")
                if number not in rounds:
                    rounds[number] = line
            elif tag == "startdate":
                start_text = value.strip()
        acts.sort()
        symbol = ""
        for tag, attrs, _, _ in nodes:
            if tag == "player" and attribute(attrs, "name"):
                symbol = _symbol_of(attribute(attrs, "chips"))
                break
        info = self._info(session, hand_id, players, acts, symbol, decimals, money,
                          start_text or session.startdate)
        if session.unsupported is not None:
            raise _with_info(_Unsupported(block.first_line, session.unsupported), info)
        for a in acts:
            if a.type == 16:
                raise _with_info(_Unsupported(a.line, "a bring-in: stud games are not "
                                                      "replayed"), info)
        if not_replayed is not None:
            raise _with_info(_Unsupported(*not_replayed), info)
        try:
            return self._hand(block, info, players, acts, rounds, boards, closed,
                              session.client)
        except LineError as exc:
            raise _with_info(exc, info) from None

    def _info(self, session: _Session, hand_id: str, players: dict[str, _Player],
              acts: list[_Act], symbol: str, decimals: int, money: _Amounts,
              start: str) -> HandInfo:
        """The hand's header: the session's game and stakes, told by the game where the
        session does not (tournament blinds, hole cards of a bare ``PL``)."""
        hole = max((len(p.cards) for p in players.values()), default=0) or session.hole_cards
        game = session.game
        if game is None and session.unsupported is None:
            game = "holdem" if hole == 2 else "omaha" if hole and hole >= 4 else None
        limit = session.limit
        posts = [a for a in acts if a.street == 0 and a.type in (1, 2)]
        small_post = next((a.sum for a in posts if a.type == 1), None)
        big_post = next((a.sum for a in posts if a.type == 2), None)
        stakes = (0, 0)
        if session.stakes is not None:
            try:
                stakes = (money[session.stakes[0]], money[session.stakes[1]])
            except AmountError:
                stakes = (0, 0)
        if stakes == (0, 0) and big_post:
            # Tournaments print no stakes: the blinds posted are the level's.
            stakes = (small_post or big_post // 2, big_post)
            if limit == "FL":
                stakes = (big_post, 2 * big_post)
        elif limit == "FL" and big_post and big_post == stakes[1] != stakes[0]:
            # ``LH 20/40 x2 Limit $10.00/$20.00``: the stakes printed are the blinds.
            stakes = (big_post, 2 * big_post)
        ante = 0
        if session.ante is not None:
            try:
                ante = money[session.ante]
            except AmountError:
                ante = 0
        if not ante:
            ante = next((a.sum for a in acts if a.type == 15), 0)
        button = next((p.seat for p in players.values() if p.dealer), None)
        if button is None:
            button = _button_from_blinds(players, acts)
        currency = "" if session.tournament is not None else session.currency
        if session.tournament is not None:
            symbol = ""
        elif not currency and symbol in _SYMBOLS:
            currency = _SYMBOLS[symbol]
        return _NEW_INFO(
            SITE, hand_id, game or "other", session.variant or session.gametype, limit,
            session.hi_lo, hole or 0, stakes, ante, None, currency, symbol, decimals,
            session.tournament, session.table, None, button, started(start) if start else "",
        )

    def _hand(self, block: HandBlock, info: HandInfo, players: dict[str, _Player],
              acts: list[_Act], rounds: dict[int, int], boards: dict[int, tuple[ev.Cards, int]],
              closed: bool, client: bool) -> Hand:
        if info.game == "other":
            raise _Unsupported(block.first_line,
                               f"{info.variant or 'the game'}: not a game the auditor "
                               "replays (no Hold'em or Omaha named, no hole cards to tell)")
        if not players:
            raise LineError(block.first_line, "the game lists no players")
        stated = [p for p in players.values() if p.bet is not None and p.win is not None]
        if not stated:
            raise LineError(block.first_line, "not judgeable: the export has no bet/win "
                                              "totals (a partial export)")
        if len(stated) < len(players):
            p = next(p for p in players.values() if p.bet is None or p.win is None)
            raise LineError(p.line, f"{p.name} has no bet/win totals: not judgeable")
        for a in acts:
            p = players[a.player]
            if a.type not in _KNOWN_TYPES:
                raise LineError(a.line, f"an action of unknown type {a.type} by {a.player}")
            if a.type in _SITTING_OUT:
                p.sits_out = True
            else:
                p.acted = True
        seats = sorted(players.values(), key=lambda p: p.seat)
        if len({p.seat for p in seats}) < len(seats):
            raise LineError(seats[0].line, "two players on one seat")

        replayed = self._replay(info, players, seats, acts, rounds, boards, {})
        readings = self._readings(info, players, seats, acts, rounds, boards, replayed)
        if readings:
            replayed = self._replay(info, players, seats, acts, rounds, boards, readings)
        if not closed and any(replayed.totals.get(p.name, 0) != p.bet for p in seats):
            raise LineError(block.last_line, "the <game> element has no closing tag and its "
                                             "actions do not add up to the players' bets: "
                                             "the game is cut off")
        events = replayed.events
        self._finish(events, seats, replayed.folded, block.last_line)
        seat_events = tuple(
            ev.Seat(p.line, p.seat, p.name, p.chips, p.sits_out or not p.acted)
            for p in seats)
        first, last = block.span
        return _NEW_HAND(block.source, first, last, info, seat_events, tuple(events), False,
                         self.client_dialect if client else self.dialect)

    def _readings(self, info: HandInfo, players: dict[str, _Player], seats: list[_Player],
                  acts: list[_Act], rounds: dict[int, int],
                  boards: dict[int, tuple[ev.Cards, int]], first: _Replayed) -> dict[int, str]:
        """The readings of ambiguous raises, where the default one does not make the
        raiser's actions add up to his ``bet``: the reading that does, without making
        the betting less consistent (a raise that raises nothing or goes over the pot
        limit, a call that does not match the bet). Raises ``LineError`` when no reading
        fits both the ``bet`` and the betting."""
        chosen: dict[int, str] = {}
        for name, indexes in first.ambiguous.items():
            bet = players[name].bet
            if first.totals.get(name, 0) == bet:
                continue
            trials: list[tuple[int, dict[int, str], _Replayed]] = []
            candidates = indexes[:_MAX_FLIPS]
            for k in range(len(candidates) + 1):
                for flips in combinations(candidates, k):
                    trial = {i: _other(acts[i].type) for i in flips}
                    result = first if not flips and not chosen else self._replay(
                        info, players, seats, acts, rounds, boards, {**chosen, **trial})
                    trials.append((k, trial, result))
            least = min(len(result.implausible) for _, _, result in trials)
            fitting = [t for t in trials
                       if t[2].totals.get(name, 0) == bet and len(t[2].implausible) == least]
            if not fitting:
                raise LineError(acts[indexes[0]].line,
                                _neither(name, acts[indexes[0]], indexes[0], bet or 0,
                                         trials[0][2], trials[-1][2], info))
            chosen.update(min(fitting, key=lambda t: t[0])[1])
        return chosen

    def _replay(self, info: HandInfo, players: dict[str, _Player], seats: list[_Player],
                acts: list[_Act], rounds: dict[int, int],
                boards: dict[int, tuple[ev.Cards, int]], readings: dict[int, str]) -> _Replayed:
        """The events of the game's actions in played order, with raise ``i`` read as
        ``readings[i]`` (``to`` or ``added``) or as its type's default."""
        events: list[ev.Event] = []
        append = events.append
        stack = {p.name: p.chips for p in seats}
        total = dict.fromkeys(stack, 0)
        commit = dict.fromkeys(stack, 0)
        folded: set[str] = set()
        ambiguous: dict[str, list[int]] = {}
        implausible: list[str] = []
        raised_to: dict[int, int] = {}
        pot_limit = info.limit == "PL"
        pot = 0  # every chip put in so far
        big_blind = info.stakes[0] if info.limit == "FL" else info.stakes[1]
        current = 0  # the bet to match on the street
        small_posted = big_posted = False
        board: ev.Cards = ()
        street = 0
        dealt = False  # the pre-flop StreetStart and the hole cards are out
        preflop_line = rounds.get(1, rounds.get(0, acts[0].line if acts else 0))

        for p in seats:
            if p.bought:
                # Tournament rebuys and add-ons bought before this hand (``rebuy="1"``):
                # the stack grew between hands, as logged.
                append(ev.TableNote(line=p.line, kind="other", player=p.name,
                                    text=f"{p.bought} before this hand"))

        def deal() -> None:
            append(ev.StreetStart(preflop_line, "preflop", (), 0))
            for p in seats:
                if p.cards and p.acted:
                    append(ev.HoleCards(p.cards_line, p.name, p.cards))

        for i, a in enumerate(acts):
            name = a.player
            kind = a.type
            if a.street > street:
                if not dealt:
                    deal()
                    dealt = True
                while street < a.street:
                    street += 1
                    board = _deal_street(events, street, board, rounds, boards)
                current = 0
                for n in commit:
                    commit[n] = 0
            if kind in _POSTS:
                if street or dealt:
                    raise LineError(a.line, f"{name} posts a forced bet after the pre-flop "
                                            "action began")
                put = a.sum
                all_in = put >= stack[name] > 0
                if kind == 15:
                    append(ev.PostBlind(a.line, name, "ante", put, 0, all_in))
                elif kind == 1:
                    # A second small blind is a missed one posted out of position: dead.
                    append(ev.PostBlind(a.line, name, "dead" if small_posted else "small", put,
                                        put if small_posted else 0, all_in))
                    if not small_posted:
                        commit[name] += put
                    small_posted = True
                else:
                    # A second big blind for more than the big blind posts both: the big
                    # blind live, the rest (the small blind) dead.
                    dead = put - big_blind if big_posted and put > big_blind > 0 else 0
                    append(ev.PostBlind(a.line, name, "small_and_big" if dead else "big", put, dead,
                                        all_in))
                    commit[name] += put - dead
                    big_posted = True
                stack[name] -= put
                total[name] += put
                pot += put
                if commit[name] > current:
                    current = commit[name]
                continue
            if kind in _SITTING_OUT:
                append(ev.TableNote(line=a.line, kind="sitting_out", player=name,
                                    text="sits out" if kind == 8 else "is not dealt in"))
                if total[name]:
                    # He posted (an ante) and sits out: out of the hand, his chips stay.
                    folded.add(name)
                    append(ev.Fold(a.line, name))
                continue
            if not dealt:
                deal()
                dealt = True
            if kind == 0:
                folded.add(name)
                append(ev.Fold(a.line, name))
                continue
            if kind == 4:
                append(ev.Check(a.line, name))
                continue
            prior = commit[name]
            if kind in _RAISE_READING:
                reading = readings.get(i, _RAISE_READING[kind])
                if prior:
                    ambiguous.setdefault(name, []).append(i)
                to = a.sum if reading == "to" else prior + a.sum
                added = to - prior
                money = _money_of(info)
                if added < 0:
                    implausible.append(f"{name}'s raise to {money(to)} would take back chips "
                                       f"he had in ({money(prior)})")
                    added = 0
                    to = prior
                short_all_in = added >= stack[name]
                if to <= current and not short_all_in:
                    implausible.append(f"{name}'s raise to {money(to)} does not raise the bet "
                                       f"of {money(current)}")
                limit = current + pot + (current - prior)
                if pot_limit and to > limit and not short_all_in:
                    implausible.append(f"{name}'s raise to {money(to)} is above the pot limit "
                                       f"(a raise to {money(limit)})")
                raised_to[i] = to
                append(ev.Raise(a.line, name, to, None, added >= stack[name] > 0))
            else:
                added = a.sum
                to = prior + added
                all_in = kind == 7 or added >= stack[name] > 0
                if kind == 3:
                    if to != current and not all_in:
                        money = _money_of(info)
                        implausible.append(
                            f"{name}'s call of {money(added)} then brings him to "
                            f"{money(to)}, not to the bet of {money(current)}")
                    append(ev.Call(a.line, name, added, all_in))
                elif current == 0:  # 5 bet, 7 all-in: the street's first bet
                    append(ev.Bet(a.line, name, added, all_in))
                elif kind == 7 and to <= current:
                    append(ev.Call(a.line, name, added, True))
                else:  # a bet or an all-in over a bet: a raise by the chips added
                    append(ev.Raise(a.line, name, to, None, all_in))
            commit[name] = to
            stack[name] -= added
            total[name] += added
            pot += added
            if to > current:
                current = to
        if not dealt:
            deal()
        last = max((_STREET_OF_ROUND.get(r, 3) for r in rounds), default=0)
        while street < last:
            street += 1
            board = _deal_street(events, street, board, rounds, boards)
        return _Replayed(events, total, folded, ambiguous, implausible, raised_to)

    @staticmethod
    def _finish(events: list[ev.Event], seats: list[_Player], folded: set[str],
                last_line: int) -> None:
        """The end of the hand: the showdown (cards known of the players left), each
        player's ``win`` as one unlabelled collection, each ``bet`` as stated."""
        left = [p for p in seats if p.acted and p.name not in folded]
        if len(left) >= 2:
            append = events.append
            append(ev.ShowdownStart(line=max(map(_LINE, events)) if events else last_line))
            for p in left:
                if p.cards:
                    append(ev.Shows(line=p.cards_line, player=p.name, cards=p.cards))
        for p in seats:
            if p.win:
                events.append(ev.Collected(p.line, p.name, p.win, None, 0))
        for p in seats:
            events.append(ev.StatedBet(p.line, p.name, p.bet or 0))


def _amount(money: _Amounts, text: str, line: int, what: str) -> int:
    """``text`` read as an amount of the game, or a ``LineError`` saying what it was."""
    try:
        return money[text]
    except AmountError as exc:
        raise LineError(line, f"{what}: {exc}") from exc


def _player(node_attrs: list[str], line: int, money: _Amounts) -> _Player | None:
    """A ``<player>`` element; None for an empty seat (no name)."""
    # One walk of the list, each name compared with a literal (compiled, a length and a
    # memcmp): a dictionary of the element hashed each of its eight names.
    name = seat_text = chips_text = dealer = ""
    rebuy = addon = "0"
    bet_text: str | None = None
    win_text: str | None = None
    for i in range(0, len(node_attrs) - 1, 2):
        key = node_attrs[i]
        value = node_attrs[i + 1]
        if key == "name":
            name = value
        elif key == "seat":
            seat_text = value
        elif key == "chips":
            chips_text = value
        elif key == "bet":
            bet_text = value
        elif key == "win":
            win_text = value
        elif key == "dealer":
            dealer = value
        elif key == "rebuy":
            rebuy = value
        elif key == "addon":
            addon = value
    if not name:
        return None
    try:
        seat = int_of(seat_text)
    except ValueError:
        raise LineError(line, f"{name}'s seat is not a number") from None
    chips = money.get(chips_text)
    if chips is None:
        chips = _amount(money, chips_text, line, f"{name}'s chips")
    bet = None if bet_text is None else _total(money, bet_text, line, name, "bet")
    win = None if win_text is None else _total(money, win_text, line, name, "win")
    bought = ""
    if rebuy not in _NONE or addon not in _NONE:
        bought = ", ".join(f"{word} {value}" for value, word in ((rebuy, "rebuy"),
                                                                 (addon, "add-on"))
                           if value not in _NONE)
    return _Player(seat, name, line, chips, bet, win, dealer == "1", bought)


def _total(money: _Amounts, text: str, line: int, name: str, what: str) -> int:
    """A player's stated ``bet`` or ``win`` total (the cache first: the error's message is
    built only for a text that does not read)."""
    found = money.get(text)
    return found if found is not None else _amount(money, text, line, f"{name}'s {what}")


def _deal_street(events: list[ev.Event], street: int, board: ev.Cards, rounds: dict[int, int],
                 boards: dict[int, tuple[ev.Cards, int]]) -> ev.Cards:
    """Deal street ``street`` (1 flop … 3 river): its StreetStart, with the whole board so
    far, on the line of its cards (or of its round). Returns the board."""
    cards, line = boards.get(street, ((), rounds.get(street + 1, 0)))
    board = board + cards
    events.append(ev.StreetStart(line, STREETS[street], board, 0))
    return board


def _other(kind: int) -> str:
    return "added" if _RAISE_READING[kind] == "to" else "to"


def _with_info(exc: Exception, info: HandInfo) -> Exception:
    exc.info = info  # type: ignore[attr-defined]
    return exc


def _money(units: int, info: HandInfo) -> str:
    return format_amount(units, info.decimals, info.symbol)


def _money_of(info: HandInfo) -> Callable[[int], str]:
    """How amounts of ``info``'s hand are written in messages."""
    return lambda units: format_amount(units, info.decimals, info.symbol)


def _neither(name: str, a: _Act, index: int, bet: int, as_to: _Replayed, as_added: _Replayed,
             info: HandInfo) -> str:
    """Why raise ``a`` (index ``index``) fits neither reading, with the numbers."""
    money = _money_of(info)
    to_total = as_to.totals.get(name, 0)
    added_total = as_added.totals.get(name, 0)
    message = (f"{name}'s raise (type {a.type}, sum {a.sum_text}) fits neither reading: as a "
               f"raise to {money(as_to.raised_to.get(index, a.sum))}, his actions add up to "
               f"{money(to_total)}, not to his bet of {money(bet)}")
    if added_total != bet:
        return (f"{message}; as chips added, to {money(added_total)}")
    new = [r for r in as_added.implausible if r not in as_to.implausible]
    why = new[0] if new else "the betting does not fit"
    return (f"{message}; as chips added (a raise to "
            f"{money(as_added.raised_to.get(index, a.sum))}) they do, but {why}")


def _button_from_blinds(players: dict[str, _Player], acts: list[_Act]) -> int | None:
    """The button where no player is marked dealer: heads-up the small blind, else the
    seat before the small blind (among the seats dealt in)."""
    small = next((a.player for a in acts if a.street == 0 and a.type == 1), None)
    if small is None:
        return None
    seats = sorted(p.seat for p in players.values() if p.dealt or p.acted)
    sb = players[small].seat
    if len(seats) == 2:
        return sb
    before = [s for s in seats if s < sb]
    return before[-1] if before else (seats[-1] if seats else None)
