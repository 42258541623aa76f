"""Benchmark inputs shaped like real exports, for every replayed site of the registry.

A real export is one file per table session: about a hundred hands at one table, the same
few players, hand numbers counting up. The benchmark writes such files from each site's
own real hands (``../shared/corpus``, read in place and never copied into the project;
``sample_histories/`` for a site the corpus has no hands of), every copy made distinct so
that nothing is a repeat (HH004) and the readers' caches see the variety of real files:

- its hand number renumbered (``HAND_IDS`` says where each site writes it; ids count up
  within a session, as at a real table);
- its table renamed: one table per session (the session's first hand's table and the
  session's number);
- its players renamed per session (``name_0007``): a month of exports meets new names.
  (A session's hands come from many unrelated source tables, so it has more distinct
  players than a real table has; ``bench.py``'s ``pokerstars-sim`` row, the simulated
  500-hand session at one table, shows what a real table's repetition is worth. Renaming
  by seat instead would chain unrelated hands' stacks: the report would fill with false
  SE001.)

Which sites: every site of ``auditor.sites.SITES`` with ``replayed`` set, found by the
site of each hand block the real cutter makes, so a site added to the registry is
benchmarked with no edit here. By default only hands the auditor audits in their original
files are used (``--all-hands`` for every hand).

How each container is written:

- ``text``: the hands one after another, two blank lines between them;
- ``xml`` (iPoker): one ``<session>`` a file, as an iPoker export writes it: one
  ``<general>`` block (table and nickname renamed) and the session's ``<game>`` elements.
  A file's games all come from source sessions that share what the reader takes from
  ``<general>`` (``SESSION_FIELDS``: the game and stakes, the currency, the tournament),
  and its ``<general>`` is its first game's;
- ``toml`` (PHH): one ``.phhs`` per session, each hand a ``[k]`` table (k its new number);
- ``csv`` (PokerNow), or any container without a hand-level writer: each source log is a
  whole real session already, so it is copied whole (named after its table), every hand
  number shifted and every player id renamed.

Each source hand is probed once: rendered alone with the variations, read back and audited.
It must give the same status and finding codes as the original, its new hand id and, where
varied, its new table and players. A variation the probe refuses is dropped for that hand
(names, then the table); a hand whose id cannot be renumbered is left out. ``check`` then
compares the audit of the whole built input with the originals, hand by hand.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

from auditor.inputs import discover
from auditor.parsing.blocks import HandBlock, blocks_of_file, blocks_of_text
from auditor.parsing.errors import Unreadable
from auditor.parsing.reader import read_block
from auditor.pipeline import HandAuditor
from auditor.sites import SITES, Site

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_histories"
WORK = ROOT / "bench" / "_work"

# Where each site writes a hand's number: a regex searched in the hand's text (MULTILINE),
# whose groups ``id…`` are the run of digits to renumber and ``tag…`` a word that gets the
# copy's suffix (the first match; every match in a container copied whole). Sites not
# listed fall back to the reader's hand id, found in the hand's text; the probe shows
# whether either worked.
HAND_IDS: dict[str, str] = {
    # PokerStars and the sites in its syntax: "PokerStars Hand #254311002417:".
    "pokerstars": r"^POKERSTARS (?:HAND|GAME) #(?P<id>\d+)|^PokerStars [^#\n]*#(?P<id2>\d+)",
    "pokerbros": r"^PokerBros Hand #(?P<id>\d+)",
    "pokermaster": r"^PokerMaster Hand #(?P<id>\d+)",
    "runitonce": r"^Run It Once Poker Hand #(?P<id>\d+)",
    "fulltilt": r"^Full Tilt (?:Poker Game|Rush Hand|Hand) #(?P<id>\d+)",
    "ggpoker": r"^Poker Hand #[A-Z]*(?P<id>\d+)",  # "#RC3793435565", "#TM2697462"
    # "HandId: #table-sequence-time": the time part; the sequence is what SE001 follows.
    "winamax": r"HandId: #\d+-\d+-(?P<id>\d+)",
    # "Hand History for Game 11617233792" (2018+: digits then letters, the digits renumbered).
    "partypoker": r"^\*{5} Hand History [Ff]or Game (?P<id>\d+)",
    "888": r"^\*{5} \S+ Hand History for Game (?P<id>\d+)",
    "wpn": r"^(?:Game )?Hand #(?P<id>\d+)|^Game ID: (?P<id2>\d+)",  # 2019+ | 2014–16
    "ipoker": r'<game\b[^>]*\bgamecode="(?P<id>\d+)"',
    "phh": r"^hand = (?P<id>\d+)",  # else the table's name ``[3]`` is the id (renumbered too)
    # "-- starting hand #314 (id: ea1hkqirtkti)  (…": the number, and the id's word.
    "pokernow": r"^-- (?:starting|ending) hand #(?P<id>\d+)(?: +\(id: (?P<tag>[\w-]+)\))?",
}
EXTENSIONS = {"text": ".txt", "xml": ".xml", "toml": ".phhs", "csv": ".csv"}
SEPARATOR = "\n\n\n"  # between two text hands: two blank lines, as PokerStars writes them
ID, TABLE, NAME, KEY = range(4)  # the kinds of variable text in a hand (``Template``)
_WORD = re.compile(r"\w")
_TOML_TABLE = re.compile(r"^\[[^\[\]\n]+\][ \t]*(?:#.*)?$")
_SESSION = re.compile(r"<session\b[^>]*>")
_GENERAL = re.compile(r"<general>.*?</general>", re.S)
_PLAYER_ID = re.compile(r'(?<= @ )[\w-]+(?="")')  # PokerNow: '""name @ id""' in a CSV cell
# The leaves of an iPoker ``<general>`` that a session's games share and the reader reads
# (the table, the nickname and the times differ from one session to the next).
SESSION_FIELDS = ("gametype", "currency", "tablecurrency", "mode", "tournamentcode",
                  "tournamentname", "buyin", "totalbuyin", "client_version")
_LEAF = re.compile(r"<(\w+)>([^<]*)</\1>")
PROBE_SESSION = 0


def find_corpus(explicit: Path | None = None) -> Path | None:
    """``explicit``, else ``shared/corpus`` beside the project or in the nearest folder
    above it that has one (a git worktree sits deeper); None when there is none."""
    if explicit is not None:
        return explicit if explicit.is_dir() else None
    for parent in ROOT.parents:
        if (parent / "shared" / "corpus").is_dir():
            return parent / "shared" / "corpus"
    return None


def replayed_sites(selected: Iterable[str] | None = None) -> list[Site]:
    """The registry's replayed sites (in registry order), or those of ``selected`` (a
    name not in the registry is an error; one not replayed is measured if asked for)."""
    if selected is None:
        return [s for s in SITES if s.replayed]
    names = {s.name: s for s in SITES}
    unknown = [n for n in selected if n not in names]
    if unknown:
        raise SystemExit(f"unknown site(s): {', '.join(unknown)} (see `auditor sites`)")
    wanted = set(selected)
    return [s for s in SITES if s.name in wanted]


# --- source hands -------------------------------------------------------------------


@dataclass(slots=True)
class Template:
    """One source hand as text with holes: ``pieces[i]`` is followed by ``slots[i]``
    (kind, the original text) and the last piece ends it. ``render`` fills the holes
    for one copy; ``context`` is the XML session's ``<general>`` as a template too."""

    site: str
    source: str
    first_line: int
    pieces: list[str]
    slots: list[tuple[int, str]]
    status: str
    codes: tuple[str, ...]
    game: tuple[object, ...]  # game, limit, stakes, unit, as the hands table writes them
    hand_id: str
    table: str
    started: str
    players: tuple[str, ...]
    container: str = "text"
    context: Template | None = None
    session_tag: str = ""  # XML: the original ``<session ...>`` start tag

    def render(self, number: int, table: str, suffix: str) -> str:
        """The hand as copy ``number`` at table ``table``, players named ``name+suffix``."""
        out = [self.pieces[0]]
        for (kind, text), piece in zip(self.slots, self.pieces[1:], strict=True):
            if kind in (ID, KEY):
                out.append(new_id(text, number))
            elif kind == TABLE:
                out.append(escape(table) if self.container == "xml" else table)
            else:
                out.append(text + suffix)
            out.append(piece)
        return "".join(out)

    def without(self, kinds: set[int]) -> Template:
        """The same hand with the slots of ``kinds`` kept as they were."""
        pieces = [self.pieces[0]]
        slots = []
        for (kind, text), piece in zip(self.slots, self.pieces[1:], strict=True):
            if kind in kinds:
                pieces[-1] += text + piece
            else:
                slots.append((kind, text))
                pieces.append(piece)
        context = self.context.without(kinds) if self.context is not None else None
        return Template(self.site, self.source, self.first_line, pieces, slots, self.status,
                        self.codes, self.game, self.hand_id, self.table, self.started, self.players,
                        self.container, context, self.session_tag)

    def kinds(self) -> set[int]:
        """The kinds of slot the hand (and its context) has."""
        found = {kind for kind, _ in self.slots}
        if self.context is not None:
            found |= self.context.kinds()
        return found


