"""The PokerStars reports are what they were before sites became plug-ins.

The digests were first taken from the reports of the commit before (8f562fc) on the
same inputs; a change that alters a PokerStars verdict on purpose updates them here, with
the reason, in the same commit:

- Money that always agrees (issue 10): ``returned`` is what the history returns, a
  cash-out's payment is what the cashed-out player should get, and an excess left in the
  pot where PokerStars prints returns is SP001 (three converter fixtures).
"""

from __future__ import annotations

from pathlib import Path

from corpus_paths import CORPUS, pokerstars_files
from report_digest import pokerstars_digest

from auditor.api import audit_paths

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"

CORPUS_DIGEST = {
    "hands": "7dd8c52d89b8d7a1753b51576d6eb87ba9d6f0bf881587d8e77bb780c83d930c",
    "findings": "8fdcbba73a0db3e759a0b5a136c85709b8b6e320a9daeb6e332f588797ac448f",
    "payouts": "caaf8f66201cdc67c3d7bd81003bef1bfb096b7595e0c7b177fa17a7fb00f5bd",
}
SAMPLES_DIGEST = {
    "hands": "7599a69b2993f37075f5473e63fc792633c0d520b829777fd432e0bb86e1c194",
    "findings": "164ad0cf71aff7720309503441cb10f630e260b0e1d8434e2fd6e9f6452c413e",
    "payouts": "21c11918551b4b7e10f6130657bcbe0ba8fce06299173439d8b3806e84c068c4",
}


def test_the_pokerstars_corpus_report_is_unchanged(corpus: Path, tmp_path: Path) -> None:
    audit_paths(pokerstars_files(), tmp_path, jobs=1)
    assert pokerstars_digest(tmp_path, CORPUS) == CORPUS_DIGEST


def test_the_sample_report_is_unchanged(tmp_path: Path) -> None:
    audit_paths([SAMPLES], tmp_path, jobs=1)
    assert pokerstars_digest(tmp_path, SAMPLES.parent) == SAMPLES_DIGEST
