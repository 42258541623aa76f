"""Helpers of the PokerNow tests: events in a short form, the money of a hand computed
from its events, and the file's own rows read the plain way (the ``csv`` module), to
check each event against the row it was read from."""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

from auditor.model import events as ev
from auditor.model.hand import Hand

Brief = tuple[object, ...]


def who(label: str | None) -> str | None:
    """The display name of a player's label (``name @ id``)."""
    return None if label is None else label.rsplit(" @ ", 1)[0]


def brief(e: ev.Event) -> Brief:
    """An event in a short form: what it is, who, how much (amounts in the smallest
    unit), the run where it is not 0, and ``all-in`` where flagged."""
    t = type(e)
    r: Brief
    if t is ev.PostBlind:
        r = ("post", who(e.player), e.kind, e.amount) + ((e.dead,) if e.dead else ())
    elif t in (ev.Fold, ev.Check):
        r = (t.__name__.lower(), who(e.player))  # type: ignore[attr-defined]
    elif t in (ev.Call, ev.Bet):
        r = (t.__name__.lower(), who(e.player), e.amount)  # type: ignore[attr-defined]
    elif t is ev.Raise:
        r = ("raise", who(e.player), e.to)
    elif t is ev.StreetStart:
        r = (e.street, " ".join(e.board)) + ((e.run,) if e.run else ())
    elif t is ev.Shows:
        r = ("shows", who(e.player), " ".join(e.cards))
    elif t is ev.HoleCards:
        r = ("hole", who(e.player), " ".join(e.cards))
    elif t is ev.Collected:
        assert e.pot is None  # PokerNow labels no pot
        r = ("collected", who(e.player), e.amount) + ((e.run,) if e.run else ())
    elif t is ev.UncalledReturned:
        r = ("returned", who(e.player), e.amount)
    elif t is ev.ShowdownStart:
        r = ("showdown",)
    elif t is ev.TableNote:
        r = ("note", e.text)
    elif t is ev.StackChange:
        r = ("change", who(e.player), e.kind, e.amount, e.before, e.after)
    else:
        r = (t.__name__,)
    if getattr(e, "all_in", False):
        r += ("all-in",)
    return r


def money(hand: Hand) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """What each player put in, got back as uncalled and collected, from the events
    (a raise adds what takes him from his street total to its ``to``)."""
    put: Counter[str] = Counter()
    back: Counter[str] = Counter()
    won: Counter[str] = Counter()
    commit: Counter[str] = Counter()
    for e in hand.events:
        t = type(e)
        if t is ev.PostBlind:
            put[e.player] += e.amount
            if e.kind not in ("ante", "dead"):
                commit[e.player] += e.amount - e.dead
        elif t is ev.Call or t is ev.Bet:
            put[e.player] += e.amount  # type: ignore[attr-defined]
            commit[e.player] += e.amount  # type: ignore[attr-defined]
        elif t is ev.Raise:
            put[e.player] += e.to - commit[e.player]
            commit[e.player] = e.to
        elif t is ev.StreetStart:
            commit = Counter()
        elif t is ev.UncalledReturned:
            back[e.player] += e.amount
        elif t is ev.Collected:
            won[e.player] += e.amount
    return put, back, won


def final_stacks(hand: Hand) -> dict[str, int]:
    """Each seated player's stack when the hand is over."""
    put, back, won = money(hand)
    return {s.player: s.stack - put[s.player] + back[s.player] + won[s.player]
            for s in hand.seats}


def changes(hand: Hand) -> tuple[list[ev.StackChange], list[ev.StackChange]]:
    """The stack changes before the hand's play, and those after it (the last hand of a
    log carries the rows logged after it)."""
    events = hand.events
    head = 0
    while head < len(events) and type(events[head]) in (ev.StackChange, ev.TableNote):
        head += 1
    tail = len(events)
    while tail > head and type(events[tail - 1]) in (ev.StackChange, ev.TableNote):
        tail -= 1
    return ([e for e in events[:head] if type(e) is ev.StackChange],
            [e for e in events[tail:] if type(e) is ev.StackChange])


class Chain:
    """Follows every player's stack through a log: each hand's final stacks, and the
    logged stack changes between hands, must give the next hand's ``Player stacks``.
    ``links`` counts the seats whose stack was known before the hand; ``broken`` lists
    those that differ, and ``wrong_before`` the changes whose ``before`` is not the
    stack the player had."""

    def __init__(self) -> None:
        self.stacks: dict[str, int] = {}
        self.away: dict[str, int] = {}  # stood up, with this stack
        self.links = 0
        self.broken: list[tuple[str, str, int, int]] = []
        self.wrong_before: list[tuple[str, str, int | None]] = []

    def apply(self, hand_id: str, found: list[ev.StackChange]) -> None:
        for e in found:
            p = e.player
            known = self.stacks.get(p, self.away.get(p))
            if e.before is not None and known is not None and e.before != known:
                self.wrong_before.append((hand_id, e.text, known))
            if e.kind == "leave":
                self.stacks.pop(p, None)
                if e.amount is None:  # stood up: the chips stay his
                    self.away[p] = e.before  # type: ignore[assignment]
                else:
                    self.away.pop(p, None)
            elif e.kind == "queued":
                continue  # announced: the admin update that follows makes it
            elif e.after is not None:
                if e.kind in ("sit_back", "other") and known is not None and known != e.after:
                    self.wrong_before.append((hand_id, e.text, known))
                self.stacks[p] = e.after
                self.away.pop(p, None)

    def feed(self, hand: Hand) -> None:
        before, after = changes(hand)
        self.apply(hand.info.hand_id, before)
        for s in hand.seats:
            if s.player in self.stacks:
                self.links += 1
                if self.stacks[s.player] != s.stack:
                    self.broken.append((hand.info.hand_id, s.player, self.stacks[s.player],
                                        s.stack))
        self.stacks.update(final_stacks(hand))
        self.apply(hand.info.hand_id, after)


