"""Reader speed: hands per second of one site's reader beside the PokerStars reader.

Cuts the given files into hand blocks once, then reads every block ``--repeat`` times
in-process (``read_block``, as the pipeline does), and does the same with the PokerStars
hands of ``sample_histories/pokerstars``. Only reading is timed (no replay, no rules).

    python bench/read_speed.py ../shared/corpus/ggpoker
    python bench/read_speed.py --site runitonce --repeat 50 ../shared/corpus/pokerstars

Each figure is the best of ``--rounds`` rounds in which the two take turns (shared
machines drift in speed from minute to minute), printed beside a fixed pure-Python loop.
"""

from __future__ import annotations

import argparse
import time
import timeit
from pathlib import Path

from auditor.parsing.blocks import HandBlock, blocks_of_file
from auditor.parsing.reader import read_block

ROOT = Path(__file__).resolve().parents[1]
NOT_DATA = {"LICENSE", "MANIFEST.tsv", "SOURCE.txt"}


def blocks(paths: list[Path], site: str | None) -> list[HandBlock]:
    """The hand blocks of every file under ``paths`` (of ``site`` only, if given)."""
    out: list[HandBlock] = []
    for root in paths:
        files = sorted(p for p in root.rglob("*") if p.is_file()) if root.is_dir() else [root]
        for path in files:
            if path.name in NOT_DATA or path.suffix == ".md":
                continue
            try:
                out += [b for b in blocks_of_file(path, str(path)) if site in (None, b.site)]
            except (OSError, ValueError):
                continue
    return out


def hands_per_second(sets: list[list[HandBlock]], repeat: int, rounds: int) -> list[float]:
    """For each set of blocks, the best rate over ``rounds`` of reading every block
    ``repeat`` times; the sets take turns within each round, so that a slow minute of a
    shared machine slows them alike."""
    for hands in sets:  # warm up: grammars loaded, caches filled once
        for block in hands:
            read_block(block)
    best = [float("inf")] * len(sets)
    for _ in range(rounds):
        for k, hands in enumerate(sets):
            start = time.perf_counter()
            for _ in range(repeat):
                for block in hands:
                    read_block(block)
            best[k] = min(best[k], time.perf_counter() - start)
    return [len(hands) * repeat / t for hands, t in zip(sets, best, strict=True)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--site", default="ggpoker")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    mine = blocks(args.paths, args.site)
    stars = blocks([ROOT / "sample_histories" / "pokerstars"], "pokerstars")
    loop = min(timeit.repeat("sum(range(100))", number=100_000, repeat=3)) * 10
    rates = hands_per_second([mine, stars], args.repeat, args.rounds)
    for name, hands, rate in ((args.site, mine, rates[0]), ("pokerstars", stars, rates[1])):
        lines = sum(1 for b in hands for line in b.lines if line) / max(len(hands), 1)
        print(f"{name:>12}: {len(hands):>5} hands ({lines:.1f} lines each) x {args.repeat}: "
              f"{rate:>9,.0f} hands/s")
    print(f"{args.site} / pokerstars: {rates[0] / rates[1]:.0%} "
          f"(reference loop {loop:.2f} µs)")


if __name__ == "__main__":
    main()
