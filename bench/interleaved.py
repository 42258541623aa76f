"""The pipeline of several sites in one process, the sites taking turns file by file, in
CPU time: a slow minute of this shared machine slows every site alike, so the ratios of
their figures hold even when the absolute ones drift.

    python bench/interleaved.py DIR_PS DIR_IPOKER DIR_WPN --rounds 5 --files 20

Each DIR holds one site's session files (``bench.py``'s inputs, or ``profile_stages.py``'s
in ``bench/_work/inputs``); the first is the reference. Each site runs as ``audit_paths``
does with one job: cut, ``audit_chunk``, repeats, SE001 and the Parquet writer, which is
opened and closed once per round. Rounds read disjoint files (no hand is read twice: the
readers' caches see each line as a real run does), after one file of each site to warm up.
"""

from __future__ import annotations

import argparse
import gc
import os
import shutil
import statistics
import time
from pathlib import Path
from typing import Any

from auditor.api import _with_continuity
from auditor.parsing.blocks import blocks_of_file
from auditor.pipeline import ContinuityChecker, DuplicateFilter, HandAuditor, audit_chunk
from auditor.report.writer import open_report

WORK = Path(__file__).resolve().parent / "_work"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--files", type=int, default=20, help="files of each site a round")
    args = parser.parse_args()
    files = {d.name: sorted(p for p in d.iterdir() if p.suffix in (".txt", ".xml"))
             for d in args.dirs}
    names = list(files)
    auditor = HandAuditor(None)
    clock = time.process_time
    for name in names:
        audit_chunk(auditor, list(blocks_of_file(files[name][-1], str(files[name][-1]))))
    cut = dict.fromkeys(names, 0.0)
    rest = dict.fromkeys(names, 0.0)
    hands = dict.fromkeys(names, 0)
    per_round: list[dict[str, float]] = []
    for r in range(args.rounds):
        state: dict[str, list[Any]] = {}
        for name in names:
            out = WORK / f"interleaved-{os.getpid()}" / name
            shutil.rmtree(out, ignore_errors=True)
            writer = open_report(out, "parquet")
            writer.__enter__()
            state[name] = [writer, ContinuityChecker(auditor), DuplicateFilter(auditor), 0.0, 0]
        for i in range(r * args.files, (r + 1) * args.files):
            for name in names:
                writer, check, repeats = state[name][:3]
                path = files[name][i]
                gc.disable()
                t0 = clock()
                blocks = list(blocks_of_file(path, str(path)))
                t1 = clock()
                writer.add_tables(_with_continuity(repeats(audit_chunk(auditor, blocks)), check))
                t2 = clock()
                gc.enable()
                cut[name] += t1 - t0
                rest[name] += t2 - t1
                hands[name] += len(blocks)
                state[name][3] += t2 - t0
                state[name][4] += len(blocks)
        for name in names:
            t0 = clock()
            state[name][0].__exit__(None, None, None)
            rest[name] += clock() - t0
            state[name][3] += clock() - t0
        per_round.append({name: state[name][4] / state[name][3] for name in names})
        shutil.rmtree(WORK / f"interleaved-{os.getpid()}", ignore_errors=True)
    first = names[0]
    for name in names:
        n = hands[name]
        total = cut[name] + rest[name]
        line = (f"{name:<40} cut {cut[name] / n * 1e6:6.1f}  audit + write "
                f"{rest[name] / n * 1e6:6.1f}  total {total / n * 1e6:6.1f} µs/hand = "
                f"{n / total:6,.0f} hands/s")
        if name != first:
            ratios = sorted(pr[name] / pr[first] for pr in per_round)
            line += (f"; ×{statistics.median(ratios):.3f} the first's "
                     f"[{ratios[0]:.3f}-{ratios[-1]:.3f}]")
        print(line)


if __name__ == "__main__":
    main()
