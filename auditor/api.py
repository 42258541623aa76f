"""The one entry the CLI and the tests call: audit text, files and folders.

Each hand goes through ``auditor.pipeline`` (read, replay, settle, judge, rows). Stack
continuity (SE001) looks across hands, so it runs in the parent process, in file order,
on a compact summary of each hand; everything else runs in worker processes when
``jobs > 1``.

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
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc

from auditor.config import Settings
from auditor.parsing.blocks import (
    HandBlock,
    blocks_of_file,
    blocks_of_text,
    split_at_glued_header,
)
from auditor.parsing.decode import NotText
from auditor.parsing.errors import Unreadable
from auditor.parsing.reader import read_block
from auditor.pipeline import (
    ChunkResult,
    ContinuityChecker,
    HandAuditor,
    HandOutcome,
    audit_chunk,
    internal_error,
)
from auditor.report.chunk import findings_table
from auditor.report.records import FindingRecord, FindingRow, HandRecord, PayoutRecord
from auditor.report.writer import Format, ReportSummary, ReportTables, open_report
from auditor.rules.pots.se001_stack_discontinuity import HandStacks, StackTracker

CHUNK_HANDS = 500  # hands sent to a worker at a time


@dataclass(slots=True)
class AuditResult:
    """The rows of a whole audit held in memory (for ``audit_text`` and tests)."""

    hands: list[HandRecord] = field(default_factory=list)
    findings: list[FindingRecord] = field(default_factory=list)
    payouts: list[PayoutRecord] = field(default_factory=list)

    def codes(self) -> list[str]:
        """The finding codes, in report order."""
        return [f.code for f in sorted(self.findings, key=lambda f: (f.source, f.line, f.code))]

    def add(self, outcome: HandOutcome) -> None:
        """The rows of one hand, as records."""
        decimals = outcome.decimals
        hand = HandRecord.from_row(outcome.hand, len(outcome.findings))
        self.hands.append(hand)
        self.findings += [FindingRecord.from_row(f, decimals) for f in outcome.findings]
        self.payouts += [
            PayoutRecord.from_payout(p, source=hand.source, hand_id=hand.hand_id or "",
                                     decimals=decimals)
            for p in outcome.payouts
        ]


def _with_continuity(result: ChunkResult, check: ContinuityChecker) -> ReportTables:
    """The chunk's tables with the SE001 findings of its hands added (and counted)."""
    extra: list[FindingRow] = []
    decimals: list[int] = []
    more = [0] * len(result.stacks)
    for i, (source, stacks) in enumerate(result.stacks):
        found = check.findings(source, stacks)
        if found:
            extra += found
            decimals += [stacks.decimals] * len(found)  # type: ignore[union-attr]
            more[i] = len(found)
    tables = result.tables
    if not extra:
        return tables
    hands = tables.hands
    counts = pc.add(hands["findings"], pa.array(more, pa.int64()))
    index = hands.schema.get_field_index("findings")
    hands = hands.set_column(index, hands.schema.field(index), counts)
    findings = pa.concat_tables([tables.findings, findings_table(extra, decimals)])
    return ReportTables(hands, findings, tables.payouts)



# --- text ---------------------------------------------------------------------------


def audit_text(text: str, source: str = "<text>", settings: Settings | None = None) -> AuditResult:
    """Audit every hand of ``text`` in memory; the rows come back in lists."""
    auditor = HandAuditor(settings)
    check = ContinuityChecker(auditor)
    result = AuditResult()
    for block in blocks_of_text(text, source):
        for outcome in auditor.audit_blocks(block):
            result.add(check(outcome))
    return result


# --- one hand, explained ----------------------------------------------------------


