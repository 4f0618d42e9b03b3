"""Presence lets go of a player's old table page once a new one connects (a reload, the link opened again), but never
of a page still on its way: one built whose socket is not up yet (two tabs opened at once, a phone and a laptop side
by side). Deleting that one made NiceGUI answer "500 The client was deleted while the page was being built" (seen in
the accessibility browser test under load)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from nicegui import Client

from logic.table import new_table
from ui.server.presence import Presence


class FakeRegistry:
    def get(self, code: str) -> None:  # no table: presence keeps its pages, tells nobody
        return None

    def visited(self, code: str) -> None:
        pass


class FakePage:
    """The parts of a NiceGUI client presence uses."""

    def __init__(self, client_id: str) -> None:
        self.id = client_id
        self.has_socket_connection = False
        self.deleted = False
        self.connect: list[Callable[[], None]] = []
        self.disconnect: list[Callable[[], None]] = []

    def on_connect(self, fn: Callable[[], None]) -> None:
        self.connect.append(fn)

    def on_disconnect(self, fn: Callable[[], None]) -> None:
        self.disconnect.append(fn)

    def on_delete(self, fn: Callable[[], None]) -> None:
        pass

    def delete(self) -> None:
        self.deleted = True

    def socket_up(self) -> None:
        self.has_socket_connection = True
        for fn in self.connect:
            fn()

    def socket_down(self) -> None:
        self.has_socket_connection = False
        for fn in self.disconnect:
            fn()


@pytest.fixture
def pages(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Presence, dict[str, FakePage]]]:
    known: dict[str, FakePage] = {}
    monkeypatch.setattr(Client, "instances", known)
    yield Presence(FakeRegistry(), lambda table, change: None, lambda code: 0), known  # type: ignore[arg-type]


def open_page(presence: Presence, known: dict[str, FakePage], client_id: str, player: str = "p1") -> FakePage:
    page = known[client_id] = FakePage(client_id)
    presence.attach(new_table("president", "ABCDEFG", "host", {}, seed=1, now=0.0), page, player)  # type: ignore[arg-type]
    return page


def test_a_page_still_loading_is_not_let_go_when_another_tab_connects(pages) -> None:  # noqa: ANN001
    presence, known = pages
    first, second = open_page(presence, known, "a"), open_page(presence, known, "b")
    second.socket_up()  # the second tab connects before the first one's socket is up
    assert not first.deleted
    first.socket_up()
    assert not first.deleted and not second.deleted


def test_an_old_page_whose_socket_dropped_goes_when_a_new_one_connects(pages) -> None:  # noqa: ANN001
    presence, known = pages
    old = open_page(presence, known, "a")
    old.socket_up()
    old.socket_down()  # the phone went to sleep, or the page was reloaded
    other_player = open_page(presence, known, "c", player="p2")
    other_player.socket_up()
    assert not old.deleted  # someone else's page changes nothing
    new = open_page(presence, known, "b")
    new.socket_up()
    assert old.deleted and not new.deleted
