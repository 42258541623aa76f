"""Cutting decoded text into hand blocks, one per hand header.

The hot path works on whole chunks of text in C-level calls: one regular expression finds
the headers, each hand's text is split into lines and right-stripped in bulk, and line
numbers come from the number of lines cut, not from numbering each line.

Hostile text costs bounded memory and never hides a hand: a line longer than ``MAX_LINE``
characters is cut short (the hand is ``HH001`` "line too long"), a hand of more than
``MAX_HAND`` characters keeps only its first ones (``HH001`` "hand too long"), a header
is found after any leading white space, and a header after other text on its line is
found too: before the first hand it starts a hand that reports the text
(``HandBlock.problem``); inside a hand, ``split_at_glued_header`` cuts the hand there
when it cannot be read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import import_module
from itertools import chain
from pathlib import Path
from typing import Any, BinaryIO, Final

from auditor.parsing.decode import (
    CHUNK,
    clean,
    decoded_chunks,
    decoded_stream,
    logical_lines,
)
from auditor.parsing.starts import starts

# A header line: a site's header at the start of the line, after one space if it starts
# with a site's name (P, R, W, F), after a white space other than a space (a TAB, a
# NO-BREAK SPACE, U+3000, …), or after two or more white spaces. Lines are matched before
# they are right-stripped, so a header that ends in a space needs more text after it on
# its line. The sites and their header patterns come from the registry (``auditor.sites``).

MAX_LINE = 1 << 20  # characters: a longer line is cut short and its hand reported
MAX_HAND = 1 << 26  # characters of one hand kept (64 Mi): the rest is dropped and reported
LONG = "\ue005"  # ends a line cut short (decoding keeps it out of input text)
_KEPT = 2000  # characters kept of a line cut short


_PREFIX_SIZE = 10  # characters of the headers' prefixes the search compares first


class _Headers:
    """The header patterns of every text site, compiled once: group i + 1 of each
    pattern matches site i's headers."""

    def __init__(self, headers: Sequence[tuple[str, str]]) -> None:
        self.sites = tuple(site for site, _ in headers)
        any_site = "|".join(f"({pattern})" for _, pattern in headers)
        self.site = re.compile(any_site)
        ends = r"(?:(?<=\S)|(?=[^\S\n]*\S))"
        header = rf"(?:[^\S\n]{{2,}}|[^\S\n ]| (?=[PRWF]))?(?:{any_site}){ends}"
        self.line = re.compile(header)
        # The same after the newline that ends the line before, to search whole texts.
        # A look at the first characters (every header starts with one of a few such
        # prefixes, or with white space other than a newline) lets most lines fail in
        # one step: a blank line, a "*** FLOP ***" or a name that starts like a site.
        # Ten of them, so that a player called "PokerMill100" is not taken for a
        # "PokerMaster Hand #" until the whole pattern says no (bench/LEVERS.md §47).
        prefixes: set[str] | None = set()
        for _, pattern in headers:
            found = starts(pattern, _PREFIX_SIZE)
            prefixes = None if found is None or prefixes is None or "" in found \
                else prefixes | found
        look = rf"(?=[^\S\n]|{_one_of(prefixes)})" if prefixes else ""
        self.after_newline = re.compile(rf"\n{look}{header}")
        firsts = _char_set({p[0] for p in prefixes}) if prefixes else ""
        # What a header can start with after its newline, besides white space: the
        # compiled build's search compares them (``matches``; 64 at most, a bit each,
        # or the pattern's own search runs).
        self.prefixes = tuple(sorted(prefixes)) if prefixes and len(prefixes) <= 64 else None
        self._headers = headers
        self._first = rf"(?={firsts})" if firsts else ""

    def matches(self, text: str, start: int, end: int) -> Iterable[re.Match[str]]:
        """``after_newline.finditer(text, start, end)``: in C where compiled (each
        newline found by a C-level search, the pattern tried only where a header can
        start), by the pattern's own search in the pure build."""
        if self.prefixes is None or _IN_C is None:
            return self.after_newline.finditer(text, start, end)
        found: list[re.Match[str]] = _IN_C.header_matches(
            text, start, end, self.prefixes, self.after_newline.match)
        return found

    @cached_property
    def anywhere(self) -> re.Pattern[str]:
        """A header anywhere in a line, glued to the text before it: then it must go on
        as a header does, with a hand number after a "#" and a word after the rest (not
        "PokerStars Hand #PokerStars Hand #…", nor a name that holds the words). Compiled
        on first use: most runs never need it."""
        glued = "|".join(f"({p})" + ("(?=[0-9])" if p.endswith("#") else "(?=[0-9A-Za-z])")
                         for _, p in self._headers)
        return re.compile(rf"{self._first}(?:{glued})")


