"""The PHH corpus (HandHQ excerpts, 41 hands): every table read, and a differential test
against PokerKit, which replays the same tables: what each player ends with agrees with the
auditor's replay wherever the replay can tell it."""

from __future__ import annotations

import warnings
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest

from auditor.api import audit_text
from auditor.model import events as ev
from auditor.model.hand import Hand
from auditor.parsing import Unreadable
from auditor.parsing.blocks import blocks_of_file
from auditor.parsing.reader import read_block
from auditor.pipeline import HandAuditor
from auditor.sites.phh import DIALECT, NO_PAYOUTS_DIALECT
from auditor.sites.phh.reader import PhhReader

pokerkit = pytest.importorskip("pokerkit")


def _corpus() -> Path | None:
    for parent in Path(__file__).resolve().parents:
        if (parent / "shared" / "corpus").is_dir():
            return parent / "shared" / "corpus"
    return None


CORPUS = _corpus()
SAMPLES = Path(__file__).resolve().parents[3] / "sample_histories" / "phh"


def corpus_files() -> list[Path]:
    return sorted((CORPUS / "phh").rglob("*.phhs")) if CORPUS is not None else []


@cache
def hands_of(path: Path) -> list[Hand | Unreadable]:
    return [read_block(b) for b in blocks_of_file(path, str(path))]


@pytest.fixture
def corpus() -> Path:
    if CORPUS is None:
        pytest.skip("the shared corpus (../shared/corpus) is not here")
    return CORPUS


def test_every_table_is_a_replayed_hand(corpus: Path) -> None:
    hands = [h for p in corpus_files() for h in hands_of(p)]
    assert len(hands) == 41
    assert all(isinstance(h, Hand) for h in hands)
    assert {h.info.variant for h in hands} == {"No-limit Texas hold'em"}  # type: ignore[union-attr]


def test_winnings_zero_or_missing_mean_payouts_absent(corpus: Path) -> None:
    """SITES.md §2.7: winnings are all zero in 28 hands and missing in 4."""
    hands = [h for p in corpus_files() for h in hands_of(p) if isinstance(h, Hand)]
    absent = [h for h in hands if h.dialect is NO_PAYOUTS_DIALECT]
    stated = [h for h in hands if h.dialect is DIALECT]
    assert (len(absent), len(stated)) == (32, 9)
    assert not any(isinstance(e, ev.Collected) for h in absent for e in h.events)
    assert all(any(isinstance(e, ev.Collected) for e in h.events) for h in stated)


def test_no_betting_finding_in_the_corpus(corpus: Path) -> None:
    for path in corpus_files():
        found = audit_text(path.read_text(encoding="utf-8"), path.name).findings
        assert [f for f in found if f.code[:2] in ("TU", "RA", "RO", "HH")] == []


def test_the_reference_reader_agrees(corpus: Path) -> None:
    for path in corpus_files():
        for block in blocks_of_file(path, str(path)):
            assert PhhReader().read(block) == PhhReader(fast=False).read(block)


# --- PokerKit ---------------------------------------------------------------------------


def pokerkit_payoffs(path: Path) -> list[list[Decimal]]:
    """Each hand's chip change per player, as PokerKit replays the file."""
    out = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # HandHQ's extra fields
        with path.open("rb") as f:
            if path.suffix == ".phh":
                histories = [pokerkit.HandHistory.load(f)]
            else:
                histories = list(pokerkit.HandHistory.load_all(f))
        for hh in histories:
            state = None
            for state, _ in hh.state_actions:  # noqa: B007 (the last state is the one)
                pass
            assert state is not None and not state.status
            out.append([Decimal(x) for x in state.payoffs])
    return out


def auditor_nets(hand: Hand) -> dict[str, int | None]:
    """Each player's chip change as the auditor's replay makes it: what he put in less
    what came back uncalled, and what the replayed pots award him (no rake: PokerKit
    takes none). None where the replay cannot tell (unknown cards at a showdown)."""
    _, settlement = HandAuditor().audit_hand(hand)
    rows = settlement.payouts
    folded = {e.player for e in hand.events if isinstance(e, ev.Fold)}
    live = [r for r in rows if r.player not in folded]
    pot = sum(r.contributed - r.returned for r in rows)
    nets: dict[str, int | None] = {}
    for r in rows:
        put_in = r.contributed - r.returned
        if r.player in folded:
            nets[r.player] = -put_in
        elif len(live) == 1:
            nets[r.player] = pot - put_in
        else:
            shown = any(isinstance(e, ev.Shows) and e.player == r.player and e.cards
                        for e in hand.events)
            paid = sum(e.amount for e in hand.events if isinstance(e, ev.Collected))
            # At a showdown the replay awards only shown hands, and only a hand paid in
            # full (no rake taken from it) can be set beside PokerKit.
            nets[r.player] = (r.won_replayed - put_in if shown and paid == pot
                              and r.won_replayed is not None else None)
    return nets


def _compare(path: Path) -> int:
    compared = 0
    for hand, payoffs in zip(hands_of(path), pokerkit_payoffs(path), strict=True):
        assert isinstance(hand, Hand)
        nets = auditor_nets(hand)
        names = [s.player for s in sorted(hand.seats, key=lambda s: s.seat)]
        order = _phh_order(hand)
        for name, payoff in zip(order, payoffs, strict=True):
            net = nets.get(name)
            if net is None or not payoff.is_finite():
                continue
            assert Decimal(net).scaleb(-hand.info.decimals) == payoff, (hand.info.hand_id,
                                                                         name, names)
            compared += 1
    return compared


def _phh_order(hand: Hand) -> list[str]:
    """The players in the file's own order (p1, p2, …): clockwise from the seat after the
    button, the button last."""
    seats = sorted(hand.seats, key=lambda s: s.seat)
    button = hand.info.button_seat
    after = [s for s in seats if button is not None and s.seat > button]
    return [s.player for s in after + [s for s in seats if s not in after]]


def test_pokerkit_agrees_on_the_corpus(corpus: Path) -> None:
    assert sum(_compare(path) for path in corpus_files()) >= 150


def test_pokerkit_agrees_on_the_samples() -> None:
    compared = sum(_compare(path) for path in sorted(SAMPLES.glob("*.phh*")))
    assert compared == 2 + 6 + 4 + 3
