"""Reading files into hands: encodings, hand blocks, site grammars."""

from auditor.parsing.pokerstars import Unreadable
from auditor.parsing.reader import ParsedHand, read_path, read_text

__all__ = ["ParsedHand", "Unreadable", "read_path", "read_text"]