def new_id(old: str, number: int) -> str:
    """The digits of copy ``number`` in place of hand number ``old``: as wide as ``old``
    where it fits, starting with 1, so ids count up with ``number`` and never repeat."""
    width = max(len(old), len(str(number)) + 1)
    return str(10 ** (width - 1) + number)


def session_suffix(session: int) -> str:
    """What a session adds to its players' names."""
    return f"_{session:04d}"


def session_table(session: int) -> str:
    """The one table of a session. A neutral name: some sites write the game in the table's
    name (WPN's ``Miramar (Cap)`` is a capped table), so a hand keeps its own table where
    the probe finds that this one changes how it is read."""
    return f"Bench {session:04d}"


@dataclass(slots=True)
class SiteHands:
    """What a site's input is made of: its hands as templates (or, for a container
    copied whole, its files), where they came from, and what the probe did."""

    site: Site
    origin: str  # "corpus", "samples" or "" (none)
    hands: list[Template] = field(default_factory=list)
    files: list[FileTemplate] = field(default_factory=list)
    found: int = 0  # hands of the site in the source files
    distinct: int = 0  # ... once repeats (same id and start, or same text) are left out
    statuses: Counter[str] = field(default_factory=Counter)  # of the distinct hands
    dropped: int = 0  # audited hands whose id could not be renumbered
    kept_names: int = 0  # hands whose players could not be renamed
    kept_table: int = 0  # hands whose table could not be renamed

    @property
    def empty(self) -> bool:
        return not self.hands and not self.files

    @property
    def source_hands(self) -> int:
        """Distinct source hands the input repeats."""
        return len(self.hands) if self.hands else sum(f.hands for f in self.files)

    def about(self) -> dict[str, object]:
        """Where the input's hands come from and what the probe kept, for the report."""
        return {"origin": self.origin, "found": self.found, "distinct": self.distinct,
                "statuses": dict(self.statuses), "source_hands": self.source_hands,
                "dropped": self.dropped, "kept_names": self.kept_names,
                "kept_table": self.kept_table, "container": self.site.container}


