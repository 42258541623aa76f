"""Reading hand-history files as users have them: decoded text with one kind of newline.

Encodings: UTF-8 with or without BOM, UTF-16 with or without BOM (old WPN exports end
with a stray odd byte), and cp1252 for everything that is not valid UTF-8. Line endings:
LF, CRLF and bare CR, all turned into LF. Files are read in chunks, so memory stays flat
however large the file.

The encoding is decided per *region*, not once per file, so that no part of a file hides
the readable hands of another: a run of four or more NUL bytes (the zero-filled tail a
crash leaves, a zeroed gap) ends a region and is dropped; a UTF-16 part (a BOM, or
ASCII text with a NUL after every character) starts a region of its own inside 8-bit
text, and 8-bit text (a long run of bytes without a NUL) ends a UTF-16 region. Each
region is sniffed on its own first 64 KiB; a region that is binary is dropped (the file is
``NotText`` only when no region is text). Stray single NULs in 8-bit text are dropped. A
new region after text starts a new logical line (a U+FEFF is put between them, which the
line and block readers treat as the start of a line with the same number).

Decoded text never holds the line lexer's placeholder characters (``clean``): they are
mapped to U+FFFD, so that a line cannot pass its own characters off as fields.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Iterator
from functools import partial
from pathlib import Path
from typing import BinaryIO

CHUNK = 1 << 20
_SNIFF = 1 << 16
# Every byte but the control characters that text does not hold (tab, line feed, form
# feed and carriage return, and escape, are text).
_CONTROL = bytes([*range(0, 9), 11, *range(14, 27), *range(28, 32), 127])
_TEXT_BYTES = bytes(b for b in range(256) if b not in _CONTROL)

# The characters the line lexer keeps for its placeholders (``parsing.shape``), and one
# the cutter uses to mark a line cut short (``parsing.blocks``): never input text.
RESERVED = "\ue000\ue001\ue002\ue003\ue004\ue005"
_UNRESERVE = {ord(c): "\ufffd" for c in RESERVED}

# Region boundaries in the raw bytes.
_ZEROS = re.compile(rb"\x00{4,}")
_PRINTABLE = rb"[\x09\x0a\x0d\x20-\x7e]"
# A UTF-16 part inside 8-bit text: a BOM, or eight ASCII characters of UTF-16.
_UTF16_START = re.compile(
    rb"\xff\xfe|\xfe\xff|(?:" + _PRINTABLE + rb"\x00){8}|(?:\x00" + _PRINTABLE + rb"){8}"
)
# The end of a UTF-16 part: a run of printable ASCII bytes that UTF-16 hand histories
# (mostly ASCII, a NUL in every other byte; CJK characters seldom make two printable
# bytes) never hold.
_EIGHT_BIT_RUN = 64
_EIGHT_BIT = re.compile(_PRINTABLE + b"{%d}" % _EIGHT_BIT_RUN)
_EIGHT_BIT_TAIL = re.compile(_PRINTABLE + rb"*\Z")


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


def clean(text: str) -> str:
    """``text`` with LF line endings only, and the lexer's reserved characters
    (``RESERVED``) replaced by U+FFFD."""
    text = lf_only(text)
    if not text.isascii() and any(c in text for c in RESERVED):
        text = text.translate(_UNRESERVE)
    return text


class _Regions:
    """Decodes a byte stream region by region (see the module's documentation).

    ``feed`` takes raw bytes (at least ``_SNIFF`` at a time, but at the end) and returns
    the text decoded so far; bytes that may belong to a boundary not yet seen whole are
    held back for the next call.
    """

    def __init__(self) -> None:
        self.head = b""  # the open region's first bytes, until there are enough to sniff
        self.encoding: str | None = None  # None: the open region is not sniffed yet
        self.decoder: codecs.IncrementalDecoder | None = None
        self.fed = 0  # bytes given to the open region's decoder (UTF-16 alignment)
        self.held = b""  # bytes held back for the next call
        self.in_zeros = False  # the bytes so far end inside a run of NULs
        self.text = False  # some region was text
        self.binary = False  # some region was binary
        self.emitted = False  # some text was returned: a new region starts a new line
        self.pending_bom = False  # the open region's text starts a new line
        self.next_kind: str | None = None  # "utf-16" or "8-bit": what the next region is

    def feed(self, data: bytes, final: bool) -> list[str]:
        out: list[str] = []
        data = self.held + data
        self.held = b""
        if self.in_zeros and data:  # the NULs go on: still the same boundary
            data = data.lstrip(b"\x00")
            self.in_zeros = not data
        if not final:
            data = self._hold_back(data)
        # (A NUL first, by memchr: the four bytes' search alone cost about 6,000
        # instructions a PokerStars hand, and text has no NUL.)
        if b"\x00" in data and b"\x00\x00\x00\x00" in data:
            pieces = _ZEROS.split(data)
            for i, piece in enumerate(pieces):
                if i:
                    out += self._end_region()
                if piece:
                    out += self._piece(piece)
            if final or self.in_zeros:
                out += self._end_region()
        else:
            if data:
                out += self._piece(data)
            if final or self.in_zeros:
                out += self._end_region()
        if final and self.binary and not self.text:
            raise NotText("binary data, not a text hand history")
        return out

    def _hold_back(self, data: bytes) -> bytes:
        """``data`` without the bytes that may start a boundary the next bytes complete."""
        zeros = len(data) - len(data.rstrip(b"\x00"))
        if zeros >= 4:
            # A run of NULs ends the bytes: a boundary already; more NULs may follow.
            self.in_zeros = True
            return data
        keep = len(data) - zeros
        if self.encoding is not None and self.encoding.startswith("utf-16"):
            # The start of a run of 8-bit bytes that would end the UTF-16 region.
            m = _EIGHT_BIT_TAIL.search(data, max(0, keep - _EIGHT_BIT_RUN + 1), keep)
            if m is not None:
                keep = m.start()
        else:
            # The start of a UTF-16 part: a BOM or an ASCII character with its NUL.
            tail = data[max(0, keep - 15) : keep]
            if b"\x00" in tail or b"\xff" in tail or b"\xfe" in tail:
                keep = max(0, keep - 15)
        self.held = data[keep:]
        return data[:keep]

    def _piece(self, data: bytes, last: bool = False) -> list[str]:
        """Bytes of the open region (which they may end, and start another); ``last``
        when they are the region's last (sniff it however few they are)."""
        out: list[str] = []
        while data:
            if self.encoding is None:
                head = self.head + data
                if len(head) < _SNIFF and not last:
                    self.head = head
                    return out
                self.head = b""
                data = self._start(head)
                continue
            utf16 = self.encoding.startswith("utf-16")
            # A region is never cut at its own start: each one reads at least a character.
            start = 0 if self.fed else 2 if utf16 else 1
            if utf16:
                m = _EIGHT_BIT.search(data, start)
                at = -1
                if m is not None:
                    at = m.start() + ((self.fed + m.start()) & 1)
            elif self.encoding == "binary":
                # Dropped; sniffed again every _SNIFF bytes for text that follows.
                self.encoding = None
                continue
            elif b"\x00" in data or b"\xff" in data or b"\xfe" in data:
                # (One byte each: memchr, where a search for the BOMs' two bytes is
                # some seventy times slower; the search below finds them.)
                m = _UTF16_START.search(data, start)
                at = -1 if m is None else m.start()
            else:
                at = -1
            if at < 0 or at >= len(data):
                out += self._decoded(data, False)
                return out
            out += self._decoded(data[:at], False)
            out += self._end_region()
            self.next_kind = "8-bit" if utf16 else "utf-16"
            data = data[at:]
        return out

    def _start(self, head: bytes) -> bytes:
        """Sniff a region from its first bytes; the bytes left to decode."""
        kind, self.next_kind = self.next_kind, None
        try:
            encoding = _sniff_region(head[:_SNIFF], kind)  # (not the whole first chunk)
        except NotText:
            self.binary = True
            self.encoding = "binary"
            return head[_SNIFF:] if len(head) > _SNIFF else b""
        self.text = True
        self.encoding = encoding
        errors = "auditor-cp1252-fallback" if encoding.startswith("utf-8") else "replace"
        self.decoder = codecs.getincrementaldecoder(encoding)(errors=errors)
        self.fed = 0
        if self.emitted:
            self.pending_bom = True
        return head

    def _decoded(self, data: bytes, final: bool) -> list[str]:
        decoder = self.decoder
        assert decoder is not None and self.encoding is not None
        self.fed += len(data)
        # The bytes tell what the text may hold, by memchr rather than a scan of the text
        # for each character: a reserved character comes from UTF-16, or from UTF-8's
        # bytes EE 80 80–85 (perhaps begun in the bytes before, held in the decoder),
        # never from cp1252; in 8-bit text a NUL is a NUL byte.
        utf16 = self.encoding.startswith("utf-16")
        reserved = utf16 or (self.encoding.startswith("utf-8")
                             and (b"\xee" in data or bool(decoder.getstate()[0])))
        text = decoder.decode(data, final)
        if not text:
            return []
        if not utf16 and b"\x00" in data:
            text = text.replace("\x00", "")
            if not text:
                return []
        if reserved and any(c in text for c in RESERVED):
            text = text.translate(_UNRESERVE)
        if self.pending_bom:
            self.pending_bom = False
            text = "\ufeff" + text
        self.emitted = True
        return [text]

    def _end_region(self) -> list[str]:
        out: list[str] = []
        if self.encoding is None and self.head:
            head, self.head = self.head, b""
            out += self._piece(head, last=True)
        # A UTF-16 part that ends in a stray odd byte: leave that byte in the decoder
        # rather than flush it as a U+FFFD line of its own.
        if self.encoding is not None and self.encoding != "binary" \
                and not self.encoding.startswith("utf-16"):
            out += self._decoded(b"", True)
        self.encoding = None
        self.decoder = None
        self.pending_bom = False
        return out


def _sniff_region(head: bytes, kind: str | None) -> str:
    """The codec of a region that starts with ``head``; ``kind`` is what the region is
    known to be ("utf-16" or "8-bit") when the previous one ended where it starts."""
    if kind == "utf-16":
        if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            return "utf-16"
        return "utf-16-le" if head[1::2].count(0) >= head[0::2].count(0) else "utf-16-be"
    if kind == "8-bit":
        head = head.replace(b"\x00", b"")
        if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            head = head[2:]
        encoding = sniff_encoding(head)
        return encoding if not encoding.startswith("utf-16") else "cp1252"
    if _UTF16_START.match(head):
        return _sniff_region(head, "utf-16")
    encoding = sniff_encoding(head)
    if encoding in ("utf-16-le", "utf-16-be"):
        first_nul = head.find(b"\x00")
        if first_nul >= _EIGHT_BIT_RUN:
            # 8-bit text first, then a UTF-16 part: the region is the 8-bit text (the
            # UTF-16 part is found where it starts, as a region of its own).
            return sniff_encoding(head[:first_nul])
    return encoding


def decoded_chunks(path: Path, chunk_size: int = CHUNK) -> Iterator[str]:
    """The text of ``path``, decoded ``chunk_size`` bytes at a time (regions are sniffed
    on at least ``_SNIFF`` bytes), with LF line endings only and no reserved characters.
    Raises ``OSError``, or ``NotText`` when no part of the file is text."""
    with path.open("rb") as f:
        yield from decoded_stream(f, chunk_size)


def decoded_stream(f: BinaryIO, chunk_size: int = CHUNK) -> Iterator[str]:
    """The text of the byte stream ``f`` (a file, an archive member, standard input), as
    ``decoded_chunks``; the caller closes ``f``."""
    return _decoded_stream(iter(partial(f.read, chunk_size), b""), chunk_size)


def _decoded_stream(raw: Iterable[bytes], chunk_size: int) -> Iterator[str]:
    regions = _Regions()
    window = max(chunk_size, _SNIFF)
    buffer: list[bytes] = []
    size = 0
    held = ""
    for data in raw:
        buffer.append(data)
        size += len(data)
        if size < window:
            continue
        texts = regions.feed(b"".join(buffer), final=False)
        buffer, size = [], 0
        for text in texts:
            for piece in _slices(text, chunk_size):
                piece, held = _lf(held + piece)
                if piece:
                    yield piece
    for text in regions.feed(b"".join(buffer), final=True):
        for piece in _slices(text, chunk_size):
            piece, held = _lf(held + piece)
            if piece:
                yield piece
    if held:
        yield "\n"


def _slices(text: str, size: int) -> Iterator[str]:
    if len(text) <= size:
        yield text
    else:
        yield from (text[i : i + size] for i in range(0, len(text), size))


def _lf(text: str) -> tuple[str, str]:
    """``text`` with LF line endings (``_Regions`` has replaced the reserved
    characters), and a CR it ends in held back (it may be half a CRLF)."""
    if text.endswith("\r"):
        return lf_only(text[:-1]), "\r"
    return lf_only(text), ""


def iter_lines(path: Path, chunk_size: int = CHUNK) -> Iterator[tuple[int, str]]:
    """Yield ``(line_number, text)`` for each line of ``path``, 1-based, without the line
    ending and without trailing white space. A BOM inside a line (files concatenated
    without a newline) starts a new logical line with the same number."""
    return _numbered(decoded_chunks(path, chunk_size))


def iter_text_lines(text: str) -> Iterator[tuple[int, str]]:
    """Like ``iter_lines`` for text already in memory."""
    return _numbered((clean(text),))


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
