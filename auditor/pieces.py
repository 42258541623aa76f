"""How a local run's inputs become chunks of hands, and, with worker processes, pieces.

One job: every input is cut in the parent into chunks of ``CHUNK_HANDS`` hands
(``chunks_of``). With workers the parent is the one process every hand passes through
(the hands in order for HH004, SE001 and the sessions, then the report), so it cuts as
little as it can (``pieces``): small files on disk are handed to the workers as files,
a few together, which a worker reads and cuts itself (``audit_files``); a larger text
export is handed out in byte ranges that start at hand headers, numbered as the whole
file (``audit_range``, with the Dask run's ``distributed.ranges``); only what a worker
cannot read alone (standard input, an archive's members, a compressed file, a large
file whose bytes cannot be cut safely) is cut by the parent, as with one job.

Either way each file is cut by the same code into the same hand blocks, with the same
problems, and the chunks are stitched in input order: the report is the one job's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from auditor.inputs import READ_ERRORS, Input, InputProblem, Opener, cut_failure
from auditor.parsing.blocks import HandBlock, blocks_of_export, blocks_of_stream
from auditor.parsing.decode import NotText
from auditor.pipeline import ChunkResult, HandAuditor, audit_chunk, lines_for_findings

if TYPE_CHECKING:  # (imported where a file is cut in ranges: a small run does without)
    from auditor.distributed.ranges import ByteRange

CHUNK_HANDS = 500  # hands audited at a time (a worker's task, at most)
PACK_FILES = True  # chunks go across files (False: a chunk per file, the plain way)
WORKERS_READ = True  # workers read files themselves (False: the parent cuts every input)
# A worker reads consecutive small files of one configuration together: about a chunk of
# hands (``Grouping``), guessed at GROUP_BYTES until the run's first pieces tell how many
# bytes its files hold a hand. A file of over twice that goes in ranges of about that size
# (chunk-sized pieces keep every core busy to the run's end); one that cannot be cut (a
# container: a log, an XML export) goes whole up to WHOLE_BYTES, else to the parent.
GROUP_BYTES = 512 << 10  # some 330 PokerStars hands, 130 of iPoker's XML
WHOLE_BYTES = 8 << 20
PLAN_BYTES = 256 << 10  # a large file's ranges are planned this fine, then joined


def chunks_of(inputs: Sequence[Input], problems: list[InputProblem], opener: Opener,
              on_file: Callable[[Path], None], config_of: Sequence[int]
              ) -> Iterator[tuple[int, list[HandBlock]]]:
    """Hand blocks of every input, ``CHUNK_HANDS`` at a time, with the index of their
    configuration; what cannot be read goes into ``problems``. Consecutive files of one
    configuration share chunks (real exports are a file per session of a hundred hands
    or so: chunks of one file would pay five times the per-chunk cost); every file is
    still read ``CHUNK_HANDS`` hands at a time, so a file that fails to read loses the
    same hands as it would alone."""
    pending: list[HandBlock] = []
    sources: set[str] = set()  # the files in ``pending``: a file given twice starts anew
    config = 0
    for index, item in enumerate(inputs):
        if pending and (config_of[index] != config or item.source in sources
                        or not PACK_FILES):
            yield config, pending
            pending, sources = [], set()
        config = config_of[index]
        on_file(Path(item.source))
        count = 0
        try:
            with opener.open(item) as stream:
                blocks = blocks_of_stream(stream, item.source, item.name)
                while part := list(islice(blocks, CHUNK_HANDS)):
                    count += len(part)
                    sources.add(item.source)
                    pending += part
                    while len(pending) >= CHUNK_HANDS:
                        yield config, pending[:CHUNK_HANDS]
                        pending, sources = pending[CHUNK_HANDS:], {item.source}
        except Exception as exc:
            problems.append(unreadable(item, count, why(exc)))
            continue
        if count == 0:
            problems.append(no_hands(item))
    if pending:
        yield config, pending
    opener.close()


def why(exc: Exception) -> tuple[str, bool]:
    """Why a file stopped being read, in a few words, and whether that loses hands: a
    file not text is no hand history; one that cannot be read (or that a cutter fails
    on: this file only, never the batch) loses its hands."""
    if isinstance(exc, (*READ_ERRORS, NotText)):
        return reason(exc), not isinstance(exc, NotText)
    return cut_failure(exc), True


class Named(Protocol):
    """An input as its problems name it: a local ``Input`` or a Dask run's URL."""

    @property
    def source(self) -> str: ...

    @property
    def named(self) -> bool: ...