def site_blocks(roots: Iterable[Path], sites: set[str]) -> dict[str, dict[str, list[HandBlock]]]:
    """Hand blocks of ``sites`` in the files under ``roots``, by site, then by file (as the
    CLI finds files and the real cutter cuts them)."""
    found: dict[str, dict[str, list[HandBlock]]] = {s: {} for s in sites}
    for path in _plain_files(list(roots)):
        try:
            blocks = list(blocks_of_file(path, str(path)))
        except Exception:  # files the CLI cannot read are no source
            continue
        for block in blocks:
            if block.site in sites:
                found[block.site].setdefault(str(path), []).append(block)
    return found


def collect(sites: list[Site], roots: list[Path], *, origin: str, all_hands: bool = False,
            auditor: HandAuditor | None = None) -> dict[str, SiteHands]:
    """Each site's source hands under ``roots``, probed (see the module's docstring)."""
    auditor = auditor or HandAuditor()
    by_site = site_blocks(roots, {s.name for s in sites})
    out: dict[str, SiteHands] = {}
    for site in sites:
        files = by_site[site.name]
        hands = SiteHands(site, origin if files else "")
        if site.container == "csv":
            for path, blocks in files.items():
                hands.found += len(blocks)
                whole = file_template(site, Path(path), blocks, auditor)
                if whole is not None and (all_hands or whole.statuses["audited"]):
                    hands.files.append(whole)
                    hands.statuses.update(whole.statuses)
            hands.distinct = hands.source_hands
            out[site.name] = hands
            continue
        seen: set[object] = set()
        for blocks in files.values():
            for block in blocks:
                hands.found += 1
                template = hand_template(site, block, auditor)
                if template is None:
                    continue
                key = (template.hand_id, template.started) if template.hand_id else None
                text = "\n".join(block.lines)
                if (key is not None and key in seen) or text in seen:
                    continue
                seen.update((key, text) if key is not None else (text,))
                hands.distinct += 1
                hands.statuses[template.status] += 1
                if template.status != "audited" and not all_hands:
                    continue
                probed = probe(template, auditor)
                if probed is None:
                    hands.dropped += 1
                    continue
                kinds = probed.kinds()
                hands.kept_names += NAME not in kinds and bool(template.players)
                hands.kept_table += TABLE not in kinds and bool(template.table)
                hands.hands.append(probed)
        out[site.name] = hands
    return out


