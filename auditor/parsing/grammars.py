"""Loading the site grammars shipped with the package."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from lark import Lark


def grammar_dir() -> Path:
    """The ``grammars/`` folder: inside the installed package, or at the top of a checkout."""
    packaged = resources.files("auditor") / "grammars"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / "grammars"


def grammar_files() -> list[Path]:
    """Every site grammar (the shared terminals excluded)."""
    return sorted(p for p in grammar_dir().glob("*.lark") if p.stem != "terminals")


@cache
def load(site: str, *, strict: bool = False, cython: bool = True) -> Lark:
    """The LALR parser of a site grammar, built once per process. ``lark-cython`` is used
    when installed; its errors cannot be ``str()``-ed, so callers build their own
    messages from the error's line, column and token.

    ``strict`` (no shift/reduce conflict, no two terminals that can match the same text)
    is what the tests load every grammar with; the readers load them as built, since a
    grammar that passes strict builds the same tables either way, and the strict checks
    need ``interegular``, which the command line keeps out of its start-up.

    Lark keeps the built tables in a file of the temporary folder, keyed by the grammar
    and these options: later processes (each worker, each run) load them in a few
    milliseconds instead of building them for most of a second."""
    options: dict[str, object] = {"parser": "lalr", "strict": strict, "cache": True}
    if cython:
        try:
            import lark_cython

            options["_plugins"] = lark_cython.plugins
        except ImportError:  # pragma: no cover - lark-cython is a dependency
            pass
    path = grammar_dir() / f"{site}.lark"
    return Lark(path.read_text(encoding="utf-8"), import_paths=[grammar_dir()],
                source_path=str(path), **options)
