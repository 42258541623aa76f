"""``audit_paths`` on a Dask cluster: the same inputs, settings and report, the hands
audited by the cluster's workers.

The run is the local one but for where each chunk of hands is audited:

1. the inputs are found (local paths as ``api.discover`` finds them, URLs with
   ``fs.find``) and each gets its settings, as locally;
2. each input becomes pieces: a file of at most ``range_bytes`` is one piece a worker
   reads whole; a larger text export is cut into byte ranges at hand headers
   (``ranges``: planned by tasks that read it in parallel); what only the client can
   read (standard input, an archive's member) or what cannot be cut (a compressed file,
   a container, a file that is not clean UTF-8) is cut by the client into 500-hand
   chunks, as the local run does;
3. the pieces are submitted in input order, at most a few per worker ahead, each under
   the key of its (input, piece): a task that fails is retried (``retries``), and a
   worker that dies has its tasks run again elsewhere; either way the one result of a
   key is used, once;
4. the results are taken in input order and stitched (``api.Stitcher``): duplicates across
   the run, stack continuity across the ranges of a file, sessions, then the report.

The rows reach the client as compact Arrow tables (about 1.2 KB a hand), so the client
writes the report with the local writer (a local ``-o`` gets the local run's files) or,
for a URL, as a Parquet dataset (``dataset``).
"""

from __future__ import annotations

import time
import uuid
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any, BinaryIO

from auditor.api import (
    ChunkDone,
    RunResult,
    Stitcher,
    _ledgers_among,
    discover,
    provenance,
    read_ledgers,
)
from auditor.config import ConfigError, Settings, SettingsFinder
from auditor.distributed.cluster import connect, threads
from auditor.distributed.ranges import ByteRange, Segment, plan_segment, ranges_of, segment_count
from auditor.distributed.sources import AnyInput, AnyOpener, RemoteInput, discover_url
from auditor.distributed.tasks import Job, PieceResult, audit_blocks, audit_file, audit_range
from auditor.distributed.urls import is_url
from auditor.inputs import READ_ERRORS, ByteMeter, Input, InputProblem, cut_failure
from auditor.parsing.blocks import blocks_of_stream
from auditor.parsing.decode import NotText
from auditor.pieces import CHUNK_HANDS, no_hands, reason, unreadable
from auditor.report.writer import CountingReport, Format, open_report

RANGE_BYTES = 32 << 20  # a larger text export is cut in ranges of about this size
RETRIES = 3  # a task that raises is run again this many times


@dataclass(slots=True)
class _Piece:
    """One piece of one input, submitted: its future, and the bytes it accounts for."""

    input: int
    future: Any
    size: int = 0


@dataclass(slots=True)
class _Failed:
    """The client could not read an input it cuts itself (after ``hands`` hands)."""

    input: int
    reason: str
    fatal: bool = True


@dataclass(slots=True)
class _State:
    """What the run knows of the input being stitched."""

    input: int = -1
    hands: int = 0
    error: str | None = None
    fatal: bool = False
    counted: set[int] = field(default_factory=set)


