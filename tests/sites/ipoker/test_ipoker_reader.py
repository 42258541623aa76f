"""The iPoker reader on the samples in ``sample_histories/ipoker``: the events, their
amounts and lines, and the unreadable games with their reasons."""

from __future__ import annotations

import codecs
import random
import re
import time
from pathlib import Path

import pytest

from auditor.api import audit_paths
from auditor.model import events as ev
from auditor.model.hand import Hand
from auditor.parsing import read_path, read_text
from auditor.parsing.errors import Unreadable
from auditor.report.reader import read_report
from auditor.sites.ipoker import CLIENT_DIALECT, DIALECT
from auditor.sites.ipoker.reader import _started_by_patterns, cards_of, started

SAMPLES = Path(__file__).resolve().parents[3] / "sample_histories" / "ipoker"


def hands(name: str) -> list[Hand | Unreadable]:
    return list(read_path(SAMPLES / name))


def one(name: str) -> Hand:
    (hand,) = hands(name)
    assert isinstance(hand, Hand), hand
    return hand


def kinds(hand: Hand, *types: type) -> list[ev.Event]:
    return [e for e in hand.events if isinstance(e, types)]


def summary(events: list[ev.Event]) -> list[tuple]:
    """(type, player, amount-ish) of each event, for compact comparisons."""
    out: list[tuple] = []
    for e in events:
        name = type(e).__name__
        if isinstance(e, ev.PostBlind):
            out.append((name, e.player, e.kind, e.amount, e.dead))
        elif isinstance(e, ev.Raise):
            out.append((name, e.player, e.to, e.all_in))
        elif isinstance(e, ev.Call | ev.Bet):
            out.append((name, e.player, e.amount, e.all_in))
        elif isinstance(e, ev.StreetStart):
            out.append((name, e.street, e.board))
        elif isinstance(e, ev.Collected):
            out.append((name, e.player, e.amount, e.pot))
        elif isinstance(e, ev.StatedBet):
            out.append((name, e.player, e.amount))
        elif isinstance(e, ev.HoleCards | ev.Shows):
            out.append((name, e.player, e.cards))
        elif isinstance(e, ev.Action | ev.TableNote):
            out.append((name, e.player))
        else:
            out.append((name,))
    return out


# --- a pretty-printed session of two games ---------------------------------------------


def test_two_games_of_one_session_share_its_general() -> None:
    first, second = hands("cash_session_two_games.xml")
    assert isinstance(first, Hand) and isinstance(second, Hand)
    for hand in (first, second):
        info = hand.info
        assert (info.site, info.game, info.limit, info.variant) == ("ipoker", "holdem", "NL",
                                                                    "Holdem NL")
        assert (info.stakes, info.currency, info.symbol, info.decimals) == ((5, 10), "GBP",
                                                                           "£", 2)
        assert info.table == "Quillfeather, 700100200" and info.tournament is None
        assert hand.dialect is DIALECT
    assert (first.info.hand_id, second.info.hand_id) == ("9100000001", "9100000002")
    assert first.info.started == "2013/08/02 20:15:07"
    assert (first.info.button_seat, second.info.button_seat) == (6, 8)
    assert (first.first_line, first.last_line) == (21, 61)
    assert second.first_line == 62


