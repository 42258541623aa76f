"""The one entry the CLI and the tests call: audit text, files and folders.

Each hand goes through ``auditor.pipeline`` (read, replay, settle, judge, rows). Stack
continuity (SE001) and duplicates (HH004) look across hands, so they run in the parent
process, in file order, on a compact summary of each hand; with ``jobs > 1`` everything
else runs in worker processes (``auditor.workers``), which also read and cut the files
themselves where they can (``auditor.pieces``).

Arrow's memory pool is the importing program's: the ``audit`` command has Arrow use
``malloc`` (``lean_imports.prefer_system_allocator``: up to a fifth faster on Linux than
its default, mimalloc). A program gets the same by setting
``ARROW_DEFAULT_MEMORY_POOL=system`` before anything imports pyarrow.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Protocol

import pyarrow as pa

from auditor import __version__
from auditor.config import Settings, SettingsFinder
from auditor.digests import DigestSet
from auditor.engine.result import ReplayResult, Settlement
from auditor.inputs import (
    DEFAULT_EXCLUDE,
    READ_ERRORS,
    STDIN,
    ByteMeter,
    Input,
    InputProblem,
    Opener,
    cut_failure,
)
from auditor.inputs import discover as find_inputs
from auditor.ledgers import LedgerUse, SessionAudit, SessionsDone
from auditor.model.finding import Finding
from auditor.model.hand import Hand
from auditor.parsing.blocks import (
    HandBlock,
    blocks_of_file,
    blocks_of_stream,
    blocks_of_text,
    split_at_glued_header,
)
from auditor.parsing.decode import NotText
from auditor.parsing.errors import Unreadable
from auditor.parsing.reader import read_block
from auditor.pieces import (
    Grouping,
    chunks_of,
    pieces,
    reason,
)
from auditor.pipeline import (
    ChunkResult,
    ContinuityChecker,
    DuplicateFilter,
    HandAuditor,
    HandOutcome,
    audit_chunk,
    internal_error,
)
from auditor.report.chunk import findings_table
from auditor.report.records import FindingRecord, FindingRow, HandRecord, PayoutRecord
from auditor.report.schema import HANDS, PAYOUTS
from auditor.report.writer import (
    CountingReport,
    Format,
    ReportSummary,
    ReportTables,
    open_report,
)
from auditor.rules.pots.se001_stack_discontinuity import HandStacks, StackTracker
from auditor.sessions import sessions_table
from auditor.sites.pokernow.ledger import Ledger, LedgerError, is_ledger, read_ledger
from auditor.workers import AuditFailed as AuditFailed  # (the CLI's: api.AuditFailed)
from auditor.workers import audit_pieces

if TYPE_CHECKING:  # the pool is imported where a run starts one (a small input does not)
    pass



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
        currency = hand.currency
        self.findings += [FindingRecord.from_row(f, decimals, currency)
                          for f in outcome.findings]
        self.payouts += [
            PayoutRecord.from_payout(p, source=hand.source, hand_id=hand.hand_id or "",
                                     decimals=decimals, site=hand.site or "",
                                     currency=currency)
            for p in outcome.payouts
        ]


def _with_continuity(result: ChunkResult, check: ContinuityChecker) -> ReportTables:
    """The chunk's tables with the SE001 findings of its hands added (and counted)."""
    extra: list[FindingRow] = []
    decimals: list[int] = []
    currencies: list[str] = []
    more = [0] * len(result.stacks)
    for i, found in check.findings_of(result.stacks):
        stacks = result.stacks[i][1]
        extra += found
        decimals += [stacks.decimals] * len(found)  # type: ignore[union-attr]
        currencies += [stacks.currency] * len(found)  # type: ignore[union-attr]
        more[i] = len(found)
    tables = result.tables
    if not extra:
        return tables
    hands = tables.hands
    counts = pa.array([a + b for a, b in zip(hands["findings"].to_pylist(), more, strict=True)],
                      pa.int64())
    index = hands.schema.get_field_index("findings")
    hands = hands.set_column(index, hands.schema.field(index), counts)
    findings = pa.concat_tables([tables.findings, findings_table(extra, decimals, currencies)])
    return ReportTables(hands, findings, tables.payouts, tables.keys)



