"""The gallery's stand-in (``POST /test/stand-in/<CODE>``, test hooks on): the computer makes the person's moves as
that person, so the person's page goes through a whole game showing what a person sees — never "You ran out of
time" nor "the computer is playing for you" — and the game reaches its end (tools/gallery.py shoots those pages)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import Server, free_port, running
from tests.e2e.test_tap_during_redraw import HookServer

pytestmark = pytest.mark.e2e

# whether the page ever showed the autoplay or timeout notice, noted by the page itself from its first drawing
WATCH_JS = """() => { window.__cnNotices = 0; new MutationObserver(() => {
  if (document.querySelector('[data-testid=autoplay-notice], [data-testid=timeout-notice]')) window.__cnNotices++;
}).observe(document.documentElement, {subtree: true, childList: true}); }"""


@pytest.fixture(scope="module")
def stand_in_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    base: Path = tmp_path_factory.mktemp("stand_in")
    srv = HookServer(base / "data", free_port(), extra_args=("--no-mdns",))
    yield from running(srv)


def test_stand_in_plays_a_person_through_a_whole_game_as_themselves(browser: Browser, stand_in_server: Server) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.add_init_script(f"({WATCH_JS})()")
    page.goto(f"{stand_in_server.url}/new/president?players=4&bots=3&level=beginner&hands=4&seed=5&speed=0")
    page.wait_for_selector("[data-testid=table][data-status=playing]")
    code = page.url.rstrip("/").rsplit("/", 1)[-1]
    answer = page.request.post(f"{stand_in_server.url}/test/stand-in/{code}")
    assert answer.ok and answer.json() == {"seats": [0]}
    page.wait_for_selector("[data-testid=table][data-status=over]", timeout=60_000)
    assert page.evaluate("window.__cnNotices") == 0
    assert page.locator("[data-testid=standings]").is_visible()
    assert page.request.post(f"{stand_in_server.url}/test/stand-in/NOSUCH").status == 404
    page.context.close()
