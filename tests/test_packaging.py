"""The grammars ship with the package, and the installed package finds them."""

from __future__ import annotations

from pathlib import Path

import auditor
from auditor.parsing import grammars

ROOT = Path(__file__).resolve().parents[1]


def test_every_grammar_is_found() -> None:
    names = {p.name for p in grammars.grammar_dir().glob("*.lark")}
    assert {"pokerstars.lark", "terminals.lark"} <= names
    stems = [p.stem for p in grammars.grammar_files()]
    assert {"pokerstars", "pokernow"} <= set(stems) and "terminals" not in stems


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
