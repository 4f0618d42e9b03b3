"""`/new…&timer=20` times the very first turn when a person moves first (docs/contract.md): the top bar's
`countdown` shows the clock and its `data-seconds` counts down from 20."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server


def test_the_first_turn_is_timed_when_a_person_leads(browser: Browser, server: Server) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{server.url}/new/president?players=4&bots=3&seed=4&speed=1&timer=20")  # seed 4: seat 0 leads
    table = page.locator("[data-testid=table]")
    expect(table).to_have_attribute("data-phase", "play")
    expect(table).to_have_attribute("data-turn", "0")
    clock = page.locator("[data-testid=countdown]")
    expect(clock).to_have_attribute("data-seconds", re.compile(r"^(1[5-9]|20)$"))
    expect(clock).to_contain_text("⏱")
    first = int(clock.get_attribute("data-seconds") or "0")
    page.wait_for_timeout(2100)
    assert int(clock.get_attribute("data-seconds") or "0") <= first - 1  # it runs
