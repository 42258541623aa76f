"""Two or more source trees of the auditor timed against each other, in rounds, on the
bench inputs: the way each lever of ``LEVERS.md`` was measured.

    python bench/ab.py --variant base=/tmp/base --variant new=. --sites pokerstars
    python bench/ab.py --variant base=/tmp/base --variant new=. --startup-only

Each variant is the real command line (``python -m auditor.cli``) with its tree first on
``PYTHONPATH``; every variant runs once per round, one after the other, so that a machine
slowing down slows all alike. The first round also checks that every variant's report
tables are the same as the first variant's (a lever must change no result). Start-up is
``auditor audit ONE_HAND -q`` (default jobs, and ``--jobs 1``), best of the rounds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from levers import same_report

import bench


def _prefix(root: str) -> list[str]:
    path = str(Path(root).resolve())
    return ["env", f"PYTHONPATH={path}", sys.executable, "-P", "-m", "auditor.cli"]


def _startup(root: str, folder: Path, out: Path, jobs: list[str]) -> float:
    """Wall seconds of one ``auditor audit FOLDER -o OUT -q`` (findings exit 1)."""
    env = {**os.environ, "PYTHONPATH": str(Path(root).resolve())}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-P", "-m", "auditor.cli", "audit", str(folder), "-o", str(out),
                    "-q", *jobs], env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", action="append", required=True, metavar="NAME=ROOT")
    parser.add_argument("--sites", default="pokerstars")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--session", type=int, default=100)
    parser.add_argument("--jobs", type=int, nargs="*", default=[1])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--idle-wait", type=float, default=30.0)
    parser.add_argument("--max-others", type=float, default=0.25)
    parser.add_argument("--startup-only", action="store_true")
    parser.add_argument("--startup-rounds", type=int, default=5)
    args = parser.parse_args()
    variants = [tuple(v.split("=", 1)) for v in args.variant]
    bench.launcher()
    sites = args.sites.split(",")
    built, ones = bench.prepare(sites, [(args.hands, args.session), (1, 1)])
    one = ones.get("pokerstars") or next(iter(ones.values()))
    for _, root in variants:  # as installing them does (see bench.byte_compile)
        bench.byte_compile(Path(root) / "auditor")
    starts: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.startup_rounds):
        for name, root in variants:
            for label, jobs in (("default jobs", []), ("--jobs 1", ["--jobs", "1"])):
                if args.idle_wait:
                    bench.wait_for_idle(min(args.idle_wait, 5))
                out = bench.WORK / "out" / f"ab-start-{name}"
                starts.setdefault((name, label), []).append(_startup(root, one.folder, out, jobs))
    for (name, label), values in starts.items():
        print(f"start-up {name:<10} {label:<13} best {min(values):.3f} s median "
              f"{statistics.median(values):.3f} s", flush=True)
    if args.startup_only:
        return
    rates: dict[tuple[str, str, int], list[float]] = {}
    for r in range(args.repeat):
        for site, b in built.items():
            if not b.hands:
                continue
            for jobs in args.jobs:
                for name, root in variants:
                    out = bench.WORK / "out" / f"ab-{site}-{name}-j{jobs}"
                    run = bench.least_disturbed_run(b.folder, out, jobs, bench.machine_speed,
                                                    args.idle_wait, args.max_others,
                                                    prefix=_prefix(root))
                    rates.setdefault((site, name, jobs), []).append(run.rate)
                    first = variants[0][0]
                    same = "" if name == first or r else (
                        "; report identical" if same_report(
                            bench.WORK / "out" / f"ab-{site}-{first}-j{jobs}", out)
                        else "; REPORT DIFFERS")
                    print(f"{site:<11} j{jobs} {name:<10} {run.rate:7,.0f} hands/s "
                          f"(loop {run.loop_ns:.0f} ns, others {run.others:.2f}, "
                          f"CPU {run.cpu:.2f} s, RSS {run.largest_kib / 1024:.0f} MiB){same}",
                          flush=True)
    print()
    for (site, name, jobs), values in rates.items():
        plain = statistics.median(rates[(site, variants[0][0], jobs)])
        med = statistics.median(values)
        print(f"{site:<11} j{jobs} {name:<10} median {med:7,.0f} best {max(values):7,.0f} "
              f"hands/s  x{med / plain:.3f} of {variants[0][0]}")


if __name__ == "__main__":
    main()
