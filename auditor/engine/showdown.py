"""Showdown: hand strength, who wins each pot, and how a pot is shared out.

Strengths are integers where **higher is stronger**, for high and for low alike, so
ranking is one ``max``. High hands come from phevaluator's C evaluators: the best five of
five to seven cards for Hold'em, and for Omaha exactly two hole cards and three board cards
(its four-card evaluator is applied to every four-card subset of a five- or six-card Omaha
or Courchevel hand, which covers every two-card choice). The 8-or-better low is computed here:
small, exact and fast. So is the short-deck high (6+ Hold'em, ``sixplus``): no C evaluator
on PyPI knows its order (a flush beats a full house; A-6-7-8-9 is the lowest straight), and
PokerKit's, which does, costs about 0.4 ms a hand; the one here is tested against it.

Cards are strings such as ``"Ah"`` or ``"Td"``. They are converted once per card through
module-level tables; no evaluator object is rebuilt per hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from itertools import combinations
from typing import Final, NamedTuple

from phevaluator import _pheval

RANKS: Final = "23456789TJQKA"
SUITS = "cdhs"
_CARDS = [r + s for r in RANKS for s in SUITS]
_PHE_ID: Final = {c: i for i, c in enumerate(_CARDS)}  # phevaluator: rank * 4 + suit
_LOW_RANK = {c: (1 if c[0] == "A" else RANKS.index(c[0]) + 2) for c in _CARDS}  # A=1 … K=13
# an 8-or-better low counts ranks A (1) to 8: bit r of a card's mask is its low rank r
_LOW_BIT: Final = {c: (1 << r if r <= 8 else 0) for c, r in _LOW_RANK.items()}
_PHE_WORST: Final = 7463  # phevaluator ranks run 1 (royal flush) … 7462 (7-5-4-3-2)
# Its Hold'em evaluators (the best five), by the number of cards
_PHE_HIGH: Final = {5: _pheval.evaluate_5cards, 6: _pheval.evaluate_6cards,
                    7: _pheval.evaluate_7cards}

OMAHA_GAMES: Final = frozenset({"omaha", "courchevel"})


class CardError(ValueError):
    """A card string that is not one of the 52 cards."""


def _check(cards: Iterable[str]) -> None:
    for c in cards:
        if c not in _PHE_ID:
            raise CardError(f"not a card: {c!r}")


# --- high ---------------------------------------------------------------------------


def holdem_high(hole: Sequence[str], board: Sequence[str]) -> int:
    """Strength of the best five of hole + board cards (phevaluator; higher is stronger);
    CardError unless they are five to seven."""
    cards = [_PHE_ID[c] for c in (*hole, *board)]
    evaluate = _PHE_HIGH.get(len(cards))
    if evaluate is None:
        raise CardError(f"a Hold'em hand of {len(cards)} cards: five to seven are needed")
    return _PHE_WORST - evaluate(*cards)


def omaha_high(hole: Sequence[str], board: Sequence[str]) -> int:
    """Strength of the best Omaha hand: exactly two hole cards and three of the five board
    cards (phevaluator; higher is stronger). Works for 4, 5 and 6 hole cards."""
    b = [_PHE_ID[c] for c in board]
    h = [_PHE_ID[c] for c in hole]
    evaluate = _pheval.evaluate_omaha_cards
    if len(h) == 4:
        return _PHE_WORST - evaluate(*b, *h)
    return _PHE_WORST - min(evaluate(*b, *four) for four in combinations(h, 4))


# --- short deck (6+ Hold'em) ---------------------------------------------------------

# The 36-card deck: ranks 6 to A. Its categories, weakest first, as PokerKit and GGPoker
# rank them (GG's short-deck showdowns: a straight beats three of a kind; a flush beats a
# full house). A card's rank index: 6 = 4 … A = 12.
_SD_CARDS: Final = {r + s: (i, s) for i, r in enumerate(RANKS) if i >= 4 for s in SUITS}
_SD_HIGH_CARD: Final = 0
_SD_PAIR: Final = 1
_SD_TWO_PAIR: Final = 2
_SD_TRIPS: Final = 3
_SD_STRAIGHT: Final = 4
_SD_FULL_HOUSE: Final = 5
_SD_FLUSH: Final = 6
_SD_QUADS: Final = 7
_SD_STRAIGHT_FLUSH: Final = 8
_SD_ACE_TO_NINE: Final = 1 << 12 | 0b11110000  # A-6-7-8-9: the ace plays below the six


def _sd_straight_top(mask: int) -> int | None:
    """The top rank of the best straight in a bit set of short-deck ranks, or None;
    A-6-7-8-9 counts as topped by the nine (7)."""
    for top in range(12, 7, -1):  # A-high down to T-high (6-7-8-9-T)
        run = 0b11111 << (top - 4)
        if mask & run == run:
            return top
    return 7 if mask & _SD_ACE_TO_NINE == _SD_ACE_TO_NINE else None


def _sd_value(category: int, ranks: Sequence[int]) -> int:
    value = category
    for i in range(5):
        value = value * 16 + (ranks[i] + 1 if i < len(ranks) else 0)
    return value


def sixplus_high(cards: Sequence[str]) -> int:
    """Strength of the best five of ``cards`` in short-deck Hold'em (higher is stronger).
    Raises KeyError for a card below the six (not in the 36-card deck)."""
    counts = [0] * 13
    suits: dict[str, int] = {}
    for c in cards:
        r, suit = _SD_CARDS[c]
        counts[r] += 1
        suits[suit] = suits.get(suit, 0) | 1 << r
    flush_mask = max((m for m in suits.values() if m.bit_count() >= 5), default=0)
    if flush_mask:
        top = _sd_straight_top(flush_mask)
        if top is not None:
            return _sd_value(_SD_STRAIGHT_FLUSH, (top,))
    by_rank = [r for r in range(12, 3, -1) if counts[r]]
    quads = [r for r in by_rank if counts[r] == 4]
    if quads:
        return _sd_value(_SD_QUADS, (quads[0], next(r for r in by_rank if r != quads[0])))
    if flush_mask:
        return _sd_value(_SD_FLUSH, [r for r in range(12, 3, -1) if flush_mask >> r & 1][:5])
    trips = [r for r in by_rank if counts[r] == 3]
    pairs = [r for r in by_rank if counts[r] == 2]
    if trips and (len(trips) > 1 or pairs):
        return _sd_value(_SD_FULL_HOUSE, (trips[0], max((*trips[1:], *pairs))))
    mask = 0
    for r in by_rank:
        mask |= 1 << r
    top = _sd_straight_top(mask)
    if top is not None:
        return _sd_value(_SD_STRAIGHT, (top,))
    if trips:
        return _sd_value(_SD_TRIPS, (trips[0], *[r for r in by_rank if r != trips[0]][:2]))
    if len(pairs) >= 2:
        kicker = next(r for r in by_rank if r not in pairs[:2])
        return _sd_value(_SD_TWO_PAIR, (pairs[0], pairs[1], kicker))
    if pairs:
        return _sd_value(_SD_PAIR, (pairs[0], *[r for r in by_rank if r != pairs[0]][:3]))
    return _sd_value(_SD_HIGH_CARD, by_rank[:5])


# --- 8-or-better low ------------------------------------------------------------------


def _low_value(ranks: Sequence[int]) -> int:
    """Five distinct low ranks packed so that a better low is a larger number."""
    a, b, c, d, e = sorted(ranks, reverse=True)
    return -((((a * 16 + b) * 16 + c) * 16 + d) * 16 + e)


def _low_mask(cards: Iterable[str]) -> int:
    """The low ranks among ``cards`` as a bit set (KeyError for a card that does not
    exist). Lows are computed on these sets, once per set."""
    mask = 0
    for c in cards:
        mask |= _LOW_BIT[c]
    return mask


def _mask_ranks(mask: int) -> list[int]:
    """The low ranks of a bit set, lowest first."""
    return [r for r in range(1, 9) if mask >> r & 1]


def _best_five_low(mask: int) -> int | None:
    ranks = _mask_ranks(mask)
    return _low_value(ranks[:5]) if len(ranks) >= 5 else None


_HOLDEM_LOW: Final = tuple(_best_five_low(mask) for mask in range(512))  # by bit set of low ranks


def holdem_low(hole: Sequence[str], board: Sequence[str]) -> int | None:
    """The best 8-or-better low of any five of hole + board cards, None if none qualifies."""
    return _HOLDEM_LOW[_low_mask(hole) | _low_mask(board)]


def omaha_low(hole: Sequence[str], board: Sequence[str]) -> int | None:
    """The best 8-or-better Omaha low (exactly two hole + three board cards), None if none.

    For a given pair of hole ranks the best board choice is the three lowest board ranks
    not already held, so only the pairs are enumerated.
    """
    return _omaha_low(_low_mask(hole), _low_mask(board))


@cache
def _omaha_low(hole_mask: int, board_mask: int) -> int | None:
    board_ranks = _mask_ranks(board_mask)
    if len(board_ranks) < 3:
        return None
    best: int | None = None
    for pair in combinations(_mask_ranks(hole_mask), 2):
        rest = [r for r in board_ranks if r not in pair][:3]
        if len(rest) == 3:
            value = _low_value((*pair, *rest))
            if best is None or value > best:
                best = value
    return best


def low_ranks(value: int) -> tuple[int, ...]:
    """The five ranks of a low strength, highest first (A = 1)."""
    v = -value
    out = []
    for _ in range(5):
        out.append(v % 16)
        v //= 16
    return tuple(reversed(out))


# --- one player's hand ------------------------------------------------------------------


class Strength(NamedTuple):
    """A hand's high strength and its low strength (None: no qualifying low)."""

    high: int
    low: int | None = None


