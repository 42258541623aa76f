"""Auditing one hand, the one way through the house: text → block → hand → replay →
pots → rules → rows.

The orchestrator stands above the stages and is the only place that knows them all: the
site's reader makes the hand, the engine replays it (with the betting rules' checks) and
settles its pots, the pot rules judge the settled pots, and the hand leaves as plain
report rows. No stage calls back up: the engine knows no rule, the rules know no report.
Stack continuity (SE001) looks across hands, so it runs apart, in file order, on a
compact summary of each hand (``ContinuityChecker``).
"""

from __future__ import annotations

import gc
import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

import pyarrow as pa

from auditor.config import Settings
from auditor.digests import DigestSet
from auditor.engine.replay import replay
from auditor.engine.result import PayoutRow, ReplayResult, Settlement
from auditor.engine.settle import settle
from auditor.lean_imports import arrow_compute
from auditor.model.finding import Finding
from auditor.model.hand import Hand, ParseStatus
from auditor.model.when import started_at
from auditor.parsing.blocks import HandBlock, split_at_glued_header
from auditor.parsing.errors import Unreadable
from auditor.parsing.reader import read_block
from auditor.report.chunk import ChunkRows, check_cents, findings_table
from auditor.report.records import FindingRow, HandRow, hand_row
from auditor.report.schema import HANDS
from auditor.report.writer import HandKey, ReportTables
from auditor.rules.betting import checks_for
from auditor.rules.pots import check_between_hands, check_pots
from auditor.rules.pots.se001_stack_discontinuity import HandStacks, StackTracker
from auditor.rules.registry import all_rules

# Hands a chunk's stages take at a time (``HandAuditor.audit_many``).
STAGE_HANDS = 64


@dataclass(slots=True)
class HandOutcome:
    """Everything auditing one hand produced, as plain values (amounts in units of
    10^-``decimals``): files turn chunks of them into Arrow (``ChunkRows``), ``audit_text``
    into records."""

    hand: HandRow  # its findings count is len(findings), once SE001 has added its own
    findings: list[FindingRow] = field(default_factory=list)
    payouts: list[PayoutRow] = field(default_factory=list)
    stacks: HandStacks | None = None  # for SE001, None when the hand was not audited
    decimals: int = 2

    @property
    def source(self) -> str:
        return self.hand[0]


