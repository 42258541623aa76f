"""Safe reading of iPoker XML fragments: one ``<game>`` element, or a session's
``<general>``, into a flat list of elements with their file lines.

The parser is ``defusedxml``'s: a DTD is refused (``DTDForbidden``), an entity
declaration is refused (``EntitiesForbidden``), nothing external is fetched
(``ExternalReferenceForbidden``), and an entity reference other than XML's five and
character references is an error (``undefined entity``): nothing is ever expanded. The
elements are collected straight from expat's callbacks (no element tree is built): a game
is read once, in document order, and the reader needs each element's tag, attributes,
text and line, nothing more.
"""

from __future__ import annotations

from typing import Any
from xml.parsers.expat import ExpatError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

# One element: [tag, attributes, file line, text]. The text is everything up to the next
# start tag (its own text, then the whitespace after it): readers strip it, and read it
# only for elements that hold text and no children (``<cards>``, ``<startdate>``).
Node = list[Any]

class XmlError(ValueError):
    """A fragment that is not well-formed XML, or that XML safety refuses; ``line`` is
    the file line where the parser stopped."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


def elements(text: str, first_line: int) -> list[Node]:
    """The elements of ``text`` (whose first line is file line ``first_line``) in
    document order. Raises ``XmlError``."""
    parser = DefusedXMLParser(forbid_dtd=True)
    expat = parser.parser
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
    expat.EndElementHandler = None  # (the tree builder's: no tree is built)
    expat.CharacterDataHandler = data
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
    return nodes