def unreadable(item: Named, hands: int, cause: tuple[str, bool]) -> InputProblem:
    """The problem of a file that stopped being read (``why``) after ``hands`` hands."""
    where = f" after {hands:,} hands" if hands else ""
    words, loses = cause
    return InputProblem(item.source, f"cannot read{where}: {words}", item.named or loses)


def no_hands(item: Named) -> InputProblem:
    """The problem of a file read to its end with no hand in it."""
    return InputProblem(item.source, "no hand history found in this file", item.named)


def reason(exc: BaseException) -> str:
    """Why an input could not be read, in a few words."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__


# --- with workers -----------------------------------------------------------------


@dataclass(slots=True)
class Piece:
    """One unit of a run with workers, in input order: ``files`` a worker reads itself
    (with ``span``: one byte range of one file, the file's last when ``last``), or
    ``blocks`` the parent cut (neither: only problems). ``problems`` are those the
    parent met cutting up to here, reported when the piece is stitched, so that the
    run lists them in input order, as with one job."""

    config: int
    files: list[Input] | None = None
    blocks: list[HandBlock] | None = None
    problems: list[InputProblem] = field(default_factory=list)
    span: ByteRange | None = None
    last: bool = False


@dataclass(slots=True)
class FilesDone:
    """The files of a piece audited: each chunk's rows with what of its blocks shows
    their findings (when the run shows them: ``pipeline.lines_for_findings``), and the
    files' problems; a byte range gives what stopped its reading instead (``why``)."""

    chunks: list[tuple[ChunkResult, list[HandBlock]]]
    problems: list[InputProblem]
    error: tuple[str, bool] | None = None

    @property
    def hands(self) -> int:
        """Hands audited in the piece."""
        return sum(len(result.stacks) for result, _ in self.chunks)


def on_disk(item: Input) -> bool:
    """Whether a worker can read ``item`` itself: a file on disk, stored as it is read
    (not standard input, an archive's member or a compressed file)."""
    return item.path is not None and item.member is None and item.name == item.path.name


def ranges(item: Input, target: int) -> list[ByteRange] | None:
    """The byte ranges of about ``PLAN_BYTES`` a file on disk of over twice ``target``
    bytes can be read in, each starting at a hand header (None: the file is smaller, not
    on disk as it is read, or not safe to cut). Planned here, reading the file once
    (``distributed.ranges``: a small part of what cutting it costs); ``pieces`` joins
    them into pieces of about a chunk of hands."""
    if not on_disk(item) or item.size <= 2 * target:
        return None
    from auditor.distributed.ranges import plan_segment, ranges_of, segment_count

    try:
        segments = [plan_segment(str(item.path), item.name, k, item.size, PLAN_BYTES)
                    for k in range(segment_count(item.size, PLAN_BYTES))]
    except Exception:  # read as a stream instead: what fails is reported then, as usual
        return None
    found = ranges_of(segments, item.size)
    return found if found is not None and len(found) > 1 else None


def _joined(found: list[ByteRange], grouping: Grouping, config: int, item: Input
            ) -> Iterator[Piece]:
    """The pieces of a file planned in ``found`` ranges: consecutive ranges joined up to
    ``grouping.target`` bytes, as it is when each piece is made (it learns as the run
    goes), and a short rest joined to the piece before it."""
    from auditor.distributed.ranges import ByteRange

    k = 0
    while k < len(found):
        target = grouping.target
        end = k
        while end + 1 < len(found) and found[end + 1].end - found[k].start <= target:
            end += 1
        if found[-1].end - found[end].end < target // 2:
            end = len(found) - 1
        span = ByteRange(found[k].start, found[end].end, found[k].first_line)
        yield Piece(config, files=[item], span=span, last=end == len(found) - 1)
        k = end + 1


class FileInRanges:
    """Follows a file whose byte ranges come back one piece at a time, in order: the
    hands read, and the problem ``chunks_of`` would give it once its last range is in."""

    def __init__(self, item: Input) -> None:
        self.item = item
        self.hands = 0
        self.error: tuple[str, bool] | None = None

    def add(self, done: FilesDone) -> bool:
        """One range audited; whether its rows are the file's (not after a range that
        could not be read, where one job would have stopped reading it)."""
        if self.error is not None:
            return False
        self.hands += done.hands
        self.error = done.error
        return True

    def problems(self) -> list[InputProblem]:
        """The file's problem, if any, once every range is in."""
        if self.error is not None:
            return [unreadable(self.item, self.hands, self.error)]
        return [] if self.hands else [no_hands(self.item)]


class Grouping:
    """How many bytes of files make a piece of about one chunk of hands, learnt from the
    pieces audited so far. A piece of one chunk has no short chunk at its end: each costs
    as much to tabulate and send back as a full one."""

    def __init__(self) -> None:
        self.bytes = 0
        self.hands = 0

    def learn(self, size: int, hands: int) -> None:
        """A piece of ``size`` bytes of files held ``hands`` hands."""
        self.bytes += size
        self.hands += hands

    @property
    def target(self) -> int:
        """The bytes of files of the next piece, at most."""
        if self.hands < CHUNK_HANDS:
            return GROUP_BYTES
        # A little under a chunk: files hold more hands a byte than others now and then.
        return min(8 * GROUP_BYTES, max(GROUP_BYTES // 8,
                                        CHUNK_HANDS * 9 // 10 * self.bytes // self.hands))


def pieces(inputs: Sequence[Input], opener: Opener, on_file: Callable[[Path], None],
           config_of: Sequence[int], grouping: Grouping | None = None) -> Iterator[Piece]:
    """The run's pieces in input order: consecutive small files of one configuration,
    ``grouping.target`` bytes together at most, as one piece; a file of over twice that
    in byte ranges of about that size (``ranges``), or whole when it cannot be cut (up to
    ``WHOLE_BYTES``); the other inputs cut here into chunks, as ``chunks_of`` cuts them."""
    grouping = grouping or Grouping()
    planned: dict[int, list[ByteRange] | None] = {}

    def spans(i: int) -> list[ByteRange] | None:
        if i not in planned:
            planned.clear()  # (only the file just looked at is kept)
            planned[i] = ranges(inputs[i], grouping.target)
        return planned[i]

    def small(i: int) -> bool:
        return WORKERS_READ and on_disk(inputs[i]) and 0 < inputs[i].size <= grouping.target

    def parents(i: int) -> bool:
        """Whether the parent cuts input ``i``: a worker cannot read it, or it is large,
        not safe to cut in ranges and too large to be one piece."""
        item = inputs[i]
        if not WORKERS_READ or not on_disk(item):
            return True
        return not 0 < item.size <= WHOLE_BYTES and spans(i) is None

    i = 0
    while i < len(inputs):
        config = config_of[i]
        if small(i):
            group = [inputs[i]]
            size = inputs[i].size
            target = grouping.target
            i += 1
            while (i < len(inputs) and config_of[i] == config and small(i)
                   and size + inputs[i].size <= target):
                size += inputs[i].size
                group.append(inputs[i])
                i += 1
            yield Piece(config, files=group)
            continue
        if not parents(i):
            found = spans(i)
            if found is None:  # up to twice a piece, or not safe to cut: whole, alone
                yield Piece(config, files=[inputs[i]])
            else:
                yield from _joined(found, grouping, config, inputs[i])
            i += 1
            continue
        start = i
        i += 1
        while i < len(inputs) and parents(i):
            i += 1
        problems: list[InputProblem] = []
        for c, chunk in chunks_of(inputs[start:i], problems, opener, on_file,
                                  config_of[start:i]):
            yield Piece(c, blocks=chunk, problems=problems[:])
            problems.clear()
        if problems:
            yield Piece(config, problems=problems)


def audit_files(auditors: Sequence[HandAuditor], config: int, files: Sequence[Input],
                want_lines: bool) -> FilesDone:
    """Read, cut and audit ``files`` (a piece), in chunks as ``chunks_of`` makes them;
    with ``want_lines``, what shows each chunk's findings comes back too."""
    problems: list[InputProblem] = []
    done: list[tuple[ChunkResult, list[HandBlock]]] = []
    for c, chunk in chunks_of(files, problems, Opener(), lambda p: None,
                              [config] * len(files)):
        result = audit_chunk(auditors[c], chunk)
        done.append((result, lines_for_findings(result, chunk) if want_lines else []))
    return FilesDone(done, problems)


def audit_range(auditors: Sequence[HandAuditor], config: int, item: Input, span: ByteRange,
                want_lines: bool) -> FilesDone:
    """Read, cut and audit the byte range ``span`` of ``item`` (a piece), numbered as the
    whole file, ``CHUNK_HANDS`` hands at a time; what stops the reading is ``error``."""
    from auditor.distributed.sources import open_local

    out = FilesDone([], [])
    try:
        with open_local(str(item.path), span.start, span.end) as stream:
            blocks = blocks_of_export(stream, item.source, span.first_line)
            while True:
                try:
                    chunk = list(islice(blocks, CHUNK_HANDS))
                except Exception as exc:  # the reading or the cutting, as chunks_of
                    out.error = why(exc)
                    break
                if not chunk:
                    break
                result = audit_chunk(auditors[config], chunk)
                out.chunks.append((result, lines_for_findings(result, chunk)
                                   if want_lines else []))
    except OSError as exc:  # (opening it)
        out.error = why(exc)
    return out
