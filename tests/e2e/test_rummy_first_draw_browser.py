"""Rummy's draw for the first deal at a friends table, in two real browsers (laptop and phone): both see the
``first-draw`` phase, each taps the deck, the cards turn up on both screens, the highest card is announced and the
first hand starts with that player."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server
from tests.e2e.helpers import attr
from tests.e2e.test_rummy_friends import choose, open_friends_table

RANKS = {str(n): n for n in range(2, 11)} | {"J": 11, "Q": 12, "K": 13, "A": 14}
SUITS = {"S": 3, "H": 2, "D": 1, "C": 0}


def draw_key(code: str) -> tuple[int, int]:
    return RANKS[code[:-1]], SUITS[code[-1]]


def test_both_players_tap_the_deck_and_the_highest_card_begins(browser: Browser, server: Server) -> None:
    host, code = open_friends_table(browser, server)
    guest = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True).new_page()
    guest.goto(f"{server.url}/table/{code}")
    guest.fill("[data-testid=join-name]", "Guest")
    guest.click("[data-testid=btn-join]")
    expect(host.locator("[data-testid=seat-1]")).to_contain_text("Guest")
    choose(host, "opt-turn-timer", "Off")
    host.click("[data-testid=btn-start]")
    pages = (host, guest)
    for p in pages:
        expect(p.locator("[data-testid=table]")).to_have_attribute("data-phase", "first-draw")
        expect(p.locator("[data-testid=table]")).to_have_attribute("data-turn", "0,1")
        for seat in (0, 1):
            expect(p.locator(f"[data-testid=first-draw-{seat}]")).to_have_attribute("data-card-draw", "")
    host.locator("[data-testid=btn-first-draw]").click()
    mine = host.locator("[data-testid=first-draw-0] [data-card]")
    expect(mine).to_have_count(1)
    card0 = mine.get_attribute("data-card")  # the face-up card inside the place
    expect(host.locator("[data-testid=first-draw-0]")).to_have_attribute("data-card-draw", card0)
    # the host's card turns up on the guest's phone too; the host's deck is spent, the guest's is not
    expect(guest.locator("[data-testid=first-draw-0]")).to_have_attribute("data-card-draw", card0)
    expect(host.locator("[data-testid=btn-first-draw]")).to_have_attribute("data-reason", "You have drawn: waiting "
                                                                                           "for the others.")
    expect(host.locator("[data-testid=table]")).to_have_attribute("data-turn", "1")
    host.screenshot(path=str(server.data_dir.parent / "rummy-first-draw-laptop.png"))
    guest.screenshot(path=str(server.data_dir.parent / "rummy-first-draw-phone.png"))
    guest.locator("[data-testid=btn-first-draw]").tap()
    for p in pages:
        expect(p.locator("[data-testid=table]")).to_have_attribute("data-phase", "play")
    card1 = guest.locator("[data-testid=first-draw-1]").get_attribute("data-card-draw")
    assert card0 and card1 and card0 != card1
    winner = 0 if draw_key(card0) > draw_key(card1) else 1
    for p in pages:
        expect(p.locator("[data-testid=first-draw]")).to_have_attribute("data-winner", str(winner))
        expect(p.locator("[data-testid=table]")).to_have_attribute("data-turn", str(winner))
        expect(p.locator("[data-testid=message]")).to_contain_text("drew the highest card")
        expect(p.locator("[data-testid=first-draw-0]")).to_have_attribute("data-card-draw", card0)
        expect(p.locator("[data-testid=first-draw-1]")).to_have_attribute("data-card-draw", card1)
    starter = pages[winner]
    expect(starter.locator("[data-testid=hand] [data-card]")).to_have_count(13)
    expect(starter.locator("[data-testid=pile-stock]")).to_have_attribute("role", "button")  # play starts: draw
    starter.locator("[data-testid=pile-stock]").click()
    expect(starter.locator("[data-testid=hand] [data-card]")).to_have_count(14)
    assert attr(host, "data-phase") == "play"
    host.screenshot(path=str(server.data_dir.parent / "rummy-after-draw-laptop.png"))
    guest.screenshot(path=str(server.data_dir.parent / "rummy-after-draw-phone.png"))
