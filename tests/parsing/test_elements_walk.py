"""The XML cutter's walk of open elements, kept as it goes (``_OpenElements``), finds
what a walk from the start of the file finds, at every hand of the corpus and the
samples, and on tags that run across a hand's start; and the cutter's searches by a
literal prefix find what the regex's own would."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import auditor.parsing.elements as elements
from auditor.parsing.elements import _open_elements, _OpenElements, blocks_of_elements

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"
if not CORPUS.is_dir():
    CORPUS = ROOT.parents[1] / "shared" / "corpus"
_START = re.compile(r"<game\b|<Game\b|<HISTORY\b|<session\b")


def _xml_texts() -> list[tuple[Path, str]]:
    out = []
    for root in (CORPUS, ROOT / "sample_histories"):
        if not root.is_dir():
            continue
        for path in sorted(p for p in root.rglob("*") if p.is_file()):
            if path.suffix.lower() in (".xml", ".txt"):
                text = path.read_bytes().decode("utf-8", "replace")
                if "<" in text[:2000] and _START.search(text):
                    out.append((path, text))
    return out


@pytest.mark.parametrize("over", [(), ("game", "general"), ("Game",), ("HISTORY",)])
def test_the_walk_as_it_goes_is_the_walk_from_the_start(over: tuple[str, ...]) -> None:
    texts = _xml_texts()
    assert texts
    for path, text in texts:
        walk = _OpenElements(text, over)
        for m in _START.finditer(text):
            assert walk.at(m.start()) == set(_open_elements(text, 0, m.start())), path


# Pieces of hostile XML for the walk that steps over elements: tags of the names stepped
# over and of others, closing tags of enclosing elements inside a hand, comments, CDATA,
# declarations, stray "<" and ">", tags inside attribute values, a closing tag with
# spaces or attributes.
_PIECES = ("<session>", "</session>", "<game gamecode='1'>", "<game>", "</game>", "</game >",
           "</game x>", "<game/>", "<general>", "</general>", "<x>", "</x>", "<x/>", "<y a='1'>",
           "</y>", "<!-- c -->", "<!-- <game> -->", "<![CDATA[ </session> ]]>", "<?xml v?>",
           "<?pi?>", "<", ">", " text ", "\n", "<a b='</session>'>", "<a b='>'>", "</ >", "<!--",
           "<gamex>", "</gamex>", "<game\n>", "<a </game>", "</session </game>")


def test_stepping_over_is_the_walk_from_the_start_on_hostile_text() -> None:
    rng = random.Random(17)
    for _ in range(4000):
        text = "".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 30)))
        ends = sorted({m.start() for m in re.finditer("<game", text)} | {len(text)})
        walk = _OpenElements(text, ("game", "general", "session"))
        for end in ends:
            assert walk.at(end) == set(_open_elements(text, 0, end)), (text, end)


@pytest.mark.parametrize("text", [
    "<session><game id='1'><x>",  # unclosed hands
    "<session><!-- <game id='1'> --><game id='2'>",  # a start inside a comment
    "<s><![CDATA[ <game> ]]><game><a></s><game>",  # inside CDATA, then closed
    "<a><b/><c></c><game><d></a><game><?xml version='1.0'?><game>",
])
def test_tags_across_a_start(text: str) -> None:
    walk = _OpenElements(text)
    for m in re.finditer("<game", text):
        assert walk.at(m.start()) == set(_open_elements(text, 0, m.start()))


class _Plain:
    """The walk from the start of the file at every call (the plain way)."""

    def __init__(self, text: str, tag: str | None = None) -> None:
        self.text = text

    def at(self, end: int) -> set[str]:
        return set(_open_elements(self.text, 0, end))


def test_the_cut_is_the_same_either_way(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _xml_texts()
    for tag, start in (("game", re.compile(r"<game\b")), ("Game", re.compile(r"<Game\b")),
                       ("HISTORY", re.compile(r"<HISTORY\b"))):
        for path, text in texts:
            fast = list(blocks_of_elements(text, str(path), "x", start, tag, ("general",)))
            with monkeypatch.context() as m:
                m.setattr(elements, "_OpenElements", _Plain)
                plain = list(blocks_of_elements(text, str(path), "x", start, tag))
            assert fast == plain, path


_GAME_START = re.compile(r"<game\b[^>]*\bgamecode=")  # iPoker's
_GAME_CLOSE = re.compile(r"</game\s*>")


def _spans(found: list[re.Match[str]]) -> list[tuple[int, int]]:
    return [m.span() for m in found]


@given(st.lists(st.sampled_from([
    "<game", " gamecode=", '"1">', "<games", "</game", ">", " ", "\n", "\u3000", "x", "<",
    "</game >", "<game gamecode=", "</gam", "e>"]), max_size=24).map("".join),
       st.integers(0, 40), st.integers(0, 200))
def test_matches_found_from_their_prefix_are_the_regex_s(text: str, begin: int,
                                                         end: int) -> None:
    """``_matches`` with a prefix (``str.find``, then the pattern there) gives what the
    pattern's own ``finditer`` and ``search`` give, between any bounds."""
    for pattern, prefix in ((_GAME_START, "<game"), (_GAME_CLOSE, "</game")):
        assert _spans(elements._matches(pattern, prefix, text, begin, end, True)) == _spans(
            list(pattern.finditer(text, begin, end)))
        first = pattern.search(text, begin, end)
        assert _spans(elements._matches(pattern, prefix, text, begin, end, False)) == (
            [] if first is None else [first.span()])
