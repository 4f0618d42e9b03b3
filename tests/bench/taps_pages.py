"""Page side of bench_taps.py: the probe each page runs, and the player that taps at a practice table.

The probe (PROBE_JS) notes every change of ``data-version`` on ``data-testid=table``, every pointerdown / click
(what it hit, when, at which version) and every removal of an element holding cards (a redraw), all on the page's
own clock (``performance.now()``). The driver waits for a version change in the page (a promise that the probe's
MutationObserver answers, no polling), reads the table in one call, decides the next tap and its expected effect,
arms a watcher for that effect in the page, taps (``tap()`` on a phone, ``click()`` on a laptop) and asks the
watcher whether the effect showed within the limit. A tap is never repeated.
"""

from __future__ import annotations

import json
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

LIMIT_MS = 1000  # a tap whose effect has not shown this long after it landed is lost
LATE_MS = 2000  # a lost tap is watched this much longer, to tell a late effect from none

PROBE_JS = """
(() => {
  if (window.__taps) return;
  const cn = window.__taps = {v: null, vt: 0, changes: [], events: [], removed: [], waiters: [], watches: {}, n: 0};
  const now = () => performance.now();
  const table = () => document.querySelector('[data-testid=table]');
  cn.isSel = (e) => !!e && (e.dataset.selected === 'true' || e.getAttribute('aria-pressed') === 'true'
                            || e.classList.contains('selected'));
  cn.canTap = (e) => !!e && e.classList.contains('clickable') && !e.classList.contains('disabled')
                     && e.getAttribute('aria-disabled') !== 'true';
  // a card still travelling from another place (motion.js marks that animation, 200 ms): no person aims at it
  cn.inFlight = (e) => !!e && e.getAnimations().some((a) => a.id === 'cn-motion' && a.cnTravel
                                                     && a.playState === 'running');
  cn.q = (s) => document.querySelector(s);
  // which card: where it lies (data-source), else its hand slot (Stockpile's hand-card-N, two cards may share a
  // name), else its name
  cn.cardId = (e) => e.dataset.source
    || (/^hand-card-/.test(e.dataset.testid || '') ? e.dataset.testid : e.dataset.card);
  cn.version = () => { const t = table(); return t ? t.getAttribute('data-version') : null; };
  cn.label = (id) => { const b = cn.q(`[data-testid=${id}]`); return b ? b.innerText.trim() : null; };
  const checkWatches = () => {
    for (const w of Object.values(cn.watches)) {
      if (w.okAt !== null) continue;
      let ok = false;
      try { ok = !!w.test(); } catch (e) { ok = false; }
      if (ok) w.okAt = now();
    }
  };
  const seen = () => {
    const v = cn.version();
    if (v !== cn.v) {
      cn.v = v; cn.vt = now(); cn.changes.push([cn.vt, v]);
      if (cn.changes.length > 400) cn.changes.splice(0, 200);
      const waiters = cn.waiters; cn.waiters = [];
      for (const w of waiters) w();
    }
  };
  const holdsCards = (n) => n.nodeType === 1 && (n.hasAttribute('data-card') || !!n.querySelector('[data-card]'));
  const start = () => {
    new MutationObserver((muts) => {
      seen();
      for (const m of muts) {
        if (m.type === 'childList' && Array.from(m.removedNodes).some(holdsCards)) {
          cn.removed.push(now());
          if (cn.removed.length > 400) cn.removed.splice(0, 200);
          break;
        }
      }
      checkWatches();
    }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
    seen();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
  for (const type of ['pointerdown', 'click']) {
    document.addEventListener(type, (e) => {
      const card = e.target && e.target.closest ? e.target.closest('[data-card]') : null;
      const ids = [];
      for (let n = e.target; n && n.dataset; n = n.parentElement) if (n.dataset.testid) ids.push(n.dataset.testid);
      const t = table();
      cn.events.push({type, t: now(), v: cn.v, vt: cn.vt, phase: t ? t.dataset.phase : null,
                      card: card ? cn.cardId(card) : null, ids,
                      can: card ? cn.canTap(card) : null,  // the card took taps when the finger landed
                      flying: card ? cn.inFlight(card) : false});
      if (type === 'pointerdown') cn.downAt = [now(), card || e.target];  // the element under the finger
      if (cn.events.length > 400) cn.events.splice(0, 200);
    }, true);
  }
})();
"""

