"""Turn alerts that reach a pocket (assets/alerts.js): on a page in the background, a turn starting puts "● Your turn"
in the tab title, a dot on the favicon and asks the phone to vibrate; all of it stops the moment the page is looked
at. Each can be switched off in the settings (pref-alert_title, pref-alert_favicon, pref-alert_vibrate). A host whose
lobby is full is told "● Ready to start"."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server
from tests.e2e.helpers import attr, my_turn, president_step

pytestmark = pytest.mark.e2e

# the page can be put in the background by the test: visibility and focus as a hidden tab reports them, and
# navigator.vibrate recorded
BACKGROUND_JS = """
window.__cnHidden = false; window.__cnVibrations = [];
Object.defineProperty(document, 'visibilityState', {get: () => window.__cnHidden ? 'hidden' : 'visible'});
Object.defineProperty(document, 'hidden', {get: () => window.__cnHidden});
document.hasFocus = () => !window.__cnHidden;
navigator.vibrate = (p) => { window.__cnVibrations.push(p); return true; };
window.__cnSetHidden = (h) => { window.__cnHidden = h; document.dispatchEvent(new Event('visibilitychange')); };
"""


def phone(browser: Browser) -> Page:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    ctx.add_init_script(BACKGROUND_JS)
    return ctx.new_page()


def hide(page: Page, hidden: bool) -> None:
    page.evaluate(f"window.__cnSetHidden({'true' if hidden else 'false'})")


def favicon(page: Page) -> str:
    return page.evaluate("document.querySelector(\"link[rel~='icon']\").href")


def test_a_turn_in_the_background_shows_in_the_title_the_icon_and_a_vibration(browser: Browser,
                                                                             server: Server) -> None:
    page = phone(browser)
    page.goto(f"{server.url}/new/president?players=4&bots=3&level=beginner&seed=5&speed=0")
    expect(page.locator("[data-testid=table]")).to_have_attribute("data-seat", "0")
    title, icon = page.title(), favicon(page)
    assert not title.startswith("●")
    turns = 0
    for _ in range(200):  # several turns: each one, taken in the background, alerts; looking at it stops it
        if turns >= 3 or attr(page, "data-status") == "over":
            break
        if not my_turn(page):
            page.wait_for_timeout(50)
            continue
        expect(page.locator("[data-testid=table]")).to_have_attribute("data-alert", re.compile(r"^turn:\d+$"))
        if page.title().startswith("●"):
            hide(page, False)
        expect(page).not_to_have_title(re.compile("^●"))
        hide(page, True)  # the phone goes in a pocket while it is this player's turn ...
        president_step(page)  # ... the move was already made: the next turn must alert
        for _wait in range(100):
            if my_turn(page):
                break
            page.wait_for_timeout(50)
        else:
            continue
        expect(page).to_have_title(re.compile(r"^● Your turn"))
        assert favicon(page) != icon and favicon(page).startswith("data:image/png")
        assert page.evaluate("window.__cnVibrations.length") > 0
        hide(page, False)  # looked at: it all stops
        expect(page).to_have_title(title)
        assert favicon(page) == icon
        turns += 1
    assert turns >= 3


def test_alerts_can_be_switched_off_and_a_full_lobby_tells_the_host(browser: Browser, server: Server) -> None:
    host = phone(browser)
    host.goto(f"{server.url}/profile")
    for key in ("alert_title", "alert_vibrate"):
        switch = host.locator(f"[data-testid=pref-{key}]")
        expect(switch).to_have_attribute("aria-checked", "true")
        switch.click()
        expect(switch).to_have_attribute("aria-checked", "false")
    host.goto(server.url)
    host.click("[data-testid=friends-rummy]")
    expect(host).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    icon = favicon(host)
    hide(host, True)
    host.click("[data-testid=btn-add-bot-1]")  # the lobby is full: the host can start
    expect(host.locator("[data-testid=table]")).to_have_attribute("data-alert", "start")
    host.wait_for_function("document.documentElement.dataset.alerting === 'start'")
    assert not host.title().startswith("●")  # switched off: no title
    assert host.evaluate("window.__cnVibrations.length") == 0  # and no vibration
    host.wait_for_function(f"document.querySelector(\"link[rel~='icon']\").href !== {icon!r}")  # the dot is on
    hide(host, False)
    host.wait_for_function(f"document.querySelector(\"link[rel~='icon']\").href === {icon!r}")
