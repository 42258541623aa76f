"""Safe reading of iPoker XML fragments: one ``<game>`` element, or a session's
``<general>``, into a flat list of elements with their file lines.

The parser is ``defusedxml``'s: a DTD is refused (``DTDForbidden``), an entity
declaration is refused (``EntitiesForbidden``), nothing external is fetched
(``ExternalReferenceForbidden``), and an entity reference other than XML's five and
character references is an error (``undefined entity``): nothing is ever expanded.

Speed: one expat pass per fragment, with a Python callback only where an element
starts and for the text of the elements that hold text (``TEXT_TAGS``): expat builds
each element's attributes in C, and skips the text of the others (the white space
between elements, most of its callbacks). The elements are those
``elements_by_callbacks`` builds from every callback (the reference the readers are
tested against), with the same lines, attributes and, for the elements read, texts.
The compiled build builds them in C instead (``_expat_nodes.c``) wherever that module
vouches for a fragment: a game in the small subset of XML iPoker writes (no reference,
comment, declaration, CR or namespace) by a reader of its own, any other by the same
expat through pyexpat's C API, without a Python call an element. ``elements_in_python``
(the pure build's way) is the reference of both.

An element's attributes are expat's ordered list, ``[name, value, name, value, …]`` in
document order (``attribute`` reads one): a game's elements hold a few attributes each,
and a dictionary per element, each name hashed into it, cost more than the readers'
look-ups save (bench/LEVERS.md §30). Expat refuses an attribute given twice, so each
name is in the list once.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any, Final
from xml.parsers.expat import ExpatError, ParserCreate

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

# One element: [tag, attributes, file line, text]. The attributes are a flat list of
# names and values (see the module's doc). The text is what follows the start tag up to
# the next start tag, end tags left out: readers strip it, and read it only for elements
# that hold text and no children (``TEXT_TAGS``).
Node = list[Any]

# The elements a game is read from, and those whose text is read.
GAME_TAGS = ("game", "player", "round", "action", "cards", "startdate")
TEXT_TAGS = ("cards", "startdate")
_GAME = frozenset(GAME_TAGS)
_TEXT = frozenset(TEXT_TAGS)


def attribute(attrs: list[str], name: str, default: str = "") -> str:
    """The value of attribute ``name`` in an element's ``attrs``, or ``default``.

    >>> attribute(["seat", "3", "name", "Jo"], "name"), attribute([], "seat", "0")
    ('Jo', '0')
    """
    for i in range(0, len(attrs), 2):
        if attrs[i] == name:
            return attrs[i + 1]
    return default


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
    except ExpatError as error:  # (not ``exc``: compiled, one name has one type)
        line = (getattr(error, "lineno", None) or expat.CurrentLineNumber) + offset
        reason = str(error).split(":")[0]
        if reason == "undefined entity":
            reason = ("an entity reference that is not one of XML's own (entities are "
                      "never expanded)")
        raise XmlError(line, f"not well-formed XML: {reason}") from error


# defusedxml's refusals, bound once: each fragment's expat parser gets them (a parser of
# its own per fragment, since expat parses one document each).
_DEFUSED: Final = DefusedXMLParser(forbid_dtd=True)


def _defused() -> Any:
    """An expat parser with defusedxml's refusals (``DefusedXMLParser(forbid_dtd=True)``
    sets the same four handlers) and its text in one piece per run, as ElementTree's.

    Without interning (``intern=None``): a parser's own intern dictionary starts empty,
    so for a fragment's few dozen elements it only adds a lookup and an insertion to each
    tag and attribute name expat hands over (8 % of a game's parse, bench/LEVERS.md §21);
    the names compare equal all the same."""
    expat = ParserCreate(None, "}", intern=None)
    expat.ordered_attributes = True
    expat.StartDoctypeDeclHandler = _DEFUSED.defused_start_doctype_decl
    expat.EntityDeclHandler = _DEFUSED.defused_entity_decl
    expat.UnparsedEntityDeclHandler = _DEFUSED.defused_unparsed_entity_decl
    expat.ExternalEntityRefHandler = _DEFUSED.defused_external_entity_ref_handler
    expat.buffer_text = True
    return expat


def _in_c() -> Callable[..., list[Node] | None] | None:
    """The compiled build's ``_expat_nodes.nodes`` (C: a simple game's elements read
    without expat, any other's built by expat's callbacks without a Python call an
    element), or None in the pure build."""
    try:
        module = import_module("auditor.sites.ipoker._expat_nodes")
    except ImportError:
        return None
    nodes: Callable[..., list[Node] | None] = module.nodes
    return nodes


_IN_C: Final = _in_c()


def elements(text: str, first_line: int, tags: frozenset[str] | None = _GAME,
             texts: frozenset[str] | None = _TEXT) -> list[Node]:
    """The elements named in ``tags`` (None: every element) of ``text``, whose first line
    is file line ``first_line``, in document order, with the text of those named in
    ``texts`` (None: of all; the others' is ""). Raises ``XmlError``.

    Where the compiled build's C module vouches for a fragment (no declaration, comment,
    CDATA, processing instruction or CR, and well-formed), its list; else, and for every
    error, ``elements_in_python``'s (``_expat_nodes.c`` says which it reads itself)."""
    if tags is None and texts is None and _simple(text):
        return _simple_elements(text, first_line)
    if _IN_C is not None:
        found = _IN_C(text, first_line, tags, texts)
        if found is not None:
            return found
    return elements_in_python(text, first_line, tags, texts)


