"""Pot and payout rules (SP, SE): checked once the betting is replayed."""

from auditor.rules.base import Rule

RULES: tuple[type[Rule], ...] = ()