def test_actions_come_in_the_order_of_their_no_not_of_the_file() -> None:
    hand = one_of("cash_session_two_games.xml", 0)
    assert [(s.seat, s.player, s.stack, s.line) for s in hand.seats] == [
        (1, "Marrowdale", 1000, 25), (3, "Hero", 840, 26), (6, "tinkerfox", 1225, 27),
        (8, "Brackenwell", 500, 28)]
    assert summary(list(hand.events)) == [
        ("PostBlind", "Brackenwell", "small", 5, 0),
        ("PostBlind", "Marrowdale", "big", 10, 0),
        ("StreetStart", "preflop", ()),
        ("HoleCards", "Marrowdale", ("Qs", "Qh")),
        ("HoleCards", "Hero", ("Ah", "Ks")),
        ("Raise", "Hero", 30, False),  # no 3, written after Marrowdale's no 6
        ("Fold", "tinkerfox"),
        ("Fold", "Brackenwell"),
        ("Call", "Marrowdale", 20, False),
        ("StreetStart", "flop", ("9d", "Kc", "4h")),
        ("Check", "Marrowdale"),
        ("Bet", "Hero", 40, False),
        ("Call", "Marrowdale", 40, False),
        ("StreetStart", "turn", ("9d", "Kc", "4h", "2s")),
        ("Check", "Marrowdale"),
        ("Check", "Hero"),
        ("StreetStart", "river", ("9d", "Kc", "4h", "2s", "7c")),
        ("Bet", "Marrowdale", 60, False),
        ("Call", "Hero", 60, False),
        ("ShowdownStart",),
        ("Shows", "Marrowdale", ("Qs", "Qh")),
        ("Shows", "Hero", ("Ah", "Ks")),
        ("Collected", "Hero", 252, None),
        ("StatedBet", "Marrowdale", 130),
        ("StatedBet", "Hero", 130),
        ("StatedBet", "tinkerfox", 0),
        ("StatedBet", "Brackenwell", 5),
    ]
    lines = {summary([e])[0]: e.line for e in hand.events}
    assert lines[("Raise", "Hero", 30, False)] == 39
    assert lines[("Call", "Marrowdale", 20, False)] == 37
    assert lines[("StreetStart", "preflop", ())] == 35  # <round no="1">
    assert lines[("StreetStart", "flop", ("9d", "Kc", "4h"))] == 46  # its <cards>
    assert lines[("Collected", "Hero", 252, None)] == 26  # the <player>


def one_of(name: str, index: int) -> Hand:
    hand = hands(name)[index]
    assert isinstance(hand, Hand), hand
    return hand


def test_postflop_actions_grouped_per_player_are_put_back_in_turn() -> None:
    hand = one_of("cash_session_two_games.xml", 1)
    flop = summary(list(hand.events))
    start = flop.index(("StreetStart", "flop", ("Ts", "8h", "2c")))
    assert flop[start + 1 : start + 6] == [
        ("Check", "Hero"), ("Check", "tinkerfox"), ("Bet", "Brackenwell", 60, False),
        ("Fold", "Hero"), ("Fold", "tinkerfox")]
    # The excess comes back inside the bettor's win: one unlabelled collection, no return.
    assert summary(kinds(hand, ev.Collected)) == [("Collected", "Brackenwell", 179, None)]
    assert not kinds(hand, ev.UncalledReturned, ev.PotSummary)


# --- one line, CR-only, BOM -------------------------------------------------------------


def test_a_one_line_export_reads_like_a_pretty_printed_one() -> None:
    hand = one("one_line_export.xml")
    assert {e.line for e in hand.events} == {1} and hand.first_line == hand.last_line == 1
    assert summary(list(hand.events)) == [
        ("PostBlind", "Odalric", "small", 25, 0),
        ("PostBlind", "Hero", "big", 50, 0),
        ("StreetStart", "preflop", ()),
        ("HoleCards", "Hero", ("5d", "6d")),
        ("Raise", "Odalric", 150, False),
        ("Call", "Hero", 100, False),
        ("StreetStart", "flop", ("5h", "9s", "Qc")),
        ("Check", "Hero"),
        ("Bet", "Odalric", 200, False),
        ("Fold", "Hero"),
        ("Collected", "Odalric", 485, None),
        ("StatedBet", "Odalric", 350),
        ("StatedBet", "Hero", 150),
    ]
    assert hand.info.button_seat == 2 and hand.info.table == "Hollowmere (Heads Up), 700100300"


