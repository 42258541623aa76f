"""Betting rules (TU, RA, RO, HH003): checked action by action during the replay."""

from auditor.rules.base import Rule

RULES: tuple[type[Rule], ...] = ()