def audit_on_cluster(
    paths: Iterable[Path | str],
    out_dir: Path | str | None,
    *,
    scheduler: str | Any,
    fmt: Format = "parquet",
    jobs: int = 1,
    settings: Settings | None = None,
    finder: SettingsFinder | None = None,
    on_file: Callable[[Path], None] = lambda p: None,
    on_hands: Callable[[int], None] = lambda n: None,
    on_chunk: Callable[[ChunkDone], None] | None = None,
    meter: ByteMeter | None = None,
    stdin: BinaryIO | None = None,
    stdin_name: str | None = None,
    ledgers: Sequence[Path | str] = (),
    range_bytes: int = RANGE_BYTES,
) -> RunResult:
    """``api.audit_paths`` on the Dask scheduler ``scheduler`` (``"local"``: a
    ``LocalCluster`` of ``jobs`` workers; an address; or a connected ``Client``).
    ``paths`` and ``out_dir`` may be fsspec URLs; a URL ``out_dir`` gets a Parquet
    dataset (``dataset.DatasetReport``). Raises ``ConfigError`` for a CSV report to a
    URL."""
    start = time.perf_counter()
    if out_dir is not None and is_url(out_dir) and fmt == "csv":
        raise ConfigError("a CSV report is written to a local folder: give -o a local "
                          "path, or write Parquet (--format parquet)")
    if settings is not None:
        finder = None
    elif finder is None:
        finder = SettingsFinder()

    def chosen(path: Path | None) -> Settings:
        return settings if settings is not None else finder.for_path(path)  # type: ignore[union-attr]

    inputs, problems = _discover(paths, chosen, stdin_name)
    configs: list[Settings] = []
    index_of: dict[int, int] = {}  # id of a Settings -> its index
    config_by_item: dict[int, int] = {}  # id of an input -> its configuration
    used: dict[str, int] = {}
    for item in inputs:
        this = chosen(item.path if isinstance(item, Input) else None)
        if id(this) not in index_of:
            index_of[id(this)] = len(configs)
            configs.append(this)
        config_by_item[id(item)] = index_of[id(this)]
        name = this.config_files[0] if this.config_files else ""
        used[name] = used.get(name, 0) + 1
    if not configs:
        configs.append(settings or Settings())
    found_ledgers = []
    if any(item.name.lower().endswith(".csv") for item in inputs):
        inputs, found_ledgers = _ledgers_among(inputs, AnyOpener(stdin=stdin),  # type: ignore[arg-type]
                                               problems)
    config_of = [config_by_item[id(item)] for item in inputs]
    all_ledgers = [*read_ledgers(ledgers), *found_ledgers]
    meter = meter or ByteMeter()
    meter.total += sum(item.size for item in inputs)
    made = provenance(configs, inputs)  # type: ignore[arg-type]
    made["ledgers"] = [ledger.source for ledger in all_ledgers]
    report = _report(out_dir, fmt, made)
    job = Job(uuid.uuid4().hex, tuple(configs), CHUNK_HANDS, on_chunk is not None)
    with connect(scheduler, jobs) as client, report:
        stitcher = Stitcher(configs, report, all_ledgers, on_hands, on_chunk)
        run = _Run(client, job, inputs, config_of, range_bytes, AnyOpener(meter, stdin))
        state = _State()
        for piece in run.pieces():
            _take(piece, state, run, stitcher, problems, on_file, meter)
        _end_input(state, inputs, problems)
        done = stitcher.finish()
    problems += [InputProblem(use.ledger, "matches no PokerNow log of the run (name it "
                              "ledger_<game id>.csv, as the log's game id)", True)
                 for use in done.ledgers if use.log is None]
    return RunResult(summary=report.summary, problems=problems, files=len(inputs),
                     seconds=time.perf_counter() - start, configs=used, settings=configs,
                     ledgers=done.ledgers)


def _discover(paths: Iterable[Path | str], chosen: Callable[[Path | None], Settings],
              stdin_name: str | None) -> tuple[list[AnyInput], list[InputProblem]]:
    """Every input under ``paths``, local or at a URL, in the order given."""
    inputs: list[AnyInput] = []
    problems: list[InputProblem] = []
    for given in paths:
        if is_url(given):
            found, bad = discover_url(str(given), chosen(None).exclude)
            inputs += found
        else:
            local, bad = discover([given], lambda p: chosen(p).exclude, stdin_name)
            inputs += local
        problems += bad
    return inputs, problems


def _report(out_dir: Path | str | None, fmt: Format, made: dict[str, object]) -> Any:
    if out_dir is None:
        return CountingReport(fmt)
    if is_url(out_dir):
        from auditor.distributed.dataset import DatasetReport

        return DatasetReport(str(out_dir), provenance=made)
    return open_report(Path(out_dir), fmt, provenance=made)


def _take(piece: _Piece | _Failed, state: _State, run: _Run, stitcher: Stitcher,
          problems: list[InputProblem], on_file: Callable[[Path], None],
          meter: ByteMeter) -> None:
    """Stitch one piece's result, in input order."""
    if piece.input != state.input:
        _end_input(state, run.inputs, problems)
        state.input, state.hands, state.error, state.fatal = piece.input, 0, None, False
        on_file(Path(run.inputs[piece.input].source))
    if isinstance(piece, _Failed):
        if state.error is None:
            state.error, state.fatal = piece.reason, piece.fatal
        return
    if state.error is not None:  # the input stopped being read before this piece
        piece.future.cancel()
        return
    try:
        result: PieceResult = piece.future.result()
    except OSError as exc:  # object storage that kept failing
        state.error, state.fatal = reason(exc), True
        return
    finally:
        meter.done += piece.size
    config = run.config_of[piece.input]
    for chunk, blocks in result.chunks:
        stitcher.add(config, chunk, blocks)
    state.hands += result.hands
    state.error, state.fatal = result.error, result.fatal


def _end_input(state: _State, inputs: list[AnyInput], problems: list[InputProblem]) -> None:
    """The problem of the input just stitched, as the local run words it."""
    if state.input < 0:
        return
    item = inputs[state.input]
    if state.error is not None:
        problems.append(unreadable(item, state.hands, (state.error, state.fatal)))
    elif state.hands == 0:
        problems.append(no_hands(item))
    state.input = -1


