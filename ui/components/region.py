"""A part of a page that is redrawn only when what it shows has changed.

A table changes many times a minute and every seat's page follows it. Rebuilding a whole page for each move
sends every element again; a :class:`Region` compares a key (a plain value describing what it draws) with the
key of its last drawing and rebuilds only when they differ, so a move sends just the parts it touched.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from nicegui import ui

from ui.components import morph
from ui.nicegui_internals import REPLACEMENTS, listener_types, listens

ALWAYS = None  # a key function returning this redraws on every update
_drawing: list[Region] = []  # the regions being drawn, innermost last


def _unchanging() -> Hashable:
    return 0


class Region:
    """A layout-neutral box (``display: contents``) around one drawing function.

    A region drawn inside another (:meth:`part`) belongs to it: when the outer one keeps its drawing, its parts
    are brought up to date one by one; when it redraws, they are made afresh.
    """

    def __init__(self, draw: Callable[[], None], key: Callable[[], Hashable | None] | None = None,
                 name: str = "", patch: Callable[[], None] | None = None) -> None:
        self.draw = draw
        self.key_fn = key
        self.patch = patch  # small in-place changes (a count, a class) made after every update, drawn or not
        self.key: Hashable | None = object()  # never equal to a real key: the first update draws
        self.name = name  # what the page finds it by (and the box's data-region)
        self.box = ui.element("div").classes("region").style("display: contents")
        self.box.props["data-island"] = ""  # re-rendered on its own by the browser (ui/nicegui_internals/islands.js)
        if name:
            self.box.props["data-region"] = name
        self.parts: list[Region] = []
        self.draws = 0

    @classmethod
    def part(cls, draw: Callable[[], None], key: Callable[[], Hashable | None] | None = None,
             name: str = "", patch: Callable[[], None] | None = None) -> Region:
        """A region inside the one being drawn now, drawn at once."""
        region = cls(draw, key, name, patch)
        if _drawing:
            _drawing[-1].parts.append(region)
        region.update(force=True)
        return region

    @classmethod
    def on_request(cls, draw: Callable[[], None], name: str = "") -> Region:
        """A part redrawn only when asked (:meth:`refresh`, e.g. after a selection), never by a table update. Use it
        instead of ``ui.refreshable``: a tap on an element it has just replaced still reaches the replacement."""
        return cls.part(draw, key=_unchanging, name=name)

    def update(self, force: bool = False, replace: bool = False) -> bool:
        """Redraw if the key changed (or ``force``), else update the parts; True if it redrew. A redraw keeps the
        browser's elements where it draws the same ones (ui/components/morph.py); ``replace``: makes them all anew."""
        if self.box.is_deleted:
            return False
        key = self.key_fn() if self.key_fn is not None else ALWAYS
        if not force and key is not ALWAYS and key == self.key:
            for region in self.parts:
                region.update()
            if self.patch is not None:
                self.patch()
            return False
        self.key = key
        self.parts = []
        before = tappable(self.box)
        listeners = {el.id: listener_types(el) for el in before.values()}  # (read before the elements go)
        if replace:
            self.box.clear()
        old, pending = morph.begin(self.box)
        _drawing.append(self)
        try:
            with self.box:
                self.draw()
        finally:
            _drawing.pop()
            morph.finish(self.box, old, pending)  # only what differs from the last drawing is sent
        after = tappable(self.box) if before or REPLACEMENTS.awaits(self.box.client) else {}
        if before or after:  # a tap already on its way to an element just replaced goes to its replacement
            found = replacements(before, after)
            gone = {el.id: key for key, el in before.items() if el.id not in found}
            REPLACEMENTS.note(self.box.client, listeners, found, gone, after)
        if self.patch is not None:
            self.patch()
        self.draws += 1
        return True

    def refresh(self, replace: bool = False) -> None:
        """Redraw now, whatever the key says (after a page-local change such as a selection); ``replace``: every
        element made anew (tests of a tap on a replaced element)."""
        self.update(force=True, replace=replace)


# What names a control across redraws. Only names: never state that a move changes (a pile's ``data-drop``, the
# sources it takes now, changes when the hand shrinks, and a tap on that pile must still find it).
IDENTITY = ("data-testid", "data-card", "data-meld", "data-set-id")
PLACE = "data-source"  # where a card lies (a hand slot, a pile): tells two cards of the same name apart
NAMES = (*IDENTITY, PLACE)
Name = tuple[str, ...]


def tappable(box: ui.element) -> dict[Name, ui.element]:
    """The elements in ``box`` that listen to events, by what names them and where they lie (unique ones only)."""
    found: dict[Name, ui.element] = {}
    twice: set[Name] = set()
    for el in box.descendants():
        if not listens(el):  # (most elements do not: their names are not read)
            continue
        key = tuple(str(el.props.get(name, "")) for name in NAMES)
        if not any(key):
            continue
        if key in found:
            twice.add(key)
        found[key] = el
    for key in twice:
        del found[key]
    return found


def replacements(before: dict[Name, ui.element], after: dict[Name, ui.element]) -> dict[int, ui.element]:
    """Old element id -> the new element that took its place: the same name in the same place; else the one element
    of that name anywhere (a card whose slot moved), when the name was also unique before."""
    def by_name(found: dict[Name, ui.element]) -> dict[Name, ui.element | None]:
        named: dict[Name, ui.element | None] = {}
        for key, el in found.items():
            named[key[:-1]] = None if key[:-1] in named else el  # None: more than one
        return named

    old_names, new_names = by_name(before), by_name(after)
    result: dict[int, ui.element] = {}
    for key, el in before.items():
        new = after.get(key)
        if new is None and old_names.get(key[:-1]) is el:
            new = new_names.get(key[:-1])
        if new is not None:
            result[el.id] = new
    return result
