"""Round-by-round scores of a finished game and its scorecard as a PNG image (drawn on the server with Pillow).

Works for every game through the contract: the game is replayed from config + seed + action log with
``logic.registry.get_game(key).replay``-style steps, and the public (spectator) view's ``scores`` are read
each time a hand ends. Only scores leave this module: never cards or the log.
"""

from __future__ import annotations

import io
import logging
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from logic.game import PHASE_HAND_OVER, PHASE_OVER
from logic.registry import get_game
from storage.archive import FinishedGame, FinishedSeat
from ui.components.points import lower_wins
from ui.i18n import _, ngettext
from ui.i18n.names import game_name
from ui.i18n.viewer import date

log = logging.getLogger("cardnight.share")

MARGIN, TITLE_H, ROW_H, NAME_W, COL_W, TOTAL_W, FOOT_H = 24, 84, 40, 220, 56, 84, 36
MIN_W = 480
MAX_COLUMNS = 30  # longer games show their last 30 rounds
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF")
# Japanese (and any name in Chinese or Korean script): Noto Sans CJK (SIL Open Font License 1.1), installed with
# Card Night from PyPI (manimgx-fonts-cjk, a variable font), else Debian's fonts-noto-cjk; DejaVu has no kana or kanji
CJK_FONTS = {False: ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
                     "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
                     "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc"),
             True: ("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
                    "/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc",
                    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Bold.ttc")}
BG, INK, GRID, HEAD_BG, WIN_BG, FELT = "#ffffff", "#1b1b1b", "#d0d7d3", "#1f5f45", "#fff3c4", "#1f6f4a"


def round_scores(record: FinishedGame, start: dict[str, Any] | None = None) -> list[list[int]]:
    """Running totals per seat after each hand of a finished game (oldest first); [] if it cannot be replayed.
    ``start``: the snapshot the game began from (a practice table started from a position; the caller looks it
    up), None for a game that began with the game's own first deal."""
    key = (record.code, record.game, record.seed, len(record.log or []), start is not None)
    if record.seed is None:
        return []
    return [list(r) for r in _round_scores(key, record, start)]


def _round_scores(key: tuple[Any, ...], record: FinishedGame,
                  start: dict[str, Any] | None) -> tuple[tuple[int, ...], ...]:
    if key in _cache:
        return _cache[key]
    try:
        game = get_game(record.game)
        if start is not None:  # the position a practice table began from
            state = game.restore(start)
        else:
            state = game.new_game(game.make_config(**record.options), int(record.seed or 0))
        points: list[tuple[int, ...]] = []
        before = game.phase(state)
        for seat, data in record.log or []:
            game.apply(state, int(seat), game.decode_action(data))
            phase = game.phase(state)
            if phase != before and (phase == PHASE_HAND_OVER or (phase == PHASE_OVER and before != PHASE_HAND_OVER)):
                points.append(tuple(int(x) for x in game.view(state, None)["scores"] or ()))
            before = phase
        result: tuple[tuple[int, ...], ...] = tuple(points)
    except Exception as exc:  # an old or damaged record: no chart, never a crash
        log.warning("cannot replay finished game %s: %s", record.code, exc)
        result = ()
    _cache[key] = result
    for old in list(_cache)[:-256]:  # finished games never change: keep the last 256
        del _cache[old]
    return result


_cache: dict[tuple[Any, ...], tuple[tuple[int, ...], ...]] = {}


def scorecard_size(rounds: int, players: int) -> tuple[int, int]:
    """Width and height of the PNG for this many rounds and players."""
    cols = min(rounds, MAX_COLUMNS)
    return max(MIN_W, 2 * MARGIN + NAME_W + cols * COL_W + TOTAL_W), TITLE_H + (players + 1) * ROW_H + FOOT_H + MARGIN


@lru_cache(maxsize=8)
def needs_cjk(*texts: str) -> bool:
    """Any kana, kanji or hangul (U+2E80 on, below the emoji) that DejaVu cannot draw."""
    return any(0x2E80 <= ord(ch) <= 0xD7AF or 0xF900 <= ord(ch) <= 0xFFEF for text in texts for ch in text)


def _packaged_cjk() -> Path | None:
    try:
        import manimgx_fonts_cjk
    except ImportError:
        return None
    path = Path(manimgx_fonts_cjk.__file__).parent / "NotoSansCJK-VF.otf.ttc"
    return path if path.exists() else None


def _font(size: int, bold: bool = False, cjk: bool = False) -> Any:
    if cjk:
        packaged = _packaged_cjk()
        if packaged is not None:
            font = ImageFont.truetype(str(packaged), size, index=0)  # index 0 of the collection: Japanese
            font.set_variation_by_name("Bold" if bold else "Regular")
            return font
        for candidate in CJK_FONTS[bold]:
            if Path(candidate).exists():
                return ImageFont.truetype(candidate, size, index=0)  # index 0 of the collection: Japanese
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in FONT_DIRS:
        path = Path(folder) / name
        if path.exists():
            return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size)


