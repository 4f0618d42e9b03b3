"""Layout in every language (issue 51): in each of the seven languages, at 390x844 (touch) and at 1280x800, each
game's results (the final standings of a finished game, as its player sees them; at 1280x800, where the room is, two
games' in each language, the other two in the next), a host's lobby and a table in play (a game each, in turn, so every
game's lobby and table are seen across the languages): no text is cut off or sticks out (tests/e2e/text_fit.py), no
option's label is cut, and the layout walker finds nothing covered (tests/e2e/layout_walk.py).

Each game's table in German on a phone and in Japanese on a laptop: tests/e2e/test_layout_languages.py; every
screen of every game in every language at both sizes: tests/bench/layout_languages_walk.py."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, StorageState, expect

from tests.e2e.conftest import Server, free_port, running
from tests.e2e.layout_walk import SIZES, check_screen, open_table
from tests.e2e.test_layout import GAMES
from tests.e2e.test_layout_languages import LABELS_CUT_JS
from tests.e2e.test_tap_during_redraw import HookServer
from tests.e2e.text_fit import text_problems
from ui.i18n.languages import TRANSLATED

pytestmark = pytest.mark.e2e

# games that end in seconds once the computer plays every seat (/test/autoplay)
QUICK = {"president": "players=4&bots=3&seed=7&level=beginner", "rummy": "players=2&bots=1&seed=7&target=100",
         "beanie": "players=3&bots=2&seed=7&rounds=1", "stockpile": "players=2&bots=1&seed=7&stock_size=short"}
KEYS = list(GAMES)


@pytest.fixture(scope="module")
def hook_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = HookServer(tmp_path_factory.mktemp("langs-layout") / "data", free_port(), extra_args=("--no-mdns",))
    yield from running(srv)


@pytest.fixture(scope="module")
def finished(browser: Browser, hook_server: Server) -> tuple[StorageState, dict[str, str]]:
    """Each game played to its end at a practice table (the computer playing the person's seat too): the person's
    browser (its cookies, to open their tables at another size) and the tables' codes."""
    context = browser.new_context(**SIZES["laptop"])
    page = context.new_page()
    codes = {}
    for game, query in QUICK.items():
        page.goto(f"{hook_server.url}/new/{game}?{query}&speed=0")
        expect(page).to_have_url(re.compile(r"/table/[A-Z0-9]{6}"), timeout=15_000)
        codes[game] = page.url.split("/table/")[1][:6]
        assert page.request.post(f"{hook_server.url}/test/autoplay/{codes[game]}").ok
    for code in codes.values():
        for _ in range(1200):  # (up to two minutes on a loaded machine: Rummy to 100)
            if page.request.get(f"{hook_server.url}/test/status/{code}").json()["status"] == "over":
                break
            page.wait_for_timeout(100)
        else:
            raise AssertionError(f"table {code} did not finish")
    state = context.storage_state()
    context.close()
    return state, codes


def _check(page: Page, lang: str, what: str, touch: bool) -> list[str]:
    """What does not fit or is covered on the page now, each problem named by ``what``."""
    assert str(page.locator("html").get_attribute("lang")).replace("-", "_").startswith(lang), what  # it speaks it
    return [f"{what}: {p}" for p in text_problems(page) + check_screen(page, touch=touch, toast=False)]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_results_lobby_and_table_fit_in_every_language(browser: Browser, hook_server: Server,
                                                       finished: tuple[StorageState, dict[str, str]],
                                                       lang: str) -> None:
    state, codes = finished
    problems: list[str] = []
    for n, size in enumerate(("phone", "laptop")):
        touch = size == "phone"
        page = browser.new_context(storage_state=state, reduced_motion="reduce", **SIZES[size]).new_page()
        for game, code in codes.items():  # each game's final standings: on a phone, all; on a laptop, two in turn
            if size == "laptop" and (TRANSLATED.index(lang) + KEYS.index(game)) % 2:
                continue
            page.goto(f"{hook_server.url}/table/{code}?lang={lang}")
            expect(page.get_by_test_id("standings")).to_be_visible(timeout=15_000)
            expect(page.get_by_test_id("btn-play-again")).to_be_visible()  # (the player's own view)
            page.wait_for_timeout(250)
            problems += _check(page, lang, f"{game} results at {size}", touch)
        game = KEYS[(TRANSLATED.index(lang) * 2 + n) % len(KEYS)]  # a lobby and a table in play, a game in turn
        page.goto(f"{hook_server.url}/?lang={lang}")
        page.click(f"[data-testid=friends-{game}]")
        page.wait_for_selector("[data-testid=opt-players]")
        page.wait_for_timeout(250)
        problems += _check(page, lang, f"{game} lobby at {size}", touch)
        problems += [f"{game} lobby at {size}: an option's label is cut: {label}"
                     for label in page.evaluate(LABELS_CUT_JS)]
        open_table(page, f"{hook_server.url}/new/{game}?{GAMES[game]}&lang={lang}")
        problems += _check(page, lang, f"{game} table at {size}", touch)
        page.context.close()
    assert not problems, f"in {lang}:\n" + "\n".join(problems)
