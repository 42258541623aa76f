"""The third-party corpus: ``../shared/corpus`` beside the project (read-only)."""

from __future__ import annotations

import re
from pathlib import Path


def _find_corpus() -> Path:
    """``../shared/corpus`` beside the project; from a git worktree nested one folder
    deeper (``/work/wt/<name>``), the first ``shared/corpus`` further up."""
    here = Path(__file__).resolve()
    beside = here.parents[3] / "shared" / "corpus"
    if beside.is_dir():
        return beside
    for parent in here.parents[4:]:
        if (parent / "shared" / "corpus").is_dir():
            return parent / "shared" / "corpus"
    return beside


CORPUS = _find_corpus()

POKERSTARS_ROOTS = (
    "pokerstars",
    "hhsmithy/HandHistories.Parser.UnitTests/SampleHandHistories/PokerStars",
)
NOT_DATA = {"LICENSE", "LICENSE.txt", "LICENSE.TXT", "MANIFEST.tsv", "SOURCE.txt"}

# Files the manifest names as other tools' output in Stars syntax, and fixtures that
# their authors broke on purpose (FORMATS.md §0.4): they must be accounted for and must
# not crash, but need not parse.
OTHER_TOOLS = re.compile(r"PokerMaster|PokerBros|FullTilt|Chico|HM1|PT2|elitehud|converted", re.I)
DELIBERATELY_BROKEN = re.compile(r"partial|InValidHand|error|\bbad\b|corrupted", re.I)


def pokerstars_files() -> list[Path]:
    """Every data file of the corpus's PokerStars folders, in a stable order."""
    files: list[Path] = []
    for root in POKERSTARS_ROOTS:
        folder = CORPUS / root
        if folder.is_dir():
            files += sorted(p for p in folder.rglob("*") if p.is_file() and p.name not in NOT_DATA)
    return files


def corpus_id(path: Path) -> str:
    return str(path.relative_to(CORPUS))