def _compressed(item: AnyInput) -> bool:
    """Whether the input is read through a decompressor (its name loses a suffix)."""
    if isinstance(item, RemoteInput):
        return item.compressed
    return item.path is not None and item.name != item.path.name


class _Run:
    """The pieces of a run's inputs, submitted a few per worker ahead of the one being
    stitched."""

    def __init__(self, client: Any, job: Job, inputs: list[AnyInput], config_of: list[int],
                 range_bytes: int, opener: AnyOpener) -> None:
        self.client = client
        self.job = job
        self.inputs = inputs
        self.config_of = config_of
        self.range_bytes = range_bytes
        self.opener = opener
        self.ahead = 2 * threads(client) + 2
        self.plans = {i: self._plan(i, item) for i, item in enumerate(inputs)
                      if self._cut_in_ranges(item)}

    def pieces(self) -> Iterator[_Piece | _Failed]:
        """Every piece in input order, each submitted ``ahead`` pieces before it is
        given."""
        pending: deque[_Piece | _Failed] = deque()
        specs = self._specs()
        try:
            for spec in specs:
                pending.append(spec)
                if len(pending) > self.ahead:
                    yield pending.popleft()
            while pending:
                yield pending.popleft()
        finally:
            for piece in pending:
                if isinstance(piece, _Piece):
                    piece.future.cancel()
            self.opener.close()

    def _submit(self, fn: Callable[..., PieceResult], key: str, *args: Any) -> Any:
        return self.client.submit(fn, *args, key=f"{key}-{self.job.run}", pure=False,
                                  retries=RETRIES)

    def _specs(self) -> Iterator[_Piece | _Failed]:
        job = self.job
        for i, item in enumerate(self.inputs):
            config = self.config_of[i]
            planned = i in self.plans
            ranges = self._ranges(i, item) if planned else None
            if ranges is not None and len(ranges) > 1:
                location = self._location(item)
                for k, r in enumerate(ranges):
                    yield _Piece(i, self._submit(audit_range, f"audit-{i}-{k}", job, config,
                                                 location, item.source, r.start, r.end,
                                                 r.first_line), r.end - r.start)
            elif ranges is not None or (not planned and self._read_by_worker(item)
                                        and item.size <= self.range_bytes):
                target = item if isinstance(item, Input) else item.url
                yield _Piece(i, self._submit(audit_file, f"audit-{i}", job, config, target,
                                             item.source, item.name), item.size)
            else:
                yield from self._cut_here(i, item, config)

    def _cut_here(self, i: int, item: AnyInput, config: int) -> Iterator[_Piece | _Failed]:
        """The hands of an input the client reads, 500 at a time (as the local run)."""
        k = 0
        try:
            with self.opener.open(item) as stream:
                blocks = blocks_of_stream(stream, item.source, item.name)
                while chunk := list(islice(blocks, self.job.chunk_hands)):
                    yield _Piece(i, self._submit(audit_blocks, f"audit-{i}-{k}", self.job,
                                                 config, chunk))
                    k += 1
        except (*READ_ERRORS, NotText) as exc:
            yield _Failed(i, reason(exc), not isinstance(exc, NotText))
        except Exception as exc:  # a cutter's own failure: this file only (as locally)
            yield _Failed(i, cut_failure(exc))

    @staticmethod
    def _read_by_worker(item: AnyInput) -> bool:
        """Whether a worker opens the input itself (a file, not a stream only the
        client can read)."""
        return isinstance(item, RemoteInput) or (item.path is not None and item.member is None)

    def _cut_in_ranges(self, item: AnyInput) -> bool:
        """Whether the input is a file large enough to cut, read as it is stored."""
        return (item.size > self.range_bytes and self._read_by_worker(item)
                and not _compressed(item))

    def _plan(self, i: int, item: AnyInput) -> list[Any]:
        location = self._location(item)
        return [self.client.submit(plan_segment, location, item.name, k, item.size,
                                   self.range_bytes, key=f"plan-{i}-{k}-{self.job.run}",
                                   pure=False, retries=RETRIES)
                for k in range(segment_count(item.size, self.range_bytes))]

    def _ranges(self, i: int, item: AnyInput) -> list[ByteRange] | None:
        """The byte ranges of a large input (None: it is not cut: small, or not clean;
        a large one that is not clean is cut by the client, as a stream)."""
        futures = self.plans.pop(i, None)
        if futures is None:
            return None
        try:
            segments: list[Segment] = self.client.gather(futures)
        except OSError:
            return None  # read it as a stream: the error, if it stays, is reported then
        return ranges_of(segments, item.size)

    @staticmethod
    def _location(item: AnyInput) -> str:
        return item.url if isinstance(item, RemoteInput) else str(item.path)
