"""What the CLI shows a person: a progress bar on stderr and the run's summary."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
from rich.progress import Progress as RichProgress
from rich.table import Table

from auditor.api import InputProblem, RunResult

_err = Console(stderr=True, highlight=False, soft_wrap=True)
_out = Console(highlight=False, soft_wrap=True)


class Progress:
    """Hands done and the file being read; shown only when stderr is a terminal."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._bar: RichProgress | None = None
        self._task = None

    def __enter__(self) -> Progress:
        if self.enabled:
            self._bar = RichProgress(
                TextColumn("[bold]auditing[/]"), BarColumn(), MofNCompleteColumn(),
                TextColumn("hands"), TimeElapsedColumn(), TextColumn("{task.description}"),
                console=_err, transient=True,
            )
            self._bar.__enter__()
            self._task = self._bar.add_task("", total=None)
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.__exit__(exc_type, exc, tb)

    def file(self, path: Path) -> None:
        if self._bar is not None:
            self._bar.update(self._task, description=path.name[-50:])

    def hands(self, count: int) -> None:
        if self._bar is not None:
            self._bar.advance(self._task, count)


def print_problems(problems: list[InputProblem]) -> None:
    """One line per input that yielded no hands: errors for paths the user named, notes
    for files met while searching folders."""
    for p in problems:
        if p.fatal:
            _err.print(f"[bold red]error:[/] {p.path}: {p.message}")
        else:
            _err.print(f"[yellow]skipped:[/] {p.path}: {p.message}")


def print_summary(run: RunResult) -> None:
    """Files, hands, hands per status, findings per code and the time taken."""
    s = run.summary
    hands = s.hands
    rate = hands / run.seconds if run.seconds > 0 else 0.0
    _out.print(
        f"[bold]{run.files}[/] files, [bold]{hands:,}[/] hands in {run.seconds:.2f} s "
        f"({rate:,.0f} hands/s) -> {s.out_dir}"
    )
    statuses = ", ".join(f"{n:,} {status}" for status, n in s.hands_by_status.items() if n)
    _out.print(f"hands: {statuses or 'none'}")
    if not s.findings_by_code:
        _out.print("findings: none")
        return
    from auditor.rules.registry import all_rules

    rules = all_rules()
    table = Table(title=None, box=None, pad_edge=False)
    table.add_column("code")
    table.add_column("rule")
    table.add_column("severity")
    table.add_column("findings", justify="right")
    for code, n in s.findings_by_code.items():
        rule = rules.get(code)
        table.add_row(code, rule.name if rule else "", rule.severity if rule else "", f"{n:,}")
    _out.print(table)
    sev = s.findings_by_severity
    _out.print(f"findings: {sev['error']:,} errors, {sev['warning']:,} warnings, "
               f"{sev['info']:,} info")
