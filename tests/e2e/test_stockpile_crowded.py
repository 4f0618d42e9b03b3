"""A crowded Stockpile table (six players) on a laptop: at 1280×800 my piles sit beside the building piles, so the
whole board fits between the bars; in a narrower window (960×600, the board stacked) the middle scrolls, and when my
turn starts my own stock and discard piles are brought into view (they were half hidden under the hand's bar, and
the page's old scroll-to-bottom no longer moved the table's own scroll box)."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server

URL = "/new/stockpile?players=6&bots=5&seed=8&speed=0"
GEOMETRY_JS = """() => {
  const box = document.querySelector('[data-testid=table-scroll]');
  const mine = document.querySelector('[data-testid=my-area]').getBoundingClientRect();
  const centre = document.querySelector('.sp-centre').getBoundingClientRect();
  return {overflow: box.scrollHeight - box.clientHeight, below: mine.bottom - box.getBoundingClientRect().bottom,
          beside: mine.left >= centre.right && mine.top < centre.bottom};
}"""


def open_at_my_turn(browser: Browser, server: Server, width: int, height: int) -> Page:
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.goto(server.url + URL)
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-status", "playing", timeout=15_000)
    seat = table.get_attribute("data-seat")
    expect(table).to_have_attribute("data-turn", seat or "", timeout=20_000)  # the computers move at once
    expect(page.get_by_test_id("my-area")).to_be_visible()
    return page


def test_on_a_laptop_my_piles_sit_beside_the_building_piles(browser: Browser, server: Server) -> None:
    page = open_at_my_turn(browser, server, 1280, 800)
    geometry = page.evaluate(GEOMETRY_JS)
    assert geometry["beside"], geometry
    assert geometry["overflow"] <= 0, f"the board does not fit between the bars: {geometry}"


def test_my_piles_come_into_view_when_my_turn_starts(browser: Browser, server: Server) -> None:
    page = open_at_my_turn(browser, server, 960, 600)
    geometry = page.evaluate(GEOMETRY_JS)
    assert not geometry["beside"] and geometry["overflow"] > 40, f"this window does not test the scrolling: {geometry}"
    page.wait_for_function(f"() => ({GEOMETRY_JS})().below <= 1", timeout=5_000)
