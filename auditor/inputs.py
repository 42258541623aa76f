"""What a user hands the auditor: files, folders, zip archives, compressed files and
standard input, turned into the byte streams of the hand-history files inside.

Everything is read in place and streamed: an archive's members and a compressed file are
decompressed as they are read, never unpacked to disk or held whole in memory. Each input
has the ``source`` its findings carry: the path as given, ``archive.zip/member`` for a
member of an archive, and ``-`` (or the name given for it) for standard input.
"""

from __future__ import annotations

import bz2
import fnmatch
import gzip
import io
import lzma
import os
import sys
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import BinaryIO

STDIN = "-"

# What reading an input can raise, besides the decoder's NotText: a file that cannot be
# opened, a damaged archive or compressed stream, an encrypted member.
READ_ERRORS: tuple[type[Exception], ...] = (
    OSError, ValueError, EOFError, lzma.LZMAError, zipfile.BadZipFile)

# Never hand histories: met while searching a folder (or an archive), they are skipped
# without a word. ``--exclude`` replaces these patterns, ``--extend-exclude`` adds to them.
DEFAULT_EXCLUDE: tuple[str, ...] = (
    ".*", "__pycache__", "*.md", "*.rst", "*.json", "*.toml", "*.yaml", "*.yml", "*.py",
    "*.parquet", "*.pdf", "*.png", "*.jpg", "*.jpeg", "*.gif", "*.svg", "*.7z", "*.rar",
    "*.db", "*.sqlite", "*.exe", "*.dll",
)

# Streams decompressed as they are read, by suffix.
_DECOMPRESS = {".gz": gzip.open, ".bz2": bz2.open, ".xz": lzma.open}
_TARS = (".tar", ".tgz", ".tar.gz", ".tar.bz2", ".tar.xz", ".tbz2", ".txz")


@dataclass(slots=True)
class InputProblem:
    """An input that yielded no hands, and why. ``fatal`` when the user named it
    directly (the run then exits 2, after auditing the rest)."""

    path: str
    message: str
    fatal: bool


@dataclass(frozen=True, slots=True)
class Input:
    """One hand-history file to read: on disk, inside a zip archive, or standard input."""

    source: str  # the name findings carry
    path: Path | None  # the file on disk (the archive, for a member); None: standard input
    member: str | None = None  # the member's name inside the archive at ``path``
    named: bool = False  # named on the command line
    size: int = 0  # bytes on disk this input accounts for (progress), 0 when unknown

    @property
    def name(self) -> str:
        """The file's own name, as the site wrote it (a compression suffix dropped): it
        can tell how the file is laid out (a ``.csv`` log, an ``.xml`` export)."""
        name = PurePosixPath(self.member).name if self.member else (
            self.path.name if self.path is not None else self.source)
        suffix = PurePosixPath(name).suffix.lower()
        return name[: -len(suffix)] if suffix in _DECOMPRESS else name


@dataclass(slots=True)
class ByteMeter:
    """Bytes read from disk so far, for a determinate progress bar."""

    done: int = 0
    total: int = 0


class _Metered(io.RawIOBase):
    """A raw binary file that counts the bytes read through it into a ``ByteMeter``."""

    def __init__(self, raw: BinaryIO, meter: ByteMeter) -> None:
        self._raw = raw
        self._meter = meter

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return self._raw.seekable()

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        return self._raw.seek(offset, whence)

    def tell(self) -> int:
        return self._raw.tell()

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        n = self._raw.readinto(buffer)  # type: ignore[attr-defined]
        self._meter.done += n or 0
        return n

    def close(self) -> None:
        self._raw.close()
        super().close()


def cut_failure(exc: Exception) -> str:
    """Why a file could not be read further when the auditor failed to cut it."""
    return (f"the auditor could not cut it into hands (please report): "
            f"{type(exc).__name__}: {str(exc)[:200]}")


def discover(paths: Iterable[Path | str], exclude: Sequence[str] = DEFAULT_EXCLUDE,
             stdin_name: str | None = None) -> tuple[list[Input], list[InputProblem]]:
    """Every input under ``paths``, and the paths that cannot be read. Folders are searched
    recursively in name order, zip archives member by member; files and folders matching
    ``exclude`` are skipped there (a file named directly is always read). ``-`` is
    standard input, its findings under ``stdin_name`` when given."""
    inputs: list[Input] = []
    problems: list[InputProblem] = []
    for given in paths:
        text = str(given)
        if text == STDIN:
            inputs.append(Input(stdin_name or STDIN, None, named=True))
            continue
        path = Path(given)
        if path.is_dir():
            for sub in _files_under(path, exclude, problems):
                _add_file(sub, False, exclude, inputs, problems)
        elif path.is_file():
            _add_file(path, True, exclude, inputs, problems)
        elif path.exists():
            problems.append(InputProblem(text, "not a file or folder", True))
        else:
            problems.append(InputProblem(text, "no such file or folder", True))
    return inputs, problems


