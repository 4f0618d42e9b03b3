"""Driving the table like a person would: read the tester contract attributes, click cards and buttons."""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import Page, expect

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


def wait_version_change(page: Page, before: str, timeout: float = 10.0) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline and attr(page, "data-version") == before:
        page.wait_for_timeout(50)


def president_step(page: Page) -> bool:
    """Make one simple, always-legal President move if this page has one. Returns True if it acted.

    Leading: play the lowest single. Following: pass. Exchange: give back the lowest cards.
    Between hands: press Next hand.
    """
    phase = attr(page, "data-phase")
    if phase == "hand-over" and enabled(page, "btn-next-hand"):
        before = attr(page, "data-version")
        page.click("[data-testid=btn-next-hand]")
        wait_version_change(page, before)
        return True
    if not my_turn(page):
        return False
    before = attr(page, "data-version")
    if phase == "exchange" and page.locator("[data-testid=btn-give]").count():
        reason = page.locator("[data-testid=btn-give]").get_attribute("data-reason") or ""
        wanted = int(re.search(r"Select (\d)", reason).group(1)) if re.search(r"Select (\d)", reason) else 0
        for code in hand_codes(page)[:wanted]:
            click_card(page, code)
            expect(page.locator(f"[data-testid=hand] [data-card='{code}']")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("[data-testid=btn-give]")).to_be_enabled()
        page.click("[data-testid=btn-give]")
    elif phase == "play":
        if enabled(page, "btn-pass"):
            page.click("[data-testid=btn-pass]")
        else:
            click_card(page, hand_codes(page)[0])
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
