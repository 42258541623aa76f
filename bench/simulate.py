"""Simulate a realistic 6-max no-limit Hold'em cash session, written as PokerStars text.

The hand-written samples are special cases (side pots, run it twice, cash-outs…). Real
sessions are mostly dull: most hands end preflop, some on the flop or turn, few reach a
showdown. This script plays such a session at one table so that the benchmark and the
tests have a realistic, long input:

    python bench/simulate.py                      # 500 hands, seed 150, to stdout
    python bench/simulate.py --hands 2000 --seed 7 -o session.txt

What it models, and how:

- One table, 6 seats, $0.05/$0.10 USD, Hero always there (broke, he buys in again at
  once). Buy-ins of $5 to $15. Between hands a player sometimes leaves (always when his
  stack falls under $1) and a newcomer sometimes takes an empty seat; both are logged
  (``leaves the table`` / ``joins the table at seat #N``) in the hand during which they
  happen. A newcomer never starts on the button or in the small blind; anywhere but the
  big blind he posts a live big blind.
- Stacks carry over exactly from hand to hand (no top-ups). The button moves to the next
  occupied seat, the two seats after it post the blinds (heads-up, the button posts the
  small blind).
- The players are random but never illegal: bets of at least the big blind, raises of
  at least the last full raise (``raises X to Y``: X is the increment over the bet faced),
  all-ins for less allowed; a short all-in raise does not reopen the betting for those who
  already acted; nobody raises when every opponent is all-in; nobody folds when checking
  is free. Their choices lean on their cards (a crude preflop score, the made hand after
  the flop), which gives a realistic mix of hands that end preflop, on a later street or at
  a showdown, and the occasional all-in with side pots.
- Uncalled bets are returned, pots are cut in layers at each all-in (main pot, side pot,
  side pot-1, -2…). At a showdown the last bettor shows first (else the first player left
  of the button), the others show a hand at least as good or muck, and everyone shows when
  someone is all-in; pots are paid from the last side pot down. Hands are judged with
  eval7 and named as PokerStars names
  them (``auditor.engine.showdown.describe``); ties split with the odd cent to the first
  winner left of the button. Rake: 5% of the pot, rounded down to the cent, capped at
  $0.30, taken from the main pot first; none when no flop is dealt ("no flop, no drop").
- Money is in integer cents throughout. The same seed gives the same text, byte for byte.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

import eval7

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from auditor.engine.showdown import describe

SMALL_BLIND, BIG_BLIND = 5, 10  # cents
RAKE_PERCENT, RAKE_CAP = 5, 30
SEATS = 6
TABLE = "Menkalinan IV"
START = datetime(2026, 1, 5, 20, 0, 0)
FIRST_HAND_ID = 259_340_000_000
DEFAULT_SEED = 150  # chosen for a mix close to real 6-max play, with two side-pot hands
HAND_SEPARATOR = "\n\n\n"  # PokerStars leaves blank lines between hands

RANKS = "23456789TJQKA"
DECK = [r + s for r in RANKS for s in "cdhs"]
STREETS = (("FLOP", "Flop", 3), ("TURN", "Turn", 1), ("RIVER", "River", 1))

NAMES = [
    "kestrel_88", "Vanterpool", "mossgiant", "Olek.B", "tinfoil_hat", "QuietRiver",
    "baron_vonH", "lapwing", "JJ_or_bust", "Marisol_k", "nettlebed", "grizzly_ads",
    "Tomasz1979", "blue_heron", "pocket_lint", "Dufresne", "saltmarsh", "AceOfClubsy",
    "hazelnut_22", "Rorschach_9", "ferrymaster", "Quillon", "ironbark", "snowpeas",
    "Gundersen", "velvet_fold", "brackenridge", "mint_julep", "Okonkwo", "tealeaf_77",
    "rivergod_x", "Laszlo.P", "cobblestone", "fishNchips", "Ysolde", "marrowbone",
    "Pemberton", "nightjar", "Kalinka_v", "stonewall42",
]  # fmt: skip


def money(cents: int) -> str:
    """An amount the way PokerStars prints it: ``$10``, ``$9.80``, ``$0.05``, ``$0``."""
    dollars, rest = divmod(cents, 100)
    return f"${dollars}" if rest == 0 else f"${dollars}.{rest:02d}"


def cards_text(cards: list[str]) -> str:
    return "[" + " ".join(cards) + "]"


def preflop_score(cards: list[str]) -> float:
    """A crude 0..1 strength of two hole cards: pairs, high cards, suited, connected."""
    high, low = sorted((RANKS.index(c[0]) + 2 for c in cards), reverse=True)
    if high == low:
        return 0.55 + 0.45 * high / 14
    score = 0.75 * (high + low) / 28
    if cards[0][1] == cards[1][1]:
        score += 0.06
    if high - low == 1:
        score += 0.04
    return score - 0.02 * max(0, high - low - 3)


_MADE = {
    "High Card": 0.1, "Pair": 0.4, "Two Pair": 0.65, "Trips": 0.75, "Straight": 0.82,
    "Flush": 0.86, "Full House": 0.93, "Quads": 1.0, "Straight Flush": 1.0,
}  # fmt: skip


def made_score(cards: list[str], board: list[str]) -> float:
    """0..1 strength of the made hand on the board (eval7's hand type)."""
    value = eval7.evaluate([eval7.Card(c) for c in (*cards, *board)])
    return _MADE[eval7.handtype(value)]


def rank(cards: list[str], board: list[str]) -> int:
    """Showdown strength: higher is better."""
    return eval7.evaluate([eval7.Card(c) for c in (*cards, *board)])


@dataclass
class Player:
    """One player in one hand. ``commit``: chips in front of him on this street;
    ``total``: everything he put in this hand; ``stack``: what he has behind."""

    name: str
    seat: int
    stack: int
    cards: list[str]
    commit: int = 0
    total: int = 0
    posted: bool = False
    folded_on: str | None = None  # "before Flop", "on the Flop", …
    all_in: bool = False
    acted: bool = False
    seen_raises: int = 0  # full raises on this street when he last acted
    won: int = 0
    showed: bool = False
    mucked: bool = False

    @property
    def live(self) -> bool:
        return self.folded_on is None


@dataclass
class Pot:
    amount: int
    eligible: list[Player]


@dataclass
class HandResult:
    lines: list[str]  # the history up to the summary
    summary: list[str]  # "*** SUMMARY ***" and what follows
    ended: str  # "preflop", "flop", "turn", "river" or "showdown"
    finals: dict[str, int]  # name -> stack after the hand
    side_pots: int
    actions: int  # folds, checks, calls, bets and raises


class Hand:
    """Plays one hand and writes its history."""

    def __init__(
        self,
        rng: random.Random,
        hand_id: int,
        when: datetime,
        button: int,
        seats: dict[int, tuple[str, int]],
        newcomers: set[str],
    ) -> None:
        self.rng = rng
        self.hand_id = hand_id
        self.when = when
        self.button = button
        deck = DECK[:]
        rng.shuffle(deck)
        self.deck = deck
        self.players = [
            Player(name, seat, stack, [deck.pop(), deck.pop()])
            for seat, (name, stack) in sorted(seats.items())
        ]
        self.newcomers = newcomers
        self.board: list[str] = []
        self.lines: list[str] = []
        self.street = "preflop"
        self.current = 0  # the bet to match on this street
        self.last_raise = BIG_BLIND  # the last full bet or raise increment
        self.full_raises = 0  # full bets and raises on this street
        self.aggressor: Player | None = None  # last to bet or raise on this street
        self.raised_preflop = 0
        self.actions = 0

    # --- positions --------------------------------------------------------------------

    def clockwise_from(self, seat: int) -> list[Player]:
        """Every player clockwise, starting with the first seat after ``seat``."""
        return sorted(self.players, key=lambda p: (p.seat - seat - 1) % SEATS)

    def blinds(self) -> tuple[Player, Player]:
        order = self.clockwise_from(self.button)
        if len(order) == 2:  # heads-up: the button posts the small blind
            return order[1], order[0]
        return order[0], order[1]

    # --- the hand ---------------------------------------------------------------------

    def play(self) -> HandResult:
        sb, bb = self.blinds()
        self.header()
        self.post(sb, SMALL_BLIND, "small blind")
        self.post(bb, BIG_BLIND, "big blind")
        for p in self.clockwise_from(bb.seat):
            if p.name in self.newcomers and p is not bb:
                self.post(p, BIG_BLIND, "big blind")  # a newcomer's live big blind
        self.lines.append("*** HOLE CARDS ***")
        for p in self.players:
            if p.name == "Hero":
                self.lines.append(f"Dealt to Hero {cards_text(p.cards)}")
        self.current = BIG_BLIND
        self.betting(self.clockwise_from(bb.seat))
        ended = "preflop"
        for marker, street, count in STREETS:
            if len(self.live()) == 1:
                break
            ended = street.lower()
            before = f"{cards_text(self.board)} " if self.board else ""
            self.board += [self.deck.pop() for _ in range(count)]
            self.lines.append(f"*** {marker} *** {before}{cards_text(self.board[-count:])}")
            self.street = street
            for p in self.players:
                p.commit = 0
                p.acted = False
            self.current, self.last_raise, self.full_raises = 0, BIG_BLIND, 0
            self.aggressor = None
            if sum(1 for p in self.live() if not p.all_in) >= 2:
                self.betting(self.clockwise_from(self.button))
        pots = self.pots()
        rake = self.rake(pots)
        if len(self.live()) == 1:
            self.win_without_showdown(pots)
        else:
            ended = "showdown"
            self.showdown(pots)
        finals = {p.name: p.stack + p.won for p in self.players}
        summary = self.summary(pots, rake)
        return HandResult(self.lines, summary, ended, finals, len(pots) - 1, self.actions)

    def header(self) -> None:
        stamp = self.when.strftime("%Y/%m/%d %H:%M:%S")
        self.lines += [
            f"PokerStars Hand #{self.hand_id}: Hold'em No Limit "
            f"({money(SMALL_BLIND)}/{money(BIG_BLIND)} USD) - {stamp} ET",
            f"Table '{TABLE}' {SEATS}-max Seat #{self.button} is the button",
        ]
        self.lines += [f"Seat {p.seat}: {p.name} ({money(p.stack)} in chips)" for p in self.players]

    def post(self, p: Player, amount: int, kind: str) -> None:
        # Stacks of at least $1 are enforced between hands, so a blind is never all-in.
        p.stack -= amount
        p.commit += amount
        p.total += amount
        p.posted = True
        self.lines.append(f"{p.name}: posts {kind} {money(amount)}")

    def live(self) -> list[Player]:
        return [p for p in self.players if p.live]

    # --- betting ----------------------------------------------------------------------

    def needs_to_act(self, p: Player) -> bool:
        return p.live and not p.all_in and (not p.acted or p.commit < self.current)

    def betting(self, order: list[Player]) -> None:
        """One betting round, in ``order``, until everyone has acted and matched the bet
        or one player is left; then an uncalled bet goes back."""
        while len(self.live()) > 1 and any(self.needs_to_act(p) for p in order):
            for p in order:
                if len(self.live()) > 1 and self.needs_to_act(p):
                    self.act(p)
        self.return_uncalled()

    def act(self, p: Player) -> None:
        to_call = min(self.current - p.commit, p.stack)
        reopened = not p.acted or p.seen_raises < self.full_raises
        others_can_act = any(q is not p and q.live and not q.all_in for q in self.players)
        can_raise = reopened and others_can_act and p.stack > self.current - p.commit
        action, target = self.choose(p, to_call, can_raise)
        p.acted = True
        self.actions += 1
        if action == "fold":
            assert to_call > 0, "never fold when checking is free"
            p.folded_on = "before Flop" if self.street == "preflop" else f"on the {self.street}"
            self.lines.append(f"{p.name}: folds")
        elif action == "check":
            assert to_call == 0
            self.lines.append(f"{p.name}: checks")
        elif action == "call":
            self.put_in(p, to_call)
            self.lines.append(f"{p.name}: calls {money(to_call)}{self.all_in_text(p)}")
        else:  # bet or raise to ``target``
            faced = self.current
            increment = target - faced
            assert target <= p.commit + p.stack
            assert increment >= self.last_raise or target == p.commit + p.stack
            self.put_in(p, target - p.commit)
            if increment >= self.last_raise:  # a full bet or raise
                self.last_raise = increment
                self.full_raises += 1
            self.current = target
            self.aggressor = p
            if self.street == "preflop":
                self.raised_preflop += 1
            if faced == 0:
                self.lines.append(f"{p.name}: bets {money(target)}{self.all_in_text(p)}")
            else:
                self.lines.append(
                    f"{p.name}: raises {money(increment)} to {money(target)}{self.all_in_text(p)}"
                )
        p.seen_raises = self.full_raises

    def put_in(self, p: Player, amount: int) -> None:
        p.stack -= amount
        p.commit += amount
        p.total += amount
        p.all_in = p.stack == 0

    @staticmethod
    def all_in_text(p: Player) -> str:
        return " and is all-in" if p.all_in else ""

    def return_uncalled(self) -> None:
        """The part of the top bet of the street that nobody matched goes back."""
        by_commit = sorted(self.players, key=lambda p: p.commit, reverse=True)
        top, second = by_commit[0], by_commit[1]
        excess = top.commit - second.commit
        if excess > 0:
            top.stack += excess
            top.commit -= excess
            top.total -= excess
            top.all_in = top.stack == 0
            self.lines.append(f"Uncalled bet ({money(excess)}) returned to {top.name}")

    # --- the players' choices -----------------------------------------------------------

    def pot_size(self) -> int:
        return sum(p.total for p in self.players)

    def choose(self, p: Player, to_call: int, can_raise: bool) -> tuple[str, int]:
        """What ``p`` does: ("fold"|"check"|"call", 0) or ("raise", street total)."""
        rng = self.rng
        if self.street == "preflop":
            strength = preflop_score(p.cards) + rng.uniform(-0.08, 0.08)
        else:
            strength = made_score(p.cards, self.board) + rng.uniform(-0.12, 0.12)
        wants_raise, wants_call = self.leaning(p, strength, to_call)
        if wants_raise and can_raise:
            return "raise", self.raise_size(p)
        if to_call == 0:
            return "check", 0
        return ("call", 0) if wants_call or wants_raise else ("fold", 0)

    def leaning(self, p: Player, s: float, to_call: int) -> tuple[bool, bool]:
        """(wants to bet or raise, wants to call) for a player of strength ``s``."""
        r = self.rng.random()
        if self.street == "preflop":
            raises = self.raised_preflop
            if raises == 0:  # unopened: open, limp, or check the option
                if to_call == 0:
                    return s > 0.78 and r < 0.6, True
                if p.commit == SMALL_BLIND:  # the small blind completes or not
                    return s > 0.66 or r < 0.03, s > 0.42 and r < 0.45
                return s > 0.64 or r < 0.025, s > 0.52 and r < 0.15
            if raises == 1:  # facing an open raise
                return s > 0.84 or r < 0.02, s > 0.6 and r < 0.55
            # facing a 3-bet or more: the best hands get it in
            return s > 0.9, s > 0.76 or (to_call <= 3 * BIG_BLIND and s > 0.6)
        pot = self.pot_size()
        if to_call == 0:  # check or bet; bluffs get rarer street by street
            bluff = {"Flop": 0.25, "Turn": 0.15, "River": 0.08}[self.street]
            return s > 0.6 or r < bluff, True
        price = to_call / (pot + to_call)  # the share of the final pot he must pay
        call = s > 0.55 or (s > 0.35 and r < 0.7 - price) or r < 0.06
        return s > 0.8 and r < 0.45, call

    def raise_size(self, p: Player) -> int:
        """The street total of a bet or raise: a sensible size, at least the minimum,
        all-in when little would be left."""
        rng = self.rng
        most = p.commit + p.stack
        if self.street == "preflop":
            if self.raised_preflop == 0:
                limpers = sum(1 for q in self.players if q.posted is False and q.commit)
                want = rng.choice((25, 30, 30, 35)) + BIG_BLIND * limpers
            elif self.raised_preflop == 1 and rng.random() < 0.85:
                want = self.current * rng.choice((3, 3, 3.5, 4))
            else:  # a 4-bet is all-in
                want = most
            if most <= 25 * BIG_BLIND:  # a short stack pushes
                want = most
        elif self.current == 0:
            want = self.pot_size() * rng.choice((0.33, 0.5, 0.5, 0.66, 0.75, 1.0))
        else:
            want = self.current * rng.choice((2.5, 3, 3)) + (self.pot_size() - self.current) / 4
        target = max(int(want), self.current + self.last_raise)
        if target >= most * 0.6:  # that would leave little behind: all-in
            target = most
        return min(target, most)

    # --- pots and showdown --------------------------------------------------------------

    def pots(self) -> list[Pot]:
        """The main pot and side pots, cut at each live all-in player's total."""
        live = self.live()
        levels = sorted({p.total for p in live})
        pots, below = [], 0
        for level in levels:
            amount = sum(min(p.total, level) - min(p.total, below) for p in self.players)
            pots.append(Pot(amount, [p for p in live if p.total >= level]))
            below = level
        return pots

    def rake(self, pots: list[Pot]) -> int:
        """No flop, no drop; else 5% of the whole pot, capped, from the main pot first."""
        if not self.board:
            return 0
        rake = left = min(RAKE_CAP, sum(p.amount for p in pots) * RAKE_PERCENT // 100)
        for pot in pots:
            taken = min(left, pot.amount)
            pot.amount -= taken
            left -= taken
        return rake

    def pot_name(self, index: int, count: int) -> str:
        if count == 1:
            return "pot"
        if index == 0:
            return "main pot"
        return "side pot" if count == 2 else f"side pot-{index}"

    def win_without_showdown(self, pots: list[Pot]) -> None:
        (winner,) = self.live()
        winner.won = sum(pot.amount for pot in pots)
        self.lines.append(f"{winner.name} collected {money(winner.won)} from pot")
        self.lines.append(f"{winner.name}: doesn't show hand")

    def showdown(self, pots: list[Pot]) -> None:
        """Hands are shown (or mucked) and pots paid from the last side pot to the main
        pot, the way PokerStars lays a showdown out."""
        self.lines.append("*** SHOW DOWN ***")
        live = self.live()
        everyone_shows = any(p.all_in for p in live)
        first = self.aggressor if self.aggressor is not None and self.aggressor.live else None
        order = [p for p in self.clockwise_from(self.button) if p.live]
        if first is not None:
            i = order.index(first)
            order = order[i:] + order[:i]
        strength = {p.name: rank(p.cards, self.board) for p in live}
        best = -1
        left_of_button = {p.name: i for i, p in enumerate(self.clockwise_from(self.button))}
        for index in range(len(pots) - 1, -1, -1):
            pot = pots[index]
            for p in order:
                if p in pot.eligible and not (p.showed or p.mucked):
                    if everyone_shows or strength[p.name] >= best:
                        p.showed = True
                        desc = describe("holdem", False, p.cards, self.board)
                        self.lines.append(f"{p.name}: shows {cards_text(p.cards)} ({desc})")
                    else:
                        p.mucked = True
                        self.lines.append(f"{p.name}: mucks hand")
                    best = max(best, strength[p.name]) if p.showed else best
            contenders = [p for p in pot.eligible if p.showed]
            top = max(strength[p.name] for p in contenders)
            winners = sorted(
                (p for p in contenders if strength[p.name] == top),
                key=lambda p: left_of_button[p.name],
            )
            share, odd = divmod(pot.amount, len(winners))
            name = self.pot_name(index, len(pots))
            for k, w in enumerate(winners):
                amount = share + (1 if k < odd else 0)
                w.won += amount
                self.lines.append(f"{w.name} collected {money(amount)} from {name}")

    # --- summary ----------------------------------------------------------------------

    def summary(self, pots: list[Pot], rake: int) -> list[str]:
        total = sum(p.total for p in self.players)
        lines = ["*** SUMMARY ***"]
        if len(pots) > 1:
            parts = [f"Main pot {money(pots[0].amount)}."]
            for i, pot in enumerate(pots[1:], 1):
                label = "Side pot" if len(pots) == 2 else f"Side pot-{i}"
                parts.append(f"{label} {money(pot.amount)}.")
            lines.append(f"Total pot {money(total)} {' '.join(parts)} | Rake {money(rake)}")
        else:
            lines.append(f"Total pot {money(total)} | Rake {money(rake)}")
        if self.board:
            lines.append(f"Board {cards_text(self.board)}")
        sb, bb = self.blinds()
        for p in self.players:
            roles = ""
            if p.seat == self.button:
                roles += " (button)"
            if p is sb:
                roles += " (small blind)"
            elif p is bb:
                roles += " (big blind)"
            lines.append(f"Seat {p.seat}: {p.name}{roles} {self.outcome(p)}")
        return lines

    def outcome(self, p: Player) -> str:
        if p.folded_on == "before Flop" and p.total == 0:
            return "folded before Flop (didn't bet)"
        if p.folded_on is not None:
            return f"folded {p.folded_on}"
        if not (p.showed or p.mucked):
            return f"collected ({money(p.won)})"
        if p.mucked:
            return f"mucked {cards_text(p.cards)}" if p.name == "Hero" else "mucked"
        desc = describe("holdem", False, p.cards, self.board)
        if p.won:
            return f"showed {cards_text(p.cards)} and won ({money(p.won)}) with {desc}"
        return f"showed {cards_text(p.cards)} and lost with {desc}"


@dataclass
class Session:
    """The table between hands: who sits where with what, and who comes and goes."""

    seed: int = DEFAULT_SEED
    rng: random.Random = field(init=False)
    seats: dict[int, tuple[str, int]] = field(default_factory=dict)
    button: int = 0
    hand_id: int = FIRST_HAND_ID
    when: datetime = START
    newcomers: set[str] = field(default_factory=set)
    ended: Counter[str] = field(default_factory=Counter)
    side_pot_hands: int = 0

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        names = self.rng.sample(NAMES, SEATS - 1)
        hero_seat = self.rng.randint(1, SEATS)
        others = iter(names)
        for seat in range(1, SEATS + 1):
            name = "Hero" if seat == hero_seat else next(others)
            self.seats[seat] = (name, self.buy_in())
        self.button = self.rng.randint(1, SEATS)

    def buy_in(self) -> int:
        """Many buy in for the full 100 big blinds, some for the minimum 50; others for
        $5 to $15 to the cent (a stack brought from another table)."""
        r = self.rng.random()
        if r < 0.45:
            return 1000
        if r < 0.65:
            return 500
        return self.rng.randint(500, 1500)

    @staticmethod
    def next_button(seats: dict[int, tuple[str, int]], button: int) -> int:
        """The first occupied seat after ``button``, clockwise."""
        return min(seats, key=lambda s: (s - button - 1) % SEATS)

    def hands(self, count: int) -> list[str]:
        out = []
        for _ in range(count):
            out.append("\n".join(self.play_one()) + "\n")
        return out

    def play_one(self) -> list[str]:
        hand = Hand(self.rng, self.hand_id, self.when, self.button, self.seats, self.newcomers)
        result = hand.play()
        self.ended[result.ended] += 1
        self.side_pot_hands += result.side_pots > 0
        notes = self.between_hands(result.finals)
        lines = result.lines + notes + result.summary
        self.hand_id += self.rng.randint(4_000, 90_000)
        # About 90 hands an hour: a few seconds a decision.
        self.when += timedelta(seconds=10 + 3 * result.actions + self.rng.randint(0, 15))
        return lines

    def between_hands(self, finals: dict[str, int]) -> list[str]:
        """Stacks carried over, players leaving and joining; the lines that log it."""
        rng = self.rng
        notes = []
        seats = {}
        for seat, (name, _) in self.seats.items():
            stack = finals[name]
            broke = stack < 100  # under $1: leaves (Hero too, and comes straight back)
            if broke or (name != "Hero" and rng.random() < 0.015):
                notes.append(f"{name} leaves the table")
            else:
                seats[seat] = (name, stack)
        self.newcomers = set()
        hero_left = all(name != "Hero" for name, _ in seats.values())
        empty = SEATS - len(seats)
        joins = 1 if rng.random() < 0.1 * empty else 0  # the emptier, the likelier
        joins = max(joins, 3 - len(seats), 1 if hero_left else 0)
        for k in range(min(joins, empty)):
            name = "Hero" if hero_left and k == 0 else self.new_name(seats)
            seat = self.free_seat(seats, name)
            if seat is not None:
                self.newcomers.add(name)
            elif len(seats) < 3:  # a short table deals him in at once, in any position
                seat = rng.choice([s for s in range(1, SEATS + 1) if s not in seats])
            else:
                continue
            seats[seat] = (name, self.buy_in())
            notes.append(f"{name} joins the table at seat #{seat}")
        self.seats = seats
        self.button = self.next_button(seats, self.button)
        return notes

    def new_name(self, seats: dict[int, tuple[str, int]]) -> str:
        taken = {name for name, _ in seats.values()} | set(name for name, _ in self.seats.values())
        return self.rng.choice([n for n in NAMES if n not in taken])

    def free_seat(self, seats: dict[int, tuple[str, int]], name: str) -> int | None:
        """An empty seat where neither this newcomer nor one seated before him is the
        button or the small blind of the next hand (he would have to wait there); None if
        there is none."""
        choices = []
        for seat in range(1, SEATS + 1):
            if seat in seats:
                continue
            trial = {**seats, seat: (name, 0)}
            if len(trial) < 2:
                choices.append(seat)
                continue
            new_button = self.next_button(trial, self.button)
            after = sorted(trial, key=lambda s: (s - new_button - 1) % SEATS)
            small = new_button if len(trial) == 2 else after[0]
            if all(trial[s][0] not in self.newcomers and s != seat for s in (new_button, small)):
                choices.append(seat)
        return self.rng.choice(choices) if choices else None


def simulate(hands: int = 500, seed: int = DEFAULT_SEED) -> tuple[str, Session]:
    """The text of ``hands`` simulated hands, and the session (for its statistics)."""
    session = Session(seed)
    return HAND_SEPARATOR.join(session.hands(hands)), session


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("-o", "--output", type=Path, help="file to write (default: stdout)")
    args = parser.parse_args(argv)
    text, session = simulate(args.hands, args.seed)
    if args.output is None:
        sys.stdout.write(text)
    else:
        args.output.write_text(text, encoding="utf-8", newline="\n")
    total = sum(session.ended.values())
    mix = ", ".join(
        f"{k} {session.ended[k]} ({100 * session.ended[k] / total:.0f}%)"
        for k in ("preflop", "flop", "turn", "river", "showdown")
    )
    print(f"{total} hands: ended {mix}; side pots in {session.side_pot_hands}", file=sys.stderr)


if __name__ == "__main__":
    main()
