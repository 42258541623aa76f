"""One Dask ``LocalCluster`` of two worker processes for the distributed tests (tasks and
their results are pickled between processes, as on a real cluster); the helpers are in
``clusterkit``.

The cluster tests skip cleanly where the ``dask`` extra is not installed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="session")
def cluster() -> Iterator[Any]:
    """A LocalCluster of two single-threaded worker processes, shared by the tests."""
    distributed = pytest.importorskip("distributed")
    pytest.importorskip("fsspec")
    import logging

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0",
                                  silence_logs=logging.ERROR) as local:
        yield local


@pytest.fixture
def client(cluster: Any) -> Iterator[Any]:
    """A client of the shared cluster."""
    import distributed

    with distributed.Client(cluster) as connected:
        yield connected
