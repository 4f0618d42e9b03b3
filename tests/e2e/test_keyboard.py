"""Playing with a keyboard: Tab reaches the cards and piles a person may tap, Enter or Space taps them
(ui/components/tap.py), a card that cannot be tapped is not in the Tab order, and "Your turn" is announced."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server, shared_server_fixture
from tests.e2e.helpers import TABLE, hand_codes, my_turn

server = shared_server_fixture()  # the tests each open their own table: one server for the file


def tab_to(page: Page, selector: str, presses: int = 80) -> None:
    """Press Tab until the focused element matches ``selector``, as a keyboard user would."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_president_cards_select_with_enter_and_space(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/new/president?players=4&seed=7&speed=0")
    expect(page.locator(TABLE)).to_have_attribute("data-phase", "play")
    page.wait_for_function("() => { const t = document.querySelector('[data-testid=table]');"
                           " return t.dataset.turn.split(',').includes(t.dataset.seat); }")
    assert my_turn(page)
    # a screen reader hears "Your turn": the cue sits in a polite live region that was there before it
    expect(page.locator("[aria-live=polite] [data-testid=your-turn]")).to_have_count(1)
    tab_to(page, "[data-testid=hand] [data-card].cn-tap")
    code = page.evaluate("() => document.activeElement.dataset.card")
    card = page.locator(f"[data-testid=hand] [data-card='{code}']")
    page.keyboard.press("Enter")
    expect(card).to_have_attribute("aria-pressed", "true")
    expect(card).to_be_focused()  # the hand updates in place: focus stays on the card
    scrolled = page.evaluate("() => window.scrollY")
    page.keyboard.press(" ")
    expect(card).not_to_have_attribute("aria-pressed", "true")
    assert page.evaluate("() => window.scrollY") == scrolled, "Space taps the card; it must not scroll the page"
    # a card on the table (someone else's play) is a picture, not a button: Tab skips it
    assert page.locator("[data-testid=trick] [data-card][tabindex]").count() == 0


def test_rummy_stock_draws_with_enter(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/new/rummy?players=2&seed=7&speed=0")
    expect(page.locator(TABLE)).to_have_attribute("data-phase", "play")
    expect(page.locator("[data-testid=pile-stock]")).to_have_attribute("role", "button")
    before = len(hand_codes(page))
    tab_to(page, "[data-testid=pile-stock]")
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=hand] [data-card]")).to_have_count(before + 1)
    # drawn: the stock is no longer a button, nor in the Tab order
    expect(page.locator("[data-testid=pile-stock]")).to_have_attribute("role", "img")
    expect(page.locator("[data-testid=pile-stock][tabindex]")).to_have_count(0)


def test_stockpile_hand_card_selects_with_enter(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/new/stockpile?players=2&bots=1&level=easy&stock_size=short&seed=41&speed=0")
    expect(page.locator(TABLE)).to_have_attribute("data-turn", "0", timeout=15000)
    tab_to(page, "[data-testid=hand-card-0]")
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=hand] .selected")).to_have_count(1)
    expect(page.locator("[data-testid=hand-card-0]")).to_have_class(re.compile(r"\bselected\b"))
