"""Playing cards: one element each, its face an SVG drawn by the app (ui/components/card_faces.py)."""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from nicegui import ui

from logic.cards import Card, is_joker
from ui.components.tap import set_tappable
from ui.i18n import _
from ui.i18n.cards import card_name

_STILL: list[bool] = []  # inside :func:`still_cards`


@contextmanager
def still_cards() -> Iterator[None]:
    """Cards drawn inside are pictures (a rules page's example, a replay, a report): not tappable, no listeners, no
    button role, whatever the game's hand part asks for."""
    _STILL.append(True)
    try:
        yield
    finally:
        _STILL.pop()


def card(code: str, *, selected: bool = False, on_click: Callable[[], None] | None = None,
         small: bool = False, disabled: bool = False, wild: bool = False, represents: str | None = None,
         on_dblclick: Callable[[], None] | None = None, clickable: bool | None = None) -> ui.element:
    """A face-up card with ``data-card`` and an accessible name. ``represents``: what a wild stands for.
    ``clickable`` marks a card whose clicks a container handles (see :func:`on_card_clicks`)."""
    if _STILL:
        on_click = on_dblclick = None
        clickable = False
    clickable = on_click is not None if clickable is None else clickable
    classes, data_card, own = face_look(code, small)
    el = ui.element("div").classes(classes)  # the face itself is /cards/<code>.svg (card_faces.py)
    el.props["data-card"] = data_card
    name = _("{card}, standing for {other}", card=own, other=card_name(Card.parse(represents))) \
        if represents else own
    el.props["aria-label"] = name
    set_look(el, selected=selected, clickable=clickable, disabled=disabled)
    if wild:
        with el:
            ui.label("★").classes("wild-star")
    if on_click is not None:
        el.on("click", lambda _e: on_click())
    if on_dblclick is not None:
        el.on("dblclick", lambda _e: on_dblclick())
    return el


def face_look(code: str, small: bool = False) -> tuple[str, str, str]:
    """A face-up card's classes, ``data-card`` and accessible name."""
    if is_joker(code):  # a joker (JK1 red, JK2 black): no rank or suit
        classes = ["pcard", "face", "joker", "red" if code == "JK1" else "black"]
        data_card, own = code, _("Joker")
    else:
        c = Card.parse(code)
        classes = ["pcard", "face", f"suit-{c.suit}", "red" if c.suit in "HD" else "black"]
        data_card, own = c.code, card_name(c)
    if small:
        classes.append("small")
    return " ".join(classes), data_card, own


def card_markup(code: str, *, small: bool = False) -> str:
    """A face-up card that is a picture (not tappable), as HTML: for a part of the page drawn as one element, which
    costs a Pi-class host and an old phone far less than an element per card (issue 50). The same box, classes and
    ARIA as :func:`card` draws for a card nobody taps."""
    classes, data_card, own = face_look(code, small)
    return (f"<div class='{classes}' data-card='{html.escape(data_card)}' role=img "
            f"aria-label='{html.escape(own)}'></div>")  # (single quotes: the page's JSON does not escape them)


def set_look(el: ui.element, *, selected: bool, clickable: bool, disabled: bool) -> None:
    """The classes and ARIA that show a card's state; also restyles a card already on the page."""
    clickable = clickable and not _STILL
    marks = {"selected": selected, "clickable": clickable, "disabled": disabled}
    el.classes(add=" ".join(k for k, on in marks.items() if on),
               remove=" ".join(k for k, on in marks.items() if not on))
    set_tappable(el, clickable)
    if selected:
        el.props["aria-pressed"] = "true"
    else:
        el.props.pop("aria-pressed", None)


def card_back(colour: str = "#2b4c9b", small: bool = False, testid: str | None = None) -> ui.element:
    el = ui.element("div").classes("pcard back" + (" small" if small else ""))
    el.style(f"--back: {colour}")
    el.props["role"] = "img"  # a name needs a role
    el.props["aria-label"] = _("Face-down card")
    if testid:
        el.props["data-testid"] = testid
    return el



CARD_CLICK_JS = ("(e) => { const c = e.target.closest('[data-card]');"
                 " if (c && c.classList.contains('clickable')) emit(c.dataset.card); }")


def on_card_clicks(container: ui.element, handler: Callable[[str], None]) -> None:
    """One click listener for all the clickable cards in ``container`` (a hand): far less to send than one per
    card. ``handler`` gets the card's code as the browser sent it; check it before use."""
    if _STILL:
        return
    container.on("click", lambda e: handler(e.args) if isinstance(e.args, str) else None, js_handler=CARD_CLICK_JS)


def mark_selected(container: ui.element, selected: set[str]) -> None:
    """Show the selection on the cards in ``container`` in place (a class and ``aria-pressed`` on the cards whose
    mark changed): a tap restyles one card instead of redrawing the hand under the next tap."""
    for el in container.descendants():
        code = el.props.get("data-card")
        if code is None:
            continue
        want = code in selected
        if ("selected" in el.classes) != want:
            el.classes(add="selected" if want else "", remove="" if want else "selected")
            if want:
                el.props["aria-pressed"] = "true"
            else:
                el.props.pop("aria-pressed", None)
