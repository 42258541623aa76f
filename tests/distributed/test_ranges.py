"""Byte ranges cut at hand headers give the blocks the whole file gives: the same lines,
numbered as in the file; a file that a decoder could read differently from its middle
is not cut. (No cluster needed: the planning and range reading run in this process.)"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from clusterkit import CORPUS, SAMPLES, plan, utf8_samples

from auditor.distributed.ranges import ByteRange
from auditor.distributed.sources import open_bytes
from auditor.parsing.blocks import HandBlock, blocks_of_export, blocks_of_file


def as_tuples(blocks: list[HandBlock]) -> list[tuple[object, ...]]:
    return [(b.site, b.first_line, b.lines, b.numbers) for b in blocks]


def ranged_blocks(path: Path, ranges: list[ByteRange]) -> list[HandBlock]:
    out: list[HandBlock] = []
    for r in ranges:
        with open_bytes(str(path), r.start, r.end) as f:
            out += blocks_of_export(f, str(path), r.first_line)
    return out


@pytest.mark.parametrize("ending", [b"\n", b"\r\n"])
@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
@pytest.mark.parametrize("range_bytes", [700, 2048, 5000])
def test_ranges_give_the_whole_files_blocks(tmp_path: Path, ending: bytes, bom: bytes,
                                            range_bytes: int) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(bom + utf8_samples().replace(b"\n", ending))
    ranges = plan(path, range_bytes)
    assert ranges is not None and len(ranges) > 10
    assert ranges[0].start == 0 and ranges[-1].end == path.stat().st_size
    assert all(a.end == b.start for a, b in itertools.pairwise(ranges))
    whole = list(blocks_of_file(path, str(path)))
    assert as_tuples(ranged_blocks(path, ranges)) == as_tuples(whole)
    # Each range starts at a hand's header, on the line the whole file numbers it.
    firsts = {b.first_line for b in whole}
    assert all(r.first_line in firsts for r in ranges)


def test_a_bare_cr_file_is_one_range(tmp_path: Path) -> None:
    path = tmp_path / "mac.txt"
    path.write_bytes(utf8_samples().replace(b"\n", b"\r"))
    ranges = plan(path, 2048)
    assert ranges is not None and len(ranges) == 1


@pytest.mark.parametrize("spoiler", [
    b"Hero: caf\xe9\n",  # cp1252: the decoder sniffs it only where it sees it
    b"a stray \x00 NUL\n",
    b"\xff\xfeU\x00T\x00F\x00-\x001\x006\x00\n\x00",
])
def test_a_file_a_decoder_could_read_otherwise_is_not_cut(tmp_path: Path,
                                                           spoiler: bytes) -> None:
    data = utf8_samples()
    path = tmp_path / "mixed.txt"
    path.write_bytes(data[: len(data) // 2] + spoiler + data[len(data) // 2 :])
    assert plan(path, 2048) is None


def test_a_container_is_not_cut(tmp_path: Path) -> None:
    log = next((SAMPLES / "pokernow").glob("*.csv"))
    path = tmp_path / log.name
    path.write_bytes(log.read_bytes() * 3)
    assert plan(path, 1024) is None


def test_corpus_text_files_in_ranges() -> None:
    if not CORPUS.is_dir():
        pytest.skip("the shared corpus (../shared/corpus) is not here")
    cut = 0
    for path in sorted(p for p in CORPUS.rglob("*") if p.is_file()):
        if path.suffix in (".zip", ".gz", ".md") or path.stat().st_size <= 4096:
            continue
        ranges = plan(path, 4096)
        if ranges is None or len(ranges) == 1:
            continue
        cut += 1
        whole = list(blocks_of_file(path, str(path)))
        assert as_tuples(ranged_blocks(path, ranges)) == as_tuples(whole), path
    assert cut >= 20
