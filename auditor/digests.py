"""A set of 64-bit hand digests that stays small over many millions of hands.

The run's duplicate filter (HH004) remembers one digest per hand. A Python ``set`` of
ints costs 60 to 85 bytes a hand (a 32-byte int object, and 16-byte slots in a table
kept under 60 % full): 650 to 850 MB at ten million hands, in the one process that
stitches the run. Here the digests are the slots of an open-addressing table in an
``array`` of signed 64-bit integers (linear probing, a quarter to half full): 16 to 32
bytes a hand, no object per hand. No library offers such a set without numpy, which the
auditor does not import.
"""

from __future__ import annotations

from array import array

# A Python hash is never -1 (CPython maps -1 to -2), so -1 marks an empty slot.
_EMPTY = -1
_FIRST_SIZE = 1 << 16


class DigestSet:
    """Python hashes (``hash(...)``: any int but -1, within 64 bits) seen so far. A
    digest's low bits are its slot: hashes of tuples spread them, and a hand's key holds
    strings, whose hashes are salted per process."""

    def __init__(self) -> None:
        self._slots = array("q", [_EMPTY]) * _FIRST_SIZE
        self._mask = _FIRST_SIZE - 1
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def __contains__(self, digest: int) -> bool:
        return self._slots[self._slot(digest)] == digest

    def add(self, digest: int) -> bool:
        """Remember ``digest``; whether it was there already."""
        if digest == _EMPTY:
            raise ValueError("-1 is not a Python hash")
        # (``_slot``, written out: once a hand of the run, in the one process.)
        slots, mask = self._slots, self._mask
        i = digest & mask
        while True:
            held = slots[i]
            if held == digest:
                return True
            if held == _EMPTY:
                break
            i = (i + 1) & mask
        slots[i] = digest
        self._count += 1
        if self._count * 2 > len(self._slots):
            self._grow()
        return False

    def _slot(self, digest: int) -> int:
        """Where ``digest`` is held, or the empty slot where it would go."""
        slots, mask = self._slots, self._mask
        i = digest & mask
        while True:
            held = slots[i]
            if held in (digest, _EMPTY):
                return i
            i = (i + 1) & mask

    def _grow(self) -> None:
        old = self._slots
        size = len(old) * 2
        slots = self._slots = array("q", [_EMPTY]) * size
        mask = self._mask = size - 1
        for digest in old:
            if digest != _EMPTY:
                i = digest & mask
                while slots[i] != _EMPTY:
                    i = (i + 1) & mask
                slots[i] = digest
