"""What a reader reports when it cannot make a hand of a block: every site's readers share
these, and the pipeline turns them into ``HH001``/``HH002`` rows."""

from __future__ import annotations

from dataclasses import dataclass

from auditor.model.hand import HandInfo


class LineError(ValueError):
    """A line that does not read as its site's; ``line`` is its number in the file."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


@dataclass(frozen=True, slots=True, kw_only=True)
class Unreadable:
    """A hand the auditor could not read (HH001) or will not replay (HH002). ``info``
    holds what its header gave (site, hand id, game, stakes, table, start) when the
    header itself could be read."""

    source: str
    first_line: int
    last_line: int
    line: int
    code: str
    message: str
    site: str
    hand_id: str = ""
    info: HandInfo | None = None
