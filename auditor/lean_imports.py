"""Libraries the command line's audit keeps out of its process, to start quickly.

pyarrow imports numpy whenever numpy is installed (about 0.09 s of every run here, and
numpy is installed because pandas needs it), yet it works without numpy: Arrow arrays
built from Python lists, Parquet and CSV writing and the compute functions are the same,
only conversions to and from numpy and pandas are missing. The audit gives pyarrow
lists and never converts, so :func:`import_arrow_without_numpy` imports pyarrow as if
numpy were absent. Commands that read reports back into pandas (``report``, ``explain``)
do not call it, nor does a program using :mod:`auditor.api`.

pyarrow also imports ``cloudpickle`` when it is installed (Dask brings it; about 5 ms
with the ``logging`` it imports), and then rebinds the name to the standard ``pickle``
in a later part of the same module: it is kept out of that import too.

Lark's lexer imports ``interegular`` when it is installed (about 10 ms): it is used only
to check a grammar strictly, which the tests do and the readers do not
(``parsing.grammars.load``). The audit command keeps it out with :func:`absent`.

pyarrow's file systems for remote stores (S3, Google Cloud Storage, Azure, HDFS) are
imported by ``pyarrow.fs``, which Parquet imports, each where the wheel has it: about
15 ms, S3's 12 of them. The audit reads and writes local files (a Dask run reaches URLs
through fsspec, and does not come here), so they are kept out as absent: in that
process, ``pyarrow.fs`` lacks them, as where pyarrow was built without them.

On Linux, ``pyarrow.fs`` asks ``ssl`` at import for the paths of the CA certificates,
which only those remote file systems' TLS connections (libcurl) use: loading ``ssl`` and
OpenSSL's libraries for it costs about 5 ms. While the audit imports pyarrow, a stand-in
``ssl`` answers that it knows none (Arrow then keeps libcurl's own defaults, as where
Python's ``ssl`` finds no paths); it is removed after, so a later ``import ssl`` gets
the real module.

``pyarrow.compute`` is left to :func:`arrow_compute`, for the few steps that use it.

Arrow's allocator is chosen before pyarrow starts (:func:`prefer_system_allocator`).
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import NamedTuple

# The pyarrow modules every audit imports: each one asks for numpy when it is first
# imported, so all of them are imported here, while numpy is absent.
ARROW_MODULES = ("pyarrow", "pyarrow.parquet", "pyarrow.csv")
# pyarrow's remote file systems, which ``pyarrow.fs`` imports where they were built.
REMOTE_FILESYSTEMS = ("pyarrow._s3fs", "pyarrow._gcsfs", "pyarrow._azurefs", "pyarrow._hdfs")

# Whether this process imported pyarrow without numpy (``import_arrow_without_numpy``).
_lean = False


class _Absent:
    """An import finder that says some packages or modules are not installed."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name in self.names or any(name.startswith(n + ".") for n in self.names):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)


@contextmanager
def absent(*names: str) -> Iterator[None]:
    """While inside, importing any of the modules or packages ``names`` (or a submodule
    of one) fails as though it were not installed; modules imported already are
    unaffected."""
    finder = _Absent(names)
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)


# The variable Arrow reads once, when it starts, to choose its default memory pool.
ARROW_POOL_VARIABLE = "ARROW_DEFAULT_MEMORY_POOL"


def prefer_system_allocator() -> bool:
    """On Linux, have Arrow allocate with the C library's ``malloc`` instead of its
    default (mimalloc), unless the user chose a pool in ``ARROW_DEFAULT_MEMORY_POOL``;
    True where this set it. Call it before anything imports pyarrow; the workers,
    forked or started afresh, inherit the choice.

    The audit builds each chunk's tables, writes them and frees them, over and over.
    With mimalloc, a 20,000-hand PokerStars run spent 0.25-0.73 s in the kernel (system
    time) on this machine, with ``malloc`` 0.08-0.14 s. Paired, malloc was x1.21 as fast
    on those 20,000 hands (most of it in writing the report at the end), x1.07 on
    100,000; peak memory 185 -> 146 MiB (bench/LEVERS.md §35). ``system`` is in every
    build, so the variable never names a pool Arrow lacks; measured on Linux only."""
    if ("pyarrow" in sys.modules or os.environ.get(ARROW_POOL_VARIABLE)
            or not sys.platform.startswith("linux")):
        return False
    os.environ[ARROW_POOL_VARIABLE] = "system"
    return True


def import_arrow_without_numpy() -> bool:
    """Import pyarrow's modules (:data:`ARROW_MODULES`) as where numpy is not installed;
    False, and nothing done, when pyarrow or numpy is imported already (the process then
    keeps them as they are). Call it before anything imports pyarrow."""
    global _lean
    if "pyarrow" in sys.modules or "numpy" in sys.modules:
        return False
    with absent("numpy", "cloudpickle", *REMOTE_FILESYSTEMS), _no_ca_paths():
        for name in ARROW_MODULES:
            importlib.import_module(name)
    _lean = True
    return True


class _VerifyPaths(NamedTuple):
    """What ``ssl.get_default_verify_paths`` returns, with no file or folder found."""

    cafile: str | None = None
    capath: str | None = None
    openssl_cafile_env: str = "SSL_CERT_FILE"
    openssl_cafile: str = ""
    openssl_capath_env: str = "SSL_CERT_DIR"
    openssl_capath: str = ""


@contextmanager
def _no_ca_paths() -> Iterator[None]:
    """While inside, ``import ssl`` gives a stand-in that knows no CA certificates (see
    the module's documentation); where ``ssl`` is imported already, nothing changes."""
    if "ssl" in sys.modules:
        yield
        return
    stand_in = ModuleType("ssl", "A stand-in while pyarrow imports (auditor.lean_imports).")
    stand_in.get_default_verify_paths = _VerifyPaths  # type: ignore[attr-defined]
    sys.modules["ssl"] = stand_in
    try:
        yield
    finally:
        if sys.modules.get("ssl") is stand_in:
            del sys.modules["ssl"]


def arrow_kernels() -> ModuleType:
    """``pyarrow._compute``, the compute kernels without ``pyarrow.compute``'s Python
    wrappers (about 5 ms to import, not 40): ``call_function`` and the options classes.
    Imported without numpy where pyarrow was."""
    return _arrow_module("pyarrow._compute")


def arrow_compute() -> ModuleType:
    """``pyarrow.compute``, imported at its first use: importing it wraps each of its
    kernels in a Python function (about 40 ms), and the audit of a small input needs
    none (its rows are converted without it). Imported without numpy where pyarrow was."""
    return _arrow_module("pyarrow.compute")


def _arrow_module(name: str) -> ModuleType:
    """The pyarrow module ``name``, imported without numpy where pyarrow was."""
    found = sys.modules.get(name)
    if found is not None:
        return found
    if _lean and "numpy" not in sys.modules:
        with absent("numpy"):
            return importlib.import_module(name)
    return importlib.import_module(name)
