"""Two browsers, two languages at one table (issue 51): a Rummy friends table where the host's page is German and the
guest's Japanese (its browser asks for Japanese: Accept-Language). For the same events each page reads its own
language — the turn cue, a reason the rules give for a move not allowed, the line about the other seat's move —
while every ``data-*`` attribute of the table (the tester contract) is the same as on an English page of the same
seat (``data-reason`` aside: it is the reason in words, as the tooltip says it).

And the browser's own language is followed: Accept-Language ``de``, ``ja``, ``pt-BR``, ``fr-CA`` (→ French), with
``?lang=`` and the browser's saved choice first."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from logic.messages import Message, t_msg
from tests.e2e.conftest import Server, free_port, running, shared_server_fixture
from tests.e2e.helpers import attr
from tests.e2e.test_rummy_friends import choose, open_friends_table
from tests.e2e.test_tap_during_redraw import HookServer
from ui.i18n.render import render

pytestmark = pytest.mark.e2e

server = shared_server_fixture()

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
ENGLISH = re.compile(r"\b(the|drew|discarded|from|and|stock|pile|turn|your|Your|Draw|first|wait|Wait)\b")
PLAYED = re.compile(r"\b(played|passed|pass|pair|single|three|four|gave|back|leads|lead|trick|out|cards?)\b")
# the tester contract of the table: every data-* attribute of every element with a data-testid outside the viewer's
# own hand (``data-reason`` is the reason in words, as the tooltip says it: in the page's language)
CONTRACT_JS = """() => {
  const out = {};
  for (const el of document.querySelectorAll('[data-testid=table] [data-testid], [data-testid=table]')) {
    if (el.closest('[data-testid=hand]')) continue;
    const attrs = {};
    for (const a of el.attributes)
      if (a.name.startsWith('data-') && a.name !== 'data-testid' && a.name !== 'data-reason') attrs[a.name] = a.value;
    out[el.dataset.testid] = attrs;
  }
  return out;
}"""


# the replay's tester contract: every data-* attribute of every element with a data-testid (the header's and the
# replay's, the review's marks and move rows), ``data-reason`` aside (the reason in words)
PAGE_CONTRACT_JS = CONTRACT_JS.replace("'[data-testid=table] [data-testid], [data-testid=table]'", "'[data-testid]'") \
    .replace("if (el.closest('[data-testid=hand]')) continue;", "")


def words(page: Page, testid: str) -> str:
    return page.locator(f"[data-testid={testid}]").first.inner_text().strip()


def english_twin(page: Page) -> Page:
    """The same seat's page in English (a second page of the same browser; the first keeps its own language)."""
    twin = page.context.new_page()
    twin.goto(page.url.split("?")[0] + "?lang=en")
    expect(twin.locator("html")).to_have_attribute("lang", re.compile("^en"))
    return twin


def same_contract(page: Page, twin: Page) -> None:
    """Every data-* attribute of the table is the same on a page and on its English twin (the same seat)."""
    expect(twin.locator("[data-testid=table]")).to_have_attribute("data-version", attr(page, "data-version"))
    page.wait_for_timeout(300)
    mine, english = page.evaluate(CONTRACT_JS), twin.evaluate(CONTRACT_JS)
    assert len(mine) > 10 and set(mine) == set(english), sorted(set(mine) ^ set(english))
    differ = {k: (mine[k], english[k]) for k in mine if mine[k] != english[k]}
    assert not differ, "\n".join(f"{k}: {a} != {b}" for k, (a, b) in differ.items())


def settle(*pages: Page) -> None:
    """Both pages show the same version of the table."""
    expect(pages[1].locator("[data-testid=table]")).to_have_attribute("data-version", attr(pages[0], "data-version"))
    pages[0].wait_for_timeout(200)


