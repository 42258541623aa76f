"""The reader's caches and fast paths read every real hand exactly as the grammar does.

The PokerStars reader keeps what it read (header, table, seat and action lines) and reads
the commonest seat line in one regex match; with ``caching=False`` every line goes through
its shape, the grammar and the careful name matcher instead. Both must give equal hands,
and the line lexer's shortcuts must cut every line as its general regex does.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from corpus_paths import CORPUS, NOT_DATA, corpus_id, pokerstars_files

from auditor.parsing.blocks import blocks_of_file
from auditor.parsing.shape import PLAIN_SEAT, plain_seat, split_fields, split_free_text
from auditor.sites.pokerstars.reader import PokerStarsReader
from auditor.sites.winning.reader import WinningReader

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "sample_histories").rglob("*.txt"))
# One reader of each kind for the whole run, so that caches filled by one file serve the
# next, as in a real batch.
FAST = PokerStarsReader()
REFERENCE = PokerStarsReader(caching=False)


def _same_hands(path: Path) -> None:
    blocks = [b for b in blocks_of_file(path, str(path)) if b.site == "pokerstars"]
    for block in blocks:
        for line in block.lines:
            # The shortcuts of the line lexer (table names, hand descriptions) cut every
            # line as its one regex of every field does.
            assert split_fields(line) == split_free_text(line), line
    for block in blocks:
        # Twice through the fast reader: once filling its caches, once reading from them.
        fast, again = FAST.read(block), FAST.read(block)
        assert fast == REFERENCE.read(block), (path, block.first_line)
        assert again == fast, (path, block.first_line)


# Every corpus folder, whatever its site: the lexer's shortcuts hold on any text.
FOLDERS = sorted(p for p in CORPUS.iterdir() if p.is_dir()) if CORPUS.is_dir() else []


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.name)
def test_every_corpus_line_splits_as_the_general_regex_does(corpus: Path, folder: Path
                                                            ) -> None:
    lines = 0
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.name not in NOT_DATA):
        for block in blocks_of_file(path, str(path)):
            for line in block.lines:
                assert split_fields(line) == split_free_text(line), (path, line)
                lines += 1
    assert lines, folder


def test_every_seat_line_splits_by_methods_as_the_pattern_does(corpus: Path) -> None:
    # The compiled reader splits plain seat lines by string methods (shape.plain_seat).
    seats = plain = 0
    files = [p for p in corpus.rglob("*") if p.is_file() and p.name not in NOT_DATA]
    for path in sorted(files) + SAMPLES:
        for block in blocks_of_file(path, str(path)):
            for line in block.lines:
                if "Seat" in line:
                    m = PLAIN_SEAT.fullmatch(line)
                    assert plain_seat(line) == (None if m is None else m.groups()), line
                    seats += 1
                    plain += m is not None
    assert 0 < plain < seats, (plain, seats)  # both ways taken


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_samples_read_alike_with_and_without_caches(path: Path) -> None:
    _same_hands(path)


@pytest.mark.parametrize("path", pokerstars_files(), ids=corpus_id)
def test_corpus_reads_alike_with_and_without_caches(corpus: Path, path: Path) -> None:
    _same_hands(path)


# ACR/WPN: the lines kept by their exact text, by what precedes their cards and by what
# surrounds a seated name, against every line parsed by the grammar.
WPN_ROOTS = ("acr-wpn", "hhsmithy/HandHistories.Parser.UnitTests/SampleHandHistories/WinningPoker")
WPN_FILES = sorted(p for root in WPN_ROOTS if (CORPUS / root).is_dir()
                   for p in (CORPUS / root).rglob("*") if p.is_file() and p.name not in NOT_DATA)
WPN_SAMPLES = sorted((Path(__file__).resolve().parents[2] / "sample_histories" / "wpn")
                     .glob("*.txt"))
WPN_FAST = WinningReader()
WPN_REFERENCE = WinningReader(caching=False)


def _same_wpn_hands(path: Path) -> None:
    blocks = [b for b in blocks_of_file(path, str(path)) if b.site == "wpn"]
    for block in blocks:
        fast, again = WPN_FAST.read(block), WPN_FAST.read(block)
        assert fast == WPN_REFERENCE.read(block), (path, block.first_line)
        assert again == fast, (path, block.first_line)


@pytest.mark.parametrize("path", WPN_FILES, ids=corpus_id)
def test_wpn_corpus_reads_alike_with_and_without_caches(corpus: Path, path: Path) -> None:
    _same_wpn_hands(path)


@pytest.mark.parametrize("path", WPN_SAMPLES, ids=lambda p: p.name)
def test_wpn_samples_read_alike_with_and_without_caches(path: Path) -> None:
    _same_wpn_hands(path)
