"""Safe reading of iPoker XML fragments: one ``<game>`` element, or a session's
``<general>``, into a flat list of elements with their file lines.

The parser is ``defusedxml``'s: a DTD is refused (``DTDForbidden``), an entity
declaration is refused (``EntitiesForbidden``), nothing external is fetched
(``ExternalReferenceForbidden``), and an entity reference other than XML's five and
character references is an error (``undefined entity``): nothing is ever expanded.

Speed: expat checks every fragment in C, with no Python callback. A fragment it accepts
that holds no comment, CDATA section, processing instruction or single-quoted attribute
(the exports never write them) is then read by regular expressions: in a well-formed
fragment every start tag is ``<name attr="value" …>`` with no ``<`` inside, so one pass
finds them all, about three times faster than building them from expat's callbacks. Any
other fragment is read from the callbacks (``elements_by_callbacks``, also the reference
the fast path is tested against).
"""

from __future__ import annotations

import re
from typing import Any
from xml.parsers.expat import ExpatError, ParserCreate

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

# One element: [tag, attributes, file line, text]. The text is what follows the start
# tag up to the next tag (callbacks: the next start tag): readers strip it, and read it
# only for elements that hold text and no children (``<cards>``, ``<startdate>``).
Node = list[Any]

# The start tags of the elements a game is read from, each with its attributes and the
# text after it; ``\b`` keeps ``<players>`` and ``<gametype>`` out.
GAME_TAGS = ("game", "player", "round", "action", "cards", "startdate")
_ELEMENT = re.compile(r"<(game|player|round|action|cards|startdate)\b([^>]*)>([^<]*)")
_ATTRIBUTE = re.compile(r'([^\s=/]+)\s*=\s*"([^"]*)"')
# What the fast path does not read: comments, CDATA, processing instructions, DTDs, and
# single-quoted attributes.
_UNUSUAL = re.compile(r"<[!?]|=\s*'")
_ENTITY = re.compile(r"&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


class XmlError(ValueError):
    """A fragment that is not well-formed XML, or that XML safety refuses; ``line`` is
    the file line where the parser stopped."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


def _parser() -> tuple[DefusedXMLParser, Any]:
    """A defused parser and its expat parser, with the tree builder's callbacks off."""
    parser = DefusedXMLParser(forbid_dtd=True)
    expat = parser.parser
    expat.StartElementHandler = None
    expat.EndElementHandler = None
    expat.CharacterDataHandler = None
    return parser, expat


def _parse(expat: Any, text: str, offset: int) -> None:
    """Run expat over ``text``; its errors as ``XmlError`` on file lines."""
    try:
        expat.Parse(text, True)
    except DefusedXmlException as exc:
        raise XmlError(expat.CurrentLineNumber + offset,
                       f"the XML declares a DTD or entities ({type(exc).__name__}); "
                       "it is not read: entities are never expanded") from exc
    except ExpatError as exc:
        line = (getattr(exc, "lineno", None) or expat.CurrentLineNumber) + offset
        reason = str(exc).split(":")[0]
        if reason == "undefined entity":
            reason = ("an entity reference that is not one of XML's own (entities are "
                      "never expanded)")
        raise XmlError(line, f"not well-formed XML: {reason}") from exc


# defusedxml's refusals, bound once: each fragment's expat parser gets them (a parser of
# its own per fragment, since expat parses one document each).
_DEFUSED = DefusedXMLParser(forbid_dtd=True)


def _checked(text: str, offset: int) -> None:
    """Let expat check ``text`` in C, with defusedxml's refusals and no other callback."""
    expat = ParserCreate(None, "}")
    expat.StartDoctypeDeclHandler = _DEFUSED.defused_start_doctype_decl
    expat.EntityDeclHandler = _DEFUSED.defused_entity_decl
    expat.UnparsedEntityDeclHandler = _DEFUSED.defused_unparsed_entity_decl
    expat.ExternalEntityRefHandler = _DEFUSED.defused_external_entity_ref_handler
    _parse(expat, text, offset)


# (tag, attribute names in order) -> the regular expression of such a tag's attributes.
_LAYOUTS: dict[tuple[str, tuple[str, ...]], re.Pattern[str]] = {}
_LAST: dict[str, tuple[re.Pattern[str], tuple[str, ...]]] = {}


def _attributes(tag: str, attrs: str) -> dict[str, str]:
    """The attributes of one start tag. An export writes a tag's attributes in one order:
    the regular expression of the last order seen reads them in one call."""
    last = _LAST.get(tag)
    if last is not None:
        m = last[0].fullmatch(attrs)
        if m is not None:
            return dict(zip(last[1], m.groups()))  # noqa: B905 (one group per name)
    pairs = _ATTRIBUTE.findall(attrs)
    names = tuple(name for name, _ in pairs)
    key = (tag, names)
    layout = _LAYOUTS.get(key)
    if layout is None:
        if len(_LAYOUTS) > 1000:
            _LAYOUTS.clear()
        layout = _LAYOUTS[key] = re.compile(
            "".join(rf'\s+{re.escape(n)}\s*=\s*"([^"]*)"' for n in names) + r"\s*/?\s*")
    if layout.fullmatch(attrs) is not None:
        _LAST[tag] = (layout, names)
    return dict(pairs)


def elements(text: str, first_line: int) -> list[Node]:
    """The game elements (``GAME_TAGS``) of ``text``, whose first line is file line
    ``first_line``, in document order. Raises ``XmlError``."""
    _checked(text, first_line - 1)
    if "<!" in text or "<?" in text or ("'" in text and _UNUSUAL.search(text)):
        return [n for n in elements_by_callbacks(text, first_line) if n[0] in GAME_TAGS]
    nodes: list[Node] = []
    append = nodes.append
    line = first_line
    last = 0
    lines = "\n" in text
    count = text.count
    for m in _ELEMENT.finditer(text):
        if lines:
            start = m.start()
            line += count("\n", last, start)
            last = start
        tag, attrs, value = m.groups()
        if attrs.count('"') & 1:  # a ">" inside a value cut the tag short
            return [n for n in elements_by_callbacks(text, first_line) if n[0] in GAME_TAGS]
        found = _attributes(tag, attrs) if attrs else {}
        if "&" in attrs:
            found = {k: unescape(v) for k, v in found.items()}
        if "&" in value:
            value = unescape(value)
        append([tag, found, line, value])
    return nodes


def elements_by_callbacks(text: str, first_line: int) -> list[Node]:
    """Every element of ``text`` in document order, built from expat's callbacks (any
    well-formed fragment). Raises ``XmlError``."""
    _, expat = _parser()
    nodes: list[Node] = []
    append = nodes.append
    offset = first_line - 1

    def start(tag: str, attrs: list[str]) -> None:
        # ``ordered_attributes`` (set by the parser): [name, value, name, value, …]
        append([tag, dict(zip(attrs[::2], attrs[1::2], strict=True)) if attrs else {},
                expat.CurrentLineNumber + offset, ""])

    def data(chunk: str) -> None:
        if nodes:
            nodes[-1][3] += chunk

    expat.StartElementHandler = start
    expat.CharacterDataHandler = data
    _parse(expat, text, offset)
    return nodes


def unescape(text: str) -> str:
    """``text`` with XML's five entities and character references replaced (the only
    references a fragment expat accepted can hold)."""
    def one(m: re.Match[str]) -> str:
        decimal, hexadecimal, name = m.groups()
        if name:
            return _NAMED[name]
        return chr(int(decimal) if decimal else int(hexadecimal, 16))

    return _ENTITY.sub(one, text)
