"""The local run's worker processes: what each runs, and how the parent hands them the
run's pieces (``auditor.pieces``) and takes their rows back, in input order.

Worker processes die with their parent (``PR_SET_PDEATHSIG`` on Linux, a watchdog thread
elsewhere), leave Ctrl-C to the parent, and are stopped when the run fails; a worker that
dies (the out-of-memory killer) fails the run with ``AuditFailed``, and no report is
written.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import suppress
from itertools import chain, islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from auditor.config import Settings
from auditor.inputs import ByteMeter, InputProblem
from auditor.lean_imports import arrow_compute
from auditor.parsing.blocks import HandBlock
from auditor.pieces import (
    FileInRanges,
    FilesDone,
    Grouping,
    Piece,
    audit_files,
    audit_range,
)
from auditor.pipeline import ChunkResult, HandAuditor, audit_chunk
from auditor.report.schema import keep_pandas_out

if TYPE_CHECKING:  # the pool is imported where a run starts one (a small input does not)
    from concurrent.futures import Future, ProcessPoolExecutor

    from auditor.api import Stitcher

_T = TypeVar("_T")
PREWARM = True  # the parent audits the first piece (False: workers do all)


class AuditFailed(Exception):
    """The run could not finish (a worker process died): no report was written."""


_workers: list[HandAuditor] = []


def _init_worker(settings: list[Settings], parent: int) -> None:
    # Ctrl-C is the parent's to handle (exit 130, no report: it stops the workers); a
    # worker that took it too would print a traceback of its own. SIGTERM kills a worker
    # outright, whatever handler the parent had when it forked.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent(parent)
    keep_pandas_out()  # (a worker started afresh, not forked, asks again)
    _workers[:] = [HandAuditor(s) for s in settings]


def _die_with_parent(parent: int) -> None:
    """Make this worker exit when the process that started it dies."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            pr_set_pdeathsig = 1
            if libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0) == 0:
                if os.getppid() != parent:  # the parent died before the call
                    os._exit(1)
                return
        except (OSError, AttributeError):
            pass

    def watch() -> None:  # elsewhere: look every second
        while os.getppid() == parent:
            threading.Event().wait(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watchdog", daemon=True).start()


def _result(pool: ProcessPoolExecutor, future: Future[_T]) -> _T:
    """``future.result()``, or ``BrokenProcessPool`` as soon as a worker is seen dead.

    The pool's own thread marks the pool broken when a worker dies, except when the
    worker was killed while it sent back a result: the thread then waits forever for the
    rest of the message (CPython 3.11; a killed worker hung the run about 1 time in 25
    on this VM under load). Every second of waiting, the workers are looked at here."""
    from concurrent.futures.process import BrokenProcessPool
    from multiprocessing.connection import wait

    while True:
        try:
            return future.result(timeout=1.0)
        except TimeoutError:
            processes = (getattr(pool, "_processes", None) or {}).values()
            # (a sentinel is ready once its process has ended; waiting on it reaps nothing)
            if wait([p.sentinel for p in processes], timeout=0):
                raise BrokenProcessPool("a worker process died") from None


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop a pool at once: queued chunks dropped, running workers killed, and the pool's
    threads let go so that the process can exit."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    # (shutdown lets go of these: they are taken first, for below)
    results = getattr(getattr(pool, "_result_queue", None), "_writer", None)
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(2)
        if process.is_alive():
            process.kill()
            process.join(2)
    # A worker killed while it sent back a result leaves the pool's thread waiting for the
    # rest of it on a pipe that only this process still holds open, and the interpreter
    # waits for that thread at exit: a run stopped by Ctrl-C or SIGTERM then never ended
    # (CPython 3.11, about 1 stop in 15). Closing this process's end gives the thread an
    # end of file instead: it takes that as a dead worker, and cleans up (which also
    # frees the thread feeding chunks to the workers).
    if results is not None:
        with suppress(OSError):
            results.close()
    # Then the thread is let finish: at exit the interpreter wakes it through a pipe that
    # the thread closes as it ends, and the two racing printed a traceback.
    if manager is not None:
        manager.join(5)


def _audit_blocks(auditors: Sequence[HandAuditor], config: int, chunk: list[HandBlock]
                  ) -> ChunkResult:
    return audit_chunk(auditors[config], chunk)


def _task(piece: Piece, want_lines: bool) -> tuple[Callable[..., Any], tuple[Any, ...]] | None:
    """What auditing ``piece`` calls, with the auditors first (the parent's or a
    worker's), and the rest of its arguments; None for a piece of problems only."""
    if piece.span is not None and piece.files is not None:
        return audit_range, (piece.config, piece.files[0], piece.span, want_lines)
    if piece.files is not None:
        return audit_files, (piece.config, piece.files, want_lines)
    if piece.blocks is not None:
        return _audit_blocks, (piece.config, piece.blocks)
    return None


def _in_worker(audit: Callable[..., _T], *args: Any) -> _T:
    return audit(_workers, *args)


def audit_pieces(jobs: int, work: Iterator[Piece], grouping: Grouping, stitcher: Stitcher,
                 problems: list[InputProblem], on_file: Callable[[Path], None],
                 meter: ByteMeter) -> None:
    """Audit the pieces of a run (``pieces.pieces``) with ``jobs`` worker processes, at
    most ``2 * jobs`` of them in flight, and stitch them in input order; ``grouping``
    learns from each piece of files how many bytes hold a chunk of hands."""
    want_lines = stitcher.on_chunk is not None

    def here(piece: Piece) -> FilesDone | ChunkResult | None:
        task = _task(piece, want_lines)
        return None if task is None else task[0](stitcher.auditors, *task[1])

    ranged: list[FileInRanges] = []  # the file being stitched range by range

    def take(piece: Piece, done: FilesDone | ChunkResult | None) -> None:
        if isinstance(done, FilesDone) and piece.span is not None and piece.files:
            item, span = piece.files[0], piece.span
            if not ranged or ranged[0].item is not item:
                ranged[:] = [FileInRanges(item)]
                on_file(Path(item.source))
            meter.done += span.end - span.start
            grouping.learn(span.end - span.start, done.hands)
            if ranged[0].add(done):
                for result, shown in done.chunks:
                    stitcher.add(piece.config, result, shown)
            if piece.last:
                problems.extend(ranged.pop().problems())
        elif isinstance(done, FilesDone):
            for item in piece.files or ():
                on_file(Path(item.source))
                meter.done += item.size
            grouping.learn(sum(i.size for i in piece.files or ()), done.hands)
            for result, shown in done.chunks:
                stitcher.add(piece.config, result, shown)
            problems.extend(done.problems)
        elif done is not None:
            stitcher.add(piece.config, done, piece.blocks or [])
        problems.extend(piece.problems)

    head = list(islice(work, 1))
    if PREWARM and head and head[0].span is None:
        # The parent audits the first piece itself before the workers fork: they start
        # with its imports and its readers' caches warm (each would spend about 0.2 s
        # warming its own), and a run of one piece starts no workers. Not a byte range
        # of a large file: thousands of hands, while no worker runs.
        take(head[0], here(head[0]))
        head = []
    head += islice(work, 2 - len(head))
    if len(head) <= 1:  # a run with one piece left starts no workers (a small input starts fast)
        for piece in head:
            take(piece, here(piece))
        return
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    # Imported before the workers fork, as the compute functions were before they were
    # left out of small runs: a run this big may need them for its repeated hands, and
    # the parent then never imports a module while workers run.
    arrow_compute()
    pool = ProcessPoolExecutor(jobs, initializer=_init_worker,
                               initargs=(stitcher.configs, os.getpid()))

    def there(piece: Piece) -> Future[Any] | None:
        task = _task(piece, want_lines)
        return None if task is None else pool.submit(_in_worker, task[0], *task[1])

    try:
        pending: deque[tuple[Piece, Future[Any] | None]] = deque()
        for piece in chain(head, work):
            pending.append((piece, there(piece)))
            if len(pending) >= 2 * jobs:
                piece, future = pending.popleft()
                take(piece, None if future is None else _result(pool, future))
        while pending:
            piece, future = pending.popleft()
            take(piece, None if future is None else _result(pool, future))
    except BrokenProcessPool:
        _stop(pool)
        raise AuditFailed("a worker process died (killed by the system: out of "
                          "memory?); no report was written") from None
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