@pytest.mark.parametrize("newline", ["\r", "\r\n", "\n"])
def test_cr_only_crlf_and_a_bom_change_nothing_but_the_bytes(tmp_path: Path,
                                                             newline: str) -> None:
    text = (SAMPLES / "cash_session_two_games.xml").read_text(encoding="utf-8")
    path = tmp_path / "game.xml"
    path.write_bytes(codecs.BOM_UTF8 + text.replace("\n", newline).encode("utf-8"))
    got = [summary(list(h.events)) for h in read_path(path)]  # type: ignore[union-attr]
    want = [summary(list(h.events)) for h in hands("cash_session_two_games.xml")]
    assert got == want
    lines = [[e.line for e in h.events] for h in read_path(path)]  # type: ignore[union-attr]
    assert lines == [[e.line for e in h.events]  # type: ignore[union-attr]
                     for h in hands("cash_session_two_games.xml")]


# --- money --------------------------------------------------------------------------------


def test_an_excess_inside_win_is_one_collection_and_the_all_ins_are_flagged() -> None:
    hand = one("uncalled_excess_in_win.xml")
    assert summary(kinds(hand, ev.Raise, ev.Call, ev.Fold)) == [
        ("Raise", "Wendeline", 60, False),
        ("Raise", "Hero", 1500, True),  # type 7: 14.90 added to his small blind
        ("Fold", "Gorsecroft"),
        ("Call", "Wendeline", 540, True),  # type 3 for all she has left
    ]
    assert summary(kinds(hand, ev.Collected)) == [
        ("Collected", "Wendeline", 1170, None), ("Collected", "Hero", 900, None)]
    assert summary(kinds(hand, ev.Shows)) == [
        ("Shows", "Wendeline", ("As", "Ad")), ("Shows", "Hero", ("8h", "9h"))]
    stated = sum(e.amount for e in kinds(hand, ev.StatedBet))
    won = sum(e.amount for e in kinds(hand, ev.Collected))
    assert stated - won == 50  # the rake, derived: iPoker states none
    assert not kinds(hand, ev.UncalledReturned, ev.PotSummary)
    assert hand.dialect.uncalled == "in_collected" and hand.dialect.rake == "derived"


def test_a_post_of_both_blinds_is_the_big_blind_live_and_the_small_dead() -> None:
    hand = one("post_both_blinds.xml")
    # The file lists the post of both (no 3) first; played order puts it after the blinds.
    assert summary(kinds(hand, ev.PostBlind)) == [
        ("PostBlind", "Hero", "small", 10, 0),
        ("PostBlind", "Quillon", "big", 20, 0),
        ("PostBlind", "Ashgrove", "small_and_big", 30, 10),
    ]
    assert summary(kinds(hand, ev.Action))[:4] == [
        ("Check", "Ashgrove"), ("Fold", "Ferncastle"), ("Call", "Hero", 10, False),
        ("Check", "Quillon")]


def test_a_decimal_comma_export_of_2023() -> None:
    hand = one("decimal_comma_2023.xml")
    info = hand.info
    assert (info.stakes, info.currency, info.symbol) == ((25, 50), "EUR", "€")
    assert info.started == "2023/03/05 21:04:55"  # printed 05.03.2023 21:04:55
    assert [(s.player, s.stack) for s in hand.seats] == [
        ("Hero", 100124), ("Lindqvist", 4875), ("Morrowind", 5000)]
    assert summary(kinds(hand, ev.Raise, ev.Call, ev.Bet)) == [
        ("Raise", "Hero", 150, False), ("Call", "Morrowind", 100, False),
        ("Bet", "Hero", 250, False), ("Call", "Morrowind", 250, False)]
    assert summary(kinds(hand, ev.Collected)) == [("Collected", "Morrowind", 784, None)]
    assert hand.dialect is CLIENT_DIALECT


