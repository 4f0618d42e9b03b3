"""Stockpile's hidden cards, checked by structure: its cards are values (twelve 7s), so a code alone says nothing.

A seat may know its own hand, every stock's top card and size, every discard pile (face up), the building piles and
the counts. It may not know another hand, a stock card under the top, or the draw pile's order.

The browser's element tree is rebuilt from what the server sent it (the page's first elements, then every
websocket ``update``) and checked after each frame; the DOM is read and checked the same way at quiet moments.

* Zones: every element carrying a card (``data-card``) sits in the viewer's hand (``hand``), a stock (``stock-S``),
  a discard pile (``discard-S-P``) or a building pile (``build-B``). A card anywhere else (an opponent's panel, a
  seat badge, an opponent's hand) is a leak, and so is a data-testid naming another seat's hand.
* The hand: each time it is drawn, its cards as a multiset are the viewer's real hand at some step of the window
  (in the DOM: the hand now); each card sent alone is one the viewer holds.
* Stocks: one card at most, the real top; no number in the zone but the top and the count (the cards under the
  top never reach the browser).
* Discard and building piles show their real cards (``data-cards``, ``data-top``).
* Lists: two or more card values in a row (any text or attribute, any run_javascript code) are allowed only as a
  discard pile's own contents.

"The window" is every step of the saved log from the quiet moment before the last one to now: a change reaches the
page after it is saved, but its frames may arrive after the next quiet moment's reading of the file.
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Response

from logic.registry import get_game
from tests.e2e.hidden_cards import Watcher

ZONE_RE = re.compile(r"^(?:hand|stock-(\d+)|discard-(\d+)-(\d+)|build-(\d+))$")
OTHER_HAND_RE = re.compile(r"(?:^|-)hand-(\d+)$|^(?:seat|player|opponent)-(\d+)-hand")
VALUE = r"(?:1[0-2]|[1-9]|W|★)"
LIST_RE = re.compile(rf"(?<![\w:.#/-]){VALUE}(?:[\s,;\"'\[\]]+{VALUE})+(?![\w:./-])")
NUMBER_RE = re.compile(r"(?<![\w:.#/-])(\d+|W|★)(?![\w:./-])")
# attributes that name places, not cards (skipped when reading the numbers in a stock)
PLACE_KEYS = {"data-testid", "data-source", "data-drop", "data-selected", "data-index", "tabindex", "role",
              "draggable", "data-accepts", "aria-pressed", "data-turn", "data-team", "aria-hidden"}
DOM_JS = """() => {
  const out = {}, SKIP = ['script', 'style', 'template', 'noscript']; let n = 0;
  const walk = el => {
    const id = n++, props = {}, children = [];
    for (const a of el.attributes) if (!['class', 'style', 'id'].includes(a.name)) props[a.name] = a.value;
    const text = Array.from(el.childNodes).filter(c => c.nodeType === 3).map(c => c.textContent).join(' ').trim();
    for (const c of el.children) if (!SKIP.includes(c.tagName.toLowerCase())) children.push(walk(c));
    out[id] = {tag: el.tagName.toLowerCase(), props, text, children};
    return id;
  };
  walk(document.body);
  return out;
}"""


def code(v: int) -> str:
    return "W" if v == 0 else str(v)


def token(s: str) -> str:
    return "W" if s == "★" else s


@dataclass
class Allowed:
    """What the viewer may be shown at some step of a window of the game."""

    seat: int | None  # None: a watcher, who holds no hand
    hands: set[tuple[str, ...]] = field(default_factory=set)  # the viewer's hand, sorted
    tops: dict[int, set[str]] = field(default_factory=lambda: defaultdict(set))  # stock tops ("" = empty)
    counts: dict[int, set[str]] = field(default_factory=lambda: defaultdict(set))
    piles: dict[tuple[int, int], set[tuple[str, ...]]] = field(default_factory=lambda: defaultdict(set))
    builds: dict[int, set[str]] = field(default_factory=lambda: defaultdict(set))  # top codes ("" = empty)

    def add(self, snap: dict[str, Any]) -> None:
        if self.seat is not None:
            self.hands.add(tuple(sorted(code(c) for c in snap["hands"][self.seat])))
        for s, stock in enumerate(snap["stocks"]):
            self.tops[s].add(code(stock[-1]) if stock else "")
            self.counts[s].add(str(len(stock)))
        for s, piles in enumerate(snap["discards"]):
            for p, pile in enumerate(piles):
                self.piles[s, p].add(tuple(code(c) for c in pile))
        for b, pile in enumerate(snap["builds"]):
            self.builds[b].add(code(pile[-1]) if pile else "")

    def merge(self, other: Allowed) -> Allowed:
        out = Allowed(self.seat)
        for a in (self, other):
            out.hands |= a.hands
            for mine, theirs in ((out.tops, a.tops), (out.counts, a.counts), (out.piles, a.piles),
                                 (out.builds, a.builds)):
                for k, v in theirs.items():
                    mine[k] |= v
        return out

    @classmethod
    def of(cls, seat: int | None, *snaps: dict[str, Any]) -> Allowed:
        out = cls(seat)
        for snap in snaps:
            out.add(snap)
        return out


class Tree:
    """Elements by id, as the browser holds them: ``{"tag", "props", "text", "children"}``."""

    def __init__(self, els: dict[Any, Any] | None = None) -> None:
        self.els: dict[int, dict[str, Any]] = {}
        self.parent: dict[int, int] = {}
        for k, el in (els or {}).items():
            self.put(k, el)

    def put(self, key: Any, el: dict[str, Any] | None) -> None:
        i = int(key)
        self.els.pop(i, None)
        if el is not None:
            self.els[i] = el
            for c in el.get("children") or []:
                self.parent[int(c)] = i

    def ancestors(self, i: int) -> list[int]:
        """``i`` and its ancestors, nearest first (stale parent links skipped)."""
        out = [i]
        while (p := self.parent.get(out[-1])) is not None and p in self.els and p not in out:
            if out[-1] not in [int(c) for c in self.els[p].get("children") or []]:
                break
            out.append(p)
        return out

    def descendants(self, i: int) -> list[int]:
        out, todo = [], [int(c) for c in self.els.get(i, {}).get("children") or []]
        while todo:
            c = todo.pop()
            if c in self.els:
                out.append(c)
                todo.extend(int(g) for g in self.els[c].get("children") or [])
        return out

    def testid(self, i: int) -> str:
        return str((self.els[i].get("props") or {}).get("data-testid", ""))

    def zone(self, i: int) -> str | None:
        return next((self.testid(a) for a in self.ancestors(i) if ZONE_RE.match(self.testid(a))), None)

    def card(self, i: int) -> str | None:
        v = (self.els[i].get("props") or {}).get("data-card")
        return None if v is None else str(v)


def strings(el: dict[str, Any]) -> list[tuple[str, str]]:
    """(key, text) for an element's text and every attribute holding text."""
    out = [("text", str(el["text"]))] if el.get("text") not in (None, "") else []
    out += [(k, v) for k, v in (el.get("props") or {}).items() if isinstance(v, str)]
    return out


