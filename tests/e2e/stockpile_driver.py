"""Driving the Stockpile table like a person: read the board's data attributes, then click, double-click or drag.

Used by test_stockpile_solo.py and test_stockpile_partners.py; this module holds no tests. The board publishes
everything a tester needs (docs/contract-stockpile.md): ``build-B`` (data-needs, data-size, data-drop = the
sources this seat may play there now), hand cards and pile tops with ``data-source``, and the selection on
``stockpile-board`` (data-selected).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from tests.e2e.helpers import wait_gone

TABLE = "[data-testid=table]"
BOARD = "[data-testid=stockpile-board]"

READ_JS = """() => {
  const t = document.querySelector('[data-testid=table]');
  const b = document.querySelector('[data-testid=stockpile-board]');
  const q = s => Array.from(document.querySelectorAll(s));
  return {
    phase: t.dataset.phase, turn: t.dataset.turn, seat: t.dataset.seat, version: t.dataset.version,
    selected: b ? b.dataset.selected : null,
    builds: q('[data-testid=stockpile-board] .build-pile').map(e => ({
      needs: +e.dataset.needs, size: +e.dataset.size, drop: (e.dataset.drop || '').split(' ').filter(Boolean)})),
    hand: q('[data-testid=hand] [data-source]').map(e => ({src: e.dataset.source, card: e.dataset.card})),
    tops: q('[data-testid=stockpile-board] [data-source], [data-testid=hand] [data-source]').map(
      e => ({src: e.dataset.source, card: e.dataset.card})),
    stocks: q('[data-testid^=stock-]:not([data-testid$=-count])').map(e => ({
      seat: +e.dataset.testid.split('-')[1], count: +e.dataset.count, top: e.dataset.top})),
    undo: !!document.querySelector('[data-testid=btn-undo]:not([disabled])'),
    pass: !!document.querySelector('[data-testid=btn-pass]'),
    commit: !!document.querySelector('[data-testid=btn-commit]'),
  };
}"""


def read(page: Page) -> dict:
    return page.evaluate(READ_JS)


def value(card: str) -> int:
    return 0 if card == "W" else int(card)


def my_turn(st: dict) -> bool:
    return st["seat"] != "" and st["seat"] in (st["turn"] or "").split(",")


@dataclass
class Player:
    """One browser's person. ``gift_wilds``: discard wilds (for a partner to use) instead of playing them."""

    page: Page
    gift_wilds: bool = False
    used: Counter = field(default_factory=Counter)  # how plays were made: click / dblclick / drag / discard-drag
    sources: Counter = field(default_factory=Counter)  # where played cards came from: hand / stock / partner-stock...
    want: list[str] = field(default_factory=lambda: ["drag", "dblclick", "click"])  # ways still to try once

    # --- reading ---------------------------------------------------------------------------------------------
    def wait_change(self, before: str, timeout: float = 15000) -> None:
        expect(self.page.locator(TABLE)).not_to_have_attribute("data-version", before, timeout=timeout)

    def source_el(self, src: str):
        if src.startswith("hand:"):
            return self.page.locator(f"[data-testid=hand] [data-source='{src}']")
        return self.page.locator(f"{BOARD} [data-source='{src}']")

    def container(self, src: str):
        parts = src.split(":")
        if parts[0] == "stock":
            return self.page.locator(f"[data-testid=stock-{parts[1]}]")
        if parts[0] == "discard":
            return self.page.locator(f"[data-testid=discard-{parts[1]}-{parts[2]}]")
        return self.source_el(src)

    # --- choosing -------------------------------------------------------------------------------------------
    def choose_play(self, st: dict) -> tuple[str, int] | None:
        """Stock cards first (own, then the partner's), then numbers from discard piles and the hand; a wild only
        when it lets a stock card follow at once (and not at all when keeping wilds for the partner)."""
        cards = {t["src"]: t["card"] for t in st["tops"]}
        stock_tops = {value(s["top"]) for s in st["stocks"] if s["count"] and f"stock:{s['seat']}" in cards}
        options = [(src, b) for b, info in enumerate(st["builds"]) for src in info["drop"]]
        if not options:
            return None

        def rank(opt: tuple[str, int]) -> tuple[int, int]:
            src, b = opt
            card = cards.get(src, "W")
            if src.startswith("stock:"):
                return (0, b)
            if card == "W":
                helps = st["builds"][b]["needs"] + 1 in stock_tops
                return (3 if helps and not self.gift_wilds else 9, b)
            return (1 if src.startswith("discard:") else 2, b)

        best = min(options, key=rank)
        return best if rank(best)[0] < 9 else None

    def choose_discard(self, st: dict) -> tuple[str, int]:
        seat = st["seat"]
        hand = st["hand"]
        wilds = [h for h in hand if h["card"] == "W"]
        if self.gift_wilds and wilds:
            pick = wilds[0]
        else:
            numbers = [h for h in hand if h["card"] != "W"] or hand
            pick = max(numbers, key=lambda h: value(h["card"]))
        tops = self.page.evaluate(
            "(seat) => [0,1,2,3].map(p => document.querySelector(`[data-testid=discard-${seat}-${p}]`).dataset.top)",
            seat)
        pile = next((p for p, top in enumerate(tops) if top == pick["card"]), None)
        if pile is None:
            pile = next((p for p, top in enumerate(tops) if top == ""), 0)
        return pick["src"], pile

    # --- doing ----------------------------------------------------------------------------------------------
    def select(self, src: str) -> None:
        """Tap a card and see it picked (once: a tap that lands while the board is redrawn still counts)."""
        el = self.source_el(src) if src.startswith("hand:") else self.container(src)
        if src.startswith("hand:"):
            el.click(position={"x": 8, "y": 24})
        else:
            el.click()
        expect(self.page.locator(BOARD)).to_have_attribute("data-selected", src)

    def play(self, st: dict, src: str, b: int) -> None:
        first = next(i for i, info in enumerate(st["builds"]) if src in info["drop"])
        way = next((w for w in self.want if w != "dblclick" or first == b), "click")
        size_before = st["builds"][b]["size"]
        before = st["version"]
        if way == "drag":
            self.source_el(src).drag_to(self.page.locator(f"[data-testid=build-{b}]"))
        elif way == "dblclick":
            target = self.source_el(src) if src.startswith("hand:") else self.container(src)
            target.dblclick(position={"x": 8, "y": 24} if src.startswith("hand:") else None)
        else:
            self.select(src)
            expect(self.page.locator(f"[data-testid=build-{b}]")).to_have_attribute("data-accepts", "true")
            self.page.click(f"[data-testid=build-{b}]")
        self.wait_change(before)
        if way in self.want:
            self.want.remove(way)
        self.used[way] += 1
        kind = src.split(":")[0]
        if kind != "hand" and src.split(":")[1] != st["seat"]:
            kind = "partner-" + kind
        self.sources[kind] += 1
        after = read(self.page)
        if after["phase"] == "play" and after["seat"] == st["seat"] and my_turn(after):
            size_after = after["builds"][b]["size"]
            assert size_after == size_before + 1 or (size_before == 11 and size_after == 0), (size_before, size_after)

    def discard(self, st: dict, drag: bool = False) -> None:
        src, pile = self.choose_discard(st)
        before = st["version"]
        target = self.page.locator(f"[data-testid=discard-{st['seat']}-{pile}]")
        if drag:
            self.source_el(src).drag_to(target)
            self.used["discard-drag"] += 1
        else:
            self.select(src)
            expect(target).to_have_attribute("data-accepts", "true")
            target.click()
            self.used["discard-click"] += 1
        self.wait_change(before)

    def turn(self, max_plays: int = 25, drag_discard: bool = False) -> bool:
        """Play one whole turn if it is this page's turn. Returns True if it did something."""
        page = self.page
        st = read(page)
        if st["phase"] == "hand-over" and page.locator("[data-testid=btn-next-hand]").count():
            page.click("[data-testid=btn-next-hand]")
            wait_gone(page, "btn-next-hand")  # (others mark themselves ready meanwhile: see helpers.wait_gone)
            return True
        if st["phase"] == "pending" and st["commit"]:
            self.finish_pause()
            return True
        if st["phase"] != "play" or not my_turn(st):
            return False
        for _ in range(max_plays):
            if st["pass"]:
                before = st["version"]
                page.click("[data-testid=btn-pass]")
                self.wait_change(before)
                return True
            choice = self.choose_play(st)
            if choice is None:
                break
            self.play(st, *choice)
            st = read(page)
            if st["phase"] != "play" or not my_turn(st):
                return True
        if st["hand"]:
            self.discard(st, drag=drag_discard)
            st = read(page)
            if st["phase"] == "pending":
                self.finish_pause()
        return True

    def finish_pause(self) -> None:
        """After a discard: press Done to skip the pause (at speed 0 the table may already have moved on)."""
        try:
            self.page.click("[data-testid=btn-commit]", timeout=1500)
        except PlaywrightError:
            pass
        expect(self.page.locator(TABLE)).not_to_have_attribute("data-phase", "pending", timeout=15000)


def wait_turn_or_end(page: Page, timeout: float = 30000) -> None:
    expect(page.locator(TABLE)).to_have_attribute("data-phase", re.compile(r"play|over|hand-over"), timeout=timeout)
