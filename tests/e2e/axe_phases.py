"""Every phase of every game, reached quickly, for the accessibility scan (``tests/e2e/test_axe.py``).

The same player has the table open twice, on a laptop page and on a phone page (one browser identity, two
contexts): the laptop page makes the moves, the phone page follows them, and each phase is scanned on both. What
is only on one page (a selection, steal mode, an open dialog) is done on each page.

The seeds were found by playing the games in-process (``logic/``, the same computer players and random keys as the
server) with exactly the moves the drivers below make; ``speed=0`` makes the computer players move at once, a small
``speed`` (0.01) keeps the grace periods after a discard (and Rummy's draw for the first deal) that ``speed=0``
skips. A practice table has no turn timer, so a phase that waits for this player stays until they act.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.helpers import TABLE, attr, click_card, hand_codes, my_turn

# axe tells an icon ligature ("more_vert") from visible text by how it renders: a page opened a moment ago may still
# draw it as text, so the icon font is loaded before a scan
FONTS_READY = "document.fonts.load('24px \"Material Icons\"').then(() => document.fonts.ready)"
# started, not awaited: window.cnAxe is the promise of the result
RUN_AXE = ("within => { window.cnAxe = " + FONTS_READY
           + ".then(() => axe.run(within || document, {resultTypes: ['violations']})); }")
Pages = dict[str, Page]  # size -> page; the first one drives

# President: making the first legal move each time (president_move) we go out first after 10 moves: President
PRESIDENT = "players=5&bots=4&level=beginner&hands=4&seed=24&speed=0"
# plays itself to the end: the turn timer runs out and the computer plays the seat (started first, read last)
PRESIDENT_FINISHING = "players=4&hands=4&seed=7&speed=0&timer=20"
# Rummy: we draw from the stock and discard that card; then the computer goes out
RUMMY = "players=2&bots=1&level=easy&seed=1318&speed=0.01"
# Rummy: the computer goes out in its first turn with 200 points: a race to 100 is over at once
RUMMY_OVER = "players=2&bots=1&level=easy&seed=36&speed=0&target=100"
# Beanie: we start; laying A♠ 9♥ 9♠ (the Beanie stands for 9♦, which we hold) lets us steal it back (reclaim_own)
BEANIE = "players=2&bots=1&level=easy&rounds=2&reclaim_own=true&seed=1003&speed=0"
BEANIE_LAY = ("AS", "9H", "9S")
# Stockpile: we discard the first hand card; then a computer player empties its stock
STOCKPILE = "players=3&bots=2&level=easy&stock_size=short&seed=87&speed=0.01"


class Scanner:
    """axe-core on every page at once; serious and critical violations pile up in ``problems``."""

    def __init__(self, script: str) -> None:
        self.script = script
        self.problems: list[str] = []

    def __call__(self, pages: Pages, screen: str, within: str | None = None) -> None:
        """Scan the pages (or only what ``within`` selects on them: an open dialog on a page scanned before)."""
        first = next(iter(pages.values()))
        first.wait_for_timeout(250)  # motion ends: axe reads colours of cards at rest
        for page in pages.values():
            if not page.evaluate("typeof window.axe === 'object'"):
                page.add_script_tag(content=self.script)
            page.evaluate(RUN_AXE, within)  # started on every page, then awaited: the pages are scanned side by side
        for size, page in pages.items():
            found = page.evaluate("() => window.cnAxe")["violations"]
            self.problems += [f"{size} {screen}: {v['impact']} {v['id']} ({v['help']}): "
                              + json.dumps([n["html"][:160] for n in v["nodes"][:5]])
                              for v in found if v["impact"] in ("serious", "critical")]


# ------------------------------------------------------------------------------------------------ pages and waiting
def driver(pages: Pages) -> Page:
    return next(iter(pages.values()))


def visit(pages: Pages, url: str, ready: str) -> None:
    """Open ``url`` on every page side by side; wait until each shows ``ready`` (a selector)."""
    for page in pages.values():
        page.goto(url, wait_until="commit")
    for page in pages.values():
        expect(page.locator(ready).first).to_be_attached()


def open_table(pages: Pages, path: str) -> str:
    """Open ``/new/...`` (or a table) on the first page and the same table on the others; the table's URL."""
    lead = driver(pages)
    lead.goto(path, wait_until="commit")  # /new/... answers with a redirect to the table: its URL is known now
    for page in list(pages.values())[1:]:
        page.goto(lead.url, wait_until="commit")  # the pages load side by side
    for page in pages.values():
        expect(page.locator(TABLE)).to_be_visible()
    return lead.url


