"""Watching one browser for hidden cards: every websocket frame it receives and its DOM, checked against the server's
own saved table (``<data-dir>/tables/<CODE>.json``: config, seed, action log, snapshot with every hand).

A leak is a card code that reaches the viewer while it sits in another seat's hand, was never in the viewer's own
hand this hand/round, and was never public this hand/round (trick or played cards, discard pile, melds and sets,
cards taken openly). Frames arrive while the computer players move at once, so the check is made at quiet
moments (the viewer's turn, or the end): the frames received since the last quiet moment are checked against the
cards that were secret at *every* step in between (no false alarms from cards revealed on the way), the DOM against
the cards secret now. Used by test_hidden_cards_ws.py (CI) and tests/bench (longer runs).

Stockpile's cards are values (many 7s), so a code says nothing about which card it is: its tables are checked by
structure instead (zones, hand multisets, stock tops) by hidden_stockpile.StockpileWatcher; this class only counts
a Stockpile table's frames.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from logic.registry import get_game
from tests.e2e.helpers import attr, table_state

# a wild on the table names the card it stands for (Beanie's data-as="2D"): a rank and suit, not where the real 2D is
STANDS_FOR_RE = re.compile(r'"data-as":"[^"]*"')
CODE_RE = re.compile(r"(?<![A-Za-z0-9#])((?:10|[2-9JQKA])[SHDC])(?![A-Za-z0-9])")


def _codes(cards: list[Any]) -> list[str]:
    """Card codes from a snapshot list (codes already, or Beanie's ints)."""
    out = []
    for c in cards:
        if isinstance(c, str):
            out.append(c)
        else:
            out.append(_beanie_code(int(c)))
    return out


def _beanie_code(card: int) -> str:
    from logic.beanie.sets import CODES

    return CODES[card]


def round_key(key: str, snap: dict[str, Any]) -> Any:
    return snap.get("round") if key == "beanie" else snap.get("hand_no")


def public_cards(key: str, snap: dict[str, Any]) -> set[str]:
    out: set[str] = set()
    if key == "president":
        for _, cards in snap["trick"]:
            out.update(cards)
        for _, cards in snap["history"]:
            out.update(cards)
    elif key == "rummy":
        out.update(snap["discard"])
        out.update(snap.get("first_draw") or [])
        for m in snap["melds"]:
            out.update(m["cards"])
    elif key == "beanie":
        out.update(_codes(snap["discard"]))
        for s in snap["sets"]:
            out.update(_codes(s[3]))
        for taken in snap["taken"]:
            out.update(_codes(taken))
    return out


def hands(key: str, snap: dict[str, Any]) -> list[set[str]]:
    return [set(_codes(h)) for h in snap["hands"]]


class Watcher:
    """Collects frames of one page and checks them at quiet moments."""

    def __init__(self, page: Page, data_dir: Path, seat: int | None = 0) -> None:
        self.page, self.data_dir, self.seat = page, data_dir, seat  # seat None: a watcher (every hand is secret)
        self.frames: list[str] = []
        self.frames_scanned = 0
        self.checks = 0
        self.own_codes_seen = 0  # the viewer's own cards found in frames: proves frames are read the right way
        self.public_codes_seen = 0  # the same for a watcher: public cards (piles, melds) found in frames
        self.leaks: list[str] = []
        self.code: str | None = None
        self.state: Any = None
        self.applied = 0
        self.known: set[str] = set()  # own or public cards this hand/round
        self.round: Any = None
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: Any) -> None:
        self.frames.append(payload if isinstance(payload, str) else payload.decode("utf-8", errors="replace"))

    def attach(self, code: str) -> None:
        self.code = code

    def _record(self) -> dict[str, Any]:
        for _ in range(20):  # os.replace makes every read whole; retry only if the file is briefly missing
            try:
                data = json.loads((self.data_dir / "tables" / f"{self.code}.json").read_text(encoding="utf-8"))
                return next(iter(data["table"].values()))
            except (OSError, ValueError):
                time.sleep(0.05)
        raise AssertionError(f"cannot read the table file of {self.code}")

    def _secret(self, key: str, snap: dict[str, Any]) -> set[str]:
        """Cards in other seats' hands that this viewer may not know (updates ``known`` first)."""
        r = round_key(key, snap)
        if r != self.round:
            self.round, self.known = r, set()
        hs = hands(key, snap)
        self.known |= (hs[self.seat] if self.seat is not None else set()) | public_cards(key, snap)
        others = set().union(*(h for i, h in enumerate(hs) if i != self.seat))
        return others - self.known

    def check(self) -> None:
        """A quiet moment: replay the new actions, check the frames since the last check and the DOM now."""
        assert self.code is not None
        record = self._record()
        game = get_game(record["game_key"])
        if game.key == "stockpile" or record.get("snapshot") is None:
            self.frames_scanned += len(self.frames)
            self.frames.clear()
            return
        if self.state is None:
            self.state = game.new_game(game.make_config(**record["options"]), record["seed"])
            secret_all = self._secret(game.key, game.snapshot(self.state))
        else:
            secret_all = self._secret(game.key, game.snapshot(self.state))
        for seat, data in record["log"][self.applied:]:
            game.apply(self.state, seat, game.decode_action(data))
            secret_all &= self._secret(game.key, game.snapshot(self.state))
        self.applied = len(record["log"])
        now_secret = self._secret(game.key, game.snapshot(self.state))
        frames, self.frames = self.frames, []
        snap = game.snapshot(self.state)
        own = hands(game.key, snap)[self.seat] if self.seat is not None else set()
        public = public_cards(game.key, snap)
        for frame in frames:
            found = set(CODE_RE.findall(STANDS_FOR_RE.sub("", frame)))
            self.own_codes_seen += len(found & own)
            self.public_codes_seen += len(found & public)
            for code in found & secret_all:
                self.leaks.append(f"frame: {code} (log step {self.applied}): {frame[:200]}"
                                  + (f" ... {frame[max(0, frame.find(code) - 300):frame.find(code) + 100]}"
                                     if len(frame) > 200 else ""))
        self.frames_scanned += len(frames)
        shown = set(self.page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
        for code in shown & now_secret:
            self.leaks.append(f"DOM: {code} at log step {self.applied}")
        self.checks += 1


def settle(page: Page) -> None:
    """Have every frame the page received so far handed to the watcher's handler.

    Chromium reports a websocket frame before the page's script sees it, and Playwright delivers events in the order
    they came, before the answer to any later call: so once the page shows a state, one round trip to it is enough
    for the frames that drew that state (no fixed sleep)."""
    page.evaluate("0")


def play_watched(page: Page, watcher: Watcher, step: Callable[[Page], bool], max_seconds: float,
                 first_hand_only: bool = False) -> str:
    """Drive one practice table to its end (or the first hand's end, or the time limit), checking at every quiet
    moment. Returns the table's data-status, or "hand-over" when it stopped after the first hand."""
    deadline = time.time() + max_seconds
    while time.time() < deadline:
        state = table_state(page)
        if state["status"] in ("over", "closed"):
            break
        if state["my_turn"] or state["phase"] == "hand-over":
            settle(page)
            watcher.check()
            if first_hand_only and attr(page, "data-phase") == "hand-over":
                return "hand-over"
        if not step(page):
            page.wait_for_timeout(100)
    page.wait_for_timeout(300)
    watcher.check()
    return attr(page, "data-status")
