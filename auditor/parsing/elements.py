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
from typing import Final

from auditor.parsing.blocks import HandBlock, stripped_lines


def blocks_of_elements(text: str, source: str, site: str, start: re.Pattern[str],
                       tag: str, over: tuple[str, ...] = (), prefix: str = ""
                       ) -> Iterator[HandBlock]:
    """The hand blocks of ``text``: each ``start`` match opens a hand that ends at the
    next ``</tag>`` (or just before the next hand, or at the end of the text, when the
    closing tag is missing). ``context`` is the last non-blank text seen between hands.
    ``over``: other elements that the walk of open elements may step over (``<general>``
    of a session, between hands). ``prefix``: text every match of ``start`` begins with,
    if any (see ``_matches``)."""
    closing = f"</{tag}"
    close = re.compile(rf"{re.escape(closing)}\s*>")
    enclosing = _OpenElements(text, (tag, *over))
    context = ""
    position = 0
    line = 1
    matches = _matches(start, prefix, text, 0, len(text), True)
    for i, m in enumerate(matches):
        begin = m.start()
        between = text[position:begin].strip()
        if between:
            context = between
        line += text.count("\n", position, begin)
        limit = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        found = _matches(close, closing, text, m.end(), limit, False)
        end_tag = found[0] if found else None
        end = end_tag.end() if end_tag else _unclosed_end(text, m.end(), limit,
                                                          enclosing.at(begin))
        lines, size = stripped_lines(text, begin, end, False)
        yield HandBlock(source, site, line, lines, None, context)
        line += len(lines) - 1
        position = begin + size


def _matches(pattern: re.Pattern[str], prefix: str, text: str, begin: int, end: int,
             every: bool) -> list[re.Match[str]]:
    """``list(pattern.finditer(text, begin, end))`` (``every``), or its first match alone,
    where every match of ``pattern`` begins with ``prefix`` (none: ""): ``str.find``
    goes to each place the prefix is, and the pattern is tried there only. The regex
    engine's search stops at each "<" of the text (every twenty characters of a game):
    a hand's two searches cost 34,000 instructions, an eighth of its XML's parse."""
    if not prefix:
        if every:
            return list(pattern.finditer(text, begin, end))
        m = pattern.search(text, begin, end)
        return [] if m is None else [m]
    found: list[re.Match[str]] = []
    at = text.find(prefix, begin, end)
    while at >= 0:
        m = pattern.match(text, at, end)
        if m is None:
            at = text.find(prefix, at + 1, end)
            continue
        found.append(m)
        if not every:
            break
        # (a match holds its prefix: it is never empty, and the next starts at its end)
        at = text.find(prefix, m.end(), end)
    return found


# A tag, a comment, a CDATA section or an XML declaration, as the cutter walks them.
_TAG: Final = re.compile(
    r"<(?:!--.*?-->|!\[CDATA\[.*?\]\]>|\?xml\b|(/?)([^\s/>!?]+)[^>]*?(/?)>)", re.S)


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
    few unclosed hands was walked once per such hand: quadratic).

    An element named in ``over`` (the hands' own, a session's ``<general>``) whose inside
    cannot change what is open after it is stepped over in C-level searches instead of
    walked tag by tag (``_step_over``): a file with one unclosed hand near its end was
    walked whole. Each such search ends at the next tag of the element's name, so the
    searches of one name never cover a part of the text twice."""

    def __init__(self, text: str, over: tuple[str, ...] = ()) -> None:
        self.text = text
        self.tags = _TAG.finditer(text)  # walked over the whole text, lazily
        self.next: re.Match[str] | None = next(self.tags, None)
        self.open: list[str] = []
        self.end = 0
        # name -> its closing tag as the cutter finds it
        self.over = {name: re.compile(rf"</{re.escape(name)}\s*>") for name in over}

    def at(self, end: int) -> set[str]:
        """The elements open at ``end`` (ends that go back are walked the plain way)."""
        if end < self.end:
            return set(_open_elements(self.text, 0, end))
        self.end = end
        m = self.next
        over = self.over
        while m is not None and m.end() <= end:
            if over and m.group(2) in over and not m.group(1) and not m.group(3):
                after = self._step_over(m, end, m.group(2), over[m.group(2)])
                if after >= 0:
                    self.tags = _TAG.finditer(self.text, after)
                    m = next(self.tags, None)
                    continue
            _walk(self.open, m)
            m = next(self.tags, None)
        self.next = m
        if m is not None and m.start() < end:
            # A tag (a comment, CDATA) that runs across ``end``: a walk that stops at
            # ``end`` reads it otherwise; walk the plain way.
            return set(_open_elements(self.text, 0, end))
        return set(self.open)


    def _step_over(self, m: re.Match[str], end: int, name: str,
                   close: re.Pattern[str]) -> int:
        """Where the walk goes on after the element whose start tag is ``m`` (the walk's
        own match, so not inside a comment), if walking its tags would leave the open
        elements as they are; else -1. That holds when its closing tag ends at or before
        ``end`` and the inside (between the two tags) has:

        - no other tag of the element's name: the closing tag closes this start tag;
        - no ``<!`` or ``<?``: the walk finds no comment, CDATA or declaration there,
          only tags, each ending at the first ``>`` after it;
        - a ``>`` after its last ``<``: no tag of the inside runs past the closing tag,
          so the walk's next tag after them is the closing tag;
        - no ``</name`` of an element open before the hand: whatever the walk makes of
          the inside's tags, none of them closes one of those (every closing tag the
          walk finds starts where ``_CLOSING`` finds one, with the same name).

        Then the closing tag removes the element and whatever it left open, and nothing
        else: the open elements after it are those before it, and the walk's next tag
        is the first after it."""
        text = self.text
        inside = m.end()
        opening = _named(text, "<" + name, inside, end)
        stop = _named(text, "</" + name, inside, end if opening < 0 else opening + 1)
        if stop < 0 or 0 <= opening < stop:
            return -1
        closing = close.match(text, stop, end)
        if (closing is None or text.find("<!", inside, stop) >= 0
                or text.find("<?", inside, stop) >= 0
                or text.rfind("<", inside, stop) > text.rfind(">", inside, stop)):
            return -1
        for outer in set(self.open):
            if _named(text, "</" + outer, inside, stop, stop) >= 0:
                return -1
        return closing.end()


def _named(text: str, prefix: str, begin: int, end: int, limit: int = -1) -> int:
    """Where ``prefix`` (``<name`` or ``</name``) first starts a tag of that name in
    ``text[begin:end]``: followed by what ends a name for ``_TAG`` (white space, ``/``,
    ``>``, ``!``, ``?``), or by position ``limit``; -1 if nowhere."""
    at = text.find(prefix, begin, end)
    while at >= 0:
        after = at + len(prefix)
        if after == limit or (after < end and (text[after] in "/>!?" or text[after].isspace())):
            return at
        at = text.find(prefix, at + 1, end)
    return -1


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
