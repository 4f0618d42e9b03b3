"""Reviews and Play from here in a real browser, at laptop and phone size (with touch): a game driven to its end
through the running server (the computer plays the person's seat: ``POST /test/autoplay/<CODE>``) shows a review
line per seat under the standings, filled in from the worker pool; the replay marks the costly decisions on its
timeline and in the move list with a detail panel; Play from here opens a practice table at that step in the
chosen seat, whose hand is that seat's hand then. Set CN_SHOTS=<dir> to keep screenshots."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from logic.registry import get_game
from logic.replay import Replay
from tests.e2e.axe_phases import FONTS_READY
from tests.e2e.conftest import ROOT, Server, free_port
from tests.e2e.helpers import hand_codes

SIZES = {"laptop": dict(viewport={"width": 1280, "height": 800}),
         "phone": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)}


@pytest.fixture(scope="module")
def review_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data = tmp_path_factory.mktemp("review") / "data"
    data.mkdir()
    saved = {k: os.environ.get(k) for k in ("CARDNIGHT_TEST_HOOKS", "CARDNIGHT_REVIEW_BUDGET")}
    os.environ["CARDNIGHT_TEST_HOOKS"] = "1"
    os.environ["CARDNIGHT_REVIEW_BUDGET"] = "8"  # quick, rougher reviews: the test is about the pages
    srv = Server(data, free_port(), seed=77)
    try:
        srv.start()
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    yield srv
    srv.stop()
    assert not srv.errors(), "server logged errors:\n" + "\n".join(srv.errors())


def shot(page: Page, name: str) -> None:
    out = os.environ.get("CN_SHOTS")
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(out) / f"{name}.png"), full_page=True)


def axe_problems(page: Page, screen: str, within: str = "document") -> list[str]:
    """Serious and critical accessibility problems axe-core (node_modules, pinned) finds on the page now (or in the
    part ``within``, a JS expression of an element)."""
    axe = ROOT / "node_modules" / "axe-core" / "axe.min.js"
    if not axe.exists():
        pytest.fail(f"{axe} is missing: run 'npm ci' (test.sh does)")
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=axe.read_text())
    found = page.evaluate(f"() => {FONTS_READY}.then(() => axe.run({within}, {{resultTypes: ['violations']}}))")
    found = found["violations"]
    return [f"{screen}: {v['impact']} {v['id']} ({v['help']}): " + json.dumps([n["html"][:160] for n in v["nodes"][:5]])
            for v in found if v["impact"] in ("serious", "critical")]


def finished_record(server: Server, code: str) -> dict:
    """The archived game as the server wrote it (read only: the files, not a second database instance)."""
    main = json.loads((server.data_dir / "cardnight.json").read_text())
    record = next(r for r in main["finished"].values() if r["code"] == code)
    record["log"] = json.loads((server.data_dir / "games" / f"{code}.json").read_text())["log"]
    return record


def tap(page: Page, testid: str, size: str) -> None:
    target = page.get_by_test_id(testid)
    if size == "phone":
        target.tap()
    else:
        target.click()


def pick(page: Page, testid: str, option: str, size: str) -> None:
    tap(page, testid, size)
    page.get_by_role("option", name=option, exact=True).click()


@pytest.mark.parametrize("size", list(SIZES))
def test_review_marks_and_play_from_here(review_server: Server, browser: Browser, size: str) -> None:
    page = browser.new_context(**SIZES[size]).new_page()
    page.goto(f"{review_server.url}/new/president?players=4&bots=3&speed=0&level=beginner", timeout=30_000)
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-status", "playing", timeout=15_000)
    code = page.url.rstrip("/").split("/")[-1]
    assert page.request.post(f"{review_server.url}/test/autoplay/{code}").ok
    expect(table).to_have_attribute("data-status", "over", timeout=60_000)
    assert page.request.get(f"{review_server.url}/test/status/{code}").json()["status"] == "over"
    assert page.request.get(f"{review_server.url}/test/status/NOSUCH").status == 404
    expect(page.get_by_test_id("standings")).to_be_visible()
    for seat in range(4):
        expect(page.get_by_test_id(f"review-summary-{seat}")).to_have_attribute(
            "data-review-state", re.compile("running|done"))
    mine = page.get_by_test_id("review-summary-0")  # the person's seat is reviewed first
    expect(mine).to_have_attribute("data-review-state", "done", timeout=120_000)
    assert re.fullmatch(r"\d{1,3}", mine.get_attribute("data-accuracy") or "")
    expect(mine).to_contain_text(re.compile(r"accuracy \d+%"))
    shot(page, f"review-standings-{size}")
    problems = axe_problems(page, "standings with reviews")

    tap(page, "btn-replay", size)
    replay = page.get_by_test_id("replay")
    expect(replay).to_have_attribute("data-step", "0", timeout=15_000)
    expect(page.get_by_test_id("review-timeline")).to_be_visible()
    pick(page, "review-seat", "Everyone", size)
    marks = page.locator("[data-testid^=review-mark-]")
    expect(marks.first).to_be_attached(timeout=120_000)
    progress = page.get_by_test_id("review-progress")
    expect(progress).to_have_attribute("data-focus", "all")  # the state below is everyone's, not only ours
    expect(progress).to_have_attribute("data-review-state", "done", timeout=180_000)
    step = min(int((m.get_attribute("data-testid") or "").rsplit("-", 1)[1]) for m in marks.all())
    mark = page.get_by_test_id(f"review-mark-{step}")  # (more marks come while the review runs)
    seat = int(mark.get_attribute("data-seat") or "0")
    assert float(mark.get_attribute("data-cost") or "0") > 0
    if size == "phone":  # marks may lie closer than a finger: the arrows go from one to the next
        page.get_by_test_id("btn-review-next").tap()
    else:
        mark.click()
    expect(replay).to_have_attribute("data-step", str(step))
    detail = page.get_by_test_id("review-detail")
    expect(detail).to_be_visible()
    expect(detail).to_contain_text("The search preferred")
    expect(detail).to_contain_text("Estimated cost")
    expect(page.get_by_test_id(f"replay-move-{step}")).to_have_attribute("data-cost", re.compile(r"\d"))
    shot(page, f"review-replay-{size}")
    problems += axe_problems(page, "replay with marks")

    tap(page, "btn-retry-decision", size)  # the decision again: from the step before it, in that seat
    dialog = page.get_by_test_id("play-from-here-dialog")
    expect(dialog).to_be_visible()
    page.get_by_text("Exact deal, for study").click()
    shot(page, f"review-play-dialog-{size}")
    problems += axe_problems(page, "play from here")
    tap(page, "btn-pfh-start", size)
    practice = page.get_by_test_id("table")
    expect(practice).to_have_attribute("data-seat", str(seat), timeout=20_000)
    assert page.url.rstrip("/").split("/")[-1] != code

    record = finished_record(review_server, code)
    game = get_game("president")
    state = Replay(game, record["log"], config=game.make_config(**record["options"]),
                   seed=record["seed"]).state_at(step - 1)
    expected = sorted(game.view(state, seat)["hand"])
    page.wait_for_function("() => document.querySelectorAll('[data-testid=hand] [data-card]').length > 0")
    assert sorted(hand_codes(page)) == expected  # the decision was this seat's: nobody moved before it
    shot(page, f"review-practice-{size}")

    page.goto(f"{review_server.url}/stats/game/{code}")  # the finished game's page: the same lines, read back
    expect(page.get_by_test_id("review-summary-0")).to_have_attribute("data-review-state", "done", timeout=15_000)
    expect(page.get_by_test_id("review-summary-0")).to_have_attribute("data-accuracy", re.compile(r"^\d+$"))
    shot(page, f"review-game-page-{size}")
    rights = page.locator("[data-testid^=final-] > .num").evaluate_all(  # the points: one right-aligned column
        "els => els.map(e => Math.round(e.getBoundingClientRect().right))")
    assert len(rights) == 4 and len(set(rights)) == 1, f"the game page's points are not one column: {rights}"
    page.goto(f"{review_server.url}/stats")  # accuracy over time, per game
    accuracy = page.get_by_test_id("stats-accuracy-president")
    expect(accuracy).to_be_visible(timeout=15_000)
    expect(accuracy).to_have_attribute("data-games", "1")
    accuracy.scroll_into_view_if_needed()
    shot(page, f"review-stats-{size}")
    problems += axe_problems(page, "stats accuracy",  # (the rest of /stats is tests/e2e/test_axe.py's)
                             "document.querySelector('[data-testid=stats-accuracy]')")
    assert not problems, "\n".join(problems)
    page.context.close()
