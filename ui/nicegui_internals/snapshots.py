"""An update message is a snapshot of the page at one moment (issue 50: a data-version testers can trust).

NiceGUI 3.18's ``Element._to_dict`` hands an update message the element's *own* ``props``, ``class`` and ``style``
objects (its ``children`` and ``text`` are copies). The outbox builds a message, and the message is turned into text
only when socket.io sends it. In between the outbox may await: a page's first message with an element of a component
it has not loaded yet (a Stockpile board's ``ui.keyboard``) waits while ``load_js_components`` is sent first. A table
change drawn in that moment then reached the browser half in the older message (its attributes: the table root's new
``data-version``, a pile's new ``data-cards``) and half in the next (its elements: the new cards), so for one message
the page showed the previous move's hand and piles under the new ``data-version``. With a copy of those three
containers the message says what the page was when it was built; the next message brings the change whole.

Breaks on upgrade: tests/ui/test_update_snapshots.py (``Element._to_dict`` and the outbox's order of sending).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nicegui import ui

_original: Callable[[ui.element], dict[str, Any]] = ui.element._to_dict  # noqa: SLF001
LIVE = {"class": list, "style": dict, "props": dict}  # NiceGUI's own objects in the message, and their copies


def to_dict(element: ui.element) -> dict[str, Any]:
    """``Element._to_dict`` with the element's classes, style and props copied."""
    data = _original(element)
    for key, copy in LIVE.items():
        if key in data:
            data[key] = copy(data[key])
    return data


def unsnapped(element: ui.element) -> dict[str, Any]:
    """The update message of ``element`` with its own classes, style and props (no copies): only to compare at once,
    never to keep or send."""
    return _original(element)


def install() -> None:
    """Every element's update message a snapshot (once per app start)."""
    type.__setattr__(ui.element, "_to_dict", to_dict)  # (a method of the class: every element, whatever its kind)
