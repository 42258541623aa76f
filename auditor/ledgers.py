"""The sessions of a run and the ledgers beside them: the ``sessions`` table's rows, and
each ledger set beside the log it belongs to (SE003).

A ledger belongs to the log of the same game (``ledger_<id>.csv`` beside
``poker_now_log_<id>.csv``); a run with one ledger and one log left unpaired pairs them.
Each ledger figure the log does not give is SE003 (``reconcile``). Every log's rows are
held until the run ends (a player per log: few), so that a ledger
found after its log still pairs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from auditor.model.finding import Finding
from auditor.model.money import format_amount
from auditor.report.writer import HandKey
from auditor.rules.pots.se001_stack_discontinuity import HandStacks
from auditor.sessions import SessionRow, SessionTracker
from auditor.sites.pokernow.ledger import Ledger, LedgerEntry


@dataclass(slots=True)
class LedgerUse:
    """A ledger and the log it was set beside (None: no log of the run matched it)."""

    ledger: str
    log: str | None
    units: str = ""


@dataclass(slots=True)
class SessionsDone:
    """What the run's sessions came to."""

    rows: list[SessionRow]
    # (configuration number, ledger file, finding, decimals, currency)
    findings: list[tuple[int, str, Finding, int, str]]
    ledgers: list[LedgerUse]


@dataclass(slots=True)
class SessionAudit:
    """Feeds the tracker hand by hand, holds each log's rows, and pairs the ledgers."""

    ledgers: list[Ledger] = field(default_factory=list)
    _tracker: SessionTracker = field(default_factory=SessionTracker)
    _logs: list[tuple[int, list[SessionRow]]] = field(default_factory=list)
    _config: int = 0

    def feed(self, source: str, stacks: HandStacks | None, config: int) -> None:
        """One hand of ``source`` in file order (None: not audited), audited under the
        run's configuration number ``config``."""
        done = self._tracker.feed(source, stacks)
        if done:
            self._logs.append((self._config, done))
        self._config = config

    def feed_chunk(self, hands: Sequence[tuple[str, HandStacks | None]],
                   keys: Sequence[HandKey], config: int) -> None:
        """``feed`` of a chunk's hands in file order, but the cancelled ones (their keys
        say which: they move no chips)."""
        tracker = self._tracker
        for (source, stacks), key in zip(hands, keys, strict=True):
            if key[-1] == "cancelled":
                continue
            if stacks is not None and not stacks.logged and tracker.reading(source):
                # A site that logs no stack changes, in the file being read: nothing to
                # follow (two calls a hand saved, a third of a percent of a run).
                self._config = config
                continue
            self.feed(source, stacks, config)

    def finish(self) -> SessionsDone:
        """Every log's rows, with the ledgers' figures and their findings."""
        last = self._tracker.close()
        if last:
            self._logs.append((self._config, last))
        by_game = {rows[0].table_name: i for i, (_, rows) in enumerate(self._logs)}
        pairs: dict[int, Ledger] = {}
        loose: list[Ledger] = []
        for ledger in self.ledgers:
            i = by_game.get(ledger.game_id or "")
            if i is not None and i not in pairs:
                pairs[i] = ledger
            else:
                loose.append(ledger)
        unpaired = [i for i in range(len(self._logs)) if i not in pairs]
        if len(loose) == 1 and len(unpaired) == 1:
            pairs[unpaired[0]] = loose.pop()
        findings: list[tuple[int, str, Finding, int, str]] = []
        uses = [LedgerUse(ledger.source, None) for ledger in loose]
        for i, ledger in sorted(pairs.items()):
            config, rows = self._logs[i]
            done = reconcile(ledger, rows)
            findings += [(config, ledger.source, f, rows[0].decimals, rows[0].currency)
                         for f in done.findings]
            uses.append(LedgerUse(ledger.source, rows[0].source, done.units))
        rows = [row for _, log in self._logs for row in log]
        return SessionsDone(rows, findings, uses)


