"""A tap belongs to what it pressed (assets/press_target.js): a redraw that moves the card between the press and the
release of a tap must not turn the tap into a click on the hand around it, and a card flying over another as it lands
(motion.js) must not take a tap meant for what lies under it; on a phone, whose click is aimed again once the finger
lifts, a card moved away in that moment still gets the tap.

At a quiet practice table (the computers move at once, then wait for the person) the mouse presses a hand card; the
page then moves that card to the other end of the hand, as a redraw does (the node is taken out and put back); the
mouse lets go where it pressed, now over another card, so the browser sends the click to the hand. The pressed card
must show picked. A press that slides to another card before it lets go is not a tap: nothing is picked.
President's hand takes clicks on the hand (one listener for all cards); Rummy's on each card.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import MOTION, Server, shared_server_fixture

pytestmark = pytest.mark.e2e

server = shared_server_fixture()  # the tests each open their own table: one server for the file

URLS = {
    "president": "/new/president?players=4&bots=3&level=normal&seed=11&speed=0",
    "rummy": "/new/rummy?players=2&bots=1&level=medium&seed=12&speed=0&first_draw=false",
}
PICKED = "[data-testid=hand] [data-card].selected"

# the card goes to the other end of its row, as a redraw moves a node (removed and inserted again)
MOVE_JS = """(code) => {
  const el = document.querySelector(`[data-testid=hand] [data-card="${code}"]`);
  const row = el.parentElement;
  row.insertBefore(el, el === row.firstElementChild ? null : row.firstElementChild);
}"""


def open_hand(browser: Browser, server: Server, game: str, touch: bool = False) -> tuple[Page, list[str]]:
    page = (browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, **MOTION) if touch
            else browser.new_page(viewport={"width": 1280, "height": 800}, **MOTION))
    page.goto(server.url + URLS[game])
    page.wait_for_function("""() => {
      const t = document.querySelector('[data-testid=table]');
      return t && t.dataset.phase === 'play' && t.dataset.turn.split(',').includes(t.dataset.seat)
        && document.querySelectorAll('[data-testid=hand] [data-card].clickable').length > 4;
    }""", timeout=30_000)
    codes = page.locator("[data-testid=hand] [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    return page, codes


def corner(page: Page, code: str) -> tuple[float, float]:
    box = page.locator(f"[data-testid=hand] [data-card='{code}']").bounding_box()
    assert box is not None
    return box["x"] + 8, box["y"] + 24  # cards overlap: the corner is the card's own


@pytest.mark.parametrize("game", list(URLS))
def test_a_card_moved_between_press_and_release_is_picked(browser: Browser, server: Server, game: str) -> None:
    page, codes = open_hand(browser, server, game)
    code = codes[len(codes) // 2]
    x, y = corner(page, code)
    page.mouse.move(x, y)
    page.mouse.down()
    page.evaluate(MOVE_JS, code)
    under = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('[data-card]')?.dataset.card",
                          [x, y])
    assert under != code  # the release lands on another card: the browser clicks the hand
    page.mouse.up()
    expect(page.locator(f"[data-testid=hand] [data-card='{code}']")).to_have_class(
        re.compile(r"\bselected\b"), timeout=5000)
    expect(page.locator(PICKED)).to_have_count(1)


def test_a_press_that_slides_to_another_card_picks_nothing(browser: Browser, server: Server) -> None:
    page, codes = open_hand(browser, server, "president")
    x, y = corner(page, codes[1])
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(*corner(page, codes[4]), steps=4)
    page.mouse.up()
    page.wait_for_timeout(800)  # a click would have reached the server and come back by now
    expect(page.locator(PICKED)).to_have_count(0)


# a card of the hand set moving (as motion.js does: an animation with its id, marked when the card travels from
# another place) over the corner of another card
FLY_JS = """([code, x, y, travel]) => {
  const el = document.querySelector(`[data-testid=hand] [data-card="${code}"]`);
  const r = el.getBoundingClientRect();
  const dx = x - (r.left + 8), dy = y - (r.top + 24);
  const a = el.animate([{ translate: `${dx}px ${dy}px` }, { translate: `${dx}px ${dy}px` }], { duration: 20000 });
  a.id = "cn-motion";
  a.cnTravel = travel;
}"""


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("travel", [True, False], ids=["flying-in", "closing-up"])
def test_a_tap_through_a_card_in_flight_reaches_what_lies_under_it(browser: Browser, server: Server, size: str,
                                                                    travel: bool) -> None:
    """A card flying in from another place gives a tap to what lies under it; a card closing up within its own row
    (a hand after a card left it) keeps the tap: the finger is on it."""
    page, codes = open_hand(browser, server, "rummy", touch=size == "phone")
    target, flying = codes[1], codes[-2]  # the moving card comes later in the row: it is drawn above the target
    x, y = corner(page, target)
    page.evaluate(FLY_JS, [flying, x, y, travel])
    under = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('[data-card]')?.dataset.card", [x, y])
    assert under == flying  # the card in flight covers the target's corner: the browser would click it
    if size == "phone":
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)
    picked = target if travel else flying
    expect(page.locator(f"[data-testid=hand] [data-card='{picked}']")).to_have_class(
        re.compile(r"\bselected\b"), timeout=5000)
    expect(page.locator(PICKED)).to_have_count(1)


# at the finger's release, the card moves away (as a redraw in that moment moves it); a phone then aims its click at
# whatever lies under the finger
MOVE_AT_RELEASE_JS = """(code) => window.addEventListener('pointerup', () => {
  const el = document.querySelector(`[data-testid=hand] [data-card="${code}"]`);
  const row = el.parentElement;
  row.insertBefore(el, el === row.firstElementChild ? null : row.firstElementChild);
}, {once: true})"""


@pytest.mark.parametrize("game", list(URLS))
def test_a_card_moved_between_release_and_click_on_a_phone_is_picked(browser: Browser, server: Server,
                                                                      game: str) -> None:
    page, codes = open_hand(browser, server, game, touch=True)
    code = codes[len(codes) // 2]
    x, y = corner(page, code)
    page.evaluate(MOVE_AT_RELEASE_JS, code)
    page.touchscreen.tap(x, y)
    under = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('[data-card]')?.dataset.card", [x, y])
    assert under != code  # the card did move away from under the finger
    expect(page.locator(f"[data-testid=hand] [data-card='{code}']")).to_have_class(
        re.compile(r"\bselected\b"), timeout=5000)
    expect(page.locator(PICKED)).to_have_count(1)
