"""The audit on a Dask cluster of two worker processes gives the local run's report:
the same files on the samples, the same tables on the corpus and on a large file cut
in byte ranges, from streams the client cuts, and after a worker dies mid-run."""

from __future__ import annotations

import gzip
import io
import os
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from clusterkit import CORPUS, SAMPLES, SE001, assert_same_report, plan, utf8_samples

pytest.importorskip("distributed")

from distributed.diagnostics.plugin import WorkerPlugin

from auditor.api import ChunkDone, audit_paths
from auditor.config import Settings
from auditor.distributed.run import audit_on_cluster


def local_and_cluster(tmp_path: Path, paths: list[Any], client: Any, **options: Any
                      ) -> tuple[Any, Any]:
    """The local run (one process) and the cluster run of ``paths``, into
    ``tmp_path/local`` and ``tmp_path/cluster``."""
    stdin = options.pop("stdin", None)
    local = audit_paths(paths, tmp_path / "local", jobs=1, settings=Settings(),
                        stdin=io.BytesIO(stdin) if stdin else None)
    cluster = audit_on_cluster(paths, tmp_path / "cluster", scheduler=client,
                               settings=Settings(),
                               stdin=io.BytesIO(stdin) if stdin else None, **options)
    return local, cluster


def test_samples_give_the_local_runs_files(tmp_path: Path, client: Any) -> None:
    local, cluster = local_and_cluster(tmp_path, [SAMPLES], client)
    assert_same_report(tmp_path / "local", tmp_path / "cluster", same_bytes=True)
    assert cluster.summary.hands == local.summary.hands > 500
    assert cluster.problems == local.problems
    assert cluster.files == local.files


def test_corpus_subset_in_small_ranges(tmp_path: Path, client: Any) -> None:
    if not CORPUS.is_dir():
        pytest.skip("the shared corpus (../shared/corpus) is not here")
    paths = [CORPUS / "pokerstars", CORPUS / "pokernow"]
    local, cluster = local_and_cluster(tmp_path, paths, client, range_bytes=32768)
    assert_same_report(tmp_path / "local", tmp_path / "cluster")
    assert cluster.summary.findings_by_code == local.summary.findings_by_code
    assert cluster.summary.sessions == local.summary.sessions > 0
    assert cluster.problems == local.problems


def test_a_large_file_in_byte_ranges(tmp_path: Path, client: Any) -> None:
    """Twice the same hands: the repeats (HH004) are found across ranges as in one
    piece."""
    big = tmp_path / "in" / "big.txt"
    big.parent.mkdir()
    big.write_bytes(utf8_samples() * 2)
    ranges = plan(big, 32768)
    assert ranges is not None and len(ranges) > 20
    local, cluster = local_and_cluster(tmp_path, [big], client, range_bytes=32768)
    assert_same_report(tmp_path / "local", tmp_path / "cluster")
    assert cluster.summary.findings_by_code.get("HH004", 0) > 400
    assert cluster.summary.hands == local.summary.hands


def test_stack_continuity_across_ranges(tmp_path: Path, client: Any) -> None:
    """Each hand its own range: SE001 compares a hand with the previous one at its table,
    audited by another task."""
    path = tmp_path / "in" / "se001.txt"
    path.parent.mkdir()
    path.write_bytes(b"\n\n".join(p.read_bytes() for p in sorted(SE001.glob("*.txt"))))
    ranges = plan(path, 400)
    assert ranges is not None and len(ranges) == 6  # every hand
    local, cluster = local_and_cluster(tmp_path, [path], client, range_bytes=400)
    assert_same_report(tmp_path / "local", tmp_path / "cluster")
    assert cluster.summary.findings_by_code == local.summary.findings_by_code
    assert cluster.summary.findings_by_code["SE001"] == 1


def test_streams_archives_and_compressed_files(tmp_path: Path, client: Any) -> None:
    """Standard input and zip members are cut by the client; a compressed file is read
    whole by a worker, or cut by the client when it is large."""
    stars = sorted((SAMPLES / "pokerstars").glob("*.txt"))
    with zipfile.ZipFile(tmp_path / "hands.zip", "w") as archive:
        for path in stars[:4]:
            archive.write(path, f"in/{path.name}")
    small = tmp_path / "small.txt.gz"
    small.write_bytes(gzip.compress(stars[4].read_bytes()))
    large = tmp_path / "large.txt.gz"
    large.write_bytes(gzip.compress(utf8_samples(), compresslevel=0))
    paths = ["-", tmp_path / "hands.zip", small, large]
    local, cluster = local_and_cluster(tmp_path, paths, client, range_bytes=4096,
                                       stdin=stars[5].read_bytes())
    assert_same_report(tmp_path / "local", tmp_path / "cluster")
    assert cluster.problems == local.problems
    assert cluster.summary.files == 7


