"""Card faces as small SVG images drawn by the app, so a card on the page is a single ``div``.

A face shows rank and suit in the top-left and bottom-right corners and a large suit in the middle; court
cards get a double-headed figure (ui/components/court_figures.py). ``/cards/faces.css`` maps
``.pcard[data-card=QS]`` to ``/cards/QS.svg`` (and to the four-colour faces under ``.four-colour``).
Updating a hand then sends one element per card, not eight.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

from logic.cards import JOKER_CODES, SUIT_SYMBOL, Card, full_deck, is_joker
from ui.components.court_figures import court_figure
from ui.components.joker_face import joker_css, joker_svg

INK = {"S": "#1b1b1b", "H": "#c62828", "D": "#c62828", "C": "#1b1b1b"}
INK_FOUR = {"S": "#1b1b1b", "H": "#c62828", "D": "#1565c0", "C": "#2e7d32"}
COURT_LETTER = {11: "J", 12: "Q", 13: "K"}
FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif"
CACHE_SECONDS = 86400


def _corner(label: str, sym: str) -> str:
    squeeze = ' textLength="16" lengthAdjust="spacingAndGlyphs"' if len(label) > 1 else ""
    return (f'<text x="10" y="18" font-size="17" font-weight="700" text-anchor="middle"{squeeze}>{label}</text>'
            f'<text x="10" y="33" font-size="15" text-anchor="middle">{sym}</text>')


@lru_cache(maxsize=256)
def face_svg(code: str, four_colour: bool = False) -> str:
    """The SVG face of card ``code`` (e.g. ``QS``, ``10H``, a joker ``JK1``); ValueError for anything else."""
    if is_joker(code):
        return joker_svg(code)
    card = Card.parse(code)
    sym = SUIT_SYMBOL[card.suit]
    ink = (INK_FOUR if four_colour else INK)[card.suit]
    label = card.code[:-1]
    corner = _corner(label, sym)
    if card.rank in COURT_LETTER:
        middle = court_figure(COURT_LETTER[card.rank], ink, sym)
    else:
        middle = f'<text x="32" y="59" font-size="34" text-anchor="middle">{sym}</text>'
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 92" width="64" height="92" '
            f'color="{ink}" fill="{ink}" font-family="{FONT}">'
            f'{corner}<g transform="rotate(180 32 46)">{corner}</g>{middle}</svg>')


@lru_cache(maxsize=1)
def faces_version() -> str:
    """A short digest of every face: the faces' and their stylesheet's addresses carry it, so a browser that kept
    yesterday's drawings for a day (they are cached that long) asks again when the drawings change."""
    digest = hashlib.sha1(usedforsecurity=False)
    for card in full_deck():
        digest.update(face_svg(card.code).encode())
        digest.update(face_svg(card.code, True).encode())
    for code in JOKER_CODES:
        digest.update(joker_svg(code).encode())
    return digest.hexdigest()[:10]


@lru_cache(maxsize=1)
def faces_css() -> str:
    """One background rule per card, two-colour by default and four-colour under ``.four-colour``."""
    rules = []
    version = faces_version()
    for card in full_deck():
        code = card.code
        rules.append(f'.pcard.face[data-card="{code}"]{{background-image:url(/cards/{code}.svg?v={version})}}')
    for card in full_deck():
        if card.suit in ("D", "C"):
            code = card.code
            url = f"/cards/4/{code}.svg?v={version}"
            rules.append(f'.four-colour .pcard.face[data-card="{code}"]{{background-image:url({url})}}')
    # (the TV too: it showed a card laid there for the first time blank for a second or two on a loaded machine)
    two_colour = ", ".join(f"{page}::after" for page in TABLE_AND_TV)
    four_colour = ", ".join(f".four-colour {page}::after" for page in TABLE_AND_TV)
    return "\n".join(rules) + "\n" + joker_css(version) + _preload_rule(two_colour, False) + \
        _preload_rule(four_colour, True)


# The pages that show a deck's faces: a table and the TV, but not Stockpile's (its cards are numbers, drawn without
# an image: preloading the deck there cost each page 54 requests and as many images parsed for nothing)
TABLE_AND_TV = (".cn-table:not([data-game=stockpile])", ".cn-tv:not([data-game=stockpile])")


def face_urls(four_colour: bool) -> list[str]:
    """The address of every face (the four-colour deck's own diamonds and clubs when ``four_colour``)."""
    version = faces_version()
    return [f"/cards/{'4/' if four_colour and c.suit in 'DC' else ''}{c.code}.svg?v={version}" for c in full_deck()] \
        + [f"/cards/{code}.svg?v={version}" for code in JOKER_CODES]


def preload_links(four_colour: bool) -> str:
    """``<link rel=preload>`` for every face, for the head of a page that shows cards as soon as it opens (a rules
    example, a replay): the browser fetches the faces while it reads the head, so the first cards drawn show their
    faces at once, not blank for a moment (issue 48). (The table's ``::after`` rule below uses every face, so none
    is preloaded in vain.)"""
    return "".join(f'<link rel="preload" as="image" href="{url}">' for url in face_urls(four_colour))


def _preload_rule(selector: str, four_colour: bool) -> str:
    """Every face as a layered background of one invisible pixel on the table: the browser loads and parses the
    52 images when the table opens, not while it shows somebody's card (about 5 ms each on a loaded machine)."""
    urls = ",".join(f"url({url})" for url in face_urls(four_colour))
    return (f"{selector}{{content:'';position:fixed;left:0;top:0;width:1px;height:1px;opacity:.01;"
            f"pointer-events:none;background-size:1px 1px;background-repeat:no-repeat;background-image:{urls}}}\n")
