"""Reading speed of a site's reader beside the PokerStars reader: every hand of the files
under PATH (cut from its file and read by ``read_block``) N times in-process, then the
PokerStars samples the same way, in alternating rounds; CPU time, best round of each.

    python bench/readers.py ../shared/corpus/pokernow            # 20 readings, 5 rounds
    python bench/readers.py ../shared/corpus/pokernow --rounds 10

The machines this runs on are shared: each round prints the time of a fixed loop
(``sum(range(100))``) beside it, and the best rounds are compared.
"""

from __future__ import annotations

import argparse
import time
import timeit
from collections import Counter
from pathlib import Path

from auditor.api import NOT_HAND_HISTORIES, discover
from auditor.parsing.blocks import blocks_of_file
from auditor.parsing.decode import NotText
from auditor.parsing.errors import Unreadable
from auditor.parsing.reader import read_block

ROOT = Path(__file__).resolve().parents[1]
STARS = ROOT / "sample_histories" / "pokerstars"


def files_of(paths: list[Path]) -> list[Path]:
    """The files ``auditor audit`` would read under ``paths`` that hold hands."""
    out = []
    for path, _ in discover(paths):
        if path.suffix.lower() in NOT_HAND_HISTORIES:
            continue
        try:
            if next(iter(blocks_of_file(path, str(path))), None) is not None:
                out.append(path)
        except (OSError, NotText):
            continue
    return out


def read_all(files: list[Path], times: int) -> tuple[int, float, Counter[str]]:
    """Hands read, CPU seconds, and hands by site and status."""
    n = 0
    sites: Counter[str] = Counter()
    start = time.process_time()
    for _ in range(times):
        for path in files:
            for block in blocks_of_file(path, str(path)):
                parsed = read_block(block)
                n += 1
                if times == 1:
                    status = parsed.code if isinstance(parsed, Unreadable) else "read"
                    sites[f"{block.site} {status}"] += 1
    return n, time.process_time() - start, sites


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--times", type=int, default=20, help="readings of every hand a round")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    site_files = files_of(args.paths)
    stars_files = files_of([STARS])
    for label, files in (("site", site_files), ("pokerstars", stars_files)):
        n, _, sites = read_all(files, 1)  # warms the caches, as a long run does
        print(f"{label}: {len(files)} files, {n:,} hands: {dict(sites)}")
    best_site = best_stars = 0.0
    for r in range(args.rounds):
        loop = min(timeit.repeat("sum(range(100))", number=200_000, repeat=5,
                                 timer=time.process_time)) / 200_000 * 1e9
        n, seconds, _ = read_all(site_files, args.times)
        site = n / seconds
        n, seconds, _ = read_all(stars_files, args.times)
        stars = n / seconds
        best_site, best_stars = max(best_site, site), max(best_stars, stars)
        print(f"round {r}: reference loop {loop:.0f} ns; site {site:,.0f} hands/s, "
              f"pokerstars {stars:,.0f} hands/s ({site / stars:.2f})", flush=True)
    print(f"best: site {best_site:,.0f} hands/s, pokerstars {best_stars:,.0f} hands/s "
          f"({best_site / best_stars:.2f})")


if __name__ == "__main__":
    main()
