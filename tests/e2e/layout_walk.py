"""The layout walker: is everything a player needs on a table screen in view and reachable? One walk serves the suite
(tests/e2e/test_layout.py: each game's table once on a phone and once on a laptop) and the gallery
(tools/gallery.py: every game at every phase and size, with screenshots).

What it checks on the page as it is now (:func:`check_screen`):

- nothing a player needs (cards, melds, sets, piles, seat badges, the top bar's name, round and "Your turn",
  controls) is covered by another element: where it shows before any scrolling (a sticky bar over the lower hands
  hides them until the page is scrolled), and after scrolling it into view, ``document.elementFromPoint`` at its
  centre and four corners lands on it. Cards that overlap by design (a fanned hand, a spread pile, a meld) count
  only their visible strip: it must be at least 24 px wide on touch and the card's full height, and it is sampled
  at its top, middle and bottom instead;
- with a toast showing, no toast's box meets anything that table needs (a toast lets taps through, so
  ``elementFromPoint`` cannot see it: boxes are compared);
- no hand frame is shown empty (before the deal, or after a player went out, it says why or is not there);
- on touch, every tap target is at least 44 x 44 CSS px (the strip rule for overlapped cards);
- the page logged no console error or script error and no request failed (:class:`PageWatch`, attached before the
  page loads, as :func:`walk_page` does): each check reports what came since the previous one.

The screen walked is a table (``[data-testid=table]``) or a replay (:data:`REPLAY`: its board, controls and hands).

At the first look (:func:`first_look_problems`): the button to go on (the host's Start, Next hand, Play again) is in
view and uncovered without scrolling, and on a phone a lobby's cards are one column of equal width.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

from playwright.sync_api import Browser, ConsoleMessage, Error, Page, Request, Response

SIZES: dict[str, dict[str, Any]] = {
    "laptop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "large": {"viewport": {"width": 1920, "height": 1080}},  # a desktop screen
    "tv": {"viewport": {"width": 1920, "height": 1080}},  # the TV page (/tv/<CODE>)
}
TABLE, REPLAY = "[data-testid=table]", "[data-testid=replay]"  # the screens walked: a table, a replay
MIN_TARGET = 44  # CSS px a finger needs
MIN_STRIP = 24  # CSS px of an overlapped card's visible strip

# what a player needs, as selectors inside the table (a card anywhere, piles, melds, sets, names, controls)
NEEDED = ", ".join([
    "[data-card]", "[data-testid^=pile-]", "[data-testid^=meld-]", "[data-testid^=set-]", "[data-testid^=stock-]",
    "[data-testid^=build-]", "[data-testid^=discard-]", "[data-testid^=seat-]", "[data-testid=round-label]",
    "[data-testid=your-turn]", ".top-bar .game-title", ".q-btn", "[role=button]", "input", ".q-field", ".wild-star",
])
# the containers whose cards overlap on purpose (each card's left part shows, the next card lies on the rest)
FANNED = ".hand, .rm-discard, .rm-meld, .bn-set-cards, .play-stack, .sp-stack, .sp-fan"

_CHECK_JS = """([needed, fanned, touch, minTarget, minStrip, toastOnly, rootSel, inPlace]) => {
  const PILES = '[data-testid^=pile-], [data-testid^=stock-], [data-testid^=build-], [data-testid^=discard-]';
  const problems = [];
  const table = document.querySelector(rootSel);
  if (!table) return [`no ${rootSel} on the page`];
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.visibility === 'hidden' || cs.display === 'none' || cs.opacity === '0') return false;
    }
    return true;
  };
  const name = (el) => {
    const id = el.getAttribute('data-testid') || el.getAttribute('data-card') || el.getAttribute('aria-label')
      || (el.textContent || '').trim().slice(0, 24) || el.className;
    return `${el.tagName.toLowerCase()}[${id}]`;
  };
  const scroller = document.querySelector('.cn-scroll');
  const els = [...table.querySelectorAll(needed)].filter(shown)
    .filter(el => !el.closest('.q-menu, .q-dialog, .q-tooltip'));
  const toasts = [...document.querySelectorAll('.q-notification')].filter(shown).map(t => t.getBoundingClientRect());
  const within = (el, hit) => !!hit && (el === hit || el.contains(hit));
  // a card in an overlapping row: the row's item is the card, or the wrapper that carries it with its badge
  const itemOf = (el) => el.hasAttribute('data-card') && el.parentElement && el.parentElement.matches('.rm-laid')
    ? el.parentElement : el;
  const fanOf = (el) => {
    const item = itemOf(el);
    return el.hasAttribute('data-card') && item.parentElement && item.parentElement.matches(fanned)
      ? item.parentElement : null;
  };
  if (!toastOnly) {  // a frame with nothing in it (a hand before the deal) says nothing to a player
    for (const hand of [...table.querySelectorAll('[data-testid=hand]')].filter(shown)) {
      if (!hand.querySelector('[data-card]') && !(hand.textContent || '').trim()) problems.push('an empty hand frame');
    }
  }
  // where an element can be seen without scrolling: the window cut by every ancestor that clips it (a point of it
  // outside that box is scrolled away, not covered)
  const seen = (el) => {
    let [left, top, right, bottom] = [0, 0, innerWidth, innerHeight];
    for (let e = el.parentElement; e && e !== document.documentElement; e = e.parentElement) {
      if (getComputedStyle(e).overflow === 'visible') continue;
      const c = e.getBoundingClientRect();
      [left, top, right, bottom] = [Math.max(left, c.left), Math.max(top, c.top), Math.min(right, c.right),
                                    Math.min(bottom, c.bottom)];
    }
    return {left, top, right, bottom};
  };
  // before any scrolling: what shows of each element is not under anything (a sticky or fixed bar over the
  // table's lower part hides it until the page is scrolled)
  if (!toastOnly && inPlace) {
    for (const e of [table, ...table.querySelectorAll('*')]) if (e.scrollTop) e.scrollTop = 0;
    if (scroller) scroller.scrollTop = 0;
    window.scrollTo(0, 0);
    for (const el of els) {
      const r = el.getBoundingClientRect(), box = seen(el);
      if (r.right <= box.left || r.left >= box.right || r.bottom <= box.top || r.top >= box.bottom) continue;
      const fan = fanOf(el);
      const x = fan ? r.left + 4 : r.left + r.width / 2;
      // (a Stockpile discard pile's card under the top one shows its band only, as below)
      const points = (el.matches('.discard-pile > .pcard.under') ? [[x, r.top + 6]]
                      : [[x, r.top + 3], [x, r.top + r.height / 2], [x, r.bottom - 3]])
        .filter(([px, py]) => px > box.left && px < box.right && py > box.top && py < box.bottom);
      for (const [px, py] of points) {
        const hit = document.elementFromPoint(px, py);
        if (!hit || within(el, hit) || (fan && within(itemOf(el), hit)) || hit.contains(el)) continue;
        if (fan && fan.contains(hit)) continue;
        const pile = el.parentElement && el.parentElement.closest(PILES);
        if (pile && pile.contains(hit) && !hit.closest('[data-card]')) continue;
        problems.push(`${name(el)} is under ${name(hit)} before scrolling (${Math.round(px)},${Math.round(py)})`);
        break;
      }
    }
  }
  for (const el of els) {
    el.scrollIntoView({block: 'center', inline: 'nearest'});
    const r = el.getBoundingClientRect();
    if (toastOnly) {
      for (const t of toasts) {
        if (r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom)
          problems.push(`${name(el)} is under a toast`);
      }
      continue;
    }
    if (r.left < -0.5 || r.right > innerWidth + 0.5) problems.push(`${name(el)} is cut off at the side`);
    const fan = fanOf(el);
    let points;
    if (el.matches('.discard-pile > .pcard.under')) {
      // Stockpile's discard pile fans down: a card under the top one shows its band (the pile is tapped, not it)
      points = [[r.left + r.width / 2, r.top + 6]];
    } else if (fan) {
      // the visible strip: from the card's left edge to where the next shown card in its row starts
      const sibs = [...fan.children].filter(c => (c.hasAttribute('data-card') || c.querySelector('[data-card]'))
                                                 && shown(c));
      const next = sibs[sibs.indexOf(itemOf(el)) + 1];
      const nr = next && next.getBoundingClientRect();
      const strip = nr && Math.abs(nr.top - r.top) < 2 && nr.left > r.left ? Math.min(nr.left - r.left, r.width)
        : r.width;
      const clickable = el.classList.contains('clickable') || el.getAttribute('role') === 'button';
      if (touch && clickable && strip < minStrip) problems.push(`${name(el)}: a strip of ${Math.round(strip)} px`);
      const x = r.left + Math.max(1, Math.min(strip, r.width) / 2);
      points = [[x, r.top + 3], [x, r.top + r.height / 2], [x, r.bottom - 3]];
    } else {
      const i = Math.min(8, r.width / 4, r.height / 4);  // inside rounded corners (hit testing follows them)
      points = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + i, r.top + i], [r.right - i, r.top + i],
                [r.left + i, r.bottom - i], [r.right - i, r.bottom - i]];
    }
    for (const [x, y] of points) {
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) {
        problems.push(`${name(el)} cannot be scrolled fully into view (${Math.round(x)},${Math.round(y)})`);
        break;
      }
      const hit = document.elementFromPoint(x, y);
      if (within(el, hit) || (fan && within(itemOf(el), hit))) continue;
      // a label inside a control, or a part drawn over its own parent is fine; so is a pile's own badge (its count)
      if (hit && hit.contains(el) && !el.matches('.q-btn, [role=button], [data-card]')) continue;
      const pile = el.parentElement && el.parentElement.closest(PILES);
      if (hit && pile && pile.contains(hit) && !hit.closest('[data-card]')) continue;
      const by = hit ? name(hit) : 'nothing';
      // an overlapped card's neighbour lies on its right part by design (checked by the strip above)
      if (hit && fan && fan.contains(hit)) {
        problems.push(`${name(el)}: its visible strip is covered by ${by}`);
        break;
      }
      problems.push(`${name(el)} is covered by ${by} at (${Math.round(x)},${Math.round(y)})`);
      break;
    }
    if (touch && !fan && el.matches('.q-btn, [role=button], input') && !el.closest('.q-field')) {
      if (r.width < minTarget - 0.5 || r.height < minTarget - 0.5)
        problems.push(`${name(el)}: a tap target of ${Math.round(r.width)}x${Math.round(r.height)} px`);
    }
  }
  if (scroller) scroller.scrollTop = 0;
  window.scrollTo(0, 0);
  return [...new Set(problems)];
}"""

TOAST_JS = """(text) => { if (!(window.Quasar && Quasar.Notify)) return false;
  window.cnWalkToast = Quasar.Notify.create({message: text, position: 'top', type: 'info', timeout: 4000});
  return true; }"""
# dismissed through Quasar (taking its node out of the page behind Vue's back broke the page's next notice)
UNTOAST_JS = "() => { if (window.cnWalkToast) { window.cnWalkToast(); window.cnWalkToast = null; } }"


@dataclass
class PageWatch:
    """Console errors, uncaught script errors and failed requests of one page, from before it loads. Once attached,
    every :func:`check_screen` of that page reports what came since the last one: a walk fails on them."""

    errors: list[str] = field(default_factory=list)
    told: int = 0  # how many of ``errors`` a check has reported

    def attach(self, page: Page) -> PageWatch:
        page.on("console", self._console)
        page.on("pageerror", self._page_error)
        page.on("requestfailed", self._failed)
        page.on("response", self._response)
        _WATCHES[page] = self
        return self

    def news(self) -> list[str]:
        """What went wrong since the last call."""
        new, self.told = self.errors[self.told:], len(self.errors)
        return new

    def _console(self, msg: ConsoleMessage) -> None:
        if msg.type == "error":
            self.errors.append(f"console error: {msg.text}")

    def _page_error(self, error: Error) -> None:
        self.errors.append(f"script error: {error.message}")

    def _failed(self, request: Request) -> None:
        failure = request.failure or ""
        if "ERR_ABORTED" not in failure:  # a navigation away cancels what was loading: not a failure of the page
            self.errors.append(f"request failed: {request.url} ({failure})")

    def _response(self, response: Response) -> None:
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.url}")


_WATCHES: WeakKeyDictionary[Page, PageWatch] = WeakKeyDictionary()


def walk_page(browser: Browser, size: str) -> Page:
    """A new page at ``size`` (a key of :data:`SIZES`) watched from before it loads (:class:`PageWatch`), with reduced
    motion (a card in flight lies on others for a moment)."""
    page = browser.new_context(**{"reduced_motion": "reduce", **SIZES[size]}).new_page()
    PageWatch().attach(page)
    return page


def check_screen(page: Page, touch: bool, toast: bool = True, root: str = TABLE, before_scrolling: bool = True
                 ) -> list[str]:
    """What is wrong with the screen as it is now (empty: nothing): inside ``root`` (a table; :data:`REPLAY` a
    replay), and the page's console errors and failed requests since the last check when a :class:`PageWatch` is
    attached. ``toast``: also with a toast showing. ``before_scrolling``: also what lies under something where it
    shows at the first look (False only for a screen known to fail it, saying why)."""
    args = [NEEDED, FANNED, touch, MIN_TARGET, MIN_STRIP]
    problems: list[str] = page.evaluate(_CHECK_JS, [*args, False, root, before_scrolling])
    if toast and page.evaluate(TOAST_JS, "Sam joined the table. The computer played for Alex."):
        page.wait_for_timeout(350)  # the toast slides in
        problems += page.evaluate(_CHECK_JS, [*args, True, root, False])
        page.evaluate(UNTOAST_JS)
        page.wait_for_timeout(350)  # (and slides out)
    watch = _WATCHES.get(page)
    return problems + (watch.news() if watch is not None else [])


def open_table(page: Page, url: str, settle_ms: int = 300) -> None:
    """Open a table and wait for its hand (or, between hands, its table) and for the deal's motion to end."""
    page.goto(url)
    page.wait_for_selector("[data-testid=table]")
    page.locator("[data-testid=hand] [data-card], [data-testid=table][data-phase=first-draw]").first.wait_for()
    page.wait_for_timeout(settle_ms)


