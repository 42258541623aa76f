"""The ACR/WPN corpus (fpdb-3 ``acr-wpn`` and HHSmithy ``WinningPoker``): every hand read or
pinned with its reason, and the identities the sites' own figures must satisfy with the
events the reader made of them."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from auditor.api import audit_text
from auditor.engine.replay import replay
from auditor.model import events as ev
from auditor.model.hand import Hand
from auditor.model.profile import Profile
from auditor.parsing import Unreadable
from auditor.parsing.blocks import HandBlock, blocks_of_file
from auditor.parsing.decode import iter_lines
from auditor.parsing.reader import read_block
from auditor.sites.winning.reader import (
    _CLASSIC_FIELDS,
    _CLASSIC_SEAT,
    _MODERN_FIELDS,
    _MODERN_SEAT,
    CAP_BIG_BLINDS,
    _seat_fields,
    _seat_fields_by_pattern,
    _split,
    _split_free,
)


def _corpus() -> Path | None:
    for parent in Path(__file__).resolve().parents:
        if (parent / "shared" / "corpus").is_dir():
            return parent / "shared" / "corpus"
    return None


CORPUS = _corpus()
ROOTS = ("acr-wpn", "hhsmithy/HandHistories.Parser.UnitTests/SampleHandHistories/WinningPoker")
HEADER = re.compile(r"^\s*(?:(?:Game )?Hand #\d+ - |Game started at: )")


def files() -> list[Path]:
    if CORPUS is None:
        return []
    out: list[Path] = []
    for root in ROOTS:
        out += sorted(p for p in (CORPUS / root).rglob("*.txt") if p.is_file())
    return out


@cache
def blocks() -> list[tuple[Path, HandBlock]]:
    return [(p, b) for p in files() for b in blocks_of_file(p, str(p))]


@cache
def hands() -> list[tuple[Path, HandBlock, Hand | Unreadable]]:
    return [(p, b, read_block(b)) for p, b in blocks()]


@pytest.fixture(autouse=True)
def _needs_corpus() -> None:
    if CORPUS is None:
        pytest.skip("the shared corpus (../shared/corpus) is not here")


# Every hand not replayed, examined: (file, hand id) -> (code, what the message says).
NOT_AUDITED = {
    # Six Plus Hold'em: short-deck rankings are not in the engine.
    ("6+Holdem-6-max-USD-0.02-0.05-201902.HH00000000 G0.txt", "1377529121"): ("HH002", "short"),
    # Stud, both generations.
    ("7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt", "693977667"): ("HH002", "stud"),
    ("7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt", "693977839"): ("HH002", "stud"),
    ("7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt", "693978063"): ("HH002", "stud"),
    ("7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt", "693978378"): ("HH002", "stud"),
    ("7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt", "693975843"): ("HH002", "stud"),
    ("7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt", "693976187"): ("HH002", "stud"),
    ("7Stud-8max-USD-0.04-0.08-201907.CASHID-TN-Gorham GAMETYPE.txt", "85198832"):
        ("HH002", "stud"),
    # fpdb's "Unknown.Player.Acts" fixtures: a player with an empty name (and no seat line)
    # posts, acts and wins: the chips cannot be followed.
    ("NLHE-9max-USD-1.00-2.00-201612.Unknown.Player.Acts.HH20160621 G30997753.txt",
     "665312038"): ("HH001", "no name"),
    ("NLHE-9max-USD-1.00-2.00-201612.Unknown.Player.Acts.HH20160621 G30997753.txt",
     "665307190"): ("HH001", "no name"),
    ("NLHE-NA-0-0 HH00000000 T1-G0-201601.unknown.player.acts.txt", "547441485"):
        ("HH001", "no name"),
    # fpdb's "no.flop": a flop line without cards before the deal, and actions its summary
    # contradicts (the folded Player3 collects).
    ("PLO8-6max-USD-20-40-201609.no.flop.HH20160913 G31116857.txt", "727152195"):
        ("HH001", "without its cards"),
    # HHSmithy's InValidHand: the summary stops after two of five players.
    ("InValidHand.txt", "261454571"): ("HH001", "Game ended at"),
    # No card dealt: the big blind sat out and the small blind's post came back.
    ("CancelledHand.txt", "328556048"): ("cancelled", ""),
    ("UncalledBet.txt", "351651317"): ("cancelled", ""),
}

# 2014 tables with a jackpot or promotion drop ("(JP)", "( Beast )"): 0.25 of every hand
# with a flop went in and came out neither as the stated pot nor as the stated rake.
UNSTATED_DROP = {
    "261641541", "261679750", "266888759", "266899075", "258671202", "261477404", "261441841",
    "261442219", "261442490", "261442843", "261443389", "258592151", "258591918", "261454571",
}
# A tournament export "data mined" from the client: every summary "Bets:" is 0.
NO_STATED_BETS = {"270567990173"}


def test_every_header_is_one_hand() -> None:
    for path in files():
        expected = sum(1 for _, line in iter_lines(path) if HEADER.match(line))
        assert sum(1 for p, _ in blocks() if p == path) == expected, path.name


def test_every_hand_reads_or_is_pinned() -> None:
    seen = {}
    for path, _, hand in hands():
        if isinstance(hand, Unreadable):
            seen[(path.name, hand.hand_id)] = (hand.code, hand.message)
            assert hand.info is not None and hand.info.site == "wpn"
            assert hand.first_line <= hand.line <= hand.last_line
        elif hand.cancelled:
            seen[(path.name, hand.info.hand_id)] = ("cancelled", "")
    assert set(seen) == set(NOT_AUDITED)
    for key, (code, words) in NOT_AUDITED.items():
        assert seen[key][0] == code and words in seen[key][1], key


def test_counts_per_folder() -> None:
    counts: dict[str, Counter[str]] = {}
    for path, _, hand in hands():
        folder = "acr-wpn" if "acr-wpn" in str(path) else "hhsmithy"
        status = (hand.code if isinstance(hand, Unreadable)
                  else "cancelled" if hand.cancelled else "read")
        counts.setdefault(folder, Counter())[status] += 1
    assert counts["acr-wpn"] == Counter({"read": 108, "HH002": 8, "HH001": 4})
    assert counts["hhsmithy"] == Counter({"read": 46, "HH001": 1, "cancelled": 2})


def _replayed(hand: Hand) -> tuple[dict[str, int], Counter[str]]:
    contributed = replay(hand, Profile()).contributed
    returned: Counter[str] = Counter()
    for e in hand.events:
        if isinstance(e, ev.UncalledReturned):
            returned[e.player] += e.amount
    return contributed, returned


def _audited() -> list[tuple[Path, HandBlock, Hand]]:
    return [(p, b, h) for p, b, h in hands() if isinstance(h, Hand) and not h.cancelled]


def test_total_pot_is_what_went_in_less_returns_rake_and_fees() -> None:
    """Both generations: the stated total is net of the rake and the jackpot fee."""
    wrong = {}
    for _, _, hand in _audited():
        contributed, returned = _replayed(hand)
        (summary,) = [e for e in hand.events if isinstance(e, ev.PotSummary)]
        fees = summary.rake + sum(a for _, a in summary.fees)
        gap = sum(contributed.values()) - sum(returned.values()) - fees - summary.total
        if gap:
            wrong[hand.info.hand_id] = gap
    assert wrong == dict.fromkeys(UNSTATED_DROP & set(wrong), 25)
    assert set(wrong) == UNSTATED_DROP


def test_total_pot_is_what_was_collected() -> None:
    for _, _, hand in _audited():
        (summary,) = [e for e in hand.events if isinstance(e, ev.PotSummary)]
        paid = sum(e.amount for e in hand.events if isinstance(e, ev.Collected))
        assert paid == summary.total, hand.info.hand_id


_BETS = re.compile(r"^\*?Player (.*?) (?:does not show|doesn't show|mucks|shows).*"
                   r"Bets: ([\d.]+)\. ?Collects")


def test_classic_stated_bets_are_the_replayed_contributions() -> None:
    """2014–16: each summary's 'Bets: X' is what the player put in less what came back."""
    for _, block, hand in _audited():
        if not block.lines[0].startswith("Game started at:"):
            continue
        if hand.info.hand_id in NO_STATED_BETS:
            continue
        contributed, returned = _replayed(hand)
        scale = 10**hand.info.decimals
        for line in block.lines:
            if m := _BETS.match(line):
                stated = round(float(m.group(2)) * scale)
                player = m.group(1)
                assert contributed.get(player, 0) - returned[player] == stated, (
                    hand.info.hand_id, player)