def site_sources(sites: list[Site], corpus: Path | None, *, all_hands: bool = False
                 ) -> dict[str, SiteHands]:
    """Each site's hands from the corpus; from ``sample_histories/`` for a site the
    corpus has none of (or when there is no corpus)."""
    auditor = HandAuditor()
    out = collect(sites, [corpus], origin="corpus", all_hands=all_hands,
                  auditor=auditor) if corpus else {}
    missing = [s for s in sites if s.name not in out or out[s.name].empty]
    if missing and SAMPLES.is_dir():
        samples = collect(missing, [SAMPLES], origin="samples", all_hands=all_hands,
                          auditor=auditor)
        for name, hands in samples.items():
            if not hands.empty or name not in out:
                out[name] = hands
    return out


Outcome = tuple[str, tuple[str, ...], tuple[object, ...]]
"""A hand's audit in brief: its status, its finding codes (sorted; never SE001, which is
judged across hands) and what its row says of the game (game, limit, stakes, unit)."""


def _hands_columns() -> list[str]:
    """The ``hands`` table's columns in order (a ``HandRow`` is them, short of the last)."""
    from auditor.report.schema import HANDS

    return list(HANDS.names() if callable(HANDS.names) else HANDS.names)


# What a hand's row says of its game (the limit's column was once called "limit").
GAME_COLUMNS = ["game", next(c for c in ("limit_type", "limit") if c in _hands_columns()),
                "stakes", "currency"]
_STATUS = _hands_columns().index("status")
_GAME = [_hands_columns().index(c) for c in GAME_COLUMNS]
_CODE = 3  # a finding row's code


def _outcome(auditor: HandAuditor, block: HandBlock) -> Outcome:
    outcome = auditor.audit_block(block)
    row = outcome.hand
    return (row[_STATUS], tuple(sorted(f[_CODE] for f in outcome.findings)),
            tuple(row[i] for i in _GAME))


def hand_template(site: Site, block: HandBlock, auditor: HandAuditor) -> Template | None:
    """The template of one source hand, with its original outcome; None if its text
    cannot be cut out again (lines the cutter renumbered, a hand inside another)."""
    if block.numbers is not None and site.container != "xml":
        return None
    status, codes, game = _outcome(auditor, block)
    parsed = read_block(block)
    info = parsed.info
    players: tuple[str, ...] = () if isinstance(parsed, Unreadable) else parsed.players
    hand_id = info.hand_id if info else (parsed.hand_id if isinstance(parsed, Unreadable)
                                         else "")
    table = info.table if info else ""
    started = info.started if info else ""
    body = "\n".join(block.lines)
    container = site.container
    holes: list[tuple[int, int, int]] = []  # (start, end, kind)
    if container == "toml":
        first = block.lines[0]
        if _TOML_TABLE.match(first):
            inner = first.index("[") + 1
            holes.append((inner, first.index("]"), KEY))
        else:
            body = "[0]\n" + body
            holes.append((1, 2, KEY))
    holes += _id_spans(site.name, body, hand_id)
    context: Template | None = None
    session_tag = ""
    if container == "xml" and isinstance(block.context, str) and block.context:
        context, session_tag = _xml_context(site, block.context, table, players)
    elif table:
        span = _bounded(body, table if container != "xml" else escape(table))
        if span is not None and not _overlaps(span, holes):
            holes.append((*span, TABLE))
    for span in _name_spans(body, players, container):
        if not _overlaps(span, holes):
            holes.append((*span, NAME))
    pieces, slots = _cut_holes(body, holes)
    return Template(site.name, block.source, block.first_line, pieces, slots, status, codes,
                    game, hand_id, table, started, players, container, context, session_tag)


def _id_spans(site: str, body: str, hand_id: str) -> list[tuple[int, int, int]]:
    """Where the hand number to renumber is in ``body`` (and any word of the id to tag)."""
    pattern = HAND_IDS.get(site)
    if pattern is not None:
        m = re.search(pattern, body, re.M)
        if m is not None:
            return _groups(m)
    if hand_id:  # not listed, or not found: the last run of digits of the reader's id
        at = body.find(hand_id)
        digits = list(re.finditer(r"\d+", hand_id))
        if at >= 0 and digits:
            return [(at + digits[-1].start(), at + digits[-1].end(), ID)]
    return []


