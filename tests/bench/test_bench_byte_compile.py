"""``bench.byte_compile``: the runs start from bytecode, as an installed auditor does,
however the environment treats ``PYTHONDONTWRITEBYTECODE``. Nothing is timed."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

from bench_scripts import load

bench = load("bench")


def test_missing_and_stale_bytecode_is_compiled(tmp_path: Path) -> None:
    package = tmp_path / "auditor"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "mod.py").write_text("X = 1\n")
    assert bench.byte_compile(package) == 2  # none compiled yet
    assert bench.byte_compile(package) == 0
    cached = Path(importlib.util.cache_from_source(str(package / "sub" / "mod.py")))
    assert cached.is_file()
    (package / "sub" / "mod.py").write_text("X = 22\n")  # edited: another size
    assert bench.byte_compile(package) == 1
    st = (package / "sub" / "mod.py").stat()
    os.utime(package / "sub" / "mod.py", ns=(st.st_atime_ns, st.st_mtime_ns + 5 * 10**9))
    assert bench.byte_compile(package) == 1  # touched: another time
    assert bench.byte_compile(package) == 0
