"""A tap that lands while the table page is being redrawn takes effect (DESIGN.md: "Nothing is lost under a finger").

The server runs with ``CARDNIGHT_TEST_HOOKS=1``: then ``POST /test/redraw/<CODE>`` makes every page at that table
redraw its hand and middle at once, replacing their elements on the server. For each game, at a quiet practice
table (computer players move at once, then wait for the person), the page holds back what the server sends (as a
slow network or a busy phone does), fires that request, and when its answer comes (the server has replaced the
hand; the browser still shows the old one) taps a card of the hand: the tap's event names an element the server
has just thrown away. Then the held messages come in. Six taps per game, alternating select and deselect of the
same card (a lost tap is not redone: the next one aims at the same change); each must show within 2 s.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import MOTION, Server, free_port, running

pytestmark = pytest.mark.e2e

HOOKS = "CARDNIGHT_TEST_HOOKS"
TAPS = 6  # three selects and three deselects of one card (ten until session 51)
TABLE = "[data-testid=table]"

# quiet tables: the computer players move at once, then the table waits for the person
URLS = {
    "president": "/new/president?players=4&bots=3&level=normal&seed=11&speed=0",
    "rummy": "/new/rummy?players=2&bots=1&level=medium&seed=12&speed=0",
    "beanie": "/new/beanie?players=2&bots=1&level=medium&seed=13&speed=0",
    "stockpile": "/new/stockpile?players=2&bots=1&level=medium&seed=14&speed=0&stock_size=standard",
}

# The page holds back what the server sends while ``window.__cnHold`` is set (the websocket's messages wait in a
# queue, in order, until ``window.__cnRelease()``): the time a slow network or a busy phone takes to show a redraw,
# made as long as the test needs. Installed before NiceGUI opens its socket.
HOLD_JS = """(() => {
  const Native = window.WebSocket;
  const setter = Object.getOwnPropertyDescriptor(Native.prototype, 'onmessage').set;
  window.__cnHold = false; window.__cnHeld = [];
  window.__cnRelease = () => { window.__cnHold = false; window.__cnHeld.splice(0).forEach(([fn, ev]) => fn(ev)); };
  class Held extends Native {
    set onmessage(fn) {
      setter.call(this, fn && ((ev) => { if (window.__cnHold) window.__cnHeld.push([fn, ev]); else fn(ev); }));
    }
  }
  window.WebSocket = Held;
})();"""

# Holds the page's incoming messages, asks the server to redraw (when the answer comes the server has replaced the
# hand; the browser still shows the old one), taps what is under the finger at the card's visible corner (pointer,
# mouse and click events, as a touch or a mouse makes them), lets the tap's event reach the server, then lets the
# held messages in. Notes whether the tapped element was one the redraw replaced.
TAP_JS = """async ([code, selector]) => {
  const t = window.__tapRedraw = {done: false, error: null, answer: null, tapped: null, replaced: null};
  const pause = (ms) => new Promise((ok) => setTimeout(ok, ms));
  try {
    const el = document.querySelector(selector);
    const r = el.getBoundingClientRect();
    const x = r.left + 8, y = r.top + 24;  // cards overlap: the visible corner, as a person taps
    window.__cnHold = true;
    const answer = await fetch(`/test/redraw/${code}`, {method: 'POST'});
    t.answer = answer.status;
    const target = document.elementFromPoint(x, y);
    const card = target && target.closest('[data-card]');
    t.tapped = card ? (card.dataset.source || card.dataset.card) : null;
    const opts = {bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y, view: window};
    target.dispatchEvent(new PointerEvent('pointerdown', {...opts, pointerType: 'touch', isPrimary: true}));
    target.dispatchEvent(new MouseEvent('mousedown', opts));
    target.dispatchEvent(new PointerEvent('pointerup', {...opts, pointerType: 'touch', isPrimary: true}));
    target.dispatchEvent(new MouseEvent('mouseup', opts));
    target.dispatchEvent(new MouseEvent('click', opts));
    await pause(300);  // the tap's event is on the server, naming an element it has replaced
    window.__cnRelease();
    await pause(300);
    t.replaced = !target.isConnected;
  } catch (e) { t.error = String(e); window.__cnRelease(); }
  t.done = true;
}"""

SELECTED_JS = """(selector) => { const e = document.querySelector(selector);
  return !!e && (e.dataset.selected === 'true' || e.getAttribute('aria-pressed') === 'true'
                 || e.classList.contains('selected')); }"""


class HookServer(Server):
    """The app with its test hooks on (``CARDNIGHT_TEST_HOOKS=1`` in the server's environment only)."""

    def start(self) -> None:
        old = os.environ.get(HOOKS)
        os.environ[HOOKS] = "1"
        try:
            super().start()
        finally:
            if old is None:
                os.environ.pop(HOOKS, None)
            else:
                os.environ[HOOKS] = old


@pytest.fixture(scope="module")
def hook_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    base: Path = tmp_path_factory.mktemp("taps")
    srv = HookServer(base / "data", free_port(), extra_args=("--no-mdns",))
    yield from running(srv)


def wait_quiet_turn(page: Page, game: str) -> None:
    """Until it is this page's turn in the play phase and (Stockpile) its hand cards can be picked."""
    page.wait_for_function("""(game) => {
      const t = document.querySelector('[data-testid=table]');
      if (!t || t.dataset.phase !== 'play' || !t.dataset.turn.split(',').includes(t.dataset.seat)) return false;
      const cards = document.querySelectorAll('[data-testid=hand] [data-card]');
      if (!cards.length) return false;
      return game !== 'stockpile' || !!document.querySelector('[data-testid=hand] [data-source]');
    }""", arg=game, timeout=20_000)


def target(page: Page, game: str) -> tuple[str, str]:
    """The hand's middle card: its selector, by the name that stays the same through a redraw (Stockpile's hand
    holds the same number twice: its source), and the name the tap should find under the finger."""
    cards = page.locator("[data-testid=hand] [data-card]").evaluate_all(
        "els => els.map(e => ({card: e.dataset.card, source: e.dataset.source || ''}))")
    pick = cards[len(cards) // 2]
    name = pick["source"] or pick["card"]
    if game == "stockpile":
        return f"[data-testid=hand] [data-source='{pick['source']}']", name
    return f"[data-testid=hand] [data-card='{pick['card']}']", name


@pytest.mark.parametrize("game", list(URLS))
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_tap_during_redraw_takes_effect(browser: Browser, hook_server: Server, game: str, size: str) -> None:
    if size == "phone":
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, **MOTION)
    else:
        context = browser.new_context(viewport={"width": 1280, "height": 800}, **MOTION)
    context.add_init_script(HOLD_JS)
    page = context.new_page()
    page.goto(hook_server.url + URLS[game])
    expect(page.locator(TABLE)).to_have_attribute("data-phase", "play", timeout=20_000)
    code = page.url.rstrip("/").rsplit("/", 1)[-1]
    wait_quiet_turn(page, game)

    probe = page.request.post(f"{hook_server.url}/test/redraw/{code}")
    assert probe.ok, f"POST /test/redraw/{code}: HTTP {probe.status} {probe.text()[:200]}"

    selector, name = target(page, game)
    failures: list[str] = []
    replaced = 0
    for i in range(TAPS):
        page.wait_for_timeout(300)  # the previous redraw has settled
        want = not page.evaluate(SELECTED_JS, selector)  # select, deselect, select, ... (a lost tap is not redone)
        page.evaluate(TAP_JS, [code, selector])
        page.wait_for_function("() => window.__tapRedraw.done", timeout=10_000)
        note = page.evaluate("() => window.__tapRedraw")
        assert note["error"] is None and note["answer"] == 200, f"tap {i}: the redraw request failed: {note}"
        assert note["tapped"] == name, f"tap {i}: the finger found {note['tapped']} at the corner of {selector}"
        replaced += bool(note["replaced"])
        try:
            page.wait_for_function("([s, want]) => (" + SELECTED_JS + ")(s) === want", arg=[selector, want],
                                   timeout=2_000)
        except PlaywrightTimeout:
            failures.append(f"tap {i} ({'select' if want else 'deselect'} {note['tapped']}, tapped element "
                            f"{'replaced' if note['replaced'] else 'kept'} by the redraw): no effect in 2 s")
            continue
        if game == "stockpile":
            board = page.locator("[data-testid=stockpile-board]").get_attribute("data-selected") or ""
            source = selector.split("'")[1]
            if board != (source if want else ""):
                failures.append(f"tap {i}: the card shows {'selected' if want else 'unselected'} but the board's "
                                f"data-selected is {board!r}")
    assert not failures, f"{game}/{size}: {len(failures)} of {TAPS} taps during a redraw were lost:\n" + \
        "\n".join(failures)
    assert replaced, (f"{game}/{size}: no tap landed on an element the redraw replaced: the race this test is about "
                      "did not happen (does POST /test/redraw replace the hand before it answers?)")
    context.close()
