"""The TV view (/tv/<CODE>): the lobby's join code and QR code with the seats filling up, the table in play drawn
large from the spectator's view (never a hand, not counted as watching), readable from across a room at 1920×1080
and scaled down at 1280×720 with nothing to scroll, the standings, and following "Play again" by itself.
(The TV's frames and DOM are also checked for hidden cards through whole games in test_hidden_cards_ws.py.)"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.axe_phases import Scanner
from tests.e2e.conftest import MOTION, Server, free_port, running
from tests.e2e.helpers import attr, president_step, save_profile_name
from tests.e2e.test_axe import axe_script
from tests.e2e.test_tap_during_redraw import HookServer

pytestmark = pytest.mark.e2e

TV = "[data-testid=tv]"
SETTLED = "() => document.getAnimations().every(a => a.id !== 'cn-motion' || a.playState !== 'running')"
MEASURE = """() => {
  const cards = [...document.querySelectorAll('.tv-middle .pcard')].map(c => c.getBoundingClientRect().height);
  const name = document.querySelector('.cn-tv .seat-badge .font-bold');
  const score = document.querySelector('[data-testid^=tv-score-]');
  return {card: cards.length ? Math.min(...cards) : 0,  // the smallest card on the table
          name: name ? parseFloat(getComputedStyle(name).fontSize) : 0,
          score: score ? parseFloat(getComputedStyle(score).fontSize) : 0,
          scrolls: document.scrollingElement.scrollHeight > innerHeight + 1
                   || document.scrollingElement.scrollWidth > innerWidth + 1};
}"""


def choose(page: Page, testid: str, option: str) -> None:
    page.click(f"[data-testid={testid}]")
    page.get_by_role("option", name=option, exact=True).click()


def tv_page(browser: Browser, width: int, height: int) -> Page:
    return browser.new_context(viewport={"width": width, "height": height}, **MOTION).new_page()


def test_the_tv_follows_a_table_from_lobby_to_the_next_game(browser: Browser, server: Server) -> None:
    host = browser.new_context(viewport={"width": 1280, "height": 800}, **MOTION).new_page()
    guest = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                **MOTION).new_page()
    host.goto(server.url)
    host.click("[data-testid=friends-president]")
    expect(host).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    code = host.locator("[data-testid=join-code]").inner_text().strip()
    host.click("[data-testid=btn-lobby-tv]")  # "Show on a TV": the address and a QR code for the TV's browser
    expect(host.locator("[data-testid=tv-link]")).to_contain_text(f"/tv/{code}")
    expect(host.locator("[data-testid=tv-link-qr]")).to_be_visible()
    host.keyboard.press("Escape")
    expect(host.locator("[data-testid=tv-dialog]")).to_be_hidden()

    tv = tv_page(browser, 1920, 1080)
    tv.goto(f"{server.url}/tv/{code}")
    expect(tv.locator("[data-testid=tv-join-code]")).to_have_text(code)
    qr = tv.locator("[data-testid=tv-qr]")
    expect(qr).to_be_visible()
    assert qr.bounding_box()["height"] >= 400  # scannable from a sofa
    expect(tv.locator("[data-testid=tv-seat-1]")).to_have_attribute("data-taken", "false")
    scan = Scanner(axe_script())  # legible in a dark room: no serious contrast or naming problem on any TV screen
    scan({"tv": tv}, "tv lobby")

    guest.goto(f"{server.url}/table/{code}")
    guest.fill("[data-testid=join-name]", "Guest")
    guest.click("[data-testid=btn-join]")
    expect(tv.locator("[data-testid=tv-seat-1]")).to_have_attribute("data-taken", "true")  # the seats fill up
    expect(tv.locator("[data-testid=tv-seat-1]")).to_contain_text("Guest")

    choose(host, "opt-turn-timer", "Off")
    choose(host, "opt-bot-speed", "At once")
    for seat in (2, 3):
        host.click(f"[data-testid=btn-add-bot-{seat}]")
        expect(host.locator(f"[data-testid=btn-add-bot-{seat}]")).to_have_count(0)
    host.click("[data-testid=btn-start]")

    expect(tv.locator(TV)).to_have_attribute("data-status", "playing")
    host.click("[data-testid=btn-menu]")  # the table menu offers it too, once the game runs
    host.click("[data-testid=btn-show-tv]")
    expect(host.locator("[data-testid=tv-link]")).to_contain_text(f"/tv/{code}")
    host.keyboard.press("Escape")
    expect(tv.locator("[data-testid=tv-middle]")).to_be_visible()
    expect(tv.locator("[data-testid=tv-round]")).to_contain_text("Hand 1")
    assert tv.locator("[data-testid=hand]").count() == 0  # never a hand
    assert attr(host, "data-watchers") == "0"  # the TV is not a person watching
    # play until a card lies in the middle, then measure what the room sees
    deadline = time.time() + 30
    while tv.locator(".tv-middle .pcard").count() == 0 and time.time() < deadline:
        if not (president_step(host) or president_step(guest)):
            host.wait_for_timeout(100)
    expect(tv.locator(".tv-middle .pcard").first).to_be_visible()
    assert tv.evaluate("window.cnMotion.started") > 0  # the last play travelled from its seat to the middle
    tv.wait_for_function(SETTLED)  # measure the card where it lands, not mid-flight (scaled by its travel)
    sizes = tv.evaluate(MEASURE)
    assert sizes["card"] >= 120 and sizes["name"] >= 32 and sizes["score"] >= 32, sizes
    assert not sizes["scrolls"], sizes
    scan({"tv": tv}, "tv in play")

    small = tv_page(browser, 1280, 720)
    small.emulate_media(reduced_motion="reduce")  # a TV that asks for no animation gets none
    small.goto(f"{server.url}/tv/{code}")
    expect(small.locator(".tv-middle .pcard").first).to_be_visible(timeout=20_000)
    scaled = small.evaluate(MEASURE)
    assert not scaled["scrolls"] and scaled["card"] >= 80, scaled  # the same layout, scaled down
    def small_version() -> int:
        return int(small.locator(TV).get_attribute("data-version") or 0)

    version = small_version()
    deadline = time.time() + 30
    while small_version() < version + 2 and time.time() < deadline:
        if not (president_step(host) or president_step(guest)):
            host.wait_for_timeout(100)
    assert small_version() >= version + 2, "no play reached the TV"
    assert small.evaluate("window.cnMotion.started") == 0
    small.context.close()

    # the guest leaves; the host ends the game: the TV shows the standings
    guest.click("[data-testid=btn-menu]")
    guest.click("[data-testid=btn-leave]")
    guest.click("[data-testid=btn-leave-confirm]")
    host.click("[data-testid=btn-leave-end]")
    expect(tv.locator("[data-testid=standings]")).to_be_visible()
    assert tv.locator("[data-testid=tv] button:visible").count() == 0  # nothing to click
    scan({"tv": tv}, "tv standings")
    assert not scan.problems, "axe-core on the TV:\n" + "\n".join(scan.problems)

    # "Play again" makes a new table: the TV follows it by itself
    host.click("[data-testid=btn-play-again]")
    expect(host).not_to_have_url(re.compile(code))
    new_code = host.url.rstrip("/").split("/")[-1]
    expect(tv).to_have_url(re.compile(f"/tv/{new_code}$"), timeout=20_000)
    expect(tv.locator("[data-testid=tv-join-code]")).to_have_text(new_code)


def test_an_unknown_tv_code_says_so(browser: Browser, server: Server) -> None:
    page = tv_page(browser, 1280, 720)
    response = page.goto(f"{server.url}/tv/NOPE99")
    assert response is not None and response.status == 404
    expect(page.locator("[data-testid=error]")).to_contain_text("NOPE99")


READ_FROM_THE_SOFA = """() => {
  const small = [];
  const walker = document.createTreeWalker(document.querySelector('.cn-tv'), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim(), el = walker.currentNode.parentElement;
    const box = el.getBoundingClientRect(), style = getComputedStyle(el);
    if (!text || !box.width || !box.height || style.visibility === 'hidden') continue;
    const size = parseFloat(style.fontSize);
    if (size < 28) small.push(`${size.toFixed(1)}px ${el.className} "${text.slice(0, 30)}"`);
  }
  const cards = [...document.querySelectorAll('.tv-main .pcard')].map(c => c.getBoundingClientRect().height)
    .filter(h => h > 0);
  return {small, smallest: cards.length ? Math.min(...cards) : 0, largest: cards.length ? Math.max(...cards) : 0,
          cards: cards.length, scrolls: document.scrollingElement.scrollHeight > innerHeight + 1};
}"""
GAME_TABLES = {  # four seats each: the busiest table each game has, played by the computer at a quick pace
    "president": "players=4&bots=3&level=beginner&seed=7&speed=0.2",
    "rummy": "players=4&bots=3&level=easy&seed=7&speed=0.2",
    "beanie": "players=4&bots=3&level=easy&seed=7&speed=0.2",
    "stockpile": "players=4&bots=3&level=easy&seed=7&speed=0.2&partners=true",
}


def read_with_cards(tv: Page) -> dict:
    """READ_FROM_THE_SOFA at a moment cards are in play (a President trick that has just ended shows none)."""
    tv.wait_for_function(f"() => {{ const r = ({READ_FROM_THE_SOFA})(); if (r.cards) window.cnSofa = r; "
                         "return r.cards > 0; }", timeout=15_000)
    return tv.evaluate("window.cnSofa")


@pytest.fixture(scope="module")
def hook_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = HookServer(tmp_path_factory.mktemp("tv") / "data", free_port(), seed=1000)
    yield from running(srv)


@pytest.mark.parametrize("game", list(GAME_TABLES))
def test_the_play_reads_from_the_sofa(browser: Browser, hook_server: Server, game: str) -> None:
    """At 1920x1080 every word on the TV is at least 28 px and every card of the play at least 120 px, the play's
    cards 15% of the screen's height (162 px) while the table is not crowded; no request fails, no console error."""
    player = browser.new_context().new_page()
    player.goto(f"{hook_server.url}/new/{game}?{GAME_TABLES[game]}")
    code = player.url.rstrip("/").split("/")[-1]
    tv = tv_page(browser, 1920, 1080)
    problems: list[str] = []
    tv.on("console", lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None)
    tv.on("requestfailed", lambda r: problems.append(f"failed: {r.url}"))
    tv.on("response", lambda r: problems.append(f"{r.status}: {r.url}") if r.status >= 400 else None)
    tv.goto(f"{hook_server.url}/tv/{code}")
    expect(tv.locator(TV)).to_have_attribute("data-status", "playing")
    assert player.request.post(f"{hook_server.url}/test/autoplay/{code}").ok  # the person's seat plays itself
    player.close()
    expect(tv.locator(".tv-middle .pcard").first).to_be_visible(timeout=15_000)
    tv.wait_for_timeout(300)  # (tv.js sizes the cards on the next frame)
    first = read_with_cards(tv)
    assert first["largest"] >= 162 and first["smallest"] >= 120, first
    version = int(tv.locator(TV).get_attribute("data-version") or 0)
    expect(tv.locator(TV)).not_to_have_attribute("data-version", re.compile(
        "^(" + "|".join(str(v) for v in range(version, version + 20)) + ")$"), timeout=20_000)
    later = tv.evaluate(READ_FROM_THE_SOFA)  # a fuller table: smaller cards maybe, never under 120 px
    for sizes in (first, later):
        assert not sizes["small"], sizes["small"]
        assert not sizes["scrolls"], sizes
    assert later["cards"] == 0 or later["smallest"] >= 120, later
    assert not problems, problems


