"""Inputs at fsspec URLs (``s3://``, ``gs://``, ``file://``, ``memory://``) beside the
local ones of ``auditor.inputs``: found with ``fs.find``, read as byte streams.

A URL input is a ``RemoteInput``; it has what the audit reads of a local ``Input``
(``source``, ``name``, ``named``, ``size``), so the run treats both alike. ``AnyOpener``
opens either as decompressed bytes, as ``inputs.Opener`` does for local ones.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any, BinaryIO

from auditor.inputs import _DECOMPRESS, _TARS, ByteMeter, Input, InputProblem, Opener, excluded
from auditor.inputs import _decompressed as decompressed


@dataclass(frozen=True, slots=True)
class RemoteInput:
    """One hand-history file at an fsspec URL."""

    source: str  # the name findings carry: the URL as given (a folder's plus the rest)
    url: str  # what fsspec opens
    named: bool = False  # named on the command line
    size: int = 0  # bytes, as listed

    @property
    def name(self) -> str:
        """The file's own name, a compression suffix dropped (as ``Input.name``)."""
        name = PurePosixPath(self.url).name
        suffix = PurePosixPath(name).suffix.lower()
        return name[: -len(suffix)] if suffix in _DECOMPRESS else name

    @property
    def compressed(self) -> bool:
        """Whether it is read through a decompressor (so it cannot be cut in ranges)."""
        return PurePosixPath(self.url).suffix.lower() in _DECOMPRESS


AnyInput = Input | RemoteInput


def filesystem(url: str) -> tuple[Any, str]:
    """The fsspec filesystem of ``url`` and the path on it."""
    from fsspec.core import url_to_fs

    return url_to_fs(url)


def discover_url(given: str, exclude: Sequence[str]) -> tuple[list[RemoteInput],
                                                               list[InputProblem]]:
    """The inputs at ``given``: a file, or every file under a folder (in name order,
    ``exclude`` applied to the path below it, as a local folder search)."""
    try:
        fs, root = filesystem(given)
        if fs.isdir(root):
            found = fs.find(root, detail=True)
            inputs, problems = [], []
            base = root.rstrip("/")
            for path in sorted(found):
                rel = path[len(base):].lstrip("/")
                if excluded(rel, exclude):
                    continue
                url = f"{given.rstrip('/')}/{rel}"
                problem = _unreadable_kind(url, False)
                if problem is not None:
                    problems.append(problem)
                    continue
                inputs.append(RemoteInput(url, url, False, int(found[path].get("size") or 0)))
            return inputs, problems
        if fs.isfile(root):
            problem = _unreadable_kind(given, True)
            if problem is not None:
                return [], [problem]
            return [RemoteInput(given, given, True, int(fs.size(root) or 0))], []
    except (OSError, ValueError) as exc:  # no access, a bucket that does not exist
        return [], [InputProblem(given, f"cannot read: {exc}", True)]
    return [], [InputProblem(given, "no such file or folder", True)]


def _unreadable_kind(url: str, named: bool) -> InputProblem | None:
    lower = url.lower()
    if lower.endswith(_TARS):
        return InputProblem(url, "a tar archive: unpack it, or give it as a .zip", named)
    if lower.endswith(".zip"):
        return InputProblem(url, "a .zip archive at a URL is not opened: unpack it, or "
                                 "give its local path", named)
    return None


@contextmanager
def open_url(url: str, start: int = 0, end: int | None = None) -> Iterator[BinaryIO]:
    """The raw bytes of ``url`` from ``start`` to ``end`` (None: the end of the file)."""
    fs, path = filesystem(url)
    with fs.open(path, "rb") as f:
        if start:
            f.seek(start)
        if end is None:
            yield f
        else:
            yield io.BufferedReader(_Window(f, end - start))  # type: ignore[arg-type]


@contextmanager
def open_local(path: str, start: int = 0, end: int | None = None) -> Iterator[BinaryIO]:
    """The raw bytes of a local file from ``start`` to ``end`` (None: its end)."""
    with open(path, "rb") as f:
        if start:
            f.seek(start)
        if end is None:
            yield f
        else:
            yield io.BufferedReader(_Window(f, end - start))  # type: ignore[arg-type]


def open_bytes(location: str, start: int = 0, end: int | None = None
               ) -> Any:
    """The raw bytes of a local path or URL from ``start`` to ``end``."""
    from auditor.distributed.urls import is_url

    return (open_url if is_url(location) else open_local)(location, start, end)


class _Window(io.RawIOBase):
    """The next ``size`` bytes of a file, as a file."""

    def __init__(self, raw: BinaryIO, size: int) -> None:
        self._raw = raw
        self._left = size

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if self._left <= 0:
            return 0
        want = min(len(buffer), self._left)
        data = self._raw.read(want)
        n = len(data)
        buffer[:n] = data
        self._left -= n
        return n


class AnyOpener:
    """Opens local inputs (through ``inputs.Opener``: archives, compressed files,
    standard input) and URL inputs as decompressed byte streams."""

    def __init__(self, meter: ByteMeter | None = None, stdin: BinaryIO | None = None) -> None:
        self.meter = meter or ByteMeter()
        self.local = Opener(self.meter, stdin)

    @contextmanager
    def open(self, item: AnyInput) -> Iterator[BinaryIO]:
        """The decompressed bytes of ``item``; raises ``OSError`` or ``ValueError``."""
        if isinstance(item, Input):
            with self.local.open(item) as stream:
                yield stream
            return
        with open_url(item.url) as raw:
            yield decompressed(raw, PurePosixPath(item.url).name)
        self.meter.done += item.size

    def close(self) -> None:
        """Close the archive kept open, if any."""
        self.local.close()
