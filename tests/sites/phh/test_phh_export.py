"""``auditor export-phh``: a hand read from any site, written as PHH, replays in PokerKit
action for action, and PokerKit's result agrees with the auditor's."""

from __future__ import annotations

import io
import tomllib
import warnings
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from auditor.cli import main
from auditor.export_phh import ExportError, hand_to_phh
from auditor.model import events as ev
from auditor.model.hand import Hand
from auditor.parsing import read_path, read_text
from auditor.pipeline import HandAuditor

pokerkit = pytest.importorskip("pokerkit")

SAMPLES = Path(__file__).resolve().parents[3] / "sample_histories"
EXPORTABLE = [
    ("pokerstars", "nl_holdem_6max_showdown_rake.txt"),
    ("pokerstars", "tournament_antes_3way_allin_side_pot.txt"),
    ("pokerstars", "two_side_pots.txt"),
    ("pokerstars", "plo_pot_size_raises.txt"),
    # Not fixed_limit_holdem_capped_flop.txt: PokerStars allows a bet and four raises a
    # street, PokerKit's fixed-limit games three, and PHH cannot say otherwise.
    ("pokerstars", "nl_holdem_walk.txt"),
    ("pokerstars", "session_three_hands.txt"),
    ("wpn", "acr_cash_raise_adds_chips.txt"),
    ("wpn", "acr_tournament_antes_all_in.txt"),
    ("wpn", "wpn_2016_cash_showdown.txt"),
    ("phh", "heads_up_nl_holdem.phh"),
    ("phh", "three_hands_side_pot.phhs"),
]


def _replayed(text: str) -> tuple[list[Decimal], int]:
    """PokerKit's chip change per player, and how many of the actions it applied as
    written (it replaces an action it cannot apply by one of its own)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hh = pokerkit.HandHistory.load(io.BytesIO(text.encode()))
        applied = 0
        state = None
        for state, action in hh.state_actions:  # noqa: B007 (the last state is the one)
            applied += action is not None
    assert state is not None and not state.status
    return [Decimal(x) for x in state.payoffs], applied


def _nets(hand: Hand) -> dict[str, int]:
    """What each player's chips change by in the auditor's replay, where it can tell."""
    _, settlement = HandAuditor().audit_hand(hand)
    rows = settlement.payouts
    folded = {e.player for e in hand.events if isinstance(e, ev.Fold)}
    live = [r for r in rows if r.player not in folded and r.contributed]
    pot = sum(r.contributed - r.returned for r in rows)
    nets = {}
    for r in rows:
        if r.player in folded or not r.contributed:
            nets[r.player] = r.returned - r.contributed
        elif len(live) == 1:
            nets[r.player] = pot - r.contributed + r.returned
    return nets


@pytest.mark.parametrize(("site", "name"), EXPORTABLE, ids=lambda x: x)
def test_an_exported_hand_replays_in_pokerkit(site: str, name: str) -> None:
    checked = 0
    for hand in read_path(SAMPLES / site / name):
        assert isinstance(hand, Hand)
        text = hand_to_phh(hand)
        payoffs, applied = _replayed(text)
        table = tomllib.loads(text)
        assert applied == len(table["actions"])  # every action applied as written
        (again,) = read_text(text, "again.phh")
        assert isinstance(again, Hand)
        order = list(table["players"])
        nets = _nets(hand)
        for player, payoff in zip(order, payoffs, strict=True):
            if player in nets:
                assert Decimal(nets[player]).scaleb(-hand.info.decimals) == payoff, player
                checked += 1
    assert checked


@pytest.mark.parametrize(("site", "name", "why"), [
    ("wpn", "acr_run_it_twice.txt", "more than once"),
    ("wpn", "acr_posts_dead.txt", "dead"),
    ("pokerstars", "capped_nl_holdem.txt", "variant"),
    ("pokerstars", "small_and_big_blinds_post.txt", "dead"),
])
def test_what_phh_cannot_state_is_refused(site: str, name: str, why: str) -> None:
    (hand, *_) = read_path(SAMPLES / site / name)
    assert isinstance(hand, Hand)
    with pytest.raises(ExportError, match=why):
        hand_to_phh(hand)


def test_the_command(tmp_path: Path) -> None:
    runner = CliRunner()
    source = SAMPLES / "wpn" / "acr_tournament_antes_all_in.txt"
    done = runner.invoke(main, ["export-phh", str(source), "--hand", "900000104"])
    assert done.exit_code == 0, done.output
    assert "variant = \"NT\"" in done.output and "p1 cbr 1850" in done.output
    out = tmp_path / "hand.phh"
    done = runner.invoke(main, ["export-phh", str(source), "--hand", "#900000104", "-o",
                                str(out)])
    assert done.exit_code == 0 and out.read_text(encoding="utf-8").startswith("variant")
    missing = runner.invoke(main, ["export-phh", str(source), "--hand", "1"])
    assert missing.exit_code == 2 and "no hand #1" in missing.output
    refused = runner.invoke(main, ["export-phh", str(SAMPLES / "wpn" / "acr_run_it_twice.txt"),
                                   "--hand", "900000103"])
    assert refused.exit_code == 2 and "cannot be written as PHH" in refused.output
