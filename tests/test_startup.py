"""Start-up: a small input starts no workers, the audit imports neither pandas (nor
numpy, pyparsing, cloudpickle, Arrow's remote file systems, ssl) nor lark's strict
checker nor the worker pool, and Arrow allocates with the C library's malloc."""

from __future__ import annotations

import concurrent.futures
import os
import subprocess
import sys
from pathlib import Path

import pyarrow
import pytest

import auditor.api as api
from auditor.lean_imports import absent, prefer_system_allocator

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"
ONE = SAMPLES / "pokerstars"


def _a_small_file() -> Path:
    return min((p for p in ONE.rglob("*.txt")), key=lambda p: p.stat().st_size)


def _after_an_audit(tmp_path: Path, then: str, env: dict[str, str] | None = None) -> str:
    """The last line that ``then`` prints in a process that has just run the command
    line's audit of a small file into ``tmp_path``."""
    script = (
        "import sys\n"
        "from auditor.cli import main\n"
        "try:\n"
        f"    main(['audit', {str(_a_small_file())!r}, '-o', {str(tmp_path)!r}, '-q',"
        " '--jobs', '1'])\n"
        "except SystemExit:\n"
        "    pass\n"
        f"{then}\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, env=env)
    return done.stdout.strip().splitlines()[-1]


def test_the_command_line_audits_without_importing_what_it_does_not_use(tmp_path: Path) -> None:
    imported = _after_an_audit(
        tmp_path, "print(sorted(m for m in ('pandas', 'numpy', 'pyparsing', 'interegular',"
                  " 'cloudpickle', 'concurrent.futures', 'pyarrow._s3fs', 'pyarrow._gcsfs',"
                  " 'pyarrow._azurefs', 'pyarrow._hdfs', 'ssl', '_ssl') if m in sys.modules))")
    assert imported == "[]"
    assert (tmp_path / "hands.parquet").stat().st_size > 0
    # The report is still readable as pandas, which then imports it.
    from auditor.report.reader import read_report

    assert len(read_report(tmp_path)["hands"]) > 0


def test_ssl_imported_after_the_audit_is_the_real_one(tmp_path: Path) -> None:
    # pyarrow.fs asked a stand-in for the CA paths while the audit imported it.
    real = _after_an_audit(
        tmp_path, "import ssl; print(ssl.__name__, hasattr(ssl, 'SSLContext'),"
                  " ssl.get_default_verify_paths() is not None)")
    assert real == "ssl True True"


def test_a_run_of_one_chunk_starts_no_workers(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a worker pool was started")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)
    run = api.audit_paths([_a_small_file()], tmp_path, jobs=2)
    assert sum(run.summary.hands_by_status.values()) > 0


def _pool_of_a_run(tmp_path: Path, env: dict[str, str]) -> str:
    """The Arrow memory pool of a command line audit's process, as it ends."""
    return _after_an_audit(
        tmp_path, "import pyarrow; print(pyarrow.default_memory_pool().backend_name)", env)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="chosen on Linux only")
def test_the_audit_allocates_arrow_buffers_with_malloc(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # With mimalloc, Arrow's default, a PokerStars run spent up to a fifth of its time
    # in the kernel (bench/LEVERS.md §35).
    monkeypatch.delenv("ARROW_DEFAULT_MEMORY_POOL", raising=False)
    assert _pool_of_a_run(tmp_path, dict(os.environ)) == "system"


def test_a_pool_the_user_chose_is_kept(tmp_path: Path) -> None:
    others = [p for p in pyarrow.supported_memory_backends() if p != "system"]
    if not others:
        pytest.skip("this pyarrow has no pool but malloc's")
    chosen = others[0]
    assert _pool_of_a_run(tmp_path, {**os.environ, "ARROW_DEFAULT_MEMORY_POOL": chosen}) \
        == chosen


def test_the_pool_is_not_chosen_once_arrow_has_started(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ARROW_DEFAULT_MEMORY_POOL", raising=False)
    assert "pyarrow" in sys.modules  # (imported above)
    assert prefer_system_allocator() is False
    assert "ARROW_DEFAULT_MEMORY_POOL" not in os.environ



def test_absent_hides_a_module_and_its_submodules_but_not_its_siblings() -> None:
    import importlib

    for name in ("email.mime", "email.mime.text", "email._policybase", "email._policy"):
        sys.modules.pop(name, None)
    with absent("email.mime", "email._policy"):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module("email.mime")
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module("email.mime.text")
        # A name it begins is another module: it loads.
        importlib.import_module("email._policybase")
    importlib.import_module("email.mime.text")  # and the module loads after
