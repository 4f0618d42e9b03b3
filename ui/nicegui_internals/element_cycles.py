"""A deleted element's classes, style and props are freed at once, not left to the cycle collector (issue 50).

NiceGUI 3.18 gives every element a ``Classes``, a ``Style`` and a ``Props`` object, each holding its own bound
``_update`` method as its change handler: three reference cycles per element. The element itself is freed when its
last reference goes, but those three wait for a full run of the cycle collector, about twenty objects an element.
A table page redraws its regions at every move, so four tables left some 190,000 such objects a minute; on a
Raspberry-Pi-class host (a quarter of one core) the full collection that found them stopped the server for 1.6 to
3.2 s about once a minute (tests/bench/bench_pi_host.py with ``CARDNIGHT_GC_SLOW_MS`` and
``CARDNIGHT_GARBAGE_EVERY``). Dropping the three handlers when the element is deleted breaks the cycles; a deleted
element draws nothing, so its handlers have nothing left to do.

Breaks on upgrade: tests/ui/test_element_cycles.py (the parts' ``_change_handlers`` and ``Element._handle_delete``).
"""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

_original: Callable[[ui.element], None] = ui.element._handle_delete  # noqa: SLF001


def handle_delete(element: ui.element) -> None:
    """``Element._handle_delete``, then the change handlers of the element's classes, style and props dropped."""
    _original(element)
    for part in (element._classes, element._style, element._props):  # noqa: SLF001
        part._change_handlers.clear()  # noqa: SLF001


def install() -> None:
    """Every element's parts freed with it (once per app start; subclasses reach it through ``super()``)."""
    type.__setattr__(ui.element, "_handle_delete", handle_delete)