def _groups(m: re.Match[str]) -> list[tuple[int, int, int]]:
    """The holes a ``HAND_IDS`` match makes: its ``id…`` and ``tag…`` groups that matched."""
    return [(*m.span(g), ID if g.startswith("id") else NAME)
            for g, v in m.groupdict().items() if v is not None]


def _bounded(text: str, needle: str) -> tuple[int, int] | None:
    """The first occurrence of ``needle`` in ``text`` not inside a longer word."""
    for m in re.finditer(_bounded_pattern(needle), text):
        return m.span()
    return None


def _bounded_pattern(needle: str) -> str:
    before = r"(?<!\w)" if _WORD.match(needle[:1]) else ""
    after = r"(?!\w)" if _WORD.match(needle[-1:]) else ""
    return before + re.escape(needle) + after


def _name_spans(body: str, players: tuple[str, ...], container: str
                ) -> Iterator[tuple[int, int]]:
    """Where the players' names are in ``body``: as words in text, as quoted values
    (or element text) in XML and TOML."""
    names = sorted({p for p in players if p}, key=len, reverse=True)
    if not names:
        return iter(())
    if container == "xml":
        alternatives = "|".join(re.escape(escape(n, {'"': "&quot;"})) for n in names)
        pattern = rf"(?<=[\"'>])(?:{alternatives})(?=[\"'<])"
    elif container == "toml":
        alternatives = "|".join(re.escape(n) for n in names)
        pattern = rf"(?<=[\"'])(?:{alternatives})(?=[\"'])"
    else:
        pattern = "|".join(_bounded_pattern(n) for n in names)
    return (m.span() for m in re.finditer(pattern, body))


def _overlaps(span: tuple[int, int], holes: list[tuple[int, int, int]]) -> bool:
    return any(span[0] < end and start < span[1] for start, end, _ in holes)


def _cut_holes(body: str, holes: list[tuple[int, int, int]]
               ) -> tuple[list[str], list[tuple[int, str]]]:
    pieces = []
    slots = []
    at = 0
    for start, end, kind in sorted(holes):
        pieces.append(body[at:start])
        slots.append((kind, body[start:end]))
        at = end
    pieces.append(body[at:])
    return pieces, slots


def _xml_context(site: Site, context: str, table: str, players: tuple[str, ...]
                 ) -> tuple[Template, str]:
    """The ``<general>`` block of an XML hand's session as a template (its table and its
    players' names as holes), and the session's start tag."""
    tags = _SESSION.findall(context)
    generals = _GENERAL.findall(context)
    general = generals[-1] if generals else ""
    holes: list[tuple[int, int, int]] = []
    if table:
        span = _bounded(general, escape(table))
        if span is not None:
            holes.append((*span, TABLE))
    for span in _name_spans(general, players, "xml"):
        if not _overlaps(span, holes):
            holes.append((*span, NAME))
    pieces, slots = _cut_holes(general, holes)
    template = Template(site.name, "", 0, pieces, slots, "", (), (), "", table, "", players,
                        "xml")
    return template, (tags[-1] if tags else '<session sessioncode="0">')


def probe(template: Template, auditor: HandAuditor) -> Template | None:
    """``template`` with the variations that leave its audit unchanged: all of them, else
    without renamed players, else without the renamed table; None when even the hand
    number alone cannot be renumbered (it would repeat: HH004)."""
    kinds = template.kinds()
    if template.hand_id and ID not in kinds and KEY not in kinds:
        return None
    for kept in (frozenset(), frozenset({NAME}), frozenset({TABLE}), frozenset({NAME, TABLE})):
        if kept and not (kept & kinds):
            continue
        trial = template.without(set(kept)) if kept else template
        if _probe_ok(trial, auditor):
            return trial
    return None


def _probe_ok(template: Template, auditor: HandAuditor) -> bool:
    container = template.container
    text, _ = render_session(container, [(template, 0)], PROBE_SESSION)
    blocks = list(blocks_of_text(text, "probe" + EXTENSIONS.get(container, ".txt")))
    if len(blocks) != 1:
        return False
    block = blocks[0]
    if _outcome(auditor, block) != (template.status, template.codes, template.game):
        return False
    parsed = read_block(block)
    info = parsed.info
    hand_id = info.hand_id if info else (parsed.hand_id if isinstance(parsed, Unreadable)
                                         else "")
    if template.hand_id and (not hand_id or hand_id == template.hand_id):
        return False
    kinds = template.kinds()
    if TABLE in kinds and (info is None or info.table != session_table(PROBE_SESSION)):
        return False
    if NAME in kinds and not isinstance(parsed, Unreadable):
        suffix = session_suffix(PROBE_SESSION)
        if parsed.players != tuple(p + suffix for p in template.players):
            return False
    return True


