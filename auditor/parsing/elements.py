"""Cutting XML hand histories into hand blocks: one element per hand.

XML exports (iPoker, MicroGaming, Merge, BossMedia) come pretty-printed, on one line, with
CR-only line ends or a byte-order mark. A hand is one element (``<game>``, ``<Game>``,
``<HISTORY>``); it is found by its start tag and cut up to its closing tag without
parsing the document, so a damaged hand never hides the others. The hand's reader parses
its element (with ``defusedxml``: no entity expansion, no network). What comes between two
hands (a session's ``<general>`` block, Merge's ``<description>``) is handed to the next
hand as its ``context``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from auditor.parsing.blocks import HandBlock


def blocks_of_elements(text: str, source: str, site: str, start: re.Pattern[str],
                       tag: str) -> Iterator[HandBlock]:
    """The hand blocks of ``text``: each ``start`` match opens a hand that ends at the
    next ``</tag>`` (or just before the next hand, or at the end of the text, when the
    closing tag is missing). ``context`` is the last non-blank text seen between hands."""
    close = re.compile(rf"</{re.escape(tag)}\s*>")
    enclosing = _OpenElements(text)
    context = ""
    position = 0
    line = 1
    matches = list(start.finditer(text))
    for i, m in enumerate(matches):
        begin = m.start()
        between = text[position:begin]
        if between.strip():
            context = between.strip()
        line += text.count("\n", position, begin)
        limit = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        end_tag = close.search(text, m.end(), limit)
        end = end_tag.end() if end_tag else _unclosed_end(text, m.end(), limit,
                                                          enclosing.at(begin))
        body = text[begin:end].rstrip()
        lines = body.split("\n")
        yield HandBlock(source, site, line, [part.rstrip() for part in lines], None, context)
        line += body.count("\n")
        position = begin + len(body)


# A tag, a comment, a CDATA section or an XML declaration, as the cutter walks them.
_TAG = re.compile(r"<(?:!--.*?-->|!\[CDATA\[.*?\]\]>|\?xml\b|(/?)([^\s/>!?]+)[^>]*?(/?)>)", re.S)


def _unclosed_end(text: str, begin: int, limit: int, enclosing: set[str]) -> int:
    """Where a hand whose closing tag is missing ends (its start tag ends at ``begin``,
    the next hand starts at ``limit``, ``enclosing`` are the elements open where it
    starts): before the first closing tag of an element it did not open (its session's
    ``</session>``), the first start tag of an element that encloses it (a new
    ``<session>`` after an unfinished one), or the next XML declaration (a file
    concatenated after a cut-off one); else at ``limit``. What follows goes to the next
    hand's context, so a new session's ``<general>`` is not lost inside a hand."""
    open_tags: list[str] = []
    for m in _TAG.finditer(text, begin, limit):
        closing, name, empty = m.groups()
        if name is None:
            if m.group().startswith("<?xml"):
                return m.start()
            continue  # a comment or CDATA
        if closing:
            if not open_tags or open_tags[-1] != name:
                return m.start()
            open_tags.pop()
        elif name in enclosing:
            return m.start()
        elif not empty:
            open_tags.append(name)
    return limit


class _OpenElements:
    """``_open_elements(text, 0, end)`` for ends that only grow, each call going on from
    the tags the last one walked instead of from the start of the file (a file with a
    few unclosed hands was walked once per such hand: quadratic)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tags = _TAG.finditer(text)  # walked over the whole text, lazily
        self.next: re.Match[str] | None = next(self.tags, None)
        self.open: list[str] = []
        self.end = 0

    def at(self, end: int) -> set[str]:
        """The elements open at ``end`` (ends that go back are walked the plain way)."""
        if end < self.end:
            return set(_open_elements(self.text, 0, end))
        self.end = end
        m = self.next
        while m is not None and m.end() <= end:
            _walk(self.open, m)
            m = next(self.tags, None)
        self.next = m
        if m is not None and m.start() < end:
            # A tag (a comment, CDATA) that runs across ``end``: a walk that stops at
            # ``end`` reads it otherwise; walk the plain way.
            return set(_open_elements(self.text, 0, end))
        return set(self.open)


def _walk(open_tags: list[str], m: re.Match[str]) -> None:
    """One tag of a walk through a document: the elements still open after it."""
    closing, name, empty = m.groups()
    if name is None or empty:
        return
    if not closing:
        open_tags.append(name)
    elif name in open_tags:
        del open_tags[len(open_tags) - 1 - open_tags[::-1].index(name):]


def _open_elements(text: str, begin: int, end: int) -> list[str]:
    """The elements still open at ``end`` (outermost first), from ``begin`` on."""
    open_tags: list[str] = []
    for m in _TAG.finditer(text, begin, end):
        _walk(open_tags, m)
    return open_tags


def attribute(text: str, name: str) -> str:
    """The value of the first ``name="…"`` attribute in ``text`` (as written: entities
    are left as they are), or ""."""
    m = re.search(rf'\b{re.escape(name)}="([^"]*)"', text)
    return m.group(1) if m else ""


Sniff = Callable[[str, str], bool]
Cut = Callable[[str, str], Iterator[HandBlock]]


def element_format(site: str, start: re.Pattern[str], tag: str) -> tuple[Sniff, Cut]:
    """A site's ``sniff`` and ``cut`` for XML files of one element per hand: a file is
    the site's when ``start`` is found in its head."""

    def sniff(head: str, name: str) -> bool:
        return start.search(head) is not None

    def cut(text: str, source: str) -> Iterator[HandBlock]:
        return blocks_of_elements(text, source, site, start, tag)

    return sniff, cut
