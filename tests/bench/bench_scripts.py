"""Loading the benchmark's scripts in tests: ``bench/`` is scripts, not a package, and its
modules import each other by their bare names."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load(script: str) -> ModuleType:
    """``bench/<script>.py`` as the module ``bench_<script>`` (registered, so that its
    dataclasses find their module)."""
    name = f"bench_{script}"
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location(name, BENCH / f"{script}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCH))
