"""Helpers for the seat API tests: a small client and reading a table's state from its saved file."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from logic.table import Table
from logic.table import record as table_record
from tests.e2e.conftest import Server
from tests.e2e.helpers import saved_record


class Api:
    """Calls ``/api/v1/tables/<code>...`` with one token."""

    def __init__(self, server: Server, code: str, token: str | None) -> None:
        self.code = code
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        self.client = httpx.Client(base_url=f"{server.url}/api/v1/tables", headers=headers, timeout=40)

    def get(self, path: str = "", code: str | None = None) -> httpx.Response:
        return self.client.get(f"/{code or self.code}{path}")

    def post(self, body: Any, code: str | None = None, raw: bytes | None = None) -> httpx.Response:
        content = raw if raw is not None else json.dumps(body).encode()
        return self.client.post(f"/{code or self.code}/actions", content=content,
                                headers={"Content-Type": "application/json"})

    def view(self) -> dict[str, Any]:
        answer = self.get()
        assert answer.status_code == 200, answer.text
        return answer.json()


def open_practice(page: Page, server: Server, game_and_query: str) -> tuple[str, str]:
    """A practice table from ``/new/<game>?...&program=1``: its code and the program seat's token from the page."""
    page.goto(f"{server.url}/new/{game_and_query}")
    expect(page).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    code = page.url.rsplit("/", 1)[1]
    seat = len(saved_record(server, code)["seats"]) - 1
    token = page.input_value(f"[data-testid=program-token-{seat}]")
    assert len(token) >= 40
    return code, token


def saved_table(server: Server, code: str) -> Table:
    return table_record.from_record(saved_record(server, code), 0.0)


def strings_in(value: Any) -> set[str]:
    """Every string anywhere in a JSON value (keys too)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value) | {s for v in value.values() for s in strings_in(v)}
    if isinstance(value, list):
        return {s for v in value for s in strings_in(v)}
    return set()


def other_hands(table: Table, seat: int) -> set[str]:
    """The cards in every other seat's hand (what ``seat`` must never be shown)."""
    game = table.game
    hidden: set[str] = set()
    for other in range(len(table.seats)):
        if other != seat:
            hidden |= set(game.view(table.state, other).get("hand") or [])
    return hidden
