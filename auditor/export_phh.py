"""Any read hand written as PHH, so that it can be replayed in PokerKit
(``auditor export-phh FILE --hand ID``).

The hand's events become PHH's inputs: the dealt-in players in PHH's order (the small blind
first, the button last: the turn order the engine uses, which heads-up puts the big blind
first and the button last, as PHH does), their starting stacks, the forced bets as arrays,
and the actions (``cc`` for a check or a call, ``cbr`` with the street total a bet or raise
goes to, the boards as ``d db``, shown cards as ``sm``). What each player collected is
written as his ``winnings``. PHH has no words for what PokerStars-style histories print
around that (returns, pot labels, rake), and none for some hands: a dead or
out-of-position blind, a capped no-limit game, a board run twice, a game PHH cannot name.
Those are refused with the reason (``ExportError``).
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from auditor.engine.betting import dealt_in_players, turn_order
from auditor.model import events as ev
from auditor.model.hand import Hand

# (game, limit, hi/lo) -> PHH variant
_VARIANTS = {
    ("holdem", "NL", False): "NT",
    ("holdem", "FL", False): "FT",
    ("omaha", "PL", False): "PO",
    ("omaha", "FL", True): "FO/8",
}


class ExportError(ValueError):
    """A hand PHH cannot state as it was played."""


def _amount(units: int, decimals: int) -> str:
    """``150, 2`` -> ``1.50``; ``1500, 0`` -> ``1500``."""
    if decimals == 0 or units == 0:
        return str(units)
    return str(Decimal(units).scaleb(-decimals))


def _string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def _array(values: list[str]) -> str:
    return "[" + ", ".join(values) + "]"


def hand_to_phh(hand: Hand) -> str:
    """``hand`` as one PHH table (without a ``[N]`` header). Raises ``ExportError``."""
    info = hand.info
    variant = _VARIANTS.get((info.game, info.limit, info.hi_lo))
    if variant is None or (info.game == "omaha" and info.hole_cards != 4):
        raise ExportError(f"{info.variant or info.game} ({info.limit}): PHH has no such "
                          "variant PokerKit replays")
    if hand.cancelled:
        raise ExportError("the hand was cancelled")
    order = turn_order(hand, dealt_in_players(hand))
    if len(order) < 2:
        raise ExportError("fewer than two players were dealt in")
    index = {name: i for i, name in enumerate(order)}
    label = {name: f"p{i + 1}" for i, name in enumerate(order)}
    heads_up = len(order) == 2
    d = info.decimals

    def position(player: str) -> int:
        """The player's place in PHH's forced-bet arrays (heads-up they are reversed)."""
        i = index[player]
        return 1 - i if heads_up else i

    antes = [0] * len(order)
    blinds = [0] * len(order)
    stacks = {s.player: s.stack for s in hand.seats}
    seat_of = {s.player: s.seat for s in hand.seats}
    hole: dict[str, tuple[str, ...]] = {}
    actions: list[str] = []
    winnings = [0] * len(order)
    board: list[str] = []
    commit: dict[str, int] = {}
    started = False  # a betting action has been seen
    for e in hand.events:
        cls = type(e)
        player = getattr(e, "player", None)
        if player is not None and player not in index and cls not in (ev.TableNote,):
            if cls in (ev.PostBlind, ev.Fold, ev.Check, ev.Call, ev.Bet, ev.Raise,
                       ev.Collected):
                raise ExportError(f"{player} acts or is paid but was not dealt in")
            continue
        if cls is ev.PostBlind:
            assert isinstance(e, ev.PostBlind)
            if started or e.dead or e.kind not in ("small", "big", "straddle", "ante"):
                raise ExportError(f"{e.player}'s {e.kind.replace('_', ' ')} blind of line "
                                  f"{e.line}: PHH has no dead or out-of-position blinds")
            if e.kind == "ante":
                antes[position(e.player)] += e.amount
                continue
            wanted = {"small": 0, "big": 1}.get(e.kind)
            at = position(e.player)
            if (wanted is not None and at != wanted) or (e.kind == "straddle" and at < 2):
                raise ExportError(f"{e.player} posts the {e.kind} blind at line {e.line} from "
                                  "another place than PHH's")
            blinds[at] += e.amount
            commit[e.player] = commit.get(e.player, 0) + e.amount
        elif cls is ev.HoleCards:
            assert isinstance(e, ev.HoleCards)
            if e.cards:
                hole[e.player] = e.cards
        elif cls is ev.StreetStart:
            assert isinstance(e, ev.StreetStart)
            if e.run:
                raise ExportError("the board was run more than once: PHH has no words for it")
            if e.street == "preflop":
                continue
            new = e.board[len(board):]
            if tuple(board) != e.board[: len(board)] or not new:
                raise ExportError(f"the {e.street} of line {e.line} does not follow the board")
            actions.append("d db " + "".join(new))
            board = list(e.board)
            commit = {}
        elif cls in (ev.Fold, ev.Check, ev.Call):
            started = True
            actions.append(f"{label[player]} {'f' if cls is ev.Fold else 'cc'}")
            if cls is ev.Call:
                commit[player] = commit.get(player, 0) + e.amount  # type: ignore[attr-defined]
        elif cls in (ev.Bet, ev.Raise):
            started = True
            to = (e.to if cls is ev.Raise  # type: ignore[attr-defined]
                  else commit.get(player, 0) + e.amount)  # type: ignore[attr-defined]
            commit[player] = to
            actions.append(f"{label[player]} cbr {_amount(to, d)}")
        elif cls is ev.Shows:
            assert isinstance(e, ev.Shows)
            if len(e.cards) == info.hole_cards:
                actions.append(f"{label[e.player]} sm {''.join(e.cards)}")
                hole.setdefault(e.player, e.cards)
        elif cls is ev.Collected:
            assert isinstance(e, ev.Collected)
            if e.run:
                raise ExportError("the board was run more than once: PHH has no words for it")
            winnings[index[e.player]] += e.amount
        elif cls in (ev.CashedOut, ev.SidePayment, ev.HouseMoney, ev.StackChange):
            raise ExportError(f"line {e.line}: PHH has no words for a {cls.__name__}")
    unknown = "??" * info.hole_cards
    deals = [f"d dh {label[p]} {''.join(hole[p]) if p in hole else unknown}" for p in order]
    big = info.stakes[0] if info.limit == "FL" else info.stakes[1]
    lines = [
        f"variant = {_string(variant)}",
        "ante_trimming_status = false",
        f"antes = {_array([_amount(a, d) for a in antes])}",
        f"blinds_or_straddles = {_array([_amount(b, d) for b in blinds])}",
    ]
    if info.limit == "FL":
        lines += [f"small_bet = {_amount(info.stakes[0], d)}",
                  f"big_bet = {_amount(info.stakes[1], d)}"]
    else:
        lines.append(f"min_bet = {_amount(big, d)}")
    lines += [
        f"starting_stacks = {_array([_amount(stacks[p], d) for p in order])}",
        f"actions = {_array([_string(a) for a in deals + actions])}",
        f"players = {_array([_string(p) for p in order])}",
        f"seats = {_array([str(seat_of[p]) for p in order])}",
    ]
    if info.max_seats:
        lines.append(f"seat_count = {info.max_seats}")
    if info.table:
        lines.append(f"table = {_string(info.table)}")
    lines.append(f"venue = {_string(info.site)}")
    if info.hand_id:
        lines.append(f"hand = {_string(info.hand_id)}")
    if info.currency:
        lines.append(f"currency = {_string(info.currency)}")
    if info.symbol:
        lines.append(f"currency_symbol = {_string(info.symbol)}")
    if any(winnings):
        lines.append(f"winnings = {_array([_amount(w, d) for w in winnings])}")
    return "\n".join(lines) + "\n"


def export_in_file(path: Path, hand_id: str) -> str | None:
    """The hand ``hand_id`` of ``path`` as PHH, or None when the file holds no such hand.
    Raises ``ExportError`` for a hand that is not read or that PHH cannot state."""
    from auditor.parsing import Unreadable, read_path

    for parsed in read_path(path):
        if isinstance(parsed, Unreadable):
            if parsed.hand_id == hand_id:
                raise ExportError(f"hand #{hand_id} is not replayed ({parsed.code}): "
                                  f"{parsed.message}")
            continue
        if parsed.info.hand_id == hand_id:
            return hand_to_phh(parsed)
    return None
