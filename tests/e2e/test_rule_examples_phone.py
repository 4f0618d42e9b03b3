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
