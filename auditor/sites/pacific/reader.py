"""888poker (Pacific Poker, Cassava, LuckyAcePoker.com) hand blocks into hands.

888's export descends from PartyPoker's classic one, so the reader is Party's
(``auditor.sites.partypoker.reader.BracketReader``: the lexer, the records, the events)
with 888's own header lines and grammar (``grammars/pacific.lark``):

- ``***** 888poker Hand History for Game 349444554 *****`` (the skin's name first), then
  ``$0.50/$1 Blinds No Limit Holdem - *** 06 01 2014 10:56:05``: the header prints the
  blinds (fixed limit: the small bet is the big blind), ``Table Valledupar 6 Max (Real
  Money)``, ``Seat 6 is the button``.
- Every amount is bracketed and is the chips added (``raises [$101.66]``); no all-in is
  printed (it is read from the stacks).
- ``** Summary **`` then who showed and ``collected [ $197.50 ]``: unlabelled, after rake
  (never stated), and without the uncalled excess, which 888 returns without a line
  (``auditor.sites.pacific.DIALECT``).
"""

from __future__ import annotations

import re
from typing import Any

from auditor.model.dialect import Dialect
from auditor.model.hand import Game, Limit
from auditor.parsing.errors import LineError
from auditor.sites.partypoker.lines import amount_of
from auditor.sites.partypoker.reader import BracketReader, Head, Record, Table

_ID = re.compile(r"\*{5} (\S+) Hand History for Game (\d+)")
_GAME = re.compile(r"(?P<stakes>.+?) Blinds (?P<game>.+?) - \*{3} (?P<when>.*)$")
_TABLE = re.compile(r"Table (.*?)(?: (\d+) Max)? \((?:Real|Play) Money\)$")
_BUTTON = re.compile(r"Seat (\d+) is the button$")
_PLAYERS = re.compile(r"Total number of players\s*:\s*\d+(?:\s*/\s*(\d+))?$")
_CURRENCY = {"$": "USD", "€": "EUR", "£": "GBP"}


def pacific_game(words: str) -> tuple[Game, Limit, bool, int, str | None]:
    """Game, limit, hi/lo, hole cards and the reason it is not replayed (or None), from
    888's game words (``No Limit Holdem``, ``Fix Limit Holdem``, ``Pot Limit OmahaHL``)."""
    low = words.lower()
    limit: Limit = "NL"
    if "pot limit" in low:
        limit = "PL"
    elif "no limit" not in low and "limit" in low:
        limit = "FL"
    hi_lo = "omahahl" in low or "hi/lo" in low or "hi-lo" in low
    if "omaha" in low:
        return "omaha", limit, hi_lo, 4, None
    if "holdem" in low or "hold'em" in low:
        return "holdem", limit, hi_lo, 2, None
    return "other", limit, hi_lo, 0, f"{words} is not a game the auditor replays"


class PacificReader(BracketReader):
    """Reads 888poker hand blocks (every skin)."""

    site = "888"
    title = "888poker"
    grammar = "pacific"

    def hand_id(self, header: str) -> str:
        m = _ID.match(header)
        return m.group(2) if m else ""

    def started(self, line: str) -> str:
        m = _GAME.match(line)
        return m.group("when").strip() if m else ""

    def head(self, line: str, no: int) -> Head:
        m = _GAME.match(line)
        if m is None:
            raise LineError(no, f"not an 888poker game line: {line[:120]!r}")
        key = f"{m.group('stakes')}|{m.group('game')}"
        found = self.heads.get(key) if self.caching else None
        if found is None:
            found = self._head(m.group("stakes"), m.group("game").strip())
            if len(self.heads) < 10_000:
                self.heads[key] = found
        return found

    def _head(self, stakes_text: str, words: str) -> Head:
        game, limit, hi_lo, hole, reason = pacific_game(words)
        symbol = next((c for c in "$€£" if c in stakes_text), "")
        decimals = 2
        parts = stakes_text.split("/")
        stakes: tuple[int, int] | None = None
        if len(parts) == 2:
            small, big = (amount_of(p, decimals) for p in parts)
            # Fixed limit: "$0.50/$1 Blinds" is played with bets of $1 and $2.
            stakes = (big, 2 * big) if limit == "FL" else (small, big)
        return Head(game=game, variant=words, limit=limit, hi_lo=hi_lo, hole_cards=hole,
                    stakes=stakes, ante=0, currency=_CURRENCY.get(symbol, ""), symbol=symbol,
                    decimals=decimals, tournament=None, reason=reason, modern=False)

    def set_up(self, line: str, table: Table) -> bool:
        if line.startswith("Table "):
            m = _TABLE.match(line)
            if m is None:
                table.name = line[6:].strip()
            else:
                table.name = m.group(1)
                table.max_seats = int(m.group(2)) if m.group(2) else None
            return True
        if (b := _BUTTON.match(line)) is not None:
            table.button = int(b.group(1))
            return True
        return _PLAYERS.match(line) is not None

    def dialect(self, head: Head) -> Dialect:
        from auditor.sites.pacific import DIALECT

        return DIALECT

    def stakes(self, head: Head, records: list[tuple[int, Record]],
               stacks: dict[str, int]) -> tuple[int, int, int]:
        small, big = head.stakes or (0, 0)
        if head.limit == "FL":
            return small, big, small
        return small, big, big

    def finish(self, head: Head, built: Any, last: int) -> None:
        if not built.summary:
            raise LineError(last, "the hand ends before its ** Summary ** (truncated?)")
        if not built.collected:
            raise LineError(last, "the hand ends before anyone collects the pot (truncated?)")
