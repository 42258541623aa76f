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
    python bench/instructions.py /tmp/speed/base /tmp/speed/new --jobs 2 --small 20 --large 60

With ``--jobs N`` it counts the parent process alone (the work no added core shares),
and every process together, the workers started afresh (``spawn``: valgrind would give
a forked worker its parent's count at the fork).

Runs are deterministic enough to run side by side (``--parallel``, default 2): load
changes their duration, not their count. ``PYTHONHASHSEED`` is fixed so that the sets
and dicts of both sides iterate alike; the address space is laid out alike in every
run (``setarch -R``, where there is one), so that objects hashed by their address fall
alike too; and Arrow allocates with ``malloc``, as the audit command does (mimalloc
gives pages back on a timer), with one thread in Arrow's pool (``OMP_NUM_THREADS=1``:
how its threads take the column work, and how long they wait for it, changes from run
to run). Two runs of one tree then differ by a few instructions a hand (two builds of
the same code by up to 0.25 %: their native code lies elsewhere); 0.5–1 % with Arrow's
threads (bench/LEVERS.md §48), about 0.5 % more without the fixed layout, and with
Arrow's default pool as well one tree's counts spread over 2 % in a session (§35).
Under valgrind a run is about 50 times slower: 30 files of 100 hands take about two
minutes.
"""

from __future__ import annotations

import argparse
import os
import platform
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
jobs = int(sys.argv[4]) if len(sys.argv) > 4 else 1
files = sorted(p for p in folder.iterdir() if p.name != "manifest.json")
if jobs > 1:
    # Workers started afresh, each counted from nothing: valgrind gives a forked child
    # the count of its parent at the fork.
    import multiprocessing
    multiprocessing.set_start_method("spawn")
# With workers, findings are taken as the CLI takes them (to print with their lines).
if __name__ == "__main__":
    audit_paths(files[:count], out, jobs=jobs,
                on_chunk=(lambda done: None) if jobs > 1 else None)
"""
_REFS = re.compile(r"==(\d+)== I\s+refs:\s+([0-9,]+)")
# What keeps a run's count the same from run to run (see the module's docstring).
_STEADY = {"PYTHONHASHSEED": "0", "ARROW_DEFAULT_MEMORY_POOL": "system",
           "OMP_NUM_THREADS": "1"}
_SETARCH = shutil.which("setarch")
_FIXED_LAYOUT = [_SETARCH, platform.machine(), "-R"] if _SETARCH else []


def warm_up(side: str, folder: Path, files: int, out: Path) -> None:
    """Audit the first ``files`` session files of ``folder`` with ``side``, uncounted."""
    cmd, env = _command(side)
    subprocess.run([*cmd, "-c", _PROGRAM, str(folder), str(files), str(out)],
                   env={**env, **_STEADY}, cwd=bench.WORK, capture_output=True, check=False)
    shutil.rmtree(out, ignore_errors=True)


def count_instructions(side: str, folder: Path, files: int, out: Path, jobs: int = 1
                       ) -> tuple[int, int, int]:
    """Instructions of auditing the first ``files`` session files of ``folder`` with the
    auditor of ``side``, the hands audited, and the instructions of every process. With
    ``jobs`` > 1 the first is the parent process's alone (valgrind follows the workers,
    started afresh, and counts each apart): the part of a run no added core shares."""
    cmd, env = _command(side)
    shutil.rmtree(out, ignore_errors=True)
    done = subprocess.run(
        [*_FIXED_LAYOUT, "valgrind", "--tool=cachegrind", "--cache-sim=no",
         "--cachegrind-out-file=/dev/null",
         *(["--trace-children=yes"] if jobs > 1 else []),
         *cmd, "-c", _PROGRAM, str(folder), str(files), str(out), str(jobs)],
        env={**env, **_STEADY}, cwd=bench.WORK, capture_output=True, text=True)
    found = parent_count(done.stderr)
    every = sum(int(refs.replace(",", "")) for _, refs in _REFS.findall(done.stderr))
    if done.returncode not in (0, 1) or found is None:
        sys.exit(f"{side} failed ({done.returncode}) on {folder}:\n{done.stderr[-2000:]}")
    import pyarrow.parquet as pq

    hands = pq.read_metadata(out / "hands.parquet").num_rows
    return found, hands, every


def parent_count(stderr: str) -> int | None:
    """The instructions valgrind counted for the process it started (the first it names;
    its workers follow with counts of their own), or None."""
    counts = dict(_REFS.findall(stderr))
    first = re.search(r"==(\d+)==", stderr)
    refs = counts.get(first.group(1)) if first is not None else None
    return None if refs is None else int(refs.replace(",", ""))


def same_report(a: Path, b: Path) -> bool:
    """Whether two reports hold the same tables (rows and values)."""
    import pyarrow.parquet as pq

    return all(pq.read_table(a / name).equals(pq.read_table(b / name))
               for name in ("hands.parquet", "findings.parquet", "payouts.parquet"))


def per_hand(runs: list[tuple[int, int]], quiet: bool = False) -> tuple[float, int]:
    """Instructions a hand between a small and a large run (instructions, hands), and
    the hands between them."""
    (few, few_hands), (many, many_hands) = runs
    hands = many_hands - few_hands
    if hands <= 0:
        sys.exit("the large run holds no more hands than the small one")
    if not quiet:
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
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes (>1: count the parent process alone; give "
                             "--small and --large enough files for several pieces)")
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
                                 out / f"instr-{site}-{i}-{n}-{os.getpid()}", args.jobs)
                     for n in (args.small, args.large)]
                    for i, side in enumerate(args.sides)]  # (a side may come twice)
            first = None
            for i, pair in enumerate(runs):
                done = [r.result() for r in pair]
                count, hands = per_hand([(parent, n) for parent, n, _ in done])
                first = first or count
                # Every side's report must be A's, or the count is of another audit.
                reports = [out / f"instr-{site}-{j}-{n}-{os.getpid()}"
                           for j in (0, i) for n in (args.small, args.large)]
                same = i == 0 or (same_report(reports[0], reports[2])
                                  and same_report(reports[1], reports[3]))
                print(f"{site:<11} {chr(65 + i)} {count:12,.0f} instructions a hand "
                      f"{'' if args.jobs == 1 else f'in the parent of {args.jobs} jobs '}"
                      f"(over {hands:,} hands)  x{count / first:.4f} of A"
                      f"{'' if same else '  REPORT DIFFERS FROM A: not comparable'}",
                      flush=True)
                if args.jobs > 1:
                    every, _ = per_hand([(e, n) for _, n, e in done], quiet=True)
                    print(f"{'':<11} {chr(65 + i)} {every:12,.0f} instructions a hand in all "
                          f"processes", flush=True)
            for report in out.glob(f"instr-{site}-*-{os.getpid()}"):
                shutil.rmtree(report, ignore_errors=True)

if __name__ == "__main__":
    main()
