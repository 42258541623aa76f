"""The compiled build's C elements (``auditor/sites/ipoker/_expat_nodes.c``) against
pyexpat's Python callbacks (``fragments.elements_in_python``, the pure build's reader).

Wherever the C module returns a list it is the reference's, lines and texts included;
it declines (None) only what the reference must read (declarations, comments, CDATA,
processing instructions, CRs, XML that is not well-formed), and never a well-formed
fragment without them. Its reader of simple games (``simple``, no expat) is tested on its
own below: what it reads it reads as expat does, and it never reads what expat refuses.
Skipped in the pure build (``tests/test_compiled_build.py`` checks that the compiled
build has the module).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.parsing.blocks import blocks_of_file
from auditor.sites.ipoker.fragments import _GAME, _TEXT, XmlError, elements_in_python

expat_nodes = pytest.importorskip("auditor.sites.ipoker._expat_nodes",
                                  reason="the pure build: no C module")

SAMPLES = Path(__file__).resolve().parents[3] / "sample_histories" / "ipoker"

GAME = """<game gamecode="5812300001">
<general>
<startdate>2013-07-30 18:26:02</startdate>
<players>
<player seat="1" name="Jörg €" chips="€1,214.15" dealer="1" win="€0" bet="€0.50" />
<player seat="4" name="a&gt;b &amp; c" chips='€2' dealer="0" win="€1.20" bet="€0.70"/>
</players>
</general>
<round no="0">
<action no="1" player="Jörg €" type="1" sum="€0.25"/>
<action no = "2"
 player="a&gt;b &amp; c" type="2" sum="€0.50"/>
