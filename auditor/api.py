"""The one entry the CLI and the tests call: audit text, files and folders.

Per hand: read it (its site's grammar), replay the betting (``engine.replay``), settle
the pots (``engine.settle``), then turn findings and payouts into report rows. Stack
continuity (SE001) looks across hands, so it runs in the parent process, in file order,
on a compact summary of each hand; everything else runs in worker processes when
``jobs > 1``.
"""

from __future__ import annotations

import gc
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc

from auditor.config import Settings
from auditor.engine.replay import replay
from auditor.engine.result import PayoutRow
from auditor.engine.settle import settle
from auditor.model.hand import Hand, ParseStatus
from auditor.parsing.blocks import HandBlock, blocks_of_file, blocks_of_text
from auditor.parsing.decode import NotText
from auditor.parsing.pokerstars import Unreadable
from auditor.parsing.reader import read_block
from auditor.report.chunk import ChunkRows, check_cents, findings_table
from auditor.report.records import (
    FindingRecord,
    FindingRow,
    HandRecord,
    HandRow,
    PayoutRecord,
    hand_row,
)
from auditor.report.writer import Format, ReportSummary, ReportTables, open_report
from auditor.rules.base import Finding
from auditor.rules.pots.se001_stack_discontinuity import HandStacks, StackTracker
from auditor.rules.registry import all_rules

CHUNK_HANDS = 500  # hands sent to a worker at a time


@dataclass(slots=True)
class HandOutcome:
    """Everything auditing one hand produced, as plain values (amounts in units of
    10^-``decimals``): files turn chunks of them into Arrow (``ChunkRows``), ``audit_text``
    into records (``AuditResult.add``)."""

    hand: HandRow  # its findings count is len(findings), once SE001 has added its own
    findings: list[FindingRow] = field(default_factory=list)
    payouts: list[PayoutRow] = field(default_factory=list)
    stacks: HandStacks | None = None  # for SE001, None when the hand was not audited
    decimals: int = 2

    @property
    def source(self) -> str:
        return self.hand[0]


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


class HandAuditor:
    """Audits hand blocks one at a time under one set of settings."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        rules = all_rules()
        self._rule_meta = {
            code: (rule.name, self.settings.severity_of(code, rule.severity))
            for code, rule in rules.items()
        }

    def wanted(self, code: str) -> bool:
        selection = self.settings.selection
        return selection is None or code in selection

    def finding_row(self, finding: Finding, source: str, hand_id: str | None) -> FindingRow:
        """The report row of a finding."""
        name, severity = self._rule_meta[finding.code]
        return (source, hand_id, finding.line, finding.code, name, severity, finding.street,
                finding.player, finding.message, finding.expected, finding.observed)

    def audit_block(self, block: HandBlock) -> HandOutcome:
        """Read, replay and settle one hand block."""
        parsed = read_block(block)
        if isinstance(parsed, Unreadable):
            return self._unreadable(parsed)
        try:
            return self._audit(parsed)
        except Exception as exc:
            return self._unreadable(Unreadable(
                source=parsed.source, first_line=parsed.first_line, last_line=parsed.last_line,
                line=parsed.first_line, code="HH001", site=parsed.info.site,
                hand_id=parsed.info.hand_id, info=parsed.info,
                message=f"the auditor could not replay this hand ({type(exc).__name__}: "
                        f"{exc}); please report it",
            ))

    def _audit(self, hand: Hand) -> HandOutcome:
        info = hand.info
        if hand.cancelled:
            return HandOutcome(hand_row(hand, "cancelled"), decimals=info.decimals)
        result = replay(hand, self.settings)
        settlement = settle(hand, result, self.settings)
        found = result.findings + settlement.findings
        findings = [self.finding_row(f, hand.source, info.hand_id) for f in found] if found else []
        payouts = settlement.payouts
        check_cents(findings, payouts, info.decimals)
        return HandOutcome(hand_row(hand, "audited"), findings, payouts,
                           HandStacks.of(hand, settlement), info.decimals)

    def _unreadable(self, bad: Unreadable) -> HandOutcome:
        status: ParseStatus = "unsupported" if bad.code == "HH002" else "unparsable"
        info = bad.info
        hand_id = bad.hand_id or None
        findings = []
        if self.wanted(bad.code):
            finding = Finding(code=bad.code, line=bad.line, message=bad.message)
            findings.append(self.finding_row(finding, bad.source, hand_id))
        row: HandRow
        if info is not None:
            row = (bad.source, hand_id, bad.first_line, bad.last_line, bad.site, info.game,
                   info.limit, None, info.currency, info.table, info.tournament,
                   info.started or None, status)
        else:
            row = (bad.source, hand_id, bad.first_line, bad.last_line, bad.site, None, None,
                   None, "", "", None, None, status)
        return HandOutcome(row, findings, decimals=info.decimals if info else 2)


class ContinuityChecker:
    """Runs SE001 over hands in file order (it needs the previous hand of each table)."""

    def __init__(self, auditor: HandAuditor) -> None:
        self.auditor = auditor
        self.tracker = StackTracker(auditor.settings)

    def findings(self, source: str, stacks: HandStacks | None) -> list[FindingRow]:
        """The SE001 rows of one hand; a hand that was not audited breaks its file's chains."""
        if stacks is None:
            self.tracker.forget(source)
            return []
        found = self.tracker.feed(stacks)
        if not found:  # nearly always: no list to build
            return []
        return [self.auditor.finding_row(f, source, stacks.hand_id) for f in found]

    def __call__(self, outcome: HandOutcome) -> HandOutcome:
        """``outcome`` with its SE001 findings added."""
        outcome.findings += self.findings(outcome.source, outcome.stacks)
        return outcome


