"""Two browsers at a Rummy friends table with the real 3-second grace period: a turn stays private until it
is committed. The other browser's DOM never holds the melded cards (nor meld-N) before the grace period ends,
and a discard taken back with Undo inside the grace period never reaches it at all."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server
from tests.e2e.helpers import attr, hand_codes, my_turn, saved_record
from tests.e2e.test_rummy_friends import (
    MIDDLE,
    choose,
    draw_for_first_deal,
    end_turn_now,
    open_friends_table,
    play_turn_from_hint,
    press,
    read_hint,
    select,
    stage,
)

# every data-card value this page's DOM ever held, recorded in the browser as elements appear
WATCH_JS = """() => {
  window.rmSeen = new Set();
  const add = (el) => {
    if (!el || el.nodeType !== 1) return;
    if (el.dataset && el.dataset.card) window.rmSeen.add(el.dataset.card);
    el.querySelectorAll('[data-card]').forEach(e => window.rmSeen.add(e.dataset.card));
  };
  add(document.body);
  new MutationObserver(ms => ms.forEach(m => { m.addedNodes.forEach(add); add(m.target); }))
    .observe(document.body, {childList: true, subtree: true, attributes: true, attributeFilter: ['data-card']});
}"""


def seen(page: Page) -> set[str]:
    return set(page.evaluate("() => Array.from(window.rmSeen)"))


def melds_on_table(page: Page) -> list[str]:
    return page.locator("[data-testid^=meld-]:not([data-testid^=meld-group])").evaluate_all(
        "els => els.map(e => e.dataset.testid)")


def draw(page: Page) -> None:
    before = attr(page, "data-version")
    page.click("[data-testid=pile-stock]")
    expect(page.locator(MIDDLE)).to_have_attribute("data-stage", "play", timeout=10_000)
    assert attr(page, "data-version") != before


def wait_turn(pages: list[Page], timeout: float = 20) -> tuple[Page, Page]:
    deadline = time.time() + timeout
    while time.time() < deadline:
        for i, p in enumerate(pages):
            if attr(p, "data-phase") == "play" and my_turn(p) and stage(p) == "draw":
                return p, pages[1 - i]
        pages[0].wait_for_timeout(100)
    raise AssertionError("nobody's turn to draw")


def test_turn_stays_private_until_the_grace_period_ends(browser: Browser, server: Server) -> None:
    host, code = open_friends_table(browser, server)
    guest = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    guest.goto(f"{server.url}/table/{code}")
    guest.fill("[data-testid=join-name]", "Guest")
    guest.click("[data-testid=btn-join]")
    expect(host.locator("[data-testid=seat-1]")).to_contain_text("Guest")
    choose(host, "opt-turn-timer", "Off")
    host.click("[data-testid=btn-start]")
    draw_for_first_deal([host, guest])
    for p in (host, guest):
        p.evaluate(WATCH_JS)
    pages = [host, guest]

    # 1. a discard taken back inside the grace period never reaches the other browser
    mover, other = wait_turn(pages)
    draw(mover)
    top_before = other.locator("[data-testid=pile-discard]").get_attribute("data-top")
    first, second = hand_codes(mover)[:2]
    select(mover, [first])
    press(mover, "btn-discard")
    expect(mover.locator(MIDDLE)).to_have_attribute("data-stage", "pending")
    undo = mover.locator("[data-testid=btn-undo]")
    expect(undo).to_contain_text(re.compile(r"Undo — \ds"))
    undo.click()
    expect(mover.locator(MIDDLE)).to_have_attribute("data-stage", "play")
    assert first in hand_codes(mover)
    select(mover, [second])
    press(mover, "btn-discard")
    expect(other.locator("[data-testid=pile-discard]")).to_have_attribute("data-top", second, timeout=10_000)
    assert set(hand_codes(other)) <= seen(other), "the watcher records what the page shows"
    assert first not in seen(other), "the undone discard reached the other browser"
    assert top_before != second

    # 2. melds stay private until the grace period ends: play on until someone can meld
    for _turn in range(40):
        mover, other = wait_turn(pages)
        draw(mover)
        melds = [m.split() for m in read_hint(mover)["melds"].split("|") if m]
        if not melds:
            play_turn_from_hint(mover)
            continue
        cards = melds[0]
        before = set(melds_on_table(other))
        select(mover, cards)
        press(mover, "btn-meld")
        mine = set(melds_on_table(mover)) - before
        assert len(mine) == 1, "the new meld shows at once for its owner"
        new_meld = mine.pop()
        assert new_meld not in melds_on_table(other)
        assert not set(cards) & seen(other), "melded cards reached the other browser before the turn ended"
        play_turn_from_hint(mover, commit=False)  # lay off what fits, discard; let the grace period run out
        while stage(mover) == "pending":
            # read the other page first, then the server's file: pages hear of a change only after it is saved,
            # so if the saved table is still in its grace period, nothing shown so far can be the committed turn
            on_other, shown = melds_on_table(other), seen(other)
            if saved_record(server, code)["commit_left"] is None:
                break  # committed (the mover's page may not show it yet): the other page may now see it
            assert new_meld not in on_other
            assert not set(cards) & shown, "melded cards reached the other browser during the grace period"
            mover.wait_for_timeout(100)
        # the turn is committed: now everyone sees it
        expect(other.locator(f"[data-testid={new_meld}]")).to_be_visible(timeout=10_000)
        for c in cards:
            expect(other.locator(f"[data-testid={new_meld}] [data-card='{c}']")).to_have_count(1)
        break
    else:
        raise AssertionError("nobody could meld in 40 turns")
    end_turn_now(mover)
