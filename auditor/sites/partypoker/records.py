"""Line shapes of PartyPoker and 888 into *records*, and records into events.

A body line is read in two steps. Its shape (``lines.split_fields``) is parsed once by the
site's grammar and compiled into a *recipe*; the recipe turns the line's values into a
record: a plain tuple ``(op, player, …)`` with its amounts in the hand's smallest unit
(``op`` is the grammar's alias: ``post``, ``raise_added``, ``wins``, …). Records do not
depend on the rest of the hand, so a reader keeps them per line text.

``build_events`` then walks the records in order with the little betting state the two
sites' amounts need (both print the chips a player *adds*; the event model wants a raise's
street total; Party's classic export prints an all-in as a line of its own, whose meaning,
bet, call or raise, depends on what the player faced), and makes the events.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, cast

from lark import Token, Tree

from auditor.model import events as ev
from auditor.sites.partypoker.lines import Amounts, cards_of

Record = tuple[Any, ...]
# A recipe: the line's values, the player's name and the hand's amounts -> its record.
Recipe = Callable[[list[str], "str | None", Amounts], Record]

_FIELDS = ("NUM", "CARDS", "DESC", "QUOTED")
IGNORED: Record = ("ignore", None)


def _count(text: str) -> int:
    """A pot's number as printed ("1"; the lexer reads it as an amount)."""
    digits = "".join(c for c in text if c.isdigit())
    return int(digits) if digits else 0


def _tokens(tree: Tree | Token) -> list[Token]:
    # lark-cython tokens are not lark.Token instances: test for the tree instead.
    if not isinstance(tree, Tree):
        return [tree]
    out: list[Token] = []
    for child in tree.children:
        out.extend(_tokens(child))
    return out


def _subtrees(tree: Tree) -> list[Tree]:
    return [c for c in tree.children if isinstance(c, Tree)]