def _one_of(prefixes: set[str]) -> str:
    """A regex alternation of ``prefixes``, less those that start with another one."""
    kept = sorted(p for p in prefixes if not any(q != p and p.startswith(q) for q in prefixes))
    return "|".join(map(re.escape, kept))


def _char_set(chars: set[str]) -> str:
    """A regex class of ``chars``."""
    return f"[{re.escape(''.join(sorted(chars)))}]"


@cache
def _headers() -> _Headers:
    from auditor.sites import text_headers

    return _Headers(text_headers())


@dataclass(slots=True)
class HandBlock:
    """The lines of one hand: from its header to the line before the next header.

    ``lines`` are right-stripped (the header also left-stripped), blank lines inside kept,
    trailing blank lines dropped. ``lines[i]`` is on line ``first_line + i`` of the file,
    unless ``numbers`` is set: a BOM inside a line (files concatenated without a final
    newline) splits one physical line into logical lines with the same number.
    """

    source: str
    site: str
    first_line: int
    lines: list[str]
    numbers: list[int] | None = None
    context: Any = None  # what the container knows beyond the lines (XML session, …)
    # What the cutter found wrong, as (line, message): a line cut short, text before the
    # header on its line. The hand is reported HH001 with it (its header still read).
    problem: tuple[int, str] | None = None

    def number(self, i: int) -> int:
        """The file line number of ``lines[i]``."""
        if self.numbers is not None:
            return self.numbers[i]
        return self.first_line + (i if i >= 0 else i + len(self.lines))

    @property
    def last_line(self) -> int:
        # (``number(-1)`` written out: every reader asks it once a hand.)
        numbers = self.numbers
        return numbers[-1] if numbers is not None else self.first_line + len(self.lines) - 1

    @property
    def span(self) -> tuple[int, int]:
        """The first and last file line the hand occupies (a log written newest first
        lists a hand's lines in the reverse order of the file)."""
        numbers = self.numbers
        if numbers is None:
            return self.first_line, self.number(-1)
        return min(numbers), max(numbers)

    def numbered(self) -> Iterator[tuple[int, str]]:
        """``(number, text)`` for each line."""
        numbers = self.numbers
        if numbers is None:
            return zip(range(self.first_line, self.first_line + len(self.lines)), self.lines,
                       strict=True)
        return zip(numbers, self.lines, strict=True)


def site_of_header(line: str) -> str | None:
    """The site whose hand header ``line`` is, or None."""
    headers = _headers()
    m = headers.site.match(line.lstrip())
    return None if m is None else headers.sites[m.lastindex - 1]


def blocks_of_file(path: Path, source: str, chunk_size: int = CHUNK) -> Iterator[HandBlock]:
    """Every hand block of ``path``, streamed ``chunk_size`` bytes at a time (text
    exports; a log or XML file of a site with its own container is read whole). Raises
    ``OSError`` or ``decode.NotText``."""
    return _blocks(decoded_chunks(path, chunk_size), source, path.name)


def blocks_of_stream(f: BinaryIO, source: str, name: str, chunk_size: int = CHUNK
                     ) -> Iterator[HandBlock]:
    """Every hand block of the byte stream ``f`` (an archive member, a decompressed file,
    standard input), as ``blocks_of_file``; ``name`` is the file name it had (it can tell
    the container). The caller closes ``f`` once the blocks are consumed."""
    return _blocks(decoded_stream(f, chunk_size), source, name)


