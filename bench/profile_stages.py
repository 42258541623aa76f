"""Time each stage of the audit per hand, in-process: cut, read, replay, settle, rows, write.

    python bench/profile_stages.py                     # every replayed site (bench inputs)
    python bench/profile_stages.py --sites wpn,ipoker  # some sites
    python bench/profile_stages.py FILE...             # given files (their hands' sites)
    python bench/profile_stages.py --profile           # and the read stage's hot spots

The inputs are those ``bench/bench.py`` builds (one table per session of about a hundred
hands, each copy of a real hand made distinct; built here if missing). Their files are
split in three, so that no pass reads a hand whose exact lines an earlier pass put in
the readers' caches (a second pass over the same text would time caches, not reading):

- a warm-up pass, the pipeline as it runs (``audit_chunk`` and the report writer); its
  reading is reported as "read cold" (the grammar's first parses, the caches filling);
- the stages one at a time over each chunk of hands (``pieces.CHUNK_HANDS``, never across
  files, as the CLI cuts them): read them all, then replay them all, then settle them all,
  then build their rows and Arrow tables, then write (repeats, SE001, the Parquet writer);
- the pipeline again, interleaved per hand as it really runs ("pipeline").

The cyclic garbage collector is off during each chunk and what survives it is frozen
afterwards, as ``pipeline.audit_chunk`` does; with it on, reading looks a third slower.

Stages timed alone are about 25% cheaper than the same stages interleaved per hand
(PERF.md §1: parse 56 alone vs 67 interleaved, replay 20 vs 28, settle 16 vs 24 µs/hand):
the sum of the stages is below the "pipeline" figure, and the pipeline is the truth.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import os
import pstats
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

import arrow_pool  # noqa: F401  (first: Arrow's memory pool as the audit command's)

from auditor.api import _with_continuity
from auditor.config import Settings
from auditor.engine.replay import replay
from auditor.engine.result import ReplayResult, Settlement
from auditor.engine.settle import settle
from auditor.model.finding import Finding
from auditor.model.hand import Hand
from auditor.parsing.blocks import HandBlock, blocks_of_file
from auditor.parsing.errors import Unreadable
from auditor.parsing.reader import read_block
from auditor.pieces import CHUNK_HANDS
from auditor.pipeline import (
    ChunkResult,
    ContinuityChecker,
    DuplicateFilter,
    HandAuditor,
    HandOutcome,
    audit_chunk,
)
from auditor.report.chunk import ChunkRows, check_cents
from auditor.report.records import hand_row
from auditor.report.writer import open_report
from auditor.rules.betting import checks_for
from auditor.rules.pots import check_between_hands, check_pots
from auditor.rules.pots.se001_stack_discontinuity import HandStacks

WORK = Path(__file__).resolve().parent / "_work"
STAGES = ("cut", "read", "replay", "settle", "rows", "write")


@dataclass(slots=True)
class StageSplit:
    """Seconds per stage over ``hands`` hands, and the pipeline's own figure."""

    site: str
    hands: int = 0  # in the stage-by-stage pass
    seconds: dict[str, float] = field(default_factory=lambda: dict.fromkeys(STAGES, 0.0))
    cold_hands: int = 0
    cold_read: float = 0.0  # reading in the warm-up pass (the pipeline, first files)
    pipeline_hands: int = 0
    pipeline: float = 0.0  # cut + audit_chunk + write in the last pass
    replayed: int = 0  # hands that reached the replay
    hotspots: str = ""

    def per_hand(self, stage: str) -> float:
        """µs per hand of ``stage``."""
        return self.seconds[stage] / self.hands * 1e6 if self.hands else 0.0

    @property
    def stages_total(self) -> float:
        """µs per hand of all the stages timed one at a time."""
        return sum(self.per_hand(s) for s in STAGES)

    @property
    def cold(self) -> float:
        return self.cold_read / self.cold_hands * 1e6 if self.cold_hands else 0.0

    @property
    def pipeline_per_hand(self) -> float:
        return self.pipeline / self.pipeline_hands * 1e6 if self.pipeline_hands else 0.0


class _Paused:
    """The cyclic collector off for one chunk, what it leaves frozen afterwards (as
    ``pipeline.audit_chunk``)."""

    def __enter__(self) -> None:
        self.enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        gc.freeze()
        if self.enabled:
            gc.enable()


def _chunks(paths: list[Path], times: dict[str, float] | None = None
            ) -> Iterator[list[HandBlock]]:
    """The files' hand blocks, ``CHUNK_HANDS`` at a time, never across files; the time
    spent cutting added to ``times["cut"]``."""
    for path in paths:
        start = time.perf_counter()
        blocks = blocks_of_file(path, str(path))  # (a container's file is cut here, whole)
        while True:
            chunk = list(islice(blocks, CHUNK_HANDS))
            if times is not None:
                times["cut"] += time.perf_counter() - start
            if not chunk:
                break
            yield chunk
            start = time.perf_counter()


