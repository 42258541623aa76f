"""The grammars ship with the package, and the installed package finds them."""

from __future__ import annotations

from pathlib import Path

import auditor
from auditor.parsing import grammars

ROOT = Path(__file__).resolve().parents[1]


def test_every_grammar_is_found() -> None:
    names = {p.name for p in grammars.grammar_dir().glob("*.lark")}
    assert {"pokerstars.lark", "terminals.lark"} <= names
    stems = {p.stem for p in grammars.grammar_files()}
    assert {"clubs", "ggpoker", "pokernow", "pokerstars", "winamax", "winning",
            "winning_classic"} <= stems
    assert "terminals" not in stems


def test_an_installed_copy_reads_its_own_grammars() -> None:
    package = Path(auditor.__file__).resolve().parent
    if package == ROOT / "auditor":
        # Run from the source tree (an editable install): the top-level grammars/ is used.
        assert grammars.grammar_dir() == ROOT / "grammars"
    else:
        # Run against an installed wheel (as CI does): the grammars are inside the package.
        assert grammars.grammar_dir() == package / "grammars"


def test_grammar_files_in_the_wheel_match_the_source() -> None:
    for path in grammars.grammar_dir().glob("*.lark"):
        assert path.read_text(encoding="utf-8") == (ROOT / "grammars" / path.name).read_text(
            encoding="utf-8"
        )


def test_the_documents_users_are_sent_to_ship_with_the_package() -> None:
    """Rule pages cite docs/rules.md and docs/findings.md: `auditor docs` prints them,
    from the installed package or the checkout."""
    from click.testing import CliRunner

    from auditor.cli import main

    for page, title in (("rules", "# The rules the auditor enforces"),
                        ("findings", "# The report contract")):
        result = CliRunner().invoke(main, ["docs", page])
        assert result.exit_code == 0
        assert result.output.startswith(title)
        assert "seed 00" not in result.output


def test_the_page_templates_ship_with_the_package() -> None:
    """`explain --format html` and `report` render packaged templates, from the installed
    wheel as from the checkout."""
    from importlib import resources

    templates = resources.files("auditor.pages") / "templates"
    names = {p.name for p in templates.iterdir()}
    assert {"base.html.j2", "hand.html.j2", "report.html.j2", "macros.html.j2",
            "style.css"} <= names
    from auditor.pages.render import environment

    assert environment().get_template("hand.html.j2") is not None
    assert environment().autoescape  # player names are hostile input
