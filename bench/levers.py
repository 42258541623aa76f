"""Speed levers measured from outside the code: each is a monkeypatch applied before the
real command line runs, timed against the plain command on the same bench input, in
rounds, and its report compared with the plain one (a lever must change no result).

    python bench/levers.py                        # every lever, PokerStars, 1 job and 2
    python bench/levers.py --sites wpn --levers nopack --repeat 5

Levers (``LEVERS``):

- ``nopack``: a chunk per file, as before chunks went across files (``pieces.PACK_FILES``).
  Real exports are one file per session of about a hundred hands, so the plain way runs
  chunks of a hundred: five times the per-chunk work (Arrow tables, writes, a
  ``gc.freeze``, a pickled round trip to a worker) of the 500 it was tuned for.
- ``nopandas``: pandas refused outright (the command line already keeps pyarrow from
  importing it: ``auditor.report.schema.keep_pandas_out``).

    python bench/levers.py --run LEVER audit ARGS...   # the patched command line itself
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from pathlib import Path


def _nopack() -> None:
    """A chunk per file again (``pieces.PACK_FILES``): the plain way the packed chunks are
    measured against."""
    import auditor.pieces as pieces

    pieces.PACK_FILES = False


def _nopandas() -> None:
    """``import pandas`` fails at once (a ``None`` in ``sys.modules``), as where it is not
    installed: pyarrow asks for it again at each ``pa.array``, so a refusal must be cheap."""
    sys.modules["pandas"] = None  # type: ignore[assignment]


LEVERS: dict[str, Callable[[], None]] = {"nopack": _nopack, "nopandas": _nopandas}


def run_patched(lever: str, argv: list[str]) -> None:
    """The command line with ``lever`` applied (workers fork from it, patched too)."""
    for name in lever.split("+"):
        LEVERS[name]()
    from auditor.cli import main as cli

    sys.argv = ["auditor", *argv]
    cli()


def same_report(a: Path, b: Path) -> bool:
    """Whether two reports hold the same tables (Parquet, compared as Arrow tables)."""
    import pyarrow.parquet as pq

    for name in ("hands", "findings", "payouts"):
        ta = pq.read_table(a / f"{name}.parquet")
        tb = pq.read_table(b / f"{name}.parquet")
        if not ta.replace_schema_metadata().equals(tb.replace_schema_metadata()):
            return False
    return True


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--run":
        run_patched(sys.argv[2], sys.argv[3:])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sites", default="pokerstars")
    parser.add_argument("--levers", default=",".join(LEVERS),
                        help="comma-separated; join with + to combine (pack+nopandas)")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--session", type=int, default=100)
    parser.add_argument("--jobs", type=int, nargs="*", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--idle-wait", type=float, default=30.0)
    parser.add_argument("--max-others", type=float, default=0.25)
    args = parser.parse_args()
    import bench

    bench.launcher()  # before this process grows
    built = bench.prepare_inputs(args.sites.split(","), args.hands, args.session)
    variants = ["plain", *args.levers.split(",")]
    me = [sys.executable, str(Path(__file__).resolve()), "--run"]
    rates: dict[tuple[str, str, int], list[float]] = {}
    for r in range(args.repeat):
        for site, b in built.items():
            if not b.hands:
                continue
            for jobs in args.jobs:
                for variant in variants:
                    prefix = None if variant == "plain" else [*me, variant]
                    out = bench.WORK / "out" / f"lever-{site}-{variant}-j{jobs}"
                    run = bench.least_disturbed_run(b.folder, out, jobs, bench.machine_speed,
                                                    args.idle_wait, args.max_others,
                                                    prefix=prefix)
                    rates.setdefault((site, variant, jobs), []).append(run.rate)
                    same = "" if variant == "plain" or r else (
                        "; report identical" if same_report(
                            bench.WORK / "out" / f"lever-{site}-plain-j{jobs}", out)
                        else "; REPORT DIFFERS")
                    print(f"{site:<11} j{jobs} {variant:<14} {run.rate:7,.0f} hands/s "
                          f"(loop {run.loop_ns:.0f} ns, others {run.others:.2f}){same}",
                          flush=True)
    print()
    for (site, variant, jobs), values in rates.items():
        plain = statistics.median(rates[(site, "plain", jobs)])
        med = statistics.median(values)
        print(f"{site:<11} j{jobs} {variant:<14} median {med:7,.0f} best {max(values):7,.0f} "
              f"hands/s  x{med / plain:.3f} of plain")


if __name__ == "__main__":
    main()
