"""A game night in real Chromium, four browsers (one a phone) and computer players: two friends' President tables of
the night, each with two people and two computer players, each played to its end (the computer plays the people's
seats too, speed 0). While the second plays, its TV shows the night's standings in a corner (the host switched it
on), beside the seats and never over the play or the turn timer; then the night's TV shows both matches in the
standings, and "Next game" from the night's page opens one lobby that every browser is offered to join."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import MOTION, Server, free_port, running
from tests.e2e.test_tap_during_redraw import HookServer

pytestmark = pytest.mark.e2e

SMALLEST_TEXT = """(sel) => Math.min(...[...document.querySelectorAll(sel + ' *')]
  .filter(e => e.offsetParent !== null && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
  .map(e => parseFloat(getComputedStyle(e).fontSize)))"""
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
TV = {"viewport": {"width": 1920, "height": 1080}}


@pytest.fixture
def night_server(tmp_path: Path) -> Iterator[Server]:
    srv = HookServer(tmp_path / "data", free_port(), seed=500, extra_args=("--no-mdns",))
    yield from running(srv)


def choose(page: Page, testid: str, option: str) -> None:
    page.click(f"[data-testid={testid}]")
    page.get_by_role("option", name=option, exact=True).click()


def friends_table(server: Server, night: str, host: Page, guest: Page, guest_name: str) -> str:
    """A President lobby of the night opened by ``host``, ``guest`` seated through the join form, two computer
    players added, started."""
    host.goto(f"{server.url}/new/president?night={night}&friends=1&players=4&hands=4")
    expect(host).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    code = host.url.rsplit("/", 1)[1]
    guest.goto(f"{server.url}/table/{code}")
    guest.fill("[data-testid=join-name]", guest_name)
    guest.click("[data-testid=btn-join]")
    expect(host.locator("[data-testid=seat-1]")).to_contain_text(guest_name)
    choose(host, "opt-bot-speed", "At once")
    for seat in (2, 3):
        host.click(f"[data-testid=btn-add-bot-{seat}]")
        expect(host.locator(f"[data-testid=btn-add-bot-{seat}]")).to_have_count(0)
    host.click("[data-testid=btn-start]")
    for page in (host, guest):
        expect(page.locator("[data-testid=table]")).to_have_attribute("data-status", "playing")
    return code


def play_out(page: Page, server: Server, code: str) -> None:
    assert page.request.post(f"{server.url}/test/autoplay/{code}").ok  # the people's seats play themselves
    deadline = time.monotonic() + 25
    while page.request.get(f"{server.url}/test/status/{code}").json()["status"] != "over":
        assert time.monotonic() < deadline, f"table {code} did not finish"
        page.wait_for_timeout(100)


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


def apart(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"] or
            a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def test_four_browsers_two_tables_of_a_night_the_tv_and_the_next_game(browser: Browser, night_server: Server) -> None:
    url = night_server.url
    ana = browser.new_context(**LAPTOP, **MOTION).new_page()
    ana.goto(url)
    ana.fill("[data-testid=night-name-input]", "Friday at Ana's")
    ana.click("[data-testid=btn-start-night]")
    expect(ana).to_have_url(re.compile(r"/night/[A-Z0-9]{6}$"))
    night = ana.url.rsplit("/", 1)[1]
    expect(ana.locator("[data-testid=night-code]")).to_have_text(night)
    ana.click("[data-testid=night-tv-corner]")  # the host wants the standings on the tables' TVs
    bea, cy, di = (browser.new_context(**PHONE, **MOTION).new_page(), browser.new_context(**LAPTOP).new_page(),
                   browser.new_context(**LAPTOP).new_page())

    first = friends_table(night_server, night, ana, bea, "Bea")
    play_out(ana, night_server, first)
    second = friends_table(night_server, night, cy, di, "Di")

    tv = browser.new_context(**TV, **MOTION).new_page()
    tv.goto(f"{url}/tv/{second}")  # the second table plays: the night's standings in a corner
    corner = tv.get_by_test_id("tv-night-corner")
    expect(corner).to_be_visible()
    expect(corner).to_contain_text("Friday at Ana's")
    expect(tv.locator("[data-testid^=tv-night-corner-]")).to_have_count(4)  # Ana, Bea, two computer players
    assert tv.evaluate(SMALLEST_TEXT, ".tv-night-corner") >= 24  # read from the sofa
    spot = box(tv, ".tv-night-corner")
    for other in (".tv-main", ".tv-timer", ".tv-top"):
        assert apart(spot, box(tv, other)), f"the corner covers {other}"
    for badge in tv.locator(".tv-seats .seat-badge").all():
        found = badge.bounding_box()
        assert found is not None and apart(spot, found), "the corner covers a seat"
    assert spot["y"] + spot["height"] <= 1080

    play_out(cy, night_server, second)
    tv.goto(f"{url}/tv/night/{night}")
    expect(tv.get_by_test_id("tv-night-name")).to_have_text("Friday at Ana's")
    people = tv.locator("[data-testid^=tv-night-standing-][data-computer=false]")
    expect(people).to_have_count(4)
    for i in range(4):
        expect(people.nth(i)).to_have_attribute("data-matches", "1")
    assert tv.evaluate(SMALLEST_TEXT, ".cn-night-tv") >= 28
    assert tv.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1")

    ana.goto(f"{url}/night/{night}")
    for code in (first, second):
        expect(ana.locator(f"[data-testid=night-match-{code}]")).to_have_attribute("data-counted", "true")
    for page in (bea, cy, di):
        page.goto(f"{url}/night/{night}")
    ana.click("[data-testid=btn-night-next]")
    expect(ana.locator("[data-testid=night-seating-table-0]")).to_contain_text("Bea")  # four people: one table
    ana.click("[data-testid=btn-night-next-go]")
    for page in (ana, bea, cy, di):  # each night page offers the new lobby by itself
        expect(page.locator("[data-testid=btn-night-join]")).to_be_visible()
    bea.locator("[data-testid=btn-night-join]").click()
    expect(bea.locator("[data-testid=table]")).to_have_attribute("data-phase", "lobby")
    expect(tv.locator("[data-testid^=tv-night-table-]")).to_have_attribute("data-state", "lobby")
