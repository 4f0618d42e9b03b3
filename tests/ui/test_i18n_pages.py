"""Each viewer in their own language: chosen by ``?lang=``, kept with the browser, changed on the profile page;
Quasar's texts and ``<html lang>`` follow (ui/nicegui_internals/pages.py: set_page_language)."""

from __future__ import annotations

from nicegui.testing import User

from tests.ui.helpers import eventually, open_with_status, with_testid
from tests.ui.test_profile_settings import stored_prefs


def rules_label(user: User) -> str:
    with user:
        return str(with_testid(user, "nav-rules")[0].props.get("aria-label"))


async def test_lang_in_the_address_is_kept_and_the_profile_changes_it(user: User) -> None:
    await user.open("/")
    assert rules_label(user) == "Rules"
    assert user.client.page.resolve_language() == "en-US"
    await user.open("/?lang=de")
    assert rules_label(user) == "Regeln"
    assert user.client.page.resolve_language() == "de-DE"  # Quasar's own texts, <html lang>
    assert stored_prefs(user).get("language") == "de"
    await user.open("/profile")  # no parameter: the browser's choice stays
    assert rules_label(user) == "Regeln"
    with user:
        picker = with_testid(user, "language")[0]
        assert picker.props.get("label") == "Sprache"
        picker.set_value("ja")
    await eventually(lambda: stored_prefs(user).get("language") == "ja")
    await user.open("/stats")
    assert rules_label(user) == "ルール"
    assert user.client.page.resolve_language() == "ja"


async def test_an_unknown_language_is_ignored_and_the_pseudo_language_marks_every_text(user: User) -> None:
    await user.open("/?lang=xx-nope")
    assert rules_label(user) == "Rules"
    await user.open("/?lang=en-XA")
    assert rules_label(user) == "[Rûlés]"
    await user.open("/?lang=en")
    assert rules_label(user) == "Rules"


async def test_the_tab_titles_alert_speaks_the_pages_language(user: User) -> None:
    await user.open("/?lang=de")
    assert '"turn": "\\u25cf Du bist dran"' in user.client.head_html  # read by assets/alerts.js
    await user.open("/?lang=en")
    assert '"turn": "\\u25cf Your turn"' in user.client.head_html


async def test_a_not_found_page_speaks_the_pages_language(user: User) -> None:
    """A 404 page (ui/shell/http_status.py): its title, its reason and its button in the page's language."""
    await open_with_status(user, "/night/ZZZZZZ?lang=de", 404)
    await user.should_see("Spieleabend nicht gefunden")
    with user:
        assert "ZZZZZZ" in with_testid(user, "error")[0].text
    await user.should_see("Zur Startseite")
    await open_with_status(user, "/night/ZZZZZZ?lang=ja", 404)
    await user.should_see("ホームに戻る")