def test_the_2018_client_export_leaves_the_excess_out_of_win() -> None:
    """cp1252 with CRLF; ``<client_version>``: ``bet`` counts Hero's uncalled €5, ``win``
    does not (the stack chain of such exports has it back): uncalled='silent'."""
    hand = one("client_export_excess_outside_win.xml")
    assert hand.dialect is CLIENT_DIALECT and hand.dialect.uncalled == "silent"
    assert hand.info.game == "omaha" and hand.info.hole_cards == 4
    assert summary(kinds(hand, ev.HoleCards)) == [
        ("HoleCards", "Hero", ("As", "Ks", "Th", "9d"))]
    assert summary(kinds(hand, ev.Collected, ev.StatedBet)) == [
        ("Collected", "Hero", 715, None), ("StatedBet", "Hero", 850),
        ("StatedBet", "Thistlewood", 50), ("StatedBet", "Rookbridge", 350)]


def test_a_tournament_in_chips_with_antes_and_an_add_on() -> None:
    first, second = hands("tournament_antes_addon.xml")
    assert isinstance(first, Hand) and isinstance(second, Hand)
    info = first.info
    assert (info.decimals, info.currency, info.symbol) == (0, "", "")
    assert info.tournament == "Saturday Starter €5" and info.stakes == (100, 200)
    assert info.ante == 25
    assert [s.stack for s in first.seats] == [10000, 10000, 10000]  # printed 10,000
    assert summary(kinds(first, ev.PostBlind)) == [
        ("PostBlind", "Pellinore", "ante", 25, 0), ("PostBlind", "Hero", "ante", 25, 0),
        ("PostBlind", "Gawainne", "ante", 25, 0), ("PostBlind", "Hero", "small", 100, 0),
        ("PostBlind", "Gawainne", "big", 200, 0)]
    assert summary(kinds(first, ev.Bet)) == [("Bet", "Pellinore", 1000, False)]
    notes = kinds(second, ev.TableNote)
    assert [(n.player, n.text) for n in notes] == [("Hero", "add-on 1 before this hand")]
    assert second.events[0] is notes[0]  # before the hand's posts


def test_an_add_on_is_not_a_stack_discontinuity(tmp_path: Path) -> None:
    audit_paths([SAMPLES / "tournament_antes_addon.xml"], tmp_path, jobs=1)
    findings = read_report(tmp_path)["findings"]
    assert "SE001" not in set(findings["code"])


def test_sitting_out_markers_mark_the_seats_and_leave_a_note() -> None:
    hand = one("sitting_out_markers.xml")
    out = {s.player for s in hand.seats if s.sitting_out}
    assert out == {"Snowdrake", "Tollemache"}  # type 8 in round 0, type 9 in round 1
    assert summary(kinds(hand, ev.TableNote)) == [
        ("TableNote", "Snowdrake"), ("TableNote", "Tollemache")]
    assert hand.info.button_seat == 9


# --- containers -------------------------------------------------------------------------


def test_each_session_of_a_file_gives_its_games_its_own_general() -> None:
    for name in ("two_sessions_one_file.xml", "game_without_closing_tag.xml"):
        first, second = hands(name)
        assert isinstance(first, Hand) and isinstance(second, Hand), name
        assert (first.info.game, first.info.currency, first.info.stakes) == ("holdem", "USD",
                                                                            (2, 4))
        assert (second.info.game, second.info.currency, second.info.stakes) == ("omaha", "EUR",
                                                                               (5, 10))
        assert second.info.table == "Corrieburn, 700101200"


def test_a_game_cut_off_without_its_closing_tag_is_unreadable() -> None:
    text = (SAMPLES / "game_without_closing_tag.xml").read_text(encoding="utf-8")
    # Drop Larkspurr's fold and Hero's raise: what is left does not add up to the bets.
    cut = text.replace('      <action no="3" player="Hero" type="23" sum="$0.12" />\n', "")
    first = read_text(cut)[0]
    assert isinstance(first, Unreadable) and first.code == "HH001"
    assert "no closing tag" in first.message and "cut off" in first.message
    assert first.hand_id == "9920000002" and first.info is not None


