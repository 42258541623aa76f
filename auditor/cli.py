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
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from auditor.config import ConfigError, Settings, build_settings, find_config_file

EXIT_OK, EXIT_FINDINGS, EXIT_FAILED = 0, 1, 2
EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 128 + signal.SIGTERM


class Terminated(BaseException):
    """SIGTERM arrived: stop as Ctrl-C does (a BaseException, so that no ``except
    Exception`` in a hand's audit mistakes it for that hand's failure)."""


def _settings(paths: list[Path], profile: str | None, select: tuple[str, ...],
              ignore: tuple[str, ...], isolated: bool = False) -> Settings:
    if isolated:
        config: dict[str, Any] = {}
    else:
        config, source = find_config_file(paths[0] if paths else Path.cwd())
        if source is not None:
            # A configuration found beside the input may silence rules: always say so.
            click.echo(f"config: {source}", err=True)
    return build_settings(config=config, profile=profile, select=_split(select),
                          ignore=_split(ignore))


def _split(values: tuple[str, ...]) -> list[str]:
    """``--select RO,TU001 --select RA`` -> ["RO", "TU001", "RA"]."""
    return [v.strip() for value in values for v in value.split(",") if v.strip()]


def _fail(message: str) -> None:
    click.echo(f"auditor: error: {message}", err=True)
    sys.exit(EXIT_FAILED)


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
            _quiet_stdout()
            ctx.exit(EXIT_FAILED)
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


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so that flushing it at exit raises nothing more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


@click.group(cls=_Guarded, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="auditor")
def main() -> None:
    """Audit poker hand histories: replay every hand, flag every broken rule and chip."""


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("-o", "--out", "out_dir", required=True, type=click.Path(path_type=Path),
              help="Folder for the report tables (created if missing).")
@click.option("--format", "fmt", type=click.Choice(["parquet", "csv"]), default="parquet",
              show_default=True, help="Format of the report tables.")
@click.option("-j", "--jobs", type=int, default=None,
              help="Worker processes [default: all cores].")
@click.option("--profile", default=None,
              help="House rules: tda (default), half-bet, full-bet, cash.")
@click.option("--select", multiple=True,
              help="Only these rules (code, name or prefix; comma list).")
@click.option("--ignore", multiple=True,
              help="Not these rules (code, name or prefix; comma list).")
@click.option("-q", "--quiet", is_flag=True, help="No summary, no progress bar.")
@click.option("--isolated", is_flag=True,
              help="Ignore every configuration file (auditor.toml, pyproject.toml).")
def audit(paths: tuple[Path, ...], out_dir: Path, fmt: str, jobs: int | None,
          profile: str | None, select: tuple[str, ...], ignore: tuple[str, ...],
          quiet: bool, isolated: bool) -> None:
    """Audit the hand histories in PATHS (files or folders) into OUT_DIR."""
    from auditor import api
    from auditor.cli_output import Progress, print_problems, print_summary
    from auditor.report.sink import ReportBusy

    missing = [p for p in paths if not p.exists()]
    if missing:
        _fail(", ".join(f"{p}: no such file or folder" for p in missing))
    try:
        settings = _settings(list(paths), profile, select, ignore, isolated)
    except ConfigError as exc:
        _fail(str(exc))
    if jobs is not None and jobs < 1:
        _fail("--jobs must be at least 1")
    progress = Progress(enabled=not quiet and sys.stderr.isatty())
    with progress:
        try:
            run = api.audit_paths(list(paths), out_dir, fmt=fmt,  # type: ignore[arg-type]
                                  jobs=jobs or api.default_jobs(), settings=settings,
                                  on_file=progress.file, on_hands=progress.hands)
        except ReportBusy as exc:
            _fail(str(exc.strerror or exc))
        except api.AuditFailed as exc:
            _fail(str(exc))
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            _fail(f"cannot write the report to {out_dir}: {where}{exc.strerror or exc}; "
                  "no report was written")
    print_problems(run.problems)
    if not quiet:
        print_summary(run)
    if any(p.fatal for p in run.problems):
        sys.exit(EXIT_FAILED)
    sys.exit(EXIT_FINDINGS if run.summary.errors else EXIT_OK)


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


@main.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--hand", "hand_id", required=True, help="The hand number, as the site prints it.")
@click.option("--profile", default=None, help="House rules (as for `audit`).")
@click.option("--isolated", is_flag=True, help="Ignore every configuration file.")
def explain(file: Path, hand_id: str, profile: str | None, isolated: bool) -> None:
    """Replay one hand of FILE for a person settling a dispute."""
    from auditor.api import explain_in_file
    from auditor.parsing.decode import NotText

    if not file.is_file():
        _fail(f"{file}: no such file")
    try:
        settings = _settings([file], profile, (), (), isolated)
    except ConfigError as exc:
        _fail(str(exc))
    try:
        text = explain_in_file(file, hand_id.lstrip("#"), settings)
    except NotText as exc:
        _fail(f"{file}: cannot read: {exc}")
    except OSError as exc:
        _fail(f"{file}: cannot read: {exc.strerror or exc}")
    if text is None:
        _fail(f"no hand #{hand_id} in {file}")
    click.echo(text)


if __name__ == "__main__":  # pragma: no cover
    main()