_FIRST_LOOK_JS = """([touch]) => {
  const problems = [];
  const scroller = document.querySelector('.cn-scroll');
  if (scroller) scroller.scrollTop = 0;
  window.scrollTo(0, 0);
  // the button to go on (the host's Start, Next hand, Play again), at the first look: no scrolling to find it
  const goOn = {'btn-start': 'Start', 'btn-next-hand': 'Next hand', 'btn-play-again': 'Play again'};
  for (const [id, label] of Object.entries(goOn)) {
    const btn = document.querySelector(`[data-testid=table] [data-testid=${id}]`);
    if (!btn || btn.getBoundingClientRect().width < 1) continue;
    const r = btn.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth)
      problems.push(`${label} is not in view without scrolling (${Math.round(r.left)},${Math.round(r.top)})`);
    else {
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !btn.contains(hit)) problems.push(`${label} is covered`);
    }
  }
  const cards = [...document.querySelectorAll('.lobby-cards > .q-card')];
  if (touch && cards.length) {  // one column on a phone: each card as wide as the others
    const widths = cards.map(c => Math.round(c.getBoundingClientRect().width));
    if (Math.max(...widths) - Math.min(...widths) > 1)
      problems.push(`the lobby's cards are ${widths.join(', ')} px wide`);
  }
  return problems;
}"""