def font(size: int, bold: bool = False, cjk: bool = False) -> Any:
    """The scorecards' font at ``size`` (a CJK one where the texts need it), for other share images."""
    return _font(size, bold, cjk)


def fit(draw: ImageDraw.ImageDraw, text: str, font: Any, width: int) -> str:
    """``text`` cut with "…" to ``width`` pixels."""
    return _fit(draw, text, font, width)


def _fit(draw: ImageDraw.ImageDraw, text: str, font: Any, width: int) -> str:
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def _wrap(draw: ImageDraw.ImageDraw, text: str, font: Any, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` pixels, broken between words (a word longer than a line stays whole)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and draw.textlength(f"{lines[-1]} {word}", font=font) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def game_title(key: str) -> str:
    try:
        return game_name(get_game(key).key)
    except ValueError:
        return key.title()


def when_text(value: Any) -> str:
    when = value if isinstance(value, datetime) else datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    return date(when)


def _name_text(player: FinishedSeat) -> str:
    name = player.name or "?"
    return _("{name} (computer)", name=name) if player.bot else name


def render_scorecard(record: FinishedGame, start: dict[str, Any] | None = None) -> bytes:
    """The scorecard PNG: one row per player, one column per round (running totals), then the final score
    (``start``: see :func:`round_scores`)."""
    rounds = round_scores(record, start)
    players = record.players
    shown = rounds[-MAX_COLUMNS:]
    first_round = len(rounds) - len(shown) + 1
    width, height = scorecard_size(len(rounds), len(players))
    img = Image.new("RGB", (width, height), BG)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, width, TITLE_H - 14), fill=FELT)
    title = f"Card Night · {game_title(record.game)}"
    when, code = when_text(record.finished_at), record.code
    sub = (ngettext("{date} · table {code} · {n} round · practice", "{date} · table {code} · {n} rounds · practice",
                    len(rounds), date=when, code=code) if record.practice else
           ngettext("{date} · table {code} · {n} round", "{date} · table {code} · {n} rounds", len(rounds),
                    date=when, code=code))
    words = (_("Player"), _("Total"), _("Running totals after each round; fewest points wins, the winner is "
                                        "highlighted.") if lower_wins(record.game) else
             _("Running totals after each round; the winner is highlighted."))
    cjk = needs_cjk(title, sub, *words, *(_name_text(p) for p in players))
    d.text((MARGIN, 14), title, font=_font(24, True, cjk), fill="#ffffff")
    d.text((MARGIN, 46), sub, font=_font(14, cjk=cjk), fill="#e8f2ec")
    top = TITLE_H
    d.rectangle((MARGIN, top, width - MARGIN, top + ROW_H), fill=HEAD_BG)
    head, cell = _font(14, True, cjk), _font(15, cjk=cjk)
    d.text((MARGIN + 10, top + 11), words[0], font=head, fill="#ffffff")
    x0 = MARGIN + NAME_W
    for i in range(len(shown)):
        d.text((x0 + i * COL_W + COL_W / 2, top + ROW_H / 2), str(first_round + i), font=head, fill="#ffffff",
               anchor="mm")
    total_x = x0 + len(shown) * COL_W
    d.text((total_x + TOTAL_W / 2, top + ROW_H / 2), words[1], font=head, fill="#ffffff", anchor="mm")
    winners = set(record.winners)
    scores, places = record.scores, record.places
    order = sorted(range(len(players)), key=lambda s: (places[s] if s < len(places) else 99, s))
    for row, seat in enumerate(order, start=1):
        y = top + row * ROW_H
        if seat in winners:
            d.rectangle((MARGIN, y, width - MARGIN, y + ROW_H), fill=WIN_BG)
        d.line((MARGIN, y, width - MARGIN, y), fill=GRID)
        p = players[seat]
        place = f"{places[seat]}." if seat < len(places) else ""
        name = place + " " + _name_text(p)
        d.text((MARGIN + 10, y + 11), _fit(d, name, cell, NAME_W - 16), font=cell, fill=INK)
        for i, totals in enumerate(shown):
            value = str(totals[seat]) if seat < len(totals) else ""
            d.text((x0 + i * COL_W + COL_W / 2, y + ROW_H / 2), value, font=cell, fill=INK, anchor="mm")
        final = str(scores[seat]) if seat < len(scores) else ""
        d.text((total_x + TOTAL_W / 2, y + ROW_H / 2), final, font=_font(16, True), fill=INK, anchor="mm")
    bottom = top + (len(players) + 1) * ROW_H
    d.rectangle((MARGIN, top, width - MARGIN, bottom), outline=GRID)
    foot = _font(12, cjk=cjk)
    for k, line in enumerate(_wrap(d, words[2], foot, width - 2 * MARGIN)[:2]):  # (FOOT_H holds two lines)
        d.text((MARGIN, bottom + 6 + 14 * k), line, font=foot, fill="#555555")
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()
