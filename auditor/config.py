"""Configuration: profiles (house rules, in ``auditor.model.profile``) and rule selection.

A profile is a named set of house-rule options. ``tda`` is the default. Options can be
overridden in ``[tool.auditor]`` of a ``pyproject.toml`` or in an ``auditor.toml`` (top
level) found beside the input, and on the command line. Rules are selected or ignored by
code (``RO001``), dotted name (``reopen.raise_after_short_all_in``) or code prefix
(``RO``, ``TU00``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from auditor.model.finding import Severity
from auditor.model.profile import PROFILES, ConfigError, Profile, make_profile

__all__ = [
    "PROFILES", "ConfigError", "Profile", "Selection", "Settings", "build_settings",
    "find_config", "find_config_file", "make_profile", "select_rules",
]

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
    return find_config_file(start)[0]


def find_config_file(start: Path) -> tuple[dict[str, Any], Path | None]:
    """``find_config``'s table and the file it comes from (None when there is none)."""
    here = start.resolve()
    if here.is_file():
        here = here.parent
    for folder in (here, *here.parents):
        own = folder / "auditor.toml"
        if own.is_file():
            return _read_toml(own), own
        py = folder / "pyproject.toml"
        if py.is_file():
            table = _read_toml(py).get("tool", {}).get("auditor")
            if table is not None:
                return dict(table), py
    return {}, None


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
