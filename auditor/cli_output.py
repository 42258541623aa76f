"""What the CLI shows a person or a program: each finding as it is found, a progress bar
on stderr, and the run's summary.

Findings are printed chunk by chunk as the audit goes (in file and line order), in one of
the formats ruff users know: ``full`` (the offending line shown under each finding),
``concise`` (one line each), ``grouped`` (by file), or for programs ``json`` (one array)
and ``json-lines`` (one object a line). Lines are written with plain ANSI styles rather
than through a rendering library: a run can print millions of them.
"""

from __future__ import annotations

import json
import os
import sys
from bisect import bisect_right
from collections.abc import Iterable
from operator import attrgetter
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any, ClassVar, Literal

if TYPE_CHECKING:  # the CLI imports this module before it knows it will audit
    from auditor.api import ChunkDone, InputProblem, RunResult
    from auditor.config import Settings
    from auditor.inputs import ByteMeter
    from auditor.parsing.blocks import HandBlock

OutputFormat = Literal["full", "concise", "grouped", "json", "json-lines"]
OUTPUT_FORMATS: tuple[OutputFormat, ...] = ("full", "concise", "grouped", "json", "json-lines")
MACHINE_FORMATS = ("json", "json-lines")
Color = Literal["auto", "always", "never"]

_COLUMNS = ("source", "line", "hand_id", "code", "rule", "severity", "street", "player",
            "message", "expected", "observed", "currency")
_TEXT_COLUMNS = ("source", "line", "hand_id", "code", "severity", "message")  # (shown)
_RANK = {"error": 0, "warning": 1, "info": 2}  # the lower, the more severe


def use_color(choice: Color, stream: IO[str]) -> bool:
    """Whether to color ``stream``: ``auto`` colors a terminal unless ``NO_COLOR`` is set
    (https://no-color.org) or ``TERM`` is ``dumb``."""
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return bool(getattr(stream, "isatty", lambda: False)())


class Style:
    """ANSI styles, or none."""

    _CODES: ClassVar[dict[str, str]] = {
        "bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "blue": "34",
        "magenta": "35", "cyan": "36"}
    _SEVERITY: ClassVar[dict[str, str]] = {"error": "red", "warning": "yellow", "info": "cyan"}

    def __init__(self, color: bool) -> None:
        self.color = color

    def __call__(self, text: str, *styles: str) -> str:
        if not self.color or not styles:
            return text
        codes = ";".join(self._CODES[s] for s in styles)
        return f"\x1b[{codes}m{text}\x1b[0m"

    def severity(self, text: str, severity: str) -> str:
        return self(text, "bold", self._SEVERITY.get(severity, "bold"))


# --- findings --------------------------------------------------------------------------


