"""The table's own chrome, the rules page and the shared scorecard speak the viewer's language: German words, the
pseudo-language's brackets on every chrome text, the game's name as each country knows it, and a scorecard image
drawn in Japanese with a font that has kana and kanji."""

from __future__ import annotations

import io

from nicegui.testing import User
from PIL import Image

from logic.cards import Card
from tests.ui.helpers import eventually, table_attr, with_testid
from tests.ui.stats_helpers import finish_game, player_of
from tests.ui.test_i18n_pages_walk import has_text
from ui.components.scorecard_png import _font, needs_cjk, render_scorecard
from ui.i18n.cards import card_name
from ui.i18n.names import game_name
from ui.i18n.viewer import speaking
from ui.server.runtime import runtime


async def test_the_table_top_bar_and_seats_in_german(user: User) -> None:
    await user.open("/new/president?players=4&bots=3&level=beginner&seed=7&speed=0&lang=de")
    await table_attr(user, "data-phase", expect=None)
    with user:
        assert with_testid(user, "btn-menu")[0].props["aria-label"] == "Menü"
        assert with_testid(user, "btn-rules")[0].props["aria-label"] == "Regeln"
        assert with_testid(user, "btn-chat")[0].props["aria-label"] == "Chat"
    assert has_text(user, "Präsident")  # the game's title in the top bar
    assert has_text(user, "Du")  # the viewer's own seat


async def test_the_table_chrome_in_the_pseudo_language(user: User) -> None:
    await user.open("/new/rummy?players=2&bots=1&seed=7&speed=0&lang=en_XA")
    await table_attr(user, "data-phase", expect=None)
    with user:
        for testid in ("btn-menu", "btn-rules", "btn-chat"):
            assert with_testid(user, testid)[0].props["aria-label"].startswith("["), testid
        titles = [e for e in user.current_layout.descendants() if "game-title" in e.classes]
    assert titles and getattr(titles[0], "text", "").startswith("[")


async def test_the_standings_and_the_share_dialog_in_german(user: User) -> None:
    await user.open("/profile")
    pid, name, emoji = player_of(user)
    code = finish_game("beanie", pid, name, emoji)
    await user.open(f"/table/{code}?lang=de")
    await eventually(lambda: bool(with_testid(user, "standings")))
    with user:
        assert with_testid(user, "standings-title")[0].text == "Endstand"
        assert with_testid(user, "btn-home")[0].text == "Startseite"
        assert with_testid(user, "btn-share-text")[0].text == "Ergebnis teilen"
        assert with_testid(user, "btn-replay")[0].text == "Wiederholung ansehen"
        assert with_testid(user, "last-hand")[0].text == "Letzte Runde"  # Beanie's hand is a round


async def test_the_rules_page_names_the_game_and_says_why(user: User) -> None:
    await user.open("/rules/president?lang=de")
    assert has_text(user, "Präsident: Regeln") or has_text(user, "Präsident")
    with user:
        note = with_testid(user, "rules-names")[0]
    assert "Arschloch" in note.content and "Präsident" in note.content  # type: ignore[attr-defined]
    await user.open("/rules/president?lang=ja")
    assert has_text(user, "大富豪")
    await user.open("/rules?lang=en_XA")
    with user:
        links = [e for e in user.current_layout.descendants() if e.props.get("href", "").startswith("/rules/")]
    assert links and all(getattr(e, "text", "").startswith("[") for e in links)


def test_game_and_card_names_per_language() -> None:
    with speaking("ja"):
        assert game_name("president") == "大富豪"
        assert card_name(Card.parse("QS")) == "スペードのクイーン"
    with speaking("de"):
        assert game_name("rummy") == "Rommé"
        assert card_name(Card.parse("QS")) == "Pik-Dame"
    with speaking("fr"):
        assert card_name(Card.parse("JH")) == "Valet de cœur"
    with speaking("pl"):
        assert card_name(Card.parse("10C")) == "10 trefl"
    with speaking("en"):
        assert game_name("president") == "President" and card_name(Card.parse("AD")) == "Ace of diamonds"


async def test_the_scorecard_image_is_drawn_in_the_pages_language(user: User) -> None:
    await user.open("/profile")
    pid, name, emoji = player_of(user)
    code = finish_game("president", pid, name, emoji)
    record = runtime().finished.find(code)
    assert record is not None
    with speaking("ja"):
        japanese = render_scorecard(record)
    english = render_scorecard(record)
    assert japanese != english
    assert needs_cjk("大富豪") and not needs_cjk("Präsident 🂡")
    assert _font(24, True, cjk=True).getname()[0] == "Noto Sans CJK JP"  # kana and kanji, not DejaVu's boxes
    assert Image.open(io.BytesIO(japanese)).size == Image.open(io.BytesIO(english)).size
    response = await user.http_client.get(f"/share/{code}.png?lang=ja")
    assert response.status_code == 200 and response.content == japanese
    missing = await user.http_client.get("/share/NOPE42.png?lang=de")
    assert missing.status_code == 404 and missing.text == "Kein beendetes Spiel mit diesem Code."


async def test_the_reviews_progress_pushed_by_the_runner_speaks_the_pages_language(user: User) -> None:
    await user.open("/profile")
    pid, name, emoji = player_of(user)
    runtime().hub.reviews.budget = 4  # quick and rough
    code = finish_game("president", pid, name, emoji)
    await user.open(f"/table/{code}?lang=de")
    await eventually(lambda: bool(with_testid(user, "review-summary-0")))
    assert has_text(user, "Die Analyse wartet, bis sie dran ist …")
    await runtime().hub.reviews.drain()  # the runner's updates arrive outside the page's own handlers
    await eventually(lambda: has_text(user, "Genauigkeit"))
    assert not has_text(user, "accuracy")
    await user.open(f"/replay/{code}?lang=de")
    with user:
        progress = with_testid(user, "review-progress")[0]
    assert getattr(progress, "text", "").startswith("Analyse fertig")
