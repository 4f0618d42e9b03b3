"""The gallery: every game through its phases at 1280x800, 390x844 (touch) and the TV at 1920x1080, as screenshots
to look at, with the layout walker's findings (tests/e2e/layout_walk.py) for every table screen.

    .venv/bin/python tools/gallery.py [OUT_DIR] [--games president,rummy] [--sizes laptop,phone,large]

Starts its own server (test hooks on, a throw-away data directory) and for each game and size: the lobby of a friends
table, a practice table's first screen, then the computer plays every seat, the person's as that person would
(``/test/stand-in``: their page shows what a person sees, not "You ran out of time") and a shot is taken
whenever the phase changes and every few seconds of play (first draw, exchange, play, hand end, ...), the final
standings and the replay with its review (of a second game the computer plays at once), and the game's rules page.
The TV page (/tv/<CODE>) is shot at the paced table's start, after its minute, and at the end. Writes
OUT_DIR/<game>-<size>-<nn>-<phase>.png, OUT_DIR/<game>-tvpage-*.png and OUT_DIR/report.txt: the walker's findings
for every table and replay screen (tests/e2e/layout_walk.py, console errors and failed requests included) and the
TV's (text under 28 px, cards under 15% of the screen). Exits with status 1 when anything was found.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.e2e.conftest import CHROMIUM_ARGS, DEFAULT_CHROMIUM, Server, free_port  # noqa: E402
from tests.e2e.layout_walk import (  # noqa: E402
    REPLAY,
    SIZES,
    TABLE,
    TOAST_JS,
    PageWatch,
    check_screen,
    first_look_problems,
    open_table,
    seat_identities,
    tv_problems,
)

# short games at a pace a person can follow, so each phase is on screen for a moment
GAMES = {
    "president": "players=4&bots=3&level=beginner&hands=4&seed=7&speed=0.5",
    "rummy": "players=2&bots=1&level=easy&target=100&seed=7&speed=0.5",
    "beanie": "players=3&bots=2&level=easy&rounds=2&seed=7&speed=0.5",
    "stockpile": "players=2&bots=1&level=easy&stock_size=short&seed=7&speed=0.5",
}
PLAY_SHOT_EVERY_S = 6.0
# the table's phase once it differs from the last one shot and is drawn ("over" at the end); null while unchanged
PHASE_CHANGE_JS = """(last) => {
  const t = document.querySelector('[data-testid=table]');
  if (!t) return null;
  if (t.getAttribute('data-status') === 'over') return 'over';
  const phase = t.getAttribute('data-phase') || t.getAttribute('data-status') || '';
  if (phase === last) return null;
  if (phase === 'hand-over' && !document.querySelector('[data-testid=hand-summary]')) return null;  // (drawn)
  return phase;
}"""
PACED_S = 60.0  # the paced game is watched this long; the end of a game comes from a second one played at once
OVER_LIMIT_S = 300.0  # (a loaded machine: Rummy to 100 took over two minutes)


class Gallery:
    def __init__(self, browser: Browser, server: Server, out: Path) -> None:
        self.browser, self.server, self.out = browser, server, out
        self.report: list[str] = []
        self.problems = 0

    def shot(self, page: Page, name: str, walk: bool, touch: bool, root: str = TABLE, phase: str | None = None) -> None:
        """``phase``: the table's phase the shot is named after; a shot that the next phase overtook is told."""
        path = self.out / f"{name}.png"
        page.screenshot(path=str(path))
        late = [] if phase is None or self.table_state(page)[1] in (phase, "") else [
            f"the table was past {phase} right after the shot"]
        if not walk:
            problems = late
        elif root == TABLE:
            problems = late + first_look_problems(page, touch) + check_screen(page, touch=touch) + seat_identities(page)
        else:
            problems = late + check_screen(page, touch=touch, root=root)
        self.tell(name, problems, path)

    def tell(self, name: str, problems: list[str], path: Path) -> None:
        self.problems += len(problems)
        self.report.append(f"{name}: " + ("ok" if not problems else "\n    " + "\n    ".join(problems)))
        print(path, "" if not problems else f"({len(problems)} problems)", flush=True)

    def table_state(self, page: Page) -> tuple[str, str]:
        table = page.locator("[data-testid=table]")
        return table.get_attribute("data-status") or "", table.get_attribute("data-phase") or ""

    def game(self, game: str, size: str) -> None:
        touch = size == "phone"
        ctx = self.browser.new_context(**SIZES[size], reduced_motion="reduce")
        page = ctx.new_page()
        watch = PageWatch().attach(page)
        prefix = f"{game}-{size}"
        n = 0

        def take(phase: str, walk: bool = True, in_play: bool = False) -> None:
            nonlocal n
            n += 1
            self.shot(page, f"{prefix}-{n:02d}-{phase}", walk, touch, phase=phase if in_play else None)

        page.goto(self.server.url)
        page.click(f"[data-testid=friends-{game}]")
        page.wait_for_selector("[data-testid=join-code]")
        page.wait_for_timeout(400)
        take("lobby")
        open_table(page, f"{self.server.url}/new/{game}?{GAMES[game]}")
        code = page.url.rstrip("/").rsplit("/", 1)[-1]
        take("start")
        self.distraction_free(page, f"{prefix}-{n + 1:02d}-start-distraction-free", touch)
        n += 1
        tv = self.tv_shot(code, f"{game}-tvpage-start-{size}")
        page.request.post(f"{self.server.url}/test/stand-in/{code}")
        deadline, last_phase, last_shot = time.monotonic() + PACED_S, "", time.monotonic()
        while time.monotonic() < deadline:
            # the page says when its phase changes (checked every frame), so a short phase (the exchange, a hand's
            # end) is shot while it is on screen, not a poll later when the next hand has come
            wait_s = min(deadline, last_shot + PLAY_SHOT_EVERY_S) - time.monotonic()
            try:
                phase = page.wait_for_function(PHASE_CHANGE_JS, arg=last_phase, polling="raf",
                                               timeout=max(50.0, wait_s * 1000)).json_value()
            except PlaywrightTimeout:  # no change: a shot of the play every few seconds
                phase = last_phase
            if phase == "over" or time.monotonic() >= deadline:
                break
            take(phase, in_play=True)
            last_phase, last_shot = phase, time.monotonic()
        if tv is not None:
            self.tv_look(tv, f"{game}-tvpage-later-{size}")
            tv.context.close()
        # the end: the same game played by the computer at once
        open_table(page, f"{self.server.url}/new/{game}?{GAMES[game].replace('speed=0.5', 'speed=0')}")
        code = page.url.rstrip("/").rsplit("/", 1)[-1]
        page.request.post(f"{self.server.url}/test/stand-in/{code}")
        page.locator("[data-testid=table][data-status=over]").wait_for(timeout=OVER_LIMIT_S * 1000)
        page.wait_for_timeout(800)
        take("over")
        if size == "laptop":  # the TV at the end of a game (once per game)
            tv_over = self.tv_shot(code, f"{game}-tvpage-over")
            if tv_over is not None:
                tv_over.context.close()
        page.goto(f"{self.server.url}/replay/{code}")
        page.wait_for_selector("[data-testid=replay]")
        page.wait_for_timeout(1500)
        n += 1
        self.shot(page, f"{prefix}-{n:02d}-replay", True, touch, root=REPLAY)
        page.goto(f"{self.server.url}/rules/{game}")
        page.wait_for_selector("[data-testid=rule-examples]")
        take("rules", walk=False)
        if watch.errors:  # (each walked shot told those that had come; these are all of the page's)
            self.report.append(f"{prefix} page errors:\n    " + "\n    ".join(watch.errors))
            self.problems += len(watch.news())  # the ones after the last walked shot (the rules page)
        ctx.close()

    def distraction_free(self, page: Page, name: str, touch: bool) -> None:
        """The table without the header, with a notice showing (its own band), walked; then the header back."""
        def toggle(header: bool) -> None:  # the page reloads with the header gone (or back)
            page.locator("[data-testid=btn-menu]").click()
            page.get_by_role("menuitem", name="Distraction-free").click()
            page.wait_for_function("(on) => !!document.querySelector('[data-testid=header]') === on", arg=header)
            page.locator("[data-testid=table]").wait_for()
            page.wait_for_timeout(800)

        toggle(False)
        page.evaluate(TOAST_JS, "Sam joined the table. The computer played for Alex, who ran out of time.")
        page.wait_for_timeout(700)
        self.shot(page, name, True, touch)
        toggle(True)

    def tv_shot(self, code: str, name: str) -> Page | None:
        tv = self.browser.new_context(**SIZES["tv"], reduced_motion="reduce").new_page()
        PageWatch().attach(tv)
        tv.goto(f"{self.server.url}/tv/{code}")
        try:
            tv.wait_for_selector("[data-testid=tv]", timeout=8000)
        except Exception:  # noqa: BLE001 - a TV page that does not come is reported, the walk goes on
            self.tell(name, ["the TV page did not open"], self.out / f"{name}.png")
            tv.context.close()
            return None
        tv.wait_for_timeout(500)
        self.tv_look(tv, name)
        return tv

    def tv_look(self, tv: Page, name: str) -> None:
        """A TV shot, with what is too small for the sofa (tests/e2e/layout_walk.py tv_problems)."""
        path = self.out / f"{name}.png"
        tv.screenshot(path=str(path))
        self.tell(name, tv_problems(tv), path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="gallery")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--sizes", default="laptop,phone,large", help="large: the table page itself at 1920x1080")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    os.environ["CARDNIGHT_TEST_HOOKS"] = "1"
    server = Server(Path(tempfile.mkdtemp()) / "data", free_port())
    server.start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH", DEFAULT_CHROMIUM),
                                        args=CHROMIUM_ARGS)
            gallery = Gallery(browser, server, out)
            for game in args.games.split(","):
                for size in args.sizes.split(","):
                    try:
                        gallery.game(game, size)
                    except PlaywrightError as exc:  # (a game that does not end in time): told, the walk goes on
                        for ctx in browser.contexts:
                            ctx.close()
                        gallery.tell(f"{game}-{size}", [f"the walk stopped: {exc.message.splitlines()[0]}"],
                                     out / f"{game}-{size}")
                    (out / "report.txt").write_text("\n".join(gallery.report) + "\n")  # (so far)
            browser.close()
    finally:
        server.stop()
    (out / "report.txt").write_text("\n".join(gallery.report) + "\n")
    print(f"report: {out / 'report.txt'}")
    if gallery.problems:  # a layout problem, a console error or a failed request fails the walk
        sys.exit(f"{gallery.problems} problems: see {out / 'report.txt'}")


if __name__ == "__main__":
    main()
