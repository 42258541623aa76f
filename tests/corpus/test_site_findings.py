"""The other sites' corpus through the whole auditor: every error and warning examined.

Each finding below was looked at in its history and judged a real anomaly, for the reason
given; anything else the auditor reports on these folders is a false finding (or a new
true one, to be examined and added here). Judged in each site's own terms (its dialect):
Winamax, PartyPoker, iPoker and 888 never print an uncalled bet, Winamax labels it a
side pot, iPoker and 888 state no rake.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.api import audit_paths
from auditor.report.reader import read_report

HHSMITHY = "hhsmithy/HandHistories.Parser.UnitTests/SampleHandHistories"
FOLDERS = {
    "winamax": ("winamax", f"{HHSMITHY}/Winamax"),
    "ipoker": ("ipoker", f"{HHSMITHY}/IPoker"),
    "partypoker": ("partypoker", f"{HHSMITHY}/PartyPoker"),
    "888": (f"{HHSMITHY}/Pacific",),
    "wpn": ("acr-wpn", f"{HHSMITHY}/WinningPoker"),
    "phh": ("phh",),
    "pokernow": ("pokernow",),
}

Known = dict[tuple[str, str], tuple[set[str], str]]

WINAMAX: Known = {
    ("PLO-5max-EUR-1.00-2.00-201408.bad.pot.txt", "6468352-1737-1408024646"): (
        {"SP007"}, "blinds 1+2, a raise to 6, all fold: 9 in, 10 collected (1 created)"),
    ("PLO-5max-EUR-1.00-2.00-201407.ante.raise.txt", "6417287-1322-1406684365"): (
        {"HH003"}, "'raises 5 to 8' facing 2: Winamax counted the raise from the 3 posted"),
    ("NLHE-Ticket-MTT-201010.raise.written.as.bet.preflop.txt",
     "6307872438747255-64-1288123510"): (
        {"HH003", "RO002", "SP007"},
        "797.50 bet is the whole stack but not marked all-in; a raise over all-in players; "
        "the half chip rounded up (3,367.50 in, 3,368 paid)"),
    ("NLHE-Ticket-MTT-201010.side.pot.txt", "6307872438747255-71-1288124090"): (
        {"SP001"}, "'side pot 1' of 370 for an uncalled 369.50: the half chip rounded up"),
    ("PLO-FR-EUR-0.02-0.05-201009.Sample", "270777-205-1284852281"): (
        {"RO002"}, "a river raise when every other player is all-in (the excess came back)"),
    ("20110305_Freeroll 150%80(5142226)_real_holdem_no-limit.txt",
     "22085692498641245-7-1299346692"): (
        {"RO002"}, "a turn raise when every other player is all-in (the excess came back)"),
    ("NLHE-EUR-0.92-STT-201207.no.cur.txt", "119419173368496129-1-1343577528"): (
        {"SP006"}, "the odd chip went to Player5, not Player2 (first left of the button)"),
}

IPOKER: Known = {
    ("Full Ring (10 Handed).txt", "3302721610"): (
        {"SP003", "SP007"}, "hand-edited: seat 'TrapistBeer' never acts yet collects $2.44"),
}

PARTY: Known = {
    ("NLHE-6max-USD-0.05-0.10-201209.silent.post.both.txt", "14067958"): (
        {"TU003", "SP007"}, "silent post-both: a check facing the bet, chips from nowhere"),
    ("NLHE-0.02-0.04-USD-201207.players.joining.leaving.txt", "11970291958"): (
        {"SP001", "SP007", "TU001", "TU002"},
        "a player who joined after the seat list acts and is paid"),
    ("NLHE-6max-USD-0.10-0.25-201212.unseated.big.blind.txt", "12385840660"): (
        {"SP007", "TU002"}, "an unseated player posts the big blind"),
    ("NLHE-6max-USD-0.10-0.25-201309.player.joins.and.posts.a.bb.txt", "13290328324"): (
        {"SP007", "TU002"}, "a player not in the seat list posts and plays"),
    ("NLHE-6max-USD-0.10-0.25-201309.player.joins.as.bb.txt", "13291512580"): (
        {"SP007", "TU002"}, "a player not in the seat list posts and plays"),
    ("NLHE-6max-USD-5-10-201408.joins.and.posts.bb.txt", "14017581513"): (
        {"SP007", "TU002"}, "a player not in the seat list posts and plays"),
    ("NLHE-USD-0.01-0.02-201105.Unseated.player.is.only.big.blind.txt", "10498911237"): (
        {"SP003", "SP007", "TU001", "TU002"}, "'Unseated' posts, plays and collects"),
    ("NLHE-USD-0.02-0.04-20100811.unseatedPlayerActions.txt", "9521729454"): (
        {"SP003", "SP007", "TU001", "TU002"}, "an unseated player acts and collects"),
    ("NLHE-USD-0.01-0.02-20100807.newPlayerWithZeroStack.txt", "9507514114"): (
        {"TU002", "TU005"}, "seated with $0, then joins and posts"),
    ("PLO-2max-USD-0.50-1.00-201601.unknown.preamble.txt", "14981802530"): (
        {"SP001", "SP003", "SP007", "TU001", "TU002"},
        "fixture: the actions carry real names the seat list does not"),
    ("PLO8-6max-USD-1.00-2.00-201601.preamble.fatal.txt", "14978808642"): (
        {"TU002", "TU006"}, "fixture: the actions carry real names the seat list does not"),
    ("NLHE-1-EUR-STT-201211.tourno.missing.txt", "12359566781"): (
        {"SP007", "TU002", "TU005"}, "every stack printed as 1 chip"),
    ("NLHE-MTT-USD-100-9-202104.anon.txt", "16194828757579au6ou93d1"): (
        {"SP002", "SP007"}, "anonymised MTT: the pot is 2 chips off what went in"),
    ("NLHE-MTT-USD-50-5-202104.anon.txt", "161938625156465v9fyd47bg"): (
        {"HH003", "SP007"}, "anonymised MTT: marked all-in with 1 chip left"),
    ("NLHE-MTT-USD-50-5-202104.bad.math.txt", "1618961225358jrdwo4ad458"): (
        {"HH003", "SP002", "SP007"}, "fixture 'bad.math': all-in with 10 chips left"),
    ("LHE-Freeroll-MTT-201207.txt", "11932613562"): (
        {"TU001"}, "folds printed out of seat order"),
    ("NLHE-USD-STT-10-201104.new.hand.delimiter.txt", "10315745950"): (
        {"SE001"}, "a selection of hands: the button moved one seat, but hands between are "
                   "missing (Player0 4,760 -> 5,210)"),
}

# March 2014 jackpot tables: 0.25 goes to the jackpot from every raked pot, and the
# history prints neither the drop nor a rake that includes it.
_JACKPOT_DROP = ({"SP007"}, "the pot is 0.25 short of what went in: an unprinted jackpot drop")
WPN: Known = {
    **{(name, hand_id): _JACKPOT_DROP for name, hand_id in (
        ("GeneralHand.txt", "261641541"), ("BasicHand.txt", "261679750"),
        ("Post.txt", "266888759"), ("Straddle.txt", "266899075"),
        ("StrangePlayerNames.txt", "258671202"), ("Limit1.txt", "261477404"),
        ("10MultipleHands.txt", "261441841"), ("10MultipleHands.txt", "261442219"),
        ("10MultipleHands.txt", "261442490"), ("10MultipleHands.txt", "261442843"),
        ("10MultipleHands.txt", "261443389"), ("Flop.txt", "258592151"),
        ("River.txt", "258591918"), ("Table2.txt", "261454571"))},
    ("PLO8-6max-USD-40-80-201610.disconnected.allin.HH00000000 G0.txt", "741631166"): (
        {"TU004"}, "a disconnected player is put 'all-in' with no chips behind"),
}

# PokerNow: no error or warning. Its info findings are the host's stack changes (SE002,
# listed for the operator) and folds when checking was free (TU007); the dead missing
# blinds, the straddles over one's own blind, the bets capped at what the opponent can
# still call and the raise of one big blind over a straddle are judged as PokerNow plays
# them. (The HH001 of the folder are a converter's PokerStars output, pinned in
# tests/sites/pokernow.)
KNOWN = {"winamax": WINAMAX, "ipoker": IPOKER, "partypoker": PARTY, "888": {}, "wpn": WPN,
         "phh": {}, "pokernow": {}}


@pytest.mark.parametrize("site", sorted(FOLDERS))
def test_no_false_findings_on_the_sites_corpus(corpus: Path, tmp_path: Path, site: str) -> None:
    run = audit_paths([corpus / folder for folder in FOLDERS[site]], tmp_path, jobs=1)
    tables = read_report(tmp_path)
    findings = tables["findings"]
    serious = findings[findings["severity"].isin(["error", "warning"])
                       & ~findings["code"].isin(["HH001", "HH004"])]
    found: dict[tuple[str, str], set[str]] = {}
    for (source, hand_id), group in serious.groupby(["source", "hand_id"]):
        found[(Path(source).name, hand_id)] = set(group["code"])
    assert found == {key: codes for key, (codes, _why) in KNOWN[site].items()}
    assert run.summary.hands_by_status["audited"] >= 30


def test_payouts_add_up_on_every_site(corpus: Path, tmp_path: Path) -> None:
    """net = won_stated + returned - contributed, with the returns these sites leave
    inside collections counted as returns."""
    folders = [corpus / f for folders in FOLDERS.values() for f in folders]
    audit_paths(folders, tmp_path, jobs=1)
    p = read_report(tmp_path)["payouts"]
    assert (p["net"] == p["won_stated"] + p["returned"] - p["contributed"]).all()
    assert (p["returned"] > 0).sum() > 100
