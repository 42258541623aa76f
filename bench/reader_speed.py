"""Hands per second of a site's reader beside the PokerStars reader, in-process.

Every hand of the site's corpus folders (and PokerStars's samples and corpus) is cut into
blocks once; then each reader reads its blocks ``--repeats`` times per round, the readers
taking turns for ``--rounds`` rounds (a machine busy with other work slows all alike), and
the best round of each is printed::

    python bench/reader_speed.py winamax
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from auditor.parsing.blocks import HandBlock, blocks_of_file
from auditor.sites import reader

ROOT = Path(__file__).resolve().parents[1]
# ``../shared/corpus`` beside the project, or from a git worktree one folder deeper.
CORPUS = next((p / "shared" / "corpus" for p in ROOT.parents
               if (p / "shared" / "corpus").is_dir()), ROOT.parent / "shared" / "corpus")
SMITHY = "hhsmithy/HandHistories.Parser.UnitTests/SampleHandHistories"
FOLDERS = {
    "winamax": (CORPUS / "winamax", CORPUS / SMITHY / "Winamax"),
    "pokerstars": (CORPUS / "pokerstars", CORPUS / SMITHY / "PokerStars"),
    "wpn": (CORPUS / "acr-wpn", CORPUS / SMITHY / "WinningPoker"),
    "phh": (CORPUS / "phh",),
}
NOT_DATA = {"LICENSE", "LICENSE.txt", "MANIFEST.tsv", "SOURCE.txt"}


def blocks(folders: tuple[Path, ...], site: str) -> list[HandBlock]:
    """The hand blocks of ``site`` in ``folders``."""
    out: list[HandBlock] = []
    for folder in folders:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            if path.name not in NOT_DATA and path.suffix != ".md":
                out += [b for b in blocks_of_file(path, str(path)) if b.site == site]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    runs = {
        f"{args.site} corpus": (args.site, blocks(FOLDERS[args.site], args.site)),
        "pokerstars samples": ("pokerstars", blocks((ROOT / "sample_histories" / "pokerstars",),
                                                    "pokerstars")),
        "pokerstars corpus": ("pokerstars", blocks(FOLDERS["pokerstars"], "pokerstars")),
    }
    readers = {name: reader(site).__class__() for name, (site, _) in runs.items()}
    best = dict.fromkeys(runs, 0.0)
    for _ in range(args.rounds):
        for name, (_, found) in runs.items():
            read = readers[name].read
            start = time.perf_counter()
            for _ in range(args.repeats):
                for block in found:
                    read(block)
            rate = len(found) * args.repeats / (time.perf_counter() - start)
            best[name] = max(best[name], rate)
    for name, (_, found) in runs.items():
        print(f"{name:>20}: {len(found):5d} hands, best {best[name]:8.0f} hands/s")


if __name__ == "__main__":
    main()
