"""The replay page in a real browser, at laptop and phone size: the buttons, the keys ←/→/Space, auto-play and
the jump to a hand. Set CN_SHOTS=<dir> to keep screenshots."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server, free_port, running
from tests.replay_support import write_finished

SIZES = {"laptop": dict(viewport={"width": 1280, "height": 800}),
         "phone": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)}


@pytest.fixture(scope="module")
def replay_server(tmp_path_factory: pytest.TempPathFactory):
    data = tmp_path_factory.mktemp("replay") / "data"
    data.mkdir()
    write_finished(data, "president", "RPLAY1", seed=3)
    write_finished(data, "stockpile", "RPLAY2", seed=3)
    srv = Server(data, free_port())
    yield from running(srv)


def shot(page: Page, name: str) -> None:
    out = os.environ.get("CN_SHOTS")
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(out) / f"{name}.png"))


@pytest.mark.parametrize("size", list(SIZES))
def test_replay_controls_and_keys(replay_server: Server, browser: Browser, size: str) -> None:
    page = browser.new_context(**SIZES[size]).new_page()
    page.goto(f"{replay_server.url}/replay/RPLAY1", timeout=30_000)
    root = page.get_by_test_id("replay")
    expect(root).to_have_attribute("data-step", "0", timeout=15_000)
    steps = int(root.get_attribute("data-steps"))
    assert steps > 20
    page.get_by_test_id("btn-replay-next").click()
    expect(root).to_have_attribute("data-step", "1")
    expect(page.get_by_test_id("replay-move-1")).to_have_attribute("data-current", "true")
    expect(page.get_by_test_id("replay-move-1")).to_have_text(re.compile(r"^(Dex|Ada|Finn|Juno) played "))
    for _ in range(3):
        page.get_by_test_id("btn-replay-next").click()
    expect(root).to_have_attribute("data-step", "4")
    page.mouse.click(5, 300)  # focus the page, not a button
    page.keyboard.press("ArrowLeft")
    expect(root).to_have_attribute("data-step", "3")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(root).to_have_attribute("data-step", "5")
    shot(page, f"replay-{size}")
    page.get_by_test_id("replay-speed").click()
    page.get_by_role("option", name="Fast").click()
    page.get_by_test_id("btn-replay-prev").focus()  # Space plays even with a button focused (and only plays)
    page.keyboard.press(" ")
    expect(root).to_have_attribute("data-playing", "true")
    expect(root).not_to_have_attribute("data-step", "5", timeout=10_000)
    page.keyboard.press(" ")
    expect(root).to_have_attribute("data-playing", "false")
    stopped = root.get_attribute("data-step")
    page.wait_for_timeout(1200)  # more than two steps at this speed
    assert root.get_attribute("data-step") == stopped  # paused: it stays
    # jump to the start of hand 3
    page.get_by_test_id("replay-hands").click()
    page.get_by_role("option", name="Hand 3 of 4").click()
    expect(page.get_by_test_id("round-label")).to_have_text("Hand 3 of 4")
    assert int(root.get_attribute("data-step")) > 5
    page.context.close()


def test_unknown_replay_code_gets_a_clear_page(replay_server: Server, browser: Browser) -> None:
    page = browser.new_page()
    page.goto(f"{replay_server.url}/replay/NOSUCH")
    expect(page.get_by_test_id("error")).to_contain_text("No finished game with code NOSUCH")
    page.goto(f"{replay_server.url}/replay/RPLAY2")  # the server is still up and replays others
    expect(page.get_by_test_id("replay")).to_have_attribute("data-step", "0", timeout=15_000)
    shot(page, "replay-stockpile-laptop")
    page.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_rules_example_steps_with_the_replay_controls(replay_server: Server, browser: Browser, size: str) -> None:
    page = browser.new_context(**SIZES[size]).new_page()
    page.goto(f"{replay_server.url}/rules/president", timeout=30_000)
    example = page.get_by_test_id("example-trick-won")
    root = example.get_by_test_id("replay")
    expect(root).to_have_attribute("data-step", "0", timeout=15_000)
    assert root.get_attribute("data-steps") == "9"
    example.scroll_into_view_if_needed()
    for _ in range(5):
        example.get_by_test_id("btn-replay-next").click()
    expect(root).to_have_attribute("data-step", "5")
    expect(example.get_by_test_id("replay-caption")).to_contain_text("Ben wins the trick")
    expect(example.get_by_test_id("trick")).to_be_visible()
    example.get_by_test_id("btn-replay-prev").click()
    expect(root).to_have_attribute("data-step", "4")
    shot(page, f"rules-example-{size}")
    page.context.close()
