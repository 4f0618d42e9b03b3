"""Layout checks (tests/e2e/layout_walk.py) on each game's table, once on a phone (390x844, touch) and once on a
laptop (1280x800): nothing a player needs is covered, also with a toast showing; tap targets fit a finger; every seat
shows its own emoji and name; no console error, no failed request. And the walker itself sees what it is there to
see (a covered card, a small target, a toast over the table). The full walk through every phase is tools/gallery.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server, free_port, running, shared_server_fixture
from tests.e2e.layout_walk import (
    REPLAY,
    SIZES,
    check_screen,
    first_look_problems,
    open_table,
    seat_identities,
    walk_page,
)
from tests.replay_support import write_finished
from ui.table.seats import soft_break

pytestmark = pytest.mark.e2e

server = shared_server_fixture()

GAMES = {
    "president": "players=4&bots=3&level=beginner&seed=42&speed=0",
    "rummy": "players=2&bots=1&level=easy&seed=42&speed=0",
    "beanie": "players=3&bots=2&level=easy&seed=1&speed=0",  # an Ace (wild) inside the hand: its ★ shows
    "stockpile": "players=2&bots=1&level=easy&seed=42&speed=0&stock_size=short",
}


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_nothing_a_player_needs_is_covered(browser: Browser, server: Server, size: str) -> None:
    page = walk_page(browser, size)  # (console errors and failed requests fail the walk too)
    for game, query in GAMES.items():
        open_table(page, f"{server.url}/new/{game}?{query}")
        problems = check_screen(page, touch=size == "phone") + seat_identities(page)
        assert not problems, f"{game} at {size}:\n" + "\n".join(problems)
        # the game's name and "Your turn" are in view together (neither scrolls away; nothing lies on them)
        expect(page.locator(".top-bar .game-title")).to_be_in_viewport()


def test_the_walker_sees_a_covered_card_a_small_target_and_a_toast_on_the_table(browser: Browser,
                                                                                 server: Server) -> None:
    page = browser.new_context(**SIZES["phone"]).new_page()
    open_table(page, f"{server.url}/new/president?{GAMES['president']}")
    code = page.locator("[data-testid=hand] [data-card]").nth(4).get_attribute("data-card")
    page.evaluate("""(code) => {
      const c = document.querySelector(`[data-testid=hand] [data-card='${code}']`).getBoundingClientRect();
      const d = document.createElement('div');  // a panel over one card, as a fixed bottom bar once was
      d.style.cssText = `position:fixed;left:${c.left}px;top:${c.top + c.height / 2}px;width:30px;height:60px;` +
                        'z-index:9;background:#f00';
      d.className = 'intruder';
      document.body.appendChild(d);
      const chat = document.querySelector('[data-testid=btn-chat]');
      chat.style.cssText = 'min-width:0;min-height:0;width:30px;height:30px';
    }""", code)
    problems = check_screen(page, touch=True, toast=False)
    assert any(p.startswith(f"div[{code}]") and "intruder" in p for p in problems), problems
    assert any("btn-chat" in p and "30x30" in p for p in problems), problems
    # a toast moved over the table is seen by its box (taps go through it, so elementFromPoint cannot see it)
    page.evaluate("() => document.querySelector('.intruder').remove()")
    page.add_style_tag(content="body .q-notifications__list--top { top: 300px !important; }")
    problems = check_screen(page, touch=True)
    assert any("under a toast" in p for p in problems), problems


def test_the_walk_fails_on_a_console_error_a_script_error_and_a_failed_request(browser: Browser,
                                                                               server: Server) -> None:
    """A walked page that logs a console error, throws, loads a missing asset or cannot reach an address: each is a
    problem of the next check, told once."""
    page = walk_page(browser, "laptop")
    open_table(page, f"{server.url}/new/president?{GAMES['president']}")
    assert check_screen(page, touch=False, toast=False) == []
    page.evaluate("""() => {
      console.error('walk test: a console error');
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = '/assets/walk-test-missing.css';
      document.head.appendChild(link);
      fetch('http://127.0.0.1:9/walk-test').catch(() => {});
      setTimeout(() => { throw new Error('walk test: a script error'); }, 0);
    }""")
    page.wait_for_timeout(800)
    problems = check_screen(page, touch=False, toast=False)
    for seen in ("console error: walk test: a console error", "script error: walk test: a script error",
                 "HTTP 404: " + f"{server.url}/assets/walk-test-missing.css", "request failed: http://127.0.0.1:9/"):
        assert any(p.startswith(seen) for p in problems), (seen, problems)
    assert check_screen(page, touch=False, toast=False) == []  # told once


@pytest.fixture(scope="module")
def replay_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Finished games to replay: President (four hands, the tallest board) and Stockpile (piles and stocks)."""
    data = tmp_path_factory.mktemp("walk-replay") / "data"
    data.mkdir()
    write_finished(data, "president", "WALKP1", seed=3)
    write_finished(data, "stockpile", "WALKS1", seed=3)
    yield from running(Server(data, free_port()))


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_nothing_a_player_needs_is_covered_in_a_replay(browser: Browser, replay_server: Server, size: str) -> None:
    """The replay's board, hands and controls: nothing covered, before scrolling or after; on a phone the controls
    stand at the bottom edge under the board (not over its lower hands) and the board fills the screen above them."""
    page = walk_page(browser, size)
    for code in ("WALKP1", "WALKS1"):
        page.goto(f"{replay_server.url}/replay/{code}")
        root = page.get_by_test_id("replay")
        expect(root).to_have_attribute("data-step", "0", timeout=15_000)
        for step in range(1, 4):
            page.get_by_test_id("btn-replay-next").click()
            expect(root).to_have_attribute("data-step", str(step))
        page.wait_for_timeout(300)
        problems = check_screen(page, touch=size == "phone", root=REPLAY)
        assert not problems, f"{code} at {size}:\n" + "\n".join(problems)
        expect(page.get_by_test_id("btn-replay-next")).to_be_in_viewport(ratio=1)
        if code == "WALKP1":  # at a costly decision: the review's detail and its button too
            expect(page.locator(".cn-timeline-mark").first).to_be_attached(timeout=60_000)
            page.get_by_test_id("btn-review-next").click()
            expect(page.get_by_test_id("review-detail")).to_have_attribute("data-step", re.compile(r"^\d+$"))
            page.wait_for_timeout(300)
            problems = check_screen(page, touch=size == "phone", root=REPLAY)
            assert not problems, f"{code} at {size}, a costly decision:\n" + "\n".join(problems)
            expect(page.get_by_test_id("btn-replay-next")).to_be_in_viewport(ratio=1)
        if size == "phone":  # the controls at the bottom edge; the board between the review and them
            gap = page.evaluate("""() => {
              const bar = document.querySelector('.cn-replay-controls').getBoundingClientRect();
              const view = document.querySelector('.cn-replay-view').getBoundingClientRect();
              return [innerHeight - bar.bottom, bar.top - view.bottom, view.height];
            }""")
            assert gap[0] < 12 and gap[1] >= 0 and gap[2] > 300, gap


