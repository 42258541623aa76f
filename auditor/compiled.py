"""The opt-in compiled build: which modules it compiles, and which this auditor has compiled.

``AUDITOR_MYPYC=1 pip install .`` (``hatch_build.py``) compiles ``MODULES`` with mypyc;
every other install is pure Python. ``compiled_modules()`` says which of them were
imported from an extension module, so that a figure can say what it measured.

This module is never compiled itself: it also holds the one mypyc decorator the compiled
modules use (``mypyc_attr``), as a no-op at run time, so that no install needs mypy.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

# The modules the compiled build compiles, in the order of bench/LEVERS.md §8: the engine,
# then the line lexer and the reader of the commonest site (and of GGPoker's and the club
# apps', built on it); then the other replayed sites' readers, so that none falls behind
# PokerStars by being left pure: iPoker's (with the XML cutter's walk), ACR/WPN's,
# Winamax's, PokerNow's (with its log cutter), PartyPoker's (whose BracketReader 888's
# subclasses), with its lexer and the records its events are built from, and PHH's. The text cutter
# (parsing/blocks.py) stays pure. iPoker's expat fragments build their elements in a
# class, not in closures: compiled, nested handlers share an environment that refers back
# to them, a reference cycle per parse that the pipeline's gc.freeze kept (0.9 GB a 20,000
# hands; tests/test_no_reference_cycles.py). PartyPoker's events are built without closures
# for the same reason.
# tests/test_compiled_build.py runs mypy on exactly these.
MODULES = (
    "auditor/engine/betting.py",
    "auditor/engine/replay.py",
    "auditor/engine/settle.py",
    "auditor/engine/pots.py",
    "auditor/engine/audit.py",
    "auditor/parsing/shape.py",
    "auditor/sites/pokerstars/reader.py",
    "auditor/sites/ipoker/reader.py",
    "auditor/sites/ipoker/fragments.py",
    "auditor/parsing/elements.py",
    "auditor/sites/winning/reader.py",
    "auditor/sites/winamax/reader.py",
    "auditor/sites/pokernow/reader.py",
    "auditor/sites/pokernow/log.py",
    "auditor/sites/partypoker/reader.py",
    "auditor/sites/partypoker/records.py",
    "auditor/sites/partypoker/lines.py",
    # PHH's reader and the TOML subset it reads quickly (every PHH hand is a TOML table):
    # left pure, PHH was the one site under 80 % of PokerStars (bench/LEVERS.md §52).
    "auditor/sites/phh/reader.py",
    "auditor/sites/phh/fast_toml.py",
    # The sessions table's tracker, fed every PokerNow hand in the parent process (4 of
    # its microseconds a hand left pure; bench/LEVERS.md §53).
    "auditor/sessions.py",
    # GGPoker's and the club apps' readers, subclasses of PokerStars's: left interpreted,
    # every call the compiled reader makes on them (each line's, each seat's) goes through
    # mypyc's glue, a Python-level lookup of a method the subclass may override.
    "auditor/sites/ggpoker/reader.py",
    "auditor/sites/clubs/reader.py",
    # The betting rules' checks, which the replay calls 30-odd times a hand. mypyc drops
    # class docstrings, the rules' pages: ``Rule.doc`` reads them from the source the
    # wheel keeps beside each extension module.
    "auditor/rules/betting/common.py",
    "auditor/rules/betting/hh003_inconsistent_line.py",
    "auditor/rules/betting/ra001_bet_below_minimum.py",
    "auditor/rules/betting/ra002_raise_below_minimum.py",
    "auditor/rules/betting/ra003_raise_above_pot_limit.py",
    "auditor/rules/betting/ra004_limit_wrong_size.py",
    "auditor/rules/betting/ra005_limit_cap_exceeded.py",
    "auditor/rules/betting/ro001_raise_after_short_all_in.py",
    "auditor/rules/betting/ro002_raise_no_opponent_to_act.py",
    "auditor/rules/betting/tu001_out_of_turn.py",
    "auditor/rules/betting/tu002_player_not_in_hand.py",
    "auditor/rules/betting/tu003_check_facing_bet.py",
    "auditor/rules/betting/tu004_call_wrong_amount.py",
    "auditor/rules/betting/tu005_stack_exceeded.py",
    "auditor/rules/betting/tu006_street_dealt_early.py",
    "auditor/rules/betting/tu007_fold_when_check_free.py",
    # Settlement's parts and the pot rules, which settle and the rows call for every hand
    # (showdown's judging, the payments' checks, the site's view of the pots, SE001's
    # stacks), and the start-time reader every hand's row and stacks ask (§26).
    "auditor/engine/showdown.py",
    "auditor/engine/payments.py",
    "auditor/engine/fitting.py",
    "auditor/engine/site_view.py",
    "auditor/rules/pots/common.py",
    "auditor/rules/pots/se001_stack_discontinuity.py",
    "auditor/rules/pots/se002_stack_changed_by_host.py",
    "auditor/rules/pots/se003_ledger_mismatch.py",
    "auditor/rules/pots/sp001_uncalled_not_returned.py",
    "auditor/rules/pots/sp002_stated_amount_wrong.py",
    "auditor/rules/pots/sp003_ineligible_winner.py",
    "auditor/rules/pots/sp004_wrong_winner.py",
    "auditor/rules/pots/sp005_split_wrong.py",
    "auditor/rules/pots/sp006_odd_chip_misplaced.py",
    "auditor/rules/pots/sp007_chips_not_conserved.py",
    "auditor/rules/pots/sp008_run_more_than_once.py",
    "auditor/model/when.py",
    "auditor/model/events.py",
    "auditor/model/hand.py",
    "auditor/engine/result.py",
    "auditor/report/hand_rows.py",
    # The run's duplicate filter: one digest a hand, added in the parent process.
    "auditor/digests.py",
)
# C extensions the compiled build adds, by module name: their sources. Each has a Python
# reference it is tested against, which runs where the extension is not built. iPoker's
# game elements built by expat's callbacks in C (``fragments.elements`` falls back to
# pyexpat's Python callbacks without it; bench/LEVERS.md §40).
EXTENSIONS = {
    "auditor.sites.ipoker._expat_nodes": "auditor/sites/ipoker/_expat_nodes.c",
    # A hand's lines cut out of the decoded text in one pass (``blocks.stripped_lines``;
    # the text cutter, which stays pure, and the XML cutter call it; §41), and the text
    # cutter's header search (``_Headers.matches``, §42).
    "auditor.parsing._lines": "auditor/parsing/_lines.c",
    # A plain seat line split into its fields (``shape.SEAT_FIELDS``, §46).
    "auditor.parsing._fields": "auditor/parsing/_fields.c",
    # The hands' and payouts' columns written as Arrow's buffers (``report.chunk``, §55).
    "auditor.report._columns": "auditor/report/_columns.c",
    # Named tuples made from their values in one call (``model.tuples.new_tuple``, §57).
    "auditor.model._tuples": "auditor/model/_tuples.c",
}
# How mypyc's mypy reads them: the modules they import are type-checked quietly (and
# run as Python), and packages without types are Any.
MYPY_ARGS = ("--follow-imports=silent", "--ignore-missing-imports")

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*_: Any, **__: Any) -> Any:
        """mypyc reads the decorator when it compiles; at run time it changes nothing."""
        return lambda cls: cls


def module_names() -> list[str]:
    return [m[: -len(".py")].replace("/", ".") for m in MODULES]


def compiled_modules() -> list[str]:
    """The modules of ``MODULES`` that this auditor imports compiled (none in a pure
    install)."""
    found = []
    for name in module_names():
        path = getattr(import_module(name), "__file__", None) or ""
        if not path.endswith(".py"):
            found.append(name)
    return found


def compiled_extensions() -> list[str]:
    """The modules of ``EXTENSIONS`` this auditor has (none in a pure install)."""
    found = []
    for name in EXTENSIONS:
        try:
            import_module(name)
        except ImportError:
            continue
        found.append(name)
    return found


def build_name() -> str:
    """``compiled (mypyc: all 7 modules; C: 1 of 1)``, ``pure Python``, or which were
    compiled."""
    done = compiled_modules()
    extensions = compiled_extensions()
    if not done and not extensions:
        return "pure Python"
    c = f"; C: {len(extensions)} of {len(EXTENSIONS)}"
    if len(done) == len(MODULES):
        return f"compiled (mypyc: all {len(MODULES)} modules{c})"
    return f"partly compiled (mypyc: {', '.join(done) or 'none'}{c})"
