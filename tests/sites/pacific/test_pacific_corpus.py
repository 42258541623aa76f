"""Every 888poker hand of the corpus: read, or reported for its pinned reason; read alike
with and without the reader's caches; and how 888 pays an uncalled excess.

Corpus (``../shared/corpus``): HHSmithy ``Pacific/`` (36 888 hands: 888poker, Cassava,
LuckyAcePoker.com skins) and the Cassava hand filed under ``MicroGaming/``.

888 prints no uncalled-bet line, and its ``collected`` is the pot after rake *without*
the excess, which goes back silently (``Dialect.uncalled == "silent"``): in every hand
with an excess, what was collected is no more than what went in less the excess, and in
some the excess alone is more than its owner collected (so it cannot be inside). The one
exception is a walk (blinds only, nobody acts): there the whole pot is collected, the big
blind's unmatched part included, and no rake is taken.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from auditor.model import events as ev
from auditor.model.hand import Hand
from auditor.parsing.blocks import HandBlock, blocks_of_file
from auditor.parsing.errors import Unreadable
from auditor.sites.pacific.reader import PacificReader

CORPUS = Path(__file__).resolve().parents[4] / "shared" / "corpus"
SMITHY = "hhsmithy/HandHistories.Parser.UnitTests/SampleHandHistories"
ROOTS = (f"{SMITHY}/Pacific", f"{SMITHY}/MicroGaming/CashGame/Seats/HeadsUp.txt")
PINNED = {
    # HHSmithy's invalid fixture: a two-card flop, and no summary.
    ("InValidHand.txt", "539304607"): ("HH001", "the hand ends before its ** Summary **"),
}
WALKS = {"409714750", "539304533", "349568100"}  # Limit5, NoHoleCards, Table1


def pacific_blocks() -> list[HandBlock]:
    out: list[HandBlock] = []
    for root in ROOTS:
        path = CORPUS / root
        files = [path] if path.is_file() else sorted(path.rglob("*")) if path.is_dir() else []
        for f in files:
            if f.is_file():
                out += [b for b in blocks_of_file(f, str(f)) if b.site == "888"]
    return out


@pytest.fixture(scope="module")
def read() -> list[tuple[HandBlock, Hand | Unreadable]]:
    if not CORPUS.is_dir():
        pytest.skip("the shared corpus (../shared/corpus) is not here")
    reader = PacificReader()
    return [(b, reader.read(b)) for b in pacific_blocks()]


def test_every_hand_is_read_or_pinned(read) -> None:
    assert len(read) == 37
    unread = {(Path(b.source).name, h.hand_id): h for b, h in read if isinstance(h, Unreadable)}
    assert set(unread) == set(PINNED)
    for key, (code, why) in PINNED.items():
        assert unread[key].code == code and unread[key].message.startswith(why)
    skins = Counter(b.lines[0].split()[1] for b, _ in read)
    assert skins == {"888poker": 34, "Cassava": 2, "LuckyAcePoker.com": 1}


def test_caches_change_nothing(read) -> None:
    fast, reference = PacificReader(), PacificReader(caching=False)
    for block, _ in read:
        first, again = fast.read(block), fast.read(block)
        assert first == reference.read(block), (block.source, block.first_line)
        assert again == first


def _money(hand: Hand) -> tuple[int, str, int, int, bool]:
    """(put in, excess owner, excess, collected, anyone acted voluntarily)."""
    put = 0
    street: dict[str, int] = {}
    last: dict[str, int] = {}
    voluntary = False
    for e in hand.events:
        if isinstance(e, ev.StreetStart) and e.street != "preflop":
            last, street = (street if any(street.values()) else last), {}
        elif isinstance(e, ev.PostBlind):
            put += e.amount
            street[e.player] = street.get(e.player, 0) + e.amount - e.dead
        elif isinstance(e, ev.Call | ev.Bet):
            voluntary = True
            put += e.amount
            street[e.player] = street.get(e.player, 0) + e.amount
        elif isinstance(e, ev.Raise):
            voluntary = True
            put += e.to - street.get(e.player, 0)
            street[e.player] = e.to
    ranked = sorted((street if any(street.values()) else last).items(),
                     key=lambda kv: -kv[1])
    commits = [*ranked, ("", 0), ("", 0)]
    collected = sum(e.amount for e in hand.events if isinstance(e, ev.Collected))
    return put, commits[0][0], commits[0][1] - commits[1][1], collected, voluntary


def test_the_excess_goes_back_outside_the_collections(read) -> None:
    hands = [h for _, h in read if isinstance(h, Hand)]
    with_excess = inside_owner_short = 0
    walks = set()
    for hand in hands:
        put, owner, excess, collected, voluntary = _money(hand)
        assert collected <= put
        if not excess:
            continue
        with_excess += 1
        if not voluntary:
            walks.add(hand.info.hand_id)
            assert collected == put  # the walk's whole pot, excess included, no rake
            continue
        assert collected <= put - excess, hand.info.hand_id
        mine = sum(e.amount for e in hand.events
                   if isinstance(e, ev.Collected) and e.player == owner)
        inside_owner_short += mine < excess
    assert walks == WALKS
    assert with_excess == 25
    assert inside_owner_short >= 5  # e.g. Cassava NoLimitOmaha: $200 collected, $2,041 back


def test_damaged_hands_never_raise(read) -> None:
    """Every hand cut short at every line, or with a line garbled: a hand or a reason,
    never an exception."""
    reader = PacificReader()
    for block, _ in read:
        lines = block.lines
        variants = [lines[:cut] for cut in range(1, len(lines))]
        variants += [[*lines[:i], lines[i][: len(lines[i]) // 2], *lines[i + 1 :]]
                     for i in range(1, len(lines))]
        for v in variants:
            bad = HandBlock(block.source, block.site, block.first_line, v)
            assert isinstance(reader.read(bad), Hand | Unreadable)
