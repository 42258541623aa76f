"""House rules: the profile the replay and the pots are judged under.

A profile is a named set of options. ``tda`` is the default; ``auditor.config`` reads
overrides from configuration files and the command line. The engine reads a profile and
nothing else of the configuration.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_args, get_origin, get_type_hints

from auditor.model.finding import SEVERITIES, Severity

ReopenRule = Literal["full-raise", "half-bet", "full-bet"]
OddChipRule = Literal["button-left", "best-hand-suit"]
OddChipSplit = Literal["one-at-a-time", "all-to-first"]
HeadsUpCap = Literal["tournament", "cash-no-cap"]


class ConfigError(ValueError):
    """A configuration the user wrote that cannot be used (unknown profile, rule, option)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Profile:
    """House rules the replay applies.

    - ``reopen``: when a short all-in reopens the betting in no-limit and pot-limit games:
      ``full-raise`` (TDA 47), ``half-bet`` (an increment of at least half a full raise
      reopens), ``full-bet`` (anything below a full raise is treated as a call).
    - ``limit_reopen_fraction_pct``: fixed-limit all-ins of at least this share of a full
      bet reopen (TDA 47-B: 50).
    - ``limit_raise_cap``: raises allowed after the bet in fixed-limit (WSOP-T 100.b: 4).
    - ``heads_up_cap``: ``tournament``: the cap holds heads-up; ``cash-no-cap``: no cap
      when only two players are left in the betting round (house rule of many cash rooms).
    - ``odd_chip``: who gets the odd chip of a split pot: ``button-left`` (first winner
      clockwise from the button) or ``best-hand-suit``.
    - ``odd_chip_split``: when the remainder is several units, ``one-at-a-time`` in that
      order (three winners of 20 get 7/7/6) or ``all-to-first`` (8/6/6: some rooms, and
      PokerKit). A split that differs only in where the odd units went is SP006, never
      SP005 (docs/rules.md §6).
    - ``run_it_twice``: whether running the board more than once is allowed (False: SP008).
    - ``severity``: per-code severity overrides.
    """

    name: str = "tda"
    reopen: ReopenRule = "full-raise"
    limit_reopen_fraction_pct: int = 50
    limit_raise_cap: int = 4
    heads_up_cap: HeadsUpCap = "tournament"
    odd_chip: OddChipRule = "button-left"
    odd_chip_split: OddChipSplit = "one-at-a-time"
    run_it_twice: bool = True
    severity: Mapping[str, Severity] = field(default_factory=dict)


PROFILES: dict[str, Profile] = {
    "tda": Profile(),
    "half-bet": Profile(name="half-bet", reopen="half-bet"),
    "full-bet": Profile(name="full-bet", reopen="full-bet"),
    "cash": Profile(name="cash", heads_up_cap="cash-no-cap"),
}

_OPTION_NAMES = {f.name for f in dataclasses.fields(Profile)} - {"name", "severity"}
# Whole-number options: the least and greatest value that makes sense.
_RANGES = {"limit_reopen_fraction_pct": (1, 100), "limit_raise_cap": (1, 100)}


def option_choices(attr: str) -> tuple[Any, ...] | None:
    """The values a profile option takes, where it is a choice (None for numbers)."""
    hint = get_type_hints(Profile)[attr]
    if get_origin(hint) is Literal:
        return get_args(hint)
    if hint is bool:
        return (True, False)
    return None


def _checked(key: str, attr: str, value: Any) -> Any:
    """``value`` for the option ``attr`` (written ``key``), or a ConfigError saying what
    is allowed."""
    choices = option_choices(attr)
    if choices is not None:
        if isinstance(value, bool) != (choices == (True, False)) or value not in choices:
            allowed = ", ".join(_toml(c) for c in choices)
            raise ConfigError(f"{key!r} must be one of {allowed} (got {_toml(value)})")
        return value
    low, high = _RANGES[attr]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ConfigError(f"{key!r} must be a whole number from {low} to {high} "
                          f"(got {_toml(value)})")
    return value


def _toml(value: Any) -> str:
    """``value`` as it is written in TOML (how the user wrote it, or should)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value)


def make_profile(name: str = "tda", options: Mapping[str, Any] | None = None) -> Profile:
    """The named profile with ``options`` (profile field names, dashes allowed) applied;
    ``severity`` is a table of rule code to severity (codes already resolved). Every
    value is checked: a ConfigError names the option and what it allows."""
    if not isinstance(name, str) or name not in PROFILES:
        raise ConfigError(f"unknown profile {_toml(name)}; known: "
                          f"{', '.join(_toml(p) for p in PROFILES)}")
    profile = PROFILES[name]
    changes: dict[str, Any] = {}
    for key, value in (options or {}).items():
        attr = key.replace("-", "_")
        if attr == "severity":
            if not isinstance(value, Mapping):
                raise ConfigError(
                    f"'severity' must be a table of rule code = severity, e.g. "
                    f'severity = {{ TU007 = "warning" }} (got {_toml(value)})')
            sev = dict(profile.severity)
            for code, level in value.items():
                if level not in SEVERITIES:
                    allowed = ", ".join(_toml(s) for s in SEVERITIES)
                    raise ConfigError(f"severity of {code} must be one of {allowed} "
                                      f"(got {_toml(level)})")
                sev[code.upper()] = level
            changes["severity"] = sev
        elif attr in _OPTION_NAMES:
            changes[attr] = _checked(key, attr, value)
        else:
            raise ConfigError(f"unknown option {key!r}")
    return dataclasses.replace(profile, **changes) if changes else profile