class RecipeBuilder:
    """Compiles the parse tree of one shape into a recipe. The fields of a shape come in
    the order of its placeholders, so the k-th field token of the tree reads value k."""

    def build(self, tree: Tree) -> Recipe:
        if tree.data == "player_line":
            action = next(c for c in tree.children if isinstance(c, Tree))
            return self.build(action)
        fields = [t for t in _tokens(tree) if t.type in _FIELDS]
        kinds = [t.type for t in fields]
        method = getattr(self, "r_" + tree.data, None)
        if method is None:
            raise NotImplementedError(tree.data)
        return method(tree, kinds)

    @staticmethod
    def _const(op: str) -> Recipe:
        return lambda v, name, amounts: (op, name)

    # --- betting ---
    def r_post(self, tree: Tree, kinds: list[str]) -> Recipe:
        kind = _subtrees(tree)[0].data
        return lambda v, name, amounts: ("post", name, kind, amounts[v[0]], 0)

    def r_post_ante(self, tree: Tree, kinds: list[str]) -> Recipe:
        return lambda v, name, amounts: ("post", name, "ante", amounts[v[0]], 0)

    def r_post_dead(self, tree: Tree, kinds: list[str]) -> Recipe:
        # 888 "posts dead blind [$1 + $2]": the small blind dead, the big blind live.
        return lambda v, name, amounts: (
            "post", name, "small_and_big", amounts[v[0]] + amounts[v[1]], amounts[v[0]])

    def r_fold(self, tree: Tree, kinds: list[str]) -> Recipe:
        return self._const("fold")

    def r_check(self, tree: Tree, kinds: list[str]) -> Recipe:
        return self._const("check")

    def r_all_in_flag(self, tree: Tree, kinds: list[str]) -> Recipe:
        return self._const("all_in_flag")

    def r_no_show(self, tree: Tree, kinds: list[str]) -> Recipe:
        return self._const("no_show")

    def r_call(self, tree: Tree, kinds: list[str]) -> Recipe:
        return lambda v, name, amounts: ("call", name, amounts[v[0]])

    def r_bet(self, tree: Tree, kinds: list[str]) -> Recipe:
        return lambda v, name, amounts: ("bet", name, amounts[v[0]])

    def r_raise_added(self, tree: Tree, kinds: list[str]) -> Recipe:
        return lambda v, name, amounts: ("raise_added", name, amounts[v[0]])

    def r_raise_to(self, tree: Tree, kinds: list[str]) -> Recipe:
        return lambda v, name, amounts: ("raise_to", name, amounts[v[0]], amounts[v[1]])

    def r_all_in_amount(self, tree: Tree, kinds: list[str]) -> Recipe:
        return lambda v, name, amounts: ("all_in_amount", name, amounts[v[0]])

    # --- showdown and pots ---
    def r_shows(self, tree: Tree, kinds: list[str]) -> Recipe:
        has_desc = "DESC" in kinds
        return lambda v, name, amounts: (
            "shows", name, cards_of(v[0]), v[1] if has_desc else "")

    def r_mucks(self, tree: Tree, kinds: list[str]) -> Recipe:
        return lambda v, name, amounts: ("mucks", name, cards_of(v[0]))

    def r_wins(self, tree: Tree, kinds: list[str]) -> Recipe:
        pot: int | None = None
        side = False
        for c in _subtrees(tree):
            if c.data == "pot_main":
                pot = 0
            elif c.data == "pot_side":
                side = True
        if side:
            return lambda v, name, amounts: ("wins", name, amounts[v[0]], _count(v[1]))
        return lambda v, name, amounts: ("wins", name, amounts[v[0]], pot)

    def r_collected_pot(self, tree: Tree, kinds: list[str]) -> Recipe:
        # 888 "collected [ $0.19 ]": no pot named.
        return lambda v, name, amounts: ("wins", name, amounts[v[0]], None)

    def r_balance(self, tree: Tree, kinds: list[str]) -> Recipe:
        # "Hero balance $44.16, bet $23.17, collected $41.47, net +$18.30[cards] [desc]"
        subs = _subtrees(tree)
        cashed = any(c.data == "cashed" for c in subs)
        result = subs[-1]
        n_cards = "CARDS" in kinds
        has_desc = "DESC" in kinds
        nums = kinds.count("NUM")
        at_cards = nums  # the cards follow the amounts
        if result.data == "collected":
            def make(v: list[str], name: str | None, amounts: Amounts) -> Record:
                return ("balance", name, cashed, amounts[v[1]], amounts[v[2]],
                        cards_of(v[at_cards]) if n_cards else (),
                        v[at_cards + 1] if has_desc and n_cards else "")
            return make
        if result.data == "lost":
            def make_lost(v: list[str], name: str | None, amounts: Amounts) -> Record:
                return ("balance", name, cashed, amounts[v[1]], 0,
                        cards_of(v[at_cards]) if n_cards else (),
                        v[at_cards + 1] if has_desc and n_cards else "")
            return make_lost
        return lambda v, name, amounts: ("balance", name, cashed, 0, 0, (), "")

    def r_cashout(self, tree: Tree, kinds: list[str]) -> Recipe:
        return lambda v, name, amounts: ("cashout", name, amounts[v[0]])

    def r_dealt(self, tree: Tree, kinds: list[str]) -> Recipe:
        return lambda v, name, amounts: ("dealt", name, cards_of(v[0]))

    # --- streets and summary ---
    def r_deal(self, tree: Tree, kinds: list[str]) -> Recipe:
        record = ("deal", None)
        return lambda v, name, amounts: record

    def r_street(self, tree: Tree, kinds: list[str]) -> Recipe:
        street = _subtrees(tree)[0].data
        return lambda v, name, amounts: ("street", None, street, cards_of(v[0]))

    def r_other_street(self, tree: Tree, kinds: list[str]) -> Recipe:
        record = ("other_street", None)
        return lambda v, name, amounts: record

    def r_summary(self, tree: Tree, kinds: list[str]) -> Recipe:
        record = ("summary", None)
        return lambda v, name, amounts: record

    def r_pot_summary(self, tree: Tree, kinds: list[str]) -> Recipe:
        n = len(kinds)
        sides = [i + 1 for i, c in enumerate(_subtrees(tree)) if c.data == "side_pot"]
        # Main NUM, then (number, amount) per side pot, then the rake if stated.
        side_amounts = [2 * k for k in range(1, len(sides) + 1)]
        rake = n - 1 if n > 1 + 2 * len(sides) else None

        def make(v: list[str], name: str | None, amounts: Amounts) -> Record:
            return ("pot_summary", None, amounts[v[0]],
                    tuple(amounts[v[i]] for i in side_amounts),
                    amounts[v[rake]] if rake is not None else 0)

        return make

    def r_board(self, tree: Tree, kinds: list[str]) -> Recipe:
        return lambda v, name, amounts: ("board", None, cards_of(v[0]))

    def r_level_blinds(self, tree: Tree, kinds: list[str]) -> Recipe:
        ante = len(kinds) > 2
        return lambda v, name, amounts: (
            "level", None, amounts[v[0]], amounts[v[1]], amounts[v[2]] if ante else 0)

    # --- lines that move no chips ---
    def r_chat(self, tree: Tree, kinds: list[str]) -> Recipe:
        return lambda v, name, amounts: ("note", name, "chat", v[0])

    def _note(self, kind: str) -> Recipe:
        return lambda v, name, amounts: ("note", name, kind, "")

    def r_joins(self, tree: Tree, kinds: list[str]) -> Recipe:
        return self._note("joins")

    def r_leaves(self, tree: Tree, kinds: list[str]) -> Recipe:
        return self._note("leaves")

    def r_sits_out(self, tree: Tree, kinds: list[str]) -> Recipe:
        return self._note("sitting_out")

    def r_timed_out(self, tree: Tree, kinds: list[str]) -> Recipe:
        return self._note("timed_out")

    def r_disconnected(self, tree: Tree, kinds: list[str]) -> Recipe:
        return self._note("disconnected")

    def r_note(self, tree: Tree, kinds: list[str]) -> Recipe:
        return self._note("other")

    # (Methods of their own: mypyc compiles no assignments of methods in a class body.)
    def r_time_bank(self, tree: Tree, kinds: list[str]) -> Recipe:
        return self._note("other")

    def r_cashout_note(self, tree: Tree, kinds: list[str]) -> Recipe:
        return self._note("other")

    def r_level_note(self, tree: Tree, kinds: list[str]) -> Recipe:
        return self._note("other")


