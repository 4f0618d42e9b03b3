"""House rules in real Chromium, one game each (issue 52, "Tests and proof"): a host builds a rule card in the
lobby and saves it, a second browser (a phone) opens the card's link into a new lobby of its own and sees "At
this table", then plays under the card (a practice table from the same link) until a house-rule moment, which the
screen shows plainly; the TV view of that table lists the rules too.

* President, "8 ends the trick": the last seat is a program (the seat API) that plays its 8s the moment they are
  legal and then waits, so the line "… 8 ends the trick" stays on the phone until the test has read it.
* Beanie, the shipped card "Five Crowns, jokers and all": a joker in the phone's hand is wild (★), and when the
  computer goes out the phone still has its last turn ("went out" on the computer's seat).
* Rummy, "Rummy!": after a discard every screen shows the call window with the card.
* Stockpile, the shipped card "Partners, each on their own" with "No wild discards" added: the partner's panel says
  its piles are closed to the phone ("Own piles only"), and with a wild picked on the phone's first turn the discard
  piles stay dark, the bar says why, and a tap on a discard pile is refused with that reason.

Seeds come from the searches at the bottom (the same plans against the real engine and computer players, which
are deterministic for a table's seed and move number): ``python -m tests.e2e.test_house_moments``.
With ``CARDNIGHT_SHOTS=<folder>`` the tests also save phone and TV screenshots of each moment.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import Server, shared_server_fixture
from tests.e2e.helpers import PRESIDENT_BUTTONS, president_step, table_state
from tests.e2e.seat_api_support import Api
from tests.e2e.test_beanie_friends import Stats, beanie_step, choose

pytestmark = pytest.mark.e2e
server = shared_server_fixture()

PRESIDENT_SEED = 4  # the program seat (3) cuts with an 8 at the fifth move of the first hand
BEANIE_SEED = 15  # the phone holds a joker, and the computer goes out first (move 20)
STOCKPILE_SEED = 4  # the phone (seat 0) starts, with a wild among its five cards
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def shoot(page: Page, name: str) -> None:
    folder = os.environ.get("CARDNIGHT_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def share_card(browser: Browser, server: Server, game: str, picks: dict[str, str],
               options: tuple[str, ...]) -> tuple[Page, str]:
    """A host builds a card (``picks``: selects and their choices) and saves it; a phone opens the card's link into
    a lobby of its own, where "At this table" lists ``options``. The phone's page and the link (path and query)."""
    host = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    host.goto(server.url)
    host.click(f"[data-testid=friends-{game}]")
    expect(host).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    for testid, label in picks.items():
        choose(host, testid, label)
    for option in options:
        expect(host.locator(f"[data-testid=at-this-table-{option}]")).to_be_visible()
    host.fill("[data-testid=rule-card-name]", f"Our {game}")
    host.click("[data-testid=btn-rule-card-save]")
    link = host.locator("[data-testid=rule-card-link]")
    expect(link).to_have_value(re.compile(rf"/new/{game}\?card=my-"))
    parts = urlsplit(link.input_value())
    host.context.close()

    phone = browser.new_context(**PHONE).new_page()
    path = f"{parts.path}?{parts.query}"
    phone.goto(server.url + path)  # the shared link, on this machine's own address
    expect(phone).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    expect(phone.locator("[data-testid=table]")).to_have_attribute("data-phase", "lobby")
    expect(phone.locator("[data-testid=at-this-table]")).to_contain_text("At this table")
    for option in options:
        expect(phone.locator(f"[data-testid=at-this-table-{option}]")).to_be_visible()
    return phone, path


def practice(phone: Page, server: Server, path: str, query: str) -> str:
    """The phone's practice table under the card (its link with the practice parameters): the table's code."""
    phone.goto(f"{server.url}{path}&{query}")
    expect(phone).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    expect(phone.locator("[data-testid=table]")).not_to_have_attribute("data-phase", "lobby")
    return phone.url.rsplit("/", 1)[1]


def open_tv(browser: Browser, server: Server, code: str) -> Page:
    """The table's TV view (1920×1080), which lists the table's rules ("At this table")."""
    tv = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(f"{server.url}/tv/{code}")
    expect(tv.locator("[data-testid=tv-at-this-table]")).to_be_visible()
    return tv