</round>
<round no="1">
<cards type="Pocket" player="Jörg €">CA HQ</cards>after
<cards type="Pocket" player="a&gt;b &amp; c">X X</cards>
<action no="3" player="Jörg €" type="23" sum="€0.50"/>
<action no="4" player="a&gt;b &amp; c" type="0" sum="€0"/>
</round>
<round no="2">
<cards type="Flop" player="">S2 &#x53;3 D10</cards>tail<x/>not read
</round>
</game>"""


def reference(text: str, first: int, tags: Any = _GAME, texts: Any = _TEXT) -> Any:
    try:
        return elements_in_python(text, first, tags, texts)
    except XmlError as exc:
        return ("error", exc.line, exc.message)


def in_c(text: str, first: int, tags: Any = _GAME, texts: Any = _TEXT) -> Any:
    return expat_nodes.nodes(text, first, tags, texts)


def _declined_by_design(text: str) -> bool:
    return "<!" in text or "<?" in text or "\r" in text


def check(text: str, first: int = 1) -> None:
    """The C module's list is the reference's; it declines only what it must."""
    for tags, texts in ((_GAME, _TEXT), (None, None), (frozenset({"action"}), None)):
        expected = reference(text, first, tags, texts)
        got = in_c(text, first, tags, texts)
        if got is None:
            assert _declined_by_design(text) or isinstance(expected, tuple), text
        else:
            assert got == expected, text


def test_a_game_with_entities_multibyte_names_texts_and_tags_over_lines() -> None:
    found = in_c(GAME, 40)
    assert found == reference(GAME, 40)
    assert [n[2] for n in found if n[0] == "action"] == [49, 50, 56, 57]
    assert found[3][1][3] == "a>b & c"
    # A text element's text runs to the next start tag, its end tag left out.
    assert [n[3] for n in found if n[0] == "cards"] == ["CA HQafter\n", "X X\n",
                                                        "S2 S3 D10tail"]
    check(GAME, 40)


@pytest.mark.parametrize("text", [
    GAME.replace("<x/>", "<!-- c --><x/>"),  # a comment
    GAME.replace("CA HQ", "<![CDATA[CA HQ]]>"),
    '<?xml version="1.0" encoding="ISO-8859-1"?>\n' + GAME,
    GAME.replace("\n", "\r\n"),
    GAME.replace("<x/>", "<x>"),  # not well-formed
    '<game><!DOCTYPE x [<!ENTITY a "b">]></game>',
    "<game>&foo;</game>",  # an entity no document declares
    '<game a="1" a="2"/>',
    '<game xmlns:p="u"><p:action no="1"/></game>',
])
def test_what_the_reference_must_read_is_declined(text: str) -> None:
    expected = reference(text, 1)
    got = in_c(text, 1)
    assert got is None or got == expected
    if _declined_by_design(text) or isinstance(expected, tuple):
        assert got is None


def test_a_fragment_of_over_a_million_characters_is_declined() -> None:
    huge = GAME.replace("<x/>", "<x/>" + "<y/>" * 300_000)
    assert in_c(huge, 1) is None
    assert in_c(GAME.replace("<x/>", "<x/>" + "<y/>" * 200_000), 1) == \
        reference(GAME.replace("<x/>", "<x/>" + "<y/>" * 200_000), 1)


def test_namespaces_long_values_and_repeated_values_as_the_reference() -> None:
    long_name = "N" * 39 + "€" + "x" * 60
    for text in ['<game xmlns:p="u" xmlns="d"><p:action p:no="1" no="2"/><cards>A</cards>'
                 '</game>',
                 f'<game><player name="{long_name}"/><player name="{long_name}"/>'
                 f'<action player="{long_name[:40]}"/><action player="{long_name[:39]}"/></game>',
                 "\ufeff" + GAME, GAME + "\n\n  ", "<game/>"]:
        check(text, 7)


def test_the_sample_games_as_the_reference() -> None:
    checked = read = 0
    for path in sorted(SAMPLES.iterdir()):
        for block in blocks_of_file(path, str(path)):
            text = "\n".join(block.lines)
            text = text if text.endswith("</game>") else text + "</game>"
            expected = reference(text, block.first_line)
            got = in_c(text, block.first_line)
            # (a game XML refuses, as the hostile samples are: the reference says why)
            assert got == expected if got is not None else isinstance(expected, tuple)
            checked += got is not None
            read += same_or_declined(text, block.first_line)  # (and without expat)
    assert checked > 10 and read > 10


# Characters that matter to XML, to splice into a real game.
_SPLICES = st.sampled_from(["<", ">", "&", '"', "'", "/", "=", "\n", "\r", "!", "?", ";", "#",
                            "€", "é", " ", "x", "<a>", "</a>", "<b/>", "&amp;", "&#65;",
                            "&#0;", "<!-- -->", "]]>", 'z="1"', "\x00", "\x1f", "\ufffe"])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(GAME)), st.integers(0, 12), _SPLICES),
                max_size=4))
def test_spliced_games_as_the_reference(edits: list[tuple[int, int, str]]) -> None:
    text = GAME
    for at, cut, splice in edits:
        at = min(at, len(text))
        text = text[:at] + splice + text[at + cut:]
    check(text, 3)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["action", "player", "cards", "round", "q"]),
                          st.lists(st.tuples(st.sampled_from(["no", "player", "type", "sum"]),
                                             st.text(max_size=50)), max_size=4),
                          st.text(max_size=8)), max_size=8))
def test_built_games_as_the_reference(parts: list[tuple[str, list[tuple[str, str]], str]]
                                      ) -> None:
    body = []
    for tag, attrs, text in parts:
        written = " ".join(f'{k}="{_escaped(v)}"' for k, v in dict(attrs).items())
        body.append(f"<{tag} {written}>{_escaped(text)}</{tag}>\n")
    check("<game>\n" + "".join(body) + "</game>", 11)


def _escaped(text: str) -> str:
    return re.sub(r"[<&\"]", lambda m: {"<": "&lt;", "&": "&amp;", '"': "&quot;"}[m.group()],
                  text)


# ---- The simple games, read without expat (``simple``: the nodes' reader of its own) ----
#
# What it reads must be what expat reads, and everything it reads must be well-formed:
# wherever ``simple`` returns a list, the reference returns the same list, never an
# error. It declines (None) what it does not read; ``nodes`` then asks expat.

SIMPLE = """<game gamecode="7">
<general>
<startdate>2013-07-30 18:26:02</startdate>
<players>
<player seat="1" name="J\u00f6rg \u20ac" chips="\u20ac1,214.15" dealer="1" win="\u20ac0"/>
<player seat = '4' name='a>b "c"'  chips="2"/>
</players>
</general>
<round no="1">
<cards type="Pocket" player="J\u00f6rg \u20ac">CA HQ</cards>after ]] > ]>
<action no="3" player="a>b" type="23" sum="\u20ac0.50" />
</round>
<round no="2"><cards type="Flop">S2 S3 D10</cards	><x/>not read</round
>
</game>

