"""The geometry of the pages' pictures: the table, the pot layers and the bar charts.

Only numbers and short labels are computed here; the templates draw them as inline SVG.
Drawing by hand keeps the pages free of any script, font or network, and the pictures
small enough to print.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from auditor.pages.hand_page import PotView, SeatView

Money = Callable[[int], str]

# Ten colours told apart in print and by most colour-blind readers (Okabe-Ito and Tol).
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#882255",
           "#999933", "#44AA99", "#AA4499")
_SUITS = {"s": ("♠", False), "h": ("♥", True), "d": ("♦", True), "c": ("♣", False)}


def player_color(index: int) -> str:
    """The colour of the player in seat order ``index`` (the same in every picture)."""
    return PALETTE[index % len(PALETTE)]


def short(text: str, length: int) -> str:
    """``text`` cut to ``length`` characters with an ellipsis (the full text goes in a
    tooltip and in the tables beside the picture)."""
    return text if len(text) <= length else text[: length - 1] + "…"


@dataclass(frozen=True, slots=True)
class CardFace:
    """A card as printed: ``rank`` ("10", "A"), suit symbol, red or black; ``known``
    False for a card face down."""

    rank: str
    suit: str
    red: bool
    known: bool = True
    code: str = ""


def card_face(card: str) -> CardFace:
    """``"Td"`` -> 10 of diamonds, red; anything unreadable is shown face down."""
    if len(card) != 2 or card[1].lower() not in _SUITS:
        return CardFace("", "", False, False, card)
    suit, red = _SUITS[card[1].lower()]
    rank = "10" if card[0].upper() == "T" else card[0].upper()
    return CardFace(rank, suit, red, True, card)


# --- the table -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatSpot:
    """Where a seat is drawn: its plate's centre, its cards, its dealer button."""

    seat: SeatView
    x: float
    y: float
    card_x: float  # left of the first card
    card_y: float
    card_w: float
    button_x: float
    button_y: float
    name: str  # shortened to fit the plate


@dataclass(frozen=True, slots=True)
class TablePicture:
    """The table seen from above: felt, seats, boards and the pot in the middle."""

    width: int
    height: int
    cx: float
    cy: float
    rx: float
    ry: float
    spots: tuple[SeatSpot, ...]
    boards: tuple[tuple[float, float, tuple[CardFace, ...]], ...]  # (x, y, cards)
    pot_text: str
    pot_y: float
    empty: tuple[tuple[float, float], ...] = ()  # the seats nobody sat in

    plate_w: int = 148
    plate_h: int = 62
    board_card_w: int = 30
    board_card_h: int = 42


def table_picture(seats: Sequence[SeatView], boards: Mapping[int, Sequence[str]],
                  pots: Sequence[PotView], money: Money, max_seats: int | None = None
                  ) -> TablePicture:
    """Seats spread around an oval by seat number (seat 1 at the bottom, clockwise), so
    the picture matches the table the players sat at; by order where the seat numbers
    do not fit a table of ten."""
    width, height = 640, 430
    cx, cy, rx, ry = 320.0, 212.0, 200.0, 118.0
    top_seat = max(s.seat for s in seats)
    by_number = min(s.seat for s in seats) >= 1 and top_seat <= 10
    slots = max(max_seats or 0, top_seat, 2) if by_number else max(len(seats), 2)
    slots = min(slots, 10) if by_number else slots
    def place(k: int) -> tuple[float, float]:
        angle = math.pi / 2 + 2 * math.pi * k / slots
        return cx + 244 * math.cos(angle), cy + 170 * math.sin(angle)

    spots = []
    for i, s in enumerate(seats):
        x, y = place(s.seat - 1 if by_number else i)
        n = max(len(s.cards), 2)
        card_w = 21.0 if n <= 2 else 16.0
        px, py = x + (cx - x) * 0.47, y + (cy - y) * 0.47
        # the button at the plate's top right corner (the seat number is at its top left)
        bx, by = x + 74 - 2, y - 31 + 2
        spots.append(SeatSpot(s, x, y, px - n * card_w / 2, py - 14, card_w, bx, by,
                              short(s.player, 15)))
    taken = {s.seat for s in seats}
    empty = tuple(place(k) for k in range(slots) if by_number and k + 1 not in taken)
    runs = [cards for _, cards in sorted(boards.items()) if cards] or [()]
    rows = []
    top = cy - 22 - 23 * (len(runs) - 1)
    for j, cards in enumerate(runs[:3]):
        faces = tuple(card_face(c) for c in cards)
        rows.append((cx - len(faces) * 33 / 2, top + j * 46, faces))
    total = sum(p.amount for p in pots)
    pot_text = f"Pot {money(total)}" if pots else ""
    return TablePicture(width, height, cx, cy, rx, ry, tuple(spots), tuple(rows), pot_text,
                        top + len(rows) * 46 + 14, empty)


