"""Every kind of screen once in the pseudo-language (issue 51): a text a person reads that did not pass through a
catalogue fails the test.

With ``?lang=en-XA`` every translated text is bracketed and accented (``[Rûlés]``), so an English word (three plain
letters or more) outside the brackets is a text the catalogues missed. The walk (one browser, 1280x800): home,
profile, the rules index, the host console, a game night's page, a friends table's lobby (its host's page and a
visitor's, on a phone), Rummy's first draw, and for each game a practice table in play, the same
table finished (the computer plays the person's seat: ``/test/autoplay``), its replay and its TV view. On each it
reads what a person reads or hears: visible text, ``aria-label``, ``title``, ``placeholder``, ``alt`` and the tab's
title. The full walk at both sizes, which lists rather than fails, is ``tests/bench/pseudo_walk.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from logic.table.identity import BOT_NAMES
from tests.e2e.conftest import Server, free_port, running
from tests.e2e.pseudo_texts import BRACKETED, TEXTS_JS, WORD
from tests.e2e.test_tap_during_redraw import HookServer

pytestmark = pytest.mark.e2e

GAMES = {"president": "players=4&bots=3&seed=7", "rummy": "players=2&bots=1&seed=7&target=100",
         "beanie": "players=3&bots=2&seed=7&rounds=1",
         "stockpile": "players=2&bots=1&seed=7&stock_size=short&series=single"}
ME = "Zoë"  # the person's own name: no plain English word in it
# texts rightly shown as they are, each with the reason
ALLOWED: dict[str, str] = {
    "Card Night": "the brand",
    "http://127.0.0.1:": "the address other devices open (home page)",
    **{name: "a computer player's name (names are never translated)" for name in BOT_NAMES},
    "Expand": "Quasar's own name for an expansion's toggle: its language pack has it in every real language, and "
              "the pseudo-language has no pack",
}
codes: list[str] = []  # the codes of the tables and the night the walk opened
people: list[str] = []  # the names of the walk's other people (a visitor's name as the browser gave it)
CARD_FACE = re.compile(r"\b(10|[2-9JQKA])[♠♥♦♣SHDC]?\b")  # a card as the cards show it ("Q♠", "10")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = HookServer(tmp_path_factory.mktemp("pseudo") / "data", free_port(), seed=7, extra_args=("--no-mdns",))
    yield from running(srv)


def unmarked(texts: list[str]) -> list[str]:
    """The texts with an English word outside the brackets, once the allowed words are taken out."""
    found = []
    for text in texts:
        rest = text
        while BRACKETED.search(rest):
            rest = BRACKETED.sub("", rest)
        for word in (*ALLOWED, ME, *people, *codes):  # (a table's or a night's code: what players type to join)
            rest = rest.replace(word, "")
        rest = CARD_FACE.sub("", rest)
        if any(len(word) >= 3 and word.isascii() for word in WORD.findall(rest)):
            found.append(text)
    return sorted(set(found))


def read(page: Page, name: str, report: dict[str, list[str]]) -> None:
    report[name] = unmarked(page.evaluate(TEXTS_JS))


def visit(page: Page, url: str, ready: str, name: str, report: dict[str, list[str]]) -> None:
    page.goto(url + ("&" if "?" in url else "?") + "lang=en-XA")
    page.locator(ready).first.wait_for()
    page.wait_for_timeout(250)  # the last redraw after connecting
    read(page, name, report)


def finish(page: Page, server: Server, code: str) -> None:
    for _ in range(300):
        if page.request.get(f"{server.url}/test/status/{code}").json()["status"] in ("over", "closed"):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"table {code} did not finish")


def test_no_text_escapes_the_catalogues(browser: Browser, server: Server) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    report: dict[str, list[str]] = {}
    codes.clear()
    people.clear()
    page.goto(f"{server.url}/profile")
    page.fill("[data-testid=profile-name]", ME)
    page.keyboard.press("Enter")
    page.locator(".q-notification").first.wait_for()  # "Saved."
    visit(page, f"{server.url}/profile", "[data-testid=profile-name]", "profile", report)
    expect(page.locator("[data-testid=nav-profile]")).to_contain_text(ME)
    visit(page, f"{server.url}/rules", "a[href^='/rules/']", "rules index", report)
    visit(page, f"{server.url}/host", "[data-testid=host-console]", "host console", report)
    visit(page, f"{server.url}/", "[data-testid=btn-join-code]", "home", report)
    page.fill("[data-testid=night-name-input]", ME)
    page.click("[data-testid=btn-start-night]")
    expect(page).to_have_url(re.compile(r"/night/[A-Z0-9]{6}$"))
    night = page.url.rsplit("/", 1)[1]
    codes.append(night)
    visit(page, f"{server.url}/night/{night}", "[data-testid=night-standings], [data-testid=night-standings-empty]",
          "night", report)
    page.goto(f"{server.url}/?lang=en-XA")
    page.click("[data-testid=friends-rummy]")  # a friends table's lobby, as its host and as a visitor sees it
    expect(page).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    codes.append(page.url.rsplit("/", 1)[1])
    page.locator("[data-testid=btn-start]").wait_for()
    read(page, "lobby (host)", report)
    visitor = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True).new_page()
    visitor.goto(page.url + "?lang=en-XA")
    visitor.locator("[data-testid=btn-join]").wait_for()
    people.append(visitor.locator("[data-testid=nav-profile]").inner_text().split(" ", 1)[1])
    visitor.wait_for_timeout(250)
    read(visitor, "lobby (visitor)", report)
    # Rummy's first draw (each player taps the deck; a practice link without speed=0 starts with it)
    page.goto(f"{server.url}/new/rummy?players=2&bots=1&seed=8&lang=en-XA")
    expect(page).to_have_url(re.compile(r"/table/[A-Z0-9]{6}"))
    codes.append(page.url.split("/table/")[1][:6])
    page.locator("[data-testid=table][data-phase=first-draw]").wait_for()
    page.wait_for_timeout(250)
    read(page, "rummy first draw", report)
    tables = {}
    for game, query in GAMES.items():  # each game in play; then the computer plays it to the end meanwhile
        page.goto(f"{server.url}/new/{game}?{query}&speed=0&lang=en-XA")
        expect(page).to_have_url(re.compile(r"/table/[A-Z0-9]{6}"))
        tables[game] = code = page.url.split("/table/")[1][:6]
        codes.append(code)
        page.locator("[data-testid=hand] [data-card], [data-testid=table][data-phase=first-draw]").first.wait_for()
        page.wait_for_timeout(250)
        read(page, f"{game} in play", report)
        assert page.request.post(f"{server.url}/test/autoplay/{code}").ok  # the person's seat plays itself
    for game, code in tables.items():
        finish(page, server, code)
        visit(page, f"{server.url}/table/{code}", "[data-testid=table][data-phase=over]", f"{game} finished", report)
        visit(page, f"{server.url}/replay/{code}", "[data-testid=btn-replay-next]", f"{game} replay", report)
        visit(page, f"{server.url}/tv/{code}", "[data-testid=tv]", f"{game} TV", report)
    left = {name: texts for name, texts in report.items() if texts}
    assert not left, "texts that did not pass through a catalogue:\n" + "\n".join(
        f"{name}: {text!r}" for name, texts in left.items() for text in texts)
