"""auditor: a batch auditor for poker hand histories."""

__version__ = "0.1.0"
