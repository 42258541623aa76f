"""Skip corpus tests cleanly where the shared corpus is absent."""

from __future__ import annotations

from pathlib import Path

import pytest
from corpus_paths import CORPUS


@pytest.fixture(scope="session")
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip("the shared corpus (../shared/corpus) is not here")
    return CORPUS