_RAISE = re.compile(r"^(.*) raises \$?([\d,.]+) to \$?([\d,.]+)")


def test_modern_raise_amount_is_the_chips_added() -> None:
    """2019+: in every 'raises X to Y', X = Y minus what the raiser had in on the street."""
    checked = 0
    for _, block, hand in _audited():
        if block.lines[0].startswith("Game started at:"):
            continue
        scale = 10**hand.info.decimals
        commits: dict[str, int] = {}
        raw = {block.number(i): text for i, text in enumerate(block.lines)}
        for e in hand.events:
            if isinstance(e, ev.StreetStart) and e.street != "preflop":
                commits = {}
            elif isinstance(e, ev.PostBlind) and e.kind not in ("ante", "dead"):
                commits[e.player] = commits.get(e.player, 0) + e.amount - e.dead
            elif isinstance(e, (ev.Call, ev.Bet)):
                commits[e.player] = commits.get(e.player, 0) + e.amount
            elif isinstance(e, ev.Raise):
                m = _RAISE.match(raw[e.line])
                if m is None:  # "caps $0.55": the chips added too, checked below
                    commits[e.player] = e.to
                    continue
                added = round(float(m.group(2).replace(",", "")) * scale)
                assert added == e.to - commits.get(e.player, 0), raw[e.line]
                commits[e.player] = e.to
                checked += 1
    assert checked >= 8