def strength(game: str, hi_lo: bool, hole: Sequence[str], board: Sequence[str]) -> Strength:
    """How strong ``hole`` is on ``board`` in ``game`` (``holdem``, ``omaha``,
    ``courchevel``). Raises CardError for a card that does not exist."""
    try:
        if game in OMAHA_GAMES:
            high = omaha_high(hole, board)
            return Strength(high, omaha_low(hole, board) if hi_lo else None)
        if game == "sixplus":
            return Strength(sixplus_high((*hole, *board)))
        high = holdem_high(hole, board)
        return Strength(high, holdem_low(hole, board) if hi_lo else None)
    except KeyError as exc:
        _check((*hole, *board))
        raise CardError(str(exc)) from exc


def strengths_on(
    game: str,
    hi_lo: bool,
    holes: Sequence[Sequence[str]],
    board: Sequence[str],
    size: int | None = None,
) -> list[Strength | None]:
    """``strength`` of each hand of ``holes`` on one ``board``, the board's cards converted
    once for all of them; None for a hand (or every hand, for a board) holding a card
    that does not exist, or (given ``size``) not holding ``size`` cards."""
    out: list[Strength | None] = []
    if game == "sixplus":  # short deck: high only, no low
        for hole in holes:
            try:
                ok = size is None or len(hole) == size
                out.append(Strength(sixplus_high((*hole, *board))) if ok else None)
            except KeyError:
                out.append(None)
        return out
    omaha = game in OMAHA_GAMES
    card = _PHE_ID.__getitem__
    try:
        b = list(map(card, board))
        board_low = _low_mask(board) if hi_lo else 0
    except KeyError:
        return [None] * len(holes)
    low: int | None = None
    for hole in holes:
        if size is not None and len(hole) != size:
            out.append(None)
            continue
        try:
            h = list(map(card, hole))
            if hi_lo:
                mask = _low_mask(hole)
                low = _omaha_low(mask, board_low) if omaha else _HOLDEM_LOW[mask | board_low]
        except KeyError:
            out.append(None)
            continue
        if not omaha:
            h += b
            evaluate = _PHE_HIGH.get(len(h))
            if evaluate is None:
                out.append(None)
                continue
            high = _PHE_WORST - evaluate(*h)
        elif len(h) == 4:
            high = _PHE_WORST - _pheval.evaluate_omaha_cards(*b, *h)
        else:
            evaluate = _pheval.evaluate_omaha_cards
            high = _PHE_WORST - min(evaluate(*b, *four) for four in combinations(h, 4))
        if hi_lo:
            out.append(Strength(high, low))
        else:  # one shared Strength per value
            known = _HIGH_ONLY.get(high)
            if known is None:
                known = _HIGH_ONLY[high] = Strength(high)
            out.append(known)
    return out


