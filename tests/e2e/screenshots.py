"""Take the screenshots we look at before calling a screen done (laptop 1280x800 and phone 390x844).

    python tests/e2e/screenshots.py [OUT_DIR]

Starts its own server on a free port with a throw-away data directory; writes PNGs to OUT_DIR
(default ./screenshots). The README shows shots like these, kept in docs/screenshots/ and docs/phone/.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.e2e.conftest import CHROMIUM_ARGS, Server, chromium_executable, free_port  # noqa: E402

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844},
         "phone-small": {"width": 360, "height": 740}}
GAMES = {
    "president": "players=4&bots=3&level=normal&seed=42&speed=0",
    "rummy": "players=2&bots=1&level=medium&seed=42&speed=0",
    "beanie": "players=3&bots=2&level=medium&seed=42&speed=0",
    "stockpile": "players=2&bots=1&level=medium&seed=42&speed=0&stock_size=short",
}


def shoot(page: Page, out: Path, name: str) -> None:
    page.wait_for_timeout(700)
    page.screenshot(path=str(out / f"{name}.png"), full_page=False)
    print(out / f"{name}.png")


def main() -> None:

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots")
    out.mkdir(parents=True, exist_ok=True)
    server = Server(Path(tempfile.mkdtemp()) / "data", free_port())
    server.start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_executable(),
                                        args=CHROMIUM_ARGS)
            for size, viewport in SIZES.items():
                phone = viewport["width"] < 600
                page = browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone).new_page()
                page.goto(server.url)
                shoot(page, out, f"home-{size}")
                page.click("[data-testid=friends-president]")
                page.wait_for_selector("[data-testid=join-code]")
                shoot(page, out, f"lobby-{size}")
                for game, query in GAMES.items():
                    page.goto(f"{server.url}/new/{game}?{query}")
                    try:
                        page.wait_for_selector("[data-testid=table]", timeout=8000)
                    except Exception:
                        continue  # that game has no screen yet
                    shoot(page, out, f"{game}-{size}")
                page.context.close()
            player_screens(browser, server, out)
            browser.close()
    finally:
        server.stop()


def player_screens(browser, server: Server, out: Path) -> None:  # noqa: ANN001
    """Profile, stats (after a finished game), one game's chart and the link screen, at both sizes."""
    page = browser.new_context(viewport=SIZES["laptop"]).new_page()
    page.goto(f"{server.url}/new/president?players=4&hands=4&seed=7&speed=0&timer=20")
    page.wait_for_selector("[data-testid=table][data-status=over]", timeout=180_000)  # timer, then the computer
    code = page.url.rstrip("/").rsplit("/", 1)[-1]
    shoot(page, out, "president-over-laptop")
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        for name, path in (("stats", "/stats"), ("stats-game", f"/stats/game/{code}"), ("link", "/link"),
                           ("profile", "/profile")):
            page.goto(server.url + path)
            shoot(page, out, f"{name}-{size}")
    page.context.close()


if __name__ == "__main__":
    main()
