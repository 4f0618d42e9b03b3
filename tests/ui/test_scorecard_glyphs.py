"""No "tofu" in the share images (issue 51): every character the scorecard draws — the game's name, the date line,
the headings and the players' names — is a glyph of the font it is drawn with, in Japanese (kana and kanji, from the
Noto Sans CJK that Card Night installs from PyPI) and in Polish (ą ę ł ś ż …), also on a machine without DejaVu
(CI's bare Debian: Noto Sans from PyPI then). A character a font lacks is drawn as the font's .notdef box:
``missing_glyphs`` compares each character's bitmap with it."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from PIL import ImageDraw

from storage.archive import FinishedGame, FinishedSeat
from ui.components import scorecard_png
from ui.components.scorecard_png import _font, font_for, missing_glyphs, render_scorecard
from ui.i18n.viewer import speaking

NAMES = ("健二", "Łukasz Żółć", "Gęś Jaźń", "Zoë")


def record() -> FinishedGame:
    players = [FinishedSeat(player_id=f"p{i}", name=name, emoji="🙂") for i, name in enumerate(NAMES)]
    players[3] = FinishedSeat(name="Zoë", emoji="🤖", bot="beginner")
    return FinishedGame(code="GLYPH1", game="president", finished_at=datetime(2026, 12, 5, 20, 30, tzinfo=UTC),
                        players=players, scores=[3, 9, 1, 5], places=[2, 1, 4, 3], winners=[1])


def drawn(code: str, rec: FinishedGame) -> list[tuple[str, Any]]:
    """Each text the scorecard draws in language ``code``, with the font it is drawn with."""
    seen: list[tuple[str, Any]] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, value: str, *args: Any, **kwargs: Any) -> None:
        seen.append((value, kwargs.get("font")))
        original(self, xy, value, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch, speaking(code):
        patch.setattr(ImageDraw.ImageDraw, "text", text)
        render_scorecard(rec)
    return seen


def test_the_check_finds_tofu() -> None:
    assert missing_glyphs(_font(15), "大富豪 Kenji") == "大富豪"  # DejaVu has no kanji: the check sees the boxes
    assert missing_glyphs(_font(15, cjk=True), "大富豪 Kenji") == ""
    assert "Ł" in missing_glyphs(_font(15, cjk=True), "Łukasz")  # and Noto Sans CJK lacks some of Polish's letters:
    assert missing_glyphs(font_for("1. Łukasz", 15, cjk=True), "1. Łukasz") == ""  # such a name takes the Latin font


@pytest.mark.parametrize("code", ["ja", "pl", "de", "en"])
def test_every_character_of_the_scorecard_has_a_glyph(code: str) -> None:
    texts = drawn(code, record())
    joined = "".join(t for t, _font_ in texts)
    for name in NAMES[:3]:
        assert name in joined, (name, joined)
    if code == "ja":
        assert "大富豪" in joined
    tofu = {t: missing_glyphs(f, t) for t, f in texts if missing_glyphs(f, t)}
    assert not tofu, tofu


def test_without_dejavu_polish_still_has_its_letters(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bare machine (no DejaVu, no Debian Noto): the font Card Night installs draws the Latin texts too."""
    monkeypatch.setattr(scorecard_png, "FONT_DIRS", ())
    monkeypatch.setattr(scorecard_png, "CJK_FONTS", {False: (), True: ()})
    assert scorecard_png._packaged_cjk() is not None  # (pyproject.toml installs both: manimgx-fonts-cjk and
    assert scorecard_png._latin(15, False).getname()[0] == "Noto Sans"  # fontpkg-noto-sans)
    rec = record()
    rec.players = [FinishedSeat(player_id=f"p{i}", name=n, emoji="🙂") for i, n in enumerate(NAMES[1:] + ("Ola",))]
    texts = drawn("pl", rec)
    tofu = {t: missing_glyphs(f, t) for t, f in texts if missing_glyphs(f, t)}
    assert not tofu, tofu
    assert any("Łukasz" in t for t, _f in texts)
