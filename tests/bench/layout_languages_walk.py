"""Every game's lobby, table in play and results in every language at both sizes: what does not fit (issue 51).

    python tests/bench/layout_languages_walk.py [--langs de,fr,es,pt_BR,it,pl,ja] [--sizes phone,laptop]
                                                [--shots DIR --shot-langs de,ja]

Starts ``main.py`` on a free loopback port with a fresh data directory (a few finished games in it:
tests/e2e/pseudo_phases.py) and the test hooks, plays each game to its end at a practice table (``/test/autoplay``),
then for each language and size opens, for each game, a host's lobby, a table in play, its summary between hands
and the finished table's standings (and President's card exchange, as a giver and as a receiver: ``/practice``
tables jumped to from a finished game), and lists what tests/e2e/text_fit.py finds there (a text cut off or sticking
out) and what the layout walker finds covered (tests/e2e/layout_walk.py). With ``--shots`` it also saves
screenshots, for the ``--shot-langs`` languages at each size, of each of those screens and of every game's replay
(at the review's first costly decision when there is one, its panel open) and rules page:
``DIR/<lang>-<size>-<game>-<screen>.png``.
The suite's share of this walk is tests/e2e/test_layout_languages.py. Exit code 1 when anything was found.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from playwright.sync_api import Browser, Page, StorageState, sync_playwright  # noqa: E402

from tests.bench.pseudo_walk import free_port, hooks_server  # noqa: E402
from tests.e2e.layout_walk import REPLAY, SIZES, check_screen, open_table  # noqa: E402
from tests.e2e.pseudo_phases import FINISHED, exchange, hand_over, write_games  # noqa: E402
from tests.e2e.test_layout import GAMES  # noqa: E402
from tests.e2e.text_fit import text_problems  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
QUICK = {"president": "players=4&bots=3&seed=7&level=beginner", "rummy": "players=2&bots=1&seed=7&target=100",
         "beanie": "players=3&bots=2&seed=7&rounds=1", "stockpile": "players=2&bots=1&seed=7&stock_size=short"}


def post(url: str) -> None:
    urllib.request.urlopen(urllib.request.Request(url, method="POST"))


def status(url: str, code: str) -> str:
    with urllib.request.urlopen(f"{url}/test/status/{code}") as r:
        return str(json.load(r).get("status"))


def finish_games(page: Page, url: str) -> dict[str, str]:
    """Each game played to its end by the computer at a practice table of this browser: game -> table code."""
    codes = {}
    for game, query in QUICK.items():
        page.goto(f"{url}/new/{game}?{query}&speed=0")
        page.wait_for_url("**/table/**", timeout=15_000)
        codes[game] = page.url.split("/table/")[1][:6]
        post(f"{url}/test/autoplay/{codes[game]}")
    for code in codes.values():
        for _ in range(1500):
            if status(url, code) in ("over", "closed"):
                break
            time.sleep(0.2)
    return codes


def walk(browser: Browser, url: str, state: StorageState, codes: dict[str, str], lang: str, size: str,
         shots: Path | None) -> dict[str, list[str]]:
    touch = size == "phone"
    page = browser.new_context(storage_state=state, reduced_motion="reduce", **SIZES[size]).new_page()
    report: dict[str, list[str]] = {}

    def look(name: str, root: str = "[data-testid=table]") -> None:
        page.wait_for_timeout(400)
        report[name] = text_problems(page, root) + (check_screen(page, touch=touch, toast=False, root=root)
                                                    if page.locator(root).count() else [])
        if shots is not None:
            whole = not name.endswith(("/rules", "/replay"))  # (a rules page is many screens long: its first one)
            page.screenshot(path=str(shots / f"{lang}-{size}-{name.replace('/', '-')}.png"), full_page=whole)

    for game in GAMES:
        page.goto(f"{url}/?lang={lang}")
        page.click(f"[data-testid=friends-{game}]")
        page.wait_for_selector("[data-testid=opt-players]")
        look(f"{game}/lobby")
        open_table(page, f"{url}/new/{game}?{GAMES[game]}&lang={lang}")
        look(f"{game}/table")
        code = next(c for c, (key, _options) in FINISHED.items() if key == game)
        page.goto(f"{url}/practice/{code}?step={hand_over(code)}&exact=1&speed=10&lang={lang}")
        page.locator("[data-testid=table][data-phase=hand-over] [data-testid=hand-summary]").wait_for(timeout=15_000)
        look(f"{game}/between-hands")
        if game == "president":  # the card exchange: a giver still to give back, a receiver who got cards back
            ex = exchange(code)
            for name, step, seat in (("exchange-giver", ex.step, ex.giver),
                                     ("exchange-receiver", ex.step + 1, ex.giver_partner)):
                page.goto(f"{url}/practice/{code}?step={step}&seat={seat}&exact=1&speed=10&lang={lang}")
                page.locator("[data-testid=table][data-phase=exchange] [data-testid=exchange]").wait_for(
                    timeout=15_000)
                look(f"{game}/{name}")
        page.goto(f"{url}/table/{codes[game]}?lang={lang}")
        page.get_by_test_id("standings").wait_for(timeout=15_000)
        look(f"{game}/results")
        if shots is not None:
            page.goto(f"{url}/replay/{codes[game]}?lang={lang}")
            page.get_by_test_id("replay").wait_for(timeout=15_000)
            mark = page.locator("[data-testid^=review-mark-]").first
            try:
                mark.wait_for(state="attached", timeout=60_000)
                mark.dispatch_event("click")
                page.get_by_test_id("review-detail").wait_for(timeout=10_000)
            except Exception:  # no costly decision in this game: the replay at its start
                pass
            look(f"{game}/replay", REPLAY)
            page.goto(f"{url}/rules/{game}?lang={lang}")
            page.wait_for_timeout(800)
            look(f"{game}/rules", "body")
            example = page.locator("[data-testid^=example-]").first
            if example.count():  # a step-by-step example, on screen
                example.scroll_into_view_if_needed()
                page.wait_for_timeout(300)
                if shots is not None:
                    page.screenshot(path=str(shots / f"{lang}-{size}-{game}-rules-example.png"))
    page.context.close()
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--langs", default="de,fr,es,pt_BR,it,pl,ja")
    parser.add_argument("--sizes", default="phone,laptop")
    parser.add_argument("--shots", type=Path, help="save screenshots here")
    parser.add_argument("--shot-langs", default="de,ja")
    args = parser.parse_args()
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    total = 0
    with hooks_server("cardnight-layout-langs-", port, write_games):
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium-headless-shell",
                                        args=["--no-sandbox", "--disable-gpu"])
            context = browser.new_context(**SIZES["laptop"])
            codes = finish_games(context.new_page(), url)
            state = context.storage_state()
            context.close()
            for lang in args.langs.split(","):
                for size in args.sizes.split(","):
                    shots = args.shots if args.shots and lang in args.shot_langs.split(",") else None
                    report = walk(browser, url, state, codes, lang, size, shots)
                    found = {name: problems for name, problems in report.items() if problems}
                    total += sum(len(v) for v in found.values())
                    print(f"== {lang} {size}: {len(report)} screens, {len(found)} with problems")
                    for name, problems in found.items():
                        for problem in problems[:8]:
                            print(f"    {name}: {problem[:140]}")
            browser.close()
    print(f"{total} problems in all")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
