"""Instructions per hand, counted by valgrind: a measure this VM's drift does not move.

On this shared 2-vCPU machine, timings of the same build swing by ±20 % from one minute
to the next, so a lever worth 1–5 % cannot be seen in seconds (LEVERS.md §14). The
instructions a run executes hardly change between runs (about 0.1 %). This harness runs
the in-process audit (``audit_paths``, one job: cut, read, replay, settle, rows, write)
under ``valgrind --tool=cachegrind --cache-sim=no`` on the first ``--small`` and the
first ``--large`` session files of ``bench.py``'s input of each site, and prints

    (instructions of the large run - instructions of the small run) / (hands between)

so that start-up, imports and the first parses of each shape cancel out and what is left
is the steady cost of a hand. Instructions are not time: they leave out cache misses and
mispredicted branches, which this measure cannot see, so a lever should still be checked
in seconds (``ab_pair.py``, ``interleaved.py``) when it is large enough to be seen there.

Each side is a source tree (a folder, put first on ``PYTHONPATH``) or an interpreter (a
venv's ``python``), as in ``ab_pair.py``:

    python bench/instructions.py .venv/bin/python .venv-c/bin/python --sites pokerstars
    python bench/instructions.py /tmp/speed/base /tmp/speed/new --sites pokerstars,ipoker

Runs are deterministic enough to run side by side (``--parallel``, default 2): load
changes their duration, not their count. ``PYTHONHASHSEED`` is fixed so that the sets
and dicts of both sides iterate alike. Under valgrind a run is about 50 times slower:
30 files of 100 hands take about two minutes.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ab_pair import _build, _command

import bench

# The audit each run does: the first N session files of a built input (as
# ``inputs.Built.files`` lists them), in-process.
_PROGRAM = """
import sys
from pathlib import Path
from auditor.api import audit_paths
folder, count, out = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
files = sorted(p for p in folder.iterdir() if p.name != "manifest.json")
audit_paths(files[:count], out, jobs=1)
"""
_REFS = re.compile(r"I\s+refs:\s+([0-9,]+)")


def warm_up(side: str, folder: Path, files: int, out: Path) -> None:
    """Audit the first ``files`` session files of ``folder`` with ``side``, uncounted."""
    cmd, env = _command(side)
    subprocess.run([*cmd, "-c", _PROGRAM, str(folder), str(files), str(out)],
                   env={**env, "PYTHONHASHSEED": "0"}, cwd=bench.WORK, capture_output=True,
                   check=False)
    shutil.rmtree(out, ignore_errors=True)


def count_instructions(side: str, folder: Path, files: int, out: Path) -> tuple[int, int]:
    """Instructions of auditing the first ``files`` session files of ``folder`` with the
    auditor of ``side``, and the hands audited."""
    cmd, env = _command(side)
    shutil.rmtree(out, ignore_errors=True)
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         *cmd, "-c", _PROGRAM, str(folder), str(files), str(out)],
        env={**env, "PYTHONHASHSEED": "0"}, cwd=bench.WORK, capture_output=True, text=True)
    found = _REFS.search(done.stderr)
    if done.returncode not in (0, 1) or found is None:
        sys.exit(f"{side} failed ({done.returncode}) on {folder}:\n{done.stderr[-2000:]}")
    import pyarrow.parquet as pq

    hands = pq.read_metadata(out / "hands.parquet").num_rows
    return int(found.group(1).replace(",", "")), hands


def same_report(a: Path, b: Path) -> bool:
    """Whether two reports hold the same tables (rows and values)."""
    import pyarrow.parquet as pq

    return all(pq.read_table(a / name).equals(pq.read_table(b / name))
               for name in ("hands.parquet", "findings.parquet", "payouts.parquet"))


def per_hand(runs: list[tuple[int, int]]) -> tuple[float, int]:
    """Instructions a hand between a small and a large run (instructions, hands), and
    the hands between them."""
    (few, few_hands), (many, many_hands) = runs
    hands = many_hands - few_hands
    if hands <= 0:
        sys.exit("the large run holds no more hands than the small one")
    print(f"  runs: {few:,} instructions for {few_hands:,} hands, {many:,} for "
          f"{many_hands:,}", flush=True)
    return (many - few) / hands, hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sides", nargs="+", help="source trees or interpreters")
    parser.add_argument("--sites", default="pokerstars")
    parser.add_argument("--small", type=int, default=10, help="session files of the small run")
    parser.add_argument("--large", type=int, default=30, help="session files of the large run")
    parser.add_argument("--parallel", type=int, default=2, help="valgrind runs at once")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    bench.WORK.mkdir(parents=True, exist_ok=True)
    for i, side in enumerate(args.sides):
        print(f"{chr(65 + i)}: {side}: {_build(side)}", flush=True)
    print(f"{time.strftime('%H:%M UTC', time.gmtime())}; files {args.small} and {args.large}",
          flush=True)
    built = bench.prepare_inputs(args.sites.split(","), 20_000, 100)
    out = bench.WORK / "out"
    # One audit of each side first, not counted: a tree's first run builds what later
    # runs load from disk (Lark's parser tables), which two counted runs side by side
    # would pay unequally.
    for i, side in enumerate(args.sides):
        for b in built.values():
            warm_up(side, b.folder, 1, out / f"instr-warm-{i}-{os.getpid()}")
    with ThreadPoolExecutor(max(1, args.parallel)) as pool:
        for site, b in built.items():
            runs = [[pool.submit(count_instructions, side, b.folder, n,
                                 out / f"instr-{site}-{i}-{n}-{os.getpid()}")
                     for n in (args.small, args.large)]
                    for i, side in enumerate(args.sides)]  # (a side may come twice)
            first = None
            for i, pair in enumerate(runs):
                count, hands = per_hand([r.result() for r in pair])
                first = first or count
                # Every side's report must be A's, or the count is of another audit.
                reports = [out / f"instr-{site}-{j}-{n}-{os.getpid()}"
                           for j in (0, i) for n in (args.small, args.large)]
                same = i == 0 or (same_report(reports[0], reports[2])
                                  and same_report(reports[1], reports[3]))
                print(f"{site:<11} {chr(65 + i)} {count:12,.0f} instructions a hand "
                      f"(over {hands:,} hands)  x{count / first:.4f} of A"
                      f"{'' if same else '  REPORT DIFFERS FROM A: not comparable'}",
                      flush=True)
            for report in out.glob(f"instr-{site}-*-{os.getpid()}"):
                shutil.rmtree(report, ignore_errors=True)

if __name__ == "__main__":
    main()
