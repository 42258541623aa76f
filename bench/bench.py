"""End-to-end benchmark: hands per second of ``auditor audit``, every replayed site, 1 job
and all cores, beside PokerKit on the same PokerStars hands, and the stage split.

    python bench/bench.py                       # every replayed site, 20,000 hands each
    python bench/bench.py --repeat 3            # best and median of 3 runs
    python bench/bench.py --sites pokerstars,wpn --jobs 1
    python bench/bench.py --quick               # a smoke run: small inputs, one round
    python bench/bench.py --hands 1000000 --sites pokerstars --no-stages  # flat memory

Inputs (``bench/inputs.py``) are shaped like real exports: one table per session of about
a hundred hands, each site's own real hands (the shared corpus, read in place; the
samples where the corpus has none of a site) repeated with every copy made distinct (hand
numbers, table, player names), only hands audited in their original files by default.
Each input is checked once built: its audit gives no repeat (HH004) and the same status,
game and finding codes per hand as the original files (SE001 aside: it looks across
hands, and the copies sit at new tables).

Each run is the real command line, ``python -m auditor.cli audit INPUT -o OUT --jobs N
--quiet``, timed from outside, with its peak memory: the largest process (``wait4``'s
``ru_maxrss``, which covers the workers the command waited for) and the sum over the
process and its workers (``/proc`` sampled every 10 ms; pages the fork shares are counted
in each). Runs go in rounds, every site and job count once a round, so that a machine
slowing for a minute slows all alike; and each is printed with the time of a fixed
pure-Python loop (``sum(range(100))``) measured just before it: a slow minute shows a slow
loop too. Start-up is the command on a one-hand input.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import timeit
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING

import arrow_pool  # noqa: F401  (first: the in-process stage split allocates as the CLI)

if TYPE_CHECKING:
    from inputs import Built, Check

WORK = Path(__file__).resolve().parent / "_work"

SLOW = 0.80  # a site under this share of PokerStars's figure is flagged
THIN = 50  # a site with fewer distinct source hands is flagged: its copies repeat a lot


# --- inputs -----------------------------------------------------------------------------


def prepare_inputs(sites: list[str] | None, hands: int, session: int,
                   corpus: Path | None = None, *, all_hands: bool = False) -> dict[str, Built]:
    """The built input of every site: ``hands`` hands in sessions of ``session``, built
    where missing or stale."""
    return prepare(sites, [(hands, session)], corpus, all_hands=all_hands)[0]


def prepare(sites: list[str] | None, specs: list[tuple[int, int]], corpus: Path | None = None,
            *, all_hands: bool = False) -> list[dict[str, Built]]:
    """For each (hands, session) of ``specs``, every site's built input (see
    ``prepare_inputs``); the sources are collected once, and only if an input is missing."""
    import inputs

    found = inputs.find_corpus(corpus)
    if corpus is not None and found is None:
        raise SystemExit(f"no corpus at {corpus}")
    chosen = inputs.replayed_sites(sites)
    stamp = inputs.corpus_stamp(found)
    out: list[dict[str, Built]] = [{} for _ in specs]
    missing = []
    for site in chosen:
        sig = inputs.signature(site.name, all_hands, str(found), stamp)
        for i, (count, size) in enumerate(specs):
            folder = WORK / "inputs" / f"{site.name}-{count}-{size}-{sig}"
            built = inputs.load_built(folder)
            if built is None:
                missing.append((i, site, count, size, folder))
            else:
                out[i][site.name] = built
    if missing:
        names = sorted({site.name for _, site, *_ in missing})
        print(f"building inputs for {', '.join(names)} (from {found or inputs.SAMPLES}) ...",
              flush=True)
        wanted = [s for s in chosen if s.name in names]
        sources = inputs.site_sources(wanted, found, all_hands=all_hands)
        for i, site, count, size, folder in missing:
            for old in folder.parent.glob(f"{site.name}-{count}-{size}-*"):
                shutil.rmtree(old, ignore_errors=True)
            hands_of = sources.get(site.name) or inputs.SiteHands(site, "")
            out[i][site.name] = inputs.build(hands_of, count, size, folder)
    return [{s.name: spec[s.name] for s in chosen} for spec in out]


SIMULATED = "pokerstars-sim"  # the row of the simulated session (``prepare_simulated``)


def prepare_simulated(hands: int, session: int) -> Built | None:
    """A reference input beside the sites: ``sample_histories/``'s simulated 500-hand
    6-max session (``bench/simulate.py``: dull hands, most ending preflop, as real play
    is; the corpus's files are fixtures, heavy with showdowns and side pots), cut into
    sessions and renamed like the others. None without the sample."""
    import inputs

    path = inputs.SAMPLES / "pokerstars" / "session_6max_nl10_500_hands.txt"
    if not path.is_file():
        return None
    sig = inputs.signature(SIMULATED, inputs.corpus_stamp(None), path.stat().st_mtime_ns)
    folder = WORK / "inputs" / f"{SIMULATED}-{hands}-{session}-{sig}"
    built = inputs.load_built(folder)
    if built is None:
        for old in folder.parent.glob(f"{SIMULATED}-{hands}-{session}-*"):
            shutil.rmtree(old, ignore_errors=True)
        stars = inputs.replayed_sites(["pokerstars"])
        hands_of = inputs.collect(stars, [path], origin="simulated session")["pokerstars"]
        built = inputs.build(hands_of, hands, session, folder)
    return built


# --- one run of the command line --------------------------------------------------------


@dataclass(slots=True)
class Run:
    """One ``auditor audit`` run."""

    seconds: float
    hands: int
    largest_kib: int  # the largest process's peak RSS
    sum_kib: int  # the peak of the summed RSS of the process and its workers (sampled)
    loop_ns: float  # the reference loop just before
    cpu: float = 0.0  # CPU seconds of the command and its workers
    others: float = 0.0  # cores busy with other work on the machine meanwhile

    @property
    def rate(self) -> float:
        return self.hands / self.seconds


class TreeMemory(threading.Thread):
    """Samples the summed resident memory of a process and its descendants."""

    def __init__(self, pid: int, interval: float = 0.01) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.interval = interval
        self.peak_pages = 0
        self.done = threading.Event()
        self.page_kib = os.sysconf("SC_PAGE_SIZE") // 1024 if hasattr(os, "sysconf") else 4

    def run(self) -> None:
        while not self.done.is_set():
            total = 0
            for pid in self.tree():
                try:
                    with open(f"/proc/{pid}/statm", "rb") as f:
                        total += int(f.read().split()[1])
                except (OSError, IndexError, ValueError):
                    pass
            self.peak_pages = max(self.peak_pages, total)
            self.done.wait(self.interval)

    def tree(self) -> list[int]:
        """The process and every descendant (any of their threads may have forked)."""
        pids = [self.pid]
        for pid in pids:
            try:
                tasks = os.listdir(f"/proc/{pid}/task")
            except OSError:
                continue
            for task in tasks:
                try:
                    with open(f"/proc/{pid}/task/{task}/children", "rb") as f:
                        pids += [int(c) for c in f.read().split()]
                except OSError:
                    pass
        return pids

    @property
    def peak_kib(self) -> int:
        return self.peak_pages * self.page_kib


class Launcher:
    """Starts each command from a small process forked before the benchmark grows.

    A child's peak RSS as ``wait4`` reports it starts from what it had before ``exec``:
    a fork of this process carries its hundreds of MiB (pyarrow, the inputs) into every
    figure. Forked first, the launcher is a few MiB, so its children's ``ru_maxrss`` is
    theirs (the largest of the command and the workers it waited for)."""

    def __init__(self) -> None:
        WORK.mkdir(parents=True, exist_ok=True)
        requests_r, requests_w = os.pipe()
        replies_r, replies_w = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the launcher
            os.close(requests_w)
            os.close(replies_r)
            try:
                self._serve(os.fdopen(requests_r, "r"), os.fdopen(replies_w, "w"))
            finally:
                os._exit(0)
        os.close(requests_r)
        os.close(replies_w)
        self.pid = pid
        self.requests = os.fdopen(requests_w, "w")
        self.replies = os.fdopen(replies_r, "r")
        atexit.register(self.close)

    @staticmethod
    def _serve(requests: IO[str], replies: IO[str]) -> None:
        for line in requests:
            cmd, err_path = json.loads(line)
            with open(err_path, "wb") as err:
                start = time.perf_counter()
                # (Not from the project's root: ``-m`` would import the auditor there
                # before any PYTHONPATH, and this process imports it from the path.)
                proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, cwd=WORK)
                replies.write(json.dumps({"pid": proc.pid}) + "\n")
                replies.flush()
                _, status, usage = os.wait4(proc.pid, 0)
                seconds = time.perf_counter() - start
                proc.returncode = os.waitstatus_to_exitcode(status)
            replies.write(json.dumps({"code": proc.returncode, "seconds": seconds,
                                      "maxrss": usage.ru_maxrss,
                                      "cpu": usage.ru_utime + usage.ru_stime}) + "\n")
            replies.flush()

    def run(self, cmd: list[str], err_path: str) -> dict[str, float]:
        """What one command did: exit ``code``, ``seconds``, ``maxrss`` (the largest
        process's peak RSS, KiB), ``summed`` (the peak of the command's and its workers'
        summed RSS, KiB, sampled), ``cpu`` (their CPU seconds) and ``others`` (cores kept
        busy meanwhile by everything else on the machine)."""
        busy = _busy_seconds()
        self.requests.write(json.dumps([cmd, err_path]) + "\n")
        self.requests.flush()
        pid = json.loads(self.replies.readline())["pid"]
        memory = TreeMemory(pid)
        memory.start()
        done = json.loads(self.replies.readline())
        memory.done.set()
        memory.join()
        done["summed"] = memory.peak_kib
        after = _busy_seconds()
        done["others"] = (max(0.0, after - busy - done["cpu"]) / done["seconds"]
                          if after and busy else float("nan"))
        return done

    def close(self) -> None:
        if not self.requests.closed:
            self.requests.close()
            os.waitpid(self.pid, 0)


def _busy_seconds() -> float:
    """CPU seconds the machine has spent busy since boot, all cores (0 without /proc)."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return 0.0
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def wait_for_idle(limit: float, threshold: float = 0.25) -> float:
    """Wait (up to ``limit`` seconds) until other work keeps fewer than ``threshold``
    cores busy over a second; the seconds waited."""
    start = time.perf_counter()
    while time.perf_counter() - start < limit:
        before = _busy_seconds()
        time.sleep(1.0)
        if not before or _busy_seconds() - before < threshold:
            break
    return time.perf_counter() - start


_LAUNCHER: Launcher | None = None


def launcher() -> Launcher:
    """The launcher (started on first use: start it early, ``main`` does)."""
    global _LAUNCHER
    if _LAUNCHER is None:
        _LAUNCHER = Launcher()
    return _LAUNCHER


CLI = [sys.executable, "-m", "auditor.cli"]
EXTRA: list[str] = []  # options every audit run gets (``--scheduler``)


def run_cli(folder: Path, out: Path, jobs: int, loop_ns: float,
            prefix: list[str] | None = None) -> Run:
    """One ``auditor audit`` of ``folder`` into ``out`` with ``jobs`` jobs (``prefix``:
    the command that stands for ``auditor``)."""
    shutil.rmtree(out, ignore_errors=True)
    cmd = [*(prefix or CLI), "audit", str(folder), "-o", str(out), "--jobs", str(jobs),
           "--quiet", *EXTRA]
    with tempfile.NamedTemporaryFile(suffix=".stderr") as err:
        done = launcher().run(cmd, err.name)
        if done["code"] not in (0, 1):
            sys.exit(f"auditor failed ({done['code']}) on {folder}:\n"
                     f"{Path(err.name).read_text(errors='replace')[-3000:]}")
    import pyarrow.parquet as pq

    hands = pq.read_metadata(out / "hands.parquet").num_rows
    return Run(done["seconds"], hands, int(done["maxrss"]), int(done["summed"]), loop_ns,
               done["cpu"], done["others"])


def least_disturbed_run(folder: Path, out: Path, jobs: int, loop: Callable[[], float],
                        idle_wait: float, max_others: float, tries: int = 3,
                        prefix: list[str] | None = None, say: bool = False) -> Run:
    """``run_cli``, run again (``tries`` times at most) while other work on the machine
    kept more than ``max_others`` cores busy: the least disturbed run. Each run first
    waits up to ``idle_wait`` seconds for the machine to be idle."""
    run = None
    for _ in range(tries):
        waited = wait_for_idle(idle_wait) if idle_wait else 0.0
        if say and waited > 5:
            print(f"  (waited {waited:.0f} s for other work on the machine to stop)")
        trial = run_cli(folder, out, jobs, loop(), prefix)
        if run is None or trial.others < run.others:
            run = trial
        if run.others <= max_others:
            break
        if say:
            print(f"  (other work kept {trial.others:.2f} cores busy: run again)")
    assert run is not None
    return run


def auditor_build() -> str:
    """Which auditor the runs measure (the one this interpreter imports, as the command
    line does): pure Python or compiled by the opt-in mypyc build, and from where."""
    import auditor

    try:
        from auditor.compiled import build_name, compiled_modules
    except ImportError:  # a tree from before the compiled build
        return f"pure Python, {Path(auditor.__file__).parent}"
    done = compiled_modules()
    where = Path(auditor.__file__).parent
    if done:
        return f"{build_name()}, {where} ({', '.join(m.rsplit('.', 1)[1] for m in done)} .so)"
    return f"{build_name()}, {where}"


def interpreter() -> str:
    """The interpreter the runs use (this one), and whether its core is a shared
    library: the same CPython built without optimizations and with ``--enable-shared``
    (this machine's pyenv) ran the auditor ×1.07–1.19 slower here than Debian's, built with
    them and its core in the executable (bench/LEVERS.md §36)."""
    core = "in the executable"
    try:
        with open("/proc/self/maps") as maps:
            shared = {line.split()[-1] for line in maps if "/libpython" in line}
        if shared:
            core = f"a shared library ({', '.join(sorted(shared))})"
    except OSError:
        core = "unknown (no /proc)"
    return f"{sys.executable} (Python {sys.version.split()[0]}; its core {core})"


def byte_compile(top: Path | None = None) -> int:
    """Byte-compile the auditor package at ``top`` (default: the one the runs import), as
    installing it does; the number of its modules whose cached bytecode was missing or
    stale. Without this, a tree edited since its last import is compiled from source at
    every run's start where the environment sets ``PYTHONDONTWRITEBYTECODE`` (this one
    does): 40–50 ms of a 0.3 s start-up."""
    import compileall
    import importlib.util

    if top is None:
        import auditor

        top = Path(auditor.__file__).parent
    stale = 0
    for source in top.rglob("*.py"):
        cached = Path(importlib.util.cache_from_source(str(source)))
        try:
            header = cached.read_bytes()[8:16]
        except OSError:
            stale += 1
            continue
        st = source.stat()
        if header != (int(st.st_mtime) & 0xFFFFFFFF).to_bytes(4, "little") + \
                (st.st_size & 0xFFFFFFFF).to_bytes(4, "little"):
            stale += 1
    if stale:
        compileall.compile_dir(top, quiet=1)
    return stale


def machine_speed(repeat: int = 5, number: int = 200_000) -> float:
    """Nanoseconds of ``sum(range(100))``, best of ``repeat``: the reference loop."""
    return min(timeit.repeat("sum(range(100))", number=number, repeat=repeat)) / number * 1e9


# --- PokerKit -----------------------------------------------------------------------------


@dataclass(slots=True)
class KitResult:
    """PokerKit's parse and replay of the PokerStars hands it can read."""

    version: str = ""
    tried: int = 0
    read: int = 0
    seconds: float = 0.0  # over the hands it read
    failures: dict[str, int] = field(default_factory=dict)
    auditor_rate: float = 0.0  # the auditor in-process on the same hands (audit_chunk)

    @property
    def rate(self) -> float:
        return self.read / self.seconds if self.seconds else 0.0


def pokerkit_beside(built: Built, limit: int) -> KitResult | None:
    """PokerKit 0.7's ``HandHistory.from_pokerstars`` (its regex parser) and a replay of
    each hand (iterating its states to the end) on the first ``limit`` hands of the
    PokerStars input, one hand at a time; only the hands it reads are timed and counted.
    Then the auditor on the same hands in-process (``audit_chunk``, 500 at a time)."""
    try:
        from pokerkit import HandHistory
    except ImportError:
        return None
    from importlib.metadata import version

    from auditor.parsing.blocks import blocks_of_file
    from auditor.pipeline import HandAuditor, audit_chunk

    blocks = []
    for path in built.files:
        blocks += list(blocks_of_file(path, str(path)))
        if len(blocks) >= limit:
            break
    blocks = blocks[:limit]
    result = KitResult(version=version("pokerkit"), tried=len(blocks))
    readable = []
    failures: dict[str, int] = {}
    sink = io.StringIO()
    with warnings.catch_warnings(), contextlib.redirect_stderr(sink):
        warnings.simplefilter("ignore")
        for block in blocks:
            text = "\n".join(block.lines) + "\n"
            start = time.perf_counter()
            try:
                histories = list(HandHistory.from_pokerstars(text))
                if len(histories) != 1:
                    raise ValueError("not parsed" if not histories else "several hands")
                for _ in histories[0]:  # the replay: every state to the end of the hand
                    pass
            except Exception as exc:
                # PokerKit prints why a hand did not parse, then skips it: its last line.
                printed = [line for line in sink.getvalue().splitlines() if line.strip()]
                why = printed[-1] if printed else f"{type(exc).__name__}: {exc}"
                why = why[:60]
                failures[why] = failures.get(why, 0) + 1
                sink.seek(0)
                sink.truncate()
                continue
            result.seconds += time.perf_counter() - start
            result.read += 1
            readable.append(block)
    result.failures = dict(sorted(failures.items(), key=lambda kv: -kv[1]))
    if readable:
        auditor = HandAuditor()
        start = time.perf_counter()
        for i in range(0, len(readable), 500):
            audit_chunk(auditor, readable[i:i + 500])
        result.auditor_rate = len(readable) / (time.perf_counter() - start)
    return result


# --- the report -------------------------------------------------------------------------


@dataclass(slots=True)
class SiteFigures:
    """Everything measured of one site."""

    built: Built
    runs: dict[int, list[Run]] = field(default_factory=dict)
    startup: list[float] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)

    @property
    def audited(self) -> int:
        return self.checks[0].audited if self.checks else 0

    def best(self, jobs: int) -> float:
        return max((r.rate for r in self.runs.get(jobs, [])), default=0.0)

    def median(self, jobs: int) -> float:
        rates = [r.rate for r in self.runs.get(jobs, [])]
        return statistics.median(rates) if rates else 0.0

    def audited_rate(self, jobs: int) -> float:
        """Audited hands per second (median run)."""
        runs = self.runs.get(jobs, [])
        if not runs or not self.checks:
            return 0.0
        return self.audited / statistics.median(r.seconds for r in runs)

    def memory(self, jobs: int) -> tuple[int, int]:
        """The largest summed and single-process peak RSS over the runs, in MiB."""
        runs = self.runs.get(jobs, [])
        return (max((r.sum_kib for r in runs), default=0) // 1024,
                max((r.largest_kib for r in runs), default=0) // 1024)


def _mib(pair: tuple[int, int]) -> str:
    total, largest = pair
    return f"{total}/{largest}" if total else f"-/{largest}"


def print_figures(figures: dict[str, SiteFigures], jobs_list: list[int]) -> None:
    """The table of every site's figures."""
    one, many = jobs_list[0], jobs_list[-1]
    stars = figures.get("pokerstars")
    reference = stars.audited_rate(one) if stars else 0.0
    head = (f"{'site':<14} {'src':>5} {'lines/h':>7} {'hands':>7} {'audited':>7} "
            f"{'j' + str(one) + ' best':>9} {'median':>7} {'audited/s':>9} ")
    if many != one:
        head += f"{'j' + str(many) + ' best':>9} {'median':>7} "
    head += (f"{'vs PS':>6} {'RSS j' + str(one):>9} "
             + (f"{'RSS j' + str(many):>9} " if many != one else "")
             + f"{'start-up':>8} {'others':>6}  flags")
    print(head)
    print("-" * len(head))
    for name, f in figures.items():
        if not f.built.hands:
            about = f.built.about
            statuses = about.get("statuses") or {}
            why = ("no source hands" if not about.get("found") else
                   f"{about['found']} source hands, none audited ({statuses})")
            print(f"{name:<14} {'':>5} {'':>7} {'-':>7} {'-':>7}  not measured: {why}")
            continue
        ratio = f.audited_rate(one) / reference if reference else 0.0
        flags = []
        if reference and ratio < SLOW and name not in ("pokerstars", SIMULATED):
            flags.append(f"SLOW (<{SLOW:.0%} of PokerStars)")
        if f.built.source_hands < THIN and name != SIMULATED:
            flags.append(f"thin: {f.built.source_hands} distinct hands repeated")
        if f.checks and not all(c.ok for c in f.checks):
            flags.append("CHECK FAILED")
        startup = f"{min(f.startup):.2f} s" if f.startup else "-"
        line = (f"{name:<14} {f.built.source_hands:>5} {f.built.per_hand()[0]:>7.1f} "
                f"{f.built.hands:>7,} {f.audited:>7,} "
                f"{f.best(one):>9,.0f} {f.median(one):>7,.0f} {f.audited_rate(one):>9,.0f} ")
        if many != one:
            line += f"{f.best(many):>9,.0f} {f.median(many):>7,.0f} "
        line += f"{ratio:>6.2f} {_mib(f.memory(one)):>9} "
        if many != one:
            line += f"{_mib(f.memory(many)):>9} "
        others = max((r.others for runs in f.runs.values() for r in runs), default=0.0)
        print(line + f"{startup:>8} {others:>6.2f}  {'; '.join(flags)}")
    print(f"(src: distinct source hands; lines/h: lines per hand in the files; hands/s of all "
          f"hands but 'audited/s' (median run); "
          f"'vs PS': audited/s at {one} job(s) over PokerStars's; RSS: peak MiB, summed over "
          f"the processes / the largest one; start-up: best run on a one-hand input, 1 job; "
          f"others: the most cores other work kept busy during a run)")


def print_checks(figures: dict[str, SiteFigures]) -> None:
    """The sanity check of every built input."""
    print("\nSanity check of the built inputs (audit of the input against the original files, "
          "hand by hand):")
    for name, f in figures.items():
        if not f.checks:
            continue
        about = f.built.about
        c = f.checks[0]
        bad = [x for x in f.checks if not x.ok]
        verdict = "ok" if not bad else "FAILED"
        kept = []
        if about.get("kept_table"):
            kept.append(f"{about['kept_table']} kept their table")
        if about.get("kept_names"):
            kept.append(f"{about['kept_names']} kept their players")
        if about.get("dropped"):
            kept.append(f"{about['dropped']} left out (id not renumbered)")
        print(f"  {name:<14} {verdict}: {c.hands:,} hands, {c.audited:,} audited, "
              f"HH004 {c.duplicates}, repeated ids {c.repeated_ids}, status/game differs "
              f"{c.status_differs}, codes differ {c.codes_differ}, missing {c.missing}, "
              f"SE001 {c.se001} (new tables); from {about.get('origin')}: "
              f"{about.get('distinct')} distinct of {about.get('found')} hands "
              f"{about.get('statuses')}" + (f"; {', '.join(kept)}" if kept else ""))
        for x in bad:
            for example in x.examples:
                print(f"      {example}")


def print_pokerkit(kit: KitResult | None, stars: SiteFigures | None, skipped: bool) -> None:
    """PokerKit beside the auditor on the same PokerStars hands."""
    print()
    if skipped:
        print("PokerKit: skipped (--no-pokerkit, or no PokerStars input).")
        return
    if kit is None:
        print("PokerKit: not installed (pip install -e '.[bench]'); no ratio.")
        return
    if not kit.read:
        print(f"PokerKit {kit.version}: read none of {kit.tried} PokerStars hands.")
        return
    print(f"PokerKit {kit.version}: parse + replay {kit.rate:,.0f} hands/s on the "
          f"{kit.read:,} of {kit.tried:,} PokerStars hands it reads (only those counted; "
          f"it refused {kit.tried - kit.read:,}: "
          + "; ".join(f"{n}× {why}" for why, n in list(kit.failures.items())[:4]) + ")")
    if stars is not None and stars.runs:
        one = min(stars.runs)
        cli = stars.median(one)
        print(f"  auditor CLI --jobs {one} (median, all {stars.built.hands:,} hands): "
              f"{cli:,.0f} hands/s = x{cli / kit.rate:.1f} PokerKit")
    print(f"  auditor in-process (audit_chunk) on the same {kit.read:,} hands, caches cold: "
          f"{kit.auditor_rate:,.0f} hands/s = x{kit.auditor_rate / kit.rate:.1f} PokerKit")


# --- main -------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=None,
                        help="hands per site (default 20,000; --quick 1,000)")
    parser.add_argument("--session", type=int, default=100, help="hands per session file")
    parser.add_argument("--jobs", type=int, nargs="*", default=None,
                        help="job counts to measure (default: 1 and all cores)")
    parser.add_argument("--repeat", type=int, default=None, help="rounds of runs (default 1)")
    parser.add_argument("--sites", help="comma-separated sites (default: every replayed site)")
    parser.add_argument("--corpus", type=Path, help="the shared corpus (default: "
                        "../shared/corpus beside the project, or above it)")
    parser.add_argument("--all-hands", action="store_true",
                        help="also hands not audited in their original files")
    parser.add_argument("--quick", action="store_true", help="a fast smoke run")
    parser.add_argument("--pokerkit-hands", type=int, default=None,
                        help="PokerStars hands given to PokerKit (default 2,000; --quick 100)")
    parser.add_argument("--no-pokerkit", action="store_true")
    parser.add_argument("--scheduler", default=None,
                        help="audit on this Dask scheduler ('local': a LocalCluster of "
                             "--jobs workers; its start-up is counted)")
    parser.add_argument("--no-stages", action="store_true", help="skip the stage split")
    parser.add_argument("--no-simulated", action="store_true",
                        help=f"leave out the {SIMULATED} reference row (the simulated session)")
    parser.add_argument("--profile", action="store_true",
                        help="the stage split also profiles each site's read stage")
    parser.add_argument("--max-others", type=float, default=0.25, metavar="CORES",
                        help="a run during which other work kept more cores busy is run "
                             "again (twice at most; the least disturbed is kept)")
    parser.add_argument("--idle-wait", type=float, default=None, metavar="SECONDS",
                        help="before each run, wait up to this long for other work on the "
                             "machine to stop (default 120; --quick 0)")
    args = parser.parse_args()
    if args.scheduler:
        EXTRA[:] = ["--scheduler", args.scheduler]
    launcher()  # before this process grows: see Launcher
    import inputs

    quick = args.quick
    hands = args.hands or (1_000 if quick else 20_000)
    repeat = args.repeat or 1
    kit_hands = args.pokerkit_hands or (100 if quick else 2_000)
    loop = (lambda: machine_speed(3, 50_000)) if quick else machine_speed
    idle = args.idle_wait if args.idle_wait is not None else (0.0 if quick else 120.0)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    jobs_list = args.jobs or sorted({1, cores or 1})
    sites = args.sites.split(",") if args.sites else None

    built, startup = prepare(sites, [(hands, args.session), (1, 1)], args.corpus,
                             all_hands=args.all_hands)
    figures = {name: SiteFigures(b) for name, b in built.items()}
    if not args.no_simulated and (sites is None or "pokerstars" in sites):
        simulated = prepare_simulated(hands, args.session)
        if simulated is not None:
            figures[SIMULATED] = SiteFigures(simulated)
    measured = [name for name, f in figures.items() if f.built.hands]
    print(f"{len(measured)} of {len(figures)} sites measured, about {hands:,} hands each in "
          f"sessions of {args.session}; jobs {jobs_list}; {repeat} round(s); "
          f"Python {sys.version.split()[0]}, {cores} cores")
    print(f"auditor: {auditor_build()}; byte-compiled first ({byte_compile()} of its modules "
          f"were not)")
    print(f"interpreter: {interpreter()}")

    for r in range(repeat):
        for name in measured:
            f = figures[name]
            for jobs in jobs_list:
                out = WORK / "out" / f"{name}-j{jobs}"
                run = least_disturbed_run(f.built.folder, out, jobs, loop, idle,
                                          args.max_others, 1 if quick else 3, say=True)
                f.runs.setdefault(jobs, []).append(run)
                if r == 0:
                    f.checks.append(inputs.check(f.built, out))
                total, largest = run.sum_kib // 1024, run.largest_kib // 1024
                print(f"{name:<14} jobs={jobs}: {run.hands:,} hands in {run.seconds:.2f} s = "
                      f"{run.rate:,.0f} hands/s, CPU {run.cpu:.2f} s (peak RSS {total:,} MiB "
                      f"summed, {largest:,} largest; reference loop {run.loop_ns:.0f} ns; "
                      f"other load {run.others:.2f} cores)", flush=True)
    for _ in range(1 if quick else max(3, repeat)):
        for name in measured:
            one = startup.get(name)
            if one is not None and one.hands:
                if idle:
                    wait_for_idle(idle)
                out = WORK / "out" / f"{name}-startup"
                figures[name].startup.append(run_cli(one.folder, out, 1, 0.0).seconds)

    kit = None
    stars = figures.get("pokerstars")
    if not args.no_pokerkit and stars is not None and stars.built.hands:
        if idle:
            wait_for_idle(idle)
        kit = pokerkit_beside(stars.built, kit_hands)

    splits = []
    if not args.no_stages:
        import profile_stages

        for name in measured:
            if idle:
                wait_for_idle(idle)
            splits.append(profile_stages.stage_split(name, figures[name].built.files,
                                                     profile=args.profile))

    print()
    print_figures(figures, jobs_list)
    if stars is not None and stars.startup:
        print(f"start-up (PokerStars, one hand): best {min(stars.startup):.2f} s, median "
              f"{statistics.median(stars.startup):.2f} s")
    print_pokerkit(kit, stars, args.no_pokerkit or stars is None or not stars.built.hands)
    if splits:
        import profile_stages

        print("\nStage split, in-process, µs per hand (GC off per chunk, as the pipeline):")
        profile_stages.print_table(splits)
        for s in splits:
            if s.hotspots:
                print(f"\n{s.site}: read stage, own time (cProfile)\n{s.hotspots}")
    print_checks(figures)
    print(f"\ncommand: {' '.join([Path(sys.argv[0]).name, *sys.argv[1:]])}; inputs in "
          f"{WORK / 'inputs'}")


if __name__ == "__main__":
    main()
