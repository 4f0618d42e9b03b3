"""The pseudo-language walks' screens (issue 51), for the suite's test (tests/e2e/test_pseudo_language.py: each screen
once, failing) and the bench (tests/bench/pseudo_walk.py: every screen at both sizes, listing).

With ``?lang=en-XA`` every translated text is bracketed and accented (``[Rûlés]``), so an English word (three plain
letters or more) outside the brackets is a text the catalogues missed. On each screen a walk reads what a person
reads or hears: visible text, ``aria-label``, ``title``, ``placeholder``, ``alt``, the tab's title and every toast
the page showed (tests/e2e/pseudo_texts.py), and gathers the ``data-testid``s it meets: docs/contract.md must name
each (tests/e2e/contract_ids.py).

- :func:`pages_and_games`: home, profile (and its "Saved" toast), the rules index, the host console, the link page,
  a game night's page and its TV, a friends table's lobby (its host's page and a visitor's, on a phone), Rummy's
  first draw, and for each game a practice table in play, the same table finished (the computer plays the person's
  seat: ``/test/autoplay``), its replay, its TV view and its scores page; the review's panel at a costly decision;
  the stats page.
- :func:`phases_between_turns`: President's card exchange from four seats (a giver to give back, a giver who gave,
  a receiver waiting, a receiver who got cards back) and each game's summary between hands, each a ``/practice``
  table jumped to from a finished game (tests/e2e/pseudo_phases.py); Rummy's "Rummy!" window, Beanie's steal mode
  and end-of-round vote, Stockpile with partners; each game's rules page; the answers to a table, a replay and a
  link that do not exist.
"""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from playwright.sync_api import Browser, Page, expect

from logic.beanie.examples import NAMES as BEANIE_NAMES
from logic.president.examples import NAMES as PRESIDENT_NAMES
from logic.rummy.examples import NAMES as RUMMY_NAMES
from logic.stockpile.examples import NAMES as STOCKPILE_NAMES
from logic.table.identity import BOT_NAMES
from tests.e2e import axe_phases as ph
from tests.e2e.contract_ids import TESTIDS_JS
from tests.e2e.helpers import click_card, table_state
from tests.e2e.pseudo_phases import FINISHED, PLAYERS, exchange, hand_over
from tests.e2e.pseudo_texts import BRACKETED, TEXTS_JS, TOASTS_JS, WORD

# (President at the beginner level: its review has costly decisions to open)
GAMES = {"president": "players=4&bots=3&seed=7&level=beginner", "rummy": "players=2&bots=1&seed=7&target=100",
         "beanie": "players=3&bots=2&seed=7&rounds=1",
         "stockpile": "players=2&bots=1&seed=7&stock_size=short&series=single"}
ME = "Zoë"  # the person's own name: no plain English word in it
EXAMPLE_NAMES = {*PRESIDENT_NAMES, *RUMMY_NAMES, *BEANIE_NAMES, *STOCKPILE_NAMES}
# texts rightly shown as they are, each with the reason
ALLOWED: dict[str, str] = {
    "Card Night": "the brand",
    "http://127.0.0.1:": "the address other devices open (home page)",
    "ABCD-EFGH": "the shape of a link code (the link page's example: letters, not words)",
    **{name: "a computer player's name (names are never translated)" for name in BOT_NAMES},
    **{name: "a player's name in a finished game (tests/replay_support.py)" for name in PLAYERS},
    **{name: "a player's name in a rules page's example (logic/<game>/examples.py)" for name in EXAMPLE_NAMES},
    "Expand": "Quasar's own name for an expansion's toggle: its language pack has it in every real language, and "
              "the pseudo-language has no pack",
}
CARD_FACE = re.compile(r"\b(10|[2-9JQKA])[♠♥♦♣SHDC]?\b")  # a card as the cards show it ("Q♠", "10")
DATE = re.compile(r"\d\d [A-Z][a-z]{2} \d{4}")  # dates follow the language's rules, not a catalogue
TABLE_CODE = re.compile(r"/table/([A-Z0-9]{6})")
LAPTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
NOWHERE = "QQQQQ9"  # a code no table, game or link has
# the replay's review has marked a costly decision, or is done (or failed) without one
REVIEWED_JS = ("() => document.querySelector('[data-testid^=review-mark-]') || document.querySelector("
               "'[data-testid=review-progress]:is([data-review-state=done], [data-review-state=failed])')")


