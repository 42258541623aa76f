"""The opt-in compiled build (``AUDITOR_MYPYC=1 pip install .``, ``hatch_build.py``).

- The modules it compiles stay compilable: mypy is clean on exactly those
  (``auditor.compiled.MODULES``, ``--follow-imports=silent``, as the build runs it).
- The auditor under test is the build that was asked for: pure Python unless
  ``AUDITOR_EXPECT_COMPILED=1`` (what ``.ci/run`` sets for its compiled step).
- The source tree holds nothing compiled (an editable install would import it).
- Compiled, the report tables of the corpus and the samples are byte-identical to the
  pure source tree's, run by the same interpreter.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from auditor.compiled import (
    EXTENSIONS,
    MODULES,
    MYPY_ARGS,
    build_name,
    compiled_extensions,
    compiled_modules,
    module_names,
)

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_histories"
sys.path.insert(0, str(ROOT / "tests" / "corpus"))
from corpus_paths import CORPUS  # noqa: E402

EXPECT_COMPILED = os.environ.get("AUDITOR_EXPECT_COMPILED") == "1"


def test_the_compiled_modules_type_check(tmp_path: Path) -> None:
    api = pytest.importorskip("mypy.api", reason="mypy not installed (pip install '.[test]')")
    out, err, status = api.run(
        [*MYPY_ARGS, "--cache-dir", str(tmp_path / "cache"), *(str(ROOT / m) for m in MODULES)])
    assert status == 0, out + err


def test_the_build_is_the_one_asked_for() -> None:
    done = compiled_modules()
    if EXPECT_COMPILED:
        assert done == module_names(), build_name()
        # (.ci/run installs expat's header, which the C extensions include)
        assert compiled_extensions() == list(EXTENSIONS), build_name()
    else:
        assert done == [] and compiled_extensions() == [], (
            f"{build_name()}: a compiled install is tested with AUDITOR_EXPECT_COMPILED=1")


def test_ipoker_s_elements_are_built_the_way_of_the_build() -> None:
    from auditor.sites.ipoker import fragments

    assert (fragments._IN_C is not None) is bool(compiled_extensions())


def test_seat_lines_are_split_the_way_of_the_build() -> None:
    # By string methods where compiled, by PLAIN_SEAT's match where interpreted
    # (parsing/shape.py; both held equal on every corpus seat line).
    from auditor.parsing import shape

    assert shape.BY_METHODS is ("auditor.parsing.shape" in compiled_modules())


def test_the_source_tree_holds_nothing_compiled() -> None:
    found = [p for p in (ROOT / "auditor").rglob("*") if p.suffix in (".so", ".pyd")]
    found += list(ROOT.glob("*__mypyc*"))
    assert found == []


def _audit(inputs: list[Path], out: Path, *, pure: bool) -> str:
    """The CLI's audit of ``inputs`` into ``out`` (CSV), by this interpreter: the
    installed auditor, or (``pure``) the source tree's; the build it ran."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if pure:
        env["PYTHONPATH"] = str(ROOT)
    run = [sys.executable, "-P", "-c",
           "import sys; from auditor.compiled import build_name; print(build_name()); "
           "from auditor.cli import main; main(sys.argv[1:])",
           "audit", *map(str, inputs), "-o", str(out), "--format", "csv", "--jobs", "2",
           "--quiet"]
    done = subprocess.run(run, env=env, cwd=out.parent, capture_output=True, text=True)
    assert done.returncode in (0, 1), done.stderr[-3000:]
    return done.stdout.splitlines()[0]


@pytest.mark.skipif(not compiled_modules(), reason="the pure build: nothing to compare")
def test_compiled_reports_the_same_as_pure(tmp_path: Path) -> None:
    """The corpus (where it is here) and the samples."""
    inputs = [CORPUS, SAMPLES] if CORPUS.is_dir() else [SAMPLES]
    compiled, pure = tmp_path / "compiled", tmp_path / "pure"
    assert _audit(inputs, compiled, pure=False).startswith("compiled")
    assert _audit(inputs, pure, pure=True) == "pure Python"
    tables = sorted(p.name for p in pure.glob("*.csv"))
    assert tables == ["findings.csv", "hands.csv", "payouts.csv", "sessions.csv"]
    for name in tables:
        assert (compiled / name).read_bytes() == (pure / name).read_bytes(), name