class FindingPrinter:
    """Prints the findings of each audited chunk (``ChunkDone``) as they arrive, those of
    at least ``lowest`` severity; counts those it leaves out."""

    def __init__(self, fmt: OutputFormat, out: IO[str], style: Style,
                 lowest: str = "warning") -> None:
        self.fmt = fmt
        self.out = out
        self.style = style
        self.lowest = _RANK[lowest]
        self.printed = 0
        self.hidden: dict[str, int] = {}  # severity -> findings not shown
        self._group: str | None = None  # the file being grouped under
        self._styled: dict[tuple[str, str], str] = {}  # (code, severity) -> styled code
        self._colon = style(":", "cyan")
        self._bar = style("|", "blue")

    def __enter__(self) -> FindingPrinter:
        if self.fmt == "json":
            self.out.write("[")
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self.fmt == "json":
            self.out.write("\n]\n" if self.printed else "]\n")
        self.out.flush()

    def chunk(self, done: ChunkDone) -> None:
        """Print the findings of one chunk, in line order."""
        table = done.tables.findings
        if not table.num_rows:
            return
        # Each file's rank in the chunk (its blocks' sources gathered in C: a chunk has
        # hundreds of hands and few files).
        files = {s: i for i, s in enumerate(dict.fromkeys(map(_SOURCE, done.blocks)))}
        # Only the columns the format shows are made Python values (the amounts, decimals,
        # only for JSON): column by column, not a dict a row (a run can print millions).
        machine = self.fmt in MACHINE_FORMATS
        names = _COLUMNS if machine else _TEXT_COLUMNS
        columns = {name: table.column(name).to_pylist() for name in names}
        # A chunk of several files: each file's findings in line order, the files in the
        # chunk's order, as when each file was a chunk of its own. (Sorted in Python: a
        # chunk's findings are few, and pyarrow.compute is slow to import.)
        source, line, code = columns["source"], columns["line"], columns["code"]
        rank = [files.get(s, 0) for s in source]
        order = sorted(range(len(source)), key=lambda i: (rank[i], line[i], code[i]))
        severity = columns["severity"]
        lines = _SourceLines(done.blocks) if self.fmt == "full" else None
        parts: list[str] = []
        for i in order:
            if _RANK.get(severity[i], 0) > self.lowest:
                self.hidden[severity[i]] = self.hidden.get(severity[i], 0) + 1
                continue
            if machine:
                self._print_json({name: columns[name][i] for name in _COLUMNS}, parts)
            else:
                self._print_text(source[i], line[i], columns["hand_id"][i], code[i],
                                 severity[i], columns["message"][i], lines, parts)
            self.printed += 1
        self.out.write("".join(parts))

    def _print_json(self, row: dict[str, Any], parts: list[str]) -> None:
        text = json.dumps(_json_row(row), ensure_ascii=False)
        if self.fmt == "json":
            parts.append(("\n  " if not self.printed else ",\n  ") + text)
        else:
            parts.append(text + "\n")

    def _print_text(self, source: str, line: int, hand_id: str | None, code: str,
                    severity: str, message: str, lines: _SourceLines | None,
                    parts: list[str]) -> None:
        s = self.style
        color = s.color
        if hand_id:
            hand = f" {s('[hand #' + hand_id + ']', 'dim')}" if color else f" [hand #{hand_id}]"
        else:
            hand = ""
        # (The styled pieces that repeat, made once: a run can print millions of lines.)
        styled = self._styled.get((code, severity))
        if styled is None:
            styled = self._styled[code, severity] = s.severity(code, severity)
        what = f"{styled} {message}{hand}"
        if self.fmt == "grouped":
            if source != self._group:
                if self._group is not None:
                    parts.append("\n")
                self._group = source
                parts.append(s(source, "bold", "blue") + ":\n")
            parts.append(f"  {s(str(line), 'cyan') if color else line}: {what}\n")
            return
        colon = self._colon
        where = f"{s(source, 'bold') if color else source}{colon}{line}{colon}"
        parts.append(f"{where} {what}\n")
        if lines is not None:
            text = lines.get(source, line)
            if text is not None:
                number = str(line)
                bar = self._bar
                pad = " " * len(number)
                parts.append(f"{pad} {bar}\n{s(number, 'blue') if color else number} {bar} "
                             f"{text}\n{pad} {bar}\n\n")


def _json_row(row: dict[str, Any]) -> dict[str, Any]:
    """A finding for JSON readers: amounts as exact decimal strings (a JSON number is a
    binary float to most readers), names as in the findings table."""
    out = dict(row)
    for key in ("expected", "observed"):
        if out[key] is not None:
            out[key] = str(out[key])
    return out