# --- records into events ----------------------------------------------------------------

# The events are made by calling their classes: compiled (this module is, in the compiled
# build), each is a direct call of a native constructor (bench/LEVERS.md §28, §34).
_ALL_IN_ABLE = (ev.Call, ev.Bet, ev.Raise, ev.PostBlind)
_STREETS = ("flop", "turn", "river")


class Built:
    """What ``build_events`` made of a hand's records."""

    __slots__ = ("collected", "events", "sat_out", "summary", "took_part")

    def __init__(self) -> None:
        self.events: list[ev.Event] = []
        self.collected = 0  # collections read
        self.summary = False  # a summary line was read
        self.took_part: set[str] = set()  # posted, acted or was dealt cards
        self.sat_out: set[str] = set()  # said to sit out


def build_events(records: list[tuple[int, Record]], stacks: dict[str, int], big_blind: int,
                 implied: list[tuple[int, str, str, int]] | None = None) -> Built:
    """The events of a hand's ``(line, record)`` list, in order.

    ``stacks``: each seated player's stack; ``big_blind``: the hand's big blind (the live
    part of a "big blind + dead" post); ``implied``: the blinds to post at the deal
    (``(line, player, kind, amount)``: classic tournament hands do not print them).
    """
    out = Built()
    events = out.events
    append = events.append
    took_part = out.took_part
    left = dict(stacks)  # chips each seated player has left
    commit: dict[str, int] = {}  # live chips on the street
    bet = 0  # the bet to match on the street
    folded: set[str] = set()
    board: tuple[str, ...] = ()
    showdown = False
    cashed_out: dict[str, int] = {}

    for no, rec in records:
        # (Typed str: compiled, each test of the chain below is a string comparison, not
        # Python's generic one: 15,000 instructions a hand.)
        op: str = rec[0]
        player = rec[1]
        if op == "fold":
            folded.add(player)
            took_part.add(player)
            append(ev.Fold(no, player))
        elif op == "check":
            took_part.add(player)
            append(ev.Check(no, player))
        elif op == "call":
            amount = rec[2]
            took_part.add(player)
            commit[player] = commit.get(player, 0) + amount
            append(ev.Call(no, player, amount, _put(left, player, amount)))
        elif op == "bet":
            amount = rec[2]
            took_part.add(player)
            mine = commit[player] = commit.get(player, 0) + amount
            if mine > bet:
                bet = mine
            append(ev.Bet(no, player, amount, _put(left, player, amount)))
        elif op == "raise_added" or op == "raise_to":
            took_part.add(player)
            before = commit.get(player, 0)
            # Both exports print the chips added; 2018+ adds the street total after them.
            to = before + rec[2] if op == "raise_added" else rec[3]
            commit[player] = to
            if to > bet:
                bet = to
            append(ev.Raise(no, player, to, None, _put(left, player, to - before)))
        elif op == "all_in_amount":
            # Classic: "Player4 is all-In  [$0.22 USD]", the chips added, alone on its
            # line: a bet, a raise or a call, by what the player faced.
            amount = rec[2]
            took_part.add(player)
            before = commit.get(player, 0)
            to = commit[player] = before + amount
            _put(left, player, amount)
            if bet == 0:
                bet = to
                append(ev.Bet(no, player, amount, True))
            elif to > bet:
                bet = to
                append(ev.Raise(no, player, to, None, True))
            else:
                append(ev.Call(no, player, amount, True))
        elif op == "all_in_flag":
            # 2018+: "Player2 is all-In." after his action: that action was all-in.
            for k in range(len(events) - 1, -1, -1):
                e = events[k]
                if isinstance(e, _ALL_IN_ABLE) and e.player == player:  # type: ignore[attr-defined]
                    if not e.all_in:  # type: ignore[attr-defined]
                        events[k] = replace(e, all_in=True)  # type: ignore[type-var]
                    break
        elif op == "post":
            kind, amount, dead = rec[2], rec[3], rec[4]
            took_part.add(player)
            if kind == "big_and_dead":
                # "posts big blind + dead [$0.03]": the big blind live, the rest dead.
                dead = amount - big_blind if amount > big_blind > 0 else 0
                kind = "small_and_big" if dead else "big"
            all_in = _put(left, player, amount)
            if kind != "ante":
                mine = commit[player] = commit.get(player, 0) + amount - dead
                if mine > bet:
                    bet = mine
                if kind == "big" and big_blind > bet:
                    bet = big_blind  # a big blind all-in for less does not lower the price
            append(ev.PostBlind(no, player, kind, amount, dead, all_in))
        elif op == "deal":
            if implied:
                for line, who, kind, amount in implied:
                    took_part.add(who)
                    commit[who] = commit.get(who, 0) + amount
                    if amount > bet:
                        bet = amount
                    append(ev.PostBlind(line, who, cast(ev.BlindKind, kind), amount, 0,
                                        _put(left, who, amount)))
            append(ev.StreetStart(no, "preflop", (), 0))
        elif op == "street":
            street, cards = rec[2], rec[3]
            board = cards if street == "flop" or len(cards) >= 3 else board + cards
            commit = {}
            bet = 0
            append(ev.StreetStart(no, street, board, 0))
        elif op == "dealt":
            took_part.add(player)
            append(ev.HoleCards(no, player, rec[2]))
        elif op == "shows":
            showdown = _open_showdown(events, showdown, no)
            append(ev.Shows(no, player, rec[2], rec[3]))
        elif op == "mucks":
            showdown = _open_showdown(events, showdown, no)
            append(ev.Mucks(no, player, rec[2]))
        elif op == "no_show":
            if player in folded:
                append(ev.TableNote(no, "other", player, "does not show cards"))
            else:
                if _live(took_part, folded) > 1:
                    showdown = _open_showdown(events, showdown, no)
                append(ev.Mucks(no, player, ()))
        elif op == "wins":
            if _live(took_part, folded) > 1:
                showdown = _open_showdown(events, showdown, no)
            out.collected += 1
            append(ev.Collected(no, player, rec[2], rec[3], 0))
        elif op == "summary":
            out.summary = True
            if _live(took_part, folded) > 1:
                showdown = _open_showdown(events, showdown, no)
        elif op == "balance":
            _, _, cashed, _bet, collected, cards, desc = rec
            if cards:
                showdown = _open_showdown(events, showdown, no)
                append(ev.Shows(no, player, cards, desc))
            if cashed:
                # The cash-out the site paid him ("Cashout Amount is …") is his
                # "collected": only what goes beyond it came from the pot.
                collected -= cashed_out.get(player, 0)
            if collected > 0:
                out.collected += 1
                append(ev.Collected(no, player, collected, None, 0))
        elif op == "cashout":
            cashed_out[player] = rec[2]
            append(ev.SidePayment(no, player, rec[2], "cashout"))
        elif op == "pot_summary":
            main, sides, rake = rec[2], rec[3], rec[4]
            append(ev.PotSummary(no, main + sum(sides), main, sides, rake, ()))
        elif op == "board":
            append(ev.BoardSummary(no, rec[2], 0))
        elif op == "note":
            kind = rec[2]
            if kind == "sitting_out":
                out.sat_out.add(player)
            append(ev.TableNote(no, kind, player, rec[3]))
    return out


def _put(left: dict[str, int], player: str, amount: int) -> bool:
    """Take ``amount`` from ``player``'s stack in ``left``: whether he is all-in after it."""
    have = left.get(player)
    if have is None:
        return False
    have -= amount
    left[player] = have
    return have <= 0


def _open_showdown(events: list[ev.Event], showdown: bool, no: int) -> bool:
    """The showdown started at line ``no`` if it had not (True: it has now)."""
    if not showdown:
        events.append(ev.ShowdownStart(no, 0))
    return True


def _live(took_part: set[str], folded: set[str]) -> int:
    """How many players who took part have not folded."""
    return len(took_part) - len(took_part & folded)
