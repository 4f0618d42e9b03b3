"""Rummy practice table (computer moves at once): disabled buttons say why, and the game plays without the
Meld / Lay off / Discard buttons by dragging (pile -> hand, card -> card, card -> table, card -> discard pile)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server
from tests.e2e.helpers import attr, hand_codes, my_turn
from tests.e2e.test_rummy_friends import MIDDLE, read_hint, select, stage


def wait_my_draw(page: Page) -> None:
    page.wait_for_function(
        "() => { const t = document.querySelector('[data-testid=table]');"
        " const m = document.querySelector('[data-testid=rummy-middle]');"
        " return t && m && t.dataset.turn.split(',').includes(t.dataset.seat) && m.dataset.stage === 'draw'; }",
        timeout=20_000)


def corner(page: Page, code: str):
    return page.locator(f"[data-testid=hand] [data-card='{code}']")


def test_reasons_then_drag_and_drop_without_buttons(browser: Browser, server: Server) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{server.url}/new/rummy?bots=1&speed=0&seed=5")
    expect(page.locator("[data-testid=table]")).to_have_attribute("data-phase", "play", timeout=20_000)
    wait_my_draw(page)
    assert my_turn(page)

    # before drawing: every other button is off and says why
    for testid, reason in (("btn-meld", "Draw first"), ("btn-layoff", "Draw first"), ("btn-discard", "Draw first"),
                           ("btn-undo", "Nothing to undo yet")):
        btn = page.locator(f"[data-testid={testid}]")
        expect(btn).to_be_disabled()
        expect(btn).to_have_attribute("data-reason", reason)
    expect(page.locator("[data-testid=pile-stock]")).to_have_class(re.compile(r"\bready\b"))
    hint = read_hint(page)
    assert hint["stage"] == "draw"
    expect(page.locator("[data-testid=hint-text]")).not_to_be_empty()

    # hide the buttons: the game is played by dragging and tapping
    page.click("[data-testid=btn-show-buttons]")
    expect(page.locator("[data-testid=btn-show-buttons]")).to_have_attribute("data-on", "false")
    expect(page.locator("[data-testid=btn-meld]")).to_have_count(0)
    expect(page.locator("[data-testid=btn-discard]")).to_have_count(0)

    n = len(hand_codes(page))
    page.locator("[data-testid=pile-stock]").drag_to(page.locator("[data-testid=hand]"))
    expect(page.locator(MIDDLE)).to_have_attribute("data-stage", "play")
    assert len(hand_codes(page)) == n + 1
    expect(page.locator("[data-testid=btn-undo]")).to_have_attribute(
        "data-reason", "A card drawn from the stock stays in your hand")

    # rearrange: drag the first card onto the fifth
    codes = hand_codes(page)
    corner(page, codes[0]).drag_to(corner(page, codes[4]), source_position={"x": 8, "y": 24},
                                   target_position={"x": 8, "y": 24})
    expect(page.locator("[data-testid=btn-sort]")).to_contain_text("My order")
    moved = hand_codes(page)
    assert moved.index(codes[0]) == 4 and sorted(moved) == sorted(codes)

    # meld what the hint offers by dragging one selected card onto the table
    hint = read_hint(page)
    melds = [m.split() for m in hint["melds"].split("|") if m]
    assert melds, "seed 5 deals a meld on the first turn"
    select(page, melds[0])
    corner(page, melds[0][0]).drag_to(page.locator("[data-testid=melds]"), source_position={"x": 8, "y": 24},
                                      target_position={"x": 20, "y": 20})
    expect(page.locator("[data-testid=melds]")).to_have_attribute("data-count", "1")
    meld = page.locator("[data-testid=meld-group-0] [data-testid^=meld-]").first
    for code in melds[0]:
        expect(meld.locator(f"[data-card='{code}']")).to_have_count(1)
        expect(corner(page, code)).to_have_count(0)
    # Undo takes the meld back, then it is made again with a tap on the table
    page.click("[data-testid=btn-undo]")
    expect(page.locator("[data-testid=melds]")).to_have_attribute("data-count", "0")
    select(page, melds[0])
    page.locator("[data-testid=melds]").click(position={"x": 10, "y": 10})
    expect(page.locator("[data-testid=melds]")).to_have_attribute("data-count", "1")

    # discard by dragging a card onto the discard pile; the turn passes (grace periods are 0 here)
    discard = read_hint(page)["discard"] or hand_codes(page)[0]
    before = attr(page, "data-version")
    corner(page, discard).drag_to(page.locator("[data-testid=pile-discard]"), source_position={"x": 8, "y": 24})
    page.wait_for_function(f"() => document.querySelector('[data-testid=table]').dataset.version !== '{before}'")
    assert discard not in hand_codes(page)
    wait_my_draw(page)
    assert stage(page) == "draw"
    history_top = page.locator("[data-testid=pile-discard]").get_attribute("data-count")
    assert int(history_top or 0) >= 1

    # the choice is remembered; switch the buttons back on
    page.reload()
    expect(page.locator("[data-testid=btn-show-buttons]")).to_have_attribute("data-on", "false")
    # right after the reload (this page's seat goes and comes back: presence changes): one tap does it
    page.click("[data-testid=btn-show-buttons]")
    expect(page.locator("[data-testid=btn-meld]")).to_be_visible()
