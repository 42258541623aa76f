"""The registry of sites: one package each, one line per package here.

Each package exposes ``SITES``, the ``Site`` records of the formats it reads (see
``auditor.sites.base``). Adding a site touches its own package, its grammar in
``grammars/`` and one line below. Order matters only where two sites' header patterns
could match the same line: the first listed wins.
"""

from __future__ import annotations

from functools import cache

from auditor.sites import (
    bossmedia,
    clubs,
    entraction,
    fulltilt,
    ggpoker,
    ipoker,
    merge,
    microgaming,
    ongame,
    pacific,
    partypoker,
    phh,
    pokernow,
    pokerstars,
    winamax,
    winning,
)
from auditor.sites.base import Reader, Site

PACKAGES = (
    pokerstars,
    clubs,
    ggpoker,
    pokernow,
    winamax,
    ipoker,
    partypoker,
    pacific,
    winning,
    phh,
    fulltilt,
    ongame,
    entraction,
    microgaming,
    merge,
    bossmedia,
)

SITES: tuple[Site, ...] = tuple(site for package in PACKAGES for site in package.SITES)
_BY_NAME = {site.name: site for site in SITES}


def site(name: str) -> Site:
    """The site called ``name`` (KeyError if none)."""
    return _BY_NAME[name]


def text_headers() -> list[tuple[str, str]]:
    """(site, header pattern) of every site cut by header lines, in registry order."""
    return [(s.name, h) for s in SITES if s.container == "text" for h in s.headers]


@cache
def reader(name: str) -> Reader:
    """The reader of site ``name``, built once per process."""
    return _BY_NAME[name].reader()
