"""The ``auditor`` command: arguments in, exit codes out; the work is in ``auditor.api``.

Nothing escapes to the terminal as a traceback: a failed run is one line on stderr and
exit status 2, Ctrl-C is exit 130 and SIGTERM 143 (the report's partial files removed on
the way out), and an error the auditor did not foresee is "internal error (please
report)", exit 2.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, NoReturn

import click

from auditor.cli_output import MACHINE_FORMATS, OUTPUT_FORMATS, Color, OutputFormat
from auditor.config import ConfigError, Overrides, Settings, SettingsFinder, parse_inline
from auditor.distributed.urls import OutDir, is_url, missing_extra
from auditor.lean_imports import (
    absent,
    import_arrow_without_numpy,
    prefer_system_allocator,
)

EXIT_OK, EXIT_FINDINGS, EXIT_FAILED = 0, 1, 2
EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 128 + signal.SIGTERM
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as any Unix tool whose reader closes the pipe


class Terminated(BaseException):
    """SIGTERM arrived: stop as Ctrl-C does (a BaseException, so that no ``except
    Exception`` in a hand's audit mistakes it for that hand's failure)."""


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's last flush of a closed pipe
    does not print an error of its own."""
    with suppress(OSError, ValueError):  # not a real file (a test's captured output)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _split(values: tuple[str, ...]) -> list[str]:
    """``--select RO,TU001 --select RA`` -> ["RO", "TU001", "RA"]."""
    return [v.strip() for value in values for v in value.split(",") if v.strip()]


def _fail(message: str) -> NoReturn:
    click.echo(f"auditor: error: {message}", err=True)
    sys.exit(EXIT_FAILED)


def _finder(config: tuple[str, ...], isolated: bool, profile: str | None,
            select: tuple[str, ...] = (), ignore: tuple[str, ...] = (),
            exclude: tuple[str, ...] | None = None, extend_exclude: tuple[str, ...] = (),
            ) -> SettingsFinder:
    """How each input finds its settings: ``--config`` is a file (one for every input)
    or an inline ``key = value`` (over every configuration); exits 2 on a mistake."""
    files = [c for c in config if Path(c).is_file()]
    inline: dict[str, Any] = {}
    try:
        if len(files) > 1:
            raise ConfigError(f"--config names {len(files)} files; give at most one")
        for c in config:
            if c not in files:
                if "=" not in c:
                    raise ConfigError(f"--config {c}: no such file")
                inline.update(parse_inline(c))
        overrides = Overrides(inline=inline, profile=profile, select=_split(select),
                              ignore=_split(ignore),
                              exclude=_split(exclude) if exclude else None,
                              extend_exclude=_split(extend_exclude))
        return SettingsFinder(overrides, config_file=Path(files[0]) if files else None,
                              isolated=isolated)
    except ConfigError as exc:
        _fail(str(exc))


def _config_options(command: Any) -> Any:
    """The options every command that reads hands takes to configure itself."""
    for option in reversed((
        click.option("--config", "config", multiple=True, metavar="FILE | 'KEY = VALUE'",
                     help="A configuration file for every input (instead of the nearest "
                          "to each), or one TOML setting over every configuration."),
        click.option("--isolated", is_flag=True,
                     help="Ignore every configuration file."),
        click.option("--profile", default=None,
                     help="House rules: tda (default), half-bet, full-bet, cash."),
    )):
        command = option(command)
    return command


