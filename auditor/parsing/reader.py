"""From files and text to hands: the one way in for every site."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from auditor.model.hand import Hand
from auditor.parsing.blocks import HandBlock, blocks_of_file, blocks_of_text
from auditor.parsing.errors import Unreadable

ParsedHand = Hand | Unreadable


def read_block(block: HandBlock) -> ParsedHand:
    """One hand block read by its site's reader (``auditor.sites``)."""
    read = _READS.get(block.site)
    if read is None:
        from auditor.sites import reader

        read = _READS[block.site] = reader(block.site).read
    return read(block)


_READS: dict[str, Callable[[HandBlock], ParsedHand]] = {}  # site -> its reader's read


def read_path(path: Path, source: str | None = None) -> Iterator[ParsedHand]:
    """Every hand of a file, streamed. Raises ``OSError`` or ``decode.NotText``."""
    return map(read_block, blocks_of_file(path, source if source is not None else str(path)))


def read_text(text: str, source: str = "<text>") -> list[ParsedHand]:
    """Every hand of a text in memory."""
    return list(map(read_block, blocks_of_text(text, source)))