# --- unreadable, not replayed -----------------------------------------------------------


def test_a_dtd_with_entities_is_refused_and_never_expanded() -> None:
    begin = time.perf_counter()
    (hand,) = hands("hostile_entity_declaration.xml")
    assert time.perf_counter() - begin < 1.0  # a billion laughs would take far longer
    assert isinstance(hand, Unreadable) and hand.code == "HH001"
    assert "DTD or entities" in hand.message and "never expanded" in hand.message
    assert hand.hand_id == "9700000001"


@pytest.mark.parametrize("fragment", [
    '<game gamecode="1"><general><players><player seat="1" name="&xxe;" chips="$1" '
    'dealer="1" win="$0" bet="$0"/></players></general></game>',
    '<!DOCTYPE game [<!ENTITY e "x">]><game gamecode="1"></game>',
    '<!DOCTYPE game SYSTEM "http://127.0.0.1:9/g.dtd"><game gamecode="1"></game>',
])
def test_entity_references_and_declarations_in_a_game_are_unreadable(fragment: str) -> None:
    text = ('<session sessioncode="1"><general><gametype>Holdem NL $1/$2</gametype>'
            f"</general>{fragment}</session>")
    (hand,) = read_text(text)
    assert isinstance(hand, Unreadable) and hand.code == "HH001"


def test_a_raise_that_fits_neither_reading_is_unreadable_with_the_numbers() -> None:
    (hand,) = hands("raise_fits_neither_reading.xml")
    assert isinstance(hand, Unreadable) and hand.code == "HH001" and hand.line == 30
    assert hand.message == (
        "Vantablack's raise (type 23, sum €0.06) fits neither reading: as a raise to €0.06, "
        "his actions add up to €0.06, not to his bet of €0.07; as chips added (a raise to "
        "€0.07) they do, but Hero's call of €0.04 then brings him to €0.06, not to the bet "
        "of €0.07")
    assert hand.info is not None and hand.info.stakes == (1, 2)


def test_a_raise_that_fits_as_chips_added_is_read_so() -> None:
    """When only the "chips added" reading makes the raiser's actions add up to his bet
    and the betting fit (Hero's call matches it), it is the reading taken."""
    text = (SAMPLES / "raise_fits_neither_reading.xml").read_text(encoding="utf-8")
    text = text.replace('sum="€0.04"', 'sum="€0.05"').replace(
        'bet="€0.16" win="€0.24"', 'bet="€0.17" win="€0.26"')
    (hand,) = read_text(text)
    assert isinstance(hand, Hand), hand
    assert summary(kinds(hand, ev.Raise, ev.Call)) == [
        ("Call", "Hero", 2, False), ("Raise", "Vantablack", 7, False),
        ("Call", "Hero", 5, False)]


def test_a_partial_export_without_totals_is_not_judgeable() -> None:
    (hand,) = hands("partial_export_no_totals.xml")
    assert isinstance(hand, Unreadable) and hand.code == "HH001"
    assert hand.message.startswith("not judgeable: the export has no bet/win totals")
    assert hand.info is not None and hand.info.stakes == (100, 200)


def test_stud_is_counted_not_replayed_with_its_header() -> None:
    (hand,) = hands("stud_hi_lo.xml")
    assert isinstance(hand, Unreadable) and hand.code == "HH002"
    assert "stud" in hand.message
    assert hand.info is not None
    assert (hand.info.hand_id, hand.info.game, hand.info.limit, hand.info.stakes) == (
        "9910000001", "other", "FL", (5, 10))


def test_the_reader_never_raises_on_damaged_games() -> None:
    """Cut anywhere, a game is read or reported: never an exception."""
    rng = random.Random(13)
    text = (SAMPLES / "cash_session_two_games.xml").read_text(encoding="utf-8")
    for _ in range(300):
        cut = rng.randrange(len(text))
        damaged = text[:cut] + rng.choice(["", "<", "&", '"', "</round>", "x"]) + \
            text[cut + rng.randrange(40):]
        for hand in read_text(damaged):
            assert isinstance(hand, Hand | Unreadable)
            if isinstance(hand, Unreadable):
                assert hand.code in ("HH001", "HH002") and "please report" not in hand.message


