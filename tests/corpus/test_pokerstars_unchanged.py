"""The PokerStars reports are what they were before sites became plug-ins.

The digests were taken from the reports of the commit before (8f562fc) on the same
inputs; a change that alters a PokerStars verdict on purpose updates them here, with the
reason, in the same commit.
"""

from __future__ import annotations

from pathlib import Path

from corpus_paths import CORPUS, pokerstars_files
from report_digest import pokerstars_digest

from auditor.api import audit_paths

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"

CORPUS_DIGEST = {
    "hands": "ad3cad369dd9da025bb16632ae1b626e1229349ccfb452c14e810b9b32053765",
    "findings": "16dc426c5e2a61fbf19a8de8a48e26aa1098d359ae13ef2096a7c3529299527c",
    "payouts": "2397aac427fd42948444bae18027b6433b90ed4fceeba10c37e0b1d768f0ed0c",
}
SAMPLES_DIGEST = {
    "hands": "105ad5404e1e534f9b6420965303752f1b61ead08e7add33688a84f85f9f5a27",
    "findings": "03457742ac60f677dde9899e64dadf7842e1086aa510ae04f11bb6ba0c7f8805",
    "payouts": "c880f0c06a4bbe8316a222e91d13d4e70103e993cb713cc389a1e4bb42a6c134",
}


def test_the_pokerstars_corpus_report_is_unchanged(corpus: Path, tmp_path: Path) -> None:
    audit_paths(pokerstars_files(), tmp_path, jobs=1)
    assert pokerstars_digest(tmp_path, CORPUS) == CORPUS_DIGEST


def test_the_sample_report_is_unchanged(tmp_path: Path) -> None:
    audit_paths([SAMPLES], tmp_path, jobs=1)
    assert pokerstars_digest(tmp_path, SAMPLES.parent) == SAMPLES_DIGEST
