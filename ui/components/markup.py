"""A part of the page drawn from HTML as one element (issue 50: an element per card and label cost a Pi-class host
more than anything else in a move), which the browser morphs into what is there instead of replacing it
(markup.js): an element that stays keeps its node, so a card in the trick neither flickers nor travels and the
browser redraws only what changed. Its HTML must be trusted (built by us, every word escaped)."""

from __future__ import annotations

from nicegui import ui


class Markup(ui.html, component="markup.js"):
    """``content``: the HTML inside; ``tag``: the element around it. Children with ``data-card`` or ``data-key``
    are matched by it when the HTML changes, the others by position."""

    def __init__(self, content: str = "", *, tag: str = "div") -> None:
        super().__init__(content, sanitize=False, tag=tag)


def set_markup(element: Markup, content: str) -> None:
    """Give ``element`` new HTML (sent only when it differs)."""
    if element.content != content:
        element.content = content