# --- text ---------------------------------------------------------------------------


def audit_text(text: str, source: str = "<text>", settings: Settings | None = None) -> AuditResult:
    """Audit every hand of ``text`` in memory; the rows come back in lists."""
    auditor = HandAuditor(settings)
    check = ContinuityChecker(auditor)
    repeats = DuplicateFilter(auditor)
    result = AuditResult()
    for block in blocks_of_text(text, source):
        for outcome in auditor.audit_blocks(block):
            result.add(check(repeats.outcome(outcome)))
    return result


# --- one hand, explained ----------------------------------------------------------


@dataclass(slots=True)
class FoundHand:
    """One hand of a file as the audit sees it: its numbered lines and, where it could be
    read, the hand replayed and settled, with the findings the settings report (SE001's
    against the hands before it in the file). ``unreadable`` is set for a hand that
    could not be read (HH001) or is not replayed (HH002); a cancelled hand has no replay."""

    lines: list[tuple[int, str]]
    unreadable: Unreadable | None = None
    hand: Hand | None = None
    replay: ReplayResult | None = None
    settlement: Settlement | None = None
    findings: list[Finding] = field(default_factory=list)


def hands_in_file(
    path: Path,
    wanted: Callable[[str | None, int], bool],
    settings: Settings | None = None,
    source: str | None = None,
) -> Iterator[FoundHand]:
    """The hands of ``path`` for which ``wanted(hand_id, first_line)`` holds, in file
    order. Every hand before them is still audited, for stack continuity. ``source`` is
    the name the hands carry (default: ``path`` as given)."""
    return hands_in_blocks(blocks_of_file(path, source or str(path)), wanted, settings)


def hands_in_blocks(
    blocks: Iterable[HandBlock],
    wanted: Callable[[str | None, int], bool],
    settings: Settings | None = None,
    seen: list[str] | None = None,
) -> Iterator[FoundHand]:
    """``hands_in_file`` over hand blocks; the ids of the hands not wanted are added to
    ``seen`` (up to ``_NEAR_IDS`` of them), for "did you mean"."""
    auditor = HandAuditor(settings)
    tracker = StackTracker(auditor.wanted("SE001"))
    for whole in blocks:
        for block in split_at_glued_header(whole) or (whole,):
            yield from _found(block, auditor, tracker, wanted, seen)


def _found(block: HandBlock, auditor: HandAuditor, tracker: StackTracker,
           wanted: Callable[[str | None, int], bool], seen: list[str] | None
           ) -> Iterator[FoundHand]:
    """One hand block as ``hands_in_blocks`` sees it (nothing when it is not wanted)."""
    try:
        parsed = read_block(block)
    except Exception as exc:  # the audit reports it as HH001 (see HandAuditor)
        parsed = internal_error(block, exc)
    if block.problem is not None and not isinstance(parsed, Unreadable):
        line, message = block.problem
        parsed = Unreadable(source=parsed.source, first_line=parsed.first_line,
                            last_line=parsed.last_line, line=line, code="HH001",
                            message=message, site=block.site,
                            hand_id=parsed.info.hand_id, info=parsed.info)
    if isinstance(parsed, Unreadable):
        if parsed.code == "HH001":
            tracker.forget(block.source)
        if wanted(parsed.hand_id, parsed.first_line):
            yield FoundHand(_numbered(block), unreadable=parsed)
        elif seen is not None and parsed.hand_id and len(seen) < _NEAR_IDS:
            seen.append(parsed.hand_id)
        return
    hand_id = parsed.info.hand_id
    if parsed.cancelled:
        if wanted(hand_id, parsed.first_line):
            yield FoundHand(_numbered(block), hand=parsed)
        return
    try:
        result, settlement = auditor.audit_hand(parsed)
        continuity = tracker.feed(HandStacks.of(parsed, settlement.payouts))
    except Exception as exc:  # the audit reports it as HH001 (see HandAuditor)
        tracker.forget(parsed.source)
        if wanted(hand_id, parsed.first_line):
            yield FoundHand(_numbered(block), unreadable=internal_error(block, exc, parsed))
        return
    if wanted(hand_id, parsed.first_line):
        findings = [f for f in (*result.findings, *settlement.findings, *continuity)
                    if auditor.wanted(f.code)]
        yield FoundHand(_numbered(block), None, parsed, result, settlement, findings)
    elif seen is not None and len(seen) < _NEAR_IDS:
        seen.append(hand_id)