# --- writing sessions ----------------------------------------------------------------


def render_session(container: str, hands: list[tuple[Template, int]], session: int
                   ) -> tuple[str, list[int]]:
    """The text of one session file of ``hands`` (each with its copy number), and the
    line each hand starts on."""
    table = session_table(session)
    suffix = session_suffix(session)
    parts: list[str] = []
    lines: list[int] = []
    newlines = 0

    def add(text: str, starts_hand: bool = False) -> None:
        nonlocal newlines
        if starts_hand:
            lines.append(newlines + 1)
        parts.append(text)
        newlines += text.count("\n")

    if container == "xml":  # one session: the first hand's (``session_groups``)
        add('<?xml version="1.0" encoding="utf-8"?>\n')
        first, number = hands[0]
        tag = re.sub(r'\bsessioncode="[^"]*"', f'sessioncode="{9 * 10 ** 9 + session}"',
                     first.session_tag or '<session sessioncode="0">')
        add(tag + "\n")
        if first.context is not None:
            add(first.context.render(number, table, suffix) + "\n")
        for template, number in hands:
            add(template.render(number, table, suffix), starts_hand=True)
            add("\n")
        add("</session>\n")
    else:
        for i, (template, number) in enumerate(hands):
            if i:
                add(SEPARATOR if container == "text" else "\n\n")
            add(template.render(number, table, suffix), starts_hand=True)
        add("\n")
    return "".join(parts), lines


@dataclass(slots=True)
class FileTemplate:
    """A whole source file for a container copied whole (PokerNow's CSV logs): hand
    numbers and player ids as holes, and each hand's original outcome by first line."""

    site: str
    path: Path
    pieces: list[str]
    slots: list[tuple[int, str]]
    outcomes: dict[int, Outcome]  # by first line
    statuses: Counter[str]
    shift: int  # what a copy adds to the hand numbers: more than the largest

    @property
    def hands(self) -> int:
        return len(self.outcomes)

    def render(self, copy: int) -> str:
        out = [self.pieces[0]]
        for (kind, text), piece in zip(self.slots, self.pieces[1:], strict=True):
            out.append(str(int(text) + copy * self.shift) if kind == ID
                       else text + session_suffix(copy))
            out.append(piece)
        return "".join(out)

    def name(self, copy: int) -> str:
        """The copy's file name: the table a log's name gives, with the copy's number."""
        return f"{self.path.stem}-{copy:04d}{self.path.suffix or '.csv'}"


