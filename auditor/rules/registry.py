"""The explicit list of rules: one family package each, one line per rule in it."""

from __future__ import annotations

from functools import cache

from auditor.rules.base import Rule


@cache
def all_rules() -> dict[str, type[Rule]]:
    """Every rule by code, in code order."""
    from auditor.rules.betting import RULES as betting
    from auditor.rules.hand import RULES as hand
    from auditor.rules.pots import RULES as pots

    rules = {r.code: r for r in (*hand, *betting, *pots)}
    return dict(sorted(rules.items()))


def get_rule(code: str) -> type[Rule]:
    """A rule by code (``RO001``) or dotted name (``reopen.raise_after_short_all_in``)."""
    rules = all_rules()
    key = code.strip()
    if key.upper() in rules:
        return rules[key.upper()]
    for rule in rules.values():
        if rule.name == key:
            return rule
    raise KeyError(code)