def wait_until(page: Page, ok: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
    deadline = time.time() + timeout
    while not ok():
        if time.time() > deadline:
            raise AssertionError(f"timed out waiting for {what} (phase {attr(page, 'data-phase')!r}, "
                                 f"turn {attr(page, 'data-turn')!r})")
        page.wait_for_timeout(50)


def in_step(pages: Pages) -> None:
    """The other pages have caught up with the driving page (its table's version, or a later one)."""
    version = int(attr(driver(pages), "data-version") or 0)
    for page in list(pages.values())[1:]:
        wait_until(page, lambda p=page: int(attr(p, "data-version") or 0) >= version, f"version {version}")


def settled(page: Page, ok: Callable[[], bool], what: str) -> None:
    """Wait until ``ok`` holds and the table has not changed for a moment (the computer players, moving at once,
    may be about to move on)."""
    def still() -> bool:
        version = attr(page, "data-version")
        if not ok():
            return False
        page.wait_for_timeout(150)
        return attr(page, "data-version") == version and ok()

    wait_until(page, still, what)


def my_move(pages: Pages, phase: str, what: str) -> None:
    """Wait until this seat is to move in ``phase``, on every page."""
    lead = driver(pages)
    settled(lead, lambda: attr(lead, "data-phase") == phase and my_turn(lead), what)
    in_step(pages)


def phase_is(pages: Pages, phase: str) -> None:
    for page in pages.values():
        expect(page.locator(TABLE)).to_have_attribute("data-phase", phase)


def tap(page: Page, testid: str) -> None:
    button = page.locator(f"[data-testid={testid}]")
    expect(button).to_be_enabled()
    button.click()


def tap_if_there(page: Page, testid: str) -> bool:
    """Tap a button that may go away by itself (a grace period ends, a phase times out), if it is still there."""
    try:
        page.locator(f"[data-testid={testid}]").click(timeout=2000)
        return True
    except PlaywrightTimeoutError:
        return False


def select(page: Page, code: str) -> None:
    click_card(page, code)
    expect(page.locator(f"[data-testid=hand] [data-card='{code}']").first).to_have_attribute("aria-pressed", "true")


# ------------------------------------------------------------------------------------------------ President
PRESIDENT_RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")


def president_order(code: str) -> tuple[int, int]:
    return PRESIDENT_RANKS.index(code[:-1]), "SHDC".index(code[-1])


def president_move(page: Page) -> None:
    """The first of the rules' legal moves: lead the lowest single; else the lowest cards of one rank that beat the
    top of the trick (the first suits in the order ♠ ♥ ♦ ♣); else pass."""
    hand = sorted(hand_codes(page), key=president_order)
    leading = not page.locator("[data-testid=btn-pass]").is_enabled()
    play = hand[:1]
    if not leading:
        top = page.locator("[data-testid=trick] .play-stack:not(.old) [data-card]").evaluate_all(
            "els => els.map(e => e.dataset.card)")
        rank, count = president_order(top[0])[0], len(top)
        play = []
        for r in range(rank + 1, len(PRESIDENT_RANKS)):
            same = [c for c in hand if president_order(c)[0] == r]
            if len(same) >= count:
                play = same[:count]
                break
    before = attr(page, "data-version")
    if play:
        for code in play:
            select(page, code)
        tap(page, "btn-play")
    else:
        tap(page, "btn-pass")
    wait_until(page, lambda: attr(page, "data-version") != before, "the move to land")


def president_to_hand_over(pages: Pages) -> None:
    lead = driver(pages)
    for _ in range(40):
        settled(lead, lambda: attr(lead, "data-phase") != "play" or my_turn(lead), "our turn or the hand's end")
        if attr(lead, "data-phase") != "play":
            break
        president_move(lead)
    phase_is(pages, "hand-over")


# ------------------------------------------------------------------------------------------------ Rummy
def rummy_draw(page: Page) -> str:
    """Draw from the stock; the card drawn."""
    before = set(hand_codes(page))
    page.click("[data-testid=pile-stock]")
    expect(page.locator("[data-testid=hand] [data-card]")).to_have_count(len(before) + 1)
    return next(c for c in hand_codes(page) if c not in before)


def rummy_turn(pages: Pages, scan: Scanner) -> None:
    """Draw from the stock and discard that card, scanning the draw stage, the card selected and the grace period
    after the discard."""
    lead = driver(pages)
    my_move(pages, "play", "our turn")
    expect(lead.locator("[data-testid=pile-stock]")).to_have_attribute("role", "button")  # tap it to draw
    scan(pages, "rummy draw stage")
    card = rummy_draw(lead)
    in_step(pages)
    for page in pages.values():
        select(page, card)
    scan(pages, "rummy play stage, a card selected")
    tap(lead, "btn-discard")
    expect(lead.locator("[data-testid=rummy-middle]")).to_have_attribute("data-stage", "pending")  # Undo for 3 s
    in_step(pages)
    scan(pages, "rummy discard grace")
    tap_if_there(lead, "btn-commit")  # Done: the turn ends now (else when the grace period does)


# ------------------------------------------------------------------------------------------------ Beanie
def beanie_board(page: Page, name: str) -> str:
    return page.locator("[data-testid=beanie-board]").get_attribute(name) or ""


def beanie_discard(page: Page) -> None:
    card = page.locator("[data-testid=hand] [data-card]:not([data-wild=true])").first.get_attribute("data-card")
    select(page, card)
    tap(page, "btn-discard")


# ------------------------------------------------------------------------------------------------ Stockpile
def stockpile_pick(page: Page) -> None:
    page.click("[data-testid=hand-card-0]")
    expect(page.locator("[data-testid=stockpile-board]")).to_have_attribute("data-selected", "hand:0")


def stockpile_turn(pages: Pages, scan: Scanner) -> None:
    """Discard the first hand card on discard pile 1, then end the turn at once (Done), scanning the card picked and
    the grace period after the discard."""
    lead = driver(pages)
    my_move(pages, "play", "our turn")
    for page in pages.values():
        stockpile_pick(page)
    scan(pages, "stockpile play, a card picked")
    seat = attr(lead, "data-seat")
    lead.click(f"[data-testid=discard-{seat}-0]")
    phase_is(pages, "pending")
    scan(pages, "stockpile end-of-turn grace")
    tap_if_there(lead, "btn-commit")  # Done: the turn ends now (else when the grace period does)