def file_template(site: Site, path: Path, blocks: list[HandBlock], auditor: HandAuditor
                  ) -> FileTemplate | None:
    """A whole file as a template (see ``FileTemplate``); None when it is not UTF-8 text
    or has no hand number where ``HAND_IDS`` says."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    pattern = HAND_IDS.get(site.name)
    holes: list[tuple[int, int, int]] = []
    if pattern is not None:
        if pattern.startswith("^"):  # a CSV cell may be quoted: after the row's quote
            pattern = '^"?' + pattern[1:]
        for m in re.finditer(pattern, text, re.M):
            holes += _groups(m)
    if not holes:
        return None
    for m in _PLAYER_ID.finditer(text):
        if not _overlaps(m.span(), holes):
            holes.append((*m.span(), NAME))
    pieces, slots = _cut_holes(text, holes)
    outcomes = {b.span[0]: _outcome(auditor, b) for b in blocks}
    largest = max(int(t) for k, t in slots if k == ID)
    return FileTemplate(site.name, path, pieces, slots, outcomes,
                        Counter(o[0] for o in outcomes.values()), 10 ** len(str(largest)))


# --- building an input ----------------------------------------------------------------


def session_key(template: Template) -> tuple[str | None, ...]:
    """What a hand's session shares with the other sessions a bench file may draw from:
    nothing but its container for text (each hand names its own game and table), the
    ``SESSION_FIELDS`` of its ``<general>`` for XML."""
    if template.context is None:
        return (template.container,)
    fields: dict[str, str] = {}
    for tag, value in _LEAF.findall("".join(template.context.pieces)):
        fields.setdefault(tag, value.strip())
    return (template.container, *(fields.get(name) for name in SESSION_FIELDS))


def session_groups(pool: list[Template]) -> tuple[list[list[Template]], list[tuple[int, int]]]:
    """``pool``'s hands grouped by ``session_key`` (groups in order of first appearance,
    hands in pool order), and for each place of the pool so ordered its (group, index in
    the group). A file starting at place ``p`` draws its hands from ``p``'s group on from
    ``p``, so each group gets files in proportion to its hands; with one group (text),
    the files are the pool in order, over and over."""
    by_key: dict[tuple[str | None, ...], list[Template]] = {}
    for template in pool:
        by_key.setdefault(session_key(template), []).append(template)
    groups = list(by_key.values())
    places = [(g, i) for g, group in enumerate(groups) for i in range(len(group))]
    return groups, places


@dataclass(slots=True)
class Built:
    """A built input: its folder and files, the hands in it, and each hand's expected
    outcome by (file, first line)."""

    site: str
    folder: Path
    hands: int
    expected: dict[tuple[str, int], Outcome]
    source_hands: int
    about: dict[str, object] = field(default_factory=dict)  # ``SiteHands.about``
    lines: int = 0  # lines and bytes (UTF-8) of all its files
    size: int = 0

    def per_hand(self) -> tuple[float, float]:
        """Lines and bytes per hand."""
        return (self.lines / self.hands, self.size / self.hands) if self.hands else (0.0, 0.0)

    @property
    def files(self) -> list[Path]:
        return sorted(p for p in self.folder.iterdir() if p.name != "manifest.json")


def build(hands: SiteHands, count: int, session: int, folder: Path) -> Built:
    """Write about ``count`` hands of ``hands`` into ``folder``: sessions of ``session``
    hands (a container copied whole: whole copies of its logs until ``count`` is
    reached)."""
    shutil.rmtree(folder, ignore_errors=True)
    tmp = folder.with_name(folder.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    expected: dict[tuple[str, int], Outcome] = {}
    written = 0
    total_lines = total_bytes = 0
    if hands.hands:
        container = hands.site.container
        groups, places = session_groups(hands.hands)
        ext = EXTENSIONS.get(container, ".txt")
        for s in range(-(-count // session)):
            size = min(session, count - written)  # the last session may be short
            g, at = places[written % len(places)]
            group = groups[g]
            batch = [(group[(at + i) % len(group)], written + i) for i in range(size)]
            text, lines = render_session(container, batch, s + 1)
            path = folder / f"session-{s + 1:04d}{ext}"
            real = tmp / path.name
            real.write_text(text, encoding="utf-8")
            total_lines += text.count("\n")
            total_bytes += len(text.encode())
            for (template, _), line in zip(batch, lines, strict=True):
                expected[(str(path), line)] = (template.status, template.codes, template.game)
            written += size
    else:
        copy = 0
        while written < count and hands.files:
            whole = hands.files[copy % len(hands.files)]
            path = folder / whole.name(copy + 1)
            text = whole.render(copy + 1)
            (tmp / path.name).write_text(text, encoding="utf-8")
            total_lines += text.count("\n")
            total_bytes += len(text.encode())
            for line, outcome in whole.outcomes.items():
                expected[(str(path), line)] = outcome
            written += whole.hands
            copy += 1
    manifest = {"site": hands.site.name, "hands": written, "source_hands": hands.source_hands,
                "about": hands.about(), "lines": total_lines, "bytes": total_bytes,
                "expected": [[f, line, status, codes, game]
                             for (f, line), (status, codes, game) in expected.items()]}
    (tmp / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    tmp.rename(folder)  # complete or absent: an interrupted build is never taken for one
    return Built(hands.site.name, folder, written, expected, hands.source_hands,
                 hands.about(), total_lines, total_bytes)


def load_built(folder: Path) -> Built | None:
    """A built input left by an earlier run, if complete."""
    try:
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    expected: dict[tuple[str, int], Outcome] = {
        (f, line): (status, tuple(codes), tuple(game))
        for f, line, status, codes, game in manifest["expected"]}
    return Built(manifest["site"], folder, manifest["hands"], expected,
                 manifest["source_hands"], manifest.get("about", {}), manifest.get("lines", 0),
                 manifest.get("bytes", 0))


def signature(*parts: object) -> str:
    """A short digest of what an input depends on: the bench's and the auditor's sources,
    the corpus's files (names, sizes, times) and the parameters."""
    import auditor
    from auditor.parsing.grammars import grammar_dir

    digest = hashlib.sha1(repr(parts).encode())
    # The auditor imported (a PYTHONPATH may name another checkout than this one).
    for top in (Path(auditor.__file__).parent, grammar_dir(), Path(__file__)):
        for path in sorted(top.rglob("*") if top.is_dir() else [top]):
            if path.is_file() and path.suffix in {".py", ".lark"}:
                st = path.stat()
                digest.update(f"{path}:{st.st_size}:{st.st_mtime_ns}".encode())
    return digest.hexdigest()[:10]


