"""What a site plug-in declares: how its files are cut into hands, how a hand is read, and
how its histories present money.

A site is one package under ``auditor/sites/`` exposing ``SITES``: one ``Site`` record per
format it reads (a site may export several, e.g. ACR's 2019+ text and WPN's 2014–16 one,
or PartyPoker's classic and 2018+ ones; they may share a reader). The registry
(``auditor.sites``) lists the packages; everything else (cutting files, auditing, the
report) asks the registry and the records, never a site's name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, Protocol

from auditor.model.dialect import DEFAULT_DIALECT, Dialect
from auditor.model.hand import Game, Hand, HandInfo, Limit
from auditor.model.money import AmountError, parse_amount
from auditor.parsing.errors import Unreadable

if TYPE_CHECKING:
    from auditor.parsing.blocks import HandBlock

Container = Literal["text", "csv", "xml", "toml"]
# Does a file (the start of its decoded text, its file name) hold this site's format?
Sniff = Callable[[str, str], bool]
# The hand blocks of a whole decoded file (text, source).
Cut = Callable[[str, str], Iterator["HandBlock"]]


class Reader(Protocol):
    """Reads the hand blocks of one site (or one family of formats)."""

    def read(self, block: HandBlock) -> Hand | Unreadable:
        """The hand of ``block``, or why it cannot be replayed (HH001, HH002)."""
        ...


@dataclass(frozen=True, slots=True)
class Site:
    """One format a site exports, as the registry knows it.

    - ``name``: the site as the report's ``site`` column writes it (``pokerstars``).
    - ``title`` and ``formats``: for people (``auditor sites``, the README's table).
    - ``container``: how files are cut into hands: ``text`` (a header line per hand),
      ``csv`` (PokerNow's log rows), ``xml`` (one element per hand), ``toml`` (PHH tables).
    - ``headers``: for ``text``, regexes of a hand's first line, matched at the start of
      a line; for ``xml``, the regex of the start tag of one hand's element.
    - ``reader``: builds the site's reader (imported only when a hand of it is met).
    - ``dialect``: how its histories present money (``auditor.model.dialect``).
    - ``audited``: what the auditor does with its hands, in a few words.
    - ``sniff`` and ``cut``: for containers other than ``text``, whether a file is in
      this format, and how the file is cut into hand blocks. A ``text`` site may give
      them too, to read its files whole (PartyPoker hands its hands over in the order
      they were played; its 2018+ files list the newest first).
    """

    name: str
    title: str
    formats: str
    container: Container
    headers: tuple[str, ...]
    reader: Callable[[], Reader]
    dialect: Dialect = DEFAULT_DIALECT
    audited: str = "counted, not replayed yet (HH002)"
    replayed: bool = False
    sniff: Sniff | None = None
    cut: Cut | None = None
    compiled: tuple[re.Pattern[str], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        compiled = tuple(re.compile(h) for h in self.headers)
        if any(c.groups for c in compiled):  # the cutter numbers the sites by group
            raise ValueError(f"{self.name}: header patterns may not capture groups")
        object.__setattr__(self, "compiled", compiled)


# --- hands the auditor counts but does not replay yet ---------------------------------


HeaderFacts = dict[str, object]
"""What a header-only reader found: any of the ``HandInfo`` field names, plus ``stakes``
as the two amounts' text and ``decimals``."""


class CountingReader:
    """The reader of a site whose hands are counted but not replayed: each hand is
    ``HH002`` with the facts its header gives (``facts`` reads them from the block;
    any it cannot find stay empty)."""

    def __init__(self, site: Site, facts: Callable[[HandBlock], HeaderFacts],
                 why: str | None = None) -> None:
        self.site = site
        self.facts = facts
        self.why = why or f"{site.title} hand histories are not replayed yet"

    def read(self, block: HandBlock) -> Hand | Unreadable:
        try:
            found = self.facts(block)
        except (ValueError, IndexError, KeyError):
            found = {}
        info = header_info(self.site.name, found)
        first, last = block.span
        return Unreadable(source=block.source, first_line=first, last_line=last,
                          line=block.first_line, code="HH002", message=self.why,
                          site=self.site.name, hand_id=info.hand_id, info=info)


def counted(name: str, title: str, formats: str, container: Container,
            headers: tuple[str, ...], facts: Callable[[HandBlock], HeaderFacts], *,
            dialect: Dialect = DEFAULT_DIALECT, sniff: Sniff | None = None,
            cut: Cut | None = None) -> Site:
    """The record of a site whose hands are counted (HH002) with the facts ``facts``
    reads from each hand's block."""
    site: Site | None = None

    def reader() -> Reader:
        assert site is not None
        return CountingReader(site, facts)

    site = Site(name=name, title=title, formats=formats, container=container, headers=headers,
                reader=reader, dialect=dialect, sniff=sniff, cut=cut)
    return site


_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}


def stakes_facts(text: str, separator: str = "/") -> HeaderFacts:
    """The two stakes of ``$0.05/$0.10``, ``0.05€/0.10€`` or ``EUR 0.50/1.00`` (the last
    two amounts, when a level's ante comes first), and the currency its symbol names."""
    parts = [re.sub(r"[^\d.,]", "", p) for p in text.split(separator)]
    parts = [p for p in parts if p]
    facts: HeaderFacts = {}
    if len(parts) >= 2:
        facts["stakes"] = (parts[-2], parts[-1])
    for symbol, code in _SYMBOLS.items():
        if symbol in text:
            facts["currency"], facts["symbol"] = code, symbol
            break
    else:
        if m := re.search(r"\b(USD|EUR|GBP|CAD|CNY|RSD|SEK|NOK|DKK)\b", text):
            facts["currency"] = m.group(1)
    return facts


def header_info(site: str, facts: HeaderFacts) -> HandInfo:
    """A ``HandInfo`` from the facts a header gave; what it did not give stays unknown."""
    decimals = int(facts.get("decimals", 2))  # type: ignore[call-overload]
    stakes = (0, 0)
    text = facts.get("stakes")
    if isinstance(text, tuple) and len(text) == 2:
        try:
            stakes = (parse_amount(text[0], decimals), parse_amount(text[1], decimals))
        except AmountError:
            stakes = (0, 0)
    game: Game = facts.get("game", "other")  # type: ignore[assignment]
    limit: Limit = facts.get("limit", "NL")  # type: ignore[assignment]
    return HandInfo(
        site=site,
        hand_id=str(facts.get("hand_id", "")),
        game=game,
        variant=str(facts.get("variant", "")),
        limit=limit,
        hi_lo=bool(facts.get("hi_lo", False)),
        hole_cards=int(facts.get("hole_cards", 0)),  # type: ignore[call-overload]
        stakes=stakes,
        currency=str(facts.get("currency", "")),
        symbol=str(facts.get("symbol", "")),
        decimals=decimals,
        tournament=facts.get("tournament"),  # type: ignore[arg-type]
        table=str(facts.get("table", "")),
        started=str(facts.get("started", "")),
    )


_LIMIT_WORDS: tuple[tuple[str, Limit], ...] = (
    ("pot limit", "PL"), ("pot-limit", "PL"), ("pl", "PL"), ("no limit", "NL"),
    ("no-limit", "NL"), ("nl", "NL"), ("fixed limit", "FL"), ("limit", "FL"), ("fl", "FL"),
)


def game_facts(text: str) -> HeaderFacts:
    """Game, limit and hi/lo from a header's game words, as most sites write them
    (``NL Hold'em``, ``Omaha Hi/Lo Pot Limit``, ``PLO``, ``7 Card Stud``)."""
    low = text.lower()
    words = set(re.findall(r"[a-z0-9]+", low))
    facts: HeaderFacts = {"variant": text.strip()}
    limit: Limit = "NL"
    for phrase, lim in _LIMIT_WORDS:
        if ((" " in phrase or "-" in phrase) and phrase in low) or phrase in words:
            limit = lim
            break
    if "plo" in words or low.startswith("plo"):
        limit = "PL"
    facts["limit"] = limit
    facts["hi_lo"] = any(w in low for w in ("hi/lo", "hi-lo", "h/l", "8 or better", "omahal",
                                            "o8", "hilo"))
    if "stud" in low or "razz" in low or "draw" in low or "badugi" in low:
        facts["game"] = "other"
    elif "omaha" in low or "plo" in low or "omah" in low:
        facts["game"] = "omaha"
        m = re.search(r"\b([56])[- ]?card", low) or re.search(r"plo-?([56])", low)
        facts["hole_cards"] = int(m.group(1)) if m else 4
    elif "hold" in low or "nlh" in low or "texas" in low:
        facts["game"] = "holdem"
        facts["hole_cards"] = 2
    return facts
