"""Cleaning what people type (names, chat) without breaking what they meant to write.

Kept: letters of every script, emoji sequences whole — a family joined with zero-width joiners (U+200D), a flag
of two regional indicators, a subdivision flag (black flag + tag letters), keycaps, skin tones, variation
selectors — and combining accents. Dropped: control characters, the invisible characters that turn text around
or hide in it (direction overrides, embeddings and isolates, marks, zero-width spaces, soft hyphens, byte order
marks), stray tags and joiners that join nothing, private-use and lone surrogate code points, and piles of
combining marks beyond a few per letter. Whitespace of any kind becomes one space. Lengths count what a reader
sees as one character (a grapheme), so a family emoji is one, not seven, and a cut never splits one.

The cut comes first: at most ``limit * 4 + 256`` code points of what was typed are read (:func:`read_budget`), so
a megabyte pasted into a name costs what a long name costs. Plain text (every character a grapheme of its own,
the common case) takes a fast path; the character tests are cached per character.

Pure functions, no dependencies beyond the standard library.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

ZWJ = "\u200d"
ZWNJ = "\u200c"
BLACK_FLAG = "\U0001f3f4"
TAG_FIRST, TAG_LAST, CANCEL_TAG = 0xE0020, 0xE007E, "\U000e007f"
DIRECTION_CONTROLS = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
MAX_MARKS = 4  # combining marks kept on one letter (Vietnamese needs 2; "Zalgo" text piles up dozens)
MAX_CLUSTER = 32  # code points in one grapheme (the longest emoji sequences have 10-11)
READ_PER_GRAPHEME, READ_EXTRA = 4, 256  # code points read per grapheme of the limit, and beyond (see read_budget)
CACHED = 8192  # characters whose tests are remembered (a text has few distinct ones; the cache stays small)


def _is_regional(ch: str) -> bool:
    return 0x1F1E6 <= ord(ch) <= 0x1F1FF


def _is_modifier(ch: str) -> bool:
    return 0x1F3FB <= ord(ch) <= 0x1F3FF  # skin tones


def _is_variation_selector(ch: str) -> bool:
    o = ord(ch)
    return 0xFE00 <= o <= 0xFE0F or 0xE0100 <= o <= 0xE01EF


def _is_tag(ch: str) -> bool:
    return TAG_FIRST <= ord(ch) <= TAG_LAST


@lru_cache(maxsize=CACHED)
def _is_mark(ch: str) -> bool:
    return unicodedata.category(ch) in ("Mn", "Me", "Mc")


@lru_cache(maxsize=CACHED)
def _kept_alone(ch: str) -> bool:
    """A code point that may stand (or start a grapheme) in cleaned text."""
    category = unicodedata.category(ch)
    if category in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp") or ch in DIRECTION_CONTROLS:
        return False
    if category == "Cn":  # unassigned in this Python's Unicode tables: keep emoji newer than them, nothing else
        return 0x1F000 <= ord(ch) <= 0x1FAFF
    return True


@lru_cache(maxsize=CACHED)
def _may_appear(ch: str) -> bool:
    """Kept before graphemes are found: what may stand alone, plus the joiners and tags that are judged in context."""
    return _kept_alone(ch) or ch in (ZWJ, ZWNJ, CANCEL_TAG) or _is_tag(ch)


def _pictographic(ch: str) -> bool:
    """Roughly Unicode's Extended_Pictographic: the emoji a zero-width joiner glues into one picture."""
    o = ord(ch)
    return o >= 0x1F000 or 0x2190 <= o <= 0x2BFF or unicodedata.category(ch) == "So"


def _visible(ch: str | None) -> bool:
    return ch is not None and not ch.isspace() and _kept_alone(ch) and not _is_mark(ch)


def graphemes(text: str) -> list[str]:
    """Split cleaned-up text into graphemes (a simplified form of Unicode's extended grapheme clusters)."""
    clusters: list[str] = []
    i, n = 0, len(text)
    while i < n:
        cluster = text[i]
        i += 1
        regional = _is_regional(cluster)
        while i < n:
            ch = text[i]
            if _is_mark(ch) or _is_modifier(ch) or _is_tag(ch) or ch == CANCEL_TAG or ch == ZWNJ:
                cluster += ch
                i += 1
            elif ch == ZWJ and i + 1 < n and _pictographic(cluster[0]) and _visible(text[i + 1]):
                cluster += text[i : i + 2]  # an emoji sequence: the joined emoji is part of this grapheme
                i += 2
            elif ch == ZWJ:
                cluster += ch
                i += 1
            elif regional and _is_regional(ch):  # a flag: exactly two regional indicators
                cluster += ch
                i += 1
                regional = False
            else:
                break
        clusters.append(cluster)
    return clusters