# --- helpers ------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "cards"), [
    ("CA HQ", ("Ac", "Qh")), ("H10 s9", ("Th", "9s")), ("c10 hK", ("Tc", "Kh")),
    ("X X", ()), ("x x", ()), ("", ()), ("ZZ", None), ("C1", None),
])
def test_cards(text: str, cards: tuple[str, ...] | None) -> None:
    assert cards_of(text) == cards


@pytest.mark.parametrize(("text", "when"), [
    ("2013-07-30 18:26:02", "2013/07/30 18:26:02"),
    ("22-Jan-2011 20:11:15", "2011/01/22 20:11:15"),
    ("18.05.2021 18:26:13", "2021/05/18 18:26:13"),
    ("2017/01/23 22:27:48", "2017/01/23 22:27:48"),
    ("30/01/2012 02:30", "2012/01/30 02:30:00"),
    ("someday", "someday"),
])
def test_dates(text: str, when: str) -> None:
    assert started(text) == when


@pytest.mark.parametrize("text", [
    "2013-07-30 18:26:02", " 2013-07-30 18:26:02\n", "2013-7-30 18:26:02", "2013-07-30T18:26:02",
    "2013-07-30 18:26:0x", "2013-07-30 18:26:\u0660\u0662", "\u0662013-07-30 18:26:02",
    "2013-07-30 18:26:02.5", "2013/07/30 18:26:02", "0000-00-00 00:00:00", "2013-07-30 1826:02",
])
def test_the_quick_date_is_the_patterns_date(text: str) -> None:
    """``started``'s quick path (``YYYY-MM-DD HH:MM:SS``, ASCII digits) gives what the
    patterns of every form give, and near misses go to the patterns."""
    assert started(text) == _started_by_patterns(text.strip())


def test_the_quick_date_on_every_sample_game() -> None:
    """Every ``<startdate>`` of the samples, read by ``started`` and by the patterns."""
    texts = {m for path in SAMPLES.iterdir()
             for m in re.findall(r"<startdate>([^<]*)</startdate>",
                                     path.read_bytes().decode("utf-8", "replace"))}
    quick = [t for t in texts if len(t.strip()) == 19 and t.strip()[4] == "-"]
    assert quick  # the quick path is taken
    for text in texts:
        assert started(text) == _started_by_patterns(text.strip()), text


def _game_texts() -> list[tuple[str, int]]:
    from auditor.parsing.blocks import blocks_of_file

    out = []
    for path in sorted(SAMPLES.iterdir()):
        for block in blocks_of_file(path, str(path)):
            text = "\n".join(block.lines)
            out.append((text if text.endswith("</game>") else text + "</game>",
                        block.first_line))
    return out