def file_rows(path: Path) -> dict[int, str]:
    """The ``entry`` cell of each row of a log, by the file line the row starts on."""
    out: dict[int, str] = {}
    with path.open(encoding="utf-8-sig", newline="") as f:
        reader = csv.reader(f)
        line = 1
        for row in reader:
            if row:
                out[line] = row[0]
            line = reader.line_num + 1
    return out


# The words of the row each kind of event is read from.
_WORDS: dict[type, tuple[str, ...]] = {
    ev.Fold: (" folds",), ev.Check: (" checks",), ev.Call: (" calls ", " raises to "),
    ev.Bet: (" bets ",), ev.Raise: (" raises to ",), ev.PostBlind: (" posts ",),
    ev.Shows: (" shows a ",), ev.Collected: (" collected ",),
    ev.UncalledReturned: ("Uncalled bet of ",), ev.HoleCards: ("Your hand is ",),
    ev.ShowdownStart: (" collected ",),
}


def misplaced(hand: Hand, rows: dict[int, str]) -> list[tuple[int, str, str]]:
    """The events of ``hand`` whose line is not a row that says what they say."""
    bad = []
    for e in hand.events:
        row = rows.get(e.line, "")
        t = type(e)
        if t in (ev.TableNote, ev.StackChange):
            ok = row.strip() == e.text.strip()  # type: ignore[attr-defined]
        elif t is ev.StreetStart:
            ok = row.startswith(e.street.capitalize())  # type: ignore[attr-defined]
        else:
            ok = any(w in row for w in _WORDS[t])
            player = getattr(e, "player", None)
            if ok and player is not None and t is not ev.HoleCards:
                ok = f'"{who(player)} @ ' in row or player.rsplit(" @ ", 1)[1] in row
        if not ok:
            bad.append((e.line, type(e).__name__, row))
    for s in hand.seats:
        if not rows.get(s.line, "").startswith("Player stacks: "):
            bad.append((s.line, "Seat", rows.get(s.line, "")))
    return bad


def sessions(hands: list[Hand]) -> dict[str, dict[str, int]]:
    """Each player's session in a log, built from the events alone (what the sessions
    table will hold): bought in (approved buy-ins, tournament entries, rebuys; the
    stack of a join the log shows no buy-in for, or of a player already seated when the
    log starts), host adjustments (admin updates), net
    from hands, cashed out (quit stacks) and final stack (at the table or stood up)."""
    out: dict[str, dict[str, int]] = {}
    stack: dict[str, int] = {}
    away: dict[str, int] = {}

    def row(player: str) -> dict[str, int]:
        return out.setdefault(player, dict.fromkeys(
            ("bought_in", "adjusted", "net", "cashed_out", "final"), 0))

    def apply(found: list[ev.StackChange]) -> None:
        for e in found:
            p, r = e.player, row(e.player)
            if e.kind == "join":
                r["bought_in"] += e.amount  # type: ignore[operator]
                r["joined"] = 1
            elif e.kind == "host_set":
                r["adjusted"] += e.amount  # type: ignore[operator]
            elif e.kind == "top_up":
                r["bought_in"] += e.after - stack.get(p, 0)  # type: ignore[operator]
            elif e.kind == "leave":
                if e.amount is None:  # stood up: his stack waits for him
                    away[p] = stack.pop(p, e.before)  # type: ignore[arg-type]
                else:
                    r["cashed_out"] -= e.amount
                    stack.pop(p, None)
                    away.pop(p, None)
                continue
            elif e.kind == "other" and "joined" not in r and p not in stack and p not in away:
                r["bought_in"] += e.after  # type: ignore[operator]  # no buy-in logged
                r["joined"] = 1
            if e.after is not None and e.kind != "queued":
                stack[p] = e.after
                away.pop(p, None)

    for hand in hands:
        before, after = changes(hand)
        apply(before)
        finals = final_stacks(hand)
        for s in hand.seats:
            r = row(s.player)
            if "joined" not in r and s.player not in stack and s.player not in away:
                r["bought_in"] += s.stack  # at the table when the log starts
                r["joined"] = 1
            r["net"] += finals[s.player] - s.stack
            stack[s.player] = finals[s.player]
        apply(after)
    for p, r in out.items():
        r.pop("joined", None)
        r["final"] = stack.get(p, away.get(p, 0))
    return out