class _SourceLines:
    """The text of a chunk's file lines, looked up by file and line number (for
    ``full``)."""

    def __init__(self, blocks: list[HandBlock]) -> None:
        self._blocks = blocks
        # A file's blocks in line order, and where each starts: made for the files a
        # finding is printed in, when first asked (a chunk's findings are in few files).
        self._files: dict[str, tuple[list[int], list[HandBlock]]] = {}

    def _file(self, source: str) -> tuple[list[int], list[HandBlock]]:
        found = self._files.get(source)
        if found is None:
            mine = sorted([b for b in self._blocks if b.source == source], key=_first_number)
            found = self._files[source] = (list(map(_first_number, mine)), mine)
        return found

    def get(self, source: str, line: int) -> str | None:
        starts, blocks = self._file(source)
        i = bisect_right(starts, line) - 1
        if i < 0:
            return None
        block = blocks[i]
        if block.numbers is None:
            index = line - block.first_line
            return block.lines[index] if 0 <= index < len(block.lines) else None
        for number, text in block.numbered():
            if number == line:
                return text
        return None


_SOURCE = attrgetter("source")


def _first_number(block: HandBlock) -> int:
    """A block's first file line (``span[0]``, without its last line's: the blocks of
    each file a finding is printed in are sorted by it)."""
    numbers = block.numbers
    return block.first_line if numbers is None else min(numbers)


# --- progress --------------------------------------------------------------------------


class Progress:
    """A progress bar on stderr (only when it is a terminal): bytes read of the bytes to
    read, the time left, hands done and hands per second."""

    def __init__(self, enabled: bool, meter: ByteMeter) -> None:
        self.enabled = enabled
        self.meter = meter
        self._bar: Any = None
        self._task: Any = None
        self._hands = 0

    def __enter__(self) -> Progress:
        if self.enabled:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                DownloadColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )
            from rich.progress import Progress as RichProgress

            self._bar = RichProgress(
                TextColumn("[bold]auditing[/]"), BarColumn(), DownloadColumn(),
                TimeRemainingColumn(), TextColumn("{task.fields[hands]}"),
                TimeElapsedColumn(), TextColumn("{task.description}"),
                console=Console(stderr=True, highlight=False), transient=True,
            )
            self._bar.__enter__()
            self._task = self._bar.add_task("", total=self.meter.total or None, hands="")
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.__exit__(exc_type, exc, tb)

    def file(self, path: Path) -> None:
        """A new file is being read."""
        if self._bar is not None:
            self._bar.update(self._task, description=path.name[-40:],
                             completed=self.meter.done)

    def hands(self, count: int) -> None:
        """``count`` more hands are done."""
        if self._bar is not None:
            self._hands += count
            task = self._bar.tasks[0]
            elapsed = task.elapsed or 0.0
            rate = f" {self._hands / elapsed:,.0f}/s" if elapsed > 0 else ""
            self._bar.update(self._task, completed=self.meter.done,
                             hands=f"{self._hands:,} hands{rate}")


# --- summary ---------------------------------------------------------------------------


_LISTED_SKIPS = 5  # files skipped while searching folders, listed without -v


def print_problems(problems: list[InputProblem], style: Style, verbose: bool,
                   err: IO[str] = sys.stderr) -> None:
    """Errors for the inputs the user named that yielded nothing; notes for files met
    while searching folders (the first few, or all with ``verbose``)."""
    notes = [p for p in problems if not p.fatal]
    for p in problems:
        if p.fatal:
            err.write(f"{style('error:', 'bold', 'red')} {p.path}: {p.message}\n")
    shown = notes if verbose else notes[:_LISTED_SKIPS]
    for p in shown:
        err.write(f"{style('skipped:', 'yellow')} {p.path}: {p.message}\n")
    if len(notes) > len(shown):
        err.write(f"{style('skipped:', 'yellow')} {len(notes) - len(shown):,} more files "
                  f"with no hand history (-v lists them)\n")


