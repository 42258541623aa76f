"""A site's speed as a ratio to PokerStars's, both timed at the same moment: each round
starts ``auditor audit --jobs 1`` on PokerStars's bench input and on the site's together,
one per core, and takes each run's CPU time (user + system, from ``os.wait4``), so that a
slow minute of this shared machine slows both, and the run that ends first does not make
the other look faster (as wall time would: it then has a core to itself).

    PYTHONPATH=/tmp/rd/base python bench/site_pair.py /tmp/rd/new ipoker --rounds 4

(Run the harness on a fixed tree, as ``ab_pair.py`` says: the inputs' signature covers
the auditor's sources.) Prints each round's hands per CPU second and their ratio, then
the medians. The inputs are ``bench.py``'s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import bench


def _start(root: str, folder: Path, out: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(Path(root).resolve())}
    return subprocess.Popen([sys.executable, "-P", "-m", "auditor.cli", "audit", str(folder),
                             "-o", str(out), "--jobs", "1", "--quiet"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", help="the source tree to time (put first on PYTHONPATH)")
    parser.add_argument("site")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    sites = ["pokerstars", args.site]
    built = bench.prepare_inputs(sites, args.hands, 100)
    rates: dict[str, list[float]] = {s: [] for s in sites}
    ratios: list[float] = []
    name = Path(args.tree).name
    for r in range(args.rounds):
        order = sites if r % 2 == 0 else sites[::-1]
        procs = {s: _start(args.tree, built[s].folder, bench.WORK / "out" / f"site-{name}-{s}")
                 for s in order}
        by_pid = {p.pid: s for s, p in procs.items()}
        wall = time.perf_counter()
        cpu: dict[str, float] = {}
        took: dict[str, float] = {}
        while len(cpu) < len(procs):
            pid, status, usage = os.wait4(-1, 0)
            site = by_pid[pid]
            if os.waitstatus_to_exitcode(status) not in (0, 1):
                sys.exit(f"{site} failed on {built[site].folder}")
            procs[site].returncode = os.waitstatus_to_exitcode(status)
            cpu[site] = usage.ru_utime + usage.ru_stime
            took[site] = time.perf_counter() - wall
        for s in sites:
            rates[s].append(built[s].hands / cpu[s])
        ratios.append(rates[args.site][-1] / rates["pokerstars"][-1])
        print(f"{name} {args.site:<10} round {r + 1}: PokerStars {rates['pokerstars'][-1]:6,.0f}"
              f"  {args.site} {rates[args.site][-1]:6,.0f} hands per CPU second, ratio "
              f"{ratios[-1]:.3f} (wall {took['pokerstars']:.1f} / {took[args.site]:.1f} s)",
              flush=True)
    print(f"{name} {args.site:<10} median PokerStars {statistics.median(rates['pokerstars']):6,.0f}"
          f"  {args.site} {statistics.median(rates[args.site]):6,.0f}; ratio median "
          f"{statistics.median(ratios):.3f} [{min(ratios):.3f}-{max(ratios):.3f}]", flush=True)


if __name__ == "__main__":
    main()