def first_look_problems(page: Page, touch: bool) -> list[str]:
    """What is wrong at the first look, before any scrolling (besides :func:`check_screen`): the button to go on (a
    host's Start, Next hand, Play again) out of view or covered; a lobby's cards of different widths on a phone."""
    problems: list[str] = page.evaluate(_FIRST_LOOK_JS, [touch])
    return problems


_SEATS_JS = """() => [...document.querySelectorAll('[data-testid=table] .seat-badge')].map(b => ({
  emoji: (b.querySelector('.emoji') || {}).textContent || '',
  name: ((b.querySelector('.font-bold') || {}).textContent || '').trim()}))"""


def seat_identities(page: Page) -> list[str]:
    """Seats at the table that share an emoji or a name with another seat (empty: every seat is its own)."""
    seats: list[dict[str, str]] = page.evaluate(_SEATS_JS)
    problems = []
    for key in ("emoji", "name"):
        values = [s[key] for s in seats if s[key]]
        problems += [f"two seats show the {key} {v}" for v in sorted(set(values)) if values.count(v) > 1]
    return problems


_TV_JS = """() => {
  const small = [];
  const tv = document.querySelector('.cn-tv');
  if (!tv) return ['no TV on the page'];
  const walker = document.createTreeWalker(tv, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim(), el = walker.currentNode.parentElement;
    const box = el.getBoundingClientRect(), style = getComputedStyle(el);
    if (!text || !box.width || !box.height || style.visibility === 'hidden') continue;
    const size = parseFloat(style.fontSize);
    if (size < 28) small.push(`text of ${size.toFixed(1)} px: "${text.slice(0, 30)}"`);
  }
  const problems = [...new Set(small)];
  const cards = [...document.querySelectorAll('.tv-main .pcard')].map(c => c.getBoundingClientRect().height)
    .filter(h => h > 0);
  if (cards.length && Math.max(...cards) < innerHeight * 0.15)
    problems.push(`the play's largest card is ${Math.round(Math.max(...cards))} px, under 15% of the screen`);
  if (cards.length && Math.min(...cards) < 120)
    problems.push(`a card of the play is ${Math.round(Math.min(...cards))} px tall, under 120 px`);
  if (document.scrollingElement.scrollHeight > innerHeight + 1) problems.push('the TV page scrolls');
  return problems;
}"""


def tv_problems(page: Page) -> list[str]:
    """What a TV page (/tv/<CODE>) shows too small for the sofa: text under 28 px, the play's cards under 15% of
    the screen's height (or any under 120 px), a page that scrolls; and its page errors when watched."""
    problems: list[str] = page.evaluate(_TV_JS)
    watch = _WATCHES.get(page)
    return problems + (watch.news() if watch is not None else [])
