"""Driving the table like a person would: read the tester contract attributes, click cards and buttons."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import Server

TABLE = "[data-testid=table]"


def attr(page: Page, name: str) -> str:
    return page.locator(TABLE).get_attribute(name) or ""


def my_turn(page: Page) -> bool:
    seat = attr(page, "data-seat")
    return seat != "" and seat in attr(page, "data-turn").split(",")


def hand_codes(page: Page) -> list[str]:
    return page.locator("[data-testid=hand] [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")


def all_codes(page: Page) -> set[str]:
    return set(page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))


def enabled(page: Page, testid: str) -> bool:
    btn = page.locator(f"[data-testid={testid}]")
    return btn.count() > 0 and btn.first.is_visible() and btn.first.is_enabled()


def click_card(page: Page, code: str) -> None:
    # cards overlap: tap the visible corner, as a person does
    page.locator(f"[data-testid=hand] [data-card='{code}']").click(position={"x": 8, "y": 24})


# One read of what a driver looks at (a round trip to the page per attribute was most of a driving test's work,
# on a suite that is bound by CPU): the table's contract attributes, the hand, and which buttons can be pressed.
_TABLE_STATE = """(names) => {
  const table = document.querySelector('[data-testid=table]');
  const get = (name) => (table && table.getAttribute(name)) || '';
  const hand = [...document.querySelectorAll('[data-testid=hand] [data-card]')].map(e => e.dataset.card);
  const buttons = {};
  for (const name of names) {
    const b = document.querySelector(`[data-testid=${name}]`);
    buttons[name] = !!b && b.checkVisibility() && !b.disabled && b.getAttribute('aria-disabled') !== 'true';
  }
  return {phase: get('data-phase'), status: get('data-status'), seat: get('data-seat'), turn: get('data-turn'),
          version: get('data-version'), hand, buttons};
}"""


def table_state(page: Page, buttons: tuple[str, ...] = ()) -> dict:
    """``phase``, ``status``, ``seat``, ``turn``, ``version`` (the table's attributes), ``hand`` (card codes),
    ``my_turn`` and, for each button test id asked for, whether it can be pressed now (``buttons``): one call."""
    state = page.evaluate(_TABLE_STATE, list(buttons))
    state["my_turn"] = state["seat"] != "" and state["seat"] in state["turn"].split(",")
    return state


def wait_version_change(page: Page, before: str, timeout: float = 10.0) -> None:
    """Until the table's ``data-version`` is no longer ``before`` (checked in the page; at most ``timeout``)."""
    _wait_until(page, "(v) => { const t = document.querySelector('[data-testid=table]');"
                " return !t || t.getAttribute('data-version') !== v; }", before, timeout)


def _wait_until(page: Page, js: str, arg: object, timeout: float) -> None:
    """Until ``js(arg)`` holds in the page, at most ``timeout`` s; on a timeout the caller looks at the table again."""
    try:
        page.wait_for_function(js, arg=arg, polling=50, timeout=timeout * 1000)
    except PlaywrightTimeout:
        pass


def wait_gone(page: Page, testid: str, timeout: float = 10.0) -> None:
    """Until no element with ``testid`` is on the page (at most ``timeout``)."""
    _wait_until(page, "(id) => !document.querySelector(`[data-testid=${id}]`)", testid, timeout)


def wait_not_to_move(page: Page, seat: str, timeout: float = 10.0) -> None:
    """Until ``seat`` is no longer among the seats to move, or the phase changed (at most ``timeout``)."""
    _wait_until(page, "([seat, phase]) => { const t = document.querySelector('[data-testid=table]'); return !t"
                " || t.dataset.phase !== phase || !t.dataset.turn.split(',').includes(seat); }",
                [seat, attr(page, "data-phase")], timeout)


PRESIDENT_BUTTONS = ("btn-next-hand", "btn-pass")


def president_step(page: Page, state: dict | None = None) -> bool:
    """Make one simple, always-legal President move if this page has one. Returns True if it acted.

    Leading: play the lowest single. Following: pass. Exchange: give back the lowest cards.
    Between hands: press Next hand. ``state``: the page's ``table_state`` with these two buttons, if just read.
    """
    state = state or table_state(page, PRESIDENT_BUTTONS)
    phase, before = state["phase"], state["version"]
    if phase == "hand-over" and state["buttons"]["btn-next-hand"]:
        page.click("[data-testid=btn-next-hand]")
        # not "until the version changes": the computers mark themselves ready meanwhile, so a version read before
        # the click may be gone already while our press is still on its way (and a second click would then wait
        # for a button the next hand has taken away)
        wait_gone(page, "btn-next-hand")
        return True
    if not state["my_turn"]:
        return False
    if phase == "exchange" and page.locator("[data-testid=btn-give]").count():
        wanted = int(page.locator("[data-testid=exchange]").get_attribute("data-give") or 0)  # (in any language)
        for code in state["hand"][:wanted]:
            click_card(page, code)
            expect(page.locator(f"[data-testid=hand] [data-card='{code}']")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("[data-testid=btn-give]")).to_be_enabled()
        page.click("[data-testid=btn-give]")
        wait_not_to_move(page, state["seat"])  # (the others give meanwhile: a version read before may be gone)
        return True
    elif phase == "play":
        if state["buttons"]["btn-pass"]:
            page.click("[data-testid=btn-pass]")
        else:
            click_card(page, state["hand"][0])
            expect(page.locator("[data-testid=btn-play]")).to_be_enabled()
            page.click("[data-testid=btn-play]")
    else:
        return False
    wait_version_change(page, before)
    return True


def saved_record(server: Server, code: str) -> dict:
    """The table as the server last saved it (``<data-dir>/tables/<CODE>.json``)."""
    data = json.loads((server.data_dir / "tables" / f"{code}.json").read_text())
    return next(iter(data["table"].values()))


def save_profile_name(page: Page, url: str, name: str) -> None:
    """Give this browser's profile ``name`` on /profile (the name its next tables seat it by)."""
    page.goto(f"{url}/profile")
    box = page.get_by_test_id("profile-name")
    box.fill(name)
    box.press("Enter")
    expect(page.get_by_text("Saved.")).to_be_visible(timeout=10_000)
