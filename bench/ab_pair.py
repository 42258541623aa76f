"""Two auditors timed at the same moment: each round starts both ``auditor audit
--jobs 1`` runs together, one per core, so that a machine slowing down slows both alike
(``ab.py`` runs them one after the other: on this shared VM, its medians of identical
trees differed by up to 30 %).

    PYTHONPATH=/tmp/speed/base python bench/ab_pair.py /tmp/speed/base /tmp/speed/new \
        --sites pokerstars --rounds 6
    python bench/ab_pair.py .venv/bin/python .venv-c/bin/python --rounds 7   # two venvs

Each of A and B is a source tree (a folder: put first on ``PYTHONPATH`` and run by this
interpreter) or an interpreter (a file: a venv's ``python``, running the auditor that
venv has installed, e.g. the pure and the compiled build). Each side's build (pure or
compiled, ``auditor.compiled``) is printed first.

(The inputs' signature covers the auditor's sources: run the harness itself on a fixed
tree, as above, or editing the checkout rebuilds the inputs under a running batch.)

Prints each round's two rates, the ratio of B's wall time to A's, and each run's CPU
seconds (``wait4``'s user + system time of the child), then the median ratio of B to A
and its range, wall and CPU. The inputs are ``bench.py``'s. Which side starts first
alternates between rounds.
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


def _command(side: str) -> tuple[list[str], dict[str, str]]:
    """The interpreter and environment that run the auditor of ``side`` (a tree or an
    interpreter, see above)."""
    path = Path(side)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if path.is_dir():
        return [sys.executable, "-P"], {**env, "PYTHONPATH": str(path.resolve())}
    return [os.path.abspath(path), "-P"], env  # (not resolve(): a venv's python is a link)


def _build(side: str) -> str:
    """Which build of the auditor ``side`` runs: pure Python or compiled (and where)."""
    cmd, env = _command(side)
    probe = ("import auditor\ntry:\n from auditor.compiled import build_name\n"
             "except ImportError:\n build_name = lambda: 'pure Python (before mypyc)'\n"
             "print(build_name(), 'from', auditor.__file__.rsplit('/', 2)[0])")
    done = subprocess.run([*cmd, "-c", probe], env=env, cwd=bench.WORK, capture_output=True,
                          text=True, check=True)
    return done.stdout.strip()


def _start(side: str, folder: Path, out: Path) -> subprocess.Popen[bytes]:
    cmd, env = _command(side)
    return subprocess.Popen([*cmd, "-m", "auditor.cli", "audit", str(folder),
                             "-o", str(out), "--jobs", "1", "--quiet"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=bench.WORK)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--sites", default="pokerstars")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    bench.WORK.mkdir(parents=True, exist_ok=True)
    for name, side in (("A", args.a), ("B", args.b)):
        if Path(side).is_dir():  # a tree: byte-compiled, as installing it does
            bench.byte_compile(Path(side) / "auditor")
        print(f"{name}: {side}: {_build(side)}", flush=True)
    print(f"reference loop (sum(range(100))): {bench.machine_speed():,.0f} ns; "
          f"{time.strftime('%H:%M UTC', time.gmtime())}", flush=True)
    built = bench.prepare_inputs(args.sites.split(","), args.hands, 100)
    for site, b in built.items():
        ratios: list[float] = []
        cpu_ratios: list[float] = []
        rates: dict[str, list[float]] = {"a": [], "b": []}
        cpus: dict[str, list[float]] = {"a": [], "b": []}
        for r in range(args.rounds):
            order = [("a", args.a), ("b", args.b)]
            if r % 2:
                order.reverse()
            procs = {}
            starts = {}
            for name, side in order:
                starts[name] = time.perf_counter()
                procs[name] = _start(side, b.folder, bench.WORK / "out" / f"pair-{site}-{name}")
            took: dict[str, float] = {}
            cpu: dict[str, float] = {}
            codes: dict[str, int] = {}
            while len(took) < 2:  # each run's end as it comes (and its CPU time)
                for name, proc in procs.items():
                    if name in took:
                        continue
                    pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
                    if pid:
                        took[name] = time.perf_counter() - starts[name]
                        cpu[name] = usage.ru_utime + usage.ru_stime
                        codes[name] = os.waitstatus_to_exitcode(status)
                        proc.returncode = codes[name]
                time.sleep(0.005)
            import pyarrow.parquet as pq

            for name in ("a", "b"):
                code = codes[name]
                out = bench.WORK / "out" / f"pair-{site}-{name}" / "hands.parquet"
                if code not in (0, 1) or pq.read_metadata(out).num_rows != b.hands:
                    sys.exit(f"{name} failed ({code}) on {b.folder}")
                rates[name].append(b.hands / took[name])
                cpus[name].append(cpu[name])
            ratios.append(took["a"] / took["b"])
            cpu_ratios.append(cpu["a"] / cpu["b"])
            print(f"{site:<11} round {r + 1}: A {rates['a'][-1]:7,.0f}  B {rates['b'][-1]:7,.0f} "
                  f"hands/s  B/A x{ratios[-1]:.3f}; CPU A {cpu['a']:.2f} s  B {cpu['b']:.2f} s "
                  f"x{cpu_ratios[-1]:.3f}", flush=True)
        print(f"{site:<11} median A {statistics.median(rates['a']):7,.0f}  "
              f"B {statistics.median(rates['b']):7,.0f} hands/s; B/A median "
              f"x{statistics.median(ratios):.3f} [{min(ratios):.3f}-{max(ratios):.3f}]; "
              f"CPU median A {statistics.median(cpus['a']):.2f} s  "
              f"B {statistics.median(cpus['b']):.2f} s, A/B "
              f"x{statistics.median(cpu_ratios):.3f} "
              f"[{min(cpu_ratios):.3f}-{max(cpu_ratios):.3f}]", flush=True)
    print(f"reference loop after: {bench.machine_speed():,.0f} ns; "
          f"{time.strftime('%H:%M UTC', time.gmtime())}", flush=True)


if __name__ == "__main__":
    main()