def test_the_walker_sees_a_sticky_bar_over_the_replay(browser: Browser, replay_server: Server) -> None:
    """The replay's controls as they were, sticky at the bottom over the page that scrolls: the walker sees the hands
    under them at the first look."""
    page = walk_page(browser, "phone")
    page.goto(f"{replay_server.url}/replay/WALKP1")
    expect(page.get_by_test_id("replay")).to_have_attribute("data-step", "0", timeout=15_000)
    page.add_style_tag(content="body.cn-replay-page .q-page-container { height: auto !important; } "
                               "body.cn-replay-page .cn-replay-view { overflow: visible !important; "
                               "flex: none !important; } body.cn-replay-page .cn-replay-controls { "
                               "position: sticky; bottom: 0; z-index: 5; }")
    page.wait_for_timeout(300)
    problems = check_screen(page, touch=True, toast=False, root=REPLAY)
    assert any(p.startswith("div[") and "before scrolling" in p for p in problems), problems


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_host_sees_start_at_the_first_look(browser: Browser, server: Server, size: str) -> None:
    """A host's lobby: Start (or why it waits) stands at the bottom edge under the options, which scroll above it;
    nothing is covered, before scrolling or after (with a toast too), and on a phone the lobby's cards are one column
    of equal width, an open seat's three controls on one line. The walker sees a Start pushed below the fold and a
    narrower card."""
    page = walk_page(browser, size)
    page.goto(server.url)
    page.click("[data-testid=friends-president]")  # four seats and the most options: the longest lobby
    page.wait_for_selector("[data-testid=join-code]")
    touch = size == "phone"
    problems = first_look_problems(page, touch) + check_screen(page, touch=touch)
    assert not problems, "\n".join(problems)
    # an open seat's level, Add computer and Program stand on one line (on a phone: the line under "Open seat")
    middles = [page.get_by_test_id(testid).evaluate("e => { const r = e.getBoundingClientRect(); "
                                                     "return r.top + r.height / 2; }")
               for testid in ("bot-level-1", "btn-add-bot-1", "btn-add-program-1")]
    assert max(middles) - min(middles) < 6, middles
    assert page.evaluate("() => { const b = document.querySelector('.lobby-body');"
                         " return b.scrollHeight > b.clientHeight + 1; }"), "a short lobby"
    page.add_style_tag(content=".cn-table .lobby-body { flex: none !important; overflow: visible !important; } "
                               ".cn-table .lobby-cards > .q-card:last-child { flex: 0 0 260px; }")
    problems = first_look_problems(page, touch)
    assert any(p.startswith("Start is not in view") for p in problems), problems
    assert not touch or any("cards are" in p for p in problems), problems