def explain_in_file(path: Path, hand_id: str, settings: Settings | None = None) -> str | None:
    """The hand ``hand_id`` of ``path`` replayed in words (``auditor explain``), or None
    when the file holds no such hand. Stack continuity (SE001) is checked against the
    hands before it in the file. A hand the auditor fails on is explained as HH001 "could
    not be audited"; raises ``OSError`` or ``NotText`` for a file it cannot read."""
    from auditor.explain import explain_hand

    settings = settings or Settings()
    auditor = HandAuditor(settings)
    tracker = StackTracker(auditor.wanted("SE001"))
    for whole in blocks_of_file(path, str(path)):
        for block in split_at_glued_header(whole) or (whole,):
            try:
                parsed = read_block(block)
            except Exception as exc:
                parsed = internal_error(block, exc)
            if block.problem is not None and not isinstance(parsed, Unreadable):
                line, message = block.problem
                parsed = Unreadable(source=parsed.source, first_line=parsed.first_line,
                                    last_line=parsed.last_line, line=line, code="HH001",
                                    message=message, site=block.site,
                                    hand_id=parsed.info.hand_id, info=parsed.info)
            wanted = (parsed.hand_id if isinstance(parsed, Unreadable)
                      else parsed.info.hand_id) == hand_id
            if not wanted and isinstance(parsed, Unreadable) and parsed.code == "HH001":
                tracker.forget(block.source)
            if isinstance(parsed, Unreadable):
                if wanted:
                    return _cannot_explain(path, hand_id, parsed)
                continue
            if parsed.cancelled:
                if wanted:
                    return f"Hand #{hand_id} ({path}) was cancelled: nothing to settle."
                continue
            try:
                result, settlement = auditor.audit_hand(parsed)
                continuity = tracker.feed(HandStacks.of(parsed, settlement.payouts))
                if wanted:
                    findings = [f for f in (*result.findings, *settlement.findings,
                                            *continuity) if auditor.wanted(f.code)]
                    return explain_hand(parsed, result, settlement, findings, settings.profile)
            except Exception as exc:
                tracker.forget(block.source)
                if wanted:
                    return _cannot_explain(path, hand_id, internal_error(block, exc, parsed))
    return None


def _cannot_explain(path: Path, hand_id: str, bad: Unreadable) -> str:
    return (f"Hand #{hand_id} ({path}, lines {bad.first_line}-{bad.last_line}) cannot be "
            f"replayed.\n{bad.code} line {bad.line}: {bad.message}")


# --- files --------------------------------------------------------------------------


@dataclass(slots=True)
class InputProblem:
    """A path that yielded no hands, and why. ``fatal`` when the user named it directly."""

    path: str
    message: str
    fatal: bool


@dataclass(slots=True)
class RunResult:
    """What ``audit_paths`` did."""

    summary: ReportSummary
    problems: list[InputProblem]
    files: int
    seconds: float = 0.0


# In a folder, files of these kinds are documents or data, never hand histories.
NOT_HAND_HISTORIES = frozenset({
    ".md", ".rst", ".json", ".toml", ".yaml", ".yml", ".py", ".parquet", ".tsv", ".pdf",
    ".png", ".jpg", ".jpeg", ".gif", ".zip", ".gz", ".bz2", ".xz", ".7z", ".db", ".sqlite",
})


def discover(paths: Iterable[Path], problems: list[InputProblem] | None = None
             ) -> Iterator[tuple[Path, bool]]:
    """Each file to read, with whether the user named it directly. Folders are searched
    recursively in name order; hidden files and folders, and documents
    (``NOT_HAND_HISTORIES``), are skipped. A folder that cannot be read is added to
    ``problems`` (fatal: hands may be missing)."""
    for path in paths:
        if path.is_dir():
            found: list[Path] = []

            def unreadable(exc: OSError) -> None:
                if problems is not None:
                    problems.append(InputProblem(
                        str(exc.filename), f"cannot read folder: {_reason(exc)}", True))

            for folder, dirs, files in os.walk(path, onerror=unreadable):
                dirs[:] = [d for d in dirs if not d.startswith(".")]
                here = Path(folder)
                found += (here / f for f in files if not f.startswith(".")
                          and Path(f).suffix.lower() not in NOT_HAND_HISTORIES)
            for sub in sorted(found):  # in Path order, as the report always was
                if sub.is_file():
                    yield sub, False
        else:
            yield path, True


