"""Rummy at a friends table: one browser against one computer player plays a whole match to 100, like a person
following the hints: draw from the stock, put down what the hint offers, discard the suggested card.

The helpers here (``rummy_step`` and friends) are also used by test_rummy_privacy.py.
"""

from __future__ import annotations

import re
import time

from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.conftest import Server
from tests.e2e.helpers import attr, hand_codes, table_state, wait_gone, wait_version_change

MIDDLE = "[data-testid=rummy-middle]"


def choose(page: Page, testid: str, option: str) -> None:
    page.click(f"[data-testid={testid}]")
    page.get_by_role("option", name=option, exact=True).click()
    page.wait_for_timeout(150)


def stage(page: Page) -> str:
    loc = page.locator(MIDDLE)
    return (loc.get_attribute("data-stage") or "") if loc.count() else ""


def click_hand_card(page: Page, code: str) -> None:
    """Cards overlap in the hand: tap the visible corner, as a person does."""
    page.locator(f"[data-testid=hand] [data-card='{code}']").click(position={"x": 8, "y": 24})


def selected(page: Page) -> list[str]:
    return page.locator("[data-testid=hand] .pcard.selected").evaluate_all("els => els.map(e => e.dataset.card)")


def select(page: Page, codes: list[str]) -> None:
    """Make exactly ``codes`` the selection: one tap per card, none repeated."""
    for code in selected(page):
        if code not in codes:
            click_hand_card(page, code)
    for code in codes:
        if code not in selected(page):
            click_hand_card(page, code)
    deadline = time.time() + 5
    while time.time() < deadline and sorted(selected(page)) != sorted(codes):
        page.wait_for_timeout(50)
    assert sorted(selected(page)) == sorted(codes), f"could not select {codes}: {selected(page)} selected"


def clear_selection(page: Page) -> None:
    select(page, [])


def press(page: Page, testid: str) -> None:
    """Click a button once it is enabled and wait for the table to move on."""
    btn = page.locator(f"[data-testid={testid}]")
    expect(btn).to_be_enabled(timeout=10_000)
    before = attr(page, "data-version")
    btn.click()
    wait_version_change(page, before)


def end_turn_now(page: Page) -> None:
    """Press Done in the grace period (it may end by itself first)."""
    btn = page.locator("[data-testid=btn-commit]")
    if not btn.count():
        return
    try:
        btn.click(timeout=2000)
    except PlaywrightError:
        return
    page.wait_for_function("() => !document.querySelector('[data-testid=btn-commit]')", timeout=10_000)


def read_hint(page: Page) -> dict[str, str]:
    page.click("[data-testid=btn-hint]")
    box = page.locator("[data-testid=hint]")
    expect(box).to_be_visible(timeout=10_000)
    return {k: box.get_attribute(f"data-{k}") or "" for k in ("stage", "take", "melds", "layoffs", "discard")}


def play_turn_from_hint(page: Page, commit: bool = True) -> None:
    """After drawing: meld and lay off what the hint offers, discard the suggested card, then Done."""
    h = read_hint(page)
    for meld in [m for m in h["melds"].split("|") if m]:
        select(page, meld.split())
        press(page, "btn-meld")
    for lay in [x for x in h["layoffs"].split("|") if x]:
        mid, cards = lay.split(":")
        select(page, cards.split())
        btn = page.locator("[data-testid=btn-layoff]")
        expect(btn).to_be_enabled(timeout=10_000)
        if len((btn.get_attribute("data-targets") or "").split()) > 1:
            btn.click()  # several melds take the cards: tap the one the hint meant
            expect(page.locator("[data-testid=layoff-prompt]")).to_be_visible()
            press(page, f"meld-{mid}")
        else:
            press(page, "btn-layoff")
    if stage(page) != "play":
        return
    h = read_hint(page)
    clear_selection(page)
    code = h["discard"] or hand_codes(page)[-1]
    select(page, [code])
    press(page, "btn-discard")
    expect(page.locator(MIDDLE)).to_have_attribute("data-stage", re.compile("pending|draw|^$"), timeout=10_000)
    if commit:
        end_turn_now(page)


def rummy_step(page: Page) -> bool:
    """One simple move if this page has one; True if it acted."""
    state = table_state(page, ("btn-next-hand",))
    phase = state["phase"]
    if phase == "hand-over" and state["buttons"]["btn-next-hand"]:
        page.click("[data-testid=btn-next-hand]")
        wait_gone(page, "btn-next-hand")
        return True
    if phase != "play" or not state["my_turn"]:
        return False
    s = stage(page)
    if s == "draw":
        stock = page.locator("[data-testid=pile-stock]")
        if (stock.get_attribute("data-count") or "0") != "0":
            before = attr(page, "data-version")
            stock.click()
            wait_version_change(page, before)
        else:  # an empty stock is rebuilt at once; only the top discard is left to take
            top = page.locator("[data-testid=pile-discard]").get_attribute("data-top")
            before = attr(page, "data-version")
            page.locator(f"[data-testid=pile-discard] [data-card='{top}']").click()
            wait_version_change(page, before)
        expect(page.locator(MIDDLE)).to_have_attribute("data-stage", "play", timeout=10_000)
        play_turn_from_hint(page)
        return True
    if s == "play":
        play_turn_from_hint(page)
        return True
    if s == "pending":
        end_turn_now(page)
        return True
    return False


def draw_for_first_deal(pages: list[Page]) -> None:
    """Every person taps the deck for the draw for the first deal (a friends table starts with it)."""
    for p in pages:
        expect(p.locator("[data-testid=table]")).to_have_attribute("data-phase", "first-draw", timeout=15_000)
    for p in pages:
        if attr(p, "data-phase") == "first-draw":
            p.click("[data-testid=btn-first-draw]")
    for p in pages:
        expect(p.locator("[data-testid=table]")).to_have_attribute("data-phase", "play", timeout=15_000)


def open_friends_table(browser: Browser, server: Server, viewport: dict | None = None) -> tuple[Page, str]:
    host = browser.new_context(viewport=viewport or {"width": 1280, "height": 800}).new_page()
    host.goto(server.url)
    host.click("[data-testid=friends-rummy]")
    expect(host).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    code = host.locator("[data-testid=join-code]").inner_text().strip()
    return host, code


def test_whole_match_to_100_against_a_computer(browser: Browser, server: Server) -> None:
    host, _code = open_friends_table(browser, server)
    choose(host, "opt-target", "100")
    choose(host, "opt-turn-timer", "Off")
    choose(host, "opt-bot-speed", "At once")
    host.click("[data-testid=btn-add-bot-1]")
    expect(host.locator("[data-testid=btn-add-bot-1]")).to_have_count(0)
    host.click("[data-testid=btn-start]")
    draw_for_first_deal([host])
    expect(host.locator("[data-testid=round-label]")).to_contain_text("Race to 100")
    expect(host.locator("[data-testid=first-draw]")).to_be_visible()
    deadline = time.time() + 150
    while attr(host, "data-phase") != "over":
        assert time.time() < deadline, "the match did not finish in time"
        if not rummy_step(host):
            host.wait_for_timeout(80)
    standings = host.locator("[data-testid=standings]")
    expect(standings).to_be_visible()
    expect(standings.locator("[data-testid^=standing-]")).to_have_count(2)
    expect(host.locator("[data-testid=winner]")).to_contain_text("win")
    expect(host.locator("[data-testid=btn-play-again]")).to_be_visible()
    host.screenshot(path=str(server.data_dir.parent / "rummy-standings.png"))