def _files_under(folder: Path, exclude: Sequence[str], problems: list[InputProblem]
                 ) -> list[Path]:
    """The files under ``folder`` not excluded, in path order. A folder inside that cannot
    be read is a problem (fatal: hands may be missing), not an end to the search."""
    def unreadable(exc: OSError) -> None:
        problems.append(InputProblem(str(exc.filename),
                                     f"cannot read folder: {exc.strerror or exc}", True))

    found: list[Path] = []
    for top, dirs, files in os.walk(folder, onerror=unreadable):
        here = Path(top)
        rel = here.relative_to(folder).as_posix()
        prefix = "" if rel == "." else rel + "/"
        dirs[:] = [d for d in dirs if not excluded(prefix + d, exclude)]
        found += (here / f for f in files if not excluded(prefix + f, exclude)
                  and (here / f).is_file())
    return sorted(found)


def excluded(relative: str, patterns: Sequence[str]) -> bool:
    """Whether a path (POSIX, relative to the folder searched) matches a pattern: a
    pattern without ``/`` is matched against each part of the path (so ``archive``
    skips a folder of that name), one with ``/`` against the whole path."""
    parts = relative.split("/")
    for pattern in patterns:
        if "/" in pattern:
            if fnmatch.fnmatchcase(relative, pattern.strip("/")):
                return True
        elif any(fnmatch.fnmatchcase(part, pattern) for part in parts):
            return True
    return False


def _add_file(path: Path, named: bool, exclude: Sequence[str], inputs: list[Input],
              problems: list[InputProblem]) -> None:
    lower = path.name.lower()
    try:
        size = path.stat().st_size
    except OSError as exc:
        problems.append(InputProblem(str(path), f"cannot read: {exc.strerror or exc}", named))
        return
    if lower.endswith(_TARS):
        problems.append(InputProblem(
            str(path), "a tar archive: unpack it, or give it as a .zip", named))
    elif lower.endswith(".zip"):
        _add_members(path, named, size, exclude, inputs, problems)
    else:
        inputs.append(Input(str(path), path, named=named, size=size))


def _add_members(path: Path, named: bool, size: int, exclude: Sequence[str],
                 inputs: list[Input], problems: list[InputProblem]) -> None:
    """The members of a zip archive, each an input (the archive's size is spread over
    them by their compressed size, for the progress bar)."""
    try:
        with zipfile.ZipFile(path) as archive:
            members = [m for m in archive.infolist() if not m.is_dir()]
    except (OSError, zipfile.BadZipFile, ValueError) as exc:
        problems.append(InputProblem(str(path), f"cannot read the archive: {exc}", named))
        return
    found = False
    packed = sum(m.compress_size for m in members) or 1
    for member in sorted(members, key=lambda m: m.filename):
        name = member.filename
        if excluded(name.strip("/"), exclude):
            continue
        if name.lower().endswith((".zip", *_TARS)):
            problems.append(InputProblem(f"{path}/{name}", "an archive inside an archive is "
                                         "not opened: unpack it", False))
            continue
        found = True
        inputs.append(Input(f"{path}/{name}", path, name, named=False,
                            size=size * member.compress_size // packed))
    if not found:
        problems.append(InputProblem(str(path), "no hand history found in this archive", named))


@dataclass(slots=True)
class Opener:
    """Opens inputs one after the other, keeping the current archive open (its members
    come together) and counting the bytes read from disk into ``meter``."""

    meter: ByteMeter = field(default_factory=ByteMeter)
    stdin: BinaryIO | None = None  # standard input's bytes (tests pass their own)
    _archive: tuple[Path, zipfile.ZipFile] | None = None

    @contextmanager
    def open(self, item: Input) -> Iterator[BinaryIO]:
        """The decompressed bytes of ``item``. Raises ``OSError`` or ``ValueError`` (a
        damaged archive or compressed file, an encrypted member)."""
        if item.path is None:
            yield self.stdin or sys.stdin.buffer
            return
        if item.member is not None:
            with self._member(item.path, item.member) as raw:
                yield _decompressed(raw, item.member)
            return
        self.close()
        with io.BufferedReader(_Metered(item.path.open("rb"), self.meter)) as raw:
            yield _decompressed(raw, item.path.name)

    def _member(self, path: Path, name: str) -> BinaryIO:
        if self._archive is None or self._archive[0] != path:
            self.close()
            raw = io.BufferedReader(_Metered(path.open("rb"), self.meter))
            self._archive = (path, zipfile.ZipFile(raw))
        try:
            return self._archive[1].open(name)  # type: ignore[return-value]
        except RuntimeError as exc:  # zipfile's word for an encrypted member
            raise ValueError(str(exc)) from exc
        except NotImplementedError as exc:  # a compression method zipfile lacks
            raise ValueError(f"{exc}") from exc

    def close(self) -> None:
        """Close the archive kept open, if any."""
        if self._archive is not None:
            self._archive[1].close()
            self._archive = None


def _decompressed(raw: BinaryIO, name: str) -> BinaryIO:
    """``raw`` decompressed as its name's suffix says (``.gz``, ``.bz2``, ``.xz``)."""
    kind = _DECOMPRESS.get(PurePosixPath(name).suffix.lower())
    return raw if kind is None else kind(raw)  # type: ignore[return-value]
