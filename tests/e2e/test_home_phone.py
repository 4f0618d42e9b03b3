"""Home at the first look on a phone (390x844, touch): joining by code and the first game's Practice and Friends
table buttons are in view without scrolling; the address for other devices and the game night come after the games.
On a laptop the address card stays beside the join box."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import Server, shared_server_fixture
from tests.e2e.layout_walk import SIZES

pytestmark = pytest.mark.e2e

server = shared_server_fixture()

BOXES_JS = """() => Object.fromEntries(['join-code-input', 'practice-president', 'friends-president', 'tile-stockpile',
  'night-start', 'lan-card'].map(id => {
  const r = document.querySelector(`[data-testid=${id}]`).getBoundingClientRect();
  return [id, {top: r.top, bottom: r.bottom, left: r.left, width: r.width}]; }))"""


def boxes(browser: Browser, server: Server, size: str) -> dict:
    ctx = browser.new_context(**SIZES[size])
    page = ctx.new_page()
    page.goto(server.url)
    page.locator("[data-testid=tile-president]").wait_for()
    found = page.evaluate(BOXES_JS)
    ctx.close()
    return found


def test_a_phone_sees_the_games_first(browser: Browser, server: Server) -> None:
    b = boxes(browser, server, "phone")
    for first in ("join-code-input", "practice-president", "friends-president"):
        assert b[first]["bottom"] <= 844, (first, b[first])
    assert b["tile-stockpile"]["bottom"] < b["night-start"]["top"] < b["lan-card"]["top"], b
    assert b["lan-card"]["width"] >= 300, b  # the cards take the phone's width


def test_a_laptop_keeps_the_address_beside_the_join_box(browser: Browser, server: Server) -> None:
    """The join box and the game night one above the other, the address beside them: no empty strip under the
    join box."""
    b = boxes(browser, server, "laptop")
    assert b["lan-card"]["top"] < b["night-start"]["top"] < b["lan-card"]["bottom"], b  # the night beside the address
    assert b["night-start"]["bottom"] < b["tile-stockpile"]["top"], b
    assert b["lan-card"]["left"] > b["join-code-input"]["left"] + b["join-code-input"]["width"], b


def test_each_tile_says_what_the_game_is_and_links_to_its_rules(browser: Browser, server: Server) -> None:
    """A tile reads name, player count and tagline, and its round "i" button is a link (a tap on a phone opens the
    rules, a long press can open them in a new tab); the name is read out as the button's label."""
    ctx = browser.new_context(**SIZES["phone"])
    page = ctx.new_page()
    page.goto(server.url)
    tile = page.locator("[data-testid=tile-rummy]")
    tile.wait_for()
    words = tile.inner_text()
    assert "Rummy" in words and "players" in words, words
    link = page.locator("[data-testid=tile-rules-rummy]")
    assert link.evaluate("e => e.tagName") == "A" and link.get_attribute("href") == "/rules/rummy"
    assert link.get_attribute("aria-label") == "How to play Rummy"
    link.tap()
    page.wait_for_url("**/rules/rummy")
    page.locator("[data-testid=rules]").wait_for()
    # the page's title stands above the text's own headings, and those are headings, not display type
    sizes = page.evaluate("""() => ({
      title: parseFloat(getComputedStyle(document.querySelector('[data-testid=rules-title]')).fontSize),
      headings: [...document.querySelectorAll('[data-testid=rules] :is(h1, h2, h3)')]
        .map((h) => parseFloat(getComputedStyle(h).fontSize))})""")
    assert sizes["headings"] and max(sizes["headings"]) < sizes["title"] <= 28, sizes
    ctx.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_shop_fills_its_rows(browser: Browser, server: Server, size: str) -> None:
    """The profile's card backs and table colours share each row's width (three to a row on a phone), with no empty
    strip at the side; nothing sticks out."""
    ctx = browser.new_context(**SIZES[size])
    page = ctx.new_page()
    page.goto(f"{server.url}/profile")
    page.locator("[data-testid^=shop-]").first.wait_for()
    rows = page.evaluate("""() => {
      const cards = [...document.querySelectorAll('[data-testid^=shop-]')];
      const box = cards[0].parentElement.getBoundingClientRect();
      const top = (c) => c.getBoundingClientRect().top;
      const first = cards.filter((c) => Math.abs(top(c) - top(cards[0])) < 2);
      return {perRow: first.length, gap: box.right - Math.max(...first.map((c) => c.getBoundingClientRect().right)),
              wide: document.documentElement.scrollWidth > innerWidth + 1};
    }""")
    assert rows["perRow"] >= (3 if size == "phone" else 6) and rows["gap"] < 2 and not rows["wide"], rows
    ctx.close()
