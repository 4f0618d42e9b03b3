"""The browser re-renders a table page's regions on their own (ui/nicegui_internals/islands.js).

A selection in the hand must redraw the hand and the action bar, not the seats or the trick; a move must
still reach every region; and elements inside a region stay reachable through NiceGUI's ``getElement``.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server
from tests.e2e.helpers import attr, click_card, hand_codes, my_turn, wait_version_change

RECORD_RENDERS = """
() => {
  const render = window.renderRecursively;
  window.__rendered = new Set();
  window.renderRecursively = function (elements, id, ctx) {
    window.__rendered.add('c' + id);
    return render(elements, id, ctx);
  };
}
"""

RENDERED_IN = """
(region) => [...document.querySelectorAll(`[data-region=${region}] [id^=c]`)]
  .map((el) => el.id).filter((id) => window.__rendered.has(id))
"""


def rendered_in(page: Page, region: str) -> list[str]:
    return page.evaluate(RENDERED_IN, region)


def test_a_selection_redraws_the_hand_but_not_the_seats_or_the_trick(page: Page, server: Server) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{server.url}/new/president?players=4&bots=3&level=beginner&seed=42&speed=0")
    expect(page.locator("[data-testid=table]")).to_have_attribute("data-phase", "play")
    page.wait_for_function("document.querySelector('[data-testid=table]').dataset.turn === '0'")
    assert my_turn(page)
    assert page.locator("[data-region=seats]").get_attribute("data-island") is not None

    page.evaluate(RECORD_RENDERS)
    code = hand_codes(page)[0]
    click_card(page, code)
    expect(page.locator(f"[data-testid=hand] [data-card='{code}']")).to_have_class(re.compile("selected"))
    page.wait_for_timeout(200)  # let every update of the selection arrive

    hand = page.locator(f"[data-testid=hand] [data-card='{code}']").get_attribute("id")
    assert hand in page.evaluate("[...window.__rendered]"), "the selected card was redrawn"
    assert rendered_in(page, "seats") == [], "a selection redrew the seats"
    assert rendered_in(page, "middle") == [], "a selection redrew the trick"

    # an element inside an island is still one of the app's refs (NiceGUI's run_method finds it)
    play_id = page.locator("[data-testid=btn-play]").get_attribute("id")
    assert page.evaluate(f"getElement('{play_id[1:]}') !== undefined")

    # after moves, every region shows what a freshly loaded page shows
    before = attr(page, "data-version")
    if page.locator("[data-testid=btn-pass]").is_enabled():
        click_card(page, code)  # a selection is kept after a pass (for the next trick): a fresh page has none
        expect(page.locator(f"[data-testid=hand] [data-card='{code}']")).not_to_have_class(re.compile("selected"))
        page.click("[data-testid=btn-pass]")
    else:
        page.click("[data-testid=btn-play]")
    wait_version_change(page, before)
    page.wait_for_function("document.querySelector('[data-testid=table]').dataset.turn === '0'"
                           " || document.querySelector('[data-testid=table]').dataset.phase !== 'play'")
    fresh = page.context.new_page()
    fresh.goto(page.url)
    expect(fresh.locator("[data-testid=table]")).to_have_attribute("data-version", attr(page, "data-version"))
    for region in ("seats", "middle", "hand-area"):
        live = page.locator(f"[data-region={region}]").first.inner_text()
        assert live == fresh.locator(f"[data-region={region}]").first.inner_text(), region
