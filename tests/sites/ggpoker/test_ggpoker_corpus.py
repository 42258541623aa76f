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


# The 2020 PLO fixtures print "Total pot $X" alone: no rake, and the winner collects the
# whole pot; his next hand starts about 5 % short of it. A deduction the history does not
# state: a real finding, in every winner of these two files followed to his next hand.
_UNSTATED_RAKE = "2020 export: the winner's next stack is short of what he collected"
_CASH_DROP = ("false until the engine counts house money: the Cash Drop is in the pot "
              "(Total pot = contributions + Cash Drop)")
_DEAD_BLIND = ("false until the engine matches live bets: the missed blind is dead, the "
               "uncalled excess is the bet over the other live bets, as GG returns it")
_STRADDLE = ("false until the engine takes a straddle's post as added to the straddler's "
             "own blind: GG's 'straddle $X' is his new street total")
_LEVEL = ("the header names the new level while the hand was dealt at the old blinds: "
          "the raise is right by the posted big blind, not by the header's")

KNOWN: dict[tuple[str, str], tuple[set[str], str]] = {
    ("GG20250810-0305 - RushAndCash11101696 - 0.02 - 0.05 - 6max.txt", "RC3796104185"): (
        {"SP002", "SP007"}, _CASH_DROP),
    ("GG20250829-0702 - RushAndCash9515431 - 0.01 - 0.02 - 6max.txt", "RC3844480952"): (
        {"SP002", "SP007"}, _CASH_DROP),
    ("PLO-6max-USD-0.01-0.02-202104.STP.txt", "RC58843003"): (
        {"RA003", "SP002", "SP007"},
        _CASH_DROP + "; the pot limit counts it too (raise to $0.41 = pot with the drop)"),
    ("NL-ShortDeck-5max-USD-0.2-202103.txt", "SD27208838"): (
        {"HH003", "TU004"}, _STRADDLE + " (button blind $0.02, straddles to $0.04, $0.08)"),
    ("PLO5-6max-USD-25-50-202104.straddle.txt", "OM1171256"): (
        {"HH003"}, _STRADDLE + " (big blind $50, straddle to $100)"),
    ("PLO-6max-USD-2-5-202101.RIT.txt", "OM232657303"): ({"SP001"}, _DEAD_BLIND),
    ("PLO-6max-USD-5-10-202101.missed.txt", "OM232604226"): ({"SP001"}, _DEAD_BLIND),
    ("PLO5-6max-USD-2-5-202104.Jackpot.txt", "OM1349864"): (
        {"SP004", "SP005"},
        "false until the engine fits unlabelled collections: $69.26 is the side pot "
        "(3a59c1a9 alone, run once), not part of the main pot Hero won on both boards"),
    **{("NLHE-8max-MTT-USD-250-202006.txt", hand_id): ({"HH003"}, _LEVEL) for hand_id in (
        "TM247773056", "TM247774746", "TM247776533", "TM247777995", "TM247849493",
        "TM247850728")},
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