def test_the_fast_element_reader_matches_expat_s_callbacks() -> None:
    """One expat pass with callbacks only where elements start (and for the texts read)
    finds the same game elements, attributes, lines and texts (of ``TEXT_TAGS``) as
    every callback does (the reference), or the same error; asked for every element, it
    finds what the reference finds, texts included."""
    from auditor.sites.ipoker.fragments import (
        GAME_TAGS,
        TEXT_TAGS,
        XmlError,
        elements,
        elements_by_callbacks,
    )

    odd = ('<game gamecode="7"><general><players><player seat="1" name="a&gt;b &amp; c" '
           "chips=\"$1\" dealer='1' win=\"$0\" bet=\"$0\"/></players></general>"
           '<round no="0"><!-- <action no="9"/> --><action no = "1" player="a&gt;b &amp; c" '
           'type="1" sum="$0.01"/></round><round no="1"><cards type="Pocket" '
           'player="a&gt;b &amp; c"><![CDATA[CA HQ]]></cards>after<x/>not'
           '<cards type="Flop">S2<!-- c -->S3 &#x53;4</cards>tail</round></game>')
    hostile = [odd, odd.replace("<x/>", "<x>"), '<game><!DOCTYPE x [<!ENTITY a "b">]></game>',
               '<game a="1" a="2"/>', "<game>&foo;</game>", '<game>\n<cards>C2</cards>\n',
               # a session's <general>: no attributes, read the short way
               "\n <general>\n<a>x</a>y\n<b/>z<c >w\n</c\n><d\n/> <e>  </e>\n</general> \n",
               "<general><a>1 > 0</a><a>again</a><b></b></general>", "<general/>",
               "<general><a>x</b></general>", "<general><a>x</a></general><x/>",
               "<general>\u1680<a\u1680b>x</a\u1680b></general>",
               # lines after multibyte characters, lines ended by a CR (expat's count), and
               # a declaration's encoding, ignored in a text
               odd.replace("><", ">\n<").replace("a&gt;b", "Jörg €\u1680"),
               odd.replace("><", ">\r\n<"), odd.replace("><", ">\r<", 3),
               '<?xml version="1.0" encoding="ISO-8859-1"?>\n<game gamecode="é">\n'
               '<player name="€"/>\n</game>',
               # start tags over several lines, after multibyte characters
               '<game gamecode="1">\n<player\n name="Ünal €"\n seat="1"/>\n<round no="0">'
               '\n\n<action no="1"\nplayer="Ünal €" type="1"\n sum="€1"/>\n</round>\n</game>']

    def read(fast: bool, text: str, first: int, every: bool) -> object:
        try:
            if fast:
                found = elements(text, first, None, None) if every else elements(text, first)
            else:
                found = elements_by_callbacks(text, first)
        except XmlError as exc:
            return ("error", exc.line, exc.message)
        if every:
            return found
        return [(t, a, n, v if t in TEXT_TAGS else "") for t, a, n, v in found
                if t in GAME_TAGS]

    for text, first in [*_game_texts(), *((t, 3) for t in hostile)]:
        for every in (False, True):
            assert read(True, text, first, every) == read(False, text, first, every), text


@pytest.mark.parametrize(("gametype", "game", "limit", "stakes"), [
    ("Holdem NL £0.05/£0.10", "holdem", "NL", ("£0.05", "£0.10")),
    ("Holdem БЛ €0.25/€0.50", "holdem", "NL", ("€0.25", "€0.50")),  # Russian: no limit
    ("Holdem SL $0.01/$0.02", "holdem", "NL", ("$0.01", "$0.02")),  # Spanish: sin límite
    ("Holdem L $0.10/$0.20", "holdem", "FL", ("$0.10", "$0.20")),
    ("LH 20/40 x2 Limit $10.00/$20.00", "holdem", "FL", ("$10.00", "$20.00")),
    ("Omaha PL €0.10/€0.20", "omaha", "PL", ("€0.10", "€0.20")),
    ("Omaha Pot limit $100.00/$200.00 Ante $0.00", "omaha", "PL", ("$100.00", "$200.00")),
    ("PL €0,50/€1", None, "PL", ("€0,50", "€1")),  # told by the hole cards
    ("Six Plus Holdem NL €0.25/€0.50", "sixplus", "NL", ("€0.25", "€0.50")),
    ("Holdem NL RSD1/RSD2", "holdem", "NL", ("RSD1", "RSD2")),
    ("Holdem NL", "holdem", "NL", None),  # tournaments: the blinds posted are the stakes
])
def test_localised_game_names(gametype: str, game: str | None, limit: str,
                              stakes: tuple[str, str] | None) -> None:
    from auditor.sites.ipoker.reader import _session_of

    session = _session_of(f"<session><general><gametype>{gametype}</gametype></general>")
    assert (session.game, session.limit, session.stakes) == (game, limit, stakes)
    assert session.unsupported is None
