"""Reading hand-history files as users have them, as a stream of numbered lines.

Encodings: UTF-8 with or without BOM, UTF-16 with BOM (old WPN exports end with a stray
odd byte), and cp1252 for everything that is not valid UTF-8. Line endings: LF, CRLF and
bare CR. Files are read in chunks, so memory stays flat however large the file.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from pathlib import Path

CHUNK = 1 << 20
_SNIFF = 1 << 16
_NEWLINE = re.compile(r"\r\n|\r|\n")


class NotText(ValueError):
    """The file is not text in any encoding a hand history comes in."""


def sniff_encoding(head: bytes) -> str:
    """The codec for a file that starts with ``head``: BOM first, then UTF-8, else cp1252."""
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    if b"\x00" in head:
        # UTF-16 without BOM: ASCII text has a NUL in every other byte.
        if head[1::2].count(0) > len(head) // 4:
            return "utf-16-le"
        if head[0::2].count(0) > len(head) // 4:
            return "utf-16-be"
        raise NotText("binary data (NUL bytes), not a text hand history")
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
    except UnicodeDecodeError:
        return "cp1252"
    return "utf-8"


def _cp1252_fallback(exc: UnicodeError) -> tuple[str, int]:
    """Decoding error handler for files sniffed as UTF-8: bytes that are not UTF-8 are read
    as cp1252. A cp1252 file whose first non-ASCII byte comes after the sniffed head (a
    player named Blåveis joins late in a long session) keeps its names instead of U+FFFD."""
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    return exc.object[exc.start : exc.end].decode("cp1252", errors="replace"), exc.end


codecs.register_error("auditor-cp1252-fallback", _cp1252_fallback)


def iter_lines(path: Path) -> Iterator[tuple[int, str]]:
    """Yield ``(line_number, text)`` for each line of ``path``, 1-based, without the line
    ending and without trailing white space. A BOM inside a line (files concatenated
    without a newline) starts a new logical line with the same number."""
    with path.open("rb") as f:
        head = f.read(_SNIFF)
        encoding = sniff_encoding(head)
        errors = "auditor-cp1252-fallback" if encoding.startswith("utf-8") else "replace"
        decoder = codecs.getincrementaldecoder(encoding)(errors=errors)
        # A UTF-16 file that ends in a stray odd byte: drop that byte at the end rather
        # than read it as a U+FFFD line of its own.
        flush = not encoding.startswith("utf-16")
        number = 0
        pending = ""
        chunk = head
        while True:
            final = not chunk
            text = pending + decoder.decode(chunk, final=final and flush)
            # A chunk ending in CR may be half a CRLF: hold the CR back.
            held = "\r" if not final and text.endswith("\r") else ""
            parts = _NEWLINE.split(text[:-1] if held else text)
            pending = parts.pop() + held  # the unfinished last line
            if final and pending:
                parts.append(pending)
            if "\ufeff" in text:
                for raw in parts:
                    number += 1
                    yield from _logical(number, raw.rstrip())
            else:
                # The common case, done in bulk: number and right-strip every line.
                yield from zip(range(number + 1, number + 1 + len(parts)),
                               map(str.rstrip, parts), strict=True)
                number += len(parts)
            if final:
                return
            chunk = f.read(CHUNK)


def iter_text_lines(text: str) -> Iterator[tuple[int, str]]:
    """Like ``iter_lines`` for text already in memory."""
    parts = _NEWLINE.split(text)
    if parts and parts[-1] == "":
        parts.pop()
    if "\ufeff" not in text:
        yield from zip(range(1, len(parts) + 1), map(str.rstrip, parts), strict=True)
        return
    for number, raw in enumerate(parts, start=1):
        yield from _logical(number, raw.rstrip())


def _logical(number: int, raw: str) -> Iterator[tuple[int, str]]:
    line = raw.rstrip()
    if line.startswith("\ufeff"):
        line = line.lstrip("\ufeff")
    if "\ufeff" in line:
        for part in line.split("\ufeff"):
            if part.strip():
                yield number, part.rstrip()
        return
    yield number, line
