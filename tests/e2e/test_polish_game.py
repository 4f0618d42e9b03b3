"""A whole game played in Polish through the tester contract alone (issue 51): a President practice table opened with
``?lang=pl`` on a phone, played to its end by reading only documented ``data-testid``s and ``data-*`` attributes
(docs/contract.md) — the turn from ``data-turn``/``data-seat``, the cards from ``data-card``, the buttons by their
test ids, how many cards to give back in an exchange from ``exchange``'s ``data-give`` — and never a word on the
page. Meanwhile the page speaks Polish: the turn cue, the last move's line, the standings' title."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from logic.messages import t_msg
from tests.e2e.conftest import Server
from tests.e2e.helpers import PRESIDENT_BUTTONS, president_step, table_state
from ui.i18n.render import render

pytestmark = pytest.mark.e2e

ENGLISH = re.compile(r"\b(played|passed|pair|single|gave|back|leads|Hand|Your turn)\b")
POLISH = re.compile(r"[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]")


def test_a_whole_president_game_in_polish_through_the_contract(browser: Browser, server: Server) -> None:
    page = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True).new_page()
    page.goto(f"{server.url}/new/president?players=4&bots=3&seed=11&speed=0&level=beginner&lang=pl")
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-status", "playing", timeout=15_000)
    assert table.get_attribute("data-seat") == "0" and table.get_attribute("data-game") == "president"
    lines: set[str] = set()
    phases: set[str] = set()
    turn_cue = render(t_msg("Your turn"), "pl")
    for _ in range(3000):
        state = table_state(page, PRESIDENT_BUTTONS)
        if state["status"] == "over":
            break
        phases.add(state["phase"])
        if state["my_turn"] and state["phase"] == "play":
            expect(page.get_by_test_id("your-turn")).to_have_text(turn_cue)
        message = page.get_by_test_id("message")
        if message.count():
            lines.add(message.inner_text().strip())
        if not president_step(page, state):
            page.wait_for_timeout(40)
    expect(table).to_have_attribute("data-status", "over")
    assert {"play", "hand-over"} <= phases, phases  # four hands (the exchange waits only for a seat that gives back:
    # tests/ui/test_exchange_words.py checks exchange's data-give, which president_step reads there)
    expect(page.get_by_test_id("standings-title")).to_have_text(render(t_msg("Final standings"), "pl"))
    expect(page.get_by_test_id("standings").locator("[data-testid^=standing-]")).to_have_count(4)
    rights = page.get_by_test_id("standings").locator("[data-testid^=standing-] > .num").evaluate_all(
        "els => els.map(e => Math.round(e.getBoundingClientRect().right))")
    assert len(rights) == 4 and len(set(rights)) == 1, f"the points are not one column: right edges {rights}"
    expect(page.get_by_test_id("winner")).to_be_visible()
    lines.discard("")
    assert len(lines) > 10, lines
    english = [line for line in lines if ENGLISH.search(line)]
    assert not english, english
    assert any(POLISH.search(line) for line in lines), lines