_HIGH_ONLY: dict[int, Strength] = {}  # high-only strengths, by value (a few thousand)


# --- who wins a pot -------------------------------------------------------------------


class Verdict(NamedTuple):
    """Who wins one pot on one board.

    ``decided`` is False when some contender's cards are unknown: the winners are then
    left empty, and ``beaten`` names the contenders with known cards who cannot win any
    part of the pot whatever the unknown cards are (beaten on every half by a shown hand).
    ``low_winners`` is empty when nobody qualifies for low (the high hand takes all).
    """

    decided: bool
    high_winners: tuple[str, ...] = ()
    low_winners: tuple[str, ...] = ()
    beaten: frozenset[str] = frozenset()

    @property
    def winners(self) -> frozenset[str]:
        """Everyone who wins some part of the pot."""
        return frozenset(self.high_winners) | frozenset(self.low_winners)


def judge(
    contenders: Sequence[str], strengths: Mapping[str, Strength | None], hi_lo: bool
) -> Verdict:
    """Rank the contenders of a pot (eligible players who did not concede). Cards speak;
    unknown cards are never guessed."""
    if len(contenders) == 1:
        return Verdict(True, (contenders[0],))
    known = {p: s for p in contenders if (s := strengths.get(p)) is not None}
    if not known:
        return Verdict(False)
    if not hi_lo and len(known) == len(contenders):  # every hand shown: the common case
        top = None
        winners: list[str] = []
        for p, s in known.items():
            if top is None or s.high > top:
                top = s.high
                winners = [p]
            elif s.high == top:
                winners.append(p)
        return Verdict(True, tuple(winners))
    best_high = max(s.high for s in known.values())
    lows = [s.low for s in known.values() if s.low is not None] if hi_lo else []
    best_low = max(lows) if lows else None
    if len(known) < len(contenders):
        beaten = frozenset(
            p
            for p, s in known.items()
            if s.high < best_high and (not hi_lo or s.low is None or s.low < best_low)  # type: ignore[operator]
        )
        return Verdict(False, beaten=beaten)
    high = tuple(p for p in contenders if known[p].high == best_high)
    low = tuple(p for p in contenders if best_low is not None and known[p].low == best_low)
    return Verdict(True, high, low)