def test_findings_reach_the_printer_in_chunks(tmp_path: Path, client: Any) -> None:
    """``on_chunk`` gets every finding with its line: those found on the workers, and
    those found after them (SE001 across hands, HH004 across files: a file given twice)."""
    paths = [SAMPLES / "pokerstars", *sorted(SE001.glob("*.txt")), SAMPLES / "pokerstars"]
    seen: list[ChunkDone] = []
    audit_on_cluster(paths, None, scheduler=client, on_chunk=seen.append)
    local: list[ChunkDone] = []
    audit_paths(paths, None, on_chunk=local.append)

    def rows(chunks: list[ChunkDone]) -> list[dict[str, Any]]:
        return sorted((r for c in chunks for r in c.tables.findings.to_pylist()),
                      key=lambda r: (r["source"], r["line"], r["code"]))

    assert rows(seen) == rows(local) != []
    assert {"SE001", "HH004"} <= {r["code"] for r in rows(seen)}

    def lines(chunks: list[ChunkDone]) -> dict[tuple[str, int], str]:
        """Each finding's line, as the chunk's blocks give it."""
        out = {}
        for done in chunks:
            numbered = {(b.source, n): text for b in done.blocks for n, text in b.numbered()}
            for r in done.tables.findings.to_pylist():
                out[(r["source"], r["line"])] = numbered[(r["source"], r["line"])]
        return out

    assert lines(seen) == lines(local)


class KillOnce(WorkerPlugin):
    """A worker plugin that kills its worker's process as the first audit task of input
    ``after`` or later finishes (its result, held on that worker, is lost with it),
    once: a marker file says it was done."""

    def __init__(self, marker: str, after: int) -> None:
        self.marker = marker
        self.after = after

    def setup(self, worker: Any) -> None:
        self.worker = worker

    def transition(self, key: Any, start: str, finish: str, **kwargs: Any) -> None:
        name = str(key)
        if finish != "memory" or not name.startswith("audit-"):
            return
        if int(name.split("-")[1]) < self.after:
            return
        try:
            os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            return
        os._exit(1)


def test_a_worker_killed_mid_run_loses_no_hand(tmp_path: Path, client: Any) -> None:
    import cloudpickle

    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    files = []
    for i, data in enumerate([utf8_samples()] * 3):
        path = tmp_path / "in" / f"part-{i}.txt"
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(data.replace(b"Hand #", f"Hand #{i}".encode()))
        files.append(path)
    marker = tmp_path / "killed"
    client.register_plugin(KillOnce(str(marker), after=1), name="kill-once")
    try:
        local, cluster = local_and_cluster(tmp_path, [tmp_path / "in"], client,
                                           range_bytes=65536)
    finally:
        client.unregister_worker_plugin("kill-once")
    assert marker.exists()  # a worker did die
    assert_same_report(tmp_path / "local", tmp_path / "cluster")
    assert cluster.summary.hands == local.summary.hands > 100
    assert cluster.summary.findings_by_code == local.summary.findings_by_code


def test_a_file_url_gets_a_parquet_dataset(tmp_path: Path, client: Any) -> None:
    import pandas as pd
    import pyarrow.dataset as ds
    import pyarrow.parquet as pq

    url = f"file://{tmp_path}/dataset"
    audit_paths([SAMPLES], tmp_path / "local", jobs=1, settings=Settings())
    run = audit_on_cluster([SAMPLES], url, scheduler=client, settings=Settings())
    assert run.summary.out_dir == url
    out = tmp_path / "dataset"
    assert (out / "report.json").read_text() == (tmp_path / "local/report.json").read_text()
    for name in ("hands", "findings", "payouts", "sessions"):
        local = pq.read_table(tmp_path / "local" / f"{name}.parquet")
        assert (out / name / "_metadata").is_file() and (out / name / "_common_metadata").is_file()
        assert pq.read_table(out / name).equals(local), name
        assert ds.dataset(out / name, format="parquet").to_table().equals(local), name
        assert pq.read_metadata(out / name / "_metadata").num_rows == local.num_rows
        frame = pd.read_parquet(out / name)
        assert len(frame) == local.num_rows
        assert pq.read_schema(out / name / "_common_metadata").metadata[b"auditor"] \
            == local.schema.metadata[b"auditor"]


def test_a_csv_report_to_a_url_is_refused(client: Any) -> None:
    from auditor.config import ConfigError

    with pytest.raises(ConfigError, match="CSV"):
        audit_on_cluster([SAMPLES], "memory://out", scheduler=client, fmt="csv")