_NEAR_IDS = 200_000  # ids remembered for "did you mean" (memory stays small)


def _numbered(block: HandBlock) -> list[tuple[int, str]]:
    return [(block.number(i), line) for i, line in enumerate(block.lines)]


def explain_found(found: FoundHand, settings: Settings, source: str) -> str:
    """A found hand in words (``auditor explain``)."""
    from auditor.explain import explain_hand

    bad = found.unreadable
    if bad is not None:
        return (f"Hand #{bad.hand_id} ({source}, lines {bad.first_line}-{bad.last_line}) "
                f"cannot be replayed.\n{bad.code} line {bad.line}: {bad.message}")
    if found.replay is None or found.settlement is None or found.hand is None:
        hand_id = found.hand.info.hand_id if found.hand is not None else ""
        return f"Hand #{hand_id} ({source}) was cancelled: nothing to settle."
    return explain_hand(found.hand, found.replay, found.settlement, found.findings,
                        settings.profile)


def explain_in_file(path: Path, hand_id: str, settings: Settings | None = None) -> str | None:
    """The hand ``hand_id`` of ``path`` replayed in words, or None when the file holds no
    such hand. Stack continuity (SE001) is checked against the hands before it."""
    settings = settings or Settings()
    for found in hands_in_file(path, lambda hid, _: hid == hand_id, settings):
        return explain_found(found, settings, str(path))
    return None


@dataclass(slots=True)
class Located:
    """What ``find_hand`` found: the hand (None: no such hand), the file it is in and the
    settings it was audited under; when it was not found, the ids most like the one
    asked for."""

    found: FoundHand | None
    source: str = ""
    settings: Settings = field(default_factory=Settings)
    near: list[str] = field(default_factory=list)
    problems: list[InputProblem] = field(default_factory=list)  # inputs that could not be read

    @property
    def errors(self) -> int:
        """The hand's findings of severity error (``explain`` exits 1 when there is one)."""
        found = self.found
        if found is None:
            return 0
        if found.unreadable is not None:
            code = found.unreadable.code
            selected = self.settings.selection is None or code in self.settings.selection
            return int(selected and self.settings.severities().get(code) == "error")
        severities = self.settings.severities()
        return sum(severities.get(f.code) == "error" for f in found.findings)


def find_hand(paths: Iterable[Path | str], hand_id: str, *, settings: Settings | None = None,
              finder: SettingsFinder | None = None) -> Located:
    """The first hand ``hand_id`` under ``paths`` (files, folders, archives), audited
    under ``settings`` or the configuration nearest to its file."""
    from difflib import get_close_matches

    finder = finder or SettingsFinder()
    inputs, problems = discover(paths, lambda p: (settings or finder.for_path(p)).exclude)
    opener = Opener()
    seen: list[str] = []
    try:
        for item in inputs:
            chosen = settings or finder.for_path(item.path)
            try:
                with opener.open(item) as stream:
                    blocks = blocks_of_stream(stream, item.source, item.name)
                    for found in hands_in_blocks(blocks, lambda hid, _: hid == hand_id,
                                                 chosen, seen):
                        return Located(found, item.source, chosen, problems=problems)
            except (*READ_ERRORS, NotText) as exc:
                problems.append(InputProblem(item.source, f"cannot read: {reason(exc)}",
                                             item.named or not isinstance(exc, NotText)))
            except Exception as exc:  # a cutter's own failure: look on in the other files
                problems.append(InputProblem(item.source, f"cannot read: {cut_failure(exc)}",
                                             True))
    finally:
        opener.close()
    return Located(None, near=get_close_matches(hand_id, seen, n=5, cutoff=0.7),
                   problems=problems)