def _blocks(chunks: Iterator[str], source: str, name: str) -> Iterator[HandBlock]:
    first = next(chunks, "")
    cut = _container(first, name)
    if cut is not None:
        return cut("".join(chain((first,), chunks)), source)
    return _Cutter(source).cut(chain((first,), chunks))


def blocks_of_text(text: str, source: str) -> Iterator[HandBlock]:
    """Every hand block of a text in memory."""
    text = clean(text)
    cut = _container(text[:_HEAD], source)
    if cut is not None:
        return cut(text, source)
    return _Cutter(source).cut(text[i : i + CHUNK] for i in range(0, len(text), CHUNK))


_HEAD = 1 << 14  # how much of a file's text tells its container


def _container(head: str, name: str) -> Any:
    """How to cut a file whose text starts with ``head``: the ``cut`` of the first site
    with a container of its own that recognises it, or None for text exports."""
    from auditor.sites import SITES

    head = head[:_HEAD]
    for site in SITES:
        if site.sniff is not None and site.sniff(head, name):
            return site.cut
    return None


class _Cutter:
    """Cuts a stream of text chunks with LF line endings into hand blocks. Text before the
    first header is skipped (but a header glued to it); a block stays open across chunks
    until the next header."""

    __slots__ = ("block", "headers", "long_line", "number", "size", "source")

    def __init__(self, source: str) -> None:
        self.source = source
        self.headers = _headers()
        self.block: HandBlock | None = None  # the open block: more lines may follow
        self.number = 0  # lines read so far
        self.size = 0  # characters of the open block
        self.long_line = 0  # the number of a line cut short, until its block is done

    def cut(self, chunks: Iterable[str]) -> Iterator[HandBlock]:
        # Each line is kept with the "\n" that ends the line before it (the first line
        # with a made-up one), so one search pattern finds every header. A last "\n"
        # ends the last line (or adds a blank line, dropped as trailing blank).
        tail = "\n"  # the unfinished last line
        dropping = False  # the unfinished line was cut short: drop the rest of it
        for chunk in chain(chunks, ("\n",)):
            end = chunk.rfind("\n")
            if end < 0:
                if not dropping:
                    if len(tail) + len(chunk) > MAX_LINE + 1:
                        tail = self._cut_short(tail + chunk)
                        dropping = True
                    else:
                        tail += chunk
                continue
            if dropping or len(tail) + chunk.find("\n") > MAX_LINE + 1:
                first = chunk.find("\n")
                if not dropping:
                    tail = self._cut_short(tail + chunk[:first])
                dropping = False
                chunk = chunk[first:]
                end -= first
            text = tail + chunk
            end += len(tail)
            tail = text[end:]
            start = 0
            # Rare: a line with a BOM is cut into logical lines, one line at a time.
            while (bom := text.find("\ufeff", start, end)) >= 0:
                line = text.rfind("\n", start, bom)
                stop = text.find("\n", bom, end)
                stop = end if stop < 0 else stop
                yield from self._plain_lines(text, start, line)
                yield from self._line_with_bom(text[line + 1 : stop].rstrip())
                start = stop
            yield from self._plain_lines(text, start, end)
        if self.block is not None:
            yield self._done(self.block)

    def _cut_short(self, line: str) -> str:
        """An unfinished line (with the newline before it) over ``MAX_LINE`` characters:
        its start, marked; its block will be reported."""
        if not self.long_line:
            self.long_line = self.number + 1
        return line[:_KEPT] + LONG

    def _done(self, block: HandBlock) -> HandBlock:
        """``block`` finished, with the problem of a line cut short in it."""
        block = _finished(block)
        if self.long_line and block.problem is None:
            first, last = block.span
            if first <= self.long_line <= last:
                block.problem = (self.long_line,
                                 f"line too long: over {MAX_LINE:,} characters (cut short)")
                self.long_line = 0
        return block

    def _plain_lines(self, text: str, start: int, end: int) -> Iterator[HandBlock]:
        """The blocks that ``text[start:end]`` completes: whole lines without a BOM, each
        after the newline that ends the line before it."""
        number = self.number
        sites = self.headers.sites
        site: str | None = None  # the site of the header at ``start``, if in this text
        for m in self.headers.matches(text, start, end):
            at = m.start()
            if site is not None:
                # The common case, a whole hand in this text: its lines without the
                # trailing blank ones, which are only counted.
                lines, size = stripped_lines(text, start + 1, at, True)
                block = HandBlock(self.source, site, number + 1, lines)
                yield self._done(block) if self.long_line else block
                number += len(lines) + text.count("\n", start + 1 + size, at)
            elif self.block is not None:
                number = self._extend(text, start, at, number)
                yield self._done(self.block)
                self.block = None
            else:
                number = self._skip(text, start, at, number)
                if self.block is not None:  # a header glued to the text before it
                    yield self._done(self.block)
                    self.block = None
            site = sites[m.lastindex - 1]
            start = at
        if site is not None:
            self.block = HandBlock(self.source, site, number + 1, [])
            self.size = 0
        if self.block is None:
            number = self._skip(text, start, end, number)
        else:
            number = self._extend(text, start, end, number)
        self.number = number

    def _extend(self, text: str, start: int, end: int, number: int) -> int:
        """Add ``text[start:end]`` to the open block (the lines after line ``number``),
        up to ``MAX_HAND`` characters; the number of the last line read."""
        block = self.block
        assert block is not None
        self.size += end - start
        if self.size <= MAX_HAND:
            return _add_text(block, text, start, end, number)
        if block.problem is None:
            block.problem = (number + 1, f"hand too long: over {MAX_HAND:,} characters "
                                         "(the rest of it is not read)")
        return number + text.count("\n", start, end)

    def _skip(self, text: str, start: int, end: int, number: int) -> int:
        """Skip ``text[start:end]``, lines before the first header; a header glued to
        other text on its line there opens a block that reports that text."""
        pos = start
        anywhere = self.headers.anywhere
        while (m := anywhere.search(text, pos, end)) is not None:
            at = m.start()
            line_start = text.rfind("\n", start, at) + 1
            junk = text[line_start:at].strip()
            if not junk:  # white space the header line pattern refuses: not a header
                pos = at + 1
                continue
            number += text.count("\n", start, line_start)
            line_end = text.find("\n", at, end)
            line_end = end if line_end < 0 else line_end
            block = self.block = HandBlock(self.source, self.headers.sites[m.lastindex - 1],
                                           number, [text[at:line_end].rstrip()])
            block.problem = (number, f"text before the hand header on its line: {junk[:80]!r}")
            self.size = line_end - at
            return self._extend(text, line_end, end, number)
        return number + text.count("\n", start, end)

    def _line_with_bom(self, line: str) -> list[HandBlock]:
        """The block (if any) that a right-stripped line with a BOM completes."""
        done = []
        self.number += 1
        skipped = ""  # text before the first header of the file, on this line
        for part in logical_lines(line):
            m = self.headers.line.match(part)
            junk = ""
            if m is None and self.block is None:
                glued = self.headers.anywhere.search(part, 1)
                if glued is not None and part[: glued.start()].strip():
                    junk, part, m = part[: glued.start()].strip(), part[glued.start() :], glued
            if m is not None:
                if self.block is not None:
                    done.append(self._done(self.block))
                self.block = HandBlock(self.source, self.headers.sites[m.lastindex - 1],
                                       self.number, [])
                self.size = 0
                junk = f"{skipped} {junk}".strip()
                if junk:
                    self.block.problem = (
                        self.number, f"text before the hand header on its line: {junk[:80]!r}")
            elif self.block is None:
                skipped = f"{skipped} {part}".strip()
            if self.block is not None:
                _add(self.block, self.number, [part])
        return done


