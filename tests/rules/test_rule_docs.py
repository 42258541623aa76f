"""A rule's page is its class docstring, in the pure build and in the compiled one, where
mypyc drops class docstrings and ``Rule.doc`` reads them from the module's source."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from auditor.rules import base
from auditor.rules.betting import RULES

SOURCE = '''
from auditor.rules.base import Rule


class Sample(Rule):
    """A made-up rule.

    ## What it does
    Nothing."""

    code = "XX001"
'''


def test_every_betting_rule_has_its_page() -> None:
    for rule in RULES:
        doc = rule.doc()
        assert doc.startswith(rule.summary) and "## What it does" in doc, rule.code


@pytest.mark.parametrize("dropped", [None, base._FILLER])
def test_a_docstring_the_compiled_build_dropped_is_read_from_the_source(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dropped: str | None) -> None:
    (tmp_path / "sample_rule.py").write_text(SOURCE, encoding="utf-8")
    module = types.ModuleType("sample_rule")
    # As a compiled module is: its file the extension module beside the source.
    module.__file__ = str(tmp_path / "sample_rule.cpython-311-x86_64-linux-gnu.so")
    monkeypatch.setitem(sys.modules, "sample_rule", module)
    cls = type("Sample", (base.Rule,), {"__doc__": dropped, "__module__": "sample_rule",
                                        "code": "XX001", "summary": "A made-up rule."})
    assert cls.doc() == "A made-up rule.\n\n## What it does\nNothing."


@pytest.mark.parametrize("module", [__name__, "a_module_not_imported", "builtins"])
def test_a_class_without_a_docstring_falls_back_to_its_summary(module: str) -> None:
    """A pure class, one whose module is not loaded, or one whose module has no file."""
    cls = type("Bare", (base.Rule,), {"__doc__": None, "__module__": module,
                                      "summary": "Only a summary."})
    assert cls.doc() == "Only a summary."
