"""The whole GGPoker corpus (``../shared/corpus/ggpoker``): every hand read, GG's pot
identities over every hand, every finding of the full audit examined and pinned with its
reason, and the GG-Analyzer author's own totals for the player Hero."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from test_ggpoker_samples import pot_identities

from auditor.api import audit_paths
from auditor.model.hand import Hand
from auditor.parsing import Unreadable, read_path
from auditor.parsing.blocks import blocks_of_file
from auditor.report.reader import read_report

CORPUS = Path(__file__).resolve().parents[4] / "shared" / "corpus"
GG = CORPUS / "ggpoker"
LITE = GG / "GGPoker-Hand-Analyzer" / "demo_data" / "lite_data"
NOT_DATA = {"LICENSE", "MANIFEST.tsv", "SOURCE.txt"}

pytestmark = pytest.mark.skipif(not GG.is_dir(), reason="the shared corpus is not here")


def gg_files() -> list[Path]:
    return sorted(p for p in GG.rglob("*") if p.is_file() and p.name not in NOT_DATA
                  and p.suffix != ".md")


def gg_hands() -> list[tuple[Path, Hand | Unreadable]]:
    return [(path, hand) for path in gg_files() for hand in read_path(path)]


def test_every_gg_hand_of_the_corpus_is_read() -> None:
    """678 hands: 478 Rush & Cash (GG-Analyzer) and 200 of fpdb's (cash PLO, PLO-5, short
    deck, tournaments); none unreadable. The one empty fixture
    (``…straddle.walk.txt``, 0 bytes) holds no hand."""
    hands = gg_hands()
    assert [(p.name, h.message) for p, h in hands if isinstance(h, Unreadable)] == []
    assert len(hands) == 678
    assert all(h.info.site == "ggpoker" for _, h in hands)
    games = {}
    for _, h in hands:
        key = (h.info.game, h.info.hole_cards, h.info.tournament is not None)
        games[key] = games.get(key, 0) + 1
    assert games == {
        ("holdem", 2, False): 478, ("omaha", 4, False): 58, ("omaha", 5, False): 7,
        ("sixplus", 2, False): 5, ("holdem", 2, True): 62, ("omaha", 4, True): 68,
    }
    empty = GG / "fpdb-3/regression-test-files/cash/GGPoker/Flop"
    assert list(blocks_of_file(empty / "PLO5-6max-USD-0.1-0.25-202104.straddle.walk.txt",
                               "x")) == []


def test_gg_identities_hold_in_every_hand() -> None:
    """contributions − returns + Cash Drop == Total pot == collected + rake + all fees,
    computed from the events, in every hand (548 cash, 130 tournament)."""
    wrong = []
    for path, hand in gg_hands():
        put_in, paid, total = pot_identities(hand)  # type: ignore[arg-type]
        if not put_in == paid == total:
            wrong.append((path.name, hand.info.hand_id, put_in, paid, total))
    assert wrong == []


# Every finding on the GG corpus, examined. The engine judges GG's Cash Drop as house money
# in the pot (the pot limit counts it), a straddle as the straddler's new street total,
# the uncalled excess over live bets (a missed blind is dead), an uncontested side pot of
# a hand run twice as run once, and a tournament's posted blinds over a header that names
# the next level: the hands that once drew false findings for these are clean.
#
# The 2020 PLO fixtures print "Total pot $X" alone: no rake, and the winner collects the
# whole pot; his next hand starts about 5 % short of it. A deduction the history does not
# state: a real finding, in every winner of these two files followed to his next hand.
_UNSTATED_RAKE = "2020 export: the winner's next stack is short of what he collected"
KNOWN: dict[tuple[str, str], tuple[set[str], str]] = {
    **{("PLO-6max-USD-0.5-1.00-202006.txt", f"OM1907{n}"): ({"SE001"}, _UNSTATED_RAKE)
       for n in ("65916", "65939", "65984", "66005", "66054", "66091", "66118", "66289")},
    **{("PLO-6max-USD-0.50-1.00-202004.txt", f"OM1814{n}"): ({"SE001"}, _UNSTATED_RAKE)
       for n in ("27458", "27480", "27500", "27519", "27528", "27541", "27552", "27572",
                 "27584", "27598", "27611", "27630", "27648", "27667", "27682", "27718",
                 "27740", "27753", "27763", "27786", "27804", "27818", "27842", "27852",
                 "27863", "27875", "27889", "27905", "27920", "27929", "27941", "27955",
                 "27965", "27991", "27999")},
}


def test_every_finding_on_the_gg_corpus_is_known(tmp_path: Path) -> None:
    run = audit_paths([GG], tmp_path, jobs=1)
    assert run.summary.hands_by_status == {"audited": 678} | {
        k: 0 for k in run.summary.hands_by_status if k != "audited"}
    findings = read_report(tmp_path)["findings"]
    found: dict[tuple[str, str], set[str]] = {}
    for (source, hand_id), group in findings.groupby(["source", "hand_id"]):
        found[(Path(source).name, hand_id)] = set(group["code"])
    assert found == {key: codes for key, (codes, _why) in KNOWN.items()}
    # The stack findings all say the stack came back short, never long.
    se = findings[findings["code"] == "SE001"]
    assert (se["observed"] < se["expected"]).all()


@pytest.mark.parametrize(("folder", "hands", "profit"), [
    ("test01", 97, Decimal("1.19")), ("test02", 203, Decimal("4.58"))])
def test_heros_profit_is_the_authors(folder: str, hands: int, profit: Decimal,
                                     tmp_path: Path) -> None:
    """GG-Analyzer's author publishes Hero's total profit over each demo folder
    (``correct_result.md``): after rake, as the pot paid him (not EV-adjusted; no EV
    cashout in these hands). The payouts table's ``net`` gives the same totals."""
    audit_paths([LITE / folder], tmp_path, jobs=1)
    report = read_report(tmp_path)
    assert len(report["hands"]) == hands
    assert report["findings"].empty
    payouts = report["payouts"]
    hero = payouts[payouts["player"] == "Hero"]
    assert len(hero) == hands
    assert sum(Decimal(str(x)) for x in hero["net"]) == profit


def test_the_caches_and_fast_paths_read_as_the_grammar_does() -> None:
    """Without caching every line goes through its shape and the grammar: the same hands."""
    from auditor.sites.ggpoker.reader import GGPokerReader

    fast, careful = GGPokerReader(), GGPokerReader(caching=False)
    for path in gg_files():
        for block in blocks_of_file(path, str(path)):
            assert fast.read(block) == careful.read(block), (path.name, block.first_line)