# --- files --------------------------------------------------------------------------


@dataclass(slots=True)
class RunResult:
    """What ``audit_paths`` did."""

    summary: ReportSummary
    problems: list[InputProblem]
    files: int
    seconds: float = 0.0
    configs: dict[str, int] = field(default_factory=dict)  # config file ("": none) -> files
    settings: list[Settings] = field(default_factory=list)  # each configuration's settings
    ledgers: list[LedgerUse] = field(default_factory=list)  # each ledger and its log


@dataclass(slots=True)
class ChunkDone:
    """A chunk of hands audited, as the parent hands it on (``on_chunk``): its report
    rows and the blocks they came from, to show a finding's line (from a worker that read
    the files itself: the blocks with a finding whole, of the others only the lines that
    SE001 and HH004 point at; see ``pipeline.lines_for_findings``)."""

    tables: ReportTables
    blocks: list[HandBlock]
    settings: Settings


def discover(paths: Iterable[Path | str],
             exclude_for: Callable[[Path], Sequence[str]] = lambda p: DEFAULT_EXCLUDE,
             stdin_name: str | None = None) -> tuple[list[Input], list[InputProblem]]:
    """Every input under ``paths`` (see ``auditor.inputs.discover``), each path searched
    with the exclusions ``exclude_for`` gives it (its configuration's)."""
    inputs: list[Input] = []
    problems: list[InputProblem] = []
    for given in paths:
        exclude = DEFAULT_EXCLUDE if str(given) == STDIN else exclude_for(Path(given))
        found, bad = find_inputs([given], exclude, stdin_name)
        inputs += found
        problems += bad
    return inputs, problems


