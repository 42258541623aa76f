"""The PokerStars reports are what they were before sites became plug-ins.

The digests were first taken from the reports of the commit before (8f562fc) on the
same inputs; a change that alters a PokerStars verdict on purpose updates them here, with
the reason, in the same commit:

- Money that always agrees (issue 10): ``returned`` is what the history returns, a
  cash-out's payment is what the cashed-out player should get, and an excess left in the
  pot where PokerStars prints returns is SP001 (three converter fixtures).
- The CLI and the tables (issue 15): a hand met again in the run (the same site, hand id
  and start) is a duplicate audited once: 65 of the PokerStars corpus's hands are
  repeats of HHSmithy's and fpdb's fixtures.
- One fault, one finding: a summary total that agrees with the payments is not SP002
  when the payments are wrong (SP007 says so): AnteTable.txt and WithSittingOut.txt.
- The summary's seat lines counted, not read (issue 17, bench/LEVERS.md §19): two hands
  whose only unreadable line was one of them are audited, not HH001: a stray quote
  (cash.zoom.2017.muck-cards.txt) and a converter's "collected $10"
  (…converted.split.summary.txt, SP001 as its sibling fixtures).
"""

from __future__ import annotations

from pathlib import Path

from corpus_paths import CORPUS, pokerstars_files
from report_digest import pokerstars_digest

from auditor.api import audit_paths

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"

CORPUS_DIGEST = {
    "hands": "045ed7ae69e7e506940d1dcfad0a0777a6f18c5b456aa08d95687931cbfd40a8",
    "findings": "e26feb3d74a12c1cb206f5993bb834fd4472a23bb5a2f00d1da07cdeb72ac53a",
    "payouts": "67c03574a934a681321f684d2c17917598cad3b93bffa360d98471cfa7eaa694",
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
