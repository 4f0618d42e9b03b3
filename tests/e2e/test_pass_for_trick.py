"""President's "Pass for this trick" in a real browser, at 1280x800 and on a phone (390x844, touch): tapped while
others play, it shows as pressed, the seat's badge says "passing" (on a phone too, where other chips give way), the
turn never stops at this seat while it is on, and it switches itself off when the trick ends."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server
from tests.e2e.helpers import attr, my_turn, president_step

pytestmark = pytest.mark.e2e

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("size", list(SIZES))
def test_pass_for_this_trick(browser: Browser, server: Server, size: str) -> None:
    phone = size == "phone"
    page = browser.new_context(viewport=SIZES[size], has_touch=phone, is_mobile=phone).new_page()
    page.goto(f"{server.url}/new/president?players=5&bots=4&level=beginner&seed=4&speed=0.6")
    expect(page.locator("[data-testid=table]")).to_have_attribute("data-phase", "play")
    seat = attr(page, "data-seat")
    toggle = page.locator("[data-testid=btn-pass-trick]")
    deadline = time.monotonic() + 60
    while not (toggle.is_enabled() and not my_turn(page)) and time.monotonic() < deadline:
        if not president_step(page):
            page.wait_for_timeout(100)
    expect(toggle).to_be_enabled()
    expect(toggle).to_have_attribute("data-on", "false")
    toggle.tap() if phone else toggle.click()
    expect(toggle).to_have_attribute("data-on", "true")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(page.locator(f"[data-testid=seat-{seat}] .chip", has_text="passing")).to_be_visible()
    while toggle.get_attribute("data-on") == "true" and time.monotonic() < deadline + 60:
        assert not my_turn(page), "the turn stopped at a seat that passes for this trick"
        page.wait_for_timeout(50)
    expect(toggle).to_have_attribute("data-on", "false")  # the trick ended: back in for the next one
    expect(page.locator(f"[data-testid=seat-{seat}] .chip", has_text="passing")).to_have_count(0)
    page.context.close()