def _clean_cluster(cluster: str) -> str:
    """One grapheme without what does not belong in it; empty when nothing visible is left."""
    base = cluster[0]
    if not _kept_alone(base) or _is_mark(base):  # a joiner, tag or accent with nothing before it
        return ""
    out = [base]
    marks = 0
    tags = ""
    i = 1
    while i < len(cluster):
        ch = cluster[i]
        if ch in (ZWJ, ZWNJ):  # (clean_text kept only those between two visible characters)
            out.append(ch)
        elif _is_tag(ch):
            tags += ch
        elif ch == CANCEL_TAG:
            if base == BLACK_FLAG and tags:  # a subdivision flag, e.g. England: black flag, "gbeng", cancel tag
                out.append(tags + CANCEL_TAG)
            tags = ""
        elif _is_variation_selector(ch) or _is_modifier(ch):
            out.append(ch)
        elif _is_mark(ch):
            marks += 1
            if marks <= MAX_MARKS:
                out.append(ch)
        elif _kept_alone(ch):
            out.append(ch)
        i += 1
    text = "".join(out)
    if len(text) <= MAX_CLUSTER:
        return text
    # cut to its first MAX_CLUSTER code points; a joiner left at the cut would join the next grapheme to this one,
    # which the next cleaning would cut again (hypothesis found '🀀\u200d0…', cut after a ZWJ)
    return "".join(graphemes(text[:MAX_CLUSTER])[:1]).rstrip(ZWJ + ZWNJ)


def read_budget(limit: int) -> int:
    """How many code points of a text are read for a cut at ``limit`` graphemes. Enough for every cleaned text of
    ``limit`` graphemes that people write (a name of 24 family emoji is 168), so cleaning a cleaned text changes
    nothing; what lies beyond is never looked at."""
    return max(0, limit) * READ_PER_GRAPHEME + READ_EXTRA


@lru_cache(maxsize=CACHED)
def _plain(ch: str) -> bool:
    """Whitespace, or a character that is kept and always a grapheme of its own (nothing joins it to another)."""
    return ch.isspace() or (_kept_alone(ch) and not _is_mark(ch) and not _is_regional(ch) and not _is_modifier(ch)
                            and not _is_variation_selector(ch) and not _is_tag(ch))


def clean_text(text: object, limit: int) -> str:
    """``text`` trimmed, with whitespace runs made one space, the hidden and harmful characters dropped (see the
    module's description), and at most ``limit`` graphemes. Shown as text, never HTML. Reads at most
    :func:`read_budget` code points of ``text``."""
    budget = read_budget(limit)
    raw = unicodedata.normalize("NFC", (text if isinstance(text, str) else str(text))[:budget])
    if all(_plain(ch) for ch in set(raw)):  # one grapheme per character: no joiners, marks, flags or tags
        return " ".join(raw.split())[: max(0, limit)].rstrip(" ")
    out = _clean_joined(raw, limit)
    while len(out) > budget:  # (normalising can lengthen a text a little; a cleaned text must fit the budget)
        out = "".join(graphemes(out)[:-1]).rstrip(" " + ZWJ + ZWNJ)
    return out


def _clean_joined(raw: str, limit: int) -> str:
    """:func:`clean_text` of normalised text with joiners, marks, flags or tags in it: grapheme by grapheme."""
    chars = [" " if ch.isspace() else ch for ch in raw if ch.isspace() or _may_appear(ch)]
    joined_ok: list[str] = []
    for i, ch in enumerate(chars):
        if ch in (ZWJ, ZWNJ):  # a joiner stays only between two visible characters, where it changes the picture
            before = joined_ok[-1] if joined_ok else None
            after = chars[i + 1] if i + 1 < len(chars) else None
            if before is None or before in (" ", ZWJ, ZWNJ) or not _visible(after):
                continue
            if ch == ZWNJ and not ((before.isalpha() or _is_mark(before)) and after is not None and after.isalpha()):
                continue  # the non-joiner shapes Persian and Indic words; anywhere else it only hides
        joined_ok.append(ch)
    spaced = "".join(joined_ok)
    kept: list[str] = []
    for cluster in graphemes(spaced):
        if cluster[0] == " ":
            kept.append(" ")
            continue
        cleaned = _clean_cluster(cluster)
        if cleaned:
            kept.append(cleaned)
    words = unicodedata.normalize("NFC", "".join(kept)).split(" ")
    joined = " ".join(w for w in words if w)
    # a cut after a joiner leaves it joining nothing: it goes too (as it would at the next cleaning)
    return "".join(graphemes(joined)[: max(0, limit)]).rstrip(" " + ZWJ + ZWNJ)


def clean_lines(text: object, limit: int) -> str:
    """Longer writing (a problem report): :func:`clean_text` line by line, with the line breaks kept (at most one
    empty line in a row, none at either end); ``limit`` counts the code points of the whole, which are cut first."""
    raw = (text if isinstance(text, str) else str(text))[: max(0, limit)]
    lines: list[str] = []
    for line in raw.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        cleaned = clean_text(line, limit) if line and not line.isspace() else ""
        if cleaned or (lines and lines[-1]):
            lines.append(cleaned)
    out = "\n".join(lines).strip("\n")
    while len(out) > limit:  # (normalising can lengthen a text a little)
        out = "".join(graphemes(out)[:-1]).rstrip(" \n" + ZWJ + ZWNJ)
    return out


def clean_name(name: object, limit: int = 24, fallback: str = "Player") -> str:
    """A player's name: :func:`clean_text` at ``limit`` graphemes, or ``fallback`` when nothing is left."""
    return clean_text(name, limit) or fallback


def grapheme_count(text: str) -> int:
    return len(graphemes(text))
