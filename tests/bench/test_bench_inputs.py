"""The benchmark's inputs (``bench/inputs.py``): real hands copied into sessions, each
copy distinct. Not its speed: nothing here is timed."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from bench_scripts import load

from auditor.api import audit_paths

inputs = load("inputs")
CORPUS = inputs.find_corpus()
pytestmark = pytest.mark.skipif(CORPUS is None, reason="the shared corpus is not here")

# Small corners of the corpus, one per container (and WPN's tables that name the game).
ROOTS = {
    "pokerstars": "pokerstars/hhp",
    "wpn": "acr-wpn/fpdb-3/regression-test-files/cash/Winning/Flop",
    "ipoker": "ipoker/fpdb-3/regression-test-files/cash",
    "phh": "phh",
}


@pytest.fixture(scope="module", params=sorted(ROOTS))
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    site = request.param
    assert CORPUS is not None
    hands = inputs.collect(inputs.replayed_sites([site]), [CORPUS / ROOTS[site]],
                           origin="corpus")[site]
    assert hands.hands, f"no source hands of {site}"
    folder = tmp_path_factory.mktemp(site) / "input"
    result = inputs.build(hands, 250, 100, folder)
    return site, result


def test_sessions_hold_the_hands_asked_for(built) -> None:
    _, result = built
    assert result.hands == 250
    assert len(result.files) == 3  # sessions of 100, 100 and 50
    assert inputs.load_built(result.folder).expected == result.expected


def test_every_copy_has_its_own_hand_id(built) -> None:
    site, result = built
    ids = inputs.read_ids(result.folder)
    assert len(ids) == result.hands
    assert all(hand_id for _, hand_id, _ in ids)
    assert {s for s, _, _ in ids} == {site}
    repeated = [key for key, n in Counter(ids).items() if n > 1]
    assert not repeated


def test_the_audit_matches_the_originals_and_finds_no_repeat(built, tmp_path: Path) -> None:
    _, result = built
    out = tmp_path / "out"
    audit_paths([result.folder], out, jobs=1)
    check = inputs.check(result, out)
    assert check.duplicates == 0
    assert check.hands == result.hands == check.audited
    assert check.ok, check.examples


def test_new_ids_count_up_and_never_meet() -> None:
    for old in ("7", "987654", "59937793578"):
        ids = [int(inputs.new_id(old, n)) for n in range(0, 200_000, 7)]
        assert ids == sorted(ids) and len(set(ids)) == len(ids)
    assert len(inputs.new_id("254311002417", 5)) == 12  # as wide as the original


def test_a_table_that_names_the_game_is_kept() -> None:
    """WPN's "(Cap)" tables are capped: renamed, their hands would read as no-limit."""
    assert CORPUS is not None
    hands = inputs.collect(inputs.replayed_sites(["wpn"]), [CORPUS / ROOTS["wpn"]],
                           origin="corpus")["wpn"]
    capped = [t for t in hands.hands if "(Cap)" in t.table]
    assert capped
    assert all(inputs.TABLE not in t.kinds() for t in capped)
    assert any(inputs.TABLE in t.kinds() for t in hands.hands if "(Cap)" not in t.table)


def test_an_ipoker_file_is_one_session_of_games_that_share_its_general(built) -> None:
    """As an iPoker export: one ``<session>`` and one ``<general>`` a file, whatever
    source sessions its games come from; the audit above shows the games read as their
    originals under it."""
    site, result = built
    if site != "ipoker":
        pytest.skip("XML only")
    for path in result.files:
        text = path.read_text(encoding="utf-8")
        assert text.count("<session") == 1
        outer = text[: text.index("<game ")]
        assert outer.count("<general>") == 1
        assert "Bench " in outer  # its table renamed, as the games' hands table says


def test_ipoker_hands_are_grouped_by_what_their_session_says() -> None:
    assert CORPUS is not None
    hands = inputs.collect(inputs.replayed_sites(["ipoker"]), [CORPUS / ROOTS["ipoker"]],
                           origin="corpus")["ipoker"]
    groups, places = inputs.session_groups(hands.hands)
    assert len(groups) > 1
    assert sorted(t.source + str(t.first_line) for g in groups for t in g) == sorted(
        t.source + str(t.first_line) for t in hands.hands)
    for group in groups:
        assert len({inputs.session_key(t) for t in group}) == 1
        gametypes = {"".join(t.context.pieces).split("<gametype>")[1].split("<")[0]
                     for t in group}
        assert len(gametypes) == 1
    assert [places[i] for i in range(len(groups[0]))] == [(0, i) for i in range(len(groups[0]))]
    assert len(places) == len(hands.hands)


def test_a_text_site_keeps_its_pool_in_order() -> None:
    assert CORPUS is not None
    hands = inputs.collect(inputs.replayed_sites(["pokerstars"]), [CORPUS / ROOTS["pokerstars"]],
                           origin="corpus")["pokerstars"]
    groups, places = inputs.session_groups(hands.hands)
    assert groups == [hands.hands]
    assert places == [(0, i) for i in range(len(hands.hands))]
