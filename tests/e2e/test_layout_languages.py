"""Layout in every language (issue 51): no text is cut off or sticks out, at 390x844 (touch) and 1280x800.

- Each game's table in play in a long-word language on a phone (German) and in Japanese on a laptop: no text of
  the game screen is cut off (a button, chip, label or tab whose text is wider than its box, or any text wider or
  taller than a box that clips it: tests/e2e/text_fit.py), nothing sticks out sideways, and the layout walker finds
  nothing covered (tests/e2e/layout_walk.py).
- In each of the seven languages, at both sizes: each game's results (the final standings of a finished game, as
  its player sees them), a lobby and a table in play (a game each, in turn, so every game is seen across the
  languages), read by the same checks; and each game's lobby options' labels in German at both sizes.

The full walk (every game's lobby, table and results in every language at both sizes) is
tests/bench/layout_languages_walk.py. The catalogues are filled from the translators' files before a release
(docs/architecture.md, "Languages"); a text not yet translated shows in English, which is shorter than German, so
these tests never fail for a missing word."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, StorageState, expect

from tests.e2e.conftest import Server, free_port, running, shared_server_fixture
from tests.e2e.layout_walk import SIZES, check_screen, open_table
from tests.e2e.test_layout import GAMES
from tests.e2e.test_tap_during_redraw import HookServer
from tests.e2e.text_fit import text_problems
from ui.i18n.languages import TRANSLATED

pytestmark = pytest.mark.e2e

server = shared_server_fixture()

# every visible control or short label of a table screen whose text could be wider than its box
CUT_OFF_JS = """() => {
  const out = [], W = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > W + 1)
    out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${W}`);
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === 'none' || cs.visibility === 'hidden') return false;
    }
    return true;
  };
  const boxes = '[data-testid=table] :is(.q-btn, .q-btn__content, .chip, .reason, .q-tab__label, .bn-wild, '
    + '.rm-pile-label, .pile-name, .panel-name, .needs, .slot-text, .round-label, .turn-cue)';
  document.querySelectorAll(boxes).forEach(el => {
    if (!shown(el) || getComputedStyle(el).textOverflow === 'ellipsis') return;  // an ellipsis is meant
    const r = el.getBoundingClientRect();
    const text = (el.innerText || '').replace(/\\s+/g, ' ').slice(0, 50);
    if (el.scrollWidth > el.clientWidth + 2) out.push(`cut off: "${text}" (${el.scrollWidth} > ${el.clientWidth})`);
    if (r.right > W + 1 || r.left < -1) out.push(`off the screen: "${text}"`);
  });
  return [...new Set(out)];
}"""


@pytest.mark.parametrize(("lang", "size"), [("de", "phone"), ("ja", "laptop")])
def test_no_text_of_a_game_screen_is_cut_off(browser: Browser, server: Server, lang: str, size: str) -> None:
    page = browser.new_context(**SIZES[size]).new_page()
    for game, query in GAMES.items():
        open_table(page, f"{server.url}/new/{game}?{query}&lang={lang}")
        assert str(page.locator("html").get_attribute("lang")).startswith(lang)  # the page speaks it
        problems = page.evaluate(CUT_OFF_JS) + text_problems(page) + check_screen(page, touch=size == "phone",
                                                                                   toast=False)
        assert not problems, f"{game} in {lang} at {size}:\n" + "\n".join(problems)


LABELS_CUT_JS = """() => [...document.querySelectorAll('[data-testid^=opt-]')].flatMap(field => {
  const label = field.closest('.q-field')?.querySelector('.q-field__label');
  return label && label.offsetParent && label.scrollWidth > label.clientWidth + 1 ? [label.textContent] : [];
})"""


@pytest.mark.parametrize(("lang", "size"), [("en", "laptop"), ("de", "laptop"), ("de", "phone")])
def test_no_option_label_of_a_lobby_is_cut_off(browser: Browser, server: Server, lang: str, size: str) -> None:
    """Quasar cuts a field's label with "…": each option's select is wide enough for its label, in a long-word
    language too ("Reclaim your own Beanie", "Zweien beenden den Stich"), on a phone too."""
    page = browser.new_context(**SIZES[size]).new_page()
    for game in GAMES:
        page.goto(f"{server.url}/?lang={lang}")
        page.click(f"[data-testid=friends-{game}]")
        page.wait_for_selector("[data-testid=opt-players]")
        assert page.evaluate(LABELS_CUT_JS) == [], (game, lang, size)
    page.context.close()


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
        for game, code in codes.items():  # each game's final standings
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
