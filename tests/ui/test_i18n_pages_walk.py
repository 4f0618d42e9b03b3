"""The pages speak the viewer's language: each converted page in German (its own words) and in the pseudo-language
``en_XA``, where every text that passed through a catalogue is bracketed — so any text left in plain English on the
page (a label, a button, an ``aria-label``, a placeholder …) is one the catalogues missed."""

from __future__ import annotations

import re

from nicegui import ui
from nicegui.testing import User

from storage.reports import app_version
from tests.ui.helpers import open_with_status, with_testid
from tests.ui.stats_helpers import finish_game, player_of
from ui.server.runtime import runtime

TEXT_PROPS = ("label", "aria-label", "placeholder", "alt", "title")
WORD = re.compile(r"[A-Za-z]{3,}")
BRACKETED = re.compile(r"\[[^\[\]]*\]")
DATE = re.compile(r"\d\d [A-Z][a-z]{2} \d{4}")  # a date is written by the language's rules, not a catalogue
# never translated: the brand, file and option names in texts meant for the host, the data-folder path
NOT_WORDS = ("Card Night", "host_password.txt", "unzip", "cardnight-backup.zip", "data-restored", "--data-dir",
             "./start.sh")


def page_texts(user: User) -> list[str]:
    """Every text a person reads or hears on the page: labels, buttons, and the text-bearing props."""
    texts: list[str] = []
    with user:
        for element in user.current_layout.descendants():
            text = getattr(element, "text", None)
            if isinstance(text, str) and text.strip():
                texts.append(text)
            texts += [str(element.props[p]) for p in TEXT_PROPS if isinstance(element.props.get(p), str)]
    return texts


def unmarked(user: User, *allowed: str) -> list[str]:
    """The texts with an English word outside the pseudo-language's brackets (names and codes in ``allowed``)."""
    found = []
    for text in page_texts(user):
        rest = text
        for word in (*allowed, *NOT_WORDS):
            rest = rest.replace(word, "")
        rest = DATE.sub("", rest)
        while BRACKETED.search(rest):
            rest = BRACKETED.sub("", rest)
        if WORD.search(rest):
            found.append(text)
    return found


def mine(user: User) -> tuple[str, str]:
    """This browser's player's name and emoji (the header shows them)."""
    return player_of(user)[1], player_of(user)[2]


def has_text(user: User, wanted: str) -> bool:
    return any(wanted in t for t in page_texts(user))


async def test_stats_without_games_in_german_and_pseudo(user: User) -> None:
    await user.open("/stats?lang=de")
    with user:
        assert with_testid(user, "stats-empty")[0].text.startswith("Noch keine beendeten Spiele.")
    await user.open("/stats?lang=en_XA")
    assert unmarked(user, *mine(user)) == []


async def test_stats_with_games_history_and_game_page_in_german_and_pseudo(user: User) -> None:
    await user.open("/profile")
    pid, name, emoji = player_of(user)
    code = finish_game("president", pid, name, emoji)
    await user.open("/stats?lang=de")
    assert has_text(user, "Siegquote im Verlauf") and has_text(user, "Spielverlauf")
    assert has_text(user, "Präsident")  # the game's name as German players know it
    await user.open("/stats?lang=en_XA")
    seats = [s.name for s in runtime().hub.main.finished_games(player_id=pid)[0].players]
    assert unmarked(user, code, *mine(user), *[str(s) for s in seats]) == []
    await user.open(f"/stats/game/{code}?lang=de")
    with user:
        assert with_testid(user, "btn-replay")[0].text == "Wiederholung ansehen"
    assert has_text(user, "Punkte pro Runde")


async def test_the_replay_page_chrome_in_german(user: User) -> None:
    await user.open("/profile")
    pid, name, emoji = player_of(user)
    code = finish_game("rummy", pid, name, emoji)
    await user.open(f"/replay/{code}?lang=de")
    assert has_text(user, f"Wiederholung: Rommé · {code}")
    with user:
        assert with_testid(user, "btn-play-from-here")[0].text == "Ab hier spielen"
        assert with_testid(user, "btn-replay-share")[0].text == "Teilen"
    await user.open(f"/replay/{code}?lang=en_XA")
    with user:
        assert with_testid(user, "btn-play-from-here")[0].text.startswith("[")
        assert with_testid(user, "review-timeline")[0].props["aria-label"].startswith("[")


async def test_link_page_in_german_and_pseudo(user: User) -> None:
    await user.open("/link?lang=de")
    assert has_text(user, "Auf jedem Gerät du selbst")
    with user:
        assert with_testid(user, "btn-link-create")[0].text == "Weiteres Gerät verbinden"
    await user.open("/link?lang=en_XA")
    assert unmarked(user, "ABCD-EFGH", *mine(user)) == []


async def test_host_console_and_its_password_form_in_german_and_pseudo(user: User) -> None:
    await user.open("/host?lang=de")  # the test client counts as the server's own browser: the console itself
    assert has_text(user, "Host-Konsole") and has_text(user, "Zuletzt beendete Spiele")
    with user:
        assert with_testid(user, "btn-backup")[0].text == "Jetzt sichern"
    await user.open("/host?lang=en_XA")
    assert unmarked(user, *mine(user), app_version(), "MB", "KB") == []
    runtime().console_password_always = True
    try:
        await user.open("/host?lang=de")
        with user:
            assert with_testid(user, "btn-host-login")[0].text == "Konsole öffnen"
            assert with_testid(user, "host-password")[0].props["label"] == "Konsolen-Passwort"
        await user.open("/host?lang=en_XA")
        assert unmarked(user, *mine(user)) == []
    finally:
        runtime().console_password_always = False


async def test_a_refused_new_table_explains_itself_in_german(user: User) -> None:
    await open_with_status(user, "/new/president?bots=many&lang=de", 400)
    assert has_text(user, "Dieser Tisch kann nicht starten")
    with user:
        assert with_testid(user, "error")[0].text == "bots, seed, speed und timer müssen Zahlen sein."
    await open_with_status(user, "/new/president?bots=many&lang=en_XA", 400)
    assert unmarked(user, *mine(user)) == []


async def test_the_tv_lobby_in_german_and_pseudo(user: User) -> None:
    table = runtime().hub.create("president", "someone-else", "Zed", "🦓", options={"players": 4}, practice=False)
    await user.open(f"/tv/{table.code}?lang=de")
    assert has_text(user, "Mach mit deinem Handy mit") and has_text(user, "Freier Platz")
    assert has_text(user, "Präsident")
    with user:  # the TV's own language, switchable on the TV
        assert with_testid(user, "language")[0].props["label"] == "Sprache"
    await user.open(f"/tv/{table.code}?lang=en_XA")
    with user:
        seats = [e for e in user.current_layout.descendants() if isinstance(e, ui.label)
                 and str(e.props.get("data-testid", "")).startswith("tv-seat-") and "Zed" not in e.text]
    assert seats and all(s.text.startswith("[") for s in seats)
