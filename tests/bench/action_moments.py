"""The actions bench's moments mode (``bench_actions.py --moments``): the rare actions timed from positions set up
directly, so each gets hundreds of samples in minutes instead of hours of play.

A Rummy game has few melds and fewer takes of the discard pile, and a President practice bench passes far more often
than it plays. So: the computer plays a few games to their end on each server (``/new`` + ``POST /test/autoplay``,
the same seeds on every commit), the bench reads their logs (``<data dir>/games/<CODE>.json``) and picks every
moment a seat took the discard pile's top card or melded (Rummy) or played cards (President). For each sample it
opens ``/practice/<CODE>?step=N&seat=S&exact=1&speed=0`` -- "play from here" at that very position, the page in the
seat that moved -- and makes the same move with real clicks in the real page: select the cards, tap the button or
the pile, timed from the ``pointerdown`` until the page shows the new state (see ``bench_actions.timed``). A Rummy
turn that took the discard and then melded gives a "take discard" and a "meld" sample on one page.

Only routes that older commits have too (``/practice``, ``/test/autoplay``, ``/test/status``), so ``--against`` works.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page

from tests.e2e.conftest import Server

# the games the computer plays to their end, per game: short ones, fixed seeds (the same games on every commit)
SOURCE_GAMES = {
    "rummy": "players=2&bots=1&level=easy&target=100&first_draw=false&speed=0",
    "president": "players=4&bots=3&level=beginner&hands=4&speed=0",
}
GAME_LIMIT_S = 120.0
SETTLE_MS = 300  # after a moment's page has opened, before its first tap

Timer = Callable[..., "float | None"]  # bench_actions.timed


@dataclass(frozen=True)
class Moment:
    """One position to play from: finished game ``code``, before move ``step``, by ``seat``; ``moves`` the log's moves
    of that seat from there on that the bench makes (a take and the melds of the same turn, or one play)."""

    code: str
    step: int
    seat: int
    moves: tuple[dict[str, Any], ...]


def finished_codes(page: Page, server: Server, game: str, count: int, first_seed: int = 1) -> list[str]:
    """``count`` games of ``game`` the computer plays to their end at once (all seats), their codes."""
    codes = []
    for i in range(count):
        page.goto(f"{server.url}/new/{game}?{SOURCE_GAMES[game]}&seed={first_seed + i}", timeout=30_000)
        page.wait_for_selector("[data-testid=table]", timeout=30_000)
        code = page.url.rstrip("/").rsplit("/", 1)[-1]
        page.request.post(f"{server.url}/test/autoplay/{code}")
        codes.append(code)
    page.goto("about:blank")
    deadline = time.monotonic() + GAME_LIMIT_S
    waiting = set(codes)
    while waiting and time.monotonic() < deadline:
        for code in list(waiting):
            if page.request.get(f"{server.url}/test/status/{code}").json().get("status") == "over":
                waiting.discard(code)
        time.sleep(0.5)
    done = [c for c in codes if c not in waiting]
    # the archiver writes the log a moment after the game ends
    for _ in range(40):
        if all((server.data_dir / "games" / f"{c}.json").exists() for c in done):
            break
        time.sleep(0.25)
    return [c for c in done if (server.data_dir / "games" / f"{c}.json").exists()]


def game_log(server: Server, code: str) -> list[tuple[int, dict[str, Any]]]:
    data = json.loads((server.data_dir / "games" / f"{code}.json").read_text(encoding="utf-8"))
    return [(int(seat), dict(action)) for seat, action in data["log"]]


def rummy_moments(code: str, log: list[tuple[int, dict[str, Any]]]) -> Iterator[Moment]:
    """Every turn that took from the discard pile or melded: from its first take or meld, that move and the seat's
    following melds of the same turn (a lay-off between them is left out: the melds stay legal without it)."""
    i = 0
    while i < len(log):
        seat, action = log[i]
        if action.get("kind") not in ("take", "meld"):
            i += 1
            continue
        moves, j = [], i
        while j < len(log) and log[j][0] == seat and log[j][1].get("kind") in ("take", "meld", "layoff"):
            if log[j][1].get("kind") != "layoff":
                moves.append(log[j][1])
            j += 1
        yield Moment(code, i, seat, tuple(moves))
        i = j


def president_moments(code: str, log: list[tuple[int, dict[str, Any]]]) -> Iterator[Moment]:
    for step, (seat, action) in enumerate(log):
        if action.get("kind") == "play":
            yield Moment(code, step, seat, (action,))


def moments(server: Server, game: str, codes: list[str]) -> list[Moment]:
    """The moments of every game, interleaved game by game (so a short run still samples several games)."""
    pick = rummy_moments if game == "rummy" else president_moments
    per_game = [list(pick(code, game_log(server, code))) for code in codes]
    out: list[Moment] = []
    for k in range(max((len(m) for m in per_game), default=0)):
        out.extend(m[k] for m in per_game if k < len(m))
    return out


HAND_COUNT = "document.querySelectorAll('[data-testid=hand] [data-card]').length"


class MomentPlayer:
    """Opens each moment in one page and makes its moves, recording times by action name."""

    def __init__(self, page: Page, server: Server, game: str, times: dict[str, list[float]], timed: Timer) -> None:
        self.page, self.server, self.game, self.times, self.timed = page, server, game, times, timed
        self.skipped = 0

    def record(self, name: str, ms: float | None) -> bool:
        if ms is None:
            self.skipped += 1
            return False
        self.times[name].append(ms)
        return True

    def open(self, m: Moment) -> bool:
        page = self.page
        page.goto(f"{self.server.url}/practice/{m.code}?step={m.step}&seat={m.seat}&exact=1&speed=0", timeout=30_000)
        try:  # the page in the seat to move, its hand drawn
            page.wait_for_function(
                "() => { const t = document.querySelector('[data-testid=table]');"
                " return !!t && (t.dataset.turn || '').split(',').includes(t.dataset.seat)"
                " && !!document.querySelector('[data-testid=hand] [data-card]'); }", timeout=15_000)
        except Exception:
            self.skipped += 1
            return False
        # the page settled as a player's page is when they tap: fonts in, its first drawings and the notice done
        page.evaluate("() => document.fonts.ready")
        page.wait_for_timeout(SETTLE_MS)
        return True

    def select(self, codes: list[str]) -> bool:
        for code in codes:
            sel = f"[data-testid=hand] [data-card='{code}']"
            if "selected" in (self.page.get_attribute(sel, "class") or "").split():
                continue  # (already picked up)
            ms = self.timed(self.page, sel, f"document.querySelector(\"{sel}\").classList.contains('selected')",
                            position={"x": 8, "y": 24})
            if not self.record("select", ms):
                return False
        return True

    def play(self, m: Moment) -> None:
        if not self.open(m):
            return
        page = self.page
        for move in m.moves:
            kind = move["kind"]
            n = int(page.evaluate(HAND_COUNT))
            if kind == "take":
                if page.get_attribute("[data-testid=pile-discard]", "data-top") != move["card"]:
                    return  # a dig under the top card: the picker's, not timed here
                if not self.record("take discard", self.timed(
                        page, f"[data-testid=pile-discard] [data-card='{move['card']}']", f"{HAND_COUNT} > {n}")):
                    return
            elif kind == "meld":
                count = page.get_attribute("[data-testid=melds]", "data-count") or "0"
                if not self.select(list(move["cards"])) or not self.record("meld", self.timed(
                        page, "[data-testid=btn-meld]",
                        f"document.querySelector('[data-testid=melds]').dataset.count != '{count}'")):
                    return
            elif kind == "play":
                if self.select(list(move["cards"])):
                    self.record("play", self.timed(page, "[data-testid=btn-play]", f"{HAND_COUNT} < {n}"))


WANTED = {"rummy": ("take discard", "meld"), "president": ("play",)}


class MomentQueue:
    """The moments of one game on one server, more finished games made when they run out."""

    def __init__(self, player: MomentPlayer, game: str, batch_games: int) -> None:
        self.player, self.game, self.batch_games = player, game, batch_games
        self.queue: list[Moment] = []
        self.codes: list[str] = []  # the finished games made (for the replays)
        self.next_seed = 1

    def done(self, n: int) -> bool:
        return all(len(self.player.times[a]) >= n for a in WANTED[self.game])

    def play(self, count: int, n: int) -> None:
        """Up to ``count`` moments (fewer once every action of the game has ``n`` samples)."""
        player = self.player
        for _ in range(count):
            if self.done(n):
                return
            if not self.queue:
                codes = finished_codes(player.page, player.server, self.game, self.batch_games, self.next_seed)
                self.next_seed += self.batch_games
                self.codes += codes
                self.queue = moments(player.server, self.game, codes)
                print(f"{player.server.url} {self.game}: {len(codes)} more finished games, {len(self.queue)} "
                      "moments", flush=True)
                if not self.queue:
                    return
            player.game = self.game
            player.play(self.queue.pop(0))