def audit_paths(
    paths: Iterable[Path | str],
    out_dir: Path | str | None,
    *,
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
    scheduler: str | None = None,
) -> RunResult:
    """Audit every hand under ``paths`` (files, folders, archives, ``-`` for standard
    input) into a report in ``out_dir`` (None: nothing is written, only counted).

    Each input is audited under ``settings`` when given, else under the configuration
    ``finder`` finds nearest to it (default: the nearest configuration file). Memory stays
    flat: hands are streamed in chunks, at most ``2 * jobs`` chunks are in flight, and the
    writer streams its tables to disk. ``on_file`` is told of each file as it starts,
    ``on_hands`` of each chunk of hands done, ``on_chunk`` is given each chunk's rows;
    ``meter`` counts the bytes read from disk (for a progress bar); ``stdin`` is read for
    ``-`` (default: standard input), its findings under ``stdin_name`` (default ``-``).
    ``scheduler`` runs the audit on a Dask cluster instead (``auditor.distributed``:
    ``"local"`` or a scheduler's address; ``paths`` and ``out_dir`` may then be fsspec
    URLs), with the same report.
    """
    import time

    if scheduler is not None:
        from auditor.distributed.run import audit_on_cluster

        return audit_on_cluster(
            paths, out_dir, scheduler=scheduler, fmt=fmt, jobs=jobs, settings=settings,
            finder=finder, on_file=on_file, on_hands=on_hands, on_chunk=on_chunk,
            meter=meter, stdin=stdin, stdin_name=stdin_name, ledgers=ledgers)

    start = time.perf_counter()
    if settings is not None:
        finder = None
    elif finder is None:
        finder = SettingsFinder()
    inputs, problems = discover(
        paths, (lambda p: settings.exclude) if settings is not None  # type: ignore[union-attr]
        else (lambda p: finder.for_path(p).exclude),  # type: ignore[union-attr]
        stdin_name)
    configs: list[Settings] = []
    config_of: list[int] = []  # each input's index in ``configs``
    index_of: dict[int, int] = {}  # id of a Settings -> its index
    for item in inputs:
        chosen = settings if settings is not None else finder.for_path(  # type: ignore[union-attr]
            item.path)
        if id(chosen) not in index_of:
            index_of[id(chosen)] = len(configs)
            configs.append(chosen)
        config_of.append(index_of[id(chosen)])
    if not configs:
        configs.append(settings or Settings())
    found_ledgers: list[Ledger] = []
    if any(item.name.lower().endswith(".csv") for item in inputs):
        inputs, found_ledgers = _ledgers_among(inputs, Opener(stdin=stdin), problems)
    all_ledgers = [*read_ledgers(ledgers), *found_ledgers]
    meter = meter or ByteMeter()
    meter.total += sum(item.size for item in inputs)
    opener = Opener(meter, stdin)
    made = provenance(configs, inputs)
    made["ledgers"] = [ledger.source for ledger in all_ledgers]
    report = (open_report(Path(out_dir), fmt, provenance=made)
              if out_dir is not None else CountingReport(fmt))

    with report:
        stitcher = Stitcher(configs, report, all_ledgers, on_hands, on_chunk)
        if jobs <= 1:
            for config, chunk in chunks_of(inputs, problems, opener, on_file, config_of):
                stitcher.add(config, audit_chunk(stitcher.auditors[config], chunk), chunk)
        else:
            grouping = Grouping()
            audit_pieces(jobs, pieces(inputs, opener, on_file, config_of, grouping),
                         grouping, stitcher, problems, on_file, meter)
        done = stitcher.finish()
    problems += [InputProblem(use.ledger, "matches no PokerNow log of the run (name it "
                              "ledger_<game id>.csv, as the log's game id)", True)
                 for use in done.ledgers if use.log is None]
    used: dict[str, int] = {}
    for i in config_of:
        name = configs[i].config_files[0] if configs[i].config_files else ""
        used[name] = used.get(name, 0) + 1
    return RunResult(summary=report.summary, problems=problems, files=len(inputs),
                     seconds=time.perf_counter() - start, configs=used, settings=configs,
                     ledgers=done.ledgers)


class ReportTarget(Protocol):
    """Where a run's tables go: a report folder, a count (no ``-o``), a cluster's
    dataset."""

    def add_tables(self, tables: ReportTables) -> None: ...

    def add_sessions(self, table: pa.Table) -> None: ...


class Stitcher:
    """Feeds audited chunks, in input order, through what must see the hands in file
    order into the report: HH004 (a hand seen before in the run), SE001 (a stack changed
    since the table's previous hand, across chunks and a cluster's byte ranges) and the
    sessions. The local run and a cluster's client both write through it."""

    def __init__(self, configs: list[Settings], report: ReportTarget, ledgers: list[Ledger],
                 on_hands: Callable[[int], None] = lambda n: None,
                 on_chunk: Callable[[ChunkDone], None] | None = None) -> None:
        self.configs = configs
        self.report = report
        self.auditors = [HandAuditor(s) for s in configs]
        self.checks = [ContinuityChecker(a) for a in self.auditors]
        seen = DigestSet()
        self.repeats = [DuplicateFilter(a, seen) for a in self.auditors]
        self.sessions = SessionAudit(list(ledgers))
        self.on_hands = on_hands
        self.on_chunk = on_chunk

    def add(self, config: int, result: ChunkResult, blocks: list[HandBlock]) -> None:
        """One chunk audited under configuration ``config``, after every chunk before it
        in input order."""
        result = self.repeats[config](result)
        tables = _with_continuity(result, self.checks[config])
        self.report.add_tables(tables)
        self.sessions.feed_chunk(result.stacks, tables.hand_keys(), config)
        self.on_hands(len(result.stacks))
        if self.on_chunk is not None:
            self.on_chunk(ChunkDone(tables, blocks, self.configs[config]))

    def finish(self) -> SessionsDone:
        """The sessions table and the ledgers' findings, into the report."""
        done = self.sessions.finish()
        _write_sessions(done, self.report, self.auditors, self.configs, self.on_chunk)
        return done


