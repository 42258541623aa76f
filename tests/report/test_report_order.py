"""Findings come out in one total order, whatever order they went in, spilled or not."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from conftest import varied_findings

from auditor.report import open_report, read_report, sorted_table


def write_shuffled(path, rows, seed: int, **options) -> bytes:
    shuffled = rows[:]
    random.Random(seed).shuffle(shuffled)
    with open_report(path, "csv", **options) as report:
        for i in range(0, len(shuffled), 50):  # many add() calls
            report.add(findings=shuffled[i : i + 50])
    return (path / "findings.csv").read_bytes()


def test_order_is_source_line_code_then_player_and_message(tmp_path):
    rows = varied_findings()
    write_shuffled(tmp_path, rows, seed=1)
    df = read_report(tmp_path, "csv")["findings"]
    keys = list(zip(df["source"], df["line"], df["code"], strict=True))
    assert keys == sorted(keys)
    first = df[(df["source"] == "a.txt") & (df["line"] == 9) & (df["code"] == "RA002")]
    # Whole-hand findings (no player) first, then players by code point, then message.
    players = first["player"].fillna("-").tolist()
    assert players == sorted(players, key=lambda p: (p != "-", p))
    assert list(dict.fromkeys(players)) == ["-", "Ann", "Bob", "bob"]
    messages = first[first["player"] == "Ann"]["message"].tolist()
    assert messages == sorted(messages)
    assert len(df) == len(rows)


def test_order_is_total_whatever_the_input_order(tmp_path):
    rows = varied_findings()
    outputs = {write_shuffled(tmp_path / str(seed), rows, seed) for seed in range(4)}
    assert len(outputs) == 1


def test_spilled_sorted_runs_give_the_same_table(tmp_path):
    rows = varied_findings()
    in_memory = write_shuffled(tmp_path / "memory", rows, seed=3)
    # A budget of one byte spills every chunk as its own sorted run.
    spilled = write_shuffled(tmp_path / "spilled", rows, seed=3, chunk_rows=64, findings_memory=1)
    assert spilled == in_memory
    assert sorted(p.name for p in (tmp_path / "spilled").iterdir()) == [
        "findings.csv",
        "hands.csv",
        "payouts.csv",
    ]


def test_sorted_in_python_or_by_arrow_alike(tmp_path, monkeypatch):
    """A table of up to ``PYTHON_SORT_ROWS`` rows is sorted in Python, a bigger one by
    Arrow: the same order, the same files."""
    rows = varied_findings()
    python = write_shuffled(tmp_path / "python", rows, seed=5)
    with open_report(tmp_path / "python-pq", "parquet") as report:
        report.add(findings=rows[::-1])
    monkeypatch.setattr(sorted_table, "PYTHON_SORT_ROWS", 0)
    arrow = write_shuffled(tmp_path / "arrow", rows, seed=5)
    with open_report(tmp_path / "arrow-pq", "parquet") as report:
        report.add(findings=rows[::-1])
    assert arrow == python
    assert (tmp_path / "arrow-pq" / "findings.parquet").read_bytes() \
        == (tmp_path / "python-pq" / "findings.parquet").read_bytes()


def test_the_memory_budget_counts_the_bytes_held(tmp_path, monkeypatch):
    """Rows are spilled once the tables held outgrow the budget, and not before."""
    rows = varied_findings()
    with open_report(tmp_path / "r", "csv", chunk_rows=64) as report:
        report.add(findings=rows[:64])
        held = report._sorted_findings._held_bytes
    assert held > 64 * 20  # a few dozen bytes a row at least: the budget sees the rows
    spills: list[int] = []
    monkeypatch.setattr(sorted_table.SortedTable, "_spill", lambda self: spills.append(1))
    for budget, spilled in ((held * 3, []), (held * 3 // 2, [1])):
        spills.clear()
        with open_report(tmp_path / str(budget), "csv", chunk_rows=64,
                         findings_memory=budget) as report:
            report.add(findings=rows[:128])  # two chunks of 64: about twice ``held``
            assert spills == spilled


def test_arrow_sorts_without_the_compute_wrappers(tmp_path):
    """The Arrow sort calls the kernels by name: importing ``pyarrow.compute`` (its Python
    wrappers, about 40 ms) is not needed, and the file is the one the Python sort writes.
    (In a process of its own: pyarrow keeps ``pyarrow.compute`` once anything imported
    it.)"""
    rows = varied_findings()
    with open_report(tmp_path / "python", "parquet") as report:
        report.add(findings=rows[::-1])
    script = f"""
import sys
sys.path.insert(0, {str(Path(__file__).parent)!r})
from auditor.lean_imports import import_arrow_without_numpy
import_arrow_without_numpy()
from conftest import varied_findings
from auditor.report import open_report, sorted_table
sorted_table.PYTHON_SORT_ROWS = 0
with open_report({str(tmp_path / "arrow")!r}, "parquet") as report:
    report.add(findings=varied_findings()[::-1])
print("pyarrow.compute" in sys.modules)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["False"], done.stderr
    assert (tmp_path / "arrow" / "findings.parquet").read_bytes() \
        == (tmp_path / "python" / "findings.parquet").read_bytes()
