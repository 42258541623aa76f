"""What every match of a regular expression starts with: its first characters, read from
the pattern's parse.

The cutter looks for a header after every newline of a file. Python's regex engine tries
each site's header pattern in turn at each line, so a look-ahead at the first two
characters that some header can start with (``P`` then ``o``, ``*`` then ``*``, …) lets
most lines fail in one step. Those characters are derived from the sites' own patterns,
so that a site plug-in with a new header needs nothing more.

The parse is ``re._parser``'s, the one ``re.compile`` itself uses (private, stable since
Python 3.11); where it is missing or a pattern holds anything this does not follow, the
answer is "unknown" and the caller looks at no characters.
"""

from __future__ import annotations

from typing import Any

try:
    from re import _constants as sre
    from re import _parser as sre_parse
except ImportError:  # another Python's internals: no look-ahead, still correct
    sre = sre_parse = None  # type: ignore[assignment]

# A set of characters is followed (``[Ff]``) only up to this size.
_MAX_SET = 64
# (text, whole): a start of a match, and whether the part of the pattern read is wholly
# matched by it (then what follows in the pattern continues it) or not known beyond it.
Start = tuple[str, bool]


def starts(pattern: str, size: int) -> set[str] | None:
    """Strings of at most ``size`` characters such that every match of ``pattern``
    starts with one of them (one shorter than ``size`` where the pattern stops saying
    what comes next); None if the pattern cannot be read here."""
    if sre_parse is None:
        return None
    try:
        parsed = sre_parse.parse(pattern)
        if parsed.state.flags & (sre.SRE_FLAG_IGNORECASE | sre.SRE_FLAG_VERBOSE):
            return None
        return {text for text, _ in _sequence(list(parsed), size)}
    except Exception:  # re.error, something not followed (_Unknown), changed internals
        return None


class _Unknown(Exception):
    """Raised inside when the pattern holds something not followed."""


def _sequence(items: list[Any], size: int) -> set[Start]:
    """The starts of the items matched one after another, up to ``size`` characters."""
    if size == 0:
        return {("", False)}
    if not items:
        return {("", True)}
    op, av = items[0]
    if op in (sre.ASSERT, sre.ASSERT_NOT, sre.AT):
        return _sequence(items[1:], size)  # they match no characters
    out: set[Start] = set()
    for text, whole in _item(op, av, size):
        if whole and len(text) < size:
            out |= {(text + more, done) for more, done in _sequence(items[1:], size - len(text))}
        else:
            out.add((text, False))
    return out


def _item(op: Any, av: Any, size: int) -> set[Start]:
    """The starts of one item of a parse."""
    if op is sre.LITERAL:
        return {(chr(av), True)}
    if op is sre.IN:
        chars: set[str] = set()
        for kind, value in av:
            if kind is sre.LITERAL:
                chars.add(chr(value))
            elif kind is sre.RANGE and value[1] - value[0] < _MAX_SET:
                chars |= {chr(c) for c in range(value[0], value[1] + 1)}
            else:  # a negated set, a category (\d, \S), a wide range
                return {("", False)}
        return {(c, True) for c in chars} if len(chars) <= _MAX_SET else {("", False)}
    if op is sre.SUBPATTERN:
        _, add_flags, del_flags, inner = av
        if add_flags or del_flags:  # (?i:…) and the like
            raise _Unknown
        return _sequence(list(inner), size)
    if op is sre.BRANCH:
        return set().union(*(_sequence(list(alt), size) for alt in av[1]))
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        low, high, inner = av
        # At most ``size`` repeats can matter: each one that matches characters uses one.
        required = min(low, size)
        optional = min(high, size) - required
        once = (sre.SUBPATTERN, (None, 0, 0, inner))
        maybe = (sre.MAX_REPEAT, (0, 1, inner))
        if low == 0 and high == 1:
            return {("", True)} | _sequence(list(inner), size)
        return _sequence([once] * required + [maybe] * optional, size)
    return {("", False)}  # any character, a back reference, …: not known