class HandAuditor:
    """Audits hand blocks one at a time under one set of settings."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        selection = self.settings.selection
        self.codes: frozenset[str] | None = None if selection is None else selection.codes
        self._rule_meta = {
            code: (rule.name, self.settings.severity_of(code, rule.severity))
            for code, rule in all_rules().items()
        }

    def wanted(self, code: str) -> bool:
        """Whether findings of ``code`` are reported."""
        return self.codes is None or code in self.codes

    def severity(self, code: str) -> str:
        """The severity findings of ``code`` are reported with."""
        return self._rule_meta[code][1]

    def finding_row(self, finding: Finding, source: str, hand_id: str | None) -> FindingRow:
        """The report row of a finding."""
        name, severity = self._rule_meta[finding.code]
        return (source, hand_id, finding.line, finding.code, name, severity, finding.street,
                finding.player, finding.message, finding.expected, finding.observed)

    def audit_hand(self, hand: Hand) -> tuple[ReplayResult, Settlement]:
        """Replay ``hand`` and settle its pots: the betting findings and the replay, the
        pot findings and the payout rows."""
        result = replay(hand, self.settings.profile, checks_for(self.codes, hand.info.limit))
        return result, self._settle(hand, result)

    def audit_block(self, block: HandBlock) -> HandOutcome:
        """Read, replay and settle one hand block. Whatever the block holds, this returns
        the hand's row: a hand the auditor fails on is ``HH001`` "could not be audited
        (please report)", never an exception."""
        parsed = self._read(block)
        if isinstance(parsed, HandOutcome):
            return parsed
        try:
            return self._audit(parsed)
        except Exception as exc:
            return self.unreadable(internal_error(block, exc, parsed))

    def audit_many(self, blocks: Sequence[HandBlock]) -> list[HandOutcome]:
        """``audit_blocks`` of each block in turn, the same outcomes, worked stage by
        stage: every hand read, then every hand replayed, then settled, then its rows
        made. Each stage's code and data stay warm across hands (about 10 % of the
        audit). A hand that fails at any stage is its own HH001, as in ``audit_block``;
        the others go on.

        The stages go ``STAGE_HANDS`` hands at a time: a few dozen hands keep the code
        warm, and hold few enough objects for the next stage to find them in the core's
        cache."""
        out: list[HandOutcome] = []
        for start in range(0, len(blocks), STAGE_HANDS):
            out += self._audit_stages(blocks[start : start + STAGE_HANDS])
        return out

    def _audit_stages(self, blocks: Sequence[HandBlock]) -> list[HandOutcome]:
        profile = self.settings.profile
        hands: list[Hand | None] = []
        done: list[HandOutcome | None] = []
        for block in blocks:
            parsed = self._read(block)
            if isinstance(parsed, HandOutcome):
                hands.append(None)
                done.append(parsed)
            else:
                hands.append(parsed)
                done.append(None)
        replays: list[ReplayResult | None] = [None] * len(hands)
        for i, hand in enumerate(hands):
            if hand is None or hand.cancelled:
                continue
            try:
                replays[i] = replay(hand, profile, checks_for(self.codes, hand.info.limit))
            except Exception as exc:
                done[i], hands[i] = self.unreadable(internal_error(blocks[i], exc, hand)), None
        settlements: list[Settlement | None] = [None] * len(hands)
        for i, hand in enumerate(hands):
            result = replays[i]
            if hand is None or result is None:
                continue
            try:
                settlements[i] = self._settle(hand, result)
            except Exception as exc:
                done[i], hands[i] = self.unreadable(internal_error(blocks[i], exc, hand)), None
        for i, hand in enumerate(hands):
            if hand is None:
                continue
            try:
                done[i] = self._outcome(hand, replays[i], settlements[i])
            except Exception as exc:
                done[i] = self.unreadable(internal_error(blocks[i], exc, hand))
        out: list[HandOutcome] = []
        for block, outcome in zip(blocks, done, strict=True):
            assert outcome is not None
            status = outcome.hand[-1]
            if status == "audited" or status == "cancelled":  # (``_split_if_glued``'s own test)
                out.append(outcome)
            else:
                out += self._split_if_glued(block, outcome)
        return out

    def _read(self, block: HandBlock) -> Hand | HandOutcome:
        """The hand of a block, or the outcome of a block that gives none."""
        try:
            parsed = read_block(block)
        except Exception as exc:  # a bug in a reader: this hand only
            return self.unreadable(internal_error(block, exc))
        if block.problem is not None:
            # The cutter found something wrong before the reader (a line too long, text
            # before the header): that is the finding; the header still gives its facts.
            line, message = block.problem
            first, last = block.span
            info = parsed.info
            return self.unreadable(Unreadable(
                source=block.source, first_line=first, last_line=last, line=line,
                code="HH001", message=message, site=block.site,
                hand_id=info.hand_id if info is not None else _hand_id_of(block), info=info))
        if isinstance(parsed, Unreadable):
            return self.unreadable(parsed)
        return parsed

    def audit_blocks(self, block: HandBlock) -> list[HandOutcome]:
        """``audit_block``, and when the block cannot be read because another hand's
        header is glued inside one of its lines (files joined without a newline), each
        of the hands it holds."""
        return self._split_if_glued(block, self.audit_block(block))

    def _split_if_glued(self, block: HandBlock, outcome: HandOutcome) -> list[HandOutcome]:
        """``[outcome]``, or the outcomes of the hands glued inside ``block`` when it
        could not be read for that (see ``audit_blocks``)."""
        if outcome.hand[-1] == "audited" or outcome.hand[-1] == "cancelled":
            return [outcome]
        parts = split_at_glued_header(block)
        if parts is None:
            return [outcome]
        return [self.audit_block(part) for part in parts]

    def _settle(self, hand: Hand, result: ReplayResult) -> Settlement:
        """The pots of a replayed hand settled and judged (the second half of
        ``audit_hand``)."""
        settled = settle(hand, result, self.settings.profile)
        found = check_pots(settled.audit, self.codes) if settled.audit is not None else []
        if hand.dialect.topups_logged:
            found += check_between_hands(hand, self.codes)
        return Settlement(found, settled.payouts)

    def _audit(self, hand: Hand) -> HandOutcome:
        if hand.cancelled:
            return self._outcome(hand, None, None)
        result, settlement = self.audit_hand(hand)
        return self._outcome(hand, result, settlement)

    def _outcome(self, hand: Hand, result: ReplayResult | None,
                 settlement: Settlement | None) -> HandOutcome:
        """The rows of a hand replayed and settled (both None: a cancelled hand)."""
        info = hand.info
        if result is None or settlement is None:
            return HandOutcome(hand_row(hand, "cancelled"), decimals=info.decimals)
        found = result.findings + settlement.findings
        findings = [self.finding_row(f, hand.source, info.hand_id) for f in found] if found else []
        payouts = settlement.payouts
        check_cents(findings, payouts, info.decimals)
        stacks = HandStacks.of(hand, payouts) if hand.dialect.continuity else None
        return HandOutcome(hand_row(hand, "audited"), findings, payouts, stacks, info.decimals)

    def unreadable(self, bad: Unreadable) -> HandOutcome:
        """The outcome of a hand that could not be read or is not replayed."""
        status: ParseStatus = "unsupported" if bad.code == "HH002" else "unparsable"
        info = bad.info
        hand_id = bad.hand_id or None
        findings = []
        if self.wanted(bad.code):
            finding = Finding(code=bad.code, line=bad.line, message=bad.message)
            findings.append(self.finding_row(finding, bad.source, hand_id))
        row: HandRow
        if info is not None:
            stakes = info.stakes_text if any(info.stakes) else None
            known = bool(info.variant or any(info.stakes))
            row = (bad.source, hand_id, bad.first_line, bad.last_line, bad.site,
                   info.game or None, info.limit if known else None, stakes,
                   info.unit, info.table, info.tournament,
                   info.started or None, started_at(info.started), status)
        else:
            row = (bad.source, hand_id, bad.first_line, bad.last_line, bad.site, None, None,
                   None, "", "", None, None, None, status)
        return HandOutcome(row, findings, decimals=info.decimals if info else 2)


