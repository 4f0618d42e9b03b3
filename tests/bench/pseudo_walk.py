"""Walk the pages in the pseudo-language and list every text that did not pass through a catalogue (issue 51).

    python tests/bench/pseudo_walk.py [--sizes 1280x800,390x844] [--show 12]

Starts ``main.py`` on a free loopback port with a fresh data directory and the test hooks, then opens each page with
``?lang=en-XA`` in Chromium at each size: home, profile, stats, link, rules (index and every game), the host console,
a friends table's lobby, Rummy's first draw, a practice table of every game (in play, then finished through
``/test/autoplay``), its replay (and the review's first costly decision, its panel open) and scores page, and a TV.
On each it reads what a person reads or hears: visible text, ``aria-label``, ``title``, ``placeholder``, ``alt`` and
``document.title``. A text with an English word (three letters or more) outside the pseudo-language's
``[…]`` brackets is listed, page by page, with a count; player names and card faces show up too (they are not
translated), so read the list, do not just count it. Exit code 1 when any page has such a text.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from tests.e2e.pseudo_texts import BRACKETED, TEXTS_JS, WORD  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("president", "rummy", "beanie", "stockpile")
DATE = re.compile(r"\d\d [A-Z][a-z]{2} \d{4}")  # dates follow the language's rules, not a catalogue
NOT_WORDS = ("Card Night", "http://", "https://", "127.0.0.1")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def hooks_server(prefix: str, port: int) -> Iterator[None]:
    """``main.py`` with the test hooks on ``port`` and a fresh data folder, answering, until the block ends."""
    with tempfile.TemporaryDirectory(prefix=prefix) as data:
        env = {**os.environ, "CARDNIGHT_TEST_HOOKS": "1"}
        server = subprocess.Popen([sys.executable, "main.py", "--port", str(port), "--host", "127.0.0.1", "--no-mdns",
                                   "--data-dir", data], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1)
                    break
                except OSError:
                    time.sleep(0.2)
            yield
        finally:
            server.terminate()
            server.wait(timeout=10)


def unmarked(texts: list[str]) -> list[str]:
    found = []
    for text in texts:
        rest = text
        for word in NOT_WORDS:
            rest = rest.replace(word, "")
        rest = DATE.sub("", rest)
        while BRACKETED.search(rest):
            rest = BRACKETED.sub("", rest)
        if any(len(word) >= 3 and word.isascii() for word in WORD.findall(rest)):
            found.append(text)
    return sorted(set(found))


def status(url: str, code: str) -> str:
    with urllib.request.urlopen(f"{url}/test/status/{code}") as r:
        return str(json.load(r).get("status"))


def walk(page: Page, url: str) -> dict[str, list[str]]:
    report: dict[str, list[str]] = {}

    def visit(name: str, path: str, wait: int = 1500) -> None:
        page.goto(url + path + ("&" if "?" in path else "?") + "lang=en-XA")
        page.wait_for_timeout(wait)
        report[name] = unmarked(page.evaluate(TEXTS_JS))

    for name, path in (("home", "/"), ("profile", "/profile"), ("stats", "/stats"), ("link", "/link"),
                       ("rules", "/rules"), ("host", "/host")):
        visit(name, path)
    visit("home", "/")
    page.click("[data-testid=friends-president]")  # a friends table's lobby, its host's page (the most options)
    page.wait_for_timeout(2000)
    report["lobby/president"] = unmarked(page.evaluate(TEXTS_JS))
    visit("table/rummy first draw", "/new/rummy?players=2&bots=1&seed=8", 3000)  # each player taps the deck
    for game in GAMES:
        visit(f"rules/{game}", f"/rules/{game}")
        players = 4 if game == "president" else 2
        visit(f"table/{game}", f"/new/{game}?players={players}&bots={players - 1}&seed=7&speed=0", 3000)
        if "/table/" not in page.url:
            report[f"table/{game}"].insert(0, f"(no table: {page.url})")
            continue
        code = page.url.split("/table/")[-1].split("?")[0]
        urllib.request.urlopen(urllib.request.Request(f"{url}/test/autoplay/{code}", method="POST"))
        for _ in range(300):
            if status(url, code) in ("over", "closed"):
                break
            time.sleep(0.3)
        visit(f"results/{game}", f"/table/{code}", 3000)
        visit(f"replay/{game}", f"/replay/{code}", 3000)
        mark = page.locator("[data-testid^=review-mark-]").first  # the review's first costly decision, its panel open
        try:
            mark.wait_for(state="attached", timeout=120_000)
            mark.dispatch_event("click")
            page.get_by_test_id("review-detail").wait_for(timeout=10_000)
            page.wait_for_timeout(500)
            report[f"review/{game}"] = unmarked(page.evaluate(TEXTS_JS))
        except Exception:  # no costly decision in this game
            report[f"review/{game}"] = ["(no costly decision to open)"]
        visit(f"scores/{game}", f"/stats/game/{code}", 2000)
        visit(f"tv/{game}", f"/tv/{code}", 2000)
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1280x800,390x844")
    parser.add_argument("--show", type=int, default=12, help="texts listed per page")
    args = parser.parse_args()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with hooks_server("cardnight-pseudo-", port):
        total = 0
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium-headless-shell",
                                        args=["--no-sandbox", "--disable-gpu"])
            for size in args.sizes.split(","):
                width, height = (int(v) for v in size.split("x"))
                phone = width < 600
                context = browser.new_context(viewport={"width": width, "height": height}, has_touch=phone,
                                              is_mobile=phone)
                report = walk(context.new_page(), url)
                context.close()
                print(f"== {size}")
                for name, texts in report.items():
                    total += len(texts)
                    print(f"{name}: {len(texts)} not through a catalogue")
                    for text in texts[:args.show]:
                        print(f"    {text[:110]!r}")
            browser.close()
    print(f"{total} texts in all")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
