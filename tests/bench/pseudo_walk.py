"""Walk every page and phase in the pseudo-language at each size and list every text that did not pass through a
catalogue (issue 51).

    python tests/bench/pseudo_walk.py [--sizes 1280x800,390x844] [--show 12]

Starts ``main.py`` on a free loopback port with a fresh data directory holding a few finished games, the test hooks
and far caps on new tables, then walks tests/e2e/pseudo_screens.py's screens with ``?lang=en-XA`` in Chromium at
each size (a width under 600 is a phone, with touch): home, profile, stats, link, rules (index and every game), the
host console, a game night and its TV, a friends table's lobby, Rummy's first draw, a practice table of every game
(in play, then finished through ``/test/autoplay``), its replay (and the review's first costly decision, its panel
open), scores page and TV; President's card exchange from four seats, each game's summary between hands, Rummy's
"Rummy!" window, Beanie's steal and vote, Stockpile's partners, and the "not found" answers. On each it reads what a
person reads or hears: visible text, ``aria-label``, ``title``, ``placeholder``, ``alt``, ``document.title`` and
every toast. A text with an English word (three letters or more) outside the pseudo-language's ``[…]`` brackets is
listed, page by page, with a count (names of people and computer players, codes, card faces and dates aside). The
suite walks each screen once: tests/e2e/test_pseudo_language.py. Exit code 1 when any page has such a text.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e.conftest import FAR_CAPS_ENV, QUICK_SERVER_ENV  # noqa: E402
from tests.e2e.pseudo_phases import write_games  # noqa: E402
from tests.e2e.pseudo_screens import Walk, pages_and_games, phases_between_turns  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def hooks_server(prefix: str, port: int, prepare: Callable[[Path], None] | None = None) -> Iterator[None]:
    """``main.py`` with the test hooks on ``port`` and a fresh data folder (``prepare`` writes into it first), quick
    reviews and far caps on new tables (a walk opens many from one address), answering, until the block ends."""
    with tempfile.TemporaryDirectory(prefix=prefix) as data:
        if prepare is not None:
            prepare(Path(data))
        env = {**FAR_CAPS_ENV, **QUICK_SERVER_ENV, **os.environ, "CARDNIGHT_TEST_HOOKS": "1"}
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1280x800,390x844")
    parser.add_argument("--show", type=int, default=12, help="texts listed per page")
    args = parser.parse_args()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    started = time.monotonic()
    total = 0
    codes: list[str] = []  # the tables the walks opened and their people (the host console lists them all)
    people: list[str] = []
    with hooks_server("cardnight-pseudo-", port, write_games):
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium-headless-shell",
                                        args=["--no-sandbox", "--disable-gpu"])
            for size in args.sizes.split(","):
                width, height = (int(v) for v in size.split("x"))
                phone = width < 600
                context = {"viewport": {"width": width, "height": height}, "has_touch": phone, "is_mobile": phone}
                walk = Walk(url, browser)
                walk.codes += codes
                walk.people += people
                pages_and_games(walk, context)
                phases_between_turns(walk, context)
                codes, people = walk.codes, walk.people
                print(f"== {size}: {len(walk.report)} screens")
                for name, texts in walk.report.items():
                    total += len(texts)
                    if texts:
                        print(f"{name}: {len(texts)} not through a catalogue")
                    for text in texts[:args.show]:
                        print(f"    {text[:110]!r}")
            browser.close()
    print(f"{total} texts in all ({time.monotonic() - started:.0f} s)")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
