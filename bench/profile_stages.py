"""Time each stage of the audit (cut, parse, replay, settle) per hand, and profile the whole.

    python bench/profile_stages.py [FILE] [--profile]

FILE defaults to the first file of the benchmark input (run bench/bench.py once first).
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import time
from pathlib import Path

from auditor.config import Settings
from auditor.parsing.blocks import blocks_of_file
from auditor.parsing.reader import read_block
from auditor.pipeline import HandAuditor
from auditor.pipeline import replay_hand as replay
from auditor.pipeline import settle_hand as settle


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    work = Path(__file__).resolve().parent / "_work"
    path = Path(args[0]) if args else sorted(work.glob("input-*/*.txt"))[0]
    t = time.perf_counter()
    blocks = list(blocks_of_file(path, str(path)))
    cut = time.perf_counter() - t
    n = len(blocks)
    auditor = HandAuditor()

    def run() -> None:
        for b in blocks:
            auditor.audit_block(b)

    t = time.perf_counter()
    hands = [read_block(b) for b in blocks]
    parse = time.perf_counter() - t
    settings = Settings()
    t = time.perf_counter()
    replays = [replay(h, settings) for h in hands]
    rep = time.perf_counter() - t
    t = time.perf_counter()
    for h, r in zip(hands, replays, strict=True):
        settle(h, r, settings)
    sett = time.perf_counter() - t
    t = time.perf_counter()
    run()
    total = time.perf_counter() - t
    print(f"{n} hands from {path.name}")
    stages = (("cut", cut), ("parse", parse), ("replay", rep), ("settle", sett), ("audit", total))
    for name, secs in stages:
        print(f"{name:>7}: {secs / n * 1e6:7.1f} us/hand")
    print(f"  audit: {n / total:,.0f} hands/s (no report)")
    if "--profile" in sys.argv:
        cProfile.runctx("run()", globals(), {"run": run}, "/tmp/auditor.prof")
        pstats.Stats("/tmp/auditor.prof").sort_stats("tottime").print_stats(30)


if __name__ == "__main__":
    main()
