"""The Jinja2 environment of the pages: packaged templates, autoescaping always on."""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from auditor.pages.drawing import card_face


@cache
def environment() -> Environment:
    """The one environment: templates from ``auditor/pages/templates``, every value
    escaped unless marked safe (names, messages and file text come from hand histories
    and are never trusted), undefined names an error rather than an empty string."""
    env = Environment(
        loader=PackageLoader("auditor.pages", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["num"] = _num
    env.globals["card"] = card_face
    return env


def render(template: str, **context: Any) -> str:
    """``template`` rendered with ``context``."""
    return environment().get_template(template).render(**context)


def _num(value: float) -> str:
    """An SVG coordinate: short, and never in exponent notation."""
    return f"{value:.1f}".rstrip("0").rstrip(".")
