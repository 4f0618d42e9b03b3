"""The jokers' faces (``JK1`` red, ``JK2`` black), drawn by the app like the other faces (card_faces.py): the
word JOKER down two corners and a jester's cap with bells in the middle."""

from __future__ import annotations

from functools import lru_cache

from logic.cards import JOKER_CODES

JOKER_INK = {"JK1": "#c62828", "JK2": "#1b1b1b"}
FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif"
_CORNER = "".join(f'<text x="7" y="{11 + 8 * i}" font-size="8" font-weight="700" text-anchor="middle">{ch}</text>'
                  for i, ch in enumerate("JOKER"))
_CAP = ('<path d="M20 62 Q20 48 14 38 Q24 40 27 50 Q29 38 32 27 Q35 38 37 50 Q40 40 50 38 Q44 48 44 62 Z"/>'
        '<rect x="18" y="61" width="28" height="7" rx="2"/>'
        '<circle cx="14" cy="37" r="3.2"/><circle cx="32" cy="25" r="3.2"/><circle cx="50" cy="37" r="3.2"/>'
        '<text x="32" y="80" font-size="11" text-anchor="middle">\u2605</text>')


@lru_cache(maxsize=4)
def joker_svg(code: str) -> str:
    """The SVG face of joker ``code``; ValueError for anything else."""
    if code not in JOKER_INK:
        raise ValueError(f"Not a joker: {code!r}")
    ink = JOKER_INK[code]
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 92" width="64" height="92" '
            f'color="{ink}" fill="{ink}" font-family="{FONT}">'
            f'{_CORNER}<g transform="rotate(180 32 46)">{_CORNER}</g>{_CAP}</svg>')


def joker_css(version: str) -> str:
    """The jokers' background rules (the same face in two- and four-colour decks)."""
    return "".join(f'.pcard.face[data-card="{code}"]{{background-image:url(/cards/{code}.svg?v={version})}}\n'
                   for code in JOKER_CODES)