class _Guarded(click.Group):
    """The command group, with every way out of a command turned into an exit status."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            with _sigterm_raises():
                return super().invoke(ctx)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except KeyboardInterrupt:
            click.echo("auditor: interrupted; no report was written", err=True)
            ctx.exit(EXIT_INTERRUPTED)
        except Terminated:
            click.echo("auditor: stopped (SIGTERM); no report was written", err=True)
            ctx.exit(EXIT_TERMINATED)
        except BrokenPipeError:  # `auditor rules | head`: the reader left
            _silence_stdout()
            ctx.exit(EXIT_BROKEN_PIPE)
        except Exception as exc:
            click.echo(f"auditor: internal error (please report): {type(exc).__name__}: "
                       f"{str(exc)[:300]}", err=True)
            ctx.exit(EXIT_FAILED)


@contextmanager
def _sigterm_raises() -> Iterator[None]:
    """SIGTERM raises ``Terminated`` in the main thread while a command runs."""
    def stop(signum: int, frame: object) -> None:
        raise Terminated

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread (an embedding program): leave it alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@click.group(cls=_Guarded, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="auditor")
def main() -> None:
    """Audit poker hand histories: replay every hand, flag every broken rule and chip."""


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("-o", "--out", "out_dir", type=OutDir(), default=None,
              help="Folder for the report tables (created if missing); without it, nothing "
                   "is written.")
@click.option("--format", "fmt", type=click.Choice(["parquet", "csv"]), default="parquet",
              show_default=True, help="Format of the report tables.")
@click.option("--output-format", type=click.Choice(OUTPUT_FORMATS), default="full",
              show_default=True, help="How findings are printed.")
@click.option("--min-severity", type=click.Choice(["info", "warning", "error"]),
              default="warning", show_default=True,
              help="The least severe findings printed (all are in the tables).")
@click.option("--statistics", is_flag=True,
              help="Print the number of findings per rule instead of each finding.")
@click.option("--exit-zero", is_flag=True,
              help="Exit 0 even when there are error findings.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Worker processes [default: all cores].")
@click.option("--scheduler", default=None, metavar="local | tcp://HOST:PORT",
              help="Audit on a Dask cluster: 'local' starts one of --jobs workers here, "
                   "else a scheduler's address; PATHS and -o may then be fsspec URLs "
                   "(s3://…). Needs pip install 'auditor[dask]'.")
@_config_options
@click.option("--select", multiple=True,
              help="Only these rules (code, name or prefix; comma list).")
@click.option("--ignore", multiple=True,
              help="Not these rules (code, name or prefix; comma list).")
@click.option("--exclude", multiple=True, metavar="GLOB",
              help="Skip these files and folders when searching folders (replaces the "
                   "defaults: hidden files, documents, images).")
@click.option("--extend-exclude", multiple=True, metavar="GLOB",
              help="Skip these too, beside the defaults.")
@click.option("--ledger", "ledgers", multiple=True,
              type=click.Path(path_type=Path, exists=True, dir_okay=False),
              metavar="FILE", help="A PokerNow ledger CSV to reconcile with its log (one "
                                   "named ledger_<game id>.csv beside the log is found).")
@click.option("--stdin-filename", default=None, metavar="NAME",
              help="The name findings give standard input ('-').")
@click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto",
              show_default=True, help="Color the output.")
@click.option("--show-settings", is_flag=True,
              help="Print the settings each input would be audited under, and stop.")
@click.option("--show-files", is_flag=True,
              help="Print the files that would be audited, and stop.")
@click.option("-q", "--quiet", is_flag=True, help="Print findings only: no summary, no bar.")
@click.option("-v", "--verbose", is_flag=True, help="List every file skipped, and why.")
def audit(paths: tuple[str, ...], out_dir: Path | str | None, fmt: str,
          output_format: OutputFormat, min_severity: str, statistics: bool, exit_zero: bool,
          jobs: int | None, scheduler: str | None,
          config: tuple[str, ...], isolated: bool, profile: str | None,
          select: tuple[str, ...], ignore: tuple[str, ...], exclude: tuple[str, ...],
          extend_exclude: tuple[str, ...], ledgers: tuple[Path, ...],
          stdin_filename: str | None, color: Color,
          show_settings: bool, show_files: bool, quiet: bool, verbose: bool) -> None:
    """Audit the hand histories in PATHS: files, folders, .zip archives, .gz/.bz2/.xz
    files, or - for standard input. Prints each finding, then a summary; with -o, writes
    the report tables into OUT_DIR."""
    prefer_system_allocator()  # before anything imports pyarrow
    if scheduler is None:  # (Dask's own Arrow needs numpy)
        import_arrow_without_numpy()  # before anything imports pyarrow; workers fork with it
    # Lark's strict checker, which only the tests use, is kept out until the command ends.
    click.get_current_context().with_resource(absent("interegular"))
    from auditor.report.schema import keep_pandas_out

    keep_pandas_out()  # before anything builds Arrow (the workers fork with it)
    from auditor import api
    from auditor.cli_output import (
        FindingPrinter,
        Progress,
        Style,
        print_problems,
        print_settings,
        print_statistics,
        print_summary,
        use_color,
    )
    from auditor.inputs import ByteMeter
    from auditor.report.sink import ReportBusy
    from auditor.sites.pokernow.ledger import LedgerError

    _check_scheduler(scheduler, paths, out_dir)
    finder = _finder(config, isolated, profile, select, ignore, exclude or None,
                     extend_exclude)
    out, err = sys.stdout, sys.stderr
    style, err_style = Style(use_color(color, out)), Style(use_color(color, err))
    if show_settings or show_files:
        try:
            inputs, problems = api.discover(paths, lambda p: finder.for_path(p).exclude)
            governs = [(item, finder.for_path(item.path)) for item in inputs]
        except ConfigError as exc:
            _fail(str(exc))
        print_problems(problems, err_style, verbose=True, err=err)
        if show_files:
            for item, _ in governs:
                out.write(f"{item.source}\n")
        else:
            print_settings(_governed(governs, finder), out)
        sys.exit(EXIT_FAILED if any(p.fatal for p in problems) else EXIT_OK)
    machine = output_format in MACHINE_FORMATS
    printer = None if statistics else FindingPrinter(output_format, out, style, min_severity)
    meter = ByteMeter()
    progress = Progress(not quiet and err.isatty(), meter)
    try:
        with progress, (printer or _nothing()):
            run = api.audit_paths(
                paths, out_dir,
                fmt=fmt,  # type: ignore[arg-type]
                jobs=jobs or api.default_jobs(), finder=finder, meter=meter,
                on_file=progress.file, on_hands=progress.hands,
                on_chunk=printer.chunk if printer is not None else None,
                stdin_name=stdin_filename, ledgers=ledgers, scheduler=scheduler)
    except (ConfigError, LedgerError) as exc:
        _fail(str(exc))
    except ReportBusy as exc:
        _fail(str(exc.strerror or exc))
    except api.AuditFailed as exc:
        _fail(str(exc))
    except BrokenPipeError:  # the reader of the output went away (`| head`): stop quietly
        _silence_stdout()
        sys.exit(EXIT_BROKEN_PIPE)
    except OSError as exc:
        if out_dir is None:
            _fail(f"cannot go on: {exc.strerror or exc}")
        where = f"{exc.filename}: " if exc.filename else ""
        _fail(f"cannot write the report to {out_dir}: {where}{exc.strerror or exc}; "
              "no report was written")
    # Quiet: the errors only (an input the user named that gave nothing), no notes.
    print_problems([p for p in run.problems if p.fatal or not quiet], err_style, verbose, err)
    if quiet:  # a configuration found beside the input may silence rules: always say so
        for name in run.configs:
            if name:
                click.echo(f"config: {name}", err=True)
    if statistics:
        print_statistics(run, style, out, as_json=machine)
    elif not quiet:
        print_summary(run, printer, err_style if machine else style, err if machine else out)
    failed = any(p.fatal for p in run.problems)
    if run.summary.hands == 0:
        click.echo("auditor: error: no hand history found in "
                   f"{', '.join(paths)}", err=True)
        failed = True
    if failed:
        sys.exit(EXIT_FAILED)
    sys.exit(EXIT_FINDINGS if run.summary.errors and not exit_zero else EXIT_OK)


def _check_scheduler(scheduler: str | None, paths: tuple[str, ...],
                     out_dir: Path | str | None) -> None:
    """Exit 2 when ``--scheduler`` cannot run (no Dask) or URLs are given without it."""
    if scheduler is not None:
        missing = missing_extra()
        if missing is not None:
            _fail(f"--scheduler needs Dask: {missing}")
    elif any(is_url(p) for p in (*paths, out_dir) if p is not None):
        _fail("URLs (s3://, gs://, file://, memory://) are read and written on a Dask "
              "cluster: add --scheduler local (pip install 'auditor[dask]')")


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def _governed(governs: list[tuple[Any, Settings]], finder: SettingsFinder
              ) -> list[tuple[str, Settings, int]]:
    """Each configuration with the number of inputs it governs, in order of first use."""
    counts: dict[int, list[Any]] = {}
    for _, settings in governs:
        entry = counts.setdefault(id(settings), [settings, 0])
        entry[1] += 1
    if not counts:  # nothing to audit: show what the working directory would use
        settings = finder.for_path(None)
        counts[id(settings)] = [settings, 0]
    return [(s.config_files[0] if s.config_files else "", s, n) for s, n in counts.values()]


@main.command("rules")
def list_rules() -> None:
    """List every rule: code, name, severity and what it flags."""
    from auditor.rules.registry import all_rules

    for code, rule in all_rules().items():
        click.echo(f"{code}  {rule.name:<40} {rule.severity:<8} {rule.summary}")


@main.command("sites")
def list_sites() -> None:
    """List every site and format the auditor reads, and what it audits of each."""
    from auditor.sites import SITES

    for site in SITES:
        click.echo(f"{site.name:<12} {site.title:<28} {site.container:<5} {site.formats}")
        click.echo(f"{'':<12} {site.audited}")


@main.command("rule")
@click.argument("code")
def show_rule(code: str) -> None:
    """Print the documentation of the rule CODE (a code or a dotted name)."""
    from auditor.rules.registry import get_rule

    try:
        rule = get_rule(code)
    except KeyError:
        _fail(f"no rule {code!r}; `auditor rules` lists them")
    click.echo(f"{rule.code} {rule.name} ({rule.severity})\n")
    click.echo(rule.doc())
    click.echo("\nThe rules in full: `auditor docs rules`; the report's codes and columns: "
               "`auditor docs findings`.")


DOCS = {"rules": "rules.md", "findings": "findings.md"}


@main.command("docs")
@click.argument("page", type=click.Choice(sorted(DOCS)))
def show_docs(page: str) -> None:
    """Print a page of the documentation: the rules enforced, or the report contract."""
    from importlib import resources

    packaged = resources.files("auditor") / "docs" / DOCS[page]
    path = Path(str(packaged))
    if not path.is_file():  # a checkout: docs/ beside the package
        path = Path(__file__).resolve().parents[1] / "docs" / DOCS[page]
    click.echo(path.read_text(encoding="utf-8"))


@main.command()
@click.argument("path")
@click.option("--hand", "hand_id", required=True, help="The hand number, as the site prints it.")
@_config_options
@click.option("--format", "fmt", type=click.Choice(["text", "html"]), default="text",
              show_default=True, help="Words for a terminal, or a dispute page to print.")
@click.option("-o", "--out", "out", type=click.Path(path_type=Path), default=None,
              help="Write it to this file (default: print it).")
def explain(path: str, hand_id: str, config: tuple[str, ...], isolated: bool,
            profile: str | None, fmt: str, out: Path | None) -> None:
    """Replay one hand for a person settling a dispute: the first hand HAND in PATH (a
    file, a folder or an archive), in words or as a page to put on the table. Exits 1
    when the hand breaks a rule of severity error."""
    from auditor.api import explain_found, find_hand

    finder = _finder(config, isolated, profile)
    if path != "-" and not Path(path).exists():
        _fail(f"{path}: no such file or folder")
    wanted = hand_id.strip().lstrip("#")
    try:
        located = find_hand([path], wanted, finder=finder)
    except ConfigError as exc:
        _fail(str(exc))
    if located.found is None:
        unread = [p for p in located.problems if p.fatal]
        if unread:  # the hand may be in what could not be read
            _fail("; ".join(f"{p.path}: {p.message}" for p in unread))
        near = f"; hands with a number like it: {', '.join(located.near)}" \
            if located.near else ""
        _fail(f"no hand #{wanted} in {path}{near}")
    if fmt == "html":
        from auditor.pages.hand_page import page_of, render_hand_page

        text = render_hand_page(page_of(located.found, located.settings))
    else:
        text = explain_found(located.found, located.settings, located.source)
    if out is None:
        click.echo(text, nl=fmt == "text")
    else:
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as exc:
            _fail(f"cannot write {out}: {exc.strerror or exc}")
    sys.exit(EXIT_FINDINGS if located.errors else EXIT_OK)


@main.command("report")
@click.argument("audit_dir", type=click.Path(path_type=Path))
@click.option("-o", "--out", "out", required=True, type=click.Path(path_type=Path),
              help="The report page to write (its dispute pages go in OUT_files/).")
@click.option("--pages", "pages", type=click.IntRange(min=0), default=50, show_default=True,
              help="Dispute pages written at most, for the hands to look at first.")
@click.option("--sources", "sources", multiple=True, type=click.Path(path_type=Path),
              help="A folder the audit's relative file paths start from (default: the "
                   "current folder, then the one above AUDIT_DIR).")
def report(audit_dir: Path, out: Path, pages: int, sources: tuple[Path, ...]) -> None:
    """Draw the audit in AUDIT_DIR (the folder `audit -o` wrote) as an HTML report."""
    from auditor.pages.report_page import write_report

    if not audit_dir.is_dir():
        _fail(f"{audit_dir}: no such folder")
    try:
        page = write_report(audit_dir, out, max_pages=pages,
                            roots=[*sources, audit_dir.resolve().parent])
    except (FileNotFoundError, ValueError) as exc:
        _fail(f"{audit_dir}: {exc}")
    except OSError as exc:
        _fail(f"cannot write {out}: {exc.strerror or exc}")
    for warning in page.warnings:
        click.echo(f"auditor: warning: {warning}", err=True)
    click.echo(f"{out} ({page.pages_written} dispute page{'s' if page.pages_written != 1 else ''}"
               f"{' in ' + str(out.parent / page.pages_dir) if page.pages_written else ''})")


@main.command("export-phh")
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--hand", "hand_id", required=True, help="The hand number, as the site prints it.")
@click.option("-o", "--out", "out", type=click.Path(path_type=Path), default=None,
              help="Write the .phh file here (default: print it).")
def export_phh(file: Path, hand_id: str, out: Path | None) -> None:
    """Write one hand of FILE as PHH, to replay it in PokerKit."""
    from auditor.export_phh import ExportError, export_in_file

    if not file.is_file():
        _fail(f"{file}: no such file")
    try:
        text = export_in_file(file, hand_id.lstrip("#"))
    except ExportError as exc:
        _fail(f"hand #{hand_id} cannot be written as PHH: {exc}")
    if text is None:
        _fail(f"no hand #{hand_id} in {file}")
    if out is None:
        click.echo(text, nl=False)
    else:
        out.write_text(text, encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    main()
