"""The table on a phone (390x844 and 360x740, touch): every hand card keeps 44 px of its own and its centre is on
that card (a tap or an automation click there picks it), the action bar ends at the bottom edge, nothing sticks
out sideways; and a finger drags cards where a mouse can (Rummy, Stockpile: assets/touch_drag.js).

One browser context per size, one page reused for every game.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server, running
from tests.e2e.test_tap_during_redraw import HookServer

pytestmark = pytest.mark.e2e

PHONES = {"390x844": {"width": 390, "height": 844}, "360x740": {"width": 360, "height": 740}}
# the largest hand each game deals at the start: President 13 (4 players), Rummy 13 (2 players), Beanie 8 (the
# starter's), Stockpile 5
GAMES = {
    "president": ("players=4&bots=3&level=beginner&seed=42&speed=0", 13),
    "rummy": ("players=2&bots=1&level=easy&seed=42&speed=0", 13),
    "beanie": ("players=3&bots=2&level=easy&seed=42&speed=0", 8),
    "stockpile": ("players=2&bots=1&level=easy&seed=42&speed=0&stock_size=short", 5),
}

LAYOUT_JS = """() => {
  const cards = [...document.querySelectorAll('[data-testid=hand] [data-card]')];
  const rows = [];
  const out = cards.map((c, i) => {
    const r = c.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const next = cards[i + 1] && cards[i + 1].getBoundingClientRect();
    // its own width: up to where the next card starts when that one is in the same row, else the whole card
    const own = next && Math.abs(next.top - r.top) < 2 ? next.left - r.left : r.width;
    return {code: c.dataset.card, hits: !!hit && hit.closest('[data-card]') === c, own: Math.round(own),
            height: r.height, left: r.left, right: r.right};
  });
  const bar = document.querySelector('.action-bar').getBoundingClientRect();
  const hand = document.querySelector('[data-testid=hand]').getBoundingClientRect();
  return {cards: out, barBottom: bar.bottom, handBottom: hand.bottom, barTop: bar.top, vh: innerHeight,
          vw: innerWidth, scrollWidth: document.documentElement.scrollWidth};
}"""


@pytest.fixture(params=list(PHONES), scope="module")
def phone_page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    ctx = browser.new_context(viewport=PHONES[request.param], has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    yield page
    ctx.close()


def open_table(page: Page, server: Server, game: str, query: str, cards: int) -> None:
    page.goto(f"{server.url}/new/{game}?{query}")
    expect(page.locator("[data-testid=hand] [data-card]")).to_have_count(cards)
    page.wait_for_timeout(300)  # the deal's motion ends (layout is read without it)


@pytest.fixture(scope="module")
def phone_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    from tests.e2e.conftest import free_port

    srv = HookServer(tmp_path_factory.mktemp("phone") / "data", free_port(), seed=1000)  # (test hooks: autoplay)
    yield from running(srv)


def test_every_hand_card_can_be_tapped_and_the_bar_sits_at_the_bottom(phone_page: Page, phone_server: Server) -> None:
    page = phone_page
    for game, (query, cards) in GAMES.items():
        open_table(page, phone_server, game, query, cards)
        lay = page.evaluate(LAYOUT_JS)
        missed = [c["code"] for c in lay["cards"] if not c["hits"]]
        assert not missed, f"{game}: the centre of these cards is on another element: {missed}"
        narrow = [(c["code"], c["own"]) for c in lay["cards"] if c["own"] < 44]
        assert not narrow, f"{game}: cards with less than 44 px of their own: {narrow}"
        assert all(c["left"] >= 0 and c["right"] <= lay["vw"] for c in lay["cards"]), f"{game}: a card is cut off"
        bottom = lay["barBottom"]
        assert abs(bottom - lay["vh"]) <= 1, f"{game}: the action bar ends at {bottom} of {lay['vh']}"
        assert lay["handBottom"] <= lay["barBottom"] and lay["scrollWidth"] <= lay["vw"], game
        # a plain click (the centre of the box) picks that very card
        if game == "president":
            code = lay["cards"][5]["code"]
            page.locator(f"[data-testid=hand] [data-card='{code}']").click()
            expect(page.locator(f"[data-testid=hand] [data-card='{code}']")).to_have_class(re.compile("selected"))


NOTICE_JS = """() => {
  const box = (s) => document.querySelector(s).getBoundingClientRect();
  return {notice: box('[data-testid=autoplay-notice]').height, trickBottom: box('[data-testid=trick]').bottom,
          barTop: box('.action-bar').top};
}"""


def test_the_computer_plays_for_you_notice_is_one_row_and_the_trick_stays_in_sight(
        phone_page: Page, phone_server: Server) -> None:
    """The notice that the computer plays for you (a turn timed out, or the player was away) took three lines on a
    phone and pushed President's trick under the hand's panel."""
    page = phone_page
    open_table(page, phone_server, "president", GAMES["president"][0].replace("speed=0", "speed=1"), 13)
    code = page.url.rsplit("/", 1)[1]  # (a move a second: the game goes on long enough to look at)
    assert page.request.post(f"{phone_server.url}/test/autoplay/{code}").ok
    expect(page.get_by_test_id("autoplay-notice")).to_be_visible()
    expect(page.get_by_test_id("btn-im-back")).to_be_visible()
    lay = page.evaluate(NOTICE_JS)
    assert lay["notice"] <= 64, f"the notice is {lay['notice']} px tall"
    assert lay["trickBottom"] <= lay["barTop"] + 1, f"the trick ends at {lay['trickBottom']}, the panel at " \
        f"{lay['barTop']}"


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


DRAG_STEP_JS = """([type, x, y]) => {
  const el = document.elementFromPoint(x, y);
  el.dispatchEvent(new PointerEvent(type, {pointerType: 'touch', pointerId: 7, isPrimary: true, bubbles: true,
                                          cancelable: true, clientX: x, clientY: y}));
}"""


def touch_drag(page: Page, source: str, target: str, check_lit: str | None = None) -> None:
    """A finger presses ``source``, moves in steps to ``target`` and lifts (pointer events, as a touch screen sends).
    ``check_lit``: a selector that must light up as a drop target while the finger is on its way."""
    x0, y0 = centre(page, source)
    x1, y1 = centre(page, target)
    page.evaluate(DRAG_STEP_JS, ["pointerdown", x0, y0])
    for k in range(1, 7):
        page.evaluate(DRAG_STEP_JS, ["pointermove", x0 + (x1 - x0) * k / 6, y0 + (y1 - y0) * k / 6])
    if check_lit:
        expect(page.locator(check_lit).first).to_have_class(re.compile(r"drop-ok"))
    page.evaluate(DRAG_STEP_JS, ["pointerup", x1, y1])


def test_a_finger_drags_cards_in_rummy_and_stockpile(phone_page: Page, phone_server: Server) -> None:
    page = phone_page
    # Rummy: drag the stock into the hand (a draw), then a hand card onto the discard pile (the discard)
    open_table(page, phone_server, "rummy", GAMES["rummy"][0], 13)
    expect(page.locator("[data-testid=pile-stock]")).to_have_attribute("role", "button")
    touch_drag(page, "[data-testid=pile-stock]", "[data-testid=hand]", check_lit="[data-testid=hand]")
    expect(page.locator("[data-testid=hand] [data-card]")).to_have_count(14)
    card = page.locator("[data-testid=hand] [data-card]").nth(3).get_attribute("data-card")
    touch_drag(page, f"[data-testid=hand] [data-card='{card}']", "[data-testid=pile-discard]",
               check_lit="[data-testid=pile-discard]")
    # in the pile (the computer may discard on top of it at once)
    expect(page.locator(f"[data-testid=pile-discard] [data-card='{card}']")).to_have_count(1)
    expect(page.locator(f"[data-testid=hand] [data-card='{card}']")).to_have_count(0)

    # Stockpile: a hand card dragged onto one of my discard piles ends the turn with it there
    open_table(page, phone_server, "stockpile", GAMES["stockpile"][0], 5)
    table = page.locator("[data-testid=table]")
    seat = table.get_attribute("data-seat")
    expect(table).to_have_attribute("data-turn", seat)
    code = page.locator("[data-testid=hand-card-0]").get_attribute("data-card")
    touch_drag(page, "[data-testid=hand-card-0]", f"[data-testid=discard-{seat}-0]",
               check_lit=f"[data-testid=discard-{seat}-0]")
    expect(page.locator(f"[data-testid=discard-{seat}-0]")).to_have_attribute("data-top", code)
    # a tap still selects (no drag without a move)
    open_table(page, phone_server, "rummy", "players=2&bots=1&level=easy&seed=43&speed=0", 13)
    first = page.locator("[data-testid=hand] [data-card]").first
    first.tap()
    expect(first).to_have_class(re.compile("selected"))
