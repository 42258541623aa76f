"""Reading hand-history files as users have them: decoded text with one kind of newline.

Encodings: UTF-8 with or without BOM, UTF-16 with BOM (old WPN exports end with a stray
odd byte), and cp1252 for everything that is not valid UTF-8. Line endings: LF, CRLF and
bare CR, all turned into LF. Files are read in chunks, so memory stays flat however large
the file.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterable, Iterator
from functools import partial
from itertools import chain
from pathlib import Path
from typing import BinaryIO

CHUNK = 1 << 20
_SNIFF = 1 << 16
# Every byte but the control characters that text does not hold (tab, line feed, form
# feed and carriage return, and escape, are text).
_CONTROL = bytes([*range(0, 9), 11, *range(14, 27), *range(28, 32), 127])
_TEXT_BYTES = bytes(b for b in range(256) if b not in _CONTROL)


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
    if len(head.translate(None, _TEXT_BYTES)) * 10 > len(head):
        # More than a tenth of control bytes: an image, an archive, a database. A few
        # stray NULs (PartyPoker puts one before some lines) do not make text binary;
        # they are dropped as the text is decoded.
        raise NotText("binary data, not a text hand history")
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


def lf_only(text: str) -> str:
    """``text`` with CRLF and bare CR line endings turned into LF."""
    if "\r" in text:
        return text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def decoded_chunks(path: Path, chunk_size: int = CHUNK) -> Iterator[str]:
    """The text of ``path``, decoded ``chunk_size`` bytes at a time, with LF line endings
    only. Raises ``OSError`` or ``NotText`` (on the first ``next``)."""
    with path.open("rb") as f:
        yield from decoded_stream(f, chunk_size)


def decoded_stream(f: BinaryIO, chunk_size: int = CHUNK) -> Iterator[str]:
    """The text of the byte stream ``f`` (a file, an archive member, standard input), as
    ``decoded_chunks``; the caller closes ``f``."""
    head = f.read(_SNIFF)
    encoding = sniff_encoding(head)
    errors = "auditor-cp1252-fallback" if encoding.startswith("utf-8") else "replace"
    decode = codecs.getincrementaldecoder(encoding)(errors=errors).decode
    # A UTF-16 file that ends in a stray odd byte: leave that byte in the decoder
    # rather than flush it as a U+FFFD line of its own.
    flush = not encoding.startswith("utf-16")
    # The head, then the rest of the file, then b"" to end with.
    raw = chain((head[i : i + chunk_size] for i in range(0, len(head), chunk_size)),
                iter(partial(f.read, chunk_size), b""), (b"",))
    held = ""
    for data in raw:
        text = held + decode(data, flush and not data)
        if "\x00" in text and flush:
            text = text.replace("\x00", "")
        # A chunk ending in CR may be half a CRLF: hold the CR back.
        held = "\r" if text.endswith("\r") else ""
        if text := lf_only(text[:-1] if held else text):
            yield text
    if held:
        yield "\n"


def iter_lines(path: Path, chunk_size: int = CHUNK) -> Iterator[tuple[int, str]]:
    """Yield ``(line_number, text)`` for each line of ``path``, 1-based, without the line
    ending and without trailing white space. A BOM inside a line (files concatenated
    without a newline) starts a new logical line with the same number."""
    return _numbered(decoded_chunks(path, chunk_size))


def iter_text_lines(text: str) -> Iterator[tuple[int, str]]:
    """Like ``iter_lines`` for text already in memory."""
    return _numbered((lf_only(text),))


def _numbered(chunks: Iterable[str]) -> Iterator[tuple[int, str]]:
    """The numbered, right-stripped lines of a stream of LF-only text chunks."""
    number = 0
    pending = ""  # the unfinished last line
    for chunk in chunks:
        text = pending + chunk
        parts = text.split("\n")
        pending = parts.pop()
        if "\ufeff" in text:
            for raw in parts:
                number += 1
                for line in logical_lines(raw.rstrip()):
                    yield number, line
        else:
            yield from zip(range(number + 1, number + 1 + len(parts)),
                           map(str.rstrip, parts), strict=True)
            number += len(parts)
    if pending:
        yield from ((number + 1, line) for line in logical_lines(pending.rstrip()))


def logical_lines(line: str) -> list[str]:
    """The logical lines of one right-stripped physical line that holds a BOM: leading BOMs
    are dropped, and each BOM inside (files concatenated without a final newline) starts
    a new line; blank pieces between BOMs are dropped."""
    line = line.lstrip("\ufeff")
    if "\ufeff" not in line:
        return [line]
    return [part.rstrip() for part in line.split("\ufeff") if part.strip()]
