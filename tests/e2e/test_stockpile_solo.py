"""One browser plays a short Stockpile deal against one computer player, to the end, using clicks,
double-clicks and drag and drop; plus the small things: Esc clears a selection, Undo is disabled with a reason
until there is something to take back, then takes a play back."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server
from tests.e2e.stockpile_driver import BOARD, TABLE, Player, my_turn, read, wait_turn_or_end

URL = "/new/stockpile?players=2&bots=1&level=easy&stock_size=short&seed=41&speed=0"


def test_short_deal_to_the_end(browser: Browser, server: Server) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(server.url + URL)
    table = page.locator(TABLE)
    expect(table).to_have_attribute("data-game", "stockpile")
    expect(page.locator(BOARD)).to_be_visible()
    for b in range(4):
        expect(page.locator(f"[data-testid=build-{b}]")).to_have_attribute("data-needs", "1")
    expect(page.locator("[data-testid=stock-0]")).to_have_attribute("data-count", "10")
    expect(page.locator("[data-testid=stock-1]")).to_have_attribute("data-count", "10")
    expect(page.locator("[data-testid=draw-pile]")).to_be_visible()
    expect(table).to_have_attribute("data-turn", "0", timeout=15000)  # the computer moves at once
    me = Player(page)

    # Undo: nothing to take back at the start of a turn, and the button says so
    undo = page.locator("[data-testid=btn-undo]")
    expect(undo).to_be_disabled()
    expect(undo).to_have_attribute("data-reason", "Nothing to undo now")

    # Esc clears a selection; a selected hand card makes my discard piles accept it
    st = read(page)
    me.select(st["hand"][0]["src"])
    expect(page.locator("[data-testid=discard-0-0]")).to_have_attribute("data-accepts", "true")
    expect(page.locator("[data-testid=hand] .selected")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator(BOARD)).to_have_attribute("data-selected", "")
    expect(page.locator("[data-testid=discard-0-0]")).to_have_attribute("data-accepts", "false")

    undone = False
    for _ in range(80):
        wait_turn_or_end(page)
        st = read(page)
        if st["phase"] == "over":
            break
        if not my_turn(st):
            page.wait_for_timeout(50)
            continue
        # once: play a hand card that can be taken back, then take it back with Undo
        if not undone and len(st["hand"]) > 1:
            hand_plays = [(src, b) for b, info in enumerate(st["builds"]) for src in info["drop"]
                          if src.startswith("hand:") and info["needs"] < 12]
            numbers = [(src, b) for src, b in hand_plays
                       if next(h["card"] for h in st["hand"] if h["src"] == src) != "W"]
            if numbers:
                src, b = numbers[0]
                size = st["builds"][b]["size"]
                me.select(src)
                page.click(f"[data-testid=build-{b}]")
                expect(page.locator(f"[data-testid=build-{b}]")).to_have_attribute("data-size", str(size + 1))
                expect(undo).to_be_enabled()
                undo.click()
                expect(page.locator(f"[data-testid=build-{b}]")).to_have_attribute("data-size", str(size))
                expect(page.locator("[data-testid=hand] [data-card]")).to_have_count(len(st["hand"]))
                undone = True
        me.turn(drag_discard=me.used["discard-drag"] == 0)
    else:
        raise AssertionError("the short deal did not end")

    expect(table).to_have_attribute("data-phase", "over")
    standings = page.locator("[data-testid=standings]")
    expect(standings).to_be_visible()
    expect(page.locator("[data-testid=winner]")).to_contain_text("win")
    expect(standings).to_contain_text("Points this deal")
    expect(page.locator("[data-testid=summary-row-0]")).to_be_visible()
    expect(page.locator("[data-testid=summary-row-1]")).to_be_visible()
    assert me.used["click"] and me.used["dblclick"] and me.used["drag"], me.used
    assert me.used["discard-drag"] and me.used["discard-click"], me.used
    assert undone, "never had a hand card to play and take back"
    page.screenshot(path=str(server.data_dir.parent / "stockpile-over.png"))
