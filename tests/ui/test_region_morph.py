"""A region's redraw sends only what differs (ui/components/morph.py, ui/nicegui_internals/adoption.py): the new
drawing's elements take the old ones' ids where they stand in the same place, unchanged ones are not sent, a card of
another name is a new element. Fails if NiceGUI changes how it keeps elements, ids, listeners or its outbox."""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui
from nicegui.testing import User

from ui.components.region import Region
from ui.nicegui_internals import listener_types, pending_updates


async def region_page(user: User, path: str, draw: Callable[[], None]) -> Region:
    regions: list[Region] = []

    @ui.page(path)
    def page() -> None:
        regions.append(Region(draw, name="test"))
        regions[0].update(force=True)

    await user.open(path)
    return regions[0]


def by_testid(region: Region, testid: str) -> ui.element:
    return next(el for el in region.box.descendants() if el.props.get("data-testid") == testid)


async def test_a_redraw_keeps_the_elements_and_sends_only_what_changed(user: User) -> None:
    words = ["Jamie played a 3."]
    card = ["3S"]
    clicks: list[str] = []

    def draw() -> None:
        with ui.row().classes("gap-2"):
            ui.label(words[0]).props("data-testid=message")
        with ui.element("div").props("data-testid=trick"):
            ui.element("div").classes("pcard").props(f"data-card={card[0]}")
        said = words[0]
        ui.button("Play", on_click=lambda: clicks.append(said)).props("data-testid=btn-play")

    region = await region_page(user, "/morph-test", draw)
    client = region.box.client
    label, trick, button = (by_testid(region, t) for t in ("message", "trick", "btn-play"))
    old_card = next(el for el in trick.descendants() if el.props.get("data-card") == "3S")
    row = label.parent_slot.parent  # type: ignore[union-attr]
    listener = listener_types(button)[0][0]
    client.outbox.updates.clear()  # as if the page had been sent

    words[0] = "Alex played a 5."
    card[0] = "5H"
    region.refresh()

    new_label, new_trick, new_button = (by_testid(region, t) for t in ("message", "trick", "btn-play"))
    assert (new_label.id, new_trick.id, new_button.id) == (label.id, trick.id, button.id)  # kept their places
    assert new_label is not label and label.is_deleted  # the new drawing's objects stand there now
    assert new_label.text == "Alex played a 5." and client.elements[label.id] is new_label
    new_card = next(el for el in new_trick.descendants() if el.props.get("data-card") == "5H")
    assert new_card.id != old_card.id and old_card.id not in client.elements  # another card: a new element
    sent = pending_updates(client)
    assert label.id in sent and new_card.id in sent and trick.id in sent  # changed text; the new card; its parent
    assert row.id not in sent and region.box.id not in sent  # unchanged: not sent again
    assert old_card.id in sent and client.outbox.updates[old_card.id] is not None  # the old card deleted (sent as such)
    assert listener_types(new_button)[0][0] == listener  # a tap on the old button reaches the new handler
    client.handle_event({"id": button.id, "listener_id": listener, "args": []})
    assert clicks == ["Alex played a 5."]

    client.outbox.updates.clear()
    region.refresh()  # nothing changed: nothing is sent
    assert pending_updates(client) == set()


async def test_a_drawing_with_a_javascript_handler_is_sent_whole(user: User) -> None:
    n = [0]

    def draw() -> None:
        n[0] += 1
        ui.label("same").props("data-testid=text")
        ui.button("Copy").on("click", js_handler="() => {}").props("data-testid=btn-copy")

    region = await region_page(user, "/morph-js-test", draw)
    old = by_testid(region, "text")
    region.refresh()
    assert by_testid(region, "text").id != old.id and old.is_deleted
