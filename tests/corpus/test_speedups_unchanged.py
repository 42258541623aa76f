"""Every speed-up leaves every result as it was: the whole corpus (every site) and the
samples audited the fast way and the plain way give the same report tables, byte for
byte, and the command line prints the same findings.

The plain way is each fast path switched off (``PLAIN``): a chunk per file
(``pieces.PACK_FILES``), the parent cutting every file for the workers
(``pieces.WORKERS_READ``), workers doing every chunk (``workers.PREWARM``), hand by hand
(``pipeline.BATCHED``), a guess of who is dealt in for every hand
(``replay.ADAPTIVE_GUESS``), every hand's pots audited in full and judged by the pot rules
(``settle.QUIET``), the hands' keys read back out of their Arrow table
(``report.chunk.KEEP_KEYS``), every column converted by ``pyarrow.array``
(``report.chunk.COLUMNS_IN_C``).
A new fast path adds its switch here. The command line's pyarrow without numpy
(``lean_imports``) is switched off by importing numpy first, in a process of its own.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

import auditor.api as api
import auditor.engine.replay as replay
import auditor.engine.settle as settle
import auditor.pieces as pieces
import auditor.pipeline as pipeline
import auditor.report.chunk as chunk
import auditor.workers as workers
from auditor.cli import main

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"

PLAIN = [(pieces, "PACK_FILES", False), (pieces, "WORKERS_READ", False),
         (workers, "PREWARM", False), (pipeline, "BATCHED", False),
         (replay, "ADAPTIVE_GUESS", False), (settle, "QUIET", False),
         (chunk, "KEEP_KEYS", False), (chunk, "COLUMNS_IN_C", False)]


def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    for module, name, value in PLAIN:
        monkeypatch.setattr(module, name, value)


def _tables(out: Path) -> dict[str, bytes]:
    """The report's CSV tables, as written."""
    return {p.name: p.read_bytes() for p in sorted(out.glob("*.csv"))}


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_corpus_and_samples_report_the_same_either_way(
        corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int) -> None:
    fast, plain = tmp_path / "fast", tmp_path / "plain"
    inputs = [corpus, SAMPLES]
    api.audit_paths(inputs, fast, fmt="csv", jobs=jobs)
    with monkeypatch.context() as m:
        _plain(m)
        api.audit_paths(inputs, plain, fmt="csv", jobs=jobs)
    got, want = _tables(fast), _tables(plain)
    assert set(got) == {"hands.csv", "findings.csv", "payouts.csv", "sessions.csv"}
    for name in want:
        assert got[name] == want[name], name


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_command_line_prints_the_same_either_way(corpus: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     jobs: int) -> None:
    # With workers, those that read the files send back only what shows the findings.
    args = ["audit", str(corpus), str(SAMPLES), "--jobs", str(jobs), "--min-severity",
            "info", "--color", "never"]
    fast = CliRunner().invoke(main, args)
    with monkeypatch.context() as m:
        _plain(m)
        plain = CliRunner().invoke(main, args)
    assert fast.exit_code == plain.exit_code
    assert fast.output.count("\n") > 1000
    assert _untimed(fast.output) == _untimed(plain.output)


def _untimed(output: str) -> str:
    """The output without the run's time and speed."""
    return re.sub(r"in [0-9.]+ s \([0-9,]+ hands/s", "in … s (… hands/s", output)


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_arrow_without_numpy_writes_the_same_report(corpus: Path, tmp_path: Path,
                                                    fmt: str) -> None:
    """The command line's pyarrow imported as if numpy were absent writes what pyarrow
    with numpy writes (numpy imported before the command makes the ordinary import)."""
    def run(out: Path, before: str) -> None:
        script = (f"{before}\nfrom auditor.cli import main\n"
                  f"main(['audit', {str(corpus)!r}, {str(SAMPLES)!r}, '-o', {str(out)!r},"
                  f" '--format', {fmt!r}, '--jobs', '2', '-q', '--exit-zero'])\n")
        done = subprocess.run([sys.executable, "-c", script], capture_output=True)
        assert done.returncode == 0, done.stderr.decode()[-2000:]

    lean, plain = tmp_path / "lean", tmp_path / "plain"
    run(lean, "")
    run(plain, "import numpy")
    if fmt == "csv":
        got, want = _tables(lean), _tables(plain)
        assert set(got) == {"hands.csv", "findings.csv", "payouts.csv", "sessions.csv"}
        assert got == want
    else:
        names = sorted(p.name for p in plain.glob("*.parquet"))
        assert names == sorted(p.name for p in lean.glob("*.parquet")) and len(names) == 4
        for name in names:
            assert pq.read_table(lean / name).equals(pq.read_table(plain / name)), name