def internal_error(block: HandBlock, exc: Exception, hand: Hand | None = None) -> Unreadable:
    """The HH001 of a hand the auditor itself failed on: the hand keeps its row."""
    first, last = block.span
    info = hand.info if hand is not None else None
    return Unreadable(
        source=block.source, first_line=first, last_line=last, line=block.first_line,
        code="HH001", site=block.site, info=info,
        hand_id=info.hand_id if info is not None else _hand_id_of(block),
        message=_internal_message(exc),
    )


def _internal_message(exc: Exception) -> str:
    detail = f"{type(exc).__name__}: {exc}"
    if len(detail) > 200:
        detail = detail[:200] + "…"
    return f"this hand could not be audited (please report): {detail}"


def _hand_id_of(block: HandBlock) -> str:
    """The hand number of a block's header, as well as it can be found without its site's
    reader."""
    m = _HAND_ID.search(block.lines[0][:500]) if block.lines else None
    return m.group(1) if m else ""


_HAND_ID = re.compile(r"#\s*([A-Za-z]*[0-9]+)")


class ContinuityChecker:
    """Runs SE001 over hands in file order (it needs the previous hand of each table)."""

    def __init__(self, auditor: HandAuditor) -> None:
        self.auditor = auditor
        self.tracker = StackTracker(auditor.wanted("SE001"))

    def findings(self, source: str, stacks: HandStacks | None) -> list[FindingRow]:
        """The SE001 rows of one hand; a hand that was not audited breaks its file's chains."""
        found = self.findings_of([(source, stacks)])
        return found[0][1] if found else []

    def findings_of(self, hands: Sequence[tuple[str, HandStacks | None]]
                    ) -> list[tuple[int, list[FindingRow]]]:
        """``findings`` of consecutive hands (file, stacks), in one loop: the index and
        rows of each hand that has some."""
        tracker = self.tracker
        out: list[tuple[int, list[FindingRow]]] = []
        for i, (source, stacks) in enumerate(hands):
            if stacks is None:
                tracker.forget(source)
                continue
            try:
                found = tracker.feed(stacks)
            except Exception:  # a bug in the check: this hand's chains are not followed
                tracker.forget(source)
                continue
            if found:  # (seldom)
                out.append((i, [self.auditor.finding_row(f, source, stacks.hand_id)
                                for f in found]))
        return out

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
    payout_counts: list[int] = field(default_factory=list)  # payout rows per hand


BATCHED = True  # a chunk audited stage by stage (False: hand by hand, the plain way)