def _write_sessions(done: SessionsDone, report: ReportTarget,
                    auditors: list[HandAuditor], configs: list[Settings],
                    on_chunk: Callable[[ChunkDone], None] | None) -> None:
    """The sessions table, and the ledgers' findings (SE003) into the findings table."""
    report.add_sessions(sessions_table(done.rows))
    for config in sorted({c for c, *_ in done.findings}):
        auditor = auditors[config]
        if not auditor.wanted("SE003"):
            continue
        mine = [(source, f, d, cur) for c, source, f, d, cur in done.findings if c == config]
        rows = [auditor.finding_row(f, source, None) for source, f, _, _ in mine]
        findings = findings_table(rows, [d for *_, d, _ in mine], [cur for *_, cur in mine])
        tables = ReportTables(HANDS.empty(), findings, PAYOUTS.empty())
        report.add_tables(tables)
        if on_chunk is not None:
            on_chunk(ChunkDone(tables, [], configs[config]))


def _ledgers_among(inputs: list[Input], opener: Opener, problems: list[InputProblem]
                   ) -> tuple[list[Input], list[Ledger]]:
    """The inputs that are hand histories, and the PokerNow ledgers among them (a CSV
    whose header is a ledger's: read whole, it is small)."""
    histories: list[Input] = []
    ledgers: list[Ledger] = []
    for item in inputs:
        if not item.name.lower().endswith(".csv"):
            histories.append(item)
            continue
        try:
            with opener.open(item) as stream:
                head = stream.read(4096)
                if not is_ledger(head.decode("utf-8", "replace")):
                    histories.append(item)
                    continue
                text = (head + stream.read()).decode("utf-8", "replace")
            ledgers.append(read_ledger(text, item.source))
        except LedgerError as exc:
            problems.append(InputProblem(item.source, str(exc), item.named))
        except READ_ERRORS as exc:
            problems.append(InputProblem(item.source, f"cannot read: {reason(exc)}",
                                         item.named))
    opener.close()
    return histories, ledgers


def read_ledgers(paths: Iterable[Path | str]) -> list[Ledger]:
    """The ledgers named with ``--ledger``; raises ``LedgerError`` (or ``OSError``)."""
    out = []
    for path in paths:
        text = Path(path).read_text(encoding="utf-8-sig", errors="replace")
        out.append(read_ledger(text, str(path)))
    return out


def provenance(configs: list[Settings], inputs: list[Input]) -> dict[str, object]:
    """How a report is made: the auditor's version, the house rules, the rules selected
    and the configuration files used (one entry per configuration), and the inputs."""
    described = [_described(s) for s in configs]
    return {
        "auditor_version": __version__,
        # The first configuration's, as before several could apply; all are under
        # "configurations".
        "profile": described[0]["profile"],
        "rules": described[0]["rules"],
        "config_files": sorted({f for s in configs for f in s.config_files}),
        "configurations": described,
        "inputs": [item.source for item in inputs],
    }


def _described(settings: Settings) -> dict[str, object]:
    profile = dataclasses.asdict(settings.profile)
    profile["severity"] = dict(settings.profile.severity)
    selection = settings.selection
    return {
        "config_files": list(settings.config_files),
        "profile": profile,
        "rules": "all" if selection is None else sorted(selection.codes),
        "exclude": list(settings.exclude),
    }


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1
