"""A tooltip does not stay up on a touch screen: once a finger lifts, an open tip closes by itself (assets/
touch_tips.js). Where the browser reports a desktop, Quasar opens tips on the mouseenter a tap imitates, and no
mouseleave ever follows; without the script the tip below stays open for good."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server

pytestmark = pytest.mark.e2e


def test_a_tooltip_closes_after_a_tap(browser: Browser, server: Server) -> None:
    page = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True).new_page()
    page.goto(f"{server.url}/new/president?players=4&bots=3&level=beginner&seed=7&speed=0")
    play = page.locator("[data-testid=btn-play]")
    expect(play).to_have_attribute("data-reason", "Select cards that beat a single 6")
    box = play.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + 5, box["y"] + 5)  # what a tap imitates: the pointer arrives, and never leaves
    tip = page.locator(".q-tooltip")
    expect(tip).to_have_text("Select cards that beat a single 6")
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_timeout(500)
    expect(tip).to_be_visible()  # long enough to read
    expect(tip).to_have_count(0, timeout=2500)  # then gone, with no second tap anywhere
    # one case style: buttons read as written (sentence case), not upper-cased by Quasar (innerText shows the case)
    shown = page.locator(".action-bar .q-btn .block").evaluate_all(
        "els => els.map(e => [e.innerText.trim(), e.textContent.trim()])")
    assert len(shown) >= 3 and all(as_shown == written for as_shown, written in shown), shown
    assert ["Play", "Play"] in shown and ["Pass", "Pass"] in shown
