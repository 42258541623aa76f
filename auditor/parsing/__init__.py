"""Reading files into hands: encodings, hand blocks, the containers and readers of sites."""

from auditor.parsing.errors import LineError, Unreadable
from auditor.parsing.reader import ParsedHand, read_path, read_text

__all__ = ["LineError", "ParsedHand", "Unreadable", "read_path", "read_text"]