# one look at the table: everything the players below decide from
READ_BODY = """
  const cn = window.__taps, t = document.querySelector('[data-testid=table]');
  if (!cn || !t) return null;
  const d = t.dataset;
  const btn = (id) => {
    const b = cn.q(`[data-testid=${id}]`);
    if (!b || !b.getClientRects().length) return null;
    return {on: !b.disabled && b.getAttribute('aria-disabled') !== 'true' && !b.classList.contains('disabled'),
            text: b.innerText.trim(), reason: b.dataset.reason || '', cls: b.className};
  };
  const ids = ['btn-sort', 'btn-hint', 'btn-play', 'btn-pass', 'btn-give', 'btn-next-hand', 'btn-first-draw',
               'btn-draw', 'btn-discard', 'btn-commit', 'pile-stock', 'pile-discard', 'hint', 'btn-timeout-ok',
               'btn-im-back'];
  const buttons = {};
  for (const id of ids) { const b = btn(id); if (b) buttons[id] = b; }
  const hand = Array.from(document.querySelectorAll('[data-testid=hand] [data-card]')).map(e => ({
    card: e.dataset.card, source: e.dataset.source || '', id: cn.cardId(e), sel: cn.isSel(e), can: cn.canTap(e),
    must: e.dataset.mustUse === 'true'}));
  const stage = cn.q('[data-testid=rummy-middle]') || cn.q('[data-testid=beanie-board]');
  const board = cn.q('[data-testid=stockpile-board]');
  const sp = board ? {
    selected: board.dataset.selected || '',
    builds: Array.from(document.querySelectorAll('[data-testid^=build-]')).filter(
      e => /^build-\\d+$/.test(e.dataset.testid)).map(e => ({
        id: e.dataset.testid, needs: +e.dataset.needs, drop: (e.dataset.drop || '').split(' ').filter(Boolean),
        accepts: e.dataset.accepts === 'true'})),
    discards: Array.from(document.querySelectorAll(`[data-testid^=discard-${d.seat}-]`)).map(e => ({
        id: e.dataset.testid, top: e.dataset.top || '', accepts: e.dataset.accepts === 'true'})),
    tops: Object.fromEntries(Array.from(document.querySelectorAll('[data-testid=stockpile-board] [data-source]'))
        .map(e => [e.dataset.source, e.dataset.card])),
  } : null;
  return {phase: d.phase || '', turn: d.turn || '', seat: d.seat || '', version: d.version || '',
          status: d.status || '', paused: d.paused || '', stage: stage ? (stage.dataset.stage || '') : '',
          hand, buttons, sp, url: location.pathname};
"""
READ_JS = "() => {" + READ_BODY + "}"

# resolve when data-version differs from ``before`` (at once if it already does), ``offset`` ms after the change,
# with a look at the table then (one call: the tap follows as soon as the driver has decided)
WAIT_JS = """([before, offset, timeout]) => new Promise((resolve) => {
  const cn = window.__taps;
  const read = () => {""" + READ_BODY + """};
  const finish = (changed) => setTimeout(() => resolve({changed, state: read()}), changed ? offset : 0);
  if (cn.v !== before) { finish(true); return; }
  let done = false;
  const timer = setTimeout(() => { if (!done) { done = true; finish(false); } }, timeout);
  cn.waiters.push(() => { if (!done) { done = true; clearTimeout(timer); finish(true); } });
})"""