@dataclass(slots=True)
class ChunkResult:
    """A chunk of hands audited by a worker: the report rows in Arrow, and for each hand
    its file and stacks, for the continuity check the parent runs in order."""

    tables: ReportTables
    stacks: list[tuple[str, HandStacks | None]]


def audit_chunk(auditor: HandAuditor, chunk: list[HandBlock]) -> ChunkResult:
    """Audit consecutive hand blocks of one file."""
    rows = ChunkRows()
    stacks = []
    with _collector_paused():
        for block in chunk:
            outcome = auditor.audit_block(block)
            rows.add(outcome.hand, outcome.findings, outcome.payouts, outcome.decimals)
            stacks.append((outcome.source, outcome.stacks))
        result = ChunkResult(rows.tables(), stacks)
        # The readers' caches are long-lived and large; the cyclic collector would scan
        # them again and again (a quarter of the run time). Hands form no reference cycles
        # and are freed by reference counting, so moving what is alive now out of the
        # collector's sight frees nothing less.
        gc.freeze()
    return result


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic collector off while a chunk is audited: hands make no reference cycles,
    so it would only rescan the chunk's rows as they pile up (about 2% of the run).
    Freezing before it resumes leaves it nothing of the chunk to scan."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


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
        result.add(check(auditor.audit_block(block)))
    return result


# --- one hand, explained ----------------------------------------------------------


def explain_in_file(path: Path, hand_id: str, settings: Settings | None = None) -> str | None:
    """The hand ``hand_id`` of ``path`` replayed in words (``auditor explain``), or None
    when the file holds no such hand. Stack continuity (SE001) is checked against the
    hands before it in the file."""
    from auditor.explain import explain_hand

    settings = settings or Settings()
    auditor = HandAuditor(settings)
    tracker = StackTracker(settings)
    for block in blocks_of_file(path, str(path)):
        parsed = read_block(block)
        wanted = f"#{hand_id}:" in block.lines[0] or (
            not isinstance(parsed, Unreadable) and parsed.info.hand_id == hand_id)
        if isinstance(parsed, Unreadable):
            if wanted:
                return (f"Hand #{hand_id} ({path}, lines {parsed.first_line}-"
                        f"{parsed.last_line}) cannot be replayed.\n"
                        f"{parsed.code} line {parsed.line}: {parsed.message}")
            continue
        if parsed.cancelled:
            if wanted:
                return f"Hand #{hand_id} ({path}) was cancelled: nothing to settle."
            continue
        result = replay(parsed, settings)
        settlement = settle(parsed, result, settings)
        continuity = tracker.feed(HandStacks.of(parsed, settlement))
        if wanted:
            findings = [f for f in (*result.findings, *settlement.findings, *continuity)
                        if auditor.wanted(f.code)]
            return explain_hand(parsed, result, settlement, findings, settings.profile)
    return None


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


def discover(paths: Iterable[Path]) -> Iterator[tuple[Path, bool]]:
    """Each file to read, with whether the user named it directly. Folders are searched
    recursively in name order; hidden files and folders, and documents
    (``NOT_HAND_HISTORIES``), are skipped."""
    for path in paths:
        if path.is_dir():
            for sub in sorted(path.rglob("*")):
                rel = sub.relative_to(path).parts
                if (sub.is_file() and sub.suffix.lower() not in NOT_HAND_HISTORIES
                        and not any(p.startswith(".") for p in rel)):
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
        except (OSError, NotText) as exc:
            problems.append(InputProblem(str(path), f"cannot read: {_reason(exc)}", named))
            continue
        if count == 0:
            problems.append(InputProblem(str(path), "no hand history found in this file", named))


def _reason(exc: Exception) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc)


_worker: HandAuditor | None = None


def _init_worker(settings: Settings) -> None:
    global _worker
    _worker = HandAuditor(settings)


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
    files = list(discover(paths))
    problems: list[InputProblem] = []
    chunks = _chunks(files, problems, on_file)

    with open_report(out_dir, fmt) as writer:
        def write(result: ChunkResult) -> None:
            writer.add_tables(_with_continuity(result, check))
            on_hands(len(result.stacks))

        if jobs <= 1:
            for chunk in chunks:
                write(audit_chunk(auditor, chunk))
        else:
            with ProcessPoolExecutor(jobs, initializer=_init_worker,
                                     initargs=(auditor.settings,)) as pool:
                pending: deque[Future[ChunkResult]] = deque()
                for chunk in chunks:
                    pending.append(pool.submit(_audit_chunk, chunk))
                    if len(pending) >= 2 * jobs:
                        write(pending.popleft().result())
                while pending:
                    write(pending.popleft().result())
    summary = writer.summary
    return RunResult(summary=summary, problems=problems, files=len(files),
                     seconds=time.perf_counter() - start)


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1
