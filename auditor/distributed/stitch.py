"""The client's share of a distributed audit: what must see the hands in file order.

Chunks arrive from the workers in any order; the run hands them to ``Stitcher.add`` in
input order, range after range, chunk after chunk, so that HH004 (a hand seen before in
the run), SE001 (a stack changed since the previous hand of the table, across the ranges
of one file) and the sessions come out as the local run's: this is the local run's own
``write`` step (``api.audit_paths``), over the same classes.
"""

from __future__ import annotations

from collections.abc import Callable

from auditor.api import ChunkDone, _with_continuity, _write_sessions
from auditor.config import Settings
from auditor.ledgers import SessionAudit, SessionsDone
from auditor.parsing.blocks import HandBlock
from auditor.pipeline import ChunkResult, ContinuityChecker, DuplicateFilter, HandAuditor
from auditor.report.writer import CountingReport, ReportWriter
from auditor.sites.pokernow.ledger import Ledger


class Stitcher:
    """Feeds chunks, in file order, through duplicates, continuity and sessions into the
    report."""

    def __init__(self, configs: list[Settings], report: ReportWriter | CountingReport | object,
                 ledgers: list[Ledger],
                 on_hands: Callable[[int], None] = lambda n: None,
                 on_chunk: Callable[[ChunkDone], None] | None = None) -> None:
        self.configs = configs
        self.report = report
        self.auditors = [HandAuditor(s) for s in configs]
        self.checks = [ContinuityChecker(a) for a in self.auditors]
        seen: set[int] = set()
        self.repeats = [DuplicateFilter(a, seen) for a in self.auditors]
        self.sessions = SessionAudit(list(ledgers))
        self.on_hands = on_hands
        self.on_chunk = on_chunk

    def add(self, config: int, result: ChunkResult, blocks: list[HandBlock]) -> None:
        """One chunk audited under configuration ``config``, after every chunk before it
        in input order."""
        result = self.repeats[config](result)
        tables = _with_continuity(result, self.checks[config])
        self.report.add_tables(tables)  # type: ignore[attr-defined]
        statuses = tables.hands.column("status").to_pylist()
        for (source, stacks), status in zip(result.stacks, statuses, strict=True):
            if status != "cancelled":  # (a cancelled hand moves no chips)
                self.sessions.feed(source, stacks, config)
        self.on_hands(len(result.stacks))
        if self.on_chunk is not None:
            self.on_chunk(ChunkDone(tables, blocks, self.configs[config]))

    def finish(self) -> SessionsDone:
        """The sessions table and the ledgers' findings, into the report."""
        done = self.sessions.finish()
        _write_sessions(done, self.report, self.auditors, self.configs,  # type: ignore[arg-type]
                        self.on_chunk)
        return done