ARM_JS = """([expr, selector, pos]) => {
  const cn = window.__taps;
  const el = document.querySelector(selector);
  let point = null;
  if (el) {
    let r = el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) {
      el.scrollIntoView({block: 'nearest', inline: 'nearest'});
      r = el.getBoundingClientRect();
    }
    point = pos ? {x: r.left + pos.x, y: r.top + pos.y} : {x: r.left + r.width / 2, y: r.top + r.height / 2};
  }
  const id = ++cn.n;
  const test = new Function('cn', `return (${expr});`).bind(null, cn);
  let ok = false;
  try { ok = !!test(); } catch (e) { ok = false; }
  cn.watches[id] = {test, matches: () => document.querySelectorAll(selector).length,
                    armed: performance.now(), okAt: null, already: ok, events: cn.events.length,
                    v: cn.v, vt: cn.vt};
  return {id, already: ok, point};
}"""

# the watcher's verdict: waits until the effect showed or LIMIT ms after the tap landed (pointerdown)
RESULT_JS = """([id, limit, late]) => new Promise((resolve) => {
  const cn = window.__taps, w = cn.watches[id];
  const tick = () => {
    const mine = cn.events.filter(e => e.t >= w.armed);
    const down = mine.find(e => e.type === 'pointerdown') || mine.find(e => e.type === 'click');
    const landed = down ? down.t : w.armed;
    if (w.okAt === null) { try { if (w.test()) w.okAt = performance.now(); } catch (e) {} }
    const waited = performance.now() - landed;
    if (w.okAt !== null || waited >= limit + late) {  // a lost tap is watched on, to tell late from never
      delete cn.watches[id];
      const click = mine.find(e => e.type === 'click');
      const after = cn.changes.find(c => c[0] > landed);
      const redraw = cn.removed.find(t => t > landed - 5);
      const el = cn.downAt && down && cn.downAt[0] === down.t ? cn.downAt[1] : null;
      const ok = w.okAt !== null && w.okAt - landed <= limit;
      resolve({ok, lateMs: !ok && w.okAt !== null ? Math.round(w.okAt - landed) : null,
               gone: el ? !el.isConnected : null, matches: w.matches(),
               effectMs: ok ? Math.round(w.okAt - landed) : null,
               sinceChange: down ? Math.round(down.t - down.vt) : null, vAtTap: down ? down.v : w.v,
               vNow: cn.v,
               nextChangeMs: after ? Math.round(after[0] - landed) : null,
               redrawMs: redraw === undefined ? null : Math.round(redraw - landed),
               down: down || null, click: click || null, phaseAtTap: down ? down.phase : null});
      return;
    }
    setTimeout(tick, 15);
  };
  tick();
})"""


@dataclass
class Tap:
    """One tap to make: what, where, and the effect it must have (a JS expression over ``cn``, the probe)."""

    kind: str  # select, deselect, sort, hint, draw, play, pass, discard, give, commit, next, first-draw
    selector: str
    effect: str
    card: str | None = None  # the card (or Stockpile source) a card tap aims at, to check what it hit
    position: dict[str, int] | None = None
    action: bool = False  # it changes the table (the next tap waits for the version change it makes)


@dataclass
class TapRecord:
    game: str
    size: str
    kind: str
    lost: bool
    void: str  # why the tap does not count ("" if it counts)
    offset_ms: int | None  # planned delay after the version change (None: not timed to a change)
    since_change_ms: int | None  # landed this long after the page last saw data-version change
    effect_ms: int | None
    late_ms: int | None  # a lost tap whose effect showed after all, this long after it landed (within 3 s)
    version_before: str
    version_after: str
    next_change_ms: int | None
    redraw_ms: int | None  # first removal of card elements after the tap landed (a redraw), ms
    target: str
    hit: str
    clicked: bool  # the page saw a click event (else the browser itself dropped the tap)
    click_on: str  # what the click event's target was (a card's source or name, else the nearest testid)
    replaced: bool | None  # the element tapped was gone from the page (replaced by a redraw) at the verdict
    matches: int  # elements matching the target's selector at the verdict (2 would be a doubled hand)
    seed: int


def hand_selector(entry: dict) -> str:
    if entry["source"]:
        return f"[data-testid=hand] [data-source='{entry['source']}']"
    if entry["id"] != entry["card"]:  # a hand slot
        return f"[data-testid=hand] [data-testid='{entry['id']}']"
    return f"[data-testid=hand] [data-card='{entry['card']}']"


