"""Runs with workers: small files go to the workers whole, what only the parent can read
is cut by the parent, and the report, the problems and the printed findings are the
one-job run's."""

from __future__ import annotations

import gzip
import re
import zipfile
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner

from auditor import api, pieces
from auditor.cli import main
from auditor.distributed.ranges import ByteRange
from auditor.inputs import Input, Opener
from auditor.report.reader import read_report

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_histories" / "pokerstars"
SESSION = SAMPLES / "session_6max_nl10_500_hands.txt"
DAMAGED = SAMPLES / "damaged_middle_hand.txt"  # 3 hands, HH001 at line 44
CLEAN = SAMPLES / "nl_holdem_6max_showdown_rake.txt"


def _inputs(paths: list[Path]) -> list[Input]:
    found, problems = api.discover(paths)
    assert not problems
    return found


def _kinds(work: list[pieces.Piece]) -> list[tuple[str, list[str]]]:
    """Each piece as ("files", names) or ("blocks", names of the files it holds)."""
    out = []
    for piece in work:
        if piece.files is not None:
            out.append(("files", [Path(i.source).name for i in piece.files]))
        elif piece.blocks is not None:
            out.append(("blocks", sorted({Path(b.source).name for b in piece.blocks})))
        else:
            out.append(("problems", [Path(p.path).name for p in piece.problems]))
    return out


def _copies(tmp_path: Path, names: list[str], source: Path = CLEAN) -> list[Path]:
    paths = []
    for name in names:
        path = tmp_path / name
        path.write_bytes(source.read_bytes())
        paths.append(path)
    return paths


