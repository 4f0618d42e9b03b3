"""Playing cards drawn with HTML/CSS (assets/cardnight.css): corners, a big suit, distinct court cards."""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from logic.cards import SUIT_SYMBOL, Card

COURT_LETTER = {11: "J", 12: "Q", 13: "K"}


def card(code: str, *, selected: bool = False, on_click: Callable[[], None] | None = None,
         small: bool = False, disabled: bool = False, wild: bool = False, represents: str | None = None,
         on_dblclick: Callable[[], None] | None = None) -> ui.element:
    """A face-up card with ``data-card`` and an accessible name. ``represents``: what a wild stands for."""
    c = Card.parse(code)
    label = c.code[:-1]
    classes = ["pcard", f"suit-{c.suit}", "red" if c.suit in "HD" else "black"]
    if selected:
        classes.append("selected")
    if on_click is not None:
        classes.append("clickable")
    if small:
        classes.append("small")
    if disabled:
        classes.append("disabled")
    el = ui.element("div").classes(" ".join(classes))
    el.props["data-card"] = c.code
    el.props["role"] = "button" if on_click else "img"
    name = c.name + (f", standing for {Card.parse(represents).name}" if represents else "")
    el.props["aria-label"] = name
    if selected:
        el.props["aria-pressed"] = "true"
    with el:
        sym = SUIT_SYMBOL[c.suit]
        for pos in ("tl", "br"):
            with ui.element("div").classes(f"corner {pos}"):
                ui.label(label)
                ui.label(sym).classes("s")
        if c.rank in COURT_LETTER:
            with ui.element("div").classes("court"):
                ui.label(COURT_LETTER[c.rank] + sym)
        else:
            ui.label(sym).classes("pip")
        if wild:
            ui.label("★").classes("wild-star")
    if on_click is not None:
        el.on("click", lambda _e: on_click())
    if on_dblclick is not None:
        el.on("dblclick", lambda _e: on_dblclick())
    return el


def card_back(colour: str = "#2b4c9b", small: bool = False, testid: str | None = None) -> ui.element:
    el = ui.element("div").classes("pcard back" + (" small" if small else ""))
    el.style(f"--back: {colour}")
    el.props["aria-label"] = "Face-down card"
    if testid:
        el.props["data-testid"] = testid
    return el