# --- sharing out ---------------------------------------------------------------------


def clockwise_from_button(
    players: Iterable[str], seat_of: Mapping[str, int], button_seat: int | None
) -> list[str]:
    """``players`` ordered clockwise starting left of the button (the button last)."""
    button = button_seat if button_seat is not None else 0
    return sorted(players, key=lambda p: (seat_of.get(p, 0) - button - 1) % 1000)


def split_equally(amount: int, winners: Sequence[str], unit: int = 1,
                  all_to_first: bool = False) -> dict[str, int]:
    """Split ``amount`` equally among ``winners`` (already in odd-chip order): whole
    ``unit`` chips each, then the odd chips one unit at a time from the first winner on,
    or all of them to the first winner (``all_to_first``: some rooms, and PokerKit).

    >>> split_equally(20, ["A", "B", "C"])
    {'A': 7, 'B': 7, 'C': 6}
    >>> split_equally(20, ["A", "B", "C"], all_to_first=True)
    {'A': 8, 'B': 6, 'C': 6}
    """
    n = len(winners)
    base = amount // (n * unit) * unit
    shares = dict.fromkeys(winners, base)
    rest = amount - base * n
    if all_to_first and rest:
        shares[winners[0]] += rest
        return shares
    i = 0
    while rest > 0:
        chip = unit if rest >= unit else rest
        shares[winners[i % n]] += chip
        rest -= chip
        i += 1
    return shares


def share_out(
    amount: int,
    verdict: Verdict,
    odd_order: Sequence[str],
    unit: int = 1,
    *,
    odd_to_high: bool = True,
    all_to_first: bool = False,
) -> dict[str, int]:
    """What each winner of a decided pot gets. Hi/lo pots are halved (the odd chip to the
    high half, unless ``odd_to_high`` is False) when a low qualifies; each half is split
    equally among its winners, odd chips going to winners in ``odd_order``, one unit at a
    time or (``all_to_first``) all to the first."""
    rank = {p: i for i, p in enumerate(odd_order)}

    def ordered(ps: Iterable[str]) -> list[str]:
        return sorted(ps, key=lambda p: rank.get(p, len(rank)))

    shares: dict[str, int] = {}
    high_amount = amount
    if verdict.low_winners:
        half = amount // (2 * unit) * unit
        low_amount = half if odd_to_high else amount - half
        high_amount = amount - low_amount
        low = split_equally(low_amount, ordered(verdict.low_winners), unit, all_to_first)
        for p, a in low.items():
            shares[p] = shares.get(p, 0) + a
    high = split_equally(high_amount, ordered(verdict.high_winners), unit, all_to_first)
    for p, a in high.items():
        shares[p] = shares.get(p, 0) + a
    return shares


def split_runs(amount: int, runs: int) -> list[int]:
    """A pot's parts when the board is run ``runs`` times: equal parts, the odd chips
    (smallest unit) to the first runs, as PokerStars pays them (``2231 -> [1116, 1115]``)."""
    base, rest = divmod(amount, runs)
    return [base + (1 if k < rest else 0) for k in range(runs)]