@dataclass(slots=True)
class Reconciled:
    """The ledger set beside a log's sessions: the unit its amounts were read in, the
    findings (SE003), and the sessions with the ledger's figures filled in."""

    units: str  # "cents", or "chips" (the log's own unit)
    findings: list[Finding]
    rows: list[SessionRow]


def reconcile(ledger: Ledger, rows: list[SessionRow]) -> Reconciled:
    """Each player's ledger figures against his session in the log."""
    decimals = rows[0].decimals if rows else 0
    by_id = {row.player_id: row for row in rows}
    # In the log's unit (a whole number of its smallest unit), or already in cents.
    readings = {"chips": 10 ** decimals, "cents": 1} if decimals else {"chips": 1}
    best = max(readings, key=lambda unit: (_agreements(ledger, by_id, readings[unit]),
                                           unit == ("chips" if ledger.decimal_point
                                                    else "cents")))
    scale = readings[best]
    findings: list[Finding] = []
    for pid, entry in ledger.entries.items():
        row = by_id.get(pid)
        figures = {k: _units(v, scale) for k, v in entry.figures.items()}
        if row is None:
            findings.append(_finding(entry, None, (
                f"The ledger lists {entry.nickname} ({pid}), who has no session in the log "
                f"(buy-in {_money(figures['buy_in'], rows)}).")))
            continue
        row.ledger, row.ledger_amounts_in = ledger.source, best
        row.ledger_buy_in, row.ledger_buy_out = figures["buy_in"], figures["buy_out"]
        row.ledger_stack, row.ledger_net = figures["stack"], figures["net"]
        wrong = _differences(row, figures)
        if wrong:
            said = "; ".join(f"{name} {_money(got, rows)} (the log gives {_money(want, rows)})"
                             for name, got, want in wrong)
            first = wrong[0]
            findings.append(_finding(entry, row.player,
                                     f"The ledger gives {row.player} {said}.",
                                     expected=first[2], observed=first[1]))
    listed = set(ledger.entries)
    for row in rows:
        if row.player_id not in listed and (row.bought_in or row.hands):
            findings.append(Finding(
                code="SE003", line=1, player=row.player,
                message=f"The ledger does not list {row.player}, who bought in for "
                        f"{_money(row.bought_in, rows)} and played {row.hands} hands.",
                expected=row.bought_in, observed=None))
    return Reconciled(best, findings, rows)


def _units(value: Decimal, scale: int) -> int | None:
    units = value * scale
    return int(units) if units == units.to_integral_value() else None


def _agreements(ledger: Ledger, by_id: dict[str, SessionRow], scale: int) -> int:
    count = 0
    for pid, entry in ledger.entries.items():
        row = by_id.get(pid)
        if row is not None:
            figures = {k: _units(v, scale) for k, v in entry.figures.items()}
            count += 4 - len(_differences(row, figures))
    return count


def _differences(row: SessionRow, figures: dict[str, int | None]
                 ) -> list[tuple[str, int | None, int]]:
    """The ledger figures the log does not give: (name, the ledger's, the log's)."""
    out: list[tuple[str, int | None, int]] = []
    # A host's change may or may not count as money in: both readings are accepted.
    if figures["buy_in"] not in (row.bought_in, row.bought_in + row.adjusted):
        out.append(("bought in", figures["buy_in"], row.bought_in + row.adjusted))
    if figures["buy_out"] != row.cashed_out:
        out.append(("cashed out", figures["buy_out"], row.cashed_out))
    if figures["stack"] != row.final_stack:
        out.append(("a final stack of", figures["stack"], row.final_stack))
    if figures["net"] not in (row.net, row.net + row.adjusted):
        out.append(("net", figures["net"], row.net))
    return out


def _money(units: int | None, rows: list[SessionRow]) -> str:
    if units is None:
        return "a fraction of the smallest unit"
    decimals = rows[0].decimals if rows else 0
    return format_amount(units, decimals, "")


def _finding(entry: LedgerEntry, player: str | None, message: str,
             expected: int | None = None, observed: int | None = None) -> Finding:
    return Finding(code="SE003", line=entry.line, player=player, message=message,
                   expected=expected, observed=observed)
