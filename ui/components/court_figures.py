"""The figures on the court cards (Jack, Queen, King), drawn by the app as SVG in the 64×92 face of card_faces.py.

Like a printed deck, a court card shows a double-headed half figure: the upper half drawn once and turned half a
circle for the lower half, inside a frame. The three ranks differ in what a glance at a phone catches first: the
King wears a pointed crown and a beard, the Queen a rounded crown with long hair, the Jack a feathered cap and
no beard. The robe takes the suit's ink, so the figure repeats the suit's colour (the corners still name it).
"""

from __future__ import annotations

SKIN = "#f3cfa0"
GOLD = "#e9b949"
HAIR = {"J": "#8a5a2b", "Q": "#d9a441", "K": "#7a7a7a"}
FRAME = (15, 21, 34, 50)  # x, y, width, height: the middle of the face, between the corner indexes

_HEADWEAR = {
    # a pointed crown with three points and jewels
    "K": ('<path d="M26 30 L26 23 L29 26 L32 21.5 L35 26 L38 23 L38 30 Z" fill="{gold}" stroke="{ink}" '
          'stroke-width="0.9" stroke-linejoin="round"/><circle cx="32" cy="27.5" r="1.1" fill="{ink}"/>'),
    # a rounded crown (a tiara of three arcs) with a jewel
    "Q": ('<path d="M27 30 Q27.5 25 29.5 27 Q32 22 34.5 27 Q36.5 25 37 30 Z" fill="{gold}" stroke="{ink}" '
          'stroke-width="0.9" stroke-linejoin="round"/><circle cx="32" cy="25.6" r="1" fill="{ink}"/>'),
    # a soft cap with a brim and a feather
    "J": ('<path d="M25.5 30.5 Q26 24.5 32 24.5 Q38 24.5 38.5 30.5 Z" fill="{ink}" stroke="{ink}" stroke-width="0.8"/>'
          '<path d="M24.5 30.5 L39.5 30.5" stroke="{gold}" stroke-width="1.6" stroke-linecap="round"/>'
          '<path d="M36 25.5 Q41 21 43.5 23.5 Q40 24 37.5 27" fill="{gold}" stroke="{ink}" stroke-width="0.6"/>'),
}
_HAIR = {
    "K": "",
    "Q": ('<path d="M26.3 31 Q25 39 23.5 44 L28 44 Q27.5 38 28.5 33 Z '
          'M37.7 31 Q39 39 40.5 44 L36 44 Q36.5 38 35.5 33 Z" fill="{hair}"/>'),
    "J": '<path d="M26.6 31 Q26.2 35 27.5 36.5 L28.2 32 Z M37.4 31 Q37.8 35 36.5 36.5 L35.8 32 Z" fill="{hair}"/>',
}
_BEARD = {
    "K": '<path d="M27.6 34.5 Q28 40.5 32 41 Q36 40.5 36.4 34.5 Q34 36.5 32 36.2 Q30 36.5 27.6 34.5 Z" '
         'fill="{hair}" stroke="{ink}" stroke-width="0.5"/>',
    "Q": "",
    "J": "",
}


def court_figure(letter: str, ink: str, sym: str) -> str:
    """The framed double-headed figure of a court card (``letter`` J, Q or K) as SVG elements (ValueError else)."""
    if letter not in _HEADWEAR:
        raise ValueError(f"{letter!r} is not a court rank (J, Q or K)")
    x, y, w, h = FRAME
    fill = {"ink": ink, "gold": GOLD, "hair": HAIR[letter]}
    half = (
        # the robe: shoulders and a gold collar, the suit's sign on the chest
        f'<path d="M19 47 Q20 40 27 38.5 L37 38.5 Q44 40 45 47 Z" fill="{ink}"/>'
        f'<path d="M28 38.6 L32 43 L36 38.6" fill="none" stroke="{GOLD}" stroke-width="1.4"/>'
        + _HAIR[letter].format(**fill)
        + f'<circle cx="32" cy="33" r="5.2" fill="{SKIN}" stroke="{ink}" stroke-width="0.8"/>'
        f'<circle cx="30.1" cy="32.6" r=".65" fill="#1b1b1b"/><circle cx="33.9" cy="32.6" r=".65" fill="#1b1b1b"/>'
        + _BEARD[letter].format(**fill)
        + _HEADWEAR[letter].format(**fill)
        + f'<text x="{x + 4.2}" y="{y + 9}" font-size="7" text-anchor="middle" fill="{ink}">{sym}</text>'
    )
    return (f'<clipPath id="half"><rect x="{x}" y="{y}" width="{w}" height="{h / 2}"/></clipPath>'
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="3" fill="#fdf6e3"/>'
            f'<g clip-path="url(#half)"><g id="fig">{half}</g></g>'
            f'<g transform="rotate(180 32 46)" clip-path="url(#half)"><use href="#fig"/></g>'
            f'<path d="M{x} {y + h / 2} L{x + w} {y + h / 2}" stroke="{ink}" stroke-width=".6" opacity=".5"/>'
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="3" fill="none" stroke="{ink}" stroke-width="1.4"/>')