def _pipeline(paths: list[Path], out: Path, auditor: HandAuditor,
              read_time: list[float] | None = None) -> tuple[int, float]:
    """Hands and seconds of the pipeline as ``audit_paths`` runs it with one job (cut,
    ``audit_chunk``, repeats, SE001, writing). With ``read_time``, reading is timed too
    (by wrapping ``read_block``: a little slower)."""
    import auditor.pipeline as pipeline

    shutil.rmtree(out, ignore_errors=True)
    check = ContinuityChecker(auditor)
    repeats = DuplicateFilter(auditor)
    hands = 0
    original = pipeline.read_block
    if read_time is not None:
        def timed(block: HandBlock) -> Hand | Unreadable:
            start = time.perf_counter()
            try:
                return original(block)
            finally:
                read_time[0] += time.perf_counter() - start

        pipeline.read_block = timed  # type: ignore[assignment]
    start = time.perf_counter()
    try:
        with open_report(out, "parquet") as writer:
            for chunk in _chunks(paths):
                result = audit_chunk(auditor, chunk)
                writer.add_tables(_with_continuity(repeats(result), check))
                hands += len(chunk)
    finally:
        pipeline.read_block = original  # type: ignore[assignment]
    return hands, time.perf_counter() - start


def _by_stage(paths: list[Path], out: Path, auditor: HandAuditor, split: StageSplit,
              read: Callable[[HandBlock], Hand | Unreadable] = read_block) -> None:
    """The stage-by-stage pass (see the module's docstring)."""
    shutil.rmtree(out, ignore_errors=True)
    times = split.seconds
    settings = auditor.settings
    profile = settings.profile
    codes = auditor.codes
    check = ContinuityChecker(auditor)
    repeats = DuplicateFilter(auditor)
    clock = time.perf_counter
    with open_report(out, "parquet") as writer:
        for chunk in _chunks(paths, times):
            with _Paused():
                t0 = clock()
                parsed = [read(b) for b in chunk]
                t1 = clock()
                replays: list[ReplayResult | Exception | None] = []
                for hand in parsed:
                    if isinstance(hand, Unreadable) or hand.cancelled:
                        replays.append(None)
                        continue
                    try:
                        replays.append(replay(hand, profile, checks_for(codes, hand.info.limit)))
                    except Exception as exc:
                        replays.append(exc)
                t2 = clock()
                settled: list[Settlement | Exception | None] = []
                for hand, result in zip(parsed, replays, strict=True):
                    if not isinstance(result, ReplayResult):
                        settled.append(None)
                        continue
                    assert isinstance(hand, Hand)
                    try:
                        done = settle(hand, result, profile)
                        found = check_pots(done.audit, codes) if done.audit is not None else []
                        if hand.dialect.topups_logged:
                            found += check_between_hands(hand, codes)
                        settled.append(Settlement(found, done.payouts))
                    except Exception as exc:
                        settled.append(exc)
                t3 = clock()
                rows = ChunkRows()
                stacks = []
                for hand, result, settlement in zip(parsed, replays, settled, strict=True):
                    outcome = _outcome(auditor, hand, result, settlement)
                    rows.add(outcome.hand, outcome.findings, outcome.payouts, outcome.decimals)
                    stacks.append((outcome.source, outcome.stacks))
                chunk_result = ChunkResult(rows.tables(), stacks, rows.payout_counts())
                t4 = clock()
            writer.add_tables(_with_continuity(repeats(chunk_result), check))
            t5 = clock()
            times["read"] += t1 - t0
            times["replay"] += t2 - t1
            times["settle"] += t3 - t2
            times["rows"] += t4 - t3
            times["write"] += t5 - t4
            split.hands += len(chunk)
            split.replayed += sum(isinstance(r, ReplayResult) for r in replays)
        start = clock()
    times["write"] += clock() - start  # closing the report: the findings sorted, files shut


def _outcome(auditor: HandAuditor, hand: Hand | Unreadable,
             result: ReplayResult | Exception | None,
             settlement: Settlement | Exception | None) -> HandOutcome:
    """One hand's rows, as ``HandAuditor._audit`` makes them."""
    if isinstance(hand, Unreadable):
        return auditor.unreadable(hand)
    info = hand.info
    if hand.cancelled:
        return HandOutcome(hand_row(hand, "cancelled"), decimals=info.decimals)
    failed = result if isinstance(result, Exception) else settlement
    if isinstance(failed, Exception) or not isinstance(result, ReplayResult) \
            or not isinstance(settlement, Settlement):
        return auditor.unreadable(Unreadable(
            source=hand.source, first_line=hand.first_line, last_line=hand.last_line,
            line=hand.first_line, code="HH001", site=info.site, hand_id=info.hand_id,
            info=info, message=f"the auditor could not replay this hand ({failed!r})"))
    found: list[Finding] = result.findings + settlement.findings
    findings = [auditor.finding_row(f, hand.source, info.hand_id) for f in found] if found else []
    payouts = settlement.payouts
    check_cents(findings, payouts, info.decimals)
    stacks = HandStacks.of(hand, payouts) if hand.dialect.continuity else None
    return HandOutcome(hand_row(hand, "audited"), findings, payouts, stacks, info.decimals)


