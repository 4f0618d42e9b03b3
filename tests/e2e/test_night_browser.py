"""A game night in real Chromium: started from home, two practice President tables of the night each played to the
end (the computer plays the person's seat too, speed 0), the night's page and its TV show both matches in the
standings, and "Next game" opens a lobby the night's page offers to join."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import MOTION, Server, free_port
from tests.e2e.test_tap_during_redraw import HookServer

pytestmark = pytest.mark.e2e

SMALLEST_TEXT = """() => Math.min(...[...document.querySelectorAll('.cn-night-tv *')]
  .filter(e => e.offsetParent !== null && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
  .map(e => parseFloat(getComputedStyle(e).fontSize)))"""


@pytest.fixture
def night_server(tmp_path: Path) -> Iterator[Server]:
    srv = HookServer(tmp_path / "data", free_port(), seed=500, extra_args=("--no-mdns",))
    srv.start()
    yield srv
    srv.stop()
    assert not srv.errors(), "server logged errors:\n" + "\n".join(srv.errors())


def finished_table(page: Page, server: Server, night: str, seed: int) -> str:
    page.goto(f"{server.url}/new/president?night={night}&players=4&bots=3&speed=0&hands=4&seed={seed}")
    expect(page).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    code = page.url.rsplit("/", 1)[1]
    assert page.request.post(f"{server.url}/test/autoplay/{code}").ok  # the person's seat plays itself
    deadline = time.monotonic() + 20
    while page.request.get(f"{server.url}/test/status/{code}").json()["status"] != "over":
        assert time.monotonic() < deadline, f"table {code} did not finish"
        page.wait_for_timeout(100)
    return code


def test_a_night_of_two_tables_on_the_page_the_tv_and_the_next_game(browser: Browser, night_server: Server) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 800}, **MOTION).new_page()
    page.goto(night_server.url)
    page.fill("[data-testid=night-name-input]", "Friday at Ana's")
    page.click("[data-testid=btn-start-night]")
    expect(page).to_have_url(re.compile(r"/night/[A-Z0-9]{6}$"))
    night = page.url.rsplit("/", 1)[1]
    expect(page.locator("[data-testid=night-code]")).to_have_text(night)

    codes = [finished_table(page, night_server, night, seed) for seed in (11, 12)]
    page.goto(f"{night_server.url}/night/{night}")
    for code in codes:
        expect(page.locator(f"[data-testid=night-match-{code}]")).to_have_attribute("data-counted", "true")
    me = page.locator("[data-testid^=night-standing-][data-computer=false]")
    expect(me).to_have_attribute("data-matches", "2")

    tv = browser.new_context(viewport={"width": 1920, "height": 1080}, **MOTION).new_page()
    tv.goto(f"{night_server.url}/tv/night/{night}")
    expect(tv.locator("[data-testid=tv-night-name]")).to_have_text("Friday at Ana's")
    expect(tv.locator("[data-testid^=tv-night-standing-][data-computer=false]")).to_have_attribute(
        "data-matches", "2")
    assert tv.evaluate(SMALLEST_TEXT) >= 28  # read from the sofa
    assert tv.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1")

    page.click("[data-testid=btn-night-next]")
    expect(page.locator("[data-testid=night-seating-table-0]")).to_contain_text("3")  # three computer players
    page.click("[data-testid=btn-night-next-go]")
    join = page.locator("[data-testid=btn-night-join]")
    expect(join).to_be_visible()
    join.click()
    expect(page.locator("[data-testid=table]")).to_have_attribute("data-phase", "lobby")
    expect(tv.locator("[data-testid^=tv-night-table-]")).to_have_attribute("data-state", "lobby")
