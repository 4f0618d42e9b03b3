"""Two browsers as partners (seats 1 and 3) against two computer players at a friends table: the host sets the
table up in the lobby, the guest joins by link; both play from each other's stock and discard piles through the
UI, and the game is played to its end (bounded).

The server's --seed makes the table's seed 1192: with the driver's choices the whole deal is known to end within a
few turns, after both partners have played from the other's stock and discard piles."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server, free_port, running
from tests.e2e.stockpile_driver import BOARD, TABLE, Player, my_turn, read


@pytest.fixture
def seeded_server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "data", free_port(), seed=1192)
    yield from running(srv)


def choose(page: Page, testid: str, option: str) -> None:
    page.click(f"[data-testid={testid}]")
    page.get_by_role("option", name=option, exact=True).click()
    page.wait_for_timeout(150)


def open_partners_table(browser: Browser, server: Server) -> tuple[Page, Page]:
    host = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    guest = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    host.goto(server.url)
    host.click("[data-testid=friends-stockpile]")
    expect(host).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    code = host.locator("[data-testid=join-code]").inner_text().strip()

    choose(host, "opt-players", "4 players")
    expect(host.locator("[data-testid=btn-add-bot-3]")).to_be_visible()
    choose(host, "opt-partners", "On")
    choose(host, "opt-stock_size", "Short")
    choose(host, "opt-turn-timer", "Off")
    choose(host, "opt-bot-speed", "At once")
    host.click("[data-testid=btn-add-bot-1]")  # the guest takes the next free seat: 3, the host's partner
    expect(host.locator("[data-testid=btn-add-bot-1]")).to_have_count(0)

    guest.goto(f"{server.url}/table/{code}")
    guest.fill("[data-testid=join-name]", "Partner")
    guest.click("[data-testid=btn-join]")
    expect(host.locator("[data-testid=seat-2]")).to_contain_text("Partner")
    host.click("[data-testid=btn-add-bot-3]")
    expect(host.locator("[data-testid=btn-start]")).to_be_enabled()
    host.click("[data-testid=btn-start]")
    for page in (host, guest):
        expect(page.locator(TABLE)).to_have_attribute("data-phase", re.compile("play|pending"))
        expect(page.locator(BOARD)).to_have_attribute("data-partners", "true")
    assert host.locator(TABLE).get_attribute("data-seat") == "0"
    assert guest.locator(TABLE).get_attribute("data-seat") == "2"
    return host, guest


def check_partner_piles_selectable(me: Player, partner_seat: int) -> bool:
    """On my turn, my partner's stock top (and discard tops) can be picked like my own; the opponents' cannot."""
    page = me.page
    st = read(page)
    if not my_turn(st) or st["phase"] != "play":
        return False
    stock = page.locator(f"[data-testid=stock-{partner_seat}]")
    if stock.get_attribute("data-count") == "0":
        return False
    me.select(f"stock:{partner_seat}")
    page.keyboard.press("Escape")
    expect(page.locator(BOARD)).to_have_attribute("data-selected", "")
    opponents = [s for s in range(4) if s not in (int(st["seat"]), partner_seat)]
    for s in opponents:
        expect(page.locator(f"[data-testid=stock-{s}] [data-source]")).to_have_count(0)
    expect(page.locator(f"[data-testid=player-{partner_seat}]")).to_contain_text("Partner")
    return True


def test_partners_play_from_each_other(browser: Browser, seeded_server: Server) -> None:
    host_page, guest_page = open_partners_table(browser, seeded_server)
    host, guest = Player(host_page, gift_wilds=True), Player(guest_page, gift_wilds=True)
    checked = {0: False, 2: False}
    for _ in range(400):
        if read(host_page)["phase"] == "over":
            break
        acted = False
        for me, partner in ((host, 2), (guest, 0)):
            seat = 2 - partner
            if not checked[seat]:
                checked[seat] = check_partner_piles_selectable(me, partner)
            acted = me.turn() or acted
        if not acted:
            host_page.wait_for_timeout(100)
    else:
        raise AssertionError("the game did not end in time")

    assert checked[0] and checked[2], "never saw a partner's stock on a turn"
    played = host.sources + guest.sources
    assert played["partner-stock"] >= 1, played
    assert played["partner-discard"] >= 1, played
    for page in (host_page, guest_page):
        expect(page.locator(TABLE)).to_have_attribute("data-phase", "over")
        expect(page.locator("[data-testid=standings]")).to_be_visible()
        expect(page.locator("[data-testid^=standing-]")).to_have_count(4)
    host_page.screenshot(path=str(seeded_server.data_dir.parent / "stockpile-partners-over.png"))
