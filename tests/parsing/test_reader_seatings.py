"""The PokerStars reader keeps each table's seating (the seated names, longest first, and
whether a name could be taken for a line's own words) from hand to hand: a kept seating
must read exactly as one made anew, and the kept ones stay few."""

from __future__ import annotations

from auditor.model.hand import Hand
from auditor.parsing.blocks import blocks_of_text
from auditor.sites.pokerstars import reader as stars
from auditor.sites.pokerstars.reader import PokerStarsReader


def _hand(number: int, names: list[str]) -> str:
    """A hand of ``names`` (seats 1, 2, …): the first two post, the others fold."""
    return "\n".join([
        f"PokerStars Hand #{number}: Hold'em No Limit ($0.05/$0.10 USD) - 2025/01/01 10:00:00 ET",
        "Table 'T' 9-max Seat #1 is the button",
        *(f"Seat {i}: {name} ($10 in chips)" for i, name in enumerate(names, 1)),
        f"{names[0]}: posts small blind $0.05", f"{names[1]}: posts big blind $0.10",
        "*** HOLE CARDS ***", *(f"{name}: folds" for name in names[2:]),
        f"{names[0]}: folds", f"Uncalled bet ($0.05) returned to {names[1]}",
        f"{names[1]} collected $0.10 from pot", "*** SUMMARY ***", "Total pot $0.10 | Rake $0",
        f"Seat 1: {names[0]} (small blind) folded before Flop",
        f"Seat 2: {names[1]} (big blind) collected ($0.10)",
        *(f"Seat {i}: {name} folded before Flop (didn't bet)"
          for i, name in enumerate(names[2:], 3)),
    ]) + "\n"


def _read_all(reader: PokerStarsReader, text: str) -> list[object]:
    return [reader.read(block) for block in blocks_of_text(text, "t.txt")]


def test_kept_seatings_read_as_new_ones() -> None:
    # The same players hand after hand, others in between, and names the quick match
    # must not trust (one holding ": ", ones that start like a line).
    tables = [["Ann", "Bo", "Cy"], ["Ann", "Bo", "Cy 2"], ["Seat 1", "Bo", "Ann"],
              ["Bo", "Uncalled bet (x", "Ann"], ["Al: x", "Bo", "Cy"], ["Ann", "Bo", "Cy"],
              ["Bo", "Ann", "Cy"]]
    text = "".join(_hand(n, names) + "\n" for n, names in enumerate(tables * 2, 1))
    kept, plain = PokerStarsReader(), PokerStarsReader(caching=False)
    hands = _read_all(kept, text)
    assert all(isinstance(h, Hand) for h in hands)
    assert hands == _read_all(plain, text)
    assert len(kept.seatings) == 6  # ("Ann", "Bo", "Cy") was seen four times


def test_kept_seatings_are_few() -> None:
    reader = PokerStarsReader()
    text = "".join(_hand(n, [f"p{n}", f"q{n}"]) + "\n" for n in range(1, stars._SEATINGS + 2))
    _read_all(reader, text)
    assert 1 <= len(reader.seatings) <= stars._SEATINGS
    # A hand of more seats than any table has is read, not kept.
    many = [f"player {i}" for i in range(stars._CACHED_SEATS + 1)]
    reader.seatings.clear()
    (hand,) = _read_all(reader, _hand(1, many))
    assert len(hand.seats) == len(many)  # type: ignore[attr-defined]
    assert reader.seatings == {}
