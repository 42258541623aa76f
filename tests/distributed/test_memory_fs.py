"""fsspec URLs for inputs and output, on fsspec's ``memory://`` filesystem: a cluster of
worker threads in this process (the memory filesystem is one process's), so that the
workers read what the test wrote and the test reads what the client wrote."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from clusterkit import SAMPLES, utf8_samples

distributed = pytest.importorskip("distributed")
fsspec = pytest.importorskip("fsspec")

import pyarrow.parquet as pq  # noqa: E402
from fsspec.implementations.memory import MemoryFileSystem  # noqa: E402

from auditor.api import audit_paths  # noqa: E402
from auditor.config import Settings  # noqa: E402
from auditor.distributed.dataset import read_dataset, read_dataset_table  # noqa: E402
from auditor.distributed.run import audit_on_cluster  # noqa: E402


@pytest.fixture(scope="module")
def threads() -> Iterator[Any]:
    """A client of a cluster of two worker threads in this process."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=":0", silence_logs=logging.ERROR
                                  ) as cluster, distributed.Client(cluster) as client:
        yield client


@pytest.fixture
def memory() -> Iterator[Any]:
    fs = fsspec.filesystem("memory")
    fs.rm("/", recursive=True) if fs.ls("/") else None
    yield fs
    fs.store.clear()
    fs.pseudo_dirs[:] = [""]


def upload(fs: Any, folder: Path, prefix: str) -> list[Path]:
    """Copy the files under ``folder`` to ``prefix`` on the memory filesystem."""
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    for path in files:
        fs.pipe(f"{prefix}/{path.relative_to(folder).as_posix()}", path.read_bytes())
    return files


def without_sources(table: Any, old: str, new: str) -> Any:
    """``table`` with ``old`` replaced by ``new`` at the start of its sources."""
    import pyarrow.compute as pc

    if "source" not in table.column_names:
        return table
    i = table.column_names.index("source")
    column = table.column("source")
    if hasattr(column.type, "value_type"):
        column = column.cast(column.type.value_type)
    fixed = pc.replace_substring_regex(column, f"^{old}", new)
    return table.set_column(i, table.schema.field(i).with_type(fixed.type), fixed)


def test_memory_urls_in_and_out(tmp_path: Path, threads: Any, memory: Any) -> None:
    import pandas as pd

    upload(memory, SAMPLES / "pokerstars", "/in/pokerstars")
    upload(memory, SAMPLES / "pokernow", "/in/pokernow")
    run = audit_on_cluster(["memory://in"], "memory://out", scheduler=threads,
                           settings=Settings())
    local = audit_paths([SAMPLES / "pokernow", SAMPLES / "pokerstars"], tmp_path / "local",
                        jobs=1, settings=Settings())
    assert run.summary.hands == local.summary.hands > 100
    assert run.summary.findings_by_code == local.summary.findings_by_code
    assert run.summary.sessions == local.summary.sessions > 0
    tables = read_dataset("memory://out")
    for name in ("hands", "findings", "payouts", "sessions"):
        mine = read_dataset_table("memory://out", name)
        theirs = pq.read_table(tmp_path / "local" / f"{name}.parquet")
        assert without_sources(mine, "memory://in/", f"{SAMPLES}/").equals(
            without_sources(theirs, "", "")), name
        assert len(tables[name]) == mine.num_rows
        assert len(pd.read_parquet(f"memory://out/{name}")) == mine.num_rows
        assert memory.isfile(f"/out/{name}/_metadata")
    assert memory.isfile("/out/report.json")


def test_a_second_run_replaces_the_dataset(threads: Any, memory: Any) -> None:
    upload(memory, SAMPLES / "pokerstars", "/in")
    audit_on_cluster(["memory://in"], "memory://out", scheduler=threads, settings=Settings())
    memory.rm("/in", recursive=True)
    upload(memory, SAMPLES / "winamax", "/in")
    run = audit_on_cluster(["memory://in"], "memory://out", scheduler=threads,
                           settings=Settings())
    hands = read_dataset_table("memory://out", "hands")
    assert hands.num_rows == run.summary.hands
    assert set(hands.column("site").to_pylist()) == {"winamax"}
    assert len([p for p in memory.find("/out/hands") if p.endswith(".parquet")]) == 1


class Flaky(MemoryFileSystem):
    """The memory filesystem, but the first read of each file fails."""

    protocol = "flaky"
    failed: set[str] = set()  # noqa: RUF012 (a class-level record, on purpose)

    @classmethod
    def _strip_protocol(cls, path: str) -> str:
        return MemoryFileSystem._strip_protocol("memory://" + path.removeprefix("flaky://"))

    def _open(self, path: str, mode: str = "rb", *args: Any, **kwargs: Any) -> Any:
        if "r" in mode and path not in Flaky.failed:
            Flaky.failed.add(path)
            raise ConnectionResetError(f"{path}: connection reset")
        return super()._open(path, mode, *args, **kwargs)


def test_a_failing_read_is_retried(tmp_path: Path, threads: Any, memory: Any) -> None:
    fsspec.register_implementation("flaky", Flaky, clobber=True)
    Flaky.failed.clear()
    data = utf8_samples()
    memory.pipe("/flaky/big.txt", data)
    memory.pipe("/flaky/small.txt", (SAMPLES / "pokerstars/capped_nl_holdem.txt").read_bytes())
    run = audit_on_cluster(["flaky:///flaky"], None, scheduler=threads, settings=Settings(),
                           range_bytes=65536)
    local_in = tmp_path / "flaky"
    local_in.mkdir()
    (local_in / "big.txt").write_bytes(memory.cat("/flaky/big.txt"))
    (local_in / "small.txt").write_bytes(memory.cat("/flaky/small.txt"))
    local = audit_paths([local_in], None, settings=Settings())
    assert Flaky.failed == {"/flaky/big.txt", "/flaky/small.txt"}  # reads did fail
    assert run.problems == []
    assert run.summary.hands == local.summary.hands
    assert run.summary.findings_by_code == local.summary.findings_by_code


def test_a_cutter_that_fails_costs_its_file_only(tmp_path: Path, threads: Any,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """As locally: the file whose cutter raises is one fatal problem, the rest audited
    (worker threads in this process see the patched registry)."""
    import dataclasses

    from auditor import sites

    def boom(text: str, source: str) -> None:
        raise IndexError("synthetic")

    monkeypatch.setattr(sites, "SITES", tuple(
        dataclasses.replace(s, cut=boom) if s.name == "pokernow" else s for s in sites.SITES))
    folder = tmp_path / "night"
    folder.mkdir()
    (folder / "a_log.csv").write_bytes((SAMPLES / "pokernow/admin_stack_change.csv").read_bytes())
    (folder / "b.txt").write_bytes((SAMPLES / "pokerstars/capped_nl_holdem.txt").read_bytes())
    run = audit_on_cluster([folder], None, scheduler=threads, settings=Settings())
    local = audit_paths([folder], None, settings=Settings())
    assert run.problems == local.problems
    assert [p.fatal for p in run.problems] == [True]
    assert "could not cut it into hands (please report): IndexError" in run.problems[0].message
    assert run.summary.hands == local.summary.hands > 0