def test_german_and_japanese_at_one_rummy_table_and_a_french_watcher(browser: Browser, server: Server) -> None:
    host, code = open_friends_table(browser, server)
    choose(host, "opt-turn-timer", "Off")
    guest = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                extra_http_headers={"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}).new_page()
    guest.goto(f"{server.url}/table/{code}")
    guest.fill("[data-testid=join-name]", "Kenji")
    guest.click("[data-testid=btn-join]")
    expect(host.locator("[data-testid=seat-1]")).to_contain_text("Kenji")
    host.goto(f"{server.url}/table/{code}?lang=de")  # the host reads German from here on
    expect(host.locator("html")).to_have_attribute("lang", re.compile("^de"))
    expect(guest.locator("html")).to_have_attribute("lang", re.compile("^ja"))
    twins = {host: english_twin(host), guest: english_twin(guest)}  # the same seats in English, from the start
    host.click("[data-testid=btn-start]")
    for page in (host, guest):
        expect(page.locator("[data-testid=table]")).to_have_attribute("data-phase", "first-draw")
    host.locator("[data-testid=btn-first-draw]").click()
    guest.locator("[data-testid=btn-first-draw]").tap()
    for page in (host, guest):
        expect(page.locator("[data-testid=table]")).to_have_attribute("data-phase", "play")
    starter, other = (host, guest) if attr(host, "data-turn") == "0" else (guest, host)
    # a watcher whose browser asks for French: the same table, in French, from the spectator's view
    watcher = browser.new_context(extra_http_headers={"Accept-Language": "fr-FR,fr;q=0.9"}).new_page()
    watcher.goto(f"{server.url}/table/{code}")
    expect(watcher.locator("html")).to_have_attribute("lang", re.compile("^fr"))
    expect(watcher.locator("[data-testid=table]")).to_have_attribute("data-watching", "true")
    expect(watcher.locator("[data-testid=watching]")).to_have_text(render(t_msg("Watching"), "fr"))
    twins[watcher] = english_twin(watcher)
    lang = {host: "de", guest: "ja", watcher: "fr"}
    settle(host, guest)
    settle(host, watcher)

    # the turn cue, on the page whose turn it is, in its language
    expect(starter.locator("[data-testid=your-turn]")).to_have_text(render(t_msg("Your turn"), lang[starter]))
    expect(other.locator("[data-testid=your-turn]")).to_have_count(0)
    # a reason the rules give: discarding before drawing, on both pages in their own words
    for page in (host, guest):
        reason = page.locator("[data-testid=btn-discard]").get_attribute("data-reason") or ""
        assert reason and not ENGLISH.search(reason), (lang[page], reason)
        assert bool(JAPANESE.search(reason)) == (page is guest), reason
        english = twins[page].locator("[data-testid=btn-discard]").get_attribute("data-reason") or ""
        assert ENGLISH.search(english) and english != reason, english  # the twin speaks English
    for page, twin in twins.items():
        same_contract(page, twin)

    # the starter draws and discards; the line about that move reads in each page's language, with the names
    starter.locator("[data-testid=pile-stock]").click()
    expect(starter.locator("[data-testid=hand] [data-card]")).to_have_count(14)
    last = starter.locator("[data-testid=hand] [data-card]").last
    last.click(position={"x": 8, "y": 24})
    discard = starter.locator("[data-testid=btn-discard]")
    expect(discard).to_be_enabled()
    discard.click()
    commit = starter.locator("[data-testid=btn-commit]")
    if commit.count():
        commit.click()
    for page in (host, guest, watcher):
        expect(page.locator("[data-testid=table]")).to_have_attribute("data-turn", "1" if starter is host else "0")
    settle(host, guest)
    settle(host, watcher)
    host_name = words(host, "nav-profile").split(" ", 1)[1]
    starter_name = "Kenji" if starter is guest else host_name
    for page in (host, guest, watcher):
        line = words(page, "message")
        assert not ENGLISH.search(line), (lang[page], line)
        assert bool(JAPANESE.search(line)) == (page is guest), line
        if page is not starter:
            assert starter_name in line, line
    french, english = words(watcher, "message"), words(twins[watcher], "message")
    assert ENGLISH.search(english) and starter_name in english and french != english, (french, english)
    expect(other.locator("[data-testid=your-turn]")).to_have_text(render(t_msg("Your turn"), lang[other]))
    for page, twin in twins.items():
        same_contract(page, twin)


QUASAR = {"de": ["de-DE", "Abbrechen", "Dezember"], "ja": ["ja", "キャンセル", "12月"],
          "pt-BR": ["pt-BR", "Cancelar", "Dezembro"], "fr": ["fr", "Annuler", "Décembre"]}


@pytest.mark.parametrize(("header", "code"), [("de-DE,de;q=0.9", "de"), ("ja", "ja"), ("pt-BR,pt;q=0.8", "pt-BR"),
                                              ("fr-CA,en;q=0.5", "fr")])
def test_the_browser_language_is_followed(browser: Browser, server: Server, header: str, code: str) -> None:
    page = browser.new_context(extra_http_headers={"Accept-Language": header}).new_page()
    page.goto(server.url)
    expect(page.locator("html")).to_have_attribute("lang", re.compile(f"^{code}"))
    rules = render(t_msg("Rules"), code.replace("-", "_"))
    assert rules != "Rules" or code == "en"
    expect(page.locator("[data-testid=nav-rules]")).to_have_attribute("aria-label", rules)
    # Quasar's own texts (its dialogs' buttons, a date input's months) come from its pack for that language
    pack = page.evaluate("() => [Quasar.lang.props.isoName, Quasar.lang.props.label.cancel, "
                         "Quasar.lang.props.date.months[11]]")
    assert pack == QUASAR[code], pack
    if code == "fr":  # ?lang= comes first, and is kept as the browser's choice over its header
        page.goto(f"{server.url}/rules?lang=it")
        expect(page.locator("html")).to_have_attribute("lang", re.compile("^it"))
        page.goto(server.url)
        expect(page.locator("html")).to_have_attribute("lang", re.compile("^it"))


@pytest.fixture(scope="module")
def hook_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of its own with the test hooks (the computer finishes the game), reviewing the finished game."""
    yield from running(HookServer(tmp_path_factory.mktemp("langs") / "data", free_port(), seed=51))


def everyone(page: Page) -> None:
    """The replay's review marks everyone's costly decisions (a player's page starts with their own: one tap on
    ``btn-review-everyone``), and has looked at them all."""
    progress = page.get_by_test_id("review-progress")
    if page.get_by_test_id("btn-review-everyone").count():
        page.get_by_test_id("btn-review-everyone").click()
    expect(progress).to_have_attribute("data-focus", "all")
    expect(progress).to_have_attribute("data-review-state", "done", timeout=180_000)


def at_mark(page: Page, step: int) -> None:
    """The replay at the costly decision that leads to ``step``, its panel open."""
    page.get_by_test_id(f"review-mark-{step}").dispatch_event("click")  # (marks may overlap: the one asked for)
    expect(page.get_by_test_id("replay")).to_have_attribute("data-step", str(step))
    expect(page.get_by_test_id("review-detail")).to_be_visible()


def test_the_review_and_the_replay_in_two_languages(browser: Browser, hook_server: Server) -> None:
    """A finished game's review (under the standings) and its replay with the review's marks: a German player and a
    Japanese visitor each read the move lines, the marks and a costly decision in their own language; every data-*
    attribute is the one an English page of the same browser shows at the same step."""
    german = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    german.goto(f"{hook_server.url}/new/president?players=4&bots=3&speed=0&level=beginner&lang=de", timeout=30_000)
    table = german.get_by_test_id("table")
    expect(table).to_have_attribute("data-status", "playing", timeout=15_000)
    code = german.url.rstrip("/").split("/")[-1]
    assert german.request.post(f"{hook_server.url}/test/autoplay/{code}").ok
    expect(table).to_have_attribute("data-status", "over", timeout=60_000)
    mine = german.get_by_test_id("review-summary-0")
    expect(mine).to_have_attribute("data-review-state", "done", timeout=120_000)
    accuracy = render(Message("No costly decisions; accuracy {accuracy}", {"accuracy": "\x00"}), "de")
    line, word = mine.inner_text(), accuracy.split("\x00")[0].split(";")[-1].strip()  # "Genauigkeit"
    assert word != "accuracy" and word in line and "accuracy" not in line and re.search(r"\d+\s?%", line), line

    german.goto(f"{hook_server.url}/replay/{code}")  # the German browser keeps its language
    japanese = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                   extra_http_headers={"Accept-Language": "ja"}).new_page()
    japanese.goto(f"{hook_server.url}/replay/{code}")
    lang = {german: "de", japanese: "ja"}
    twins = {page: page.context.new_page() for page in lang}  # the same browsers' pages in English
    for page, twin in twins.items():
        twin.goto(f"{hook_server.url}/replay/{code}?lang=en")
        expect(page.locator("html")).to_have_attribute("lang", re.compile("^" + lang[page]))
        expect(twin.locator("html")).to_have_attribute("lang", re.compile("^en"))
    for page in (german, japanese, *twins.values()):
        everyone(page)
    marks = german.locator("[data-testid^=review-mark-]")
    expect(marks.first).to_be_attached()
    step = min(int((m.get_attribute("data-testid") or "").rsplit("-", 1)[1]) for m in marks.all())
    for page in (german, japanese, *twins.values()):
        at_mark(page, step)

    for page, twin in twins.items():
        code_ = lang[page]
        move, english_move = (p.get_by_test_id(f"replay-move-{step}").inner_text().strip() for p in (page, twin))
        chosen = page.get_by_test_id("review-chosen").inner_text()
        mark = page.get_by_test_id(f"review-mark-{step}").get_attribute("aria-label") or ""
        assert move and move != english_move and PLAYED.search(english_move), (code_, move, english_move)
        assert bool(JAPANESE.search(move)) == (code_ == "ja") and not PLAYED.search(move), (code_, move)
        played = render(Message("Played: {move}", {"move": "\x00"}), code_).split("\x00")[0]
        assert chosen.startswith(played) and chosen != twin.get_by_test_id(
            "review-chosen").inner_text(), (code_, chosen)
        numbered = render(Message("Move {step}: {name}, {cost}", {"step": step, "name": "\x00", "cost": ""}), code_)
        assert mark.startswith(numbered.split("\x00")[0]), mark
        why = page.get_by_test_id("review-why").inner_text()
        assert bool(JAPANESE.search(why)) == (code_ == "ja") and not (ENGLISH.search(why) or PLAYED.search(why)), why
        mine_, english = page.evaluate(PAGE_CONTRACT_JS), twin.evaluate(PAGE_CONTRACT_JS)
        assert f"review-mark-{step}" in mine_ and set(mine_) == set(english), sorted(set(mine_) ^ set(english))
        differ = {k: (mine_[k], english[k]) for k in mine_ if mine_[k] != english[k]}
        assert not differ, "\n".join(f"{k}: {a} != {b}" for k, (a, b) in differ.items())
