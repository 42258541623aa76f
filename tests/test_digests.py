"""The duplicate filter's digest table answers as a Python set would."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from auditor.digests import DigestSet

# Python hashes: any signed 64-bit integer but -1.
hashes = st.integers(-(2**63), 2**63 - 1).filter(lambda n: n != -1)


@given(st.lists(hashes, max_size=300))
def test_same_answers_as_a_set(digests: list[int]) -> None:
    table, plain = DigestSet(), set()
    for digest in digests:
        assert table.add(digest) == (digest in plain)
        plain.add(digest)
        assert digest in table
    assert len(table) == len(plain)


def test_digests_that_share_a_slot_and_growth() -> None:
    # 300 digests land on slot 0 of the first table (multiples of its size; hashes spread
    # their low bits, so real ones seldom do): probing past each other, then past the
    # end of the table, then the table growing while they are held.
    table = DigestSet()
    size = len(table._slots)
    crowded = [k * size for k in range(-150, 150)] + [size - 1, 2**63 - 1, -(2**63)]
    spread = [hash(("site", str(n), None)) for n in range(size // 2)]
    for digest in crowded + spread:
        assert table.add(digest) is False
    assert len(table) == len(crowded) + len(spread)
    assert len(table._slots) >= 2 * len(table)
    assert all(digest in table and table.add(digest) for digest in crowded + spread)
    assert len(table) == len(crowded) + len(spread)
    assert size + 1 not in table and -2 not in table


def test_a_million_hand_keys() -> None:
    table = DigestSet()
    keys = [hash(("pokerstars", str(230000000000 + i), None)) for i in range(1_000_000)]
    assert not any(table.add(key) for key in keys)
    assert all(table.add(key) for key in keys[::997])
    assert len(table) == len(set(keys))
    # 2**21 slots of 8 bytes hold them (16 MiB), where a set of ints takes about 66 MB.
    assert len(table._slots) == 2**21


def test_minus_one_is_refused() -> None:
    with pytest.raises(ValueError):
        DigestSet().add(-1)
