"""Configuration: profiles (house rules, in ``auditor.model.profile``), rule selection,
severities and which files to skip, read the way ruff reads its own.

A configuration is ``[tool.auditor]`` in a ``pyproject.toml``, or an ``auditor.toml``
(top-level keys, or a ``[tool.auditor]`` table: the README's snippet pastes as it is).
Each input file is audited under the configuration nearest to it, looking from its
folder up to the root (``auditor.toml`` first in a folder); ``--config FILE`` names one
for every input, ``--isolated`` ignores them all, and inline ``--config "key = value"``
and the command line's options apply over whichever is used. Every value is checked
against its type and choices: a mistake is a ``ConfigError`` naming the file, the key and
what is allowed (the CLI exits 2), never a finding blamed on the hands.

Rules are selected or ignored by code (``RO001``), dotted name
(``reopen.raise_after_short_all_in``) or code prefix (``RO``, ``TU00``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from auditor.inputs import DEFAULT_EXCLUDE
from auditor.model.finding import Severity
from auditor.model.profile import PROFILES, ConfigError, Profile, make_profile

__all__ = [
    "CONFIG_FILES", "PROFILES", "ConfigError", "Overrides", "Profile", "Selection",
    "Settings", "SettingsFinder", "build_settings", "find_config", "find_config_file",
    "make_profile", "select_rules",
]

CONFIG_FILES = ("auditor.toml", "pyproject.toml")  # in a folder, the first found applies

# Keys of a configuration besides the profile's options.
_LIST_KEYS = ("select", "ignore", "exclude", "extend-exclude")


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
        raise ConfigError(f"no rule matches {pattern!r} (`auditor rules` lists them)")
    return hits


def _rule_names() -> dict[str, str]:
    from auditor.rules.registry import all_rules

    return {c: r.name for c, r in all_rules().items()}


def select_rules(select: Iterable[str] = (), ignore: Iterable[str] = ()) -> Selection:
    """The codes left after ``select`` (all when empty) minus ``ignore``."""
    names = _rule_names()
    chosen: set[str] = set()
    select = list(select)
    for p in select or [""]:
        chosen |= set(names) if not p else _match(p, names, names)
    for p in ignore:
        chosen -= _match(p, names, names)
    return Selection(frozenset(chosen))


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """Everything an audit is configured with (for the files one configuration governs)."""

    profile: Profile = field(default_factory=Profile)
    selection: Selection | None = None  # None: every rule
    config_files: tuple[str, ...] = ()  # the configuration files the settings came from
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE  # what a folder search skips

    def severity_of(self, code: str, default: Severity) -> Severity:
        """The severity a finding of ``code`` is reported with."""
        return self.profile.severity.get(code, default)

    def severities(self) -> dict[str, Severity]:
        """Every rule code and the severity its findings are reported with."""
        from auditor.rules.registry import all_rules

        return {code: self.severity_of(code, rule.severity)
                for code, rule in all_rules().items()}


# --- reading configuration files -----------------------------------------------------


def find_config(start: Path) -> dict[str, Any]:
    """The configuration table nearest to ``start`` (see ``find_config_file``)."""
    return find_config_file(start)[0]


def find_config_file(start: Path) -> tuple[dict[str, Any], Path | None]:
    """The nearest configuration from ``start`` up to the root and its file: an
    ``auditor.toml``, or a ``pyproject.toml`` with a ``[tool.auditor]`` table."""
    here = start.resolve()
    if here.is_file():
        here = here.parent
    for folder in (here, *here.parents):
        found = _config_file_in(folder)
        if found is not None:
            return read_config_file(found), found
    return {}, None


def read_config_file(path: Path) -> dict[str, Any]:
    """The configuration table of ``path``: ``[tool.auditor]`` of a ``pyproject.toml``;
    the top-level keys of any other file, or its ``[tool.auditor]`` table if it has one."""
    data = _read_toml(path)
    table = _tool_table(data, path)
    if table is not None:
        return table
    if path.name == "pyproject.toml":
        raise ConfigError(f"{path}: no [tool.auditor] table")
    return data


def _tool_table(data: dict[str, Any], path: Path) -> dict[str, Any] | None:
    tool = data.get("tool")
    table = tool.get("auditor") if isinstance(tool, dict) else None
    if table is not None and not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.auditor] must be a table")
    if table is not None and set(data) - {"tool"} and path.name != "pyproject.toml":
        extra = ", ".join(sorted(set(data) - {"tool"}))
        raise ConfigError(f"{path}: keys outside [tool.auditor] ({extra}): put them all "
                          f"in the table, or all at the top level")
    return dict(table) if table is not None else None


def _read_toml(path: Path) -> dict[str, Any]:
    import tomllib  # here, not at the top: most runs read no TOML (0.01 s of start-up)

    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read {path}: {exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from exc


def parse_inline(text: str) -> dict[str, Any]:
    """An inline ``--config "key = value"`` override, as a table."""
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"--config {text!r} is neither a file nor a TOML "
                          f"`key = value`: {exc}") from exc


# --- building settings -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Overrides:
    """What the command line sets over every configuration file."""

    inline: Mapping[str, Any] = field(default_factory=dict)  # ``--config "key = value"``
    profile: str | None = None
    select: Sequence[str] = ()
    ignore: Sequence[str] = ()
    exclude: Sequence[str] | None = None  # ``--exclude``: replaces the patterns
    extend_exclude: Sequence[str] = ()


def build_settings(
    *,
    config: Mapping[str, Any] | None = None,
    profile: str | None = None,
    select: Iterable[str] = (),
    ignore: Iterable[str] = (),
    config_files: Iterable[str] = (),
    overrides: Overrides | None = None,
) -> Settings:
    """Settings from a config table (as ``find_config`` returns it), with the inline
    overrides applied over it and the command line's ``profile``, ``select`` and
    ``ignore`` over both. Raises ``ConfigError`` on any key or value that is wrong."""
    over = overrides or Overrides(profile=profile, select=list(select), ignore=list(ignore))
    table = _merged(_dashed(config or {}), _dashed(over.inline))
    name = over.profile or table.pop("profile", "tda")
    table.pop("profile", None)
    lists = {key: _string_list(key, table.pop(key)) for key in _LIST_KEYS if key in table}
    sel = list(over.select) or lists.get("select", [])
    ign = list(over.ignore) + lists.get("ignore", [])
    unknown = sorted(set(table) - set(config_keys()))
    if unknown:
        from difflib import get_close_matches

        near = get_close_matches(unknown[0], config_keys(), n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise ConfigError(f"unknown option {unknown[0]!r}{hint}; the options are "
                          f"{', '.join(config_keys())}")
    if "severity" in table:
        table["severity"] = _severity_codes(table["severity"])
    prof = make_profile(name, table)
    selection = select_rules(sel, ign) if (sel or ign) else None
    exclude = list(over.exclude) if over.exclude is not None else lists.get(
        "exclude", list(DEFAULT_EXCLUDE))
    exclude += lists.get("extend-exclude", []) + list(over.extend_exclude)
    return Settings(profile=prof, selection=selection, config_files=tuple(config_files),
                    exclude=tuple(exclude))


def config_keys() -> list[str]:
    """Every key a configuration may hold, as written in TOML."""
    import dataclasses

    options = [f.name.replace("_", "-") for f in dataclasses.fields(Profile) if f.name != "name"]
    return ["profile", *_LIST_KEYS, *options]


def _dashed(table: Mapping[str, Any]) -> dict[str, Any]:
    """The table with its keys written with dashes (``odd_chip`` is ``odd-chip``)."""
    return {key.replace("_", "-"): value for key, value in table.items()}


def _merged(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """``over`` applied on ``base``; the ``severity`` tables merge code by code."""
    out = {**base, **over}
    if isinstance(base.get("severity"), dict) and isinstance(over.get("severity"), dict):
        out["severity"] = {**base["severity"], **over["severity"]}
    return out


def _string_list(key: str, value: Any) -> list[str]:
    """A list of strings; a string is a comma list (``ignore = "TU007,SE"``)."""
    if isinstance(value, str):
        return [v.strip() for v in value.split(",") if v.strip()]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    raise ConfigError(f"{key!r} must be a list of strings, e.g. {key} = [\"TU007\"] "
                      f"(got {value!r})")


def _severity_codes(value: Any) -> Any:
    """The severity table with its keys (codes, prefixes or dotted names) turned into
    rule codes; anything else is left for ``make_profile`` to reject."""
    if not isinstance(value, Mapping):
        return value
    names = _rule_names()
    out: dict[str, Any] = {}
    for key, level in value.items():
        for code in sorted(_match(str(key), names, names)):
            out[code] = level
    return out


class SettingsFinder:
    """The settings each input is audited under: from the configuration nearest to it
    (or the one ``--config`` names, or none with ``--isolated``), with the command
    line's overrides. One ``Settings`` per configuration file, built once."""

    def __init__(self, overrides: Overrides | None = None, *, config_file: Path | None = None,
                 isolated: bool = False) -> None:
        if config_file is not None and isolated:
            raise ConfigError("--isolated ignores every configuration file: "
                              "it cannot be used with --config FILE")
        self.overrides = overrides or Overrides()
        self.isolated = isolated
        self._fixed: Path | None = config_file
        self._by_file: dict[Path | None, Settings] = {}
        self._by_folder: dict[Path, Path | None] = {}
        # The settings of each input folder as named: the files of a folder share them,
        # and resolving the folder's path (a system call a component) cost about 1 % of
        # a run of 100-hand files (bench/LEVERS.md §47).
        self._by_input_folder: dict[Path, Settings] = {}
        try:  # the command line's own mistakes are blamed on it, not on a file
            build_settings(overrides=self.overrides)
        except ConfigError as exc:
            raise ConfigError(f"the command line: {exc}") from exc
        if config_file is not None:
            self._build(config_file)

    def for_path(self, path: Path | None) -> Settings:
        """The settings of the input at ``path``, or of the files in the folder ``path``
        (None: standard input, configured from the working directory)."""
        if self.isolated:
            return self._build(None)
        if self._fixed is not None:
            return self._by_file[self._fixed]
        folder = Path.cwd() if path is None else path if path.is_dir() else path.parent
        found = self._by_input_folder.get(folder)
        if found is None:
            found = self._build(self._nearest(folder.resolve()))
            self._by_input_folder[folder] = found
        return found

    def used(self) -> dict[Path | None, Settings]:
        """Each configuration file used so far (None: no file) and its settings."""
        return dict(self._by_file)

    def _nearest(self, folder: Path) -> Path | None:
        seen: list[Path] = []
        found: Path | None = None
        for here in (folder, *folder.parents):
            if here in self._by_folder:
                found = self._by_folder[here]
                break
            seen.append(here)
            hit = _config_file_in(here)
            if hit is not None:
                found = hit
                break
        for here in seen:
            self._by_folder[here] = found
        return found

    def _build(self, path: Path | None) -> Settings:
        if path in self._by_file:
            return self._by_file[path]
        table = read_config_file(path) if path is not None else {}
        try:
            settings = build_settings(config=table, overrides=self.overrides,
                                      config_files=[str(path)] if path else [])
        except ConfigError as exc:
            where = str(path) if path is not None else "the command line"
            raise ConfigError(f"{where}: {exc}") from exc
        self._by_file[path] = settings
        return settings


def _config_file_in(folder: Path) -> Path | None:
    """The configuration file of ``folder``, if it has one that applies."""
    own = folder / "auditor.toml"
    if own.is_file():
        return own
    py = folder / "pyproject.toml"
    if py.is_file() and _tool_table(_read_toml(py), py) is not None:
        return py
    return None