class Checker:
    """The rules of the module docstring, over a :class:`Tree` of frames or of the DOM."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.tree = Tree()
        self.leaks: list[str] = []
        self.counts: Counter[str] = Counter()

    # --- what reached the browser -----------------------------------------------------------------------------
    def html(self, text: str, allowed: Allowed) -> None:
        """The page's first elements, as NiceGUI writes them into the HTML."""
        m = re.search(r"parseElements\(String\.raw`(.*?)`\)", text, re.S)
        assert m, "no elements in the table page's HTML"
        raw = m.group(1)
        for a, b in (("&#36;", "$"), ("&#96;", "`"), ("&gt;", ">"), ("&lt;", "<"), ("&amp;", "&")):
            raw = raw.replace(a, b)
        els = json.loads(raw)
        for k, el in els.items():
            self.tree.put(k, el)
        self.elements(self.tree, [int(k) for k, el in els.items() if el is not None], allowed, "page")

    def frame(self, payload: str, allowed: Allowed) -> None:
        """One websocket frame: an ``update`` changes the tree and its new elements are checked."""
        self.counts["frames"] += 1
        m = re.match(r"42(?:/[^,]*,)?\d*", payload)
        if not m:
            return
        event = json.loads(payload[m.end():])
        if event and event[0] == "update" and isinstance(event[1], dict):
            changed = {k: el for k, el in event[1].items() if k.isdigit()}
            for k, el in changed.items():
                self.tree.put(k, el)
            self.elements(self.tree, [int(k) for k, el in changed.items() if el is not None], allowed, "frame")
            return
        for text in _all_strings(event[1:]):  # run_javascript and the rest: no list of cards
            for hit in LIST_RE.findall(text):
                self.leaks.append(f"frame {event[0]}: list of cards {hit!r}: {text[:120]}")

    def dom(self, els: dict[str, Any], allowed: Allowed) -> list[str]:
        """The DOM as DOM_JS reads it, against the table now. Returns this reading's leaks."""
        tree = Tree(els)
        keep, self.leaks = self.leaks, []
        self.elements(tree, list(tree.els), allowed, "DOM")
        found, self.leaks = self.leaks, keep
        return found

    # --- the rules ---------------------------------------------------------------------------------------------
    def elements(self, tree: Tree, ids: list[int], allowed: Allowed, where: str) -> None:
        for i in ids:
            self.element(tree, i, allowed, where)

    def element(self, tree: Tree, i: int, allowed: Allowed, where: str) -> None:
        el, tid = tree.els[i], tree.testid(i)
        leak = self.leaks.append
        self.counts[f"{where} elements"] += 1
        m = OTHER_HAND_RE.search(tid)
        if m and int(m.group(1) or m.group(2)) != self.seat:
            leak(f"{where}: another seat's hand is named: data-testid={tid}")
        pile = re.fullmatch(r"discard-(\d+)-(\d+)", tid)
        pile_cards = allowed.piles.get((int(pile[1]), int(pile[2])), set()) if pile else set()
        for key, text in strings(el):
            for hit in LIST_RE.findall(text):
                cards = tuple(token(t) for t in re.findall(VALUE, hit))
                if not (pile and key in ("data-cards", "title", "aria-label") and cards in pile_cards):
                    leak(f"{where}: list of cards {hit!r} in {tid or el.get('tag')} {key}: {text[:80]}")
        zone = tree.zone(i)
        card = tree.card(i)
        if card is not None:
            self.counts[f"{where} cards"] += 1
            place = next((t for a in tree.ancestors(i) if (t := tree.testid(a))), "no data-testid")
            self.card(zone, token(card), allowed, where, place)
        if tid == "hand":
            shown = tuple(sorted(token(c) for d in tree.descendants(i) if (c := tree.card(d)) is not None))
            self.counts[f"{where} hands"] += 1
            if shown not in allowed.hands:
                leak(f"{where}: the hand shows {list(shown)}, the viewer held {sorted(allowed.hands)[:4]}")
        if zone and zone.startswith("stock-"):
            self.stock(tree, i, int(zone.split("-")[1]), allowed, where)
        if pile:
            cards = str((el.get("props") or {}).get("data-cards", ""))
            if tuple(c for c in cards.split(",") if c) not in pile_cards:
                leak(f"{where}: {tid} holds {cards!r}, not the real pile")

    def card(self, zone: str | None, card: str, allowed: Allowed, where: str, place: str) -> None:
        m = ZONE_RE.match(zone or "")
        ok = False
        if m is None:
            self.leaks.append(f"{where}: card {card} outside the hand and the piles (in {place})")
            return
        if zone == "hand":
            ok = any(card in h for h in allowed.hands)
        elif m[1] is not None:
            ok = card in allowed.tops[int(m[1])]
        elif m[2] is not None:
            ok = any(card in p for p in allowed.piles[int(m[2]), int(m[3])])
        elif m[4] is not None:
            ok = card in allowed.builds[int(m[4])]
        if not ok:
            self.leaks.append(f"{where}: card {card} in {zone} is not there in the game")

    def stock(self, tree: Tree, i: int, seat: int, allowed: Allowed, where: str) -> None:
        el, tid = tree.els[i], tree.testid(i)
        if tid == f"stock-{seat}":
            self.counts[f"{where} stocks"] += 1
            cards = [c for d in tree.descendants(i) if (c := tree.card(d)) is not None]
            if len(cards) > 1:
                self.leaks.append(f"{where}: stock {seat} shows {len(cards)} cards: {cards}")
            top = str((el.get("props") or {}).get("data-top", ""))
            if token(top) not in allowed.tops[seat]:
                self.leaks.append(f"{where}: stock {seat} top {top!r} is not its real top")
        known = {t for t in allowed.tops[seat] if t} | allowed.counts[seat]
        for key, text in strings(el):
            if key in PLACE_KEYS:
                continue
            for t in NUMBER_RE.findall(text):
                if token(t) not in known:
                    self.leaks.append(f"{where}: stock {seat} mentions {t} ({key}={text[:60]!r})")


