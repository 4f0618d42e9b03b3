"""A deleted element's classes, style and props are freed with it, without the cycle collector
(ui/nicegui_internals/element_cycles.py). Each used to hold its own ``_update`` method: three cycles an element, which
a page redrawing its regions at every move left for the full collections that stopped a Pi-class host for seconds.
Fails if an upgrade renames ``_change_handlers`` or stops calling ``Element._handle_delete`` on deletion."""

from __future__ import annotations

import gc
import weakref

from nicegui import ui
from nicegui.testing import User


async def test_a_deleted_elements_parts_go_without_the_cycle_collector(user: User) -> None:
    parts: dict[str, ui.element] = {}

    @ui.page("/cycles-test")
    def page() -> None:
        parts["box"] = ui.column()
        with parts["box"]:
            ui.label("one").classes("text-xl").style("color: red").props("data-testid=one")
            ui.button("two").props("data-testid=two")

    await user.open("/cycles-test")
    kept = [weakref.ref(part) for child in parts["box"] for part in (child._classes, child._style, child._props)]
    assert len(kept) == 6 and all(ref() is not None for ref in kept)
    gc.collect()
    gc.disable()
    try:
        parts["box"].clear()  # (a region's redraw deletes its elements like this)
        assert [ref() for ref in kept] == [None] * 6  # freed by reference counting alone
    finally:
        gc.enable()
    parts["box"].classes("gap-2")  # the element still alive still sends its changes
    assert "gap-2" in parts["box"]._classes