def test_a_guest_lobby_on_a_phone(browser: Browser, server: Server) -> None:
    """A guest's lobby (taking a seat first, the code in a line, the invitation folded): nothing covered, the game's
    name beside "Lobby closes in …" and the watcher count, every tap target a finger's size; then seated."""
    host = browser.new_context(**SIZES["laptop"]).new_page()
    host.goto(server.url)
    host.click("[data-testid=friends-beanie]")
    code = host.locator("[data-testid=join-code]").inner_text()
    page = walk_page(browser, "phone")
    page.goto(f"{server.url}/table/{code}")
    expect(page.get_by_test_id("take-seat")).to_be_visible()
    page.wait_for_timeout(300)
    problems = first_look_problems(page, True) + check_screen(page, touch=True)
    assert not problems, "\n".join(problems)
    page.fill("[data-testid=join-name]", "Guest")
    page.click("[data-testid=btn-join]")
    expect(page.get_by_test_id("take-seat")).to_have_count(0)
    problems = first_look_problems(page, True) + check_screen(page, touch=True)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_toast_covers_nothing_in_distraction_free_mode(browser: Browser, server: Server, size: str) -> None:
    """Without the header, its band stays for notices: a toast lies on neither the top bar nor the table."""
    page = walk_page(browser, size)
    open_table(page, f"{server.url}/new/rummy?{GAMES['rummy']}")
    page.get_by_test_id("btn-menu").click()
    page.get_by_role("menuitem", name="Distraction-free").click()
    expect(page.get_by_test_id("header")).to_have_count(0)
    page.locator("[data-testid=hand] [data-card]").first.wait_for()
    page.wait_for_timeout(300)
    problems = check_screen(page, touch=size == "phone")
    assert not problems, "\n".join(problems)
    expect(page.locator(".top-bar .game-title")).to_be_in_viewport()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_draw_for_the_first_deal_shows_no_empty_hand(browser: Browser, server: Server, size: str) -> None:
    """Before the deal nobody holds a card: the deck is the one thing to tap, no empty hand frame or sort button."""
    page = walk_page(browser, size)
    open_table(page, f"{server.url}/new/rummy?players=2&bots=1&level=easy&seed=5&speed=0.5")
    expect(page.locator("[data-testid=table]")).to_have_attribute("data-phase", "first-draw")
    problems = check_screen(page, touch=size == "phone", toast=False)
    assert not problems, "\n".join(problems)
    expect(page.get_by_test_id("btn-first-draw")).to_be_in_viewport()
    page.add_style_tag(content=".cn-table .action-bar, .cn-table .action-bar .hand { display: flex !important; }")
    assert "an empty hand frame" in check_screen(page, touch=size == "phone", toast=False)


# the longest titles as the page draws them (seats.py: a soft hyphen after a one-word title's "Vice")
TITLES = ["Vice President", soft_break("Vicemendicante"), soft_break("Vizepräsident"), "Vice Beggar"]
LONG_CHIPS_JS = """(titles) => { let k = 0;
  for (const b of document.querySelectorAll('[data-testid=table] .seat-badge')) {
  let row = b.querySelector('.seat-chips');
  if (!row) { row = document.createElement('div'); row.className = 'seat-chips nicegui-row row gap-0 justify-center';
              b.appendChild(row); }
  for (const [kind, text] of [['title', titles[k++ % titles.length]], ['status', 'passed']]) {
    const chip = document.createElement('div'); chip.className = 'chip ' + kind; chip.textContent = text;
    row.appendChild(chip); } }
  return [...document.querySelectorAll('[data-testid=table] .seat-badge')].map(b => b.getBoundingClientRect().top); }"""