class Walk:
    """One walk's report: screen -> the texts on it that did not pass through a catalogue."""

    def __init__(self, url: str, browser: Browser) -> None:
        self.url, self.browser = url, browser
        self.report: dict[str, list[str]] = {}
        self.codes: list[str] = list(FINISHED)  # codes of tables and nights: what players type to join
        self.people: list[str] = [ME]  # the walk's people (a visitor's name as the browser gave it)
        self.testids: set[str] = set()  # every data-testid met on the way (tests/e2e/contract_ids.py)

    def page(self, size: dict[str, Any]) -> Page:
        """A page in a new browser context of ``size`` that keeps its toasts' texts."""
        context = self.browser.new_context(**size)
        context.add_init_script(TOASTS_JS)
        page = context.new_page()
        page.set_default_timeout(20_000)
        return page

    def unmarked(self, texts: list[str]) -> list[str]:
        """The texts with an English word outside the brackets, once the allowed words are taken out."""
        found = []
        for text in texts:
            rest = DATE.sub("", text)
            while BRACKETED.search(rest):
                rest = BRACKETED.sub("", rest)
            for word in (*ALLOWED, *self.people, *self.codes):
                rest = rest.replace(word, "")
            rest = CARD_FACE.sub("", rest)
            if any(len(word) >= 3 and word.isascii() for word in WORD.findall(rest)):
                found.append(text)
        return sorted(set(found))

    def read(self, page: Page, name: str) -> None:
        page.wait_for_timeout(250)  # the last redraw after connecting or a move
        self.report[name] = self.unmarked(page.evaluate(TEXTS_JS))
        self.testids.update(page.evaluate(TESTIDS_JS))

    def visit(self, page: Page, path: str, ready: str, name: str) -> None:
        page.goto(self.url + path + ("&" if "?" in path else "?") + "lang=en-XA")
        page.locator(ready).first.wait_for()
        self.read(page, name)

    def table(self, page: Page, path: str, ready: str) -> str:
        """A new table (``/new/...`` or ``/practice/...``) open on ``page``, once ``ready`` shows: its code."""
        page.goto(self.url + path + "&lang=en-XA")
        expect(page).to_have_url(TABLE_CODE)
        found = TABLE_CODE.search(page.url)
        assert found, page.url
        self.codes.append(found.group(1))
        page.locator(ready).first.wait_for()
        return found.group(1)

    def left(self) -> dict[str, list[str]]:
        return {name: texts for name, texts in self.report.items() if texts}


def status(url: str, code: str) -> str:
    with urllib.request.urlopen(f"{url}/test/status/{code}") as answer:
        return str(json.load(answer)["status"])


def finish(page: Page, url: str, code: str) -> None:
    for _ in range(600):
        if status(url, code) in ("over", "closed"):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"table {code} did not finish")


def pages_and_games(walk: Walk, size: dict[str, Any]) -> None:
    page = walk.page(size)
    page.goto(f"{walk.url}/profile?lang=en-XA")
    page.fill("[data-testid=profile-name]", ME)
    page.keyboard.press("Enter")
    page.locator(".q-notification").first.wait_for()  # "Saved."
    walk.read(page, "profile saved")
    walk.visit(page, "/profile", "[data-testid=profile-name]", "profile")
    expect(page.locator("[data-testid=nav-profile]")).to_contain_text(ME)
    walk.visit(page, "/rules", "a[href^='/rules/']", "rules index")
    walk.visit(page, "/host", "[data-testid=host-console]", "host console")
    walk.visit(page, "/link", "[data-testid=btn-link-create]", "link")
    walk.visit(page, "/", "[data-testid=btn-join-code]", "home")
    page.fill("[data-testid=night-name-input]", ME)
    page.click("[data-testid=btn-start-night]")
    expect(page).to_have_url(re.compile(r"/night/[A-Z0-9]{6}$"))
    night = page.url.rsplit("/", 1)[1]
    walk.codes.append(night)
    walk.visit(page, f"/night/{night}", "[data-testid=night-standings], [data-testid=night-standings-empty]",
               "night")
    walk.visit(page, f"/tv/night/{night}", "[data-testid=tv-night]", "night TV")
    page.goto(f"{walk.url}/?lang=en-XA")
    page.click("[data-testid=friends-rummy]")  # a friends table's lobby, as its host and as a visitor sees it
    expect(page).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    walk.codes.append(page.url.rsplit("/", 1)[1])
    page.locator("[data-testid=btn-start]").wait_for()
    walk.read(page, "lobby (host)")
    visitor = walk.page(PHONE)
    visitor.goto(page.url + "?lang=en-XA")
    visitor.locator("[data-testid=btn-join]").wait_for()
    walk.people.append(visitor.locator("[data-testid=nav-profile]").inner_text().split(" ", 1)[1])
    walk.read(visitor, "lobby (visitor)")
    visitor.context.close()
    # Rummy's first draw (each player taps the deck; a practice link without speed=0 starts with it)
    walk.table(page, "/new/rummy?players=2&bots=1&seed=8", "[data-testid=table][data-phase=first-draw]")
    walk.read(page, "rummy first draw")
    tables = {}
    for game, query in GAMES.items():  # each game in play; then the computer plays it to the end meanwhile
        tables[game] = code = walk.table(page, f"/new/{game}?{query}&speed=0",
                                         "[data-testid=hand] [data-card], [data-testid=table][data-phase=first-draw]")
        walk.read(page, f"{game} in play")
        assert page.request.post(f"{walk.url}/test/autoplay/{code}").ok  # the person's seat plays itself
    reviewed = False
    for game, code in tables.items():
        finish(page, walk.url, code)
        walk.visit(page, f"/table/{code}", "[data-testid=table][data-phase=over]", f"{game} finished")
        walk.visit(page, f"/replay/{code}", "[data-testid=btn-replay-next]", f"{game} replay")
        mark = page.locator("[data-testid^=review-mark-]").first  # the review's first costly decision, its panel
        if not reviewed:  # everyone's costly decisions (the review runs while the walk goes on)
            page.get_by_test_id("btn-review-everyone").click()
            page.locator("[data-testid=review-progress][data-focus=all]").wait_for()
            page.wait_for_function(REVIEWED_JS, timeout=60_000)
        if not reviewed and mark.count():
            mark.dispatch_event("click")
            page.get_by_test_id("review-detail").wait_for()
            walk.read(page, f"{game} review")
            reviewed = True
        walk.visit(page, f"/stats/game/{code}", "[data-testid=game-detail]", f"{game} scores")
        walk.visit(page, f"/tv/{code}", "[data-testid=tv]", f"{game} TV")
    if not reviewed:
        walk.report["review"] = ["(no finished game had a costly decision to open in its review)"]
    walk.visit(page, "/stats", "[data-testid=stats]", "stats")
    page.context.close()