def _parts(paths: list[Path], timed: int) -> list[list[Path]]:
    """The files in ``timed + 1`` parts: a fifth to warm up, the rest shared equally."""
    n = len(paths)
    if n <= timed:
        return [paths] * (timed + 1)
    warm = max(1, n // 5)
    rest = paths[warm:]
    size = len(rest) // timed
    return [paths[:warm]] + [rest[i * size:(i + 1) * size] if i < timed - 1
                             else rest[i * size:] for i in range(timed)]


def stage_split(site: str, paths: list[Path], *, profile: bool = False,
                settings: Settings | None = None) -> StageSplit:
    """The stage split of the hands in ``paths`` (see the module's docstring)."""
    auditor = HandAuditor(settings)
    split = StageSplit(site)
    parts = _parts(sorted(paths), 3 if profile else 2)
    out = WORK / f"stages-out-{os.getpid()}"  # (two of these may run side by side)
    read_time = [0.0]
    split.cold_hands, _ = _pipeline(parts[0], out, auditor, read_time)
    split.cold_read = read_time[0]
    if profile:
        profiler = cProfile.Profile()

        def read(block: HandBlock) -> Hand | Unreadable:
            profiler.enable()
            try:
                return read_block(block)
            finally:
                profiler.disable()

        _by_stage(parts[-3], out, auditor, StageSplit(site), read)
        split.hotspots = hotspots(profiler)
    _by_stage(parts[-2], out, auditor, split)
    split.pipeline_hands, split.pipeline = _pipeline(parts[-1], out, auditor)
    shutil.rmtree(out, ignore_errors=True)
    return split


def hotspots(profiler: cProfile.Profile, count: int = 6) -> str:
    """The functions with the most time of their own in ``profiler``, one a line."""
    stream = io.StringIO()
    stats = pstats.Stats(profiler, stream=stream)
    total = sum(v[2] for v in stats.stats.values()) or 1.0  # type: ignore[attr-defined]
    top = sorted(stats.stats.items(), key=lambda kv: kv[1][2], reverse=True)[:count]  # type: ignore[attr-defined]
    lines = []
    for (filename, line, name), (_, calls, tottime, *_rest) in top:
        where = "/".join(Path(filename).parts[-2:]) if filename != "~" else "builtin"
        lines.append(f"{100 * tottime / total:5.1f}%  {name} ({where}:{line}), {calls:,} calls")
    return "\n".join(lines)


def print_table(splits: list[StageSplit], file: Any = None) -> None:
    """The stage split of each site, in µs per hand."""
    out = file or sys.stdout
    head = (f"{'site':<14} {'hands':>6} {'cut':>6} {'read':>6} {'replay':>6} {'settle':>6} "
            f"{'rows':>6} {'write':>6} {'stages':>7} {'pipeline':>8} {'read cold':>9} "
            f"{'in-process':>10}")
    print(head, file=out)
    print("-" * len(head), file=out)
    for s in splits:
        rate = 1e6 / s.pipeline_per_hand if s.pipeline_per_hand else 0.0
        cells = " ".join(f"{s.per_hand(stage):6.1f}" for stage in STAGES)
        print(f"{s.site:<14} {s.hands:>6,} {cells} {s.stages_total:7.1f} "
              f"{s.pipeline_per_hand:8.1f} {s.cold:9.1f} {rate:>8,.0f}/s", file=out)
    print("(µs per hand; 'stages': the six timed one at a time; 'pipeline': cut + audit_chunk "
          "+ write as the CLI runs them with one job, on other files; 'read cold': reading in "
          "the first fifth of the files, caches filling)", file=out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, help="files to split (default: the "
                        "bench inputs of every replayed site)")
    parser.add_argument("--sites", help="comma-separated sites (default: every replayed one)")
    parser.add_argument("--hands", type=int, default=20_000, help="hands per site input")
    parser.add_argument("--session", type=int, default=100, help="hands per session file")
    parser.add_argument("--corpus", type=Path, help="the shared corpus (default: found)")
    parser.add_argument("--profile", action="store_true", help="print the read stage's "
                        "hot spots (cProfile, which inflates call-heavy code)")
    args = parser.parse_args()
    splits = []
    if args.files:
        by_site: dict[str, list[Path]] = {}
        for path in args.files:
            first = next(iter(blocks_of_file(path, str(path))), None)
            if first is not None:
                by_site.setdefault(first.site, []).append(path)
        for site, paths in by_site.items():
            splits.append(stage_split(site, paths, profile=args.profile))
    else:
        import bench

        built = bench.prepare_inputs(args.sites.split(",") if args.sites else None, args.hands,
                                     args.session, args.corpus)
        for site, b in built.items():
            if b is not None:
                splits.append(stage_split(site, b.files, profile=args.profile))
    import bench

    print(f"auditor: {bench.auditor_build()}; reference loop {bench.machine_speed():,.0f} ns; "
          f"{time.strftime('%H:%M UTC', time.gmtime())}")
    print_table(splits)
    for s in splits:
        if s.hotspots:
            print(f"\n{s.site}: read stage, own time\n{s.hotspots}")


if __name__ == "__main__":
    main()
