"""Reader speed: hands per second of one site's reader on its own corpus files, beside the
PokerStars reader on the PokerStars samples, in-process (``read_block`` only: no replay).

    python bench/reader_speed.py wpn phh          # the sites to measure
    python bench/reader_speed.py wpn --repeat 20  # passes over the hands (default 20)

The hands are cut once; each pass reads every hand again with the site's reader (its
caches warm after the first pass, as in a long run). Prints the best of ``--runs``
runs, the sites' runs interleaved.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from auditor.parsing.blocks import HandBlock, blocks_of_file
from auditor.parsing.reader import read_block

ROOT = Path(__file__).resolve().parents[1]


def _corpus() -> Path:
    here = ROOT
    for parent in (here, *here.parents):
        if (parent / "shared" / "corpus").is_dir():
            return parent / "shared" / "corpus"
    raise SystemExit("no shared/corpus found above the project")


FOLDERS = {
    "pokerstars-samples": [ROOT / "sample_histories" / "pokerstars"],
    "pokerstars": ["pokerstars", "hhsmithy/HandHistories.Parser.UnitTests/SampleHandHistories/"
                                 "PokerStars"],
    "wpn": ["acr-wpn", "hhsmithy/HandHistories.Parser.UnitTests/SampleHandHistories/"
                       "WinningPoker"],
    "phh": ["phh"],
}


def blocks(name: str) -> list[HandBlock]:
    """Every hand block of the site ``name`` in its folders."""
    site = "pokerstars" if name.startswith("pokerstars") else name
    out: list[HandBlock] = []
    for folder in FOLDERS[name]:
        root = folder if isinstance(folder, Path) else _corpus() / folder
        for path in sorted(p for p in root.rglob("*") if p.is_file()):
            try:
                out += [b for b in blocks_of_file(path, str(path)) if b.site == site]
            except (OSError, ValueError):
                continue
    return out


def one_run(hands: list[HandBlock], repeat: int) -> float:
    """Hands per second of ``repeat`` passes over ``hands``."""
    start = time.perf_counter()
    for _ in range(repeat):
        for block in hands:
            read_block(block)
    return repeat * len(hands) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sites", nargs="+", choices=sorted(FOLDERS))
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    names = ["pokerstars-samples", "pokerstars", *args.sites]
    sets = {name: blocks(name) for name in names}
    best = dict.fromkeys(names, 0.0)
    # Runs interleaved, best of each: a shared machine's load changes from minute to
    # minute, and every reader then sees the same minutes.
    for _ in range(args.runs):
        for name in names:
            best[name] = max(best[name], one_run(sets[name], args.repeat))
    for name in names:
        print(f"{name:20} {len(sets[name]):5} hands  {best[name]:9,.0f} hands/s")


if __name__ == "__main__":
    main()