def split_at_glued_header(block: HandBlock) -> list[HandBlock] | None:
    """``block`` cut where hand headers are glued to other text inside its lines (files
    joined without a newline), or None if it has no such header. The text before each
    header stays the last line of the block before it."""
    headers = _headers()
    anywhere = headers.anywhere
    parts: list[HandBlock] = []
    site, first, lines, numbers = block.site, block.first_line, [], []
    for i, line in enumerate(block.lines):
        no = block.number(i)
        pos = 0
        if i == 0:  # past the block's own header (which may end in another site's)
            own = headers.line.match(line)
            pos = own.end() if own is not None else 1
        while (m := anywhere.search(line, pos)) is not None:
            at = m.start()
            pos = at + 1
            if not line[:at].strip():  # white space the header line pattern refuses
                continue
            lines.append(line[:at].rstrip())
            numbers.append(no)
            parts.append(_part(block, site, first, lines, numbers))
            site, first, lines, numbers = headers.sites[m.lastindex - 1], no, [], []
            line, pos = line[at:], m.end() - at
        lines.append(line)
        numbers.append(no)
    if not parts:
        return None
    parts.append(_part(block, site, first, lines, numbers))
    return parts


def stripped_lines_in_python(text: str, start: int, end: int, lstrip_first: bool
                             ) -> tuple[list[str], int]:
    """The lines of ``text[start:end].rstrip()`` (a hand's body), each right-stripped and
    the first also left-stripped where ``lstrip_first``, and the body's length."""
    body = text[start:end].rstrip()
    lines = list(map(str.rstrip, body.split("\n")))
    if lstrip_first:
        lines[0] = lines[0].lstrip()
    return lines, len(body)