def _chunks(files: list[tuple[Path, bool]], problems: list[InputProblem],
            on_file: Callable[[Path], None]) -> Iterator[list[HandBlock]]:
    """Hand blocks of every file, ``CHUNK_HANDS`` at a time (never across files)."""
    for path, named in files:
        on_file(path)
        count = 0
        try:
            blocks = blocks_of_file(path, str(path))
            while chunk := list(islice(blocks, CHUNK_HANDS)):
                count += len(chunk)
                yield chunk
        except NotText as exc:
            problems.append(InputProblem(str(path), f"cannot read: {_reason(exc)}", named))
            continue
        except OSError as exc:  # a file that cannot be read: its hands are missing
            problems.append(InputProblem(str(path), f"cannot read: {_reason(exc)}", True))
            continue
        if count == 0:
            problems.append(InputProblem(str(path), "no hand history found in this file", named))


def _reason(exc: Exception) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc)


class AuditFailed(Exception):
    """The run could not finish (a worker process died): no report was written."""


_worker: HandAuditor | None = None


def _init_worker(settings: Settings, parent: int) -> None:
    global _worker
    # Ctrl-C is the parent's to handle (it stops the workers); SIGTERM kills a worker
    # outright, whatever handler the parent had when it forked.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent(parent)
    _worker = HandAuditor(settings)


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


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop a pool at once: queued chunks dropped, running workers killed."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(2)
        if process.is_alive():
            process.kill()
            process.join(2)


def _audit_chunk(chunk: list[HandBlock]) -> ChunkResult:
    assert _worker is not None
    return audit_chunk(_worker, chunk)


def audit_paths(
    paths: Iterable[Path],
    out_dir: Path,
    *,
    fmt: Format = "parquet",
    jobs: int = 1,
    settings: Settings | None = None,
    on_file: Callable[[Path], None] = lambda p: None,
    on_hands: Callable[[int], None] = lambda n: None,
) -> RunResult:
    """Audit every hand under ``paths`` into a report in ``out_dir``.

    Memory stays flat: hands are streamed in chunks, at most ``2 * jobs`` chunks are in
    flight, and the writer streams its tables to disk. ``on_file`` is told of each file
    as it starts, ``on_hands`` of each chunk of hands done (for a progress bar).
    """
    import time

    start = time.perf_counter()
    auditor = HandAuditor(settings)
    check = ContinuityChecker(auditor)
    problems: list[InputProblem] = []
    files = list(discover(paths, problems))
    chunks = _chunks(files, problems, on_file)

    with open_report(out_dir, fmt) as writer:
        def write(result: ChunkResult) -> None:
            writer.add_tables(_with_continuity(result, check))
            on_hands(len(result.stacks))

        if jobs <= 1:
            for chunk in chunks:
                write(audit_chunk(auditor, chunk))
        else:
            pool = ProcessPoolExecutor(jobs, initializer=_init_worker,
                                       initargs=(auditor.settings, os.getpid()))
            try:
                pending: deque[Future[ChunkResult]] = deque()
                for chunk in chunks:
                    pending.append(pool.submit(_audit_chunk, chunk))
                    if len(pending) >= 2 * jobs:
                        write(pending.popleft().result())
                while pending:
                    write(pending.popleft().result())
            except BrokenProcessPool:
                _stop(pool)
                raise AuditFailed("a worker process died (killed by the system: out of "
                                  "memory?); no report was written") from None
            except BaseException:
                _stop(pool)
                raise
            pool.shutdown()
    summary = writer.summary
    return RunResult(summary=summary, problems=problems, files=len(files),
                     seconds=time.perf_counter() - start)


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1