def audit_chunk(auditor: HandAuditor, chunk: list[HandBlock]) -> ChunkResult:
    """Audit consecutive hand blocks (of one file or several, in file order)."""
    rows = ChunkRows()
    stacks = []
    with _collector_paused():
        if BATCHED:
            outcomes = auditor.audit_many(chunk)
        else:
            outcomes = [o for block in chunk for o in auditor.audit_blocks(block)]
        for outcome in outcomes:
            rows.add(outcome.hand, outcome.findings, outcome.payouts, outcome.decimals)
            stacks.append((outcome.source, outcome.stacks))
        try:
            tables = rows.tables()
        except Exception:  # a row Arrow refuses: find its hand, keep the others
            rows, stacks = _rows_hand_by_hand(auditor, outcomes)
            tables = rows.tables()
        result = ChunkResult(tables, stacks, rows.payout_counts())
        # The readers' caches are long-lived and large; the cyclic collector would scan
        # them again and again (a quarter of the run time). Hands form no reference cycles
        # and are freed by reference counting, so moving what is alive now out of the
        # collector's sight frees nothing less.
        gc.freeze()
    return result


def lines_for_findings(result: ChunkResult, chunk: list[HandBlock]) -> list[HandBlock]:
    """What of ``chunk`` a worker sends back for the run's findings to be shown with their
    lines: each block holding one of ``result``'s findings, whole; of every other block,
    only the lines the findings made after the workers can point at (HH004 a hand's
    first line, SE001 its seat lines), as a block of those numbered lines."""
    findings = result.tables.findings
    found = sorted(set(findings.column("line").to_pylist())) if findings.num_rows else []
    later: dict[str, list[int]] = {}
    for source, first, *_ in result.tables.hand_keys():
        later.setdefault(source, []).append(first)
    for source, stacks in result.stacks:
        if stacks is not None:
            later.setdefault(source, []).extend(s[2] for s in stacks.seats)
    for numbers in later.values():
        numbers.sort()
    out: list[HandBlock] = []
    for block in chunk:
        first, last = block.span
        i = bisect_left(found, first)
        if i < len(found) and found[i] <= last:
            out.append(block)
            continue
        mine = later.get(block.source, [])
        wanted = dict.fromkeys(mine[bisect_left(mine, first) : bisect_right(mine, last)])
        if not wanted:
            continue
        if block.numbers is None:  # (the common case: no line to look for)
            numbers = list(wanted)
            lines = [block.lines[n - first] for n in numbers]
        else:
            numbered = [(n, text) for n, text in block.numbered() if n in wanted]
            numbers, lines = [n for n, _ in numbered], [text for _, text in numbered]
        if lines:
            out.append(HandBlock(block.source, block.site, numbers[0], lines, numbers))
    return out


def _rows_hand_by_hand(auditor: HandAuditor, outcomes: list[HandOutcome]
                       ) -> tuple[ChunkRows, list[tuple[str, HandStacks | None]]]:
    """The chunk's rows when a whole chunk could not be converted: each hand alone, and
    a hand whose rows cannot be converted is kept as HH001 "could not be audited"."""
    rows = ChunkRows()
    stacks: list[tuple[str, HandStacks | None]] = []
    for outcome in outcomes:
        alone = ChunkRows()
        alone.add(outcome.hand, outcome.findings, outcome.payouts, outcome.decimals)
        try:
            alone.tables()
        except Exception as exc:
            row = outcome.hand
            outcome = auditor.unreadable(Unreadable(
                source=row[0], first_line=row[2], last_line=row[3], line=row[2],
                code="HH001", message=_internal_message(exc), site=row[4] or "",
                hand_id=row[1] or ""))
        rows.add(outcome.hand, outcome.findings, outcome.payouts, outcome.decimals)
        stacks.append((outcome.source, outcome.stacks))
    return rows, stacks


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


def replay_hand(hand: Hand, settings: Settings | None = None) -> ReplayResult:
    """``hand``'s betting replayed with the selected betting rules (for tests and tools
    that look at one stage)."""
    settings = settings or Settings()
    codes = None if settings.selection is None else settings.selection.codes
    return replay(hand, settings.profile, checks_for(codes, hand.info.limit))


def settle_hand(hand: Hand, result: ReplayResult, settings: Settings | None = None
                ) -> Settlement:
    """``hand``'s pots settled after ``result`` and judged by the selected pot rules."""
    settings = settings or Settings()
    codes = None if settings.selection is None else settings.selection.codes
    settled = settle(hand, result, settings.profile)
    found = check_pots(settled.audit, codes) if settled.audit is not None else []
    return Settlement(found + check_between_hands(hand, codes), settled.payouts)


