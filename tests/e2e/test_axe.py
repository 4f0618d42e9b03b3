"""Accessibility: axe-core (pinned in package.json, installed by test.sh with ``npm ci``) finds no serious or
critical problem on any screen, on a laptop and on a phone: home, lobby, each game in play, the final standings,
profile, stats, link and rules. A failure prints every violation with the elements it found.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import ROOT, Server, free_port

pytestmark = pytest.mark.e2e

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
GAMES = {
    "president": "players=4&bots=3&level=beginner&seed=42&speed=0",
    "rummy": "players=2&bots=1&level=easy&seed=42&speed=0",
    "beanie": "players=3&bots=2&level=easy&seed=42&speed=0",
    "stockpile": "players=2&bots=1&level=easy&seed=42&speed=0&stock_size=short",
}
# a game that ends by itself: the turn timer runs out and the computer plays the seat until the end
FINISHING = "/new/president?players=4&hands=4&seed=7&speed=0&timer=20"
RUN_AXE = "() => axe.run(document, {resultTypes: ['violations']})"


def axe_script() -> str:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run 'npm ci' (test.sh does) to install the pinned axe-core")
    return AXE.read_text()


def serious(page: Page, screen: str, script: str) -> list[str]:
    """The serious and critical violations axe finds on the page now, one readable line each."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=script)
    found = page.evaluate(RUN_AXE)["violations"]
    return [f"{screen}: {v['impact']} {v['id']} ({v['help']}): "
            + json.dumps([n["html"][:160] for n in v["nodes"][:5]])
            for v in found if v["impact"] in ("serious", "critical")]


@pytest.fixture(scope="module")
def axe_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("axe") / "data", free_port(), seed=1000)
    srv.start()
    yield srv
    srv.stop()
    assert not srv.errors(), "server logged errors:\n" + "\n".join(srv.errors())


@pytest.fixture(params=list(SIZES), scope="module")
def sized(request: pytest.FixtureRequest, browser: Browser) -> Iterator[tuple[str, Page, Page]]:
    phone = request.param == "phone"
    ctx = browser.new_context(viewport=SIZES[request.param], has_touch=phone, is_mobile=phone)
    page, finishing = ctx.new_page(), ctx.new_page()
    page.set_default_timeout(20_000)
    yield request.param, page, finishing
    ctx.close()


def scan(page: Page, screen: str, script: str, problems: list[str]) -> None:
    page.wait_for_timeout(250)  # motion ends: axe reads colours of cards at rest
    problems += serious(page, screen, script)


def test_no_serious_accessibility_problems_on_any_screen(sized: tuple[str, Page, Page], axe_server: Server) -> None:
    size, page, finishing = sized
    script = axe_script()
    url = axe_server.url
    finishing.goto(url + FINISHING)  # plays itself to the end while the other screens are checked
    problems: list[str] = []

    page.goto(url + "/")
    expect(page.locator("[data-testid=join-code-input]")).to_be_visible()
    scan(page, f"{size} home", script, problems)
    page.click("[data-testid=friends-president]")
    expect(page.locator("[data-testid=join-code]")).to_be_visible()
    scan(page, f"{size} lobby", script, problems)
    for game, query in GAMES.items():
        page.goto(f"{url}/new/{game}?{query}")
        expect(page.locator("[data-testid=hand] [data-card]").first).to_be_visible()
        scan(page, f"{size} {game}", script, problems)
        if game == "rummy":  # and after a draw: the discard pile and the table take taps now
            page.click("[data-testid=pile-stock]")
            expect(page.locator("[data-testid=hand] [data-card]")).to_have_count(14)
            scan(page, f"{size} rummy after a draw", script, problems)
    for screen, path in (("profile", "/profile"), ("stats", "/stats"), ("link", "/link"), ("rules", "/rules"),
                         ("rummy rules", "/rules/rummy")):
        page.goto(url + path)
        expect(page.locator("h1").first).to_be_attached()  # a level-one heading (the rules' text brings its own)
        scan(page, f"{size} {screen}", script, problems)

    expect(finishing.locator("[data-testid=table]")).to_have_attribute("data-status", "over", timeout=180_000)
    expect(finishing.locator("[data-testid=standings]")).to_be_visible()
    scan(finishing, f"{size} results", script, problems)
    assert not problems, "axe-core found serious or critical problems:\n" + "\n".join(problems)


def test_the_pinned_axe_core_is_the_one_installed() -> None:
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["axe-core"]
    installed = json.loads((Path(AXE).parents[0] / "package.json").read_text())["version"]
    assert installed == pinned