def print_summary(run: RunResult, printer: FindingPrinter | None, style: Style,
                  out: IO[str]) -> None:
    """Files, hands per status, findings per code with the severity they were reported
    with, the configuration files used and the time taken."""
    s = run.summary
    rate = s.hands / run.seconds if run.seconds > 0 else 0.0
    written = f" -> {s.out_dir}" if s.out_dir is not None else ""
    if printer is not None and printer.printed:
        out.write("\n")
    out.write(f"{style(f'{run.files:,}', 'bold')} files, {style(f'{s.hands:,}', 'bold')} "
              f"hands in {run.seconds:.2f} s ({rate:,.0f} hands/s){written}\n")
    statuses = ", ".join(f"{n:,} {status}" for status, n in s.hands_by_status.items() if n)
    out.write(f"hands: {statuses or 'none'}\n")
    out.write(f"config: {_configs(run.configs)}\n")
    if s.sessions:
        out.write(f"sessions: {s.sessions:,} player sessions\n")
    for use in run.ledgers:
        if use.log is not None:
            out.write(f"ledger: {use.ledger} set beside {use.log} (amounts in {use.units})\n")
    if s.findings_by_code:
        print_statistics(run, style, out)
    sev = s.findings_by_severity
    if not s.findings:
        out.write("findings: none\n")
        return
    parts = [style(f"{sev['error']:,} errors", "bold", "red") if sev["error"] else "0 errors",
             f"{sev['warning']:,} warnings", f"{sev['info']:,} info"]
    out.write(f"findings: {', '.join(parts)}\n")
    if printer is not None and printer.hidden:
        hidden = ", ".join(f"{n:,} {level}" for level, n in printer.hidden.items())
        lowest = "info" if "info" in printer.hidden else "warning"
        out.write(f"not shown above: {hidden} (--min-severity {lowest} shows them)\n")


def _configs(configs: dict[str, int]) -> str:
    if not configs:
        return "none"
    return ", ".join(f"{name or 'none (defaults)'} ({n:,} file{'s' if n != 1 else ''})"
                     for name, n in configs.items())


def print_statistics(run: RunResult, style: Style, out: IO[str], as_json: bool = False
                     ) -> None:
    """The findings per code: count, code, rule and the severity reported."""
    from auditor.rules.registry import all_rules

    rules = all_rules()
    s = run.summary
    rows = [(n, code, rules[code].name if code in rules else "",
             "/".join(s.severities_by_code.get(code, ())))
            for code, n in s.findings_by_code.items()]
    if as_json:
        out.write(json.dumps([{"code": c, "rule": r, "severity": v, "count": n}
                              for n, c, r, v in rows], indent=2) + "\n")
        return
    width = max((len(f"{n:,}") for n, *_ in rows), default=1)
    name_width = max((len(r) for _, _, r, _ in rows), default=0)
    for n, code, rule, severity in rows:
        out.write(f"{f'{n:,}':>{width}}  {style.severity(code, severity.split('/')[0])}  "
                  f"{rule:<{name_width}}  {severity}\n")


def print_settings(settings: Iterable[tuple[str, Settings, int]], out: IO[str]) -> None:
    """Each configuration in effect, as TOML a user can paste into ``auditor.toml``: its
    file, the files it governs, the profile's options, the rules and every severity."""
    import dataclasses

    for name, config, files in settings:
        out.write(f"# {name or 'no configuration file (defaults)'}: {files:,} input file"
                  f"{'s' if files != 1 else ''}\n")
        profile = config.profile
        out.write(f'profile = "{profile.name}"\n')
        for f in dataclasses.fields(profile):
            if f.name in ("name", "severity"):
                continue
            value = getattr(profile, f.name)
            shown = ("true" if value else "false") if isinstance(value, bool) else (
                f'"{value}"' if isinstance(value, str) else str(value))
            out.write(f"{f.name.replace('_', '-')} = {shown}\n")
        selection = config.selection
        severities = config.severities()
        if selection is not None:
            off = sorted(set(severities) - selection.codes)
            out.write(f"ignore = {json.dumps(off)}  # the rules not reported\n")
        out.write(f"exclude = {json.dumps(list(config.exclude))}\n")
        out.write("[severity]  # every rule, as reported\n")
        for code, severity in severities.items():
            off = "" if selection is None or code in selection else "  # not selected"
            out.write(f'{code} = "{severity}"{off}\n')
        out.write("\n")