# each title chip's overflow past its badge's room (the row of chips, inside the badge's padding), in px: none, a long
# title breaks, after its "Vice" where it can
TITLE_OVERFLOW_JS = """() => [...document.querySelectorAll('[data-testid=table] .seat-badge .chip.title')].map(c => {
  const b = c.parentElement.getBoundingClientRect(), r = c.getBoundingClientRect();
  return Math.max(0, b.left - r.left, r.right - b.right, c.scrollWidth - c.clientWidth); })"""


def test_four_seats_stay_in_one_row_on_a_phone(browser: Browser, server: Server) -> None:
    """Titles and "passed" on every badge (President's second hand): the four badges keep one row, so the table under
    them does not jump as seats pass; nothing is covered or cut, and no title (the longest, in Italian and German too)
    runs past its badge."""
    page = walk_page(browser, "phone")
    open_table(page, f"{server.url}/new/president?{GAMES['president']}")
    tops = page.evaluate(LONG_CHIPS_JS, TITLES)
    assert len(tops) == 4 and max(tops) - min(tops) < 1, tops
    assert max(page.evaluate(TITLE_OVERFLOW_JS)) < 1, page.evaluate(TITLE_OVERFLOW_JS)
    problems = check_screen(page, touch=True, toast=False)
    assert not problems, "\n".join(problems)


BAR_JS = """(ids) => Object.fromEntries(ids.map(id => {
  const r = document.querySelector(`[data-testid=${id}]`).getBoundingClientRect();
  return [id, [Math.round(r.left), Math.round(r.top)]];
}))"""
BARS = {  # each game's bar, and a move that hands the turn on
    "president": ("players=4&bots=3&level=beginner&seed=5&speed=0.5", ["btn-play", "btn-pass", "btn-pass-trick"]),
    "rummy": ("players=2&bots=1&level=easy&seed=5&speed=0.5&first_draw=false",
              ["btn-draw", "btn-meld", "btn-layoff", "btn-discard"]),
}


def hand_on(page: Page, game: str) -> None:
    """One step of a move that hands the turn on; a step that moves waits until the page shows the table after it
    (a second tap on the old, still enabled button found it replaced by a disabled one)."""
    table = page.locator("[data-testid=table]")

    def press(testid: str) -> None:
        version = table.get_attribute("data-version")
        page.locator(f"[data-testid={testid}]").click()
        expect(table).not_to_have_attribute("data-version", version or "")

    if game == "president":
        if page.locator("[data-testid=btn-pass]").is_enabled():
            press("btn-pass")
        else:
            page.locator("[data-testid=hand] [data-card]").first.click()
            press("btn-play")
    elif page.locator("[data-testid=btn-draw]").is_enabled():  # Rummy: draw, then discard the first card
        press("btn-draw")
    elif page.locator("[data-testid=hand] [data-card].selected").count() == 0:
        page.locator("[data-testid=hand] [data-card]").first.click()
        expect(page.locator("[data-testid=hand] [data-card].selected")).not_to_have_count(0)
    elif page.locator("[data-testid=btn-discard]:not([disabled])").count():
        press("btn-discard")


@pytest.mark.parametrize("game", list(BARS))
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_controls_keep_their_places_when_the_turn_comes(browser: Browser, server: Server, size: str,
                                                        game: str) -> None:
    """The bar's buttons and the hand stand where they stood while others played; President's secondary toggle is
    flat beside the outlined Pass."""
    query, ids = BARS[game]
    page = browser.new_context(**SIZES[size]).new_page()
    page.goto(f"{server.url}/new/{game}?{query}")
    table = page.locator("[data-testid=table]")
    expect(table).to_have_attribute("data-phase", "play")
    seat = table.get_attribute("data-seat")
    seen: dict[bool, dict] = {}
    for _ in range(300):
        mine = seat in (table.get_attribute("data-turn") or "").split(",")
        if mine not in seen and table.get_attribute("data-phase") == "play":
            page.wait_for_timeout(150)  # the bar follows the turn
            seen[mine] = page.evaluate(BAR_JS, [*ids, "hand"])
        if len(seen) == 2:
            break
        if mine:
            hand_on(page, game)
        page.wait_for_timeout(100)
    assert seen[True] == seen[False], seen
    if game == "president":
        expect(page.locator("[data-testid=btn-pass-trick]")).to_have_class(re.compile(r"q-btn--flat"))
        expect(page.locator("[data-testid=btn-pass]")).to_have_class(re.compile(r"q-btn--outline"))
