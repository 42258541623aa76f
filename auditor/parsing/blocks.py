"""Cutting decoded text into hand blocks, one per hand header.

The hot path works on whole chunks of text in C-level calls: one regular expression finds
the headers, each hand's text is split into lines and right-stripped in bulk, and line
numbers come from the number of lines cut, not from numbering each line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import chain
from pathlib import Path
from typing import Any, BinaryIO

from auditor.parsing.decode import (
    CHUNK,
    decoded_chunks,
    decoded_stream,
    lf_only,
    logical_lines,
)

# A header line: a site's header at the start of the line, after one space if it starts
# with "P", or after two or more white spaces. Lines are matched before they are
# right-stripped, so a header that ends in a space needs more text after it on its line.
# The sites and their header patterns come from the registry (``auditor.sites``).


class _Headers:
    """The header patterns of every text site, compiled once: group i + 1 of each
    pattern matches site i's headers."""

    def __init__(self, headers: Sequence[tuple[str, str]]) -> None:
        self.sites = tuple(site for site, _ in headers)
        any_site = "|".join(f"({pattern})" for _, pattern in headers)
        self.site = re.compile(any_site)
        header = rf"(?:  [^\S\n]*| (?=P))?(?:{any_site})(?:(?<=\S)|(?=[^\S\n]*\S))"
        self.line = re.compile(header)
        # The same after the newline that ends the line before, to search whole texts.
        # The look at the first character (every header starts with one of these) skips
        # most lines fast.
        firsts = {_first_char(p) for _, p in headers}
        look = "" if None in firsts else f"(?=[ {re.escape(''.join(sorted(firsts)))}])"
        self.after_newline = re.compile(rf"\n{look}{header}")


def _first_char(pattern: str) -> str | None:
    """The literal character every match of ``pattern`` starts with, if it has one."""
    if pattern[:1] == "\\" and len(pattern) > 1 and not pattern[1].isalnum():
        return pattern[1]
    if pattern[:1].isalnum() or pattern[:1] in "#<'\"-":
        return pattern[0]
    return None


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

    def number(self, i: int) -> int:
        """The file line number of ``lines[i]``."""
        if self.numbers is not None:
            return self.numbers[i]
        return self.first_line + (i if i >= 0 else i + len(self.lines))

    @property
    def last_line(self) -> int:
        return self.number(-1)

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
    text = lf_only(text)
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
    first header is skipped; a block stays open across chunks until the next header."""

    __slots__ = ("block", "headers", "number", "source")

    def __init__(self, source: str) -> None:
        self.source = source
        self.headers = _headers()
        self.block: HandBlock | None = None  # the open block: more lines may follow
        self.number = 0  # lines read so far

    def cut(self, chunks: Iterable[str]) -> Iterator[HandBlock]:
        # Each line is kept with the "\n" that ends the line before it (the first line
        # with a made-up one), so one search pattern finds every header. A last "\n"
        # ends the last line (or adds a blank line, dropped as trailing blank).
        tail = "\n"  # the unfinished last line
        for chunk in chain(chunks, ("\n",)):
            end = chunk.rfind("\n")
            if end < 0:
                tail += chunk
                continue
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
            yield _finished(self.block)

    def _plain_lines(self, text: str, start: int, end: int) -> Iterator[HandBlock]:
        """The blocks that ``text[start:end]`` completes: whole lines without a BOM, each
        after the newline that ends the line before it."""
        number = self.number
        sites = self.headers.sites
        site: str | None = None  # the site of the header at ``start``, if in this text
        for m in self.headers.after_newline.finditer(text, start, end):
            at = m.start()
            if site is not None:
                # The common case, a whole hand in this text: its lines without the
                # trailing blank ones, which are only counted.
                body = text[start + 1 : at].rstrip()
                lines = list(map(str.rstrip, body.split("\n")))
                lines[0] = lines[0].lstrip()
                yield HandBlock(self.source, site, number + 1, lines)
                number += len(lines) + text.count("\n", start + 1 + len(body), at)
            elif self.block is not None:
                number = _add_text(self.block, text, start, at, number)
                yield _finished(self.block)
                self.block = None
            else:
                number += text.count("\n", start, at)
            site = sites[m.lastindex - 1]
            start = at
        if site is not None:
            self.block = HandBlock(self.source, site, number + 1, [])
        if self.block is None:
            number += text.count("\n", start, end)
        else:
            number = _add_text(self.block, text, start, end, number)
        self.number = number

    def _line_with_bom(self, line: str) -> list[HandBlock]:
        """The block (if any) that a right-stripped line with a BOM completes."""
        done = []
        self.number += 1
        for part in logical_lines(line):
            m = self.headers.line.match(part)
            if m is not None:
                if self.block is not None:
                    done.append(_finished(self.block))
                self.block = HandBlock(self.source, self.headers.sites[m.lastindex - 1],
                                       self.number, [])
            if self.block is not None:
                _add(self.block, self.number, [part])
        return done


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
