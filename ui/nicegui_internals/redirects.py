"""A tap on an element that a redraw has just replaced reaches its replacement: reads NiceGUI's private
``Element._event_listeners``. Breaks on upgrade: tests/ui/test_tap_redirect.py, tests/e2e/test_tap_during_redraw.py.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Hashable, Mapping
from typing import Any

from nicegui import Client, ui

REDIRECTS_KEPT = 400  # per page: old ids remembered (a few redraws' worth; a tap is in flight for well under 1 s)
ORPHAN_SECONDS = 2.0  # how long a control gone without a replacement waits for one drawn by a later redraw


def listener_types(element: ui.element) -> list[tuple[str, str]]:
    """``(listener id, event type)`` of an element's event listeners, in the order they were added. Read before the
    element is deleted: NiceGUI clears them then (``Element._handle_delete``)."""
    return [(lid, listener.type) for lid, listener in element._event_listeners.items()]  # noqa: SLF001


def listens(element: ui.element) -> bool:
    """Has the element any event listener?"""
    return bool(element._event_listeners)  # noqa: SLF001


class Replacements:
    """Where a tap on a replaced element goes.

    A region redrawn on the server (another seat's move) deletes its elements and makes new ones; the browser
    shows the old ones until the update arrives, and a tap in that moment names an element the server no longer
    has: NiceGUI drops such an event silently. A region tells us which new element stands where an old one stood
    (the same ``data-testid``); an event for the old id is handed to the new element's listener of the same type.
    A control that one redraw took away and a later one drew again (a button gone for a moment while the table
    passed through a state without it) is its own replacement too, if the later redraw comes within
    ``ORPHAN_SECONDS``: an event is redirected when it arrives, so only a tap still in flight is affected.
    """

    def __init__(self) -> None:
        self._by_client: weakref.WeakKeyDictionary[Client, dict[int, tuple[ui.element, list[tuple[str, str]]]]] = (
            weakref.WeakKeyDictionary())
        # deleted without a replacement: old id -> (what named it, its listeners, when)
        self._orphans: weakref.WeakKeyDictionary[
            Client, dict[int, tuple[Hashable, list[tuple[str, str]], float]]] = weakref.WeakKeyDictionary()

    def note(self, client: Client, old: dict[int, list[tuple[str, str]]], new: dict[int, ui.element],
             gone: Mapping[int, Hashable] | None = None, drawn: Mapping[Any, ui.element] | None = None) -> None:
        """``old``: deleted element id -> its listeners; ``new``: deleted element id -> its replacement; ``gone``:
        deleted element id -> its name, for those without a replacement; ``drawn``: the redraw's elements by name."""
        table = self._by_client.setdefault(client, {})
        for old_id, element in new.items():
            table[old_id] = (element, old[old_id])
        orphans = self._orphans.setdefault(client, {})
        now = time.monotonic()
        for old_id, (name, listeners, when) in list(orphans.items()):
            again = (drawn or {}).get(name)
            if again is not None and now - when <= ORPHAN_SECONDS:
                table[old_id] = (again, listeners)
            if again is not None or now - when > ORPHAN_SECONDS:  # found, or waited long enough
                del orphans[old_id]
        for old_id, name in (gone or {}).items():
            orphans[old_id] = (name, old[old_id], now)
        # a replacement that was itself replaced: follow to the newest
        for old_id, (element, listeners) in list(table.items()):
            if element.id in table and element.is_deleted:
                table[old_id] = (table[element.id][0], listeners)
        if len(table) > REDIRECTS_KEPT:
            for old_id in list(table)[:len(table) - REDIRECTS_KEPT]:
                del table[old_id]

    def awaits(self, client: Client) -> bool:
        """Some control of this page went without a replacement and may still be drawn again."""
        return bool(self._orphans.get(client))

    def redirect(self, client: Client, msg: dict[str, Any]) -> dict[str, Any] | None:
        """``msg`` rewritten for the element that replaced the one it names, or None if there is none."""
        found = self._by_client.get(client, {}).get(msg.get("id"))  # type: ignore[arg-type]
        if found is None:
            return None
        element, old_listeners = found
        if element.is_deleted or element.id not in client.elements:
            return None
        kinds = [t for lid, t in old_listeners if lid == msg.get("listener_id")]
        if not kinds:
            return None
        nth = [lid for lid, t in old_listeners if t == kinds[0]].index(msg["listener_id"])
        same = [lid for lid, t in listener_types(element) if t == kinds[0]]
        if nth >= len(same):
            return None
        return {**msg, "id": element.id, "listener_id": same[nth]}


REPLACEMENTS = Replacements()