"""


def simple(text: str, first: int, tags: Any = _GAME, texts: Any = _TEXT) -> Any:
    return expat_nodes.simple(text, first, tags, texts)


def same_or_declined(text: str, first: int = 1) -> bool:
    """Whether ``simple`` read ``text`` (and then as the reference, for every selection
    of tags and texts), or declined it."""
    read = False
    for tags, texts in ((_GAME, _TEXT), (None, None), (frozenset({"action"}), None)):
        got = simple(text, first, tags, texts)
        if got is not None:
            assert got == reference(text, first, tags, texts), text
            read = True
    return read


def test_a_simple_game_is_read_as_expat_reads_it() -> None:
    found = simple(SIMPLE, 20)
    assert found == reference(SIMPLE, 20)
    assert [n[2] for n in found if n[0] in ("action", "cards")] == [29, 30, 32]
    assert found[2][1] == ["seat", "1", "name", "J\u00f6rg \u20ac", "chips", "\u20ac1,214.15",
                           "dealer", "1", "win", "\u20ac0"]
    assert found[3][1] == ["seat", "4", "name", 'a>b "c"', "chips", "2"]
    assert [n[3] for n in found if n[0] == "cards"] == ["CA HQafter ]] > ]>\n", "S2 S3 D10"]
    assert same_or_declined(SIMPLE, 20)
    assert in_c(SIMPLE, 20) == found


@pytest.mark.parametrize("text", [
    SIMPLE.replace("CA HQ", "CA &amp; HQ"),  # a reference
    SIMPLE.replace('seat="1"', 'seat="&#49;"'),
    SIMPLE.replace("<x/>", "<!-- c --><x/>"),
    SIMPLE.replace("CA HQ", "<![CDATA[CA HQ]]>"),
    '<?xml version="1.0"?>\n' + SIMPLE,
    SIMPLE.replace("\n", "\r\n"),
    SIMPLE.replace("CA HQ", "CA\rHQ"),
    SIMPLE.replace('<game gamecode="7">', '<game gamecode="7" xmlns="u">'),
    SIMPLE.replace('<game gamecode="7">', '<game xmlns:p="u" gamecode="7">'),
    SIMPLE.replace('<game gamecode="7">', '<game xmlns:p="u" gamecode="7">').replace(
        "<x/>", "<p:x/>"),
    SIMPLE.replace("<x/>", "<xmlx/>"),
    SIMPLE.replace('seat="1"', 'seat="1\t"'),  # expat turns TAB and LF in values to spaces
    SIMPLE.replace('seat="1"', 'seat="1\n"'),
    SIMPLE.replace("<x/>", "<\u00e9/>"),  # a name XML allows, not ASCII
    SIMPLE.replace("CA HQ", "CA \u0085HQ"),  # a C1 control: XML allows it, declined
    SIMPLE.replace("CA HQ", "CA \x7fHQ"),
    "\ufeff" + SIMPLE,
    "<game>" + "<r>" * 65 + "</r>" * 65 + "</game>",  # deeper than DEEPEST
    "<game " + " ".join(f'a{i}="1"' for i in range(65)) + "/>",  # more than MOST
])
def test_what_expat_reads_and_simple_does_not_is_declined(text: str) -> None:
    assert simple(text, 1) is None
    expected = reference(text, 1)
    assert not isinstance(expected, tuple), "(well-formed: expat reads it)"
    assert in_c(text, 1) in (None, expected)  # (None: a comment, CDATA, "<?" or a CR)


@pytest.mark.parametrize("text", [
    SIMPLE.replace("<x/>", "<x>"),  # an element left open
    SIMPLE.replace("<x/>", "<p:x/>"),  # a prefix no namespace is bound to
    SIMPLE.replace("</round\n>", "</rounds>"),  # mismatched
    SIMPLE.replace("</game>", "</game><game/>"),  # two roots
    SIMPLE.replace("</game>", "</game>text"),  # text after the root
    "text" + SIMPLE,
    SIMPLE.replace('seat="1"', 'seat="1" seat="2"'),  # an attribute twice
    SIMPLE.replace('seat="1" name', 'seat="1"name'),  # no space between attributes
    SIMPLE.replace('seat="1"', "seat=1"),
    SIMPLE.replace('seat="1"', 'seat="1'),
    SIMPLE.replace('seat="1"', "seat"),
    SIMPLE.replace('seat="1"', 'seat="<1"'),
    SIMPLE.replace("CA HQ", "CA ]]> HQ"),
    SIMPLE.replace("CA HQ", "CA \x00 HQ"),
    SIMPLE.replace("CA HQ", "CA \x1b HQ"),
    SIMPLE.replace("CA HQ", "CA \ufffe HQ"),
    SIMPLE.replace("CA HQ", "CA \uffff HQ"),
    SIMPLE.replace('seat="1"', 'seat="\ufffe"'),
    SIMPLE.replace("<x/>", "<x/ >"),
    SIMPLE.replace("<x/>", "< x/>"),
    SIMPLE.replace("<x/>", "<1x/>"),
    SIMPLE.replace("<x/>", "<x-=/>"),
    SIMPLE.replace("<x/>", "</>"),
    SIMPLE.replace("<x/>", "<>"),
    SIMPLE.replace("<x/>", "<"),
    SIMPLE.replace("</game>", "</game"),
    SIMPLE.replace("</game>", "</ game>"),
    "", "   \n", "<", "<game", "<game/", "<game/><", "</game>",
])
def test_what_expat_refuses_simple_declines(text: str) -> None:
    assert isinstance(reference(text, 1), tuple), "(not well-formed: expat refuses it)"
    assert simple(text, 1) is None
    assert in_c(text, 1) is None


def test_every_character_spliced_anywhere_into_a_simple_game() -> None:
    """Each of XML's significant characters (and a few that are not) inserted at, and put
    in place of, every position of a simple game: ``simple`` reads it as the reference
    does, or declines it."""
    base = SIMPLE[:SIMPLE.index("<round no=\"2\">")] + "</game>"
    tokens = ["<", ">", "/", "=", '"', "'", " ", "\n", "\t", "\r", "&", "!", "?", "]", "-",
              ":", "x", "\u20ac", "\x85", "\ufffe", "\x7f", "\x00", ' seat="2"', " no='3'",
              "]]>", "<x>", "</x>"]
    read = 0
    for at in range(len(base) + 1):
        for token in tokens:
            read += same_or_declined(base[:at] + token + base[at:], 5)
            if at < len(base):
                read += same_or_declined(base[:at] + token + base[at + 1:], 5)
    assert read > 4_000  # (most splices into text and values still read)


_NAMES = st.from_regex(r"[A-Za-z_][A-Za-z0-9_.\-]{0,6}", fullmatch=True)
_CHARS = (st.text(st.sampled_from(list("aZ09 $.,]>'\"\n\u20ac\u00e9")), max_size=12)
          | st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12))


@st.composite
def _elements(draw: Any, depth: int = 0) -> str:
    tag = draw(st.sampled_from(["game", "round", "action", "cards", "player"]) | _NAMES)
    attrs = draw(st.dictionaries(_NAMES, _CHARS, max_size=4))
    quote = draw(st.sampled_from(['"', "'"]))
    written = "".join(
        f"{draw(st.sampled_from([' ', chr(10), '  ']))}{k}{draw(st.sampled_from(['=', ' = ']))}"
        f"{quote}{v.replace(quote, '')}{quote}" for k, v in attrs.items())
    if depth >= 3 or draw(st.booleans()):
        return f"<{tag}{written}{draw(st.sampled_from(['/>', ' />']))}"
    inner = draw(st.lists(st.one_of(_CHARS, _elements(depth + 1)), max_size=4))
    return f"<{tag}{written}>{''.join(inner)}</{tag}{draw(st.sampled_from(['>', ' >']))}"


@settings(max_examples=400, deadline=None)
@given(_elements(), st.sampled_from(["", "\n", " \n\t"]))
def test_built_elements_of_any_characters_as_the_reference(root: str, around: str) -> None:
    """Elements with any characters in their values and texts (XML's forbidden ones and
    its markup included, unescaped): read as the reference, or declined."""
    same_or_declined(around + root + around, 9)


_SOUP = st.sampled_from(["<", ">", "</", "/>", "<game", "</game>", "<a", "</a>", " ", "\n",
                         "\t", '"', "'", "=", 'x="1"', "x", "xmlns", ":", "&", "&amp;", "]]>",
                         "]]", "\u20ac", "\x85", "\ufffe", "\x7f", "\x01", "\r", "<!--",
                         "<?", "1", "-", "."])


@settings(max_examples=600, deadline=None)
@given(_elements(), st.lists(st.tuples(st.integers(0, 400), st.integers(0, 3), _SOUP),
                             min_size=1, max_size=3))
def test_built_elements_spliced_with_tag_soup_as_the_reference(
        root: str, edits: list[tuple[int, int, str]]) -> None:
    """Near-XML (built elements with markup and forbidden characters spliced in): read as
    the reference, or declined; never read where expat refuses."""
    for at, cut, splice in edits:
        at = min(at, len(root))
        root = root[:at] + splice + root[at + cut:]
    same_or_declined(root, 2)

