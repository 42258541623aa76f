"""The ``auditor`` command: arguments in, exit codes out; the work is in ``auditor.api``."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from auditor.config import ConfigError, Settings, build_settings, find_config_file

EXIT_OK, EXIT_FINDINGS, EXIT_FAILED = 0, 1, 2


def _settings(paths: list[Path], profile: str | None, select: tuple[str, ...],
              ignore: tuple[str, ...]) -> Settings:
    config, source = find_config_file(paths[0] if paths else Path.cwd())
    return build_settings(config=config, profile=profile, select=_split(select),
                          ignore=_split(ignore), config_files=[str(source)] if source else [])


def _split(values: tuple[str, ...]) -> list[str]:
    """``--select RO,TU001 --select RA`` -> ["RO", "TU001", "RA"]."""
    return [v.strip() for value in values for v in value.split(",") if v.strip()]


def _fail(message: str) -> None:
    click.echo(f"auditor: error: {message}", err=True)
    sys.exit(EXIT_FAILED)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
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
def audit(paths: tuple[Path, ...], out_dir: Path, fmt: str, jobs: int | None,
          profile: str | None, select: tuple[str, ...], ignore: tuple[str, ...],
          quiet: bool) -> None:
    """Audit the hand histories in PATHS (files or folders) into OUT_DIR."""
    from auditor import api
    from auditor.cli_output import Progress, print_problems, print_summary

    missing = [p for p in paths if not p.exists()]
    if missing:
        _fail(", ".join(f"{p}: no such file or folder" for p in missing))
    try:
        settings = _settings(list(paths), profile, select, ignore)
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
        except OSError as exc:
            _fail(f"cannot write the report to {out_dir}: {exc.strerror or exc}")
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
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--hand", "hand_id", required=True, help="The hand number, as the site prints it.")
@click.option("--profile", default=None, help="House rules (as for `audit`).")
@click.option("--format", "fmt", type=click.Choice(["text", "html"]), default="text",
              show_default=True, help="Words for a terminal, or a dispute page to print.")
@click.option("-o", "--out", "out", type=click.Path(path_type=Path), default=None,
              help="Write it to this file (default: print it).")
def explain(file: Path, hand_id: str, profile: str | None, fmt: str, out: Path | None) -> None:
    """Replay one hand of FILE for a person settling a dispute."""
    from auditor.api import explain_in_file

    if not file.is_file():
        _fail(f"{file}: no such file")
    try:
        settings = _settings([file], profile, (), ())
    except ConfigError as exc:
        _fail(str(exc))
    if fmt == "html":
        from auditor.pages.hand_page import hand_page_in_file, render_hand_page

        page = hand_page_in_file(file, hand_id.lstrip("#"), settings)
        text = None if page is None else render_hand_page(page)
    else:
        text = explain_in_file(file, hand_id.lstrip("#"), settings)
    if text is None:
        _fail(f"no hand #{hand_id} in {file}")
    if out is None:
        click.echo(text, nl=fmt == "text")
    else:
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as exc:
            _fail(f"cannot write {out}: {exc.strerror or exc}")


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
