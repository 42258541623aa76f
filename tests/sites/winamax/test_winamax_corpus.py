"""Every Winamax hand of the shared corpus read, each one not audited pinned with its
reason, and the money identities of the site checked on the events the reader makes.

The corpus (``../shared/corpus``: fpdb-3's Winamax regression files and HHSmithy's Winamax
samples) is read-only test input; the tests skip where it is absent.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from auditor.model import events as ev
from auditor.model.hand import Hand
from auditor.parsing import Unreadable, read_path
from auditor.parsing.blocks import blocks_of_file
from auditor.sites.winamax.reader import WinamaxReader

CORPUS = Path(__file__).resolve().parents[4] / "shared" / "corpus"
FPDB = "winamax/fpdb-3/regression-test-files"
SMITHY = "hhsmithy/HandHistories.Parser.UnitTests/SampleHandHistories/Winamax"
ROOTS = ("winamax", SMITHY)
NOT_DATA = {"LICENSE", "MANIFEST.tsv"}

# Hands of the corpus that are not audited, and why.
NOT_AUDITED = {
    "9250793-388-1478989461": ("HH002", "2-7 Triple Draw fixed limit: stud and draw"),
    "9160772-2-1476189756": ("HH002", "Lowball27 fixed limit: stud and draw"),
    "9250793-1578-1479092164": ("HH002", "7-Card Stud fixed limit: stud and draw"),
    "9250793-470-1478990787": ("HH002", "7-Card Stud fixed limit: stud and draw"),
    "8835086-564-1465760198": ("HH002", "7stud fixed limit: stud and draw"),
    "9250793-554-1478991850": ("HH002", "7-Card Stud Hi/Lo fixed limit: stud and draw"),
    "9250793-444-1478990340": ("HH002", "Razz fixed limit: stud and draw"),
}
# Files under the Winamax folders that hold no Winamax hand.
NOT_WINAMAX = {
    # A MicroGaming XML game misfiled by HHSmithy: counted by the MicroGaming plug-in.
    f"{SMITHY}/CashGame/HandActionTests/OmahaHiLo.txt": "microgaming",
    # HHSmithy's invalid-hand fixture: its header says "Winaax Poker", no site's header.
    f"{SMITHY}/CashGame/ValidHandTests/InValidHand.txt": None,
}


def corpus_files() -> list[Path]:
    if not CORPUS.is_dir():
        pytest.skip("the shared corpus (../shared/corpus) is not here")
    return sorted(p for root in ROOTS for p in (CORPUS / root).rglob("*")
                  if p.is_file() and p.name not in NOT_DATA)


@pytest.fixture(scope="module")
def corpus_hands() -> list[tuple[str, Hand | Unreadable]]:
    out = []
    for path in corpus_files():
        name = str(path.relative_to(CORPUS))
        out += [(name, h) for h in read_path(path)]
    return out


def contributions(hand: Hand) -> dict[str, int]:
    """What each player put in, replayed from the events (raises to, the rest added)."""
    total: dict[str, int] = {}
    commit: dict[str, int] = {}
    for e in hand.events:
        if isinstance(e, ev.StreetStart) and e.street != "preflop":
            commit = {}
        elif isinstance(e, ev.PostBlind):
            total[e.player] = total.get(e.player, 0) + e.amount
            if e.kind not in ("ante", "dead"):
                commit[e.player] = commit.get(e.player, 0) + e.amount - e.dead
        elif isinstance(e, ev.Call | ev.Bet):
            total[e.player] = total.get(e.player, 0) + e.amount
            commit[e.player] = commit.get(e.player, 0) + e.amount
        elif isinstance(e, ev.Raise):
            total[e.player] = total.get(e.player, 0) + e.to - commit.get(e.player, 0)
            commit[e.player] = e.to
    return total


def excess(hand: Hand) -> tuple[str, int]:
    """The unmatched part of the biggest contribution, and whose it is."""
    ranked = sorted(contributions(hand).items(), key=lambda kv: -kv[1])
    return ranked[0][0], ranked[0][1] - ranked[1][1]


def summary(hand: Hand) -> ev.PotSummary:
    return next(e for e in hand.events if isinstance(e, ev.PotSummary))


def collected(hand: Hand) -> list[tuple[str, int, int | None]]:
    return [(e.player, e.amount, e.pot) for e in hand.events if isinstance(e, ev.Collected)]


def test_every_winamax_hand_is_read_or_pinned(corpus_hands) -> None:
    winamax = [(f, h) for f, h in corpus_hands
               if (h.site if isinstance(h, Unreadable) else h.info.site) == "winamax"]
    status = Counter("hand" if isinstance(h, Hand) else h.code for _, h in winamax)
    assert status == {"hand": 174, "HH002": 7}  # 181 hands, none unparsable
    for _, h in winamax:
        if isinstance(h, Unreadable):
            code, reason = NOT_AUDITED[h.hand_id]
            assert (h.code, reason in h.message) == (code, True), h
            assert h.info is not None and h.info.game == "other"
    read = {h.info.hand_id for _, h in winamax if isinstance(h, Hand)}
    assert not read & set(NOT_AUDITED)


def test_files_without_winamax_hands() -> None:
    for name, site in NOT_WINAMAX.items():
        path = CORPUS / name
        if not path.is_file():
            pytest.skip("the shared corpus (../shared/corpus) is not here")
        sites = {b.site for b in blocks_of_file(path, name)}
        assert sites == ({site} if site else set()), name


def test_no_hand_without_a_summary_total(corpus_hands) -> None:
    for _, h in corpus_hands:
        if isinstance(h, Hand) and h.info.site == "winamax":
            assert sum(isinstance(e, ev.PotSummary) for e in h.events) == 1


def test_cash_identities(corpus_hands) -> None:
    """Winamax's total pot is what was collected (after rake, the unmatched excess
    included): 117/117 cash hands. What went in less the rake is that total in 116/117:
    ``…201408.bad.pot`` pays 10€ out of a pot of 9€ (blinds 1€ + 2€, Player1's 6€)."""
    cash = [(f, h) for f, h in corpus_hands
            if isinstance(h, Hand) and h.info.site == "winamax" and h.info.tournament is None]
    assert len(cash) == 117
    assert all(sum(a for _, a, _ in collected(h)) == summary(h).total for _, h in cash)
    misses = [(f.rsplit("/", 1)[-1], h.info.hand_id, sum(contributions(h).values()),
               summary(h).total) for f, h in cash
              if sum(contributions(h).values()) - summary(h).rake != summary(h).total]
    assert misses == [("PLO-5max-EUR-1.00-2.00-201408.bad.pot.txt",
                       "6468352-1737-1408024646", 900, 1000)]


def test_tournament_identities(corpus_hands) -> None:
    """Tournaments: collected == total 57/57; in == total 55/57. The two misses are one
    2010 tournament's half chips: each pays 0.50 more than went in (rounded up)."""
    tour = [(f, h) for f, h in corpus_hands
            if isinstance(h, Hand) and h.info.site == "winamax" and h.info.tournament]
    assert len(tour) == 57
    assert all(sum(a for _, a, _ in collected(h)) == summary(h).total for _, h in tour)
    misses = sorted((h.info.hand_id, summary(h).total - sum(contributions(h).values()))
                    for _, h in tour if sum(contributions(h).values()) != summary(h).total)
    assert misses == [("6307872438747255-64-1288123510", 50),
                      ("6307872438747255-71-1288124090", 50)]


def test_every_excess_comes_back_to_its_owner(corpus_hands) -> None:
    """No uncalled bet is ever printed; the owner of every unmatched excess collects at
    least that much (in the collections as printed)."""
    for _, h in corpus_hands:
        if not isinstance(h, Hand) or h.info.site != "winamax":
            continue
        assert not any(isinstance(e, ev.UncalledReturned) for e in h.events)
        owner, amount = excess(h)
        if amount:
            assert sum(a for p, a, _ in collected(h) if p == owner) >= amount, h.info.hand_id


def hand_of(corpus_hands, file_end: str, hand_id: str | None = None) -> Hand:
    return next(h for f, h in corpus_hands if f.endswith(file_end) and isinstance(h, Hand)
                and (hand_id is None or h.info.hand_id == hand_id))


def test_the_faults_of_the_named_fixtures(corpus_hands) -> None:
    """The facts behind the verdicts on the fixtures named after their faults."""
    # bad.pot: 9€ in (1€ + 2€ blinds, Player1 raises to 6€, everyone folds), 10€ paid out
    # and stated as the total.
    bad = hand_of(corpus_hands, "201408.bad.pot.txt")
    assert sum(contributions(bad).values()) == 900
    assert collected(bad) == [("Player1", 1000, 0)] and summary(bad).total == 1000
    # Real.side.pot.with.bad.collected (PLO): the "side pot 2" Player10 collects is his
    # own unmatched flop bet (1.40€ against Player25's 1.18€ all-in); main 3.56€ − rake
    # 0.18€ to Player7, side pot 0.92€ − 0.04€ to Player25.
    plo = hand_of(corpus_hands, "201009.Real.side.pot.with.bad.collected.txt")
    assert excess(plo) == ("Player10", 22)
    assert collected(plo) == [("Player10", 22, 2), ("Player25", 88, 1), ("Player7", 338, 0)]
    # Invalid.side.pot.Player8: "side pot 1" is Player8's unmatched river bet (4.70€
    # against Player3's 3.41€ all-in); the 11.50€ pot less 0.58€ rake goes to Player3.
    p8 = hand_of(corpus_hands, "Invalid.side.pot.Player8.txt")
    assert excess(p8) == ("Player8", 129)
    assert collected(p8) == [("Player8", 129, 1), ("Player3", 1092, 0)]
    # Side.pot.Biggest.stack.loses.main: Hero's "side pot 1" 4.34€ is the side pot he won
    # (3.12€) and his unmatched 1.42€, less 0.20€ of the rake; main 9.16€ − 0.60€.
    big = hand_of(corpus_hands, "Side.pot.Biggest.stack.loses.main.txt")
    assert excess(big) == ("Hero", 142)
    assert collected(big) == [("Hero", 434, 1), ("Player8", 856, 0)]
    assert summary(big).rake == 80


def test_the_caches_change_nothing_on_the_corpus() -> None:
    fast, careful = WinamaxReader(), WinamaxReader(caching=False)
    for path in corpus_files():
        for block in blocks_of_file(path, str(path)):
            if block.site == "winamax":
                assert fast.read(block) == careful.read(block), (path, block.first_line)
