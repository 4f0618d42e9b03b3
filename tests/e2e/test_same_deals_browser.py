"""Duplicate deals in real browsers: a Rummy practice table of a game night and its duplicate (computer players at
speed 0), which joins the night by itself. The first table finishes first; its player sees the comparison waiting,
and the second table's player gets nothing of the first table's play (table page, replay, the night's page: its
match is held back) until their own game is over too; then both see the comparison and the night counts both."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server, free_port

pytestmark = pytest.mark.e2e

SIZE = {"viewport": {"width": 1280, "height": 800}}


@pytest.fixture(scope="module")
def hooks_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data = tmp_path_factory.mktemp("same-deals") / "data"
    data.mkdir()
    saved = os.environ.get("CARDNIGHT_TEST_HOOKS")
    os.environ["CARDNIGHT_TEST_HOOKS"] = "1"  # POST /test/autoplay/<CODE>: the computer plays the person's seat
    srv = Server(data, free_port(), seed=4321)
    try:
        srv.start()
    finally:
        if saved is None:
            os.environ.pop("CARDNIGHT_TEST_HOOKS", None)
        else:
            os.environ["CARDNIGHT_TEST_HOOKS"] = saved
    yield srv
    srv.stop()
    assert not srv.errors(), "server logged errors:\n" + "\n".join(srv.errors())


def code_of(page: Page) -> str:
    return page.url.rstrip("/").split("/")[-1]


def test_a_duplicate_pair_compares_only_once_both_finished(hooks_server: Server, browser: Browser) -> None:
    url = hooks_server.url
    first = browser.new_context(**SIZE).new_page()
    first.goto(url)
    first.fill("[data-testid=night-name-input]", "Same cards night")
    first.click("[data-testid=btn-start-night]")
    expect(first).to_have_url(re.compile(r"/night/[A-Z0-9]{6}$"))
    night = code_of(first)
    first.goto(f"{url}/new/rummy?night={night}&players=2&bots=1&level=easy&target=100&speed=0", timeout=30_000)
    expect(first.get_by_test_id("table")).to_have_attribute("data-status", "playing", timeout=15_000)
    source = code_of(first)

    second = browser.new_context(**SIZE).new_page()
    second.goto(f"{url}/table/{source}")  # watched first (the link was shared), then a duplicate of it
    expect(second.get_by_test_id("table")).to_have_attribute("data-watching", "true", timeout=15_000)
    second.goto(f"{url}/new/rummy?same_deals={source}&speed=0")
    expect(second.get_by_test_id("same-deals-seen-confirm")).to_be_visible(timeout=10_000)  # told before sitting
    second.get_by_test_id("btn-same-deals-anyway").click()
    expect(second.get_by_test_id("table")).to_have_attribute("data-status", "playing", timeout=15_000)
    dup = code_of(second)
    assert dup != source and "same_deals" not in second.url

    # the first table plays its whole match; the second has not finished a deal
    assert first.request.post(f"{url}/test/autoplay/{source}").ok
    expect(first.get_by_test_id("table")).to_have_attribute("data-status", "over", timeout=30_000)
    card = first.locator(f"[data-testid=same-deals][data-other=\"{dup}\"]")  # (quoted: a code may start with a digit)
    expect(card).to_have_attribute("data-waiting", "true", timeout=10_000)
    expect(first.get_by_test_id("same-deals-waiting")).to_be_visible()
    expect(first.get_by_test_id("same-deals-deal")).to_have_count(0)

    # the second table's player gets nothing of the first table's play
    for path in (f"/table/{source}", f"/replay/{source}"):
        second.goto(f"{url}{path}")
        expect(second.get_by_test_id("same-deals-held-back")).to_be_visible(timeout=10_000)
        expect(second.locator("[data-testid=replay], [data-testid=standings], [data-testid=rummy-middle]")
               ).to_have_count(0)
    assert second.request.get(f"{url}/share/{source}.png").status == 404
    second.goto(f"{url}/night/{night}")  # the night holds the first table's match back too
    expect(second.locator(f"[data-testid=night-table-{dup}]")).to_have_attribute("data-state", "playing")
    expect(second.locator(f"[data-testid=night-match-{source}]")).to_have_attribute("data-held-back", "true")
    expect(second.get_by_test_id("night-standings-empty")).to_be_visible()
    held = second.request.get(f"{url}/api/v1/nights/{night}").json()
    assert held["standings"] == [] and all(s["place"] is None for s in held["matches"][0]["seats"])
    second.goto(f"{url}/table/{dup}")
    expect(second.get_by_test_id("table")).to_have_attribute("data-watching", "false", timeout=15_000)

    # the second table finishes: both see how each seat did with the same cards
    assert second.request.post(f"{url}/test/autoplay/{dup}").ok
    expect(second.get_by_test_id("table")).to_have_attribute("data-status", "over", timeout=30_000)
    expect(second.get_by_test_id("same-deals-deal")).to_be_visible(timeout=10_000)
    expect(card).to_have_attribute("data-waiting", "false", timeout=10_000)  # found by the first page by itself
    expect(first.get_by_test_id("same-deals-deal")).to_be_visible()
    for page in (first, second):
        for seat in (0, 1):
            expect(page.get_by_test_id(f"same-deals-row-{seat}")).to_have_attribute("data-better",
                                                                                   re.compile(r"^(-1|0|1)$"))
    # each seat at one table is the other's mirror: better there is worse here
    mine = first.get_by_test_id("same-deals-row-0").get_attribute("data-better")
    theirs = second.get_by_test_id("same-deals-row-0").get_attribute("data-better")
    assert int(mine or 0) == -int(theirs or 0)
    second.goto(f"{url}/replay/{source}")
    expect(second.get_by_test_id("replay")).to_be_visible(timeout=10_000)
    second.goto(f"{url}/night/{night}")
    for code in (source, dup):
        expect(second.locator(f"[data-testid=night-match-{code}]")).to_have_attribute("data-held-back", "false")
    expect(second.get_by_test_id("night-standing-0")).to_be_visible()
