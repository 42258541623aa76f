"""The rules a page cites, as HTML: each rule's own page and the sections of
``docs/rules.md`` its references name, embedded so a printed page carries them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from markdown_it import MarkdownIt
from markupsafe import Markup

_SECTION = re.compile(r"(?:§\s*|section\s+)(\d+[a-z]?)(?:\.\d+)*")
_HEADING = re.compile(r"^## (\d+[a-z]?)\. (.*)$", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class RuleDoc:
    """One rule's page: code, dotted name, severity, summary and its text as HTML."""

    code: str
    name: str
    severity: str
    summary: str
    html: Markup
    references: tuple[tuple[tuple[str, str | None], ...], ...]  # see reference_links


@dataclass(frozen=True, slots=True)
class RulesSection:
    """A numbered section of ``docs/rules.md``: its number, title and HTML body."""

    number: str
    title: str
    html: Markup

    @property
    def anchor(self) -> str:
        return f"rules-{self.number}"


@cache
def _markdown() -> MarkdownIt:
    # Raw HTML off: the docs are ours, but nothing that reaches a page is trusted.
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def to_html(text: str, shift: int = 0) -> Markup:
    """Markdown as HTML, its headings ``shift`` levels down (a rule page's ``##``
    headings sit under the page's own)."""
    if shift:
        text = re.sub(r"^(#{1,6}) ", lambda m: "#" * min(6, len(m[1]) + shift) + " ",
                      text, flags=re.MULTILINE)
    return Markup(_markdown().render(text))  # markdown-it escapes; raw HTML is off


def docs_text(name: str) -> str:
    """A page of the project's documentation (``rules.md``, ``findings.md``), from the
    installed package or, in a checkout, from ``docs/`` beside it."""
    packaged = Path(str(resources.files("auditor") / "docs" / name))
    path = packaged if packaged.is_file() else Path(__file__).resolve().parents[2] / "docs" / name
    return path.read_text(encoding="utf-8")


@cache
def rules_sections() -> dict[str, RulesSection]:
    """The numbered sections of ``docs/rules.md`` by number ("5", "7a")."""
    text = docs_text("rules.md")
    heads = list(_HEADING.finditer(text))
    sections = {}
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        body = text[head.end():end]
        sections[head[1]] = RulesSection(head[1], head[2], to_html(body, shift=2))
    return sections


def reference_links(reference: str) -> tuple[tuple[str, str | None], ...]:
    """A reference cut into pieces of text, each with the anchor of the ``docs/rules.md``
    section it names (None for plain text): ``docs/rules.md §5.1`` -> the section 5."""
    if "rules.md" not in reference:
        return ((reference, None),)
    pieces: list[tuple[str, str | None]] = []
    at = 0
    known = rules_sections()
    for m in _SECTION.finditer(reference):
        number = m[1]
        if number not in known:
            continue
        if m.start() > at:
            pieces.append((reference[at:m.start()], None))
        pieces.append((m[0], known[number].anchor))
        at = m.end()
    if at < len(reference):
        pieces.append((reference[at:], None))
    return tuple(pieces)


def cited_sections(references: list[str]) -> list[RulesSection]:
    """The sections of ``docs/rules.md`` the references name, in document order."""
    wanted = {anchor for ref in references for _, anchor in reference_links(ref) if anchor}
    return [s for s in rules_sections().values() if s.anchor in wanted]


@cache
def rule_doc(code: str) -> RuleDoc | None:
    """The rule ``code``'s page (None for a code no rule has)."""
    from auditor.rules.registry import all_rules

    rule = all_rules().get(code)
    if rule is None:
        return None
    return RuleDoc(rule.code, rule.name, rule.severity, rule.summary,
                   to_html(rule.doc(), shift=2),
                   tuple(reference_links(r) for r in rule.references))
