"""Reader speed: hands per second of ``read_block`` on a site's own corpus files.

Each file is cut into hand blocks once (cutting is not the reader's work); then every
block is read ``--repeat`` times in-process, and the same is done for the PokerStars
reader on the PokerStars corpus folders and samples, so the two figures are taken on
the same minute of the same machine.

    python bench/reader_speed_ipoker.py            # 20 passes over each set
    python bench/reader_speed_ipoker.py --repeat 50
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from auditor.parsing.blocks import HandBlock, blocks_of_file
from auditor.parsing.reader import read_block

ROOT = Path(__file__).resolve().parents[1]
NOT_DATA = {"LICENSE", "LICENSE.txt", "MANIFEST.tsv", "SOURCE.txt"}


def _corpus() -> Path | None:
    """``shared/corpus`` in the nearest folder above the project that has one."""
    for parent in ROOT.parents:
        if (parent / "shared" / "corpus").is_dir():
            return parent / "shared" / "corpus"
    return None


def blocks(folders: list[Path], site: str) -> list[HandBlock]:
    """The hand blocks of ``site`` in every data file under ``folders``."""
    found: list[HandBlock] = []
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.name not in NOT_DATA and path.suffix != ".md":
                found += [b for b in blocks_of_file(path, str(path)) if b.site == site]
    return found


def rates(sets: dict[str, list[HandBlock]], repeat: int) -> dict[str, tuple[float, int]]:
    """Hands per second of each set (best of ``repeat`` passes) and how many of its blocks
    read into hands. The sets take turns pass by pass, so a machine that changes speed
    from minute to minute slows them alike."""
    audited = {}
    for name, hands in sets.items():  # warm the caches once
        audited[name] = sum(1 for h in map(read_block, hands) if hasattr(h, "events"))
    best = dict.fromkeys(sets, float("inf"))
    for _ in range(repeat):
        for name, hands in sets.items():
            start = time.perf_counter()
            for b in hands:
                read_block(b)
            best[name] = min(best[name], time.perf_counter() - start)
    return {name: (len(sets[name]) / best[name], audited[name]) for name in sets}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    corpus = _corpus()
    if corpus is None:
        raise SystemExit("no shared/corpus above the project")
    sets = {
        "ipoker (corpus)": (blocks([corpus / "ipoker", corpus / "hhsmithy/HandHistories.Parser."
                                    "UnitTests/SampleHandHistories/IPoker"], "ipoker")),
        "ipoker (samples)": blocks([ROOT / "sample_histories" / "ipoker"], "ipoker"),
        "pokerstars (corpus)": blocks([corpus / "pokerstars", corpus / "hhsmithy/HandHistories."
                                       "Parser.UnitTests/SampleHandHistories/PokerStars"],
                                      "pokerstars"),
        "pokerstars (samples)": blocks([ROOT / "sample_histories" / "pokerstars"], "pokerstars"),
    }
    sets = {name: hands for name, hands in sets.items() if hands}
    for name, (per_second, audited) in rates(sets, args.repeat).items():
        print(f"{name:22} {len(sets[name]):5} blocks ({audited} hands read) "
              f"{per_second:10,.0f} hands/s")


if __name__ == "__main__":
    main()
