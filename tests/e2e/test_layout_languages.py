"""Layout in every language (issue 51): no text is cut off or sticks out, at 390x844 (touch) and 1280x800.

- Each game's table in play in a long-word language on a phone (German) and in Japanese on a laptop: no text of
  the game screen is cut off (a button, chip, label or tab whose text is wider than its box, or any text wider or
  taller than a box that clips it: tests/e2e/text_fit.py), nothing sticks out sideways, and the layout walker finds
  nothing covered (tests/e2e/layout_walk.py).
- Stockpile's piles on a 360 px phone in French and Portuguese (the longest "next" and "stock" words).
- Each game's lobby options' labels in German at both sizes (and English on a laptop).
- Results, lobby and table in each of the seven languages: tests/e2e/test_fit_in_every_language.py.

The full walk (every game's lobby, table and results in every language at both sizes) is
tests/bench/layout_languages_walk.py. The catalogues are filled from the translators' files before a release
(docs/architecture.md, "Languages"); a text not yet translated shows in English, which is shorter than German, so
these tests never fail for a missing word."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import Server, shared_server_fixture
from tests.e2e.layout_walk import SIZES, check_screen, open_table
from tests.e2e.test_layout import GAMES
from tests.e2e.text_fit import text_problems

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
    + '.rm-pile-label, .pile-name, .panel-name, .needs, .slot-text, .round-label, .turn-cue, .build-pile, .my-area)';
  document.querySelectorAll(boxes).forEach(el => {
    if (!shown(el) || getComputedStyle(el).textOverflow === 'ellipsis') return;  // an ellipsis is meant
    const r = el.getBoundingClientRect();
    const text = (el.innerText || '').replace(/\\s+/g, ' ').slice(0, 50);
    const placed = el.matches('.build-pile, .my-area');  // boxes checked for their place only: a count badge overhangs
    if (!placed && el.scrollWidth > el.clientWidth + 2)
      out.push(`cut off: "${text}" (${el.scrollWidth} > ${el.clientWidth})`);
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


@pytest.mark.parametrize("lang", ["fr", "pt_BR"])
def test_stockpile_piles_fit_a_small_phone_in_a_long_language(browser: Browser, server: Server, lang: str) -> None:
    """Four players on a 360 px phone: the building piles' "next N" chips ("suivante 5", "próxima 5") and the
    stock's name ("Ta pioche personnelle") once widened the piles and the player's own area past both edges."""
    page = browser.new_context(**{**SIZES["phone"], "viewport": {"width": 360, "height": 740}}).new_page()
    open_table(page, f"{server.url}/new/stockpile?players=4&bots=3&level=easy&seed=5&speed=0&lang={lang}")
    assert page.locator("[data-testid=build-3]").is_visible()
    assert page.evaluate(CUT_OFF_JS) == [], lang
    page.context.close()


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