def run_parts(amount: int, runs: int, eligible: tuple[str, ...]) -> list[int]:
    """A pot's parts on each board: ``split_runs``, but a pot only one player can win is
    not run at all (a side pot nobody contests is his whatever the boards): it is the
    first board's whole (GG collects it once, in the first showdown)."""
    if len(eligible) == 1 and runs > 1:
        return [amount] + [0] * (runs - 1)
    return split_runs(amount, runs)


# --- names, for people ----------------------------------------------------------------

_NAMES: Final = {
    "A": ("Ace", "Aces"), "K": ("King", "Kings"), "Q": ("Queen", "Queens"),
    "J": ("Jack", "Jacks"), "T": ("Ten", "Tens"), "9": ("Nine", "Nines"),
    "8": ("Eight", "Eights"), "7": ("Seven", "Sevens"), "6": ("Six", "Sixes"),
    "5": ("Five", "Fives"), "4": ("Four", "Fours"), "3": ("Three", "Threes"),
    "2": ("Deuce", "Deuces"),
}  # fmt: skip


def best_five(game: str, hole: Sequence[str], board: Sequence[str]) -> tuple[str, ...]:
    """The five cards that make the best high hand (for naming it)."""
    choices: Iterable[tuple[str, ...]]
    if game in OMAHA_GAMES:
        choices = ((*h, *b) for h in combinations(hole, 2) for b in combinations(board, 3))
    else:
        choices = combinations((*hole, *board), 5)
    rank = _pheval.evaluate_5cards  # (the first of equal fives, as ``max`` would)
    return min(choices, key=lambda five: rank(*map(_PHE_ID.__getitem__, five)))


def describe_high(five: Sequence[str]) -> str:
    """A five-card hand named the way PokerStars names it ("two pair, Aces and Queens")."""
    counts: dict[str, int] = {}
    for c in five:
        counts[c[0]] = counts.get(c[0], 0) + 1
    by_count = sorted(counts, key=lambda r: (counts[r], RANKS.index(r)), reverse=True)
    one = {r: _NAMES[r][0] for r in counts}
    many = {r: _NAMES[r][1] for r in counts}
    flush = len({c[1] for c in five}) == 1
    values = sorted((RANKS.index(r) for r in counts), reverse=True)
    straight_top = None
    if len(counts) == 5:
        if values[0] - values[4] == 4:
            straight_top = values[0]
        elif values == [12, 3, 2, 1, 0]:
            straight_top = 3  # the wheel, Ace to Five
    shape = sorted(counts.values(), reverse=True)
    top = by_count[0]
    if straight_top is not None:
        low = "Ace" if straight_top == 3 else _NAMES[RANKS[straight_top - 4]][0]
        high = _NAMES[RANKS[straight_top]][0]
        if flush:
            return "a Royal Flush" if straight_top == 12 else f"a straight flush, {low} to {high}"
        return f"a straight, {low} to {high}"
    if shape[0] == 4:
        return f"four of a kind, {many[top]}"
    if shape[:2] == [3, 2]:
        return f"a full house, {many[top]} full of {many[by_count[1]]}"
    if flush:
        return f"a flush, {one[RANKS[values[0]]]} high"
    if shape[0] == 3:
        return f"three of a kind, {many[top]}"
    if shape[:2] == [2, 2]:
        return f"two pair, {many[top]} and {many[by_count[1]]}"
    if shape[0] == 2:
        return f"a pair of {many[top]}"
    return f"high card {one[RANKS[values[0]]]}"


def describe_low(value: int) -> str:
    """A low named by its ranks, highest first ("7,5,4,3,A")."""
    return ",".join("A" if r == 1 else RANKS[r - 2] for r in low_ranks(value))


def describe(game: str, hi_lo: bool, hole: Sequence[str], board: Sequence[str]) -> str:
    """The hand's name, with its low in hi/lo games ("HI: …; LO: 7,5,4,3,A")."""
    if game == "sixplus":  # the best five by the short deck's order; A-6-7-8-9 named
        five = max(combinations((*hole, *board), 5), key=sixplus_high)
        if {c[0] for c in five} == set("A6789"):
            return ("a straight flush, Ace to Nine" if len({c[1] for c in five}) == 1
                    else "a straight, Ace to Nine")
        return describe_high(five)
    high = describe_high(best_five(game, hole, board))
    if not hi_lo:
        return high
    s = strength(game, hi_lo, hole, board)
    return f"HI: {high}; LO: {describe_low(s.low) if s.low is not None else 'none'}"
