"""The instruction-counting harness (``bench/instructions.py``): its arithmetic, how it
reads valgrind's count, and the check that two sides audited alike. Nothing is timed,
and valgrind is not needed."""

from __future__ import annotations

from pathlib import Path

import pytest
from bench_scripts import load

from auditor.api import audit_paths

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_histories" / "pokerstars"
instructions = load("instructions")


def test_valgrinds_count_is_read() -> None:
    summary = "==8053== \n==8053== I   refs:      6,132,542,234\n"
    assert instructions.parent_count(summary) == 6_132_542_234
    assert instructions.parent_count("no valgrind here\n") is None


def test_the_parents_count_is_read_apart_from_its_workers() -> None:
    # Forked workers end first and print their own counts; the parent's comes last.
    summary = ("==700== Cachegrind, a high-precision tracing profiler\n"
               "==712== I   refs:      2,000,000\n==713== I   refs:      3,000,000\n"
               "==700== \n==700== I   refs:      1,500,000\n")
    assert instructions.parent_count(summary) == 1_500_000


def test_a_hands_count_is_the_difference_of_the_runs() -> None:
    # Start-up (1,000 here) is in both runs and cancels out.
    assert instructions.per_hand([(1_000 + 100 * 50, 100), (1_000 + 100 * 350, 400)]) == (
        100.0, 300)
    with pytest.raises(SystemExit):
        instructions.per_hand([(5_000, 400), (9_000, 400)])


def test_reports_compared_by_their_tables(tmp_path: Path) -> None:
    files = sorted(SAMPLES.glob("*.txt"))
    assert len(files) >= 2
    for name, chosen in (("a", files), ("b", files), ("c", files[1:])):
        audit_paths(chosen, tmp_path / name, jobs=1)
    assert instructions.same_report(tmp_path / "a", tmp_path / "b")
    assert not instructions.same_report(tmp_path / "a", tmp_path / "c")