def test_small_files_go_to_workers_in_groups_of_about_a_chunk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = _copies(tmp_path, ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt"])
    size = paths[0].stat().st_size
    monkeypatch.setattr(pieces, "GROUP_BYTES", 2 * size)
    inputs = _inputs(paths)
    work = list(pieces.pieces(inputs, Opener(), lambda p: None, [0, 0, 0, 1, 1]))
    # Two files at most a piece, and a new piece where the configuration changes.
    assert _kinds(work) == [("files", ["a.txt", "b.txt"]), ("files", ["c.txt"]),
                            ("files", ["d.txt", "e.txt"])]
    assert [p.config for p in work] == [0, 0, 1]


def _cp1252(tmp_path: Path) -> Path:
    """The 500-hand session with a name in cp1252 (not UTF-8): not safe to cut in
    ranges, so read whole by the parent."""
    path = tmp_path / "cp1252.txt"
    text = SESSION.read_text(encoding="utf-8")
    name = re.search(r"(?m)^Seat 1: (\S+) ", text).group(1)  # type: ignore[union-attr]
    path.write_bytes(text.replace(name, "José").encode("cp1252"))
    return path


def test_what_a_worker_cannot_read_alone_is_cut_by_the_parent(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    small, large = _copies(tmp_path, ["small.txt"]) + _copies(tmp_path, ["large.txt"], SESSION)
    monkeypatch.setattr(pieces, "GROUP_BYTES", 100_000)  # the size of a piece, at first
    monkeypatch.setattr(pieces, "PLAN_BYTES", 25_000)
    monkeypatch.setattr(pieces, "WHOLE_BYTES", 100_000)
    packed = tmp_path / "packed.txt.gz"
    packed.write_bytes(gzip.compress(CLEAN.read_bytes()))
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.write(DAMAGED, "member.txt")
    inputs = _inputs([small, large, _cp1252(tmp_path), packed, archive])
    assert [pieces.on_disk(i) for i in inputs] == [True, True, True, False, False]
    work = list(pieces.pieces(inputs, Opener(), lambda p: None, [0] * len(inputs)))
    kinds = _kinds(work)
    # The large file in byte ranges (each starting at a hand header, numbered as the
    # file), the rest packed across files into chunks by the parent, as with one job.
    assert kinds[0] == ("files", ["small.txt"])
    ranged = [p for p in work if p.span is not None]
    n = len(ranged)
    assert n >= 4 and [p.last for p in ranged] == [False] * (n - 1) + [True]
    bounds = [(p.span.start, p.span.end) for p in ranged if p.span is not None]
    assert bounds[0][0] == 0 and bounds[-1][1] == large.stat().st_size
    assert all(a[1] == b[0] for a, b in pairwise(bounds))  # no byte twice, none left out
    # Fine ranges joined up to a piece's bytes; a short rest joined to the last piece.
    assert all(end - start <= 100_000 for start, end in bounds[:-1])
    assert bounds[-1][1] - bounds[-1][0] < 150_000
    assert kinds[1 : 1 + n] == [("files", ["large.txt"])] * n
    assert kinds[1 + n :] == [("blocks", ["cp1252.txt"]),
                              ("blocks", ["member.txt", "packed.txt.gz"])]
    # Not safe to cut, but not too large for one worker: read whole, alone.
    monkeypatch.setattr(pieces, "WHOLE_BYTES", 8 << 20)
    work = list(pieces.pieces(inputs, Opener(), lambda p: None, [0] * len(inputs)))
    assert _kinds(work)[1 + n :] == [("files", ["cp1252.txt"]),
                                     ("blocks", ["member.txt", "packed.txt.gz"])]


def test_a_file_in_ranges_reads_as_a_whole(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pieces, "PLAN_BYTES", 50_000)
    large = _copies(tmp_path, ["large.txt"], SESSION)[0]
    item = _inputs([large])[0]
    auditor = [api.HandAuditor(None)]
    assert pieces.ranges(item, -(-item.size // 2)) is None  # not over twice a piece
    whole = pieces.audit_files(auditor, 0, [item], want_lines=False)
    spans = pieces.ranges(item, 100_000)
    assert spans is not None and len(spans) >= 9
    parts = [pieces.audit_range(auditor, 0, item, span, want_lines=False) for span in spans]
    assert sum(p.hands for p in parts) == whole.hands == 500
    rows = [r for p in parts for c, _ in p.chunks for r in c.tables.hands.to_pylist()]
    assert rows == [r for c, _ in whole.chunks for r in c.tables.hands.to_pylist()]


def test_a_range_that_cannot_be_read_ends_its_file_as_one_job_would(tmp_path: Path) -> None:
    item = _inputs(_copies(tmp_path, ["large.txt"], SESSION))[0]
    follow = pieces.FileInRanges(item)
    read = pieces.audit_range([api.HandAuditor(None)], 0, item,
                              ByteRange(0, item.size, 1), want_lines=False)
    assert follow.add(read) and follow.problems() == []
    follow.add(pieces.FilesDone([], [], error=("Input/output error", True)))
    assert not follow.add(read)  # what comes after is not the file's: one job stopped
    assert [(p.message, p.fatal) for p in follow.problems()] == [
        ("cannot read after 500 hands: Input/output error", True)]
    nothing = pieces.FileInRanges(item)
    nothing.add(pieces.FilesDone([], []))
    assert [p.message for p in nothing.problems()] == ["no hand history found in this file"]


def _mixed_inputs(tmp_path: Path) -> list[Path]:
    """Files of every kind, with problems between them: a file not text (a worker's), a
    damaged gzip and an empty file (the parent's and a worker's), a file given twice."""
    good = _copies(tmp_path, ["one.txt", "two.txt", "three.txt"])
    shrunk = tmp_path / "shrunk.txt"  # a stack $1 short at hand 40: SE001
    hands = re.split(r"(?m)^(?=PokerStars Hand #)", SESSION.read_text(encoding="utf-8"))
    seat = re.search(r"(?m)^Seat \d+: \S+ \(\$(\d+)\.\d\d in chips\)", hands[41])
    assert seat is not None
    dollars = seat.group(1)
    hands[41] = hands[41].replace(seat.group(0), seat.group(0).replace(
        f"${dollars}.", f"${int(dollars) - 1}.", 1), 1)
    shrunk.write_text("".join(hands), encoding="utf-8")
    binary = tmp_path / "photo.txt"
    binary.write_bytes(bytes(range(256)) * 8)
    broken = tmp_path / "broken.txt.gz"
    broken.write_bytes(gzip.compress(DAMAGED.read_bytes())[:40])
    empty = tmp_path / "empty.txt"
    empty.write_text("no hands here\n", encoding="utf-8")
    damaged = _copies(tmp_path, ["damaged.txt"], DAMAGED)
    return [good[0], binary, shrunk, broken, good[1], empty, *damaged, _cp1252(tmp_path),
            good[0], good[2]]


@pytest.mark.parametrize("group", [2_000, 100_000, 1 << 20])
def test_a_run_with_workers_reports_as_one_job(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, group: int) -> None:
    inputs = _mixed_inputs(tmp_path)
    one = api.audit_paths(inputs, tmp_path / "one", jobs=1)
    monkeypatch.setattr(pieces, "GROUP_BYTES", group)  # 2,000: about a piece a file
    monkeypatch.setattr(pieces, "PLAN_BYTES", 20_000)  # shrunk.txt in ranges (not cp1252.txt)
    monkeypatch.setattr(pieces, "CHUNK_HANDS", 7)
    two = api.audit_paths(inputs, tmp_path / "two", jobs=2)
    assert [(p.path, p.message, p.fatal) for p in two.problems] == [
        (p.path, p.message, p.fatal) for p in one.problems]
    assert len(one.problems) == 3
    a, b = read_report(tmp_path / "one"), read_report(tmp_path / "two")
    for name in ("hands", "findings", "payouts", "sessions"):
        assert a[name].equals(b[name]), name
    assert set(a["findings"]["code"]) >= {"SE001", "HH001", "HH004"}


def _untimed(output: str) -> str:
    return re.sub(r"in [0-9.]+ s \([0-9,]+ hands/s", "in … s (… hands/s", output)


def test_findings_are_printed_with_their_lines_as_with_one_job(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # SE001 and HH004 are found by the parent, after the workers: their lines must still
    # be shown, though the worker that read the file found nothing in the hand.
    inputs = [str(p) for p in _mixed_inputs(tmp_path)]
    args = ["audit", *inputs, "--min-severity", "info", "--color", "never"]
    one = CliRunner().invoke(main, [*args, "--jobs", "1"])
    monkeypatch.setattr(pieces, "GROUP_BYTES", 100_000)  # shrunk.txt in ranges
    monkeypatch.setattr(pieces, "PLAN_BYTES", 20_000)
    two = CliRunner().invoke(main, [*args, "--jobs", "2"])
    assert one.exit_code == two.exit_code == 2  # (files that cannot be read)
    assert "SE001" in one.output and "HH004" in one.output
    assert re.search(r"\| Seat \d+: .* in chips\)", one.output)  # SE001's line
    assert _untimed(two.output) == _untimed(one.output)


def test_a_piece_of_files_grows_to_about_a_chunk_once_the_run_knows_its_files() -> None:
    grouping = pieces.Grouping()
    assert grouping.target == pieces.GROUP_BYTES  # nothing learnt yet
    grouping.learn(300_000, 200)
    assert grouping.target == pieces.GROUP_BYTES  # under a chunk of hands: still a guess
    grouping.learn(1_200_000, 800)  # 1,500 bytes a hand
    assert grouping.target == pieces.CHUNK_HANDS * 9 // 10 * 1_500
    tiny, huge = pieces.Grouping(), pieces.Grouping()
    tiny.learn(1_000, 1_000)
    huge.learn(10**12, 1_000)
    assert tiny.target == pieces.GROUP_BYTES // 8
    assert huge.target == 8 * pieces.GROUP_BYTES


def test_pieces_follow_what_the_grouping_learnt(tmp_path: Path) -> None:
    paths = _copies(tmp_path, [f"s{i}.txt" for i in range(6)], SESSION)
    inputs = _inputs(paths)
    size = inputs[0].size
    grouping = pieces.Grouping()
    grouping.learn(size * 1_000, pieces.CHUNK_HANDS * 1_000 * 10 // 27)  # 2.7 files a chunk
    work = list(pieces.pieces(inputs, Opener(), lambda p: None, [0] * 6, grouping))
    assert [len(p.files or ()) for p in work] == [2, 2, 2]


def test_a_large_files_pieces_grow_as_the_run_learns(tmp_path: Path) -> None:
    item = _inputs(_copies(tmp_path, ["large.txt"], SESSION))[0]
    found = [ByteRange(k * 1_000, (k + 1) * 1_000, 1 + k * 30) for k in range(40)]
    grouping = pieces.Grouping()
    with pytest.MonkeyPatch.context() as m:
        m.setattr(pieces, "GROUP_BYTES", 3_000)
        work = pieces._joined(found, grouping, 0, item)
        first = next(work)
        grouping.learn(50_000, pieces.CHUNK_HANDS * 9)  # 5,000 bytes a piece now
        rest = list(work)
    spans = [p.span for p in [first, *rest] if p.span is not None]
    assert [(s.start, s.end) for s in spans[:3]] == [(0, 3_000), (3_000, 8_000), (8_000, 13_000)]
    assert spans[0].first_line == 1 and spans[1].first_line == 91
    assert spans[-1].end == 40_000 and [p.last for p in rest][-1]
    assert all(not p.last for p in [first, *rest[:-1]])
