"""Connecting to a Dask scheduler: ``local`` starts a ``LocalCluster`` on this machine."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

LOCAL = "local"


@contextmanager
def connect(scheduler: str | Any, workers: int = 1) -> Iterator[Any]:
    """A ``distributed.Client`` for ``scheduler``: ``"local"`` (a ``LocalCluster`` of
    ``workers`` processes of one thread each, closed after), a scheduler's address
    (``tcp://host:8786``), or a ``Client`` already connected (left open)."""
    from distributed import Client, LocalCluster

    if isinstance(scheduler, Client):
        yield scheduler
        return
    if scheduler == LOCAL:
        with LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=True,
                          dashboard_address=":0", silence_logs=logging.ERROR) as cluster, \
                Client(cluster) as client:
            yield client
        return
    with Client(scheduler) as client:
        yield client


def threads(client: Any) -> int:
    """The threads the cluster's workers run tasks on (at least 1)."""
    return max(1, sum(client.nthreads().values()))
