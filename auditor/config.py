"""Profiles (house rules) and rule selection.

A profile is a named set of house-rule options. ``tda`` is the default. Options can be
overridden in ``[tool.auditor]`` of a ``pyproject.toml`` or in an ``auditor.toml`` (top
level) found beside the input, and on the command line. Rules are selected or ignored by
code (``RO001``), dotted name (``reopen.raise_after_short_all_in``) or code prefix
(``RO``, ``TU00``).
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from auditor.rules.base import SEVERITIES, Severity

ReopenRule = Literal["full-raise", "half-bet", "full-bet"]
OddChipRule = Literal["button-left", "best-hand-suit"]
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
      clockwise from the button).
    - ``run_it_twice``: whether running the board more than once is allowed.
    - ``severity``: per-code severity overrides.
    """

    name: str = "tda"
    reopen: ReopenRule = "full-raise"
    limit_reopen_fraction_pct: int = 50
    limit_raise_cap: int = 4
    heads_up_cap: HeadsUpCap = "tournament"
    odd_chip: OddChipRule = "button-left"
    run_it_twice: bool = True
    severity: Mapping[str, Severity] = field(default_factory=dict)


PROFILES: dict[str, Profile] = {
    "tda": Profile(),
    "half-bet": Profile(name="half-bet", reopen="half-bet"),
    "full-bet": Profile(name="full-bet", reopen="full-bet"),
    "cash": Profile(name="cash", heads_up_cap="cash-no-cap"),
}

_OPTION_NAMES = {f.name for f in dataclasses.fields(Profile)} - {"name", "severity"}


def make_profile(name: str = "tda", options: Mapping[str, Any] | None = None) -> Profile:
    """The named profile with ``options`` (profile field names, dashes allowed) applied."""
    if name not in PROFILES:
        raise ConfigError(f"unknown profile {name!r}; known: {', '.join(PROFILES)}")
    profile = PROFILES[name]
    changes: dict[str, Any] = {}
    for key, value in (options or {}).items():
        attr = key.replace("-", "_")
        if attr == "severity":
            sev = dict(profile.severity)
            for code, level in dict(value).items():
                if level not in SEVERITIES:
                    raise ConfigError(f"severity of {code} must be one of {SEVERITIES}")
                sev[code.upper()] = level
            changes["severity"] = sev
        elif attr in _OPTION_NAMES:
            changes[attr] = value
        else:
            raise ConfigError(f"unknown profile option {key!r}")
    return dataclasses.replace(profile, **changes) if changes else profile


@dataclass(frozen=True, slots=True)
class Selection:
    """Which rule codes are reported."""

    codes: frozenset[str]

    def __contains__(self, code: str) -> bool:
        return code in self.codes


def _match(pattern: str, codes: Iterable[str], names: Mapping[str, str]) -> set[str]:
    p = pattern.strip()
    hits = {c for c in codes if c.startswith(p.upper())} if p else set()
    hits |= {c for c, n in names.items() if n == p or n.startswith(p + ".")}
    if not hits:
        raise ConfigError(f"no rule matches {pattern!r}")
    return hits


def select_rules(select: Iterable[str] = (), ignore: Iterable[str] = ()) -> Selection:
    """The codes left after ``select`` (all when empty) minus ``ignore``."""
    from auditor.rules.registry import all_rules

    rules = all_rules()
    names = {c: r.name for c, r in rules.items()}
    chosen: set[str] = set()
    select = list(select)
    for p in select or [""]:
        chosen |= set(rules) if not p else _match(p, rules, names)
    for p in ignore:
        chosen -= _match(p, rules, names)
    return Selection(frozenset(chosen))


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """Everything a run is configured with."""

    profile: Profile = field(default_factory=Profile)
    selection: Selection | None = None  # None: every rule

    def severity_of(self, code: str, default: Severity) -> Severity:
        """The severity a finding of ``code`` is reported with."""
        return self.profile.severity.get(code, default)


def find_config(start: Path) -> dict[str, Any]:
    """``[tool.auditor]`` of the nearest ``pyproject.toml``, or the nearest
    ``auditor.toml``, looking from ``start`` up to the file system root."""
    here = start.resolve()
    if here.is_file():
        here = here.parent
    for folder in (here, *here.parents):
        own = folder / "auditor.toml"
        if own.is_file():
            return _read_toml(own)
        py = folder / "pyproject.toml"
        if py.is_file():
            table = _read_toml(py).get("tool", {}).get("auditor")
            if table is not None:
                return dict(table)
    return {}


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read {path}: {exc}") from exc


def build_settings(
    *,
    config: Mapping[str, Any] | None = None,
    profile: str | None = None,
    select: Iterable[str] = (),
    ignore: Iterable[str] = (),
) -> Settings:
    """Settings from a config table (as ``find_config`` returns it) overridden by the
    command line's ``profile``, ``select`` and ``ignore``."""
    config = dict(config or {})
    name = profile or config.pop("profile", "tda")
    config.pop("profile", None)
    sel = list(select) or list(config.pop("select", []))
    ign = list(ignore) + list(config.pop("ignore", []))
    prof = make_profile(name, config)
    selection = select_rules(sel, ign) if (sel or ign) else None
    return Settings(profile=prof, selection=selection)
