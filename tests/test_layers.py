"""Data flows one way: text → blocks → events → replay → rules → findings → tables.

Each room imports only from the rooms upstream of it (``model`` is the common floor), so
that no stage calls back up: the engine knows no rule, the rules know no report, and only
the pipeline (and the API and CLI above it) knows every stage.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "auditor"

# Room -> the rooms it may import from (besides itself).
ALLOWED = {
    "model": set(),
    "parsing": {"model", "sites"},
    "sites": {"model", "parsing"},
    "engine": {"model"},
    "rules": {"model", "engine"},
    "report": {"model", "engine"},
}

# Modules every room may import: ``auditor.compiled`` says what the opt-in mypyc build
# compiles and gives the compiled modules their one decorator (a no-op at run time);
# ``auditor.lean_imports`` keeps libraries out of a process. Neither imports a room.
FLOOR = {"compiled", "lean_imports"}


def _room(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "auditor" else None


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
    return found


@pytest.mark.parametrize("room", sorted(ALLOWED))
def test_rooms_import_only_upstream(room: str) -> None:
    bad = []
    for path in sorted((PACKAGE / room).rglob("*.py")):
        for module in _imports(path):
            other = _room(module)
            if (other is not None and other != room and other not in ALLOWED[room]
                    and other not in FLOOR):
                bad.append(f"{path.relative_to(PACKAGE)}: {module}")
    assert bad == []