# ----------------------------------------------------------------------------- President: 8 ends the trick
def program_move(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The program's plan: following, 8s whenever they beat the play on top, else pass; leading, the first legal
    move (the lowest)."""
    passes = [a for a in legal if a["kind"] == "pass"]
    eights = [a for a in legal if a["kind"] == "play" and all(c.startswith("8") for c in a["cards"])]
    if eights and passes:
        return eights[0]
    return passes[0] if passes else legal[0]


def test_president_eight_ends_the_trick(browser: Browser, server: Server) -> None:
    phone, path = share_card(browser, server, "president", {"opt-eight_cut": "On"}, ("eight_cut",))
    code = practice(phone, server, path, f"players=4&bots=2&level=normal&program=1&seed={PRESIDENT_SEED}&speed=0")
    api = Api(server, code, phone.input_value("[data-testid=program-token-3]"))
    phone.click("[data-testid=btn-hide-tokens]")
    tv = open_tv(browser, server, code)
    deadline = time.time() + 40
    while time.time() < deadline:
        view = api.view()
        if view["your_turn"]:
            move = program_move(api.get("/legal").json())
            answer = api.post(move)
            assert answer.status_code == 200, answer.text
            if move["kind"] == "play" and all(c.startswith("8") for c in move["cards"]):
                break
            continue
        if not president_step(phone, table_state(phone, PRESIDENT_BUTTONS)):
            phone.wait_for_timeout(50)
    else:
        raise AssertionError("the program never had an 8 to play")
    message = phone.locator("[data-testid=message]")
    expect(message).to_contain_text("8 ends the trick")  # the program waits: the line stays
    expect(tv.locator("[data-testid=tv-middle]")).to_contain_text("8 ends the trick")
    message.scroll_into_view_if_needed()
    shoot(phone, "president-eight-cut-phone")
    shoot(tv, "president-eight-cut-tv")


# ----------------------------------------------------------------------------- Beanie: jokers and last turns
def test_beanie_jokers_and_a_last_turn(browser: Browser, server: Server) -> None:
    phone, path = share_card(browser, server, "beanie", {"rule-card-select": "Five Crowns, jokers and all"},
                             ("last_turns", "jokers"))
    code = practice(phone, server, path, f"players=2&bots=1&level=easy&rounds=1&seed={BEANIE_SEED}&speed=0")
    tv = open_tv(browser, server, code)
    joker = phone.locator("[data-testid=hand] [data-card^=JK]").first
    expect(joker).to_be_visible()
    expect(joker).to_have_class(re.compile(r"\bjoker\b"))
    expect(joker).to_have_attribute("data-wild", "true")  # wild whatever the round's rank, with its ★
    expect(joker.locator(".wild-star")).to_have_count(1)
    shoot(phone, "beanie-joker-phone")
    stats = Stats()
    deadline = time.time() + 40
    went_out = phone.locator("[data-testid=seat-1]", has_text="went out")
    while time.time() < deadline and not went_out.count():
        if not beanie_step(phone, stats):
            phone.wait_for_timeout(50)
    expect(went_out).to_be_visible()
    expect(phone.locator("[data-testid=table]")).to_have_attribute("data-phase", "play")  # the round goes on
    expect(phone.locator("[data-testid=message]")).to_contain_text("last turn")
    expect(tv.locator("[data-testid=tv-middle]")).to_contain_text("last turn")
    shoot(phone, "beanie-last-turn-phone")
    shoot(tv, "beanie-last-turn-tv")


# ----------------------------------------------------------------------------- Rummy: "Rummy!"
def test_rummy_call_window_after_a_discard(browser: Browser, server: Server) -> None:
    phone, path = share_card(browser, server, "rummy", {"opt-rummy_call": "On"}, ("rummy_call",))
    code = practice(phone, server, path, "players=2&bots=1&level=easy&seed=5&speed=0.3&target=100"
                    "&first_draw=false")  # (speed 0 would skip the timed window: it is a grace period)
    tv = open_tv(browser, server, code)
    me = phone.locator("[data-testid=table]").get_attribute("data-seat")
    # the computer's discard: its window waits for the phone (which is to draw next) for the full 10 s
    window = phone.locator(f"[data-testid=rummy-call]:not([data-seat='{me}'])")
    middle = phone.locator("[data-testid=rummy-middle]")
    phone.wait_for_function(
        "(me) => { if (document.querySelector(`[data-testid=rummy-call]:not([data-seat='${me}'])`)) return true;"
        " const t = document.querySelector('[data-testid=table]');"
        " const m = document.querySelector('[data-testid=rummy-middle]');"
        " return t && m && t.dataset.turn.split(',').includes(me) && m.dataset.stage === 'draw'; }",
        arg=me, timeout=20_000)
    try:  # the computer's discard may still be opening its window: drawing would close it at once
        window.wait_for(state="visible", timeout=1_500)
    except PlaywrightTimeout:  # the phone starts: draw, discard, and the computer plays its turn
        phone.click("[data-testid=pile-stock]")
        expect(middle).to_have_attribute("data-stage", "play")
        first = phone.locator("[data-testid=hand] [data-card]").first
        first.click(position={"x": 8, "y": 24})
        expect(first).to_have_attribute("aria-pressed", "true")
        expect(phone.locator("[data-testid=btn-discard]")).to_be_enabled()
        try:  # (the bar is redrawn after the selection: a click may land on the button it replaced)
            phone.click("[data-testid=btn-discard]", timeout=3_000)
        except PlaywrightTimeout:
            expect(phone.locator("[data-testid=btn-discard]")).to_be_enabled()
            phone.click("[data-testid=btn-discard]")
    expect(window).to_be_visible(timeout=20_000)
    expect(window).to_have_attribute("data-card", re.compile(r"^(10|[2-9JQKA])[SHDC]$"))
    expect(tv.locator("[data-testid=rummy-call]")).to_be_visible()  # every screen, the TV too
    shoot(phone, "rummy-call-phone")
    shoot(tv, "rummy-call-tv")


# ----------------------------------------------------------------------------- Stockpile: wilds and partners' piles
STOCKPILE_OPTIONS = ("no_partner_piles", "no_wild_on_own_discards")


def test_stockpile_wild_discards_and_partners_piles(browser: Browser, server: Server) -> None:
    phone, path = share_card(browser, server, "stockpile", {"rule-card-select": "Partners, each on their own",
                                                             "opt-no_wild_on_own_discards": "On"}, STOCKPILE_OPTIONS)
    code = practice(phone, server, path, f"players=4&bots=3&level=easy&stock_size=short&seed={STOCKPILE_SEED}"
                                         "&speed=0")
    tv = open_tv(browser, server, code)
    for label in ("Own piles only", "No wild discards"):  # (the TV lists the rules in one line)
        expect(tv.locator("[data-testid=tv-at-this-table]")).to_contain_text(label)
    expect(phone.locator("[data-testid=table]")).to_have_attribute("data-turn", "0")
    # the partner (seat 2) sits across: its piles are not the phone's to play, and its panel says so
    closed = phone.locator("[data-testid=player-2] [data-testid=partner-piles-closed]")
    expect(closed).to_be_visible()
    expect(closed).to_have_attribute("title", re.compile("partner"))
    expect(phone.locator("[data-testid=player-2] [data-source]")).to_have_count(0)
    wild = phone.locator("[data-testid=hand] [data-card=W]").first
    wild.click()
    board = phone.locator("[data-testid=stockpile-board]")
    expect(board).to_have_attribute("data-selected", re.compile(r"^hand:\d$"))
    reason = phone.locator("[data-testid=discard-refused]")
    expect(reason).to_contain_text("House rule at this table")  # the rules' own refusal, before any tap
    for p in range(4):
        expect(phone.locator(f"[data-testid=discard-0-{p}]")).to_have_attribute("data-accepts", "false")
    expect(phone.locator("[data-testid=stockpile-board] .build-pile[data-accepts=true]")).not_to_have_count(0)
    reason.scroll_into_view_if_needed()
    shoot(phone, "stockpile-wild-phone")
    phone.locator("[data-testid=discard-0-0]").click()  # tried anyway: refused with the reason, the wild stays
    expect(phone.locator(".q-notification", has_text="House rule at this table")).to_be_visible()
    expect(phone.locator("[data-testid=hand] [data-card=W]")).not_to_have_count(0)
    expect(phone.locator("[data-testid=table]")).to_have_attribute("data-turn", "0")
    shoot(tv, "stockpile-house-tv")


# ----------------------------------------------------------------------------- seed searches (run by hand)
ORDER = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")


def phone_order(code: str) -> tuple[int, int]:
    """Where a card lies in the phone's hand, sorted low to high (jokers last)."""
    if code.startswith("JK"):
        return 99, int(code[2:])
    return ORDER.index(code[:-1]), "SHDC".index(code[-1])


def president_moment(seed: int) -> int | None:
    """Hand 1 of the President test's table played by the plans: the move at which the program cuts, or None."""
    from logic.bot_worker import choose_bot_action
    from logic.president import NextHand, Pass, Play, PresidentGame

    game = PresidentGame()
    config = game.make_config(**{**game.table_defaults, "players": 4, "eight_cut": True})
    st = game.new_game(config, seed)
    log = 0
    while game.outcome(st) is None and st.hand_no == 1 and st.phase == "play":
        seat = game.to_move(st)[0]
        legal = game.legal_actions(st, seat)
        if seat in (1, 2):
            action = choose_bot_action("president", "normal", game.view(st, seat), legal, f"{seed}:bot:{log}:{seat}")
        elif seat == 3:
            data = program_move([game.encode_action(a) for a in legal])
            action = game.decode_action(data)
            if isinstance(action, Play) and all(c.startswith("8") for c in action.cards):
                return log
        else:
            action = Pass() if Pass() in legal else Play((min(game.view(st, 0)["hand"], key=phone_order),))
        assert not isinstance(action, NextHand)
        game.apply(st, seat, action)
        log += 1
    return None


def beanie_moment(seed: int) -> tuple[bool, int | None]:
    """The Beanie test's table played by the plans: (the phone holds a joker at the start, the move at which the
    computer went out while the phone still has a turn, or None)."""
    from logic.beanie import GAME
    from logic.beanie.actions import DRAW_STOCK, Discard, Lay
    from logic.bot_worker import choose_bot_action
    from tests.e2e.test_beanie_friends import plan

    config = GAME.make_config(players=2, rounds=1, last_turns=True, jokers=True)
    st = GAME.new_game(config, seed)
    joker = any(c >= 52 for c in st.hands[0])
    log = 0
    while st.phase == "play":
        seat = st.turn
        if st.out_seat == 1:
            return joker, log
        if st.out_seat == 0:
            return joker, None
        if seat == 1:
            action = choose_bot_action("beanie", "easy", GAME.view(st, 1), GAME.legal_actions(st, 1),
                                       f"{seed}:bot:{log}:1")
        else:
            view = GAME.view(st, 0)
            steals = [a for a in GAME.legal_actions(st, 0) if a.kind == "steal"]
            what, arg = plan(view["hand"], st.round, view["first_turn"], view["turn_stage"], bool(steals))
            if what == "draw":
                action = DRAW_STOCK
            elif what == "steal":
                action = steals[0]
            else:
                action = Lay(*arg) if what == "lay" else Discard(arg)
        GAME.apply(st, seat, action)
        log += 1
    return joker, None


def stockpile_moment(seed: int) -> bool:
    """Does the phone (seat 0) of the Stockpile test's table start, with a wild in its hand?"""
    from logic.stockpile import GAME
    from logic.stockpile.actions import WILD

    config = GAME.make_config(players=4, partners=True, no_partner_piles=True, no_wild_on_own_discards=True,
                              stock_size="short")
    st = GAME.new_game(config, seed)
    return st.turn == 0 and WILD in st.hands[0]


if __name__ == "__main__":
    for s in range(1, 60):
        print(s, "president:", president_moment(s), "beanie:", beanie_moment(s), "stockpile:", stockpile_moment(s))
