"""Timing checks of hostile input (issue 9): linear time on pathological lines and on
hands of many seats, as ratios against ordinary input of the same size.

    python bench/hostile.py              # lines of 256 KiB and 1 MB, 10,000 and 40,000 seats
    python bench/hostile.py --strict     # exit 1 if a ratio is beyond --limit

Each pathological line (``[`` × N, ``said, "x`` repeated, …) is put in a real hand and the
hand audited; its time is divided by the time of the same hand with an ordinary line of
the same length. A line of many fields costs more than plain text, but in linear code the
ratio stays the same at any length: the check is how the ratio grows from the shortest
length to the longest (about 1 when linear, about the length ratio, 4, when every place
rescans the rest of the line, as the lines that took 30–40 s at 256 KiB did). Seats: the
time of a hand of 40,000 seats divided by 4 × the time of one of 10,000 (about 1 when
linear; it was 14).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from auditor.api import audit_text  # noqa: E402

HAND = (ROOT / "sample_histories" / "pokerstars" / "session_three_hands.txt").read_text(
    encoding="utf-8").split("\n\n\n")[0]
LINES = HAND.split("\n")

# name -> the pathological line for a length n (what each one used to make rescan).
PATHOLOGICAL: dict[str, Callable[[int], str]] = {
    "[ x n": lambda n: "Hero: " + "[" * n,
    '{ x n': lambda n: "Hero: " + "{" * n,
    'said, "x': lambda n: "Hero " + 'said, "x' * (n // 8),
    "] (": lambda n: "Hero: shows [Ah] " + "] (" * (n // 3),
    " with ": lambda n: "Seat 1: Hero " + " with x, and won " * (n // 17),
    " collected ": lambda n: "Bob" + " collected " * (n // 11),
    "digits 1,": lambda n: "Hero: bets " + "1," * (n // 2),
    "Seat (1": lambda n: "Seat 1: x " + " (1" * (n // 3),
    "Uncalled (": lambda n: "Uncalled bet (" + "(" * n,
    "Table '": lambda n: "Table '" + "' " * (n // 2),
}


def hand_with(line: str) -> str:
    if line.startswith("Table '"):
        return "\n".join([LINES[0], line, *LINES[2:]])
    return "\n".join([*LINES[:12], line, *LINES[12:]])


def seconds(text: str, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        audit_text(text)
        best = min(best, time.perf_counter() - start)
    return best


def many_seats(n: int) -> str:
    return "\n".join([
        "PokerStars Hand #1: Hold'em No Limit ($0.05/$0.10 USD) - 2025/01/01 10:00:00 ET",
        "Table 'T' 9-max Seat #1 is the button",
        *(f"Seat {i}: player {i} ($10 in chips)" for i in range(1, n + 1)),
        "player 1: posts small blind $0.05", "player 2: posts big blind $0.10",
        "*** HOLE CARDS ***", *(f"player {i}: folds" for i in range(3, n + 1)),
        "player 1: folds", "Uncalled bet ($0.05) returned to player 2",
        "player 2 collected $0.10 from pot", "*** SUMMARY ***", "Total pot $0.10 | Rake $0",
        "Seat 1: player 1 (small blind) folded before Flop",
        "Seat 2: player 2 (big blind) collected ($0.10)",
        *(f"Seat {i}: player {i} folded before Flop (didn't bet)" for i in range(3, n + 1)),
    ]) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=int, nargs="*", default=[1 << 18, 1_000_000])
    parser.add_argument("--limit", type=float, default=2.5,
                        help="the largest growth taken as linear (quadratic: 3.8)")
    parser.add_argument("--strict", action="store_true", help="exit 1 beyond --limit")
    args = parser.parse_args()
    ratios: dict[str, list[float]] = {name: [] for name in PATHOLOGICAL}
    for n in args.lengths:
        ordinary = seconds(hand_with("Hero: " + "x" * n))
        print(f"line of {n:,} characters: ordinary {ordinary * 1e3:.0f} ms")
        for name, make in PATHOLOGICAL.items():
            took = seconds(hand_with(make(n)))
            ratios[name].append(took / ordinary)
            print(f"  {name:<12} {took * 1e3:8.0f} ms  ratio {took / ordinary:5.2f}")
    worst = 0.0
    if len(args.lengths) > 1:
        print(f"growth of the ratio from {args.lengths[0]:,} to {args.lengths[-1]:,} "
              "characters (1 when linear):")
        for name, found in ratios.items():
            growth = found[-1] / found[0]
            worst = max(worst, growth)
            print(f"  {name:<12} {growth:5.2f}")
    small, large = seconds(many_seats(10_000), 1), seconds(many_seats(40_000), 1)
    growth = large / (4 * small)
    worst = max(worst, growth)
    print(f"seats: 10,000 in {small:.2f} s, 40,000 in {large:.2f} s: "
          f"growth {growth:.2f} (1 when linear)")
    print(f"worst growth {worst:.2f} (limit {args.limit})")
    if args.strict and worst > args.limit:
        sys.exit(1)


if __name__ == "__main__":
    main()
