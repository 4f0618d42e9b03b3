"""Between hands in a real browser: the hand summary counts down to the next hand (the host's "Next hand starts",
30 s by default) for everyone, second by second; once every person has pressed "Next hand" (computers are ready at
once) the next hand starts at once."""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server
from tests.e2e.helpers import attr, president_step

SHOTS = os.environ.get("CARDNIGHT_SHOTS")  # a folder: also save what the summary looks like (laptop and phone)


def test_the_summary_counts_down_and_a_press_starts_the_next_hand_at_once(browser: Browser, server: Server) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{server.url}/new/president?players=4&bots=3&seed=8&speed=0")
    expect(page.locator("[data-testid=table]")).to_have_attribute("data-phase", "play")
    for _ in range(200):
        if attr(page, "data-phase") == "hand-over":
            break
        if not president_step(page):
            page.wait_for_timeout(50)
    expect(page.locator("[data-testid=table]")).to_have_attribute("data-phase", "hand-over")
    expect(page.locator("[data-testid=hand-summary]")).to_be_visible()

    countdown = page.locator("[data-testid=next-hand-countdown]")
    expect(countdown).to_be_visible()
    expect(countdown).to_have_text(re.compile(r"^Next hand in \d+ s$"))
    first = int(countdown.get_attribute("data-seconds") or "0")
    assert 25 <= first <= 30
    expect(page.locator("[data-testid=countdown]")).to_have_text("")  # one clock: the summary's
    expect(page.locator("[data-testid=your-turn]")).to_have_count(0)  # "Next hand" is no turn
    expect(page.locator(".seat-badge.turn")).to_have_count(0)
    page.wait_for_timeout(2200)
    later = int(countdown.get_attribute("data-seconds") or "0")
    assert first - 3 <= later <= first - 1, (first, later)  # it counts down on the page, second by second
    for i in range(4):  # the computers are ready already
        chips = page.locator(f"[data-testid=seat-{i}]")
        if i != int(attr(page, "data-seat")):
            expect(chips).to_contain_text("ready")
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/next-hand-laptop.png")
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(400)
        page.screenshot(path=f"{SHOTS}/next-hand-phone.png")

    page.click("[data-testid=btn-next-hand]")  # the last person ready: the next hand is dealt at once
    expect(page.locator("[data-testid=table]")).to_have_attribute("data-phase", re.compile("exchange|play"),
                                                                   timeout=3000)
    expect(countdown).to_have_count(0)
