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
    "hands": "7476b031f406549e5236e2abbebca181e4637684c99719b49eaa7937c730a0e2",
    "findings": "2b3515ac1e57bc37a96f8959fb4ac8868e53deba34678c6afe12bc484c382ccf",
    "payouts": "b024ea660f221cdd8d77c4eb5c4571f8f32d16ef7a19b5410c3e2981e292e559",
}
SAMPLES_DIGEST = {
    "hands": "105ad5404e1e534f9b6420965303752f1b61ead08e7add33688a84f85f9f5a27",
    "findings": "03457742ac60f677dde9899e64dadf7842e1086aa510ae04f11bb6ba0c7f8805",
    "payouts": "959ff7a93f5853d893c4f565ba4352879f82d49a36c2f7aefaf288b59c973fea",
}


def test_the_pokerstars_corpus_report_is_unchanged(corpus: Path, tmp_path: Path) -> None:
    audit_paths(pokerstars_files(), tmp_path, jobs=1)
    assert pokerstars_digest(tmp_path, CORPUS) == CORPUS_DIGEST


def test_the_sample_report_is_unchanged(tmp_path: Path) -> None:
    audit_paths([SAMPLES], tmp_path, jobs=1)
    assert pokerstars_digest(tmp_path, SAMPLES.parent) == SAMPLES_DIGEST
