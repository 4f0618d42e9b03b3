"""Controls keep their places from one state of the game to the next on a phone (issue 48):

- President: the hand and the action bar stand where they stood in the card exchange when play begins, for a seat
  that gives cards back and for one that does not (the Play / Pass row has its room in the exchange, hidden and
  inert: no button there can be tapped or is announced);
- Beanie: the end-round vote and Sort stand still while others play, while you draw and while you lay or discard;
  Draw, Take and Lay set stand still from the others' turns to your draw.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from logic.registry import get_game
from tests.e2e.conftest import Server, free_port, running
from tests.e2e.helpers import click_card, table_state
from tests.e2e.layout_walk import SIZES
from tests.replay_support import play_out, write_finished

pytestmark = pytest.mark.e2e

SEED = 3  # the finished President game the exchange is taken from (tests/replay_support.py)
BOXES_JS = """(ids) => Object.fromEntries(ids.map(id => {
  const el = id.startsWith('.') ? document.querySelector(id) : document.querySelector(`[data-testid=${id}]`);
  if (!el) return [id, null];
  const r = el.getBoundingClientRect();
  return [id, [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]];
}))"""
# what a finger or a screen reader meets at the middle of the bar's button row, where Play stands in the play
RESERVED_JS = """() => {
  const row = document.querySelector('.pr-slots > .pr-reserved');
  if (!row) return null;
  const r = row.firstElementChild.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {hitButton: !!hit && !!hit.closest('.pr-reserved .q-btn'), hidden: getComputedStyle(row).visibility,
          ariaHidden: row.getAttribute('aria-hidden'), inert: row.hasAttribute('inert'),
          tabbable: [...row.querySelectorAll('button')].filter(b => b.tabIndex >= 0 && !b.disabled).length};
}"""


# cards of the hand that stick out of it or off the screen (a row's last card reaches past its line box)
CARDS_OUT_JS = """() => {
  const w = document.documentElement.clientWidth;
  const hand = document.querySelector('[data-testid=hand]').getBoundingClientRect();
  return [...document.querySelectorAll('[data-testid=hand] [data-card]')].filter(c => {
    const r = c.getBoundingClientRect();
    return r.left < Math.max(0, hand.left) - 0.5 || r.right > Math.min(w, hand.right) + 0.5;
  }).map(c => c.dataset.card);
}"""


def exchange_of_hand_two(seed: int) -> tuple[int, list[int], list[int]]:
    """The step at which the second hand's card exchange begins in the finished game, the seats that give cards
    back there and those that only wait."""
    game = get_game("president")
    config, _final, log = play_out("president", seed)
    state = game.new_game(config, seed)
    for step, (seat, encoded) in enumerate(log):
        if game.phase(state) == "exchange":
            views = [game.view(state, s) for s in range(config.players)]
            givers = [s for s, v in enumerate(views) if v["exchange"] and v["exchange"]["give_count"]
                      and v["exchange"]["pending"]]
            return step, givers, [s for s in range(config.players) if s not in givers]
        game.apply(state, seat, game.decode_action(encoded))
    raise AssertionError("no exchange in this game")


@pytest.fixture(scope="module")
def finished_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data = tmp_path_factory.mktemp("steady") / "data"
    data.mkdir()
    write_finished(data, "president", "STEADY1", seed=SEED)
    yield from running(Server(data, free_port()))


def phone(browser: Browser) -> Page:
    page = browser.new_context(**SIZES["phone"], reduced_motion="reduce").new_page()
    page.set_default_timeout(20_000)
    return page


@pytest.mark.parametrize("role", ["giver", "waiter"])
def test_president_hand_and_bar_stay_put_when_play_begins(browser: Browser, finished_server: Server,
                                                         role: str) -> None:
    step, givers, waiters = exchange_of_hand_two(SEED)
    seat = givers[0] if role == "giver" else waiters[0]
    page = phone(browser)
    # (a seat that only waits sees the exchange for the computer players' pace: 3 s)
    page.goto(f"{finished_server.url}/practice/STEADY1?step={step}&seat={seat}&level=beginner&exact=1&speed=3")
    table = page.locator("[data-testid=table]")
    expect(table).to_have_attribute("data-phase", "exchange")
    expect(page.locator("[data-testid=hand] [data-card]").first).to_be_visible()
    page.wait_for_timeout(200)
    ids = ["hand", ".action-bar", "btn-sort"]
    before = page.evaluate(BOXES_JS, ids)
    # a giver holds 14 or 15 cards here (President's President: two rows of 8 and 7 on a 390 px phone), every card
    # inside the hand and the screen
    assert page.evaluate(CARDS_OUT_JS) == [], table_state(page)["hand"]
    reserved = page.evaluate(RESERVED_JS)
    # the room of Play / Pass is there, but nothing in it can be tapped, reached with Tab or heard
    assert reserved == {"hitButton": False, "hidden": "hidden", "ariaHidden": "true", "inert": True, "tabbable": 0}
    expect(page.get_by_role("button", name="Play", exact=True)).to_have_count(0)
    expect(page.locator("[data-testid=btn-play], [data-testid=btn-pass]")).to_have_count(0)
    if role == "giver":
        give = page.locator("[data-testid=btn-give]")
        expect(give).to_be_visible()
        wanted = int(page.locator("[data-testid=exchange]").get_attribute("data-give") or 0)
        expect(page.locator("[data-testid=reason]")).to_contain_text(str(wanted))  # "Select 2 cards to give back"
        for code in table_state(page)["hand"][:wanted]:
            click_card(page, code)
        expect(give).to_be_enabled()
        give.click()
        expect(give).to_have_count(0)
        assert page.evaluate(BOXES_JS, ids) == before  # given, still in the exchange or already playing
    expect(table).to_have_attribute("data-phase", "play", timeout=10_000)
    expect(page.locator("[data-testid=btn-play]")).to_be_visible()
    page.wait_for_timeout(200)
    after = page.evaluate(BOXES_JS, ids)
    for key in ids:  # the hand's and the bar's top within a pixel, the same size
        assert all(abs(a - b) <= 1 for a, b in zip(before[key], after[key], strict=True)), (key, before, after)


TAKE_JS = """() => { const b = document.querySelector('[data-testid=btn-take]'); if (!b) return null;
  const r = b.getBoundingClientRect(); return [b.innerText, [Math.round(r.left), Math.round(r.width)]]; }"""
BEANIE_WAIT = ["btn-draw", "btn-take", "btn-lay", "btn-end-round", "btn-sort"]
BEANIE_PLAY = ["btn-lay", "btn-discard", "btn-steal", "btn-end-round", "btn-sort"]


def beanie_stage(page: Page) -> str:
    """"wait" (another seat's turn), "draw" or "play" (this seat's turn, before and after drawing)."""
    state = table_state(page)
    if not state["my_turn"]:
        return "wait"
    return page.locator("[data-testid=beanie-board]").get_attribute("data-stage") or ""


def beanie_move(page: Page, stage: str) -> None:
    if stage == "draw":
        page.locator("[data-testid=btn-draw]").click()
        return
    for code in table_state(page)["hand"]:  # discard the first card the rules let go
        click_card(page, code)
        discard = page.locator("[data-testid=btn-discard]")
        if discard.is_enabled():
            discard.click()
            return
        click_card(page, code)


def test_beanie_buttons_keep_their_places_across_turns(browser: Browser, finished_server: Server) -> None:
    page = phone(browser)
    page.goto(f"{finished_server.url}/new/beanie?players=3&bots=2&level=easy&seed=1&speed=0.3")
    expect(page.locator("[data-testid=table]")).to_have_attribute("data-phase", "play")
    seen: dict[str, dict] = {}
    takes: dict[str, list] = {}  # Take's box under each top card it named ("Take 7♠", "Take 10♥", …)
    for _ in range(200):
        stage = beanie_stage(page)
        if stage in ("wait", "draw", "play") and stage not in seen:
            page.wait_for_timeout(200)  # the bar follows the turn
            if beanie_stage(page) == stage:
                seen[stage] = page.evaluate(BOXES_JS, BEANIE_PLAY if stage == "play" else BEANIE_WAIT)
        if stage in ("wait", "draw"):
            take = page.evaluate(TAKE_JS)
            if take:
                takes.setdefault(take[0], take[1])
        if {"wait", "draw", "play"} <= set(seen) and len(takes) >= 3:
            break
        if stage in ("draw", "play"):
            beanie_move(page, stage)
        page.wait_for_timeout(100)
    assert {"wait", "draw", "play"} <= set(seen), seen
    wait, draw, play = seen["wait"], seen["draw"], seen["play"]
    assert wait == draw, (wait, draw)  # every button of the turn's start, from the others' turns to your draw
    assert len(takes) >= 3 and len({tuple(box) for box in takes.values()}) == 1, takes  # whatever card it names
    for key in ("btn-end-round", "btn-sort"):  # the vote and Sort in all three
        assert wait[key] == play[key], (key, wait, play)
    assert play["btn-steal"] is not None, play  # Steal has its place in the play step (off, with why, until a swap)
