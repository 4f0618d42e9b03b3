"""A region's redraw sent as a difference: the new drawing keeps the browser's elements where it draws the same ones.

A region redraws by running its drawing function again (ui/components/region.py). Sent as it is, that deletes every
element of the region in the browser and sends all of them anew, though a move usually changes a text or a card or
two: the message line's new words came with its row and its box, a trick's new card with the whole trick. Here the
new elements are paired with the old ones in the same places (same kind of element, same names: ``data-testid``,
``data-card``, ...), each new one takes its old one's id, and only those that differ from what the browser shows are
sent. The browser then changes those elements in place instead of replacing the region's DOM.

A card whose name changed is never paired (a different card is a new element), so cards that travel stay new
elements for assets/motion.js. Elements with a Vue component of their own or a JavaScript handler are not paired
(``can_adopt``); a drawing that has a JavaScript handler anywhere is sent whole.
"""

from __future__ import annotations

from nicegui import Client, ui

from ui.nicegui_internals import (
    adopt,
    as_sent,
    can_adopt,
    js_handled,
    note_rename,
    pending_updates,
    retarget_tooltip,
    unsend,
)

NAMES = ("data-testid", "data-card", "data-meld", "data-set-id", "data-source", "data-region")


def same_kind(old: ui.element, new: ui.element) -> bool:
    """Can ``new`` stand where ``old`` stood, as the same element changed in place?"""
    return (type(old) is type(new) and old.tag == new.tag and can_adopt(old) and can_adopt(new)
            and all(old.props.get(name) == new.props.get(name) for name in NAMES))


def drawable_as_difference(elements: list[ui.element]) -> bool:
    """False if any element of the drawing has a JavaScript handler (it may name other elements by their ids)."""
    return not any(js_handled(el) for top in elements for el in top.descendants(include_self=True))


def morph(client: Client, old: list[ui.element], new: list[ui.element], pending: set[int],
          renamed: dict[str, str]) -> None:
    """Pair the children ``new`` with ``old`` (the common start and end of the two lists, element by element), let
    each new one take its old one's id and send it only if it differs; delete the old ones left over. ``renamed``
    gathers the ids taken (a tooltip names its element by id)."""
    n = min(len(old), len(new))
    head = 0
    while head < n and same_kind(old[head], new[head]):
        head += 1
    tail = 0
    while tail < n - head and same_kind(old[-1 - tail], new[-1 - tail]):
        tail += 1
    pairs = list(zip(old[:head], new[:head], strict=True))
    if tail:
        pairs += list(zip(old[-tail:], new[-tail:], strict=True))
    # a tooltip is kept only with its element: one kept for an element drawn new (another button's tooltip in that
    # place) named it before the browser had it ("Anchor: target ... not found"); it is drawn new after it instead
    drawn_new = {f"#{n.html_id}" for n in new} - {f"#{n.html_id}" for _o, n in pairs}
    pairs = [(o, n) for o, n in pairs if not (n.tag == "q-tooltip" and n.props.get("target") in drawn_new)]
    paired = {id(o) for o, _ in pairs}
    for o in old:
        if id(o) not in paired:
            client.remove_elements(o.descendants(include_self=True))
    for o, now in pairs:
        note_rename(renamed, now, o)
        retarget_tooltip(now, renamed)  # (a tooltip follows its element: it names the id that element now has)
        morph(client, list(o.default_slot.children), list(now.default_slot.children), pending, renamed)
        shown = as_sent(o)  # what the browser has: read before o goes
        adopt(client, o, now)
        if o.id in pending or as_sent(now) != shown:
            now.update()


def begin(box: ui.element) -> tuple[list[ui.element], set[int]]:
    """Take the box's children out of it before a redraw (they stay on the page until :func:`finish`)."""
    pending = pending_updates(box.client)
    old = list(box.default_slot.children)
    box.default_slot.children.clear()
    return old, pending


def finish(box: ui.element, old: list[ui.element], pending: set[int]) -> None:
    """After the redraw: the new children take the old ones' places where they can; the box is sent only if its
    list of children changed."""
    new = list(box.default_slot.children)
    client = box.client
    if drawable_as_difference(new):
        renamed: dict[str, str] = {}
        morph(client, old, new, pending, renamed)
        for top in new:  # tooltips drawn new (or before their element) name its id too
            for el in top.descendants(include_self=True):
                retarget_tooltip(el, renamed)
    else:
        for o in old:
            client.remove_elements(o.descendants(include_self=True))
    if box.id not in pending and [c.id for c in new] == [c.id for c in old]:
        unsend(box)
    else:
        box.update()
