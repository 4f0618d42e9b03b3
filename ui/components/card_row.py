"""A row of face-up cards kept in step with a list, changing only the cards that changed.

Redrawing a hand of 13 cards for every selection or play makes the browser build, lay out and paint 13 new
elements; a :class:`CardRow` adds the new cards, removes the gone ones, restyles the ones whose look changed
(selected, clickable) and reorders, so selecting a card sends one small element update.
"""

from __future__ import annotations

from typing import NamedTuple

from nicegui import ui

from ui.components.cards import card, set_look


class CardLook(NamedTuple):
    selected: bool = False
    clickable: bool = False
    disabled: bool = False


class CardRow:
    """The cards inside ``container``; :meth:`sync` makes them match a list of (code, look). Codes are unique
    within a row (a key per card, as in a keyed list)."""

    def __init__(self, container: ui.element) -> None:
        self.container = container
        self.cards: dict[str, ui.element] = {}
        self.looks: dict[str, CardLook] = {}

    def codes(self) -> list[str]:
        """The codes in the order the page shows them."""
        code_of = {id(el): code for code, el in self.cards.items()}
        return [code_of[id(el)] for el in self.container.default_slot.children if id(el) in code_of]

    def sync(self, wanted: list[tuple[str, CardLook]]) -> None:
        if self.container.is_deleted:
            return
        codes = [code for code, _ in wanted]
        if len(set(codes)) != len(codes):
            raise ValueError(f"a card row needs unique codes, got {codes}")
        keep = set(codes)
        for code in [c for c in self.cards if c not in keep]:
            self.container.remove(self.cards.pop(code))
            del self.looks[code]
        for code, look in wanted:
            el = self.cards.get(code)
            if el is None:
                with self.container:
                    self.cards[code] = card(code, selected=look.selected, clickable=look.clickable,
                                            disabled=look.disabled)
            elif self.looks[code] != look:
                set_look(el, selected=look.selected, clickable=look.clickable, disabled=look.disabled)
            self.looks[code] = look
        if self.codes() != codes:
            children = self.container.default_slot.children
            mine = {id(el) for el in self.cards.values()}
            children[:] = [el for el in children if id(el) not in mine] + [self.cards[code] for code in codes]
            self.container.update()