def test_capped_tables_cap_at_thirty_big_blinds() -> None:
    """Every 'caps' line of the corpus takes its player to exactly 30 big blinds."""
    checked = 0
    for _, block, hand in _audited():
        if hand.info.limit != "CNL":
            continue
        assert hand.info.cap == CAP_BIG_BLINDS * hand.info.stakes[1]
        put_in: Counter[str] = Counter()
        commits: dict[str, int] = {}
        texts = {block.number(i): text for i, text in enumerate(block.lines)}
        for e in hand.events:
            if isinstance(e, ev.StreetStart):
                commits = {}
            elif isinstance(e, (ev.PostBlind, ev.Call, ev.Bet, ev.Raise)):
                before = commits.get(e.player, 0)
                after = e.to if isinstance(e, ev.Raise) else before + e.amount
                if isinstance(e, ev.PostBlind):
                    after -= e.dead
                put_in[e.player] += after - before + (e.dead if isinstance(e, ev.PostBlind)
                                                      else 0)
                commits[e.player] = after
                if " caps " in texts[e.line] or texts[e.line].endswith(" caps"):
                    assert put_in[e.player] == hand.info.cap, texts[e.line]
                    checked += 1
    assert checked == 2


# The betting findings of the whole corpus, each examined: (hand id, code) -> why.
BETTING_FINDINGS = {
    # "Player0 is disconnected and ALL IN." then "Player0 allin" facing a bet of 40: the
    # site's disconnect protection kept him in without a chip more. Real by the rules.
    ("741631166", "TU004"): "disconnect protection",
}


def test_the_betting_findings_are_the_examined_ones() -> None:
    found = {}
    for path, block, _hand in _audited():
        text = "\n".join(block.lines) + "\n"
        for f in audit_text(text, path.name).findings:
            if f.code[:2] in ("TU", "RA", "RO") or f.code == "HH003":
                found[(f.hand_id, f.code)] = f.message
    assert set(found) == set(BETTING_FINDINGS)


def test_the_plain_split_is_the_split_of_every_field() -> None:
    """``_split`` splits a text that can hold no description by the plain pattern (one
    split in C): on every line of the corpus, and on every part after a space (the reader
    splits what surrounds a name apart), it gives what the pattern of every field gives."""
    checked = Counter()
    for _, block in blocks():
        fields = _CLASSIC_FIELDS if block.lines[0].startswith("Game started at:") \
            else _MODERN_FIELDS
        for line in block.lines:
            for at in [0, *(i + 1 for i, ch in enumerate(line) if ch == " ")]:
                fast: list[str] = []
                slow: list[str] = []
                assert (_split(fields, line[at:], fast), fast) == \
                    (_split_free(fields, line[at:], slow), slow), line[at:]
                checked[" with " in line[at:] or "] " in line[at:]] += 1
    assert checked[False] > 30_000 and checked[True] > 1_000  # both paths, often


def test_every_seat_line_by_string_methods_as_the_pattern() -> None:
    """The compiled build reads seat lines by string methods (``_seat_fields``): on every
    line of the corpus, both generations' ways agree with their patterns."""
    seats = 0
    for _, block in blocks():
        for line in block.lines:
            for classic, pattern in ((True, _CLASSIC_SEAT), (False, _MODERN_SEAT)):
                found = _seat_fields(line, classic)
                assert found == _seat_fields_by_pattern(line, pattern), line
                seats += found is not None
    assert seats > 800  # (919: every hand's seats)