def _in_c() -> Any:
    """The compiled build's C module of the cutters' loops (``_lines.c``), or None."""
    try:
        return import_module("auditor.parsing._lines")
    except ImportError:
        return None


_IN_C: Final = _in_c()
# A hand's lines: in one pass in C where compiled, else by the reference.
stripped_lines: Final[Callable[[str, int, int, bool], tuple[list[str], int]]] = (
    stripped_lines_in_python if _IN_C is None else _IN_C.stripped_lines)


def _part(block: HandBlock, site: str, first: int, lines: list[str], numbers: list[int]
          ) -> HandBlock:
    consecutive = numbers == list(range(first, first + len(numbers)))
    return _finished(HandBlock(block.source, site, first, lines,
                               None if consecutive else numbers, block.context))


def _add_text(block: HandBlock, text: str, start: int, end: int, number: int) -> int:
    """Add the lines of ``text[start:end]`` (each after a newline), the first of them line
    ``number + 1``, to ``block``; the number of the last line read."""
    if start == end:
        return number
    lines = text[start + 1 : end].split("\n")
    _add(block, number + 1, list(map(str.rstrip, lines)))
    return number + len(lines)


def _add(block: HandBlock, number: int, lines: list[str]) -> None:
    """Add ``lines``, numbered from ``number`` on, to ``block``."""
    if block.numbers is None:
        if block.first_line + len(block.lines) == number:
            block.lines += lines
            return
        block.numbers = list(range(block.first_line, block.first_line + len(block.lines)))
    block.lines += lines
    block.numbers += range(number, number + len(lines))


def _finished(block: HandBlock) -> HandBlock:
    """``block`` with its header left-stripped and its trailing blank lines dropped."""
    lines = block.lines
    lines[0] = lines[0].lstrip()
    numbers = block.numbers
    while len(lines) > 1 and not lines[-1]:
        lines.pop()
        if numbers is not None:
            numbers.pop()
    if numbers is not None and numbers == list(range(block.first_line,
                                                     block.first_line + len(lines))):
        block.numbers = None
    return block


def blocks_of_export(f: BinaryIO, source: str, first_line: int = 1, chunk_size: int = CHUNK
                     ) -> Iterator[HandBlock]:
    """The hand blocks of the byte stream ``f`` of a text export (never a container)
    that starts at line ``first_line`` of its file: a byte range of a large file, cut at
    a header line, numbered as the whole file is (``auditor.distributed``)."""
    cutter = _Cutter(source)
    cutter.number = first_line - 1
    return cutter.cut(decoded_stream(f, chunk_size))


def is_container(head: str, name: str) -> bool:
    """Whether a file named ``name`` whose text starts with ``head`` is cut by a site's
    own container (a log, an XML or TOML export) rather than by header lines."""
    return _container(head, name) is not None
