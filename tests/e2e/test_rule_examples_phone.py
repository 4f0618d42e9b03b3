"""On a phone the rules' examples show each player's name above their hand, not under its cards (the live hand's
two overlapping rows rise into the space above them; a shown hand is one plain row)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server, shared_server_fixture

pytestmark = pytest.mark.e2e
server = shared_server_fixture()
PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
NAMES_IN_VIEW = """(hand) => {
  hand.scrollIntoView({block: 'center'});
  const name = hand.querySelector('.cn-still-hand-name').getBoundingClientRect();
  const tops = [...hand.querySelectorAll('.pcard')].map(c => c.getBoundingClientRect().top);
  const hit = document.elementFromPoint(name.left + Math.min(name.width, 40) / 2, name.top + name.height / 2);
  return {nameBottom: name.bottom, cardTop: tops.length ? Math.min(...tops) : Infinity,
          onName: !!hit && !!hit.closest('.cn-still-hand-name')};
}"""


@pytest.mark.parametrize("game", ["rummy", "beanie"])
def test_the_players_names_stand_clear_of_their_hands(browser: Browser, server: Server, game: str) -> None:
    page = browser.new_context(**PHONE).new_page()
    page.goto(f"{server.url}/rules/{game}", timeout=30_000)
    hands = page.locator("[data-testid^=example-] [data-testid^=still-hand-]")
    expect(hands.first).to_be_visible(timeout=15_000)
    checked = 0
    for i in range(min(hands.count(), 4)):
        spots = hands.nth(i).evaluate(NAMES_IN_VIEW)
        if spots["cardTop"] == float("inf"):
            continue  # (a hand with no cards)
        assert spots["nameBottom"] <= spots["cardTop"] + 0.5 and spots["onName"], spots
        checked += 1
    assert checked >= 2


def test_stockpiles_building_piles_stay_on_screen_in_german(browser: Browser, server: Server) -> None:
    """A still table is narrower than the live one: German's "nächste" and "1 oder ★" made the four building piles
    wider than a phone's example board, and the first ran off its left edge. They take a second line instead."""
    page = browser.new_context(**PHONE).new_page()
    page.goto(f"{server.url}/rules/stockpile?lang=de", timeout=30_000)
    piles = page.locator("[data-testid^=example-] [data-testid=still-middle] .build-pile")
    expect(piles.first).to_be_visible(timeout=15_000)
    piles.first.scroll_into_view_if_needed()
    board = page.locator("[data-testid^=example-] [data-testid=still-middle]").first.bounding_box()
    assert board is not None
    for i in range(4):
        box = piles.nth(i).bounding_box()
        assert box is not None and box["x"] >= board["x"] - 0.5, (i, box, board)
        assert box["x"] + box["width"] <= board["x"] + board["width"] + 0.5, (i, box, board)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("game", ["president", "rummy"])
def test_example_cards_are_pictures_not_buttons(browser: Browser, server: Server, game: str) -> None:
    """An example's hands are drawn by the game's own hand part, which makes a player's cards tappable: on a rules
    page they are pictures (no button role, no tab stop, not marked clickable) — a tap there does nothing."""
    page = browser.new_context(**PHONE).new_page()
    page.goto(f"{server.url}/rules/{game}", timeout=30_000)
    cards = page.locator("[data-testid^=example-] [data-testid^=still-hand-] [data-card]")
    expect(cards.first).to_be_visible(timeout=15_000)
    tappable = page.evaluate("""() => [...document.querySelectorAll(
        '[data-testid^=example-] [data-testid^=still-hand-] [data-card]')].filter(c =>
        c.classList.contains('clickable') || c.getAttribute('role') === 'button' || c.tabIndex >= 0).length""")
    assert cards.count() > 4 and tappable == 0
