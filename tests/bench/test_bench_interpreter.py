"""``bench.interpreter``: the bench names the interpreter it ran and whether its core is
a shared library (an interpreter built that way, without optimizations, ran the auditor
×1.07–1.19 slower here: bench/LEVERS.md §36). Nothing is timed."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
from bench_scripts import load

bench = load("bench")


def test_the_interpreter_is_named() -> None:
    said = bench.interpreter()
    assert said.startswith(f"{sys.executable} (Python {sys.version.split()[0]};")


@pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("ldd") is None,
                    reason="reads /proc/self/maps; checked against ldd")
def test_a_shared_core_is_told_as_the_dynamic_linker_sees_it() -> None:
    linked = subprocess.run(["ldd", sys.executable], capture_output=True, text=True).stdout
    said = bench.interpreter()
    if "libpython" in linked:
        assert "its core a shared library (" in said and "libpython" in said
    else:
        assert said.endswith("its core in the executable)")
