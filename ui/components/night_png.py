"""A game night's standings as a PNG, in the scorecards' style (``ui/components/scorecard_png.py``): a felt title
band with the night's name, then one row per player, the winners highlighted. It is handed the rows to draw."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from ui.components.scorecard_png import (
    BG,
    FELT,
    GRID,
    HEAD_BG,
    INK,
    MARGIN,
    ROW_H,
    TITLE_H,
    WIN_BG,
    fit,
    font,
    font_for,
    needs_cjk,
)
from ui.i18n import _

WIDTH = 640
COLUMNS = (40, 340, 80, 80, 52)  # #, player, points, matches, wins


@dataclass(frozen=True)
class NightRow:
    rank: int
    name: str
    points: int
    matches: int
    wins: int


def render_night(title: str, sub: str, rows: Sequence[NightRow]) -> bytes:
    """The standings image: ``title`` (the night's name), ``sub`` (its date and matches), ``rows`` best first."""
    height = TITLE_H + (len(rows) + 1) * ROW_H + MARGIN
    img = Image.new("RGB", (WIDTH, height), BG)
    d = ImageDraw.Draw(img)
    head_words = ("#", _("Player"), _("Points"), _("Matches"), _("Wins"))
    cjk = needs_cjk(title, sub, *head_words, *(r.name for r in rows))
    d.rectangle((0, 0, WIDTH, TITLE_H - 14), fill=FELT)
    heading = f"Card Night · {title}"
    big = font_for(heading, 24, True, cjk)
    d.text((MARGIN, 14), fit(d, heading, big, WIDTH - 2 * MARGIN), font=big, fill="#ffffff")
    d.text((MARGIN, 46), sub, font=font_for(sub, 14, cjk=cjk), fill="#e8f2ec")
    top = TITLE_H
    d.rectangle((MARGIN, top, WIDTH - MARGIN, top + ROW_H), fill=HEAD_BG)
    bold = font(16, True, cjk)
    lefts = [MARGIN + sum(COLUMNS[:i]) for i in range(len(COLUMNS))]
    for i, word in enumerate(head_words):
        x = lefts[i] + 10 if i < 2 else lefts[i] + COLUMNS[i] - 8
        head = font_for(word, 14, True, cjk)
        d.text((x, top + ROW_H / 2), fit(d, word, head, COLUMNS[i] - 12), font=head, fill="#ffffff",
               anchor="lm" if i < 2 else "rm")
    for n, row in enumerate(rows, start=1):
        y = top + n * ROW_H
        if row.rank == 1:
            d.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H), fill=WIN_BG)
        d.line((MARGIN, y, WIDTH - MARGIN, y), fill=GRID)
        values = (str(row.rank), row.name, str(row.points), str(row.matches), str(row.wins))
        for i, value in enumerate(values):
            x = lefts[i] + 10 if i < 2 else lefts[i] + COLUMNS[i] - 8
            cell = bold if i == 2 else font_for(value, 15, cjk=cjk)  # (each name in a font that has its letters)
            d.text((x, y + ROW_H / 2), fit(d, value, cell, COLUMNS[i] - 14), font=cell, fill=INK,
                   anchor="lm" if i < 2 else "rm")
    d.rectangle((MARGIN, top, WIDTH - MARGIN, top + (len(rows) + 1) * ROW_H), outline=GRID)
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()
