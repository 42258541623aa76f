"""End-to-end benchmark: hands per second of ``auditor audit``, 1 job and all cores.

Builds a large input from the hands in ``sample_histories/`` (every copy gets its own
hand number, table and player names, so nothing is audited twice alike), then runs the
real command line on it and reports wall time, hands/s and peak resident memory.

    python bench/bench.py                  # 50,000 hands
    python bench/bench.py --hands 1000000  # the flat-memory check
    python bench/bench.py --repeat 5       # best and median of 5 runs per job count
    python bench/bench.py --scheduler local  # the same on a Dask LocalCluster of --jobs workers

Shared virtual machines drift in speed from minute to minute, so each run is printed with
the time of a fixed pure-Python loop (``sum(range(100))``) measured just before it: figures
taken on a slow minute show a slow loop too.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
import timeit
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_histories"
WORK = ROOT / "bench" / "_work"
HEADER = re.compile(r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #(\d+)", re.M)
SEAT = re.compile(r"^Seat \d+: (.+?) \([^()]*in chips", re.M)


def sample_hands() -> list[str]:
    """Every PokerStars hand of the samples that the auditor replays (damaged and
    unsupported ones are left out: they would not measure the replay)."""
    from auditor.api import audit_text

    hands = []
    for path in sorted((SAMPLES / "pokerstars").glob("*.txt")):
        text = path.read_text(encoding="utf-8", errors="replace")
        starts = [m.start() for m in HEADER.finditer(text)] + [len(text)]
        for a, b in pairwise(starts):
            hand = text[a:b].strip() + "\n"
            rows = audit_text(hand).hands
            if rows and rows[0].status == "audited":
                hands.append(hand)
    if not hands:
        sys.exit("no replayable hands in sample_histories/pokerstars")
    return hands


def build_input(count: int, files: int) -> Path:
    """``count`` hands spread over ``files`` files in ``bench/_work/input``."""
    target = WORK / f"input-{count}-{files}"
    if target.exists():
        return target
    hands = sample_hands()
    tmp = target.with_suffix(".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    per_file = -(-count // files)
    written = 0
    for f in range(files):
        with (tmp / f"session-{f:03d}.txt").open("w", encoding="utf-8") as out:
            for _ in range(min(per_file, count - written)):
                out.write(_variant(hands[written % len(hands)], written))
                out.write("\n\n")
                written += 1
    tmp.rename(target)
    return target


def _variant(hand: str, k: int) -> str:
    """A copy of ``hand`` with its own hand number, table and player names."""
    names = sorted(set(SEAT.findall(hand)), key=len, reverse=True)
    for i, name in enumerate(names):
        hand = hand.replace(name, f"\x00{i}\x00")
    for i, name in enumerate(names):
        # Players keep their names for a session of 100 hands, as at a real table.
        hand = hand.replace(f"\x00{i}\x00", f"{name}_{k // 100}")
    hand = HEADER.sub(lambda m: m.group(0).replace(m.group(1), str(10**11 + k)), hand, count=1)
    return re.sub(r"^Table '([^']*)'", lambda m: f"Table '{m.group(1)} {k}'", hand, count=1,
                  flags=re.M)


def run(input_dir: Path, jobs: int, scheduler: str | None = None) -> tuple[float, int, int]:
    """Seconds, hands and peak RSS (KiB) of one ``auditor audit`` run (on a Dask
    ``scheduler`` when given: its start-up is counted)."""
    out = WORK / f"out-{jobs}"
    shutil.rmtree(out, ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    on = ["--scheduler", scheduler] if scheduler else []
    proc = subprocess.run(
        [sys.executable, "-m", "auditor.cli", "audit", str(input_dir), "-o", str(out),
         "--jobs", str(jobs), "--quiet", *on],
        capture_output=True, text=True, check=False,
    )
    seconds = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        sys.exit(f"auditor failed ({proc.returncode}):\n{proc.stderr}")
    import pyarrow.parquet as pq

    hands = pq.read_metadata(out / "hands.parquet").num_rows
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, hands, max(rss, before)


def machine_speed() -> float:
    """Nanoseconds of ``sum(range(100))``, best of 5: the reference loop."""
    return min(timeit.repeat("sum(range(100))", number=200_000, repeat=5)) / 200_000 * 1e9


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--files", type=int, default=8)
    parser.add_argument("--jobs", type=int, nargs="*", default=None,
                        help="job counts to measure (default: 1 and all cores)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per job count")
    parser.add_argument("--scheduler", default=None,
                        help="run on this Dask scheduler ('local': a LocalCluster of --jobs "
                             "workers)")
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0))
    jobs_list = args.jobs or sorted({1, cores})
    input_dir = build_input(args.hands, args.files)
    print(f"input: {args.hands:,} hands in {args.files} files ({input_dir})")
    for jobs in jobs_list:
        rates = []
        for _ in range(args.repeat):
            loop = machine_speed()
            seconds, hands, rss = run(input_dir, jobs, args.scheduler)
            rates.append(hands / seconds)
            where = f"{args.scheduler} " if args.scheduler else ""
            print(f"{where}jobs={jobs}: {hands:,} hands in {seconds:.2f} s = "
                  f"{hands / seconds:,.0f} hands/s (peak RSS of one process {rss / 1024:,.0f} MiB; "
                  f"reference loop {loop:.0f} ns)")
        if len(rates) > 1:
            print(f"jobs={jobs}: best {max(rates):,.0f} hands/s, "
                  f"median {statistics.median(rates):,.0f} hands/s over {len(rates)} runs")


if __name__ == "__main__":
    main()