def corpus_stamp(corpus: Path | None) -> str:
    """The corpus's files, as names, sizes and times, digested."""
    if corpus is None:
        return ""
    digest = hashlib.sha1()
    for path in _plain_files([corpus, SAMPLES]):
        st = path.stat()
        digest.update(f"{path}:{st.st_size}:{st.st_mtime_ns}".encode())
    return digest.hexdigest()[:10]


# --- checking a built input ------------------------------------------------------------


@dataclass(slots=True)
class Check:
    """How the audit of a built input compares with the originals, hand by hand."""

    site: str
    hands: int = 0
    audited: int = 0
    duplicates: int = 0  # hands marked duplicate (HH004)
    missing: int = 0  # expected hands with no row
    unexpected: int = 0  # rows no built hand explains
    status_differs: int = 0  # status, game, limit, stakes or unit
    codes_differ: int = 0  # finding codes other than SE001
    se001: int = 0  # SE001 findings in the built input (the originals are single hands)
    repeated_ids: int = 0  # (hand id, start) pairs seen more than once
    examples: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.duplicates or self.missing or self.unexpected or self.status_differs
                    or self.codes_differ or self.repeated_ids)


def check(built: Built, out: Path) -> Check:
    """Compare the report in ``out`` (of ``auditor audit`` on ``built``) with the
    outcomes the built hands had in their original files."""
    import pyarrow.parquet as pq

    hands = pq.read_table(out / "hands.parquet").to_pydict()
    findings = pq.read_table(out / "findings.parquet").to_pydict()
    statuses = Counter(hands["status"])
    result = Check(built.site, hands=len(hands["status"]))
    result.audited = statuses["audited"]
    result.duplicates = statuses["duplicate"]
    codes: dict[tuple[str, str | None], list[str]] = {}
    for source, hand_id, code in zip(findings["source"], findings["hand_id"], findings["code"],
                                     strict=True):
        if code == "SE001":
            result.se001 += 1
        elif code != "HH004":  # (a repeat is counted by its status)
            codes.setdefault((source, hand_id), []).append(code)
    keys = Counter(zip(hands["site"], hands["hand_id"], hands["started"], strict=True))
    result.repeated_ids = sum(n - 1 for (site, hand_id, _), n in keys.items()
                              if hand_id and n > 1)
    seen = set()
    games = zip(*(hands[c] for c in GAME_COLUMNS), strict=True)
    for source, hand_id, first, status, game in zip(hands["source"], hands["hand_id"],
                                                    hands["first_line"], hands["status"], games,
                                                    strict=True):
        key = (source, int(first))
        want = built.expected.get(key)
        if want is None:
            result.unexpected += 1
            continue
        seen.add(key)
        got_codes = tuple(sorted(codes.get((source, hand_id), [])))
        if status != want[0] or game != want[2]:
            result.status_differs += 1
            if len(result.examples) < 3:
                result.examples.append(f"{source}:{first}: {status} {game}, was {want[0]} "
                                       f"{want[2]}")
        elif got_codes != want[1]:
            result.codes_differ += 1
            if len(result.examples) < 3:
                result.examples.append(f"{source}:{first}: {got_codes}, was {want[1]}")
    result.missing = len(built.expected) - len(seen)
    return result


def read_ids(folder: Path) -> list[tuple[str, str, str]]:
    """(site, hand id, start) of every hand in a built input, as the readers read them."""
    out = []
    for path in _plain_files([folder]):
        for block in blocks_of_file(path, str(path)):
            parsed = read_block(block)
            info = parsed.info
            hand_id = info.hand_id if info else getattr(parsed, "hand_id", "")
            out.append((block.site, hand_id, info.started if info else ""))
    return out


def _plain_files(roots: list[Path]) -> list[Path]:
    """The hand-history files under ``roots`` that are plain files on disk (archive
    members and compressed files are the CLI's to open, not the bench's)."""
    found, _ = discover(roots)
    return [item.path for item in found
            if item.path is not None and item.member is None and item.name == item.path.name]