def until_rummy_call(page: Page) -> None:
    """Until the "Rummy!" window shows: after the computer's discard, or (when this seat plays first) this seat
    draws and discards and the window opens on its own discard."""
    window = page.locator("[data-testid=rummy-call]")
    page.wait_for_function("() => document.querySelector('[data-testid=rummy-call]') || "
                           "document.querySelector('[data-testid=rummy-middle][data-stage=draw]')")
    if window.count() == 0 and table_state(page)["my_turn"]:
        page.click("[data-testid=pile-stock]")
        expect(page.locator("[data-testid=rummy-middle]")).to_have_attribute("data-stage", "play")
        click_card(page, table_state(page)["hand"][0])
        expect(page.locator("[data-testid=btn-discard]")).to_be_enabled()
        page.locator("[data-testid=btn-discard]").click()
    expect(window).to_be_visible()


def phases_between_turns(walk: Walk, size: dict[str, Any]) -> None:
    page = walk.page(size)
    page.goto(f"{walk.url}/?lang=en-XA")
    walk.people.append(page.locator("[data-testid=nav-profile]").inner_text().split(" ", 1)[1])  # (its given name)
    ex = exchange()
    # the computer players wait 10 s a move: the screen stays while it is read
    practice = "/practice/XAPRES?level=beginner&exact=1&speed=10"
    exchanging = "[data-testid=table][data-phase=exchange] [data-testid=exchange]"
    for name, step, seat in (("to give back", ex.step, ex.other_giver), ("given back", ex.step + 1, ex.giver),
                             ("waiting to get cards back", ex.step, ex.other_partner),
                             ("got cards back", ex.step + 1, ex.giver_partner)):
        walk.table(page, f"{practice}&step={step}&seat={seat}", exchanging)
        expect(page.locator("[data-testid=btn-give]")).to_have_count(1 if name == "to give back" else 0)
        walk.read(page, f"president exchange: {name}")
    for code, (game, _options) in FINISHED.items():
        walk.table(page, f"/practice/{code}?step={hand_over(code)}&exact=1&speed=10",
                   "[data-testid=table][data-phase=hand-over] [data-testid=hand-summary]")
        walk.read(page, f"{game} between hands")
    walk.table(page, "/new/rummy?players=2&bots=1&level=easy&seed=5&speed=0.3&target=100&first_draw=false"
               "&rummy_call=true&rummy_call_seconds=10", "[data-testid=rummy-middle]")
    until_rummy_call(page)
    walk.read(page, "rummy: the Rummy! window")
    walk.table(page, f"/new/beanie?{ph.BEANIE}", "[data-testid=hand] [data-card]")
    ph.my_move({"page": page}, "play", "our first turn")
    for card in ph.BEANIE_LAY:
        ph.select(page, card)
    ph.tap(page, "btn-lay")
    ph.tap(page, "btn-steal")
    expect(page.locator("[data-testid=beanie-board]")).to_have_attribute("data-steal-mode", "true")
    walk.read(page, "beanie steal mode")
    ph.tap(page, "btn-steal")  # Cancel steal
    ph.tap(page, "btn-end-round")
    expect(page.locator("[data-testid=vote-banner]")).to_be_visible()
    walk.read(page, "beanie end-of-round vote")
    walk.table(page, "/new/stockpile?players=4&bots=3&partners=true&stock_size=short&seed=7&speed=0",
               "[data-testid=hand] [data-card]")
    walk.read(page, "stockpile with partners")
    for game in GAMES:
        walk.visit(page, f"/rules/{game}", "[data-testid=rules]", f"{game} rules")
    walk.visit(page, f"/table/{NOWHERE}", "[data-testid=error]", "no such table")
    walk.visit(page, f"/replay/{NOWHERE}", "[data-testid=error]", "no such replay")
    walk.visit(page, "/new/president?players=9", "[data-testid=error]", "a link that cannot start a table")
    page.context.close()