# --- the pot layers ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Segment:
    """A player's chips in one layer."""

    x: float
    width: float
    color: str
    player: str
    amount: int
    label: str  # "" when the segment is too narrow for one


@dataclass(frozen=True, slots=True)
class Layer:
    """One pot (or the returned excess) as a band of the stack."""

    y: float
    height: float
    name: str
    amount: str
    segments: tuple[Segment, ...]
    winner: str  # "→ Bob" or ""
    returned: bool = False  # the uncalled excess: not a pot, drawn dashed


@dataclass(frozen=True, slots=True)
class LayersPicture:
    """The pots stacked as they are built: the main pot at the bottom."""

    width: int
    height: int
    bar_x: float
    bar_w: float
    layers: tuple[Layer, ...]


def pot_layers(pots: Sequence[PotView], seats: Sequence[SeatView], returned_to: str | None,
               returned: int, money: Money) -> LayersPicture:
    """Each pot a band as high as its share of the chips (never too thin to read),
    split into its makers' chips in their colours."""
    colors = {s.player: s.color for s in seats}
    bar_x, bar_w = 8.0, 330.0
    bands: list[tuple[str, int, dict[str, int] | None, str, bool]] = []
    for pot in pots:
        winners = sorted({w for r in pot.results for w in r.winners})
        paid = sorted({p for r in pot.results for p, a in r.paid.items() if a})
        who = winners or paid
        arrow = f"→ {', '.join(short(w, 14) for w in who[:3])}" if who else ""
        bands.append((pot.name, pot.amount, pot.shares, arrow, False))
    if returned_to is not None and returned:
        bands.append(("Uncalled", returned, {returned_to: returned},
                      f"back to {short(returned_to, 14)}: not a pot", True))
    total = sum(b[1] for b in bands) or 1
    heights = [max(44.0, 240.0 * amount / total) for _, amount, _, _, _ in bands]
    height = int(sum(heights) + 8 * len(bands) + 8)
    layers = []
    y = height - 4.0
    for (name, amount, shares, arrow, back), h in zip(bands, heights, strict=True):
        y -= h + 8 if layers else h + 4
        segments = []
        if shares:
            x = bar_x
            whole = sum(shares.values()) or 1
            for player, chips in shares.items():
                w = bar_w * chips / whole
                label = _fit(player, money(chips), w)
                segments.append(Segment(x, w, colors.get(player, "#888888"), player, chips,
                                        label))
                x += w
        layers.append(Layer(y, h, name, money(amount), tuple(segments), arrow, back))
    return LayersPicture(560, height, bar_x, bar_w, tuple(layers))


def _fit(player: str, amount: str, width: float) -> str:
    """The label a segment ``width`` wide can hold (13px text is about 7.5px a
    character): name and amount, the amount alone, or nothing."""
    room = int((width - 8) / 7.5)
    if room >= len(amount) + 5:
        return f"{short(player, room - len(amount) - 1)} {amount}"
    return amount if room >= len(amount) else ""


# --- bar charts ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar: its label, value, the value as text, and its place."""

    label: str
    value: int
    text: str
    y: float
    width: float
    color: str
    title: str = ""


@dataclass(frozen=True, slots=True)
class BarChart:
    """Horizontal bars, one a row, with their labels on the left."""

    width: int
    height: int
    label_w: int
    bar_h: int
    bars: tuple[Bar, ...]


SEVERITY_COLORS = {"error": "#C0392B", "warning": "#D68910", "info": "#2E86C1"}


def bar_chart(items: Sequence[tuple[str, int, str, str]], label_w: int = 110,
              width: int = 460) -> BarChart:
    """``items`` are (label, value, colour, tooltip); bars scale to the largest."""
    bar_h, gap = 22, 8
    top = max((v for _, v, _, _ in items), default=1) or 1
    room = width - label_w - 60
    bars = tuple(
        Bar(short(label, 20), value, f"{value:,}", 6 + i * (bar_h + gap),
            max(2.0, room * value / top), color, title)
        for i, (label, value, color, title) in enumerate(items)
    )
    return BarChart(width, 12 + len(bars) * (bar_h + gap), label_w, bar_h, bars)
