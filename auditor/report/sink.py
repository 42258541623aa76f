"""What a writer needs from one output file: the interface each format implements, and how
files are made safely in a folder others may write to.

A sink writes to a hidden partial file beside its final path and moves it into place only
when the whole report is complete, so a run that fails half-way never leaves a table that
looks finished. Partial files get unique names and are created exclusively (``O_EXCL``,
never through a link planted under their name); the final move is a ``rename``, which
replaces a link at the final path rather than writing through it. A report folder is
locked for the whole run (``lock_folder``), and what dead runs left in it (partial files,
spill folders) is removed when the next run takes the lock.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import IO, Protocol

import pyarrow as pa

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows: no lock, one run at a time is up to you
    fcntl = None  # type: ignore[assignment]

LOCK_NAME = ".auditor.lock"
# What a run leaves in the report folder until it ends (``leftovers`` removes them).
_LEFTOVER = re.compile(r"^\.(?:findings|hands|payouts)\.(?:parquet|csv)\..*partial$"
                       r"|^\.sort-runs-")


class TableSink(Protocol):
    """One report table being written in one format."""

    path: Path

    def write(self, table: pa.Table) -> None:
        """Append rows (a table with the sink's schema) to the file."""
        ...

    def finish(self) -> None:
        """Write what is left of the file (it stays partial)."""
        ...

    def close(self) -> None:
        """Finish the file and move it to ``path``."""
        ...

    def abort(self) -> None:
        """Drop the partial file; ``path`` is left as it was."""
        ...


class ReportBusy(OSError):
    """Another run holds the report folder's lock."""


def open_partial(path: Path, mode: str, **kwargs: object) -> tuple[Path, IO]:  # type: ignore[type-arg]
    """A new partial file for ``path``: a unique name beside it, created exclusively,
    with the permissions a plain new file would get. Its path and the open file."""
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())
        return Path(name), os.fdopen(fd, mode, **kwargs)  # type: ignore[call-overload]
    except BaseException:
        os.close(fd)
        Path(name).unlink(missing_ok=True)
        raise


def discard(path: Path, file: IO | None) -> None:  # type: ignore[type-arg]
    """Close ``file`` (whatever that raises) and remove the partial file ``path``."""
    try:
        if file is not None:
            file.close()
    finally:
        path.unlink(missing_ok=True)


def lock_folder(folder: Path) -> int | None:
    """Take the report folder's lock for the run: the file descriptor to keep open, or
    ``ReportBusy`` when another run holds it. The folder itself is locked (nothing is left
    behind); where its file system cannot lock folders, a ``.auditor.lock`` file in it
    (opened never through a link)."""
    if fcntl is None:  # pragma: no cover
        return None
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        return _flocked(fd, folder)
    except ReportBusy:
        raise
    except OSError:  # e.g. NFS: lock a file instead
        pass
    path = folder / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    except OSError as exc:
        if path.is_symlink():
            raise ReportBusy(exc.errno, f"{path} is a symbolic link; remove it") from None
        raise
    return _flocked(fd, folder)


def _flocked(fd: int, folder: Path) -> int:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise ReportBusy(f"another auditor run is writing a report to {folder}; "
                         "wait for it to end or choose another folder") from None
    except BaseException:
        os.close(fd)
        raise
    return fd


def unlock_folder(fd: int | None) -> None:
    if fd is not None:
        os.close(fd)  # closing releases the lock


def remove_leftovers(folder: Path) -> None:
    """Remove what runs that died left in ``folder`` (call it holding the lock)."""
    with os.scandir(folder) as entries:
        for entry in entries:
            if _LEFTOVER.match(entry.name):
                if entry.is_dir(follow_symlinks=False):
                    shutil.rmtree(entry.path, ignore_errors=True)
                else:
                    Path(entry.path).unlink(missing_ok=True)


_UMASK: int | None = None


def _umask() -> int:
    global _UMASK
    if _UMASK is None:
        _UMASK = os.umask(0o22)
        os.umask(_UMASK)
    return _UMASK