NAME_SHOWN = """() => {
  const fontPx = (el) => parseFloat(getComputedStyle(el).fontSize);
  const name = document.querySelector('.tv-seats [data-testid=seat-0] .font-bold');
  const squeezed = [...document.querySelectorAll('.tv-main .panel-piles .discard-pile')]
    .filter((p) => p.scrollWidth > p.clientWidth + 1).length;
  return {text: name.textContent, font: fontPx(name), height: name.getBoundingClientRect().height,
          cut: name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1,
          squeezed, scrolls: document.scrollingElement.scrollHeight > innerHeight + 1};
}"""


@pytest.mark.parametrize("name, lines", [("Charlemagne", 1), ("Maximiliane Wolkensteins", 2)])
def test_a_long_name_is_shown_whole_beside_its_score(browser: Browser, hook_server: Server, name: str,
                                                      lines: int) -> None:
    """At a table of five (the TV's smaller badges) a ten-letter name stands whole on one line beside the score, the
    longest name a profile takes on two, its words at least 28 px at 1080p; scaled down to 1280x720 the same, and
    the Stockpile panels' discard piles keep a card's width (the cards get smaller instead)."""
    player = browser.new_context().new_page()
    save_profile_name(player, hook_server.url, name)
    player.goto(f"{hook_server.url}/new/stockpile?players=5&bots=4&level=easy&seed=11&speed=0")
    expect(player).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"), timeout=20_000)
    code = player.url.rstrip("/").split("/")[-1]
    for width, height in ((1920, 1080), (1280, 720)):
        tv = tv_page(browser, width, height)
        tv.goto(f"{hook_server.url}/tv/{code}")
        expect(tv.locator(TV)).to_have_attribute("data-status", "playing")
        expect(tv.locator(".tv-main .panel-piles").first).to_be_visible()
        tv.wait_for_timeout(300)  # (tv.js fits the names and cards on the next frame)
        shown = tv.evaluate(NAME_SHOWN)
        assert shown["text"] == name and not shown["cut"], (width, shown)
        assert shown["font"] >= 28 * height / 1080, (width, shown)
        assert round(shown["height"] / (shown["font"] * 1.15)) == lines, (width, shown)
        assert not shown["squeezed"] and not shown["scrolls"], (width, shown)
        tv.context.close()
    player.context.close()
