"""A region's redraw that keeps the browser's elements (ui/components/morph.py; tests/ui/test_region_morph.py).

A new element takes an old one's id and, listener by listener of the same type, its listener ids; the old one leaves
the server without the browser being told, and an element whose update turns out to change nothing is taken out of
the page's next update. Relies on NiceGUI 3.18's ``Element.id``, ``client.elements``, ``Element._event_listeners``
(``EventListener.id`` and ``element_id``), ``Element._handle_delete``/``_deleted``, ``Element._to_dict`` and
``client.outbox.updates``; and on ``Element.tooltip`` naming its element by id (``target="#c12"``, see
:func:`retarget_tooltip`; tests/ui/test_morph_tooltips.py).
"""

from __future__ import annotations

from typing import Any

from nicegui import Client, binding, ui

from ui.nicegui_internals.snapshots import unsnapped


def js_handled(element: ui.element) -> bool:
    """Has the element a JavaScript event handler (which may name other elements by their ids)?"""
    return any(listener.js_handler for listener in element._event_listeners.values())  # noqa: SLF001


def can_adopt(element: ui.element) -> bool:
    """Can a new element take an old one's id (:func:`adopt`)? Plain elements only: no Vue component of its own
    (which may keep state by id), no named slots, no JavaScript handler."""
    return element.component is None and list(element.slots) == ["default"] and not js_handled(element)


def note_rename(renamed: dict[str, str], new: ui.element, old: ui.element) -> None:
    """Note that ``new`` takes ``old``'s id (before :func:`adopt`), for :func:`retarget_tooltip`."""
    renamed[f"#{new.html_id}"] = f"#{old.html_id}"


def retarget_tooltip(element: ui.element, renamed: dict[str, str]) -> None:
    """``element.tooltip()`` makes a ``q-tooltip`` beside the element that names it by id (its ``target`` prop): where
    that element took another's id, the tooltip names the id it has now, else Quasar finds no such element ("Anchor:
    target ... not found") and the tooltip never shows."""
    if element.tag == "q-tooltip":
        target = element.props.get("target")
        if isinstance(target, str) and target in renamed:
            element.props["target"] = renamed[target]


def adopt(client: Client, old: ui.element, new: ui.element) -> None:
    """``new`` takes ``old``'s place: its id, and listener by listener of the same type its listener ids (a tap on
    the old one in flight reaches the new one); ``old`` leaves the server without the browser being told, and
    ``new`` is not sent as a new element (the caller sends it if it differs: ``new.update()``)."""
    old_ids: dict[str, list[str]] = {}
    for listener in old._event_listeners.values():  # noqa: SLF001
        old_ids.setdefault(listener.type, []).append(listener.id)
    listeners = {}
    for listener in new._event_listeners.values():  # noqa: SLF001
        ids = old_ids.get(listener.type)
        if ids:
            listener.id = ids.pop(0)
        listener.element_id = old.id
        listeners[listener.id] = listener
    new._event_listeners = listeners  # noqa: SLF001
    old_id, new_id = old.id, new.id
    binding.remove([old])
    old._handle_delete()  # noqa: SLF001
    old._deleted = True  # noqa: SLF001
    client.outbox.updates.pop(new_id, None)
    client.elements.pop(new_id, None)
    new.id = old_id
    client.elements[old_id] = new


def as_sent(element: ui.element) -> dict[str, Any]:
    """The element as an update message gives it to the browser, to compare at once (its own classes, style and
    props, not the copies a message keeps: :mod:`.snapshots`)."""
    return unsnapped(element)


def pending_updates(client: Client) -> set[int]:
    """Ids of the elements this page will be sent at its next update."""
    return set(client.outbox.updates.keys())


def unsend(element: ui.element) -> None:
    """Take ``element`` out of the next update (it has not changed after all)."""
    element.client.outbox.updates.pop(element.id, None)
