"""From files and text to hands: the one way in for every site."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from auditor.model.hand import Hand
from auditor.parsing.blocks import HandBlock, blocks_of_file, blocks_of_text
from auditor.parsing.pokerstars import PokerStarsReader, Unreadable

ParsedHand = Hand | Unreadable

_readers: dict[str, PokerStarsReader] = {}


def _reader(site: str) -> PokerStarsReader | None:
    if site != "pokerstars":
        return None
    if site not in _readers:
        _readers[site] = PokerStarsReader()
    return _readers[site]


def read_block(block: HandBlock) -> ParsedHand:
    """One hand block read by its site's reader; a site without one is reported HH002."""
    reader = _reader(block.site)
    if reader is None:
        return Unreadable(source=block.source, first_line=block.first_line,
                          last_line=block.last_line, line=block.first_line, code="HH002",
                          message=f"{block.site} hand histories are not supported yet",
                          site=block.site)
    return reader.read(block)


def read_path(path: Path, source: str | None = None) -> Iterator[ParsedHand]:
    """Every hand of a file, streamed. Raises ``OSError`` or ``decode.NotText``."""
    return map(read_block, blocks_of_file(path, source if source is not None else str(path)))


def read_text(text: str, source: str = "<text>") -> list[ParsedHand]:
    """Every hand of a text in memory."""
    return list(map(read_block, blocks_of_text(text, source)))
