"""Cutting a large text export into byte ranges that start at hand headers.

The file is read in *segments* of ``range_bytes`` (one task each, in parallel). Each
segment reports how many lines it ends, whether its bytes decode alike wherever a
decoder starts reading them, and the first header line in it; the ranges are then the
spans between those headers, and each range's first line number is the number of lines
before it (a prefix sum), so every hand keeps its file's own line numbers.

A file is cut only where that is sure to give the blocks the whole file gives: its bytes
are valid UTF-8 with no control bytes (no NUL, no UTF-16, nothing a decoder would sniff
differently in the middle of the file), its head is not a site's container, and each cut
is a header line as the cutter itself sees it (after a newline, with no BOM). Any other
file is read whole.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

# Every byte a hand-history text does not hold outside tab, LF and CR.
_CONTROL = bytes([*range(0, 9), 11, 12, *range(14, 32), 127])
_ALLOWED = bytes(b for b in range(256) if b not in _CONTROL)
_SNIFF = 1 << 16  # the head a container is recognised from (as the decoder reads it)
_BOM = b"\xef\xbb\xbf"
# How far into a segment its first header is looked for: hands are a few KiB, so a
# longer stretch without one is no export to cut (the range before goes on over it).
_LOOK = 1 << 20


@dataclass(frozen=True, slots=True)
class Segment:
    """What one segment of a file found: its bytes are ``[start, end)`` (cut at
    character boundaries); ``lines`` is how many line ends it holds (LF, CRLF, CR:
    as the decoder counts them); ``cut`` the offset of the first header line in it
    (None: none, or the first segment) and ``lines_before_cut`` the line ends before it
    in the segment. ``clean`` is False when the segment rules out cutting the file."""

    index: int
    start: int
    end: int
    lines: int
    cut: int | None
    lines_before_cut: int
    clean: bool


@dataclass(frozen=True, slots=True)
class ByteRange:
    """One range of a file to audit: bytes ``[start, end)``, the first on line
    ``first_line`` of the file."""

    start: int
    end: int
    first_line: int


def segment_count(size: int, range_bytes: int) -> int:
    """How many segments a file of ``size`` bytes is read in."""
    return max(1, -(-size // range_bytes))


def plan_segment(location: str, name: str, index: int, size: int,
                 range_bytes: int) -> Segment:
    """Read segment ``index`` of the file at ``location`` (a path or URL of ``size``
    bytes) and report what it found (a task: it runs on a worker)."""
    from auditor.distributed.sources import open_bytes

    nominal = index * range_bytes
    stop = min(size, nominal + range_bytes)
    before = max(0, nominal - 1)  # the byte before: is the segment at a line start?
    with open_bytes(location, before, min(size, stop + 4)) as f:
        data = f.read()
    shift = nominal - before
    start = _boundary(data, shift) if index else 0
    end = _boundary(data, stop - before) if stop < size else len(data)
    segment = data[start:end]
    clean = _clean(segment)
    lines = _line_ends(segment)
    if segment.endswith(b"\r") and data[end : end + 1] == b"\n":
        lines -= 1  # the CR's LF is in the next segment: one line end, counted there
    offset = before + start
    if index == 0:
        from auditor.parsing.blocks import is_container
        from auditor.parsing.decode import lf_only

        head = lf_only(segment[:_SNIFF].decode("utf-8-sig", "replace")) if clean else ""

        clean = clean and not is_container(head, name)
        return Segment(0, 0, offset + len(segment), lines, None, 0, clean)
    cut = _first_header(data, start, end) if clean else None
    if cut is None:
        return Segment(index, offset, offset + len(segment), lines, None, 0, clean)
    return Segment(index, offset, offset + len(segment), lines, before + cut,
                   _line_ends(data[start:cut]), clean)


def ranges_of(segments: list[Segment], size: int) -> list[ByteRange] | None:
    """The byte ranges of a file from its segments in order (None: the file is not to be
    cut)."""
    if not segments or not all(s.clean for s in segments):
        return None
    cuts = [(0, 1)]
    lines = 0  # line ends before the segment
    for s in segments:
        if s.index and s.cut is not None:
            cuts.append((s.cut, lines + s.lines_before_cut + 1))
        lines += s.lines
    ends = [start for start, _ in cuts[1:]] + [size]
    return [ByteRange(start, end, first) for (start, first), end in zip(cuts, ends,
                                                                          strict=True)]


def _boundary(data: bytes, at: int) -> int:
    """``at`` moved past UTF-8 continuation bytes (at most three): a character's start."""
    for _ in range(3):
        if at < len(data) and 0x80 <= data[at] < 0xC0:
            at += 1
    return at


def _clean(segment: bytes) -> bool:
    """Whether the segment is UTF-8 with no control bytes but tab, LF and CR."""
    if segment.translate(None, _ALLOWED):
        return False
    if segment.isascii():
        return True
    try:
        segment.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _line_ends(data: bytes) -> int:
    """Line ends as the decoder counts them: LF, CRLF and a bare CR each end a line."""
    return data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")


def _first_header(data: bytes, start: int, end: int) -> int | None:
    """The offset in ``data`` of the first header line that starts in ``[start, end)``
    (after a newline), as the cutter sees headers; None if there is none."""
    at = start if start and data[start - 1 : start] == b"\n" else data.find(b"\n", start,
                                                                           end) + 1
    end = min(end, start + _LOOK)
    while 0 < at < end:
        stop = data.find(b"\n", at)
        if stop < 0:
            return None  # the line goes on past the segment: not judged here
        line = data[at:stop]
        if _BOM not in line and _is_header(line):
            return at
        at = stop + 1
    return None


def _is_header(line: bytes) -> bool:
    """Whether the cutter starts a hand at this line."""
    from auditor.parsing.blocks import blocks_of_export

    if b"\r" in line.rstrip(b"\r"):
        return False  # a bare CR inside: two lines, not judged here
    blocks = blocks_of_export(io.BytesIO(line + b"\n"), "", 1)
    first = next(blocks, None)
    return first is not None and first.first_line == 1
