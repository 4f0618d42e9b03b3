"""Sharing and any-device resume in real Chromium: the scorecard PNG downloads as a valid image of the right
size, the text summary can be copied, and a second browser linked by a one-time code sees the first one's games.

The game finishes by itself: a four-hand President practice where the computer plays the person's seat from the
start too (the server's test hook ``/test/autoplay/<CODE>``; speed=0), so the test waits for no turn timer.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import Browser, expect

from storage.archive import FinishedGame
from tests.e2e.conftest import Server, free_port, running
from tests.e2e.test_tap_during_redraw import HookServer
from ui.components.scorecard_png import round_scores, scorecard_size

URL = "/new/president?players=4&hands=4&seed=7&speed=0"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """The app with its test hooks on (for ``/test/autoplay``)."""
    yield from running(HookServer(tmp_path / "data", free_port(), seed=1000))


def finished_record(server: Server, code: str) -> FinishedGame:
    """The finished game as stored: the summary in cardnight.json, the action log in games/<CODE>.json."""
    data = json.loads((server.data_dir / "cardnight.json").read_text())
    record = next(r for r in data["finished"].values() if r["code"] == code)
    record["log"] = json.loads((server.data_dir / "games" / f"{code}.json").read_text())["log"]
    return FinishedGame.model_validate(record)


def test_scorecard_download_and_a_linked_device_sees_the_games(browser: Browser, server: Server) -> None:
    first = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    page = first.new_page()
    page.goto(server.url + URL)
    table = page.locator("[data-testid=table]")
    expect(table).to_have_attribute("data-game", "president")
    code = page.url.rstrip("/").rsplit("/", 1)[-1]
    assert page.request.post(f"{server.url}/test/autoplay/{code}").ok
    expect(table).to_have_attribute("data-status", "over", timeout=60_000)  # the computer finishes

    # the scorecard image: downloaded, a real PNG, sized for 4 players and the rounds played
    with page.expect_download() as info:
        page.click("[data-testid=btn-share-png]")
    download = info.value
    assert download.suggested_filename == f"cardnight-{code}.png"
    image = Image.open(io.BytesIO(download.path().read_bytes()))
    image.verify()
    record = finished_record(server, code)
    assert image.format == "PNG"
    assert image.size == scorecard_size(len(round_scores(record)), 4)
    reply = page.request.get(f"{server.url}/share/{code}.png")
    assert reply.status == 200 and reply.headers["content-type"] == "image/png"
    assert page.request.get(f"{server.url}/share/NOPE99.png").status == 404

    # the text summary
    page.click("[data-testid=btn-share-text]")
    text = page.locator("textarea[data-testid=share-text], [data-testid=share-text] textarea")
    expect(text).to_have_value(re.compile(r"^Card Night · President · .*\n🏆 .* wins?!"))
    page.click("[data-testid=btn-share-copy]")
    expect(page.locator("[data-testid=share-status]")).not_to_have_text("")

    # link a second browser with a one-time code: it becomes the same player and sees the game
    page.goto(server.url + "/link")
    page.click("[data-testid=btn-link-create]")
    link_code = page.locator("[data-testid=link-code]").inner_text()
    assert len(link_code) == 9 and link_code[4] == "-"

    second = browser.new_context(viewport={"width": 390, "height": 844})
    phone = second.new_page()
    phone.goto(server.url + "/stats")
    expect(phone.locator("[data-testid=stats-empty]")).to_be_visible()
    phone.goto(server.url + "/link")
    phone.fill("[data-testid=link-code-input]", link_code)
    phone.click("[data-testid=btn-link-use]")
    expect(phone.locator(f"[data-testid=history-{code}]")).to_be_visible(timeout=10_000)
    expect(phone.locator("[data-testid=stat-president-games]")).to_have_text("1")
    # the history's row fits the phone (two lines there): nothing to scroll sideways
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert phone.get_by_test_id(f"history-replay-{code}").bounding_box()["x"] + 36 <= 390

    # the code worked once: a third browser cannot use it again
    third = browser.new_context().new_page()
    third.goto(server.url + "/link")
    third.fill("[data-testid=link-code-input]", link_code)
    third.click("[data-testid=btn-link-use]")
    expect(third.locator("[data-testid=link-message]")).to_contain_text("not valid")
    for ctx in (first, second, third.context):
        ctx.close()
