"""What a worker runs: one piece of one input audited, its rows sent back in Arrow.

A piece is a whole file, a byte range of a large file (``ranges``), or hand blocks the
client cut from a stream it alone can read (standard input, an archive's member). The
worker audits it 500 hands at a time, as a local worker does, and returns every chunk's
``ChunkResult`` (report tables and the compact ``HandStacks``), so that the client can
run what needs the hands in order (SE001, HH004, sessions) exactly as the local run.
A task holds one piece; a piece is at most a range of ``range_bytes``.
"""

from __future__ import annotations

import gzip
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice

from auditor.config import Settings
from auditor.inputs import READ_ERRORS, Input, cut_failure
from auditor.parsing.blocks import HandBlock, blocks_of_export, blocks_of_stream
from auditor.parsing.decode import NotText
from auditor.pieces import reason
from auditor.pipeline import ChunkResult, HandAuditor, audit_chunk, lines_for_findings


@dataclass(slots=True)
class PieceResult:
    """One piece audited: each chunk's rows and, when the client prints findings with
    their lines, what of its blocks shows them (``pipeline.lines_for_findings``);
    ``error`` why the input could not be read further (None: it was read to the piece's
    end)."""

    chunks: list[tuple[ChunkResult, list[HandBlock]]] = field(default_factory=list)
    error: str | None = None
    fatal: bool = False  # the error loses hands (not a file that is no text)

    @property
    def hands(self) -> int:
        """Hands audited in the piece."""
        return sum(len(result.stacks) for result, _ in self.chunks)


@dataclass(frozen=True, slots=True)
class Job:
    """What every task of a run needs: the run's settings, one per configuration
    (pickled once per task; each worker builds its auditors once per run)."""

    run: str  # the run's token
    settings: tuple[Settings, ...]
    chunk_hands: int
    want_lines: bool  # send back the blocks of hands with findings


_auditors: dict[tuple[str, int], HandAuditor] = {}


def _auditor(job: Job, config: int) -> HandAuditor:
    key = (job.run, config)
    auditor = _auditors.get(key)
    if auditor is None:
        if len(_auditors) > 64:  # runs long gone
            _auditors.clear()
        auditor = _auditors[key] = HandAuditor(job.settings[config])
    return auditor


def audit_blocks(job: Job, config: int, blocks: list[HandBlock]) -> PieceResult:
    """Audit hand blocks the client cut (a task)."""
    return PieceResult(list(_audited(job, config, iter(blocks))))


def audit_file(job: Job, config: int, item: Input | str, source: str, name: str
               ) -> PieceResult:
    """Audit a whole file: a local input (as ``inputs.Opener`` opens it) or a URL (a
    task)."""
    from auditor.distributed.sources import AnyOpener, RemoteInput

    target = item if isinstance(item, Input) else RemoteInput(source, item)
    opener = AnyOpener()
    out = PieceResult()
    try:
        with opener.open(target) as stream:
            _audit_into(out, job, config, lambda: blocks_of_stream(stream, source, name),
                        remote=not isinstance(item, Input))
    finally:
        opener.close()
    return out


def audit_range(job: Job, config: int, location: str, source: str, start: int, end: int,
                first_line: int) -> PieceResult:
    """Audit bytes ``[start, end)`` of a text export at ``location`` (a path or URL),
    a range cut at a header line that is line ``first_line`` of the file (a task)."""
    from auditor.distributed.sources import open_bytes
    from auditor.distributed.urls import is_url

    out = PieceResult()
    with open_bytes(location, start, end) as stream:
        _audit_into(out, job, config, lambda: blocks_of_export(stream, source, first_line),
                    remote=is_url(location))
    return out


def _audit_into(out: PieceResult, job: Job, config: int,
                blocks: Callable[[], Iterator[HandBlock]], remote: bool) -> None:
    """Audit the hand blocks ``blocks()`` cuts into ``out``; a file that turns out
    unreadable (or that the cutter fails on) ends the piece with the reason, after the
    hands read before (as the local run). Object storage that fails (``remote``) raises
    instead, so that the task is retried."""
    try:
        for chunk in _audited(job, config, blocks()):
            out.chunks.append(chunk)
    except (*READ_ERRORS, NotText) as exc:
        if remote and isinstance(exc, OSError) and not isinstance(exc, gzip.BadGzipFile):
            raise
        out.error, out.fatal = reason(exc), not isinstance(exc, NotText)
    except Exception as exc:  # a cutter's own failure: this file only (as locally)
        out.error, out.fatal = cut_failure(exc), True


def _audited(job: Job, config: int, blocks: Iterator[HandBlock]
             ) -> Iterable[tuple[ChunkResult, list[HandBlock]]]:
    auditor = _auditor(job, config)
    while chunk := list(islice(blocks, job.chunk_hands)):
        result = audit_chunk(auditor, chunk)
        yield result, lines_for_findings(result, chunk) if job.want_lines else []