def _all_strings(obj: Any) -> list[str]:
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for v in obj.values() for s in _all_strings(v)]
    if isinstance(obj, list):
        return [s for v in obj for s in _all_strings(v)]
    return []


class StockpileWatcher(Watcher):
    """Watcher for a Stockpile table: replays the saved log, checks frames and the DOM with :class:`Checker`."""

    def __init__(self, page: Page, data_dir: Path, seat: int | None = 0, root: str = "[data-testid=table]") -> None:
        super().__init__(page, data_dir, seat)
        self.root = root  # the page's element carrying data-version (the TV's is [data-testid=tv])
        self.checker = Checker(seat)
        self.pages: list[str] = []
        self.prev = self.cur = Allowed(seat)
        self.dom_checks = 0
        page.on("response", self._document)

    def _document(self, response: Response) -> None:
        page = "/table/" in response.url or "/tv/" in response.url
        if response.request.resource_type == "document" and response.status == 200 and page:
            self.pages.append(response.text())

    def _catch_up(self) -> tuple[dict[str, Any], int]:
        """Replay the saved log's new actions (each step joins the window): the snapshot now and its version."""
        record = self._record()
        game = get_game("stockpile")
        if self.state is None:
            self.state = game.new_game(game.make_config(**record["options"]), record["seed"])
            self.cur.add(game.snapshot(self.state))
        for seat, data in record["log"][self.applied:]:
            game.apply(self.state, seat, game.decode_action(data))
            self.cur.add(game.snapshot(self.state))
        self.applied = len(record["log"])
        now, saved = game.snapshot(self.state), record["snapshot"]
        for k in ("hands", "stocks", "discards", "builds"):
            assert now[k] == saved[k], f"the replayed log does not give the saved {k}"
        return now, record["version"]

    def check(self) -> None:
        assert self.code is not None
        now, version = self._catch_up()
        window = self.prev.merge(self.cur)
        for text in self.pages:
            self.checker.html(text, window)
        self.pages.clear()
        frames, self.frames = self.frames, []
        for frame in frames:
            self.checker.frame(frame, window)
        self.frames_scanned += len(frames)
        # the DOM against the table now, once the page shows the saved version (it follows the file): the DOM and its
        # data-version read in one go, again if the page had moved on meanwhile
        root = re.search(r"data-testid=([\w-]+)", self.root)
        deadline = time.time() + 10
        while True:
            dom = self.page.evaluate(DOM_JS)
            shown = next((e["props"].get("data-version") for e in dom.values()
                          if root and e["props"].get("data-testid") == root[1]), None)
            if shown == str(version) or time.time() > deadline:
                break
            self.page.wait_for_timeout(100)
            now, version = self._catch_up()
        # what the DOM shows must never be hidden from this viewer: checked against every step of the window at once
        self.checker.leaks += [f"{f} (against the window)" for f in self.checker.dom(dom, window.merge(self.cur))]
        # and it must show the table now: the regions of a version are in the DOM with its data-version (an update
        # message is a snapshot: ui/nicegui_internals/snapshots.py), so any difference is a failure at once
        found = [f"{f} (file version {version}, DOM version {shown})"
                 for f in self.checker.dom(dom, Allowed.of(self.seat, now))]
        self.checker.leaks += found
        self.leaks = self.checker.leaks
        self.prev, self.cur = self.cur, Allowed.of(self.seat, now)
        self.dom_checks += 1
        self.checks += 1

    def figures(self) -> str:
        c = self.checker.counts
        return (f"element updates checked {c['page elements'] + c['frame elements']}, "
                f"cards in frames {c['page cards'] + c['frame cards']}, hands drawn {c['frame hands']}, "
                f"stocks drawn {c['frame stocks']}, DOM checks {self.dom_checks} "
                f"({c['DOM cards']} cards, {c['DOM hands']} hands, {c['DOM stocks']} stocks)")
