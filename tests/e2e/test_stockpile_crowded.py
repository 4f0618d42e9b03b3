"""A crowded Stockpile table on a laptop (six players; 1280×680, a 1280×800 screen less the browser's own bars; at
1280×800 late in a deal, with the discard piles fanned out, it is the same): the board is taller than the room between
the bars, so the middle scrolls; when my turn starts my own stock and discard piles are brought into view (they were
half hidden under the hand's bar, and the page's old scroll-to-bottom no longer moved the inner scroll box)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server

URL = "/new/stockpile?players=6&bots=5&seed=8&speed=0"
GEOMETRY_JS = """() => {
  const box = document.querySelector('[data-testid=table-scroll]');
  const mine = document.querySelector('[data-testid=my-area]');
  return {overflow: box.scrollHeight - box.clientHeight,
          below: mine.getBoundingClientRect().bottom - box.getBoundingClientRect().bottom};
}"""


def test_my_piles_come_into_view_when_my_turn_starts(browser: Browser, server: Server) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 680}).new_page()
    page.goto(server.url + URL)
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-status", "playing", timeout=15_000)
    seat = table.get_attribute("data-seat")
    expect(table).to_have_attribute("data-turn", seat or "", timeout=20_000)  # the computers move at once
    expect(page.get_by_test_id("my-area")).to_be_visible()
    assert page.evaluate(GEOMETRY_JS)["overflow"] > 40, "the board fits: this table does not test the scrolling"
    page.wait_for_function(f"() => ({GEOMETRY_JS})().below <= 1", timeout=5_000)
