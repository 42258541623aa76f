"""Telling fsspec URLs from local paths, and whether the ``dask`` extra is installed.

Pure and cheap: the command line imports it without importing Dask or fsspec.
"""

from __future__ import annotations

import re
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import click

INSTALL_HINT = "pip install 'auditor[dask]'"

# ``s3://``, ``gs://``, ``file://``, ``memory://``, ``abfs://``, ... (a Windows drive
# ``C:\`` or ``C:/`` is one letter and no ``//``).
_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]+://")


def is_url(text: str | Path) -> bool:
    """Whether ``text`` is an fsspec URL rather than a local path."""
    return isinstance(text, str) and _URL.match(text) is not None


def missing_extra() -> str | None:
    """What is missing to run on a cluster (None: Dask's distributed scheduler and fsspec
    are installed)."""
    missing = [name for name in ("distributed", "fsspec") if find_spec(name) is None]
    if not missing:
        return None
    return f"{' and '.join(missing)} not installed: {INSTALL_HINT}"


class OutDir(click.ParamType):
    """``-o``: a local folder (a ``Path``) or an fsspec URL, kept as written (a ``str``;
    ``Path`` would fold its ``//``)."""

    name = "dir"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Path | str:
        if isinstance(value, Path) or not is_url(value):
            return Path(value)
        return str(value)
