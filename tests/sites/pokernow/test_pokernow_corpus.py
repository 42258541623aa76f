"""Every PokerNow log of the corpus (``../shared/corpus/pokernow``) read: every hand is a
``Hand``, every event on the line of its row, every hand balances (what went in less
what came back is what was collected: PokerNow has no rake) and every stack chains from
one hand to the next through the stack changes logged between them. The folder's other
files (the converter's PokerStars-syntax output) are pinned with their reason.

Measured beforehand (corpus/SITES.md §2.2, §3.1): 2,315 hands, all balancing, and 10,049
links from one hand's final stacks to the next hand's ``Player stacks`` once the logged
changes are counted. Counted here, every seat of every hand (10,074) has the stack the
hands before it and the logged changes give (the logs start with their players' joins).
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from corpus_paths import CORPUS, NOT_DATA
from pokernow_events import Chain, file_rows, misplaced, money, sessions

from auditor.model import events as ev
from auditor.model.hand import Hand
from auditor.parsing import Unreadable, read_path
from auditor.sites.pokernow import log

ROOT = CORPUS / "pokernow"
DRKYODA = "PokerNow-OpenHandHistory-Converter--Python-/PokerNowHandHistory/"
TOURS = DRKYODA + "Archive/Tournaments/"

# Hands per log, and who exported it (the id whose cards "Your hand is" shows; None when
# he never shows them).
LOGS = {
    TOURS + "poker_now_log_pglC1ufdW2N04Qu9A4aE0kZjW.csv": (152, "TN11URmFSv"),
    TOURS + "poker_now_log_pglX9qKFV2jh2BntjoUQVj0MP.csv": (86, "TN11URmFSv"),
    TOURS + "poker_now_log_pglhTdT0g-V_oxxMaQxatNdFk.csv": (59, None),
    TOURS + "poker_now_log_pglw_dFdf-ZFY_41NWuVu0wKQ.csv": (117, "Di5cxDUTF9"),
    DRKYODA + "poker_now_log_pgl51rejLPQ1wIlhiQlbuw1qN.csv": (314, "TN11URmFSv"),
    DRKYODA + "poker_now_log_pglFqKtM0GZj4mPHqv6A1wdkp.csv": (135, "Di5cxDUTF9"),
    DRKYODA + "poker_now_log_pglI9Y3NxA9QdktiwuLY65aon.csv": (254, "TN11URmFSv"),
    DRKYODA + "poker_now_log_pglRi36cBNVXRAhdFHW92kvaR.csv": (275, "TN11URmFSv"),
    DRKYODA + "poker_now_log_pgleGSa_NCfoFKluS3--g1s-x.csv": (419, "TN11URmFSv"),
    DRKYODA + "poker_now_log_pglg7dnjck1WypTmxhJjN5878.csv": (289, "TN11URmFSv"),
    DRKYODA + "poker_now_log_pgllrZB4-s11jXpJVdapSiar1.csv": (70, "TN11URmFSv"),
    DRKYODA + "poker_now_log_pglmbHa9mocEKi7mUC0qMINdu.csv": (85, "Di5cxDUTF9"),
    "PokerNowLogConverter/tests/input_examples/Input_Log_001.txt": (4, None),
    "PokerNowLogConverter/tests/input_examples/Input_Log_002.csv": (4, "eNVKMq2Tcb"),
    "pokernow_club_stats/logs/07_21_2022_log1.csv": (52, "kjkGhe-DIG"),
}
# Not PokerNow logs: PokerNowLogConverter's own output, in PokerStars syntax (derived),
# read by the PokerStars reader. Its summary line "Total pot: $2.00 | Rake 0" has a
# colon PokerStars never writes: HH001, 4 hands each.
CONVERTED = {
    "PokerNowLogConverter/tests/output_examples/Converted_Log_001.txt": 4,
    "PokerNowLogConverter/tests/output_examples/Converted_Log_002.txt": 4,
}
# The tournament logs: those with a tournament's own rows (registrations, rebuys,
# table moves). The other two "Tournaments" logs are sit-and-go games played as cash
# games (blinds raised by the host): nothing in them says tournament.
TOURNAMENTS = {name for name in LOGS if name.endswith(("pglC1ufdW2N04Qu9A4aE0kZjW.csv",
                                                       "pglX9qKFV2jh2BntjoUQVj0MP.csv",
                                                       "pglw_dFdf-ZFY_41NWuVu0wKQ.csv"))}
CENTS = {name for name in LOGS if "Archive" not in name and name.startswith(DRKYODA)}


@pytest.fixture(scope="module")
def logs() -> dict[str, list[Hand | Unreadable]]:
    if not ROOT.is_dir():
        pytest.skip("the shared corpus (../shared/corpus) is not here")
    return read_all()


@cache
def read_all() -> dict[str, list[Hand | Unreadable]]:
    return {str(p.relative_to(ROOT)): list(read_path(p)) for p in sorted(ROOT.rglob("*"))
            if p.is_file() and p.name not in NOT_DATA}


def hands(logs: dict[str, list[Hand | Unreadable]]) -> list[tuple[str, Hand]]:
    return [(name, h) for name in LOGS for h in logs[name]]  # type: ignore[misc]


def test_every_file_is_accounted_for(logs: dict[str, list[Hand | Unreadable]]) -> None:
    assert set(logs) == set(LOGS) | set(CONVERTED)
    assert {name: len(found) for name, found in logs.items() if name in LOGS} == {
        name: n for name, (n, _) in LOGS.items()}
    assert sum(n for n, _ in LOGS.values()) == 2_315


def test_every_pokernow_hand_is_read(logs: dict[str, list[Hand | Unreadable]]) -> None:
    unread = [(name, h.hand_id, h.message) for name in LOGS for h in logs[name]
              if isinstance(h, Unreadable)]
    assert unread == []
    assert {h.info.site for _, h in hands(logs)} == {"pokernow"}


def test_the_converted_logs_are_pinned(logs: dict[str, list[Hand | Unreadable]]) -> None:
    for name, n in CONVERTED.items():
        found = logs[name]
        assert len(found) == n
        assert all(isinstance(h, Unreadable) and h.code == "HH001" and h.site == "pokerstars"
                   and "Total pot: $" in h.message for h in found), name


def test_the_facts_of_each_log(logs: dict[str, list[Hand | Unreadable]]) -> None:
    for name, (_, exporter) in LOGS.items():
        found = logs[name]
        holes = {e.player for h in found for e in h.events  # type: ignore[union-attr]
                 if type(e) is ev.HoleCards}
        if exporter is None:
            assert holes == set(), name
        else:
            assert holes and all(p.endswith(f" @ {exporter}") for p in holes), name
        assert {h.info.decimals for h in found} == {2 if name in CENTS else 0}, name  # type: ignore[union-attr]
        assert {h.info.tournament is not None for h in found} == {name in TOURNAMENTS}, name  # type: ignore[union-attr]


def test_games_and_features(logs: dict[str, list[Hand | Unreadable]]) -> None:
    """The corpus as SITES.md §2.2 counts it."""
    games = Counter((h.info.game, h.info.limit, h.info.hi_lo) for _, h in hands(logs))
    assert games == {("holdem", "NL", False): 1_344, ("omaha", "PL", False): 537,
                     ("omaha", "PL", True): 434}

    def count(test: object) -> int:
        return sum(1 for _, h in hands(logs) if any(test(e) for e in h.events))  # type: ignore[operator]

    assert count(lambda e: type(e) is ev.StreetStart and e.run == 2) == 24  # run twice
    assert count(lambda e: type(e) is ev.PostBlind and e.kind == "straddle") == 95
    assert count(lambda e: type(e) is ev.PostBlind and e.kind == "dead") == 51
    assert count(lambda e: type(e) is ev.PostBlind and e.kind == "ante") == 119
    assert sum(1 for _, h in hands(logs)
               if sum(type(e) is ev.Collected for e in h.events) > 1) == 196
    dead_button = sum(1 for _, h in hands(logs)
                      if h.info.button_seat not in {s.seat for s in h.seats})
    assert dead_button == 66
    kinds = Counter(e.kind for _, h in hands(logs) for e in h.events
                    if type(e) is ev.StackChange)
    assert kinds == {"join": 161, "other": 230, "leave": 239, "sit_back": 69,
                     "host_set": 15, "queued": 15, "top_up": 2}


def test_every_event_is_on_the_line_of_its_row(logs: dict[str, list[Hand | Unreadable]]
                                               ) -> None:
    bad = []
    for name in LOGS:
        rows = file_rows(ROOT / name)
        for h in logs[name]:
            bad += [(name, h.info.hand_id, *m) for m in misplaced(h, rows)]  # type: ignore[union-attr]
    assert bad == []


def test_every_hand_balances(logs: dict[str, list[Hand | Unreadable]]) -> None:
    """Σ put in − Σ returned == Σ collected, on every hand (no rake)."""
    unbalanced = []
    for name, h in hands(logs):
        put, back, won = money(h)
        if sum(put.values()) - sum(back.values()) != sum(won.values()):
            unbalanced.append((name, h.info.hand_id))
    assert unbalanced == []


def test_every_stack_chains(logs: dict[str, list[Hand | Unreadable]]) -> None:
    """Each hand's final stacks, with the logged stack changes in between, are the next
    hand's ``Player stacks``; each change's ``before`` is the stack the player had."""
    links = 0
    for name in LOGS:
        chain = Chain()
        for h in logs[name]:
            chain.feed(h)  # type: ignore[arg-type]
        assert chain.broken == [], name
        assert chain.wrong_before == [], name
        links += chain.links
    assert links == 10_074 == sum(len(h.seats) for _, h in hands(logs))


def test_the_fast_rows_are_the_grammars_on_every_corpus_row(logs: dict) -> None:
    """Every corpus row read by its own regular expression gives what the grammar gives
    (the header's game words aside: the grammar's tuple leaves them to the row)."""
    from auditor.sites.pokernow.reader import (
        HEADER,
        PokerNowReader,
        _amounts,
        _compiled,
        fast_row,
    )

    reader = PokerNowReader()
    checked = 0
    for name in LOGS:
        found_hands: list[Hand] = logs[name]  # type: ignore[assignment]
        amounts = _amounts(found_hands[0].info.decimals)
        for entry in log.play_order((ROOT / name).read_text(encoding="utf-8"))[0]:
            fast = fast_row(entry, amounts)
            if fast is None:
                continue
            op, const, values = reader._parse(entry, 0)
            expected = _compiled(op, const, values, amounts)
            assert expected is not None and fast[:4] == expected[:4], entry
            if fast[0] != HEADER:
                assert fast == expected, entry
            checked += 1
    assert checked > 15_000


def test_every_session_reconciles(logs: dict[str, list[Hand | Unreadable]]) -> None:
    """Built from the events alone, each player's session in each log holds the
    identity the sessions table will state: bought in + host adjustments + net from the
    hands == cashed out + final stack."""
    rows = 0
    for name in LOGS:
        for player, r in sessions(logs[name]).items():  # type: ignore[arg-type]
            assert r["bought_in"] + r["adjusted"] + r["net"] == r["cashed_out"] + r["final"], (
                name, player, r)
            rows += 1
    assert rows == 106


def test_every_row_is_told_apart_as_the_search_did() -> None:
    from test_pokernow_log import assert_kinds_as_the_search

    if not ROOT.is_dir():
        pytest.skip("the shared corpus (../shared/corpus) is not here")
    rows = 0
    for path in sorted(p for p in ROOT.rglob("*.csv") if p.name not in NOT_DATA):
        entries = log.play_order(path.read_text(encoding="utf-8"))[0]
        assert_kinds_as_the_search(entries)
        rows += len(entries)
    assert rows > 10_000
