"""An update message says what the page was when the outbox built it (ui/nicegui_internals/snapshots.py).

NiceGUI's outbox sends ``load_js_components`` before an update that needs a component the page has not loaded, and
awaits it; a table change drawn in that moment used to reach the browser half in the waiting message (the root's
new ``data-version``: NiceGUI put the element's own props in it) and half in the next (the new cards), so a tester
saw the previous move's cards under the new version. Fails if an upgrade changes ``Element._to_dict`` or the order in
which the outbox sends.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from nicegui import core, ui
from nicegui.testing import User

from ui.nicegui_internals import snapshots


def card_of(messages: list[dict[str, Any]], box: str) -> str | None:
    """The card the box holds as the browser knows it after ``messages`` (its children and their props)."""
    known: dict[str, Any] = {}
    for message in messages:
        known.update(message)
    children = known.get(box, {}).get("children") or []
    return known.get(str(children[0]), {}).get("props", {}).get("data-card") if children else None


async def test_a_change_drawn_while_the_outbox_waits_comes_whole_in_the_next_message(
        user: User, monkeypatch: pytest.MonkeyPatch) -> None:
    parts: dict[str, ui.element] = {}

    @ui.page("/snapshot-test")
    def page() -> None:
        parts["root"] = ui.element("div").props("data-testid=root data-version=1")
        with parts["root"]:
            parts["box"] = ui.element("div").props("data-testid=box")
            with parts["box"]:
                ui.element("div").props("data-card=3S")

    await user.open("/snapshot-test")
    root, box = parts["root"], parts["box"]
    client = root.client
    for _ in range(50):  # the first page is sent
        if not client.outbox.updates:
            break
        await asyncio.sleep(0.02)

    def move(version: int, card: str, keyboard: bool = False) -> None:
        root.props["data-version"] = str(version)
        box.clear()
        with box:
            ui.element("div").props(f"data-card={card}")
        if keyboard:  # an element of a component this page has not loaded yet: its loader is sent first
            with root:
                ui.keyboard(on_key=lambda _e: None)

    sent: list[tuple[str, dict[str, Any]]] = []
    real_emit = core.sio.emit

    async def emit(event: str, data: Any, room: str | None = None, **kwargs: Any) -> Any:
        if room != client.id:
            return await real_emit(event, data, room=room, **kwargs)
        sent.append((event, json.loads(json.dumps(data))))  # (encoded as socket.io encodes it: when it is sent)
        if event == "load_js_components":
            move(3, "7C")  # the table moves on while the loader is on its way
            await asyncio.sleep(0.01)
        return None

    monkeypatch.setattr(core.sio, "emit", emit)
    move(2, "5H", keyboard=True)
    for _ in range(150):
        if sum(event == "update" for event, _data in sent) >= 2:
            break
        await asyncio.sleep(0.02)
    updates = [data for event, data in sent if event == "update"]
    assert [event for event, _data in sent][:2] == ["load_js_components", "update"]  # NiceGUI's order, relied on
    assert len(updates) == 2
    expected = {"2": "5H", "3": "7C"}
    for n, message in enumerate(updates):
        version = message[str(root.id)]["props"]["data-version"]
        assert card_of(updates[: n + 1], str(box.id)) == expected[version], (n, version)  # cards under their version
    assert updates[-1][str(root.id)]["props"]["data-version"] == "3"


async def test_a_message_is_a_copy_of_the_element(user: User) -> None:
    made: list[ui.element] = []

    @ui.page("/snapshot-copy")
    def page() -> None:
        made.append(ui.element("div").classes("a").style("color: red").props("data-x=1"))

    await user.open("/snapshot-copy")
    element = made[0]
    data = element._to_dict()  # noqa: SLF001  (installed at app start: what the outbox calls)
    element.classes("b").style("color: blue").props("data-x=2")
    assert data["class"] == ["a"] and data["style"] == {"color": "red"} and data["props"]["data-x"] == "1"
    assert all(type(data[key]) is copy for key, copy in snapshots.LIVE.items())  # plain copies, not NiceGUI's own