def elements_in_python(text: str, first_line: int, tags: frozenset[str] | None = _GAME,
                       texts: frozenset[str] | None = _TEXT) -> list[Node]:
    """``elements`` by pyexpat's Python callbacks (the pure build's, and the reference
    the C module is held to)."""
    expat = _defused()
    collector = _Collector(expat, first_line - 1, tags, texts)
    expat.StartElementHandler = collector.start
    try:
        _parse(expat, text, first_line - 1)
    finally:
        # The handlers refer to the parser: a cycle, which only the cyclic GC would free,
        # and the pipeline turns it off during a chunk (500 parsers, about 0.7 GB, held).
        expat.StartElementHandler = expat.CharacterDataHandler = None
    return collector.nodes


class _Collector:
    """The elements of one fragment, built from expat's callbacks (see ``elements``).

    A class, not closures over the parse's locals: compiled, closures share an
    environment that refers back to them, a cycle the pipeline's frozen collector
    would keep (``tests/test_no_reference_cycles.py``); this object only refers to the
    parser, whose handlers are cleared after the parse."""

    __slots__ = ("current", "expat", "nodes", "offset", "reading", "tags", "texts")

    def __init__(self, expat: Any, offset: int, tags: frozenset[str] | None,
                 texts: frozenset[str] | None) -> None:
        self.expat = expat
        self.offset = offset
        self.tags = tags
        self.texts = texts
        self.nodes: list[Node] = []
        self.current: Node = []
        self.reading = False  # whether the text handler is on (setting it costs a lookup)

    def start(self, tag: str, attrs: list[str]) -> None:
        tags, texts = self.tags, self.texts
        if tags is None or tag in tags:
            node = [tag, attrs, self.expat.CurrentLineNumber + self.offset, ""]
            self.nodes.append(node)
            if texts is None or tag in texts:
                self.current = node
                if not self.reading:
                    self.expat.CharacterDataHandler = self.data
                    self.reading = True
                return
        if self.reading:  # text up to the next start tag is this element's: not read
            self.expat.CharacterDataHandler = None
            self.reading = False

    def data(self, chunk: str) -> None:
        self.current[3] += chunk


def _simple(text: str) -> bool:
    """Whether ``text`` has none of what only a parser reads right: attributes (their
    values may hold ``>``), comments, CDATA, declarations and processing instructions,
    references, CR line ends (expat turns them into LF) and namespaces."""
    return not ('"' in text or "'" in text or "<!" in text or "<?" in text or "&" in text
                or "\r" in text or "xmlns" in text or "xml:" in text)


def _simple_elements(text: str, first_line: int) -> list[Node]:
    """Every element of a ``_simple`` fragment, with its text, as expat's callbacks give
    them (a session's ``<general>``: leaf elements of text). Raises ``XmlError``.

    Once expat has accepted it, every ``<`` of such a fragment starts a tag and the next
    ``>`` ends it (no attribute can hold one), a tag is ``name``, ``/name`` or ``name/``
    with white space after the name at most, and the text between two tags is the
    characters as they are: each element's text is what follows its start tag up to the
    next start tag, end tags left out."""
    _checked(text, first_line - 1)
    nodes: list[Node] = []
    parts = text.split("<")
    line = first_line + parts[0].count("\n")  # (before the root: white space, not text)
    current: Node | None = None
    last = len(parts) - 1
    for i in range(1, len(parts)):
        part = parts[i]
        tag, _, chars = part.partition(">")
        if tag[:1] != "/":
            empty = tag[-1:] == "/"
            current = [(tag[:-1] if empty else tag).rstrip(" \t\n"), [], line, ""]
            nodes.append(current)
        if chars and current is not None and i < last:  # (after the root: not text)
            current[3] += chars
        line += part.count("\n")
    return nodes


def _checked(text: str, offset: int) -> None:
    """Let expat check ``text`` in C, with defusedxml's refusals and no callback."""
    expat = _defused()
    _parse(expat, text, offset)


def elements_by_callbacks(text: str, first_line: int) -> list[Node]:
    """Every element of ``text`` in document order, built from expat's callbacks (any
    well-formed fragment). Raises ``XmlError``."""
    _, expat = _parser()
    nodes: list[Node] = []
    append = nodes.append
    offset = first_line - 1

    def start(tag: str, attrs: list[str]) -> None:
        # ``ordered_attributes`` (set by the parser): [name, value, name, value, …]
        append([tag, attrs, expat.CurrentLineNumber + offset, ""])

    def data(chunk: str) -> None:
        if nodes:
            nodes[-1][3] += chunk

    expat.StartElementHandler = start
    expat.CharacterDataHandler = data
    try:
        _parse(expat, text, offset)
    finally:
        expat.StartElementHandler = expat.CharacterDataHandler = None  # (the cycle above)
    return nodes