def sel_effect(selector: str, on: bool) -> str:
    """A card matching ``selector`` shows selected (``on``), or none does (not ``on``), and there is one. (A
    selector by name may match two cards when the hand takes a second of them in the meantime: one is picked.)"""
    each = f"Array.from(document.querySelectorAll({json.dumps(selector)}))"
    test = "some(e => cn.isSel(e))" if on else "every(e => !cn.isSel(e))"
    return f"(({each}).length > 0 && ({each}).{test})"


def click_target(click: dict | None) -> str:
    if not click:
        return ""
    return click.get("card") or (click.get("ids") or [""])[0]


CORNER = {"x": 8, "y": 24}  # cards overlap in the hand: tap the visible corner


def card_tap(entry: dict, on: bool) -> Tap:
    selector = hand_selector(entry)
    return Tap("select" if on else "deselect", selector, sel_effect(selector, on),
               card=entry["id"], position=CORNER)


def button_tap(kind: str, testid: str, effect: str | None = None) -> Tap:
    return Tap(kind, f"[data-testid={testid}]", effect or "", action=effect is None)


def version_effect(version: str) -> str:
    return f"cn.version() !== {json.dumps(version)}"


@dataclass
class Player:
    """One practice table in one browser page, tapped like a person does."""

    page: Page
    game: str
    size: str
    server_url: str
    speed: float
    rng: random.Random
    phone: bool
    records: list[TapRecord] = field(default_factory=list)
    mine: str | None = None  # the card (or source) this player selected and will deselect next
    seed: int = 0
    stuck_since: float = 0.0
    tables: int = 0

    LEVELS = {"president": "normal"}
    PLAYERS = {"president": 4}  # President is played by 4 or 5
    OPTIONS = {"stockpile": "&stock_size=standard"}

    # ----------------------------------------------------------------------------------------- table
    def open_table(self) -> None:
        self.seed = self.rng.randrange(1, 10**6)
        self.tables += 1
        level = self.LEVELS.get(self.game, "medium")
        players = self.PLAYERS.get(self.game, 3)
        url = (f"{self.server_url}/new/{self.game}?players={players}&bots={players - 1}&level={level}"
               f"&seed={self.seed}&speed={self.speed}{self.OPTIONS.get(self.game, '')}")
        self.page.goto(url)
        self.page.wait_for_selector("[data-testid=table], [data-testid=error]")
        if self.page.locator("[data-testid=error]").count():
            raise RuntimeError(f"{url}: {self.page.inner_text('[data-testid=error]')}")
        self.page.wait_for_function("() => window.__taps && window.__taps.v !== null")
        self.mine = None
        self.stuck_since = time.time()

    def read(self) -> dict | None:
        return self.page.evaluate(READ_JS)

    def wait_change(self, before: str, offset: int, timeout: int = 8000) -> tuple[bool, dict | None]:
        res = self.page.evaluate(WAIT_JS, [before, offset, timeout])
        return bool(res["changed"]), res["state"]

    # ----------------------------------------------------------------------------------------- tapping
    def tap(self, tap: Tap, st: dict, offset: int | None) -> TapRecord | None:
        # one call arms the watcher and finds where to put the finger; then one input: a person's tap lands on
        # whatever is at that spot then (Playwright's locator.tap would first re-find the element, several calls)
        armed = self.page.evaluate(ARM_JS, [tap.effect or version_effect(st["version"]), tap.selector, tap.position])
        if armed["already"] or armed["point"] is None:  # the effect holds already, or no target: tests nothing
            self.page.evaluate("(id) => { delete window.__taps.watches[id]; }", armed["id"])
            return None
        x, y = armed["point"]["x"], armed["point"]["y"]
        void = ""
        try:
            if self.phone:
                self.page.touchscreen.tap(x, y)
            else:
                self.page.mouse.click(x, y)
        except PlaywrightError as exc:
            void = "no tap: " + str(exc).splitlines()[0][:80]
        res = self.page.evaluate(RESULT_JS, [armed["id"], LIMIT_MS, LATE_MS])
        down = res["down"] or {}
        ids = down.get("ids") or []
        hit = down.get("card") or (ids[0] if ids else "")
        aim = re.search(r"\[data-testid=([\w-]+)\]$", tap.selector)
        if not void:
            if not res["down"]:
                void = "no pointerdown seen"
            elif not (hit == tap.card or (aim is not None and aim.group(1) in ids)):
                void = f"hit {hit or 'nothing'}"  # the finger landed on something else: the layout moved
            elif res["phaseAtTap"] != st["phase"]:
                void = f"phase {st['phase']} -> {res['phaseAtTap']} before the tap"
            elif tap.card and down.get("can") is False:  # e.g. greyed out as the turn began: the page said no
                void = "card not tappable when the finger landed"
            elif tap.card and down.get("flying"):  # aimed within 200 ms of its appearing, mid-way: faster than a person
                void = "card in flight from another place when the finger landed"
        rec = TapRecord(self.game, self.size, tap.kind, lost=not res["ok"] and not void, void=void, offset_ms=offset,
                        since_change_ms=res["sinceChange"], effect_ms=res["effectMs"], late_ms=res["lateMs"],
                        version_before=str(res["vAtTap"]), version_after=str(res["vNow"]),
                        next_change_ms=res["nextChangeMs"], redraw_ms=res["redrawMs"],
                        target=tap.card or tap.selector, hit=hit, clicked=res["click"] is not None,
                        click_on=click_target(res["click"]),
                        replaced=res["gone"], matches=res["matches"],
                        seed=self.seed)
        self.records.append(rec)
        if tap.kind == "select" and res["ok"]:
            self.mine = tap.card
        elif tap.kind == "deselect" and res["ok"]:
            self.mine = None
        return rec

    # ----------------------------------------------------------------------------------------- choosing
    def my_turn(self, st: dict) -> bool:
        return st["seat"] != "" and st["seat"] in st["turn"].split(",")

    def idle_tap(self, st: dict) -> Tap | None:
        """Not an own move: select a card, deselect it again, or sort."""
        hand = [h for h in st["hand"] if h["can"]]
        codes = [h["card"] for h in st["hand"]]
        sort = button_tap("sort", "btn-sort", self.sort_effect(st)) if "btn-sort" in st["buttons"] else None
        selected = [h for h in hand if h["sel"]]
        if selected and (self.rng.random() < 0.8 or sort is None):
            return card_tap(self.rng.choice(selected), on=False)
        unique = [h for h in hand if codes.count(h["card"]) == 1 or h["id"] != h["card"]]
        if unique and (self.rng.random() < 0.7 or sort is None):
            return card_tap(self.rng.choice(unique), on=True)
        return sort

    def sort_effect(self, st: dict) -> str:
        """The button names the next order, so every sort changes its label. (Not the hand's order: that also
        changes when cards come and go, which would pass a lost sort.)"""
        label = json.dumps(st["buttons"]["btn-sort"]["text"])
        return f'(cn.label("btn-sort") !== null && cn.label("btn-sort") !== {label})'

    def housekeeping(self, st: dict) -> Tap | None:
        b = st["buttons"]
        if "btn-timeout-ok" in b:
            return button_tap("next", "btn-timeout-ok", "!cn.q('[data-testid=btn-timeout-ok]')")
        if "btn-im-back" in b and b["btn-im-back"]["on"]:
            return button_tap("next", "btn-im-back")
        if st["phase"] == "hand-over" and "btn-next-hand" in b and b["btn-next-hand"]["on"]:
            return button_tap("next", "btn-next-hand")
        if st["phase"] == "first-draw" and "btn-first-draw" in b and "ready" in b["btn-first-draw"]["cls"]:
            return button_tap("first-draw", "btn-first-draw")
        if st["phase"] == "pending" and "btn-commit" in b and self.my_turn(st):
            return button_tap("commit", "btn-commit")
        return None

    def turn_tap(self, st: dict) -> Tap | None:
        return getattr(self, f"turn_{self.game}")(st)

    def one_selected(self, st: dict, avoid: set[str] = frozenset()) -> Tap | None:
        """A tap that brings the selection to exactly one card, or None when it is already so."""
        sel = [h for h in st["hand"] if h["sel"]]
        if len(sel) > 1:
            return card_tap(sel[-1], on=False)
        if len(sel) == 1 and sel[0]["card"] not in avoid:
            return None
        if sel:
            return card_tap(sel[0], on=False)
        free = [h for h in st["hand"] if h["can"] and not h["must"] and h["card"] not in avoid] or \
            [h for h in st["hand"] if h["can"]]
        return card_tap(self.rng.choice(free), on=True) if free else None

    def turn_president(self, st: dict) -> Tap | None:
        b = st["buttons"]
        sel = [h for h in st["hand"] if h["sel"]]
        if st["phase"] == "exchange" and "btn-give" in b:
            m = re.search(r"Select (\d)", b["btn-give"]["reason"])
            want = int(m.group(1)) if m else len(sel)
            if b["btn-give"]["on"] and len(sel) == want:
                return button_tap("give", "btn-give")
            if len(sel) > want:
                return card_tap(sel[-1], on=False)
            free = [h for h in st["hand"] if h["can"] and not h["sel"]]
            return card_tap(free[0], on=True) if free else None
        if st["phase"] != "play":
            return None
        if "btn-pass" in b and b["btn-pass"]["on"] and not sel:
            return button_tap("pass", "btn-pass")
        if len(sel) == 1 and "btn-play" in b and b["btn-play"]["on"]:
            return button_tap("play", "btn-play")
        if sel:
            return card_tap(sel[-1], on=False)
        if "btn-pass" in b and b["btn-pass"]["on"]:
            return button_tap("pass", "btn-pass")
        free = [h for h in st["hand"] if h["can"]]
        return card_tap(free[0], on=True) if free else None

    def hint_tap(self, st: dict) -> Tap | None:
        b = st["buttons"]
        if "btn-hint" in b and b["btn-hint"]["on"] and "hint" not in b and self.rng.random() < 0.4:
            return button_tap("hint", "btn-hint", "!!cn.q('[data-testid=hint]')")
        return None

    def turn_rummy(self, st: dict) -> Tap | None:
        b = st["buttons"]
        if st["phase"] != "play":
            return None
        if st["stage"] == "draw":
            if "pile-stock" in b and "ready" in b["pile-stock"]["cls"]:
                return self.hint_tap(st) or button_tap("draw", "pile-stock")
            return None
        if st["stage"] == "play":
            fix = self.one_selected(st)
            if fix is not None:
                return fix
            return self.hint_tap(st) or button_tap("discard", "pile-discard")
        return None

    def turn_beanie(self, st: dict) -> Tap | None:
        b = st["buttons"]
        if st["phase"] != "play":
            return None
        if st["stage"] == "draw":
            return button_tap("draw", "pile-stock")
        if st["stage"] == "play":
            avoid = getattr(self, "_beanie_avoid", set())
            fix = self.one_selected(st, avoid)
            if fix is not None:
                return fix
            if "btn-discard" in b and b["btn-discard"]["on"]:
                self._beanie_avoid = set()
                return button_tap("discard", "btn-discard")
            sel = [h["card"] for h in st["hand"] if h["sel"]]
            self._beanie_avoid = avoid | set(sel)  # this card cannot go: pick another one next
            return card_tap(next(h for h in st["hand"] if h["sel"]), on=False)
        return None

    def turn_stockpile(self, st: dict) -> Tap | None:
        sp = st["sp"]
        b = st["buttons"]
        if st["phase"] != "play" or sp is None:
            return None
        if "btn-pass" in b and b["btn-pass"]["on"]:
            return button_tap("pass", "btn-pass")
        board_sel = 'cn.q("[data-testid=stockpile-board]").dataset.selected'
        if sp["selected"]:
            src = sp["selected"]
            if self.rng.random() < 0.25:  # change of mind: drop the selection (tap the card again)
                return Tap("deselect", self.source_selector(src), f"{board_sel} === ''", card=src,
                           position=CORNER if src.startswith("hand:") else None)
            for pile in sp["builds"]:
                if pile["accepts"]:
                    return button_tap("play", pile["id"])
            if src.startswith("hand:"):
                mine = [p for p in sp["discards"] if p["accepts"]]
                if mine:
                    card = sp["tops"].get(src) or next((h["card"] for h in st["hand"] if h["source"] == src), "")
                    same = [p for p in mine if p["top"] == card] or [p for p in mine if not p["top"]] or mine
                    return button_tap("discard", same[0]["id"])
            return Tap("deselect", self.source_selector(src), f"{board_sel} === ''", card=src,
                       position=CORNER if src.startswith("hand:") else None)
        options = [(src, pile) for pile in sp["builds"] for src in pile["drop"]]
        if options:
            def rank(opt: tuple[str, dict]) -> int:
                src = opt[0]
                wild = sp["tops"].get(src) == "W"
                return (0 if src.startswith("stock:") else 1 if src.startswith("discard:") else 2) + 3 * wild
            src = min(options, key=rank)[0]
        else:
            hand = [h for h in st["hand"] if h["source"]]
            if not hand:
                return None
            src = max(hand, key=lambda h: 0 if h["card"] == "W" else int(h["card"]))["source"]
        return Tap("select", self.source_selector(src), f"{board_sel} === {json.dumps(src)}", card=src,
                   position=CORNER if src.startswith("hand:") else None)

    def source_selector(self, src: str) -> str:
        kind, *rest = src.split(":")
        if kind == "hand":
            return f"[data-testid=hand] [data-source='{src}']"
        if kind == "stock":
            return f"[data-testid=stock-{rest[0]}]"
        return f"[data-testid=discard-{rest[0]}-{rest[1]}]"

    # ----------------------------------------------------------------------------------------- playing
    def finished(self, st: dict | None) -> bool:
        if st is None or st["phase"] == "over" or st["status"] in ("over", "closed") or not st["url"].startswith(
                "/table/"):
            return True
        if st["phase"] == "play" and not st["hand"] and not self.my_turn(st) and self.game != "rummy":
            return True  # out of cards (President): nothing left to tap but Sort
        return False

    def run(self, taps: int, deadline: float) -> None:
        """Tap until ``taps`` taps count (or the deadline passes); new tables as the games end."""
        self.open_table()
        st = self.read()
        fresh = False  # a version change has just been seen (the next tap is timed to it)
        offset: int | None = None
        counted = 0
        while counted < taps and time.time() < deadline:
            if self.finished(st):
                self.open_table()
                st, fresh = self.read(), False
                continue
            tap = self.housekeeping(st)
            if tap is None and self.my_turn(st):
                tap = (self.idle_tap(st) if fresh and self.rng.random() < 0.3 else None) or self.turn_tap(st)
            if tap is None and fresh:
                tap = self.idle_tap(st)
            if tap is None:  # wait for the next change at the table, then tap right after it (or a little later)
                offset = 0 if self.rng.random() < 0.35 else self.rng.randrange(0, 151)
                changed, now = self.wait_change(st["version"], offset)
                if changed:
                    self.stuck_since = time.time()
                    fresh = True
                elif time.time() - self.stuck_since > 30:
                    print(f"  {self.game}/{self.size}: table {st['url']} stuck in {st['phase']} (seed {self.seed}); "
                          "a new one", flush=True)
                    st = None
                    continue
                st = now
                continue
            rec = self.tap(tap, st, offset if fresh else None)
            fresh = bool(tap.action and rec is not None and not rec.lost)  # the next tap follows this change
            offset = 0
            if rec is not None and not rec.void:
                counted += 1
                if rec.lost:
                    print(f"  LOST {self.game}/{self.size} {rec.kind} {rec.target}: {rec.since_change_ms} ms after "
                          f"version change, v {rec.version_before} -> {rec.version_after}", flush=True)
            st = self.read()
            if tap.action and st is not None and rec is not None and rec.lost:
                self.stuck_since = time.time()

    def counted(self) -> list[TapRecord]:
        return [r for r in self.records if not r.void]


def page_options(phone: bool) -> dict[str, Any]:
    if phone:
        return {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    return {"viewport": {"width": 1280, "height": 800}}
