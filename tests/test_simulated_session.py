"""The simulated session (``sample_histories/pokerstars/session_6max_nl10_500_hands.txt``,
written by ``bench/simulate.py``) is a clean, realistic session: every hand is audited
with no error or warning, stacks carry over exactly from hand to hand, and the file is
exactly what the simulator writes with its default seed."""

from __future__ import annotations

import importlib.util
import re
import sys
from collections import defaultdict
from decimal import Decimal
from functools import cache
from itertools import pairwise
from pathlib import Path

from auditor.api import AuditResult, audit_text

ROOT = Path(__file__).resolve().parents[1]
SESSION = ROOT / "sample_histories" / "pokerstars" / "session_6max_nl10_500_hands.txt"
HEADER = re.compile(r"^PokerStars Hand #(\d+):", re.M)
SEAT = re.compile(r"^Seat (\d+): (.+) \(\$([\d.]+) in chips\)$", re.M)
MOVES = re.compile(r"^(.+) (joins the table at seat #\d+|leaves the table)$", re.M)


@cache
def text() -> str:
    return SESSION.read_text(encoding="utf-8")


@cache
def audit() -> AuditResult:
    return audit_text(text(), source=SESSION.name)


def hands() -> list[tuple[str, str]]:
    """(hand id, text) of every hand, in file order."""
    t = text()
    starts = [m.start() for m in HEADER.finditer(t)] + [len(t)]
    return [(t[a:b].split("#", 1)[1].split(":", 1)[0], t[a:b]) for a, b in pairwise(starts)]


def test_every_hand_is_audited_without_error_or_warning() -> None:
    result = audit()
    assert len(result.hands) == 500
    assert {h.status for h in result.hands} == {"audited"}
    bad = [
        (f.hand_id, f.line, f.code, f.message)
        for f in result.findings
        if f.severity in ("error", "warning")
    ]
    assert bad == []


def test_stacks_carry_over_exactly() -> None:
    """Each player who stays starts the next hand with his final stack of this one (start
    + net from the payouts table); players appear and disappear only with a logged join
    or leave."""
    net: dict[tuple[str, str], Decimal] = {}
    for row in audit().payouts:
        net[(row.hand_id, row.player)] = row.net
    previous: tuple[str, dict[str, tuple[int, Decimal]], set[str]] | None = None
    compared = 0
    for hand_id, body in hands():
        seats = {name: (int(seat), Decimal(stack)) for seat, name, stack in SEAT.findall(body)}
        if previous is not None:
            before_id, before, moved = previous
            for name, (seat, start) in seats.items():
                if name in moved:
                    continue
                assert name in before, f"#{hand_id}: {name} sits down without joining"
                old_seat, old_start = before[name]
                assert seat == old_seat, f"#{hand_id}: {name} changed seat"
                final = old_start + net[(before_id, name)]
                assert start == final, f"#{hand_id}: {name} starts with {start}, had {final}"
                compared += 1
            for name in before:
                assert name in seats or name in moved, f"#{hand_id}: {name} left silently"
        previous = (hand_id, seats, {m for m, _ in MOVES.findall(body)})
    assert compared > 2000


def test_the_action_mix_is_that_of_real_6max_play() -> None:
    """Most hands end preflop, a few see a showdown; some all-ins, a couple of side pots."""
    bodies = [body for _, body in hands()]
    ended = defaultdict(int)
    for body in bodies:
        if "*** SHOW DOWN ***" in body:
            ended["showdown"] += 1
        elif "*** FLOP ***" not in body:
            ended["preflop"] += 1
    assert 0.70 <= ended["preflop"] / len(bodies) <= 0.80
    assert 0.05 <= ended["showdown"] / len(bodies) <= 0.15
    assert sum("and is all-in" in body for body in bodies) >= 5
    assert sum("from side pot" in body for body in bodies) >= 2
    assert sum("joins the table" in body for body in bodies) >= 10


def test_the_file_is_what_the_simulator_writes() -> None:
    spec = importlib.util.spec_from_file_location("simulate", ROOT / "bench" / "simulate.py")
    assert spec is not None and spec.loader is not None
    simulate = importlib.util.module_from_spec(spec)
    sys.modules["simulate"] = simulate  # its dataclasses look their module up
    try:
        spec.loader.exec_module(simulate)
        generated, _ = simulate.simulate(500, simulate.DEFAULT_SEED)
    finally:
        del sys.modules["simulate"]
    assert generated == text()
