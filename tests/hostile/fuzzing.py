"""A seeded mutator of hand histories, and the property every mutation must keep: no
exception escapes the audit, and every hand header is one row of the report."""

from __future__ import annotations

import random
import re
from pathlib import Path

from auditor.api import _with_continuity
from auditor.parsing.blocks import blocks_of_file
from auditor.parsing.decode import NotText, decoded_chunks
from auditor.pipeline import ContinuityChecker, HandAuditor, audit_chunk

# Where a hand starts, as a person would count it: a header in PokerStars syntax at the
# start of a line (after any white space or a BOM), or glued to other text and numbered.
_STARTS = (r"(?:PokerStars|POKERSTARS|PokerBros|PokerMaster|Run It Once Poker|"
           r"Full Tilt(?: Rush)?) (?:Zoom |Home Game )?(?:Hand|Game|HAND|GAME) #")
# GGPoker's header, which a mutation can make of "Run It Once Poker Hand #…".
_GG = r"Poker Hand #[A-Z]*[0-9]+: "
HEADER = re.compile(rf"(?m:(?:^|\ufeff)[^\S\n]*(?:{_STARTS}|{_GG}(?=\S))"
                    rf"|(?<=\S)[^\S\n]*{_STARTS}(?=[0-9])|(?<=\S)[^\S\n]*{_GG}(?=[0-9A-Za-z]))")

NUMBER = re.compile(r"[0-9]+(?:[.,][0-9]+)*")
ODD_NUMBERS = [
    "2.5", "0", "-1", "+3", "1e9", "99999999999999999999", str(2**62), str(2**63 + 1),
    "0.001", "1,000,000.123", "٣", "³", "０", "", "0" * 30 + "1", "9" * 400, "1_000", "٠.٥",
]
ODD_TEXT = [
    "\x00", "\r", "\x0b", "\x0c", "\t", "\xa0", "\u3000", "\ufeff", "\ufffd", "\u200b",
    "\u202e", "\u0301", "🂡", "\ue000", "\ue001", "\ue002", "\ue003", "\ue004", "\ue005",
    "[", "]", "(", ")", "{", "}", "'", '"', ": ", " with ", "said, \"", " collected ",
    "Seat 1: ", "*** SUMMARY ***", "PokerStars Hand #", "$", "€", "#",
]
ENCODINGS = ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "cp1252"]


def mutate(text: str, rng: random.Random) -> bytes:
    """``text`` with one to three random mutations, encoded one way or another."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(9)
        i = rng.randrange(len(lines))
        if op == 0 and len(lines) > 1:  # delete a line
            del lines[i]
        elif op == 1:  # duplicate a line
            lines.insert(i, lines[i])
        elif op == 2:  # swap two lines
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3:  # a number changed
            numbers = list(NUMBER.finditer(lines[i]))
            if numbers:
                m = rng.choice(numbers)
                lines[i] = lines[i][: m.start()] + rng.choice(ODD_NUMBERS) + lines[i][m.end() :]
        elif op == 4:  # odd text inserted
            at = rng.randint(0, len(lines[i]))
            lines[i] = lines[i][:at] + rng.choice(ODD_TEXT) + lines[i][at:]
        elif op == 5:  # a line glued to the next
            if i + 1 < len(lines):
                lines[i : i + 2] = [lines[i] + lines[i + 1]]
        elif op == 6:  # cut short
            joined = "\n".join(lines)
            lines = joined[: rng.randint(0, len(joined))].split("\n")
        elif op == 7:  # a long, repetitive line
            piece = rng.choice([*ODD_TEXT, "x", "1,", "] ("])
            lines.insert(i, lines[i][:10] + piece * rng.randint(100, 3000))
        else:  # a character deleted
            if lines[i]:
                at = rng.randrange(len(lines[i]))
                lines[i] = lines[i][:at] + lines[i][at + 1 :]
    data = "\n".join(lines).encode(rng.choice(ENCODINGS), errors="replace")
    if rng.random() < 0.3:  # a few raw byte flips
        raw = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            if raw:
                raw[rng.randrange(len(raw))] = rng.randrange(256)
        data = bytes(raw)
    if rng.random() < 0.05:
        data += b"\x00" * rng.randint(1, 3000)
    return data


def check_file(path: Path, auditor: HandAuditor) -> int:
    """Audit ``path`` the way ``audit_paths`` does (minus writing), and check that each
    header of its decoded text is one row. The number of rows."""
    try:
        text = "".join(decoded_chunks(path))
    except NotText:
        return 0
    check = ContinuityChecker(auditor)
    blocks = list(blocks_of_file(path, str(path)))
    rows = 0
    for start in range(0, len(blocks), 500):
        tables = _with_continuity(audit_chunk(auditor, blocks[start : start + 500]), check)
        hands = tables.hands
        rows += hands.num_rows
        counted = sum(hands["findings"].to_pylist())
        assert counted == tables.findings.num_rows, "findings counts disagree"
    assert rows == len(HEADER.findall(text)), "rows differ from headers"
    return rows
