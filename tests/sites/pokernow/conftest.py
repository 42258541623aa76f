"""The PokerNow tests share the corpus paths of ``tests/corpus`` (``corpus_paths``)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "corpus"))
