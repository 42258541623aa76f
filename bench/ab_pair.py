"""Two source trees timed at the same moment: each round starts both ``auditor audit
--jobs 1`` runs together, one per core, so that a machine slowing down slows both alike
(``ab.py`` runs them one after the other: on this shared VM, its medians of identical
trees differed by up to 30 %).

    PYTHONPATH=/tmp/speed/base python bench/ab_pair.py /tmp/speed/base /tmp/speed/new \
        --sites pokerstars --rounds 6

(The inputs' signature covers the auditor's sources: run the harness itself on a fixed
tree, as above, or editing the checkout rebuilds the inputs under a running batch.)

Prints each round's two rates and the median ratio of B to A. The inputs are
``bench.py``'s. Which tree starts first alternates between rounds.
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
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--sites", default="pokerstars")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    built = bench.prepare_inputs(args.sites.split(","), args.hands, 100)
    for site, b in built.items():
        ratios = []
        rates: dict[str, list[float]] = {"a": [], "b": []}
        for r in range(args.rounds):
            order = [("a", args.a), ("b", args.b)]
            if r % 2:
                order.reverse()
            procs = {}
            starts = {}
            for name, root in order:
                starts[name] = time.perf_counter()
                procs[name] = _start(root, b.folder, bench.WORK / "out" / f"pair-{site}-{name}")
            took: dict[str, float] = {}
            while len(took) < 2:  # each run's end as it comes
                for name, proc in procs.items():
                    if name not in took and proc.poll() is not None:
                        took[name] = time.perf_counter() - starts[name]
                time.sleep(0.005)
            import pyarrow.parquet as pq

            for name in ("a", "b"):
                code = procs[name].returncode
                out = bench.WORK / "out" / f"pair-{site}-{name}" / "hands.parquet"
                if code not in (0, 1) or pq.read_metadata(out).num_rows != b.hands:
                    sys.exit(f"{name} failed ({code}) on {b.folder}")
                rates[name].append(b.hands / took[name])
            ratios.append(took["a"] / took["b"])
            print(f"{site:<11} round {r + 1}: A {rates['a'][-1]:7,.0f}  B {rates['b'][-1]:7,.0f} "
                  f"hands/s  B/A x{ratios[-1]:.3f}", flush=True)
        print(f"{site:<11} median A {statistics.median(rates['a']):7,.0f}  "
              f"B {statistics.median(rates['b']):7,.0f} hands/s; B/A median "
              f"x{statistics.median(ratios):.3f} [{min(ratios):.3f}-{max(ratios):.3f}]",
              flush=True)


if __name__ == "__main__":
    main()