class DuplicateFilter:
    """Finds hands seen before in the run (the same site, hand id and start: a file given
    twice, a hand in two exports). A repeat keeps its row, as ``duplicate``, with one HH004
    finding; its other findings and its payouts are dropped, so that it is audited once.
    It remembers a 64-bit digest of each hand's key, not the key, in a compact table
    (``DigestSet``: 16 to 32 bytes a hand, not a ``set``'s 60 to 85)."""

    def __init__(self, auditor: HandAuditor, seen: DigestSet | None = None) -> None:
        self.auditor = auditor
        # Shared by the filters of a run's several configurations: a hand is a repeat
        # whichever file it was first seen in.
        self.seen = seen if seen is not None else DigestSet()

    def is_repeat(self, site: str | None, hand_id: str | None, started: str | None) -> bool:
        """Whether this hand was seen before (and remember it): the same site, hand id
        and start (a home-game log numbers its hands from 1 again in every game)."""
        if not hand_id or not site:
            return False
        return self.seen.add(hash((site, hand_id, started)))

    def finding(self, source: str, hand_id: str, site: str, line: int) -> FindingRow:
        """The HH004 row of a repeated hand."""
        return self.auditor.finding_row(Finding(
            code="HH004", line=line,
            message=f"Hand #{hand_id} ({site}) appears again: it is audited once, where it "
                    f"first appeared.",
        ), source, hand_id)

    def outcome(self, outcome: HandOutcome) -> HandOutcome:
        """One hand's outcome, marked duplicate if it is a repeat."""
        row = outcome.hand
        if not self.is_repeat(row[4], row[1], row[11]):
            return outcome
        findings = []
        if self.auditor.wanted("HH004"):
            findings.append(self.finding(row[0], row[1] or "", row[4] or "", row[2]))
        return HandOutcome((*row[:-1], "duplicate"), findings, [], None, outcome.decimals)

    def __call__(self, result: ChunkResult) -> ChunkResult:
        """``result`` with its repeated hands marked and their rows dropped."""
        keys = result.tables.hand_keys()
        seen = self.seen.add
        # (``is_repeat`` of each hand, written out: a call less a hand.)
        repeats = [i for i, (_, _, site, hand_id, started, _) in enumerate(keys)
                   if hand_id and site and seen(hash((site, hand_id, started)))]
        if not repeats:
            return result
        return _without_repeats(self, result, repeats, keys)


def _without_repeats(duplicates: DuplicateFilter, result: ChunkResult, repeats: list[int],
                     keys: list[HandKey]) -> ChunkResult:
    """The chunk with the hands at ``repeats`` marked duplicate (see DuplicateFilter)."""
    tables = result.tables
    hands = tables.hands
    counts = hands.column("findings").to_pylist()
    keep_findings: list[bool] = []
    keep_payouts: list[bool] = []
    repeat = set(repeats)
    for i, (found, paid) in enumerate(zip(counts, result.payout_counts, strict=True)):
        keep_findings += [i not in repeat] * found
        keep_payouts += [i not in repeat] * paid
    wanted = duplicates.auditor.wanted("HH004")
    extra: list[FindingRow] = []
    decimals: list[int] = []
    currencies: list[str] = []
    units = hands.column("currency").to_pylist()
    stacks = list(result.stacks)
    payout_counts = list(result.payout_counts)
    keys = list(keys)
    for i in repeats:
        source, first, site, hand_id, started, _ = keys[i]
        keys[i] = (source, first, site, hand_id, started, "duplicate")
        counts[i] = 1 if wanted else 0
        payout_counts[i] = 0
        stacks[i] = (stacks[i][0], None)
        if wanted:
            extra.append(duplicates.finding(source, hand_id or "", site or "", first))
            decimals.append(2)
            currencies.append(units[i])
    hands = hands.set_column(hands.schema.get_field_index("status"), hands.schema.field("status"),
                             HANDS.column("status").to_arrow([key[-1] for key in keys]))
    hands = hands.set_column(hands.schema.get_field_index("findings"),
                             hands.schema.field("findings"), pa.array(counts, pa.int64()))
    pc = arrow_compute()  # (a repeated hand is rare: imported only for one)
    findings = pc.filter(tables.findings, pa.array(keep_findings, pa.bool_()))
    if extra:
        findings = pa.concat_tables([findings, findings_table(extra, decimals, currencies)])
    payouts = pc.filter(tables.payouts, pa.array(keep_payouts, pa.bool_()))
    return ChunkResult(ReportTables(hands, findings, payouts, keys), stacks, payout_counts)
