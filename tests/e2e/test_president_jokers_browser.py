"""President's jokers in a real browser (house rule ``jokers``): the joker is drawn in the hand, last (the highest
card), and a tap and Play put it on the trick, where the message says what it beats."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server
from tests.e2e.helpers import click_card, hand_codes

pytestmark = pytest.mark.e2e

# the person holds the 3 of clubs (so leads the first trick) and a joker; the computers wait 2 s before they answer
SEED = 17


def test_a_joker_shows_in_the_hand_and_can_be_played(browser: Browser, server: Server) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{server.url}/new/president?players=4&bots=3&level=beginner&seed={SEED}&speed=2&jokers=true")
    table = page.locator("[data-testid=table]")
    expect(table).to_have_attribute("data-phase", "play")
    expect(table).to_have_attribute("data-turn", table.get_attribute("data-seat") or "")
    hand = hand_codes(page)
    jokers = [c for c in hand if c.startswith("JK")]
    assert jokers and hand[-len(jokers):] == jokers  # the jokers sort last, as the highest cards
    card = page.locator(f"[data-testid=hand] [data-card='{jokers[0]}']")
    expect(card).to_have_attribute("aria-label", "Joker")
    image = card.evaluate("e => getComputedStyle(e).backgroundImage")
    assert f"/cards/{jokers[0]}.svg" in image
    click_card(page, jokers[0])
    expect(page.locator("[data-testid=btn-play]")).to_be_enabled()
    page.click("[data-testid=btn-play]")
    expect(page.locator(f"[data-testid=trick] [data-card='{jokers[0]}']")).to_be_visible()
    expect(page.locator("[data-testid=message]")).to_contain_text("Joker")
    page.context.close()


def test_a_run_with_a_joker_left_over_asks_which_end(browser: Browser, server: Server) -> None:
    """House rules runs and jokers: 8♠ 9♠ and a joker could be 7-8-9 or 8-9-10; leading, both are allowed, so Play
    asks where the joker goes (seed 17: the person leads and holds them)."""
    page = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True).new_page()
    page.goto(f"{server.url}/new/president?players=4&bots=3&level=beginner&seed=17&speed=2&jokers=true&runs=true")
    expect(page.locator("[data-testid=table]")).to_have_attribute("data-phase", "play")
    for code in ("8S", "9S", "JK1"):
        click_card(page, code)
    expect(page.locator("[data-testid=btn-play]")).to_be_enabled()
    page.click("[data-testid=btn-play]")
    dialog = page.locator("[data-testid=run-end-dialog]")
    expect(dialog.locator("[data-testid=btn-run-end-low]")).to_have_text("Below: 7♠ 8♠ 9♠")
    expect(dialog.locator("[data-testid=btn-run-end-high]")).to_have_text("Above: 8♠ 9♠ 10♠")
    page.click("[data-testid=btn-run-end-low]")
    expect(page.locator("[data-testid=message]")).to_contain_text("a run 7-9 of spades (with a Joker)")
    page.context.close()
