"""Keyboard access for things people tap that are not buttons (cards, piles): Tab reaches them, Enter or Space
taps them. The keys are handled once per page (``TAP_KEYS_JS`` in the client script), not per element."""

from __future__ import annotations

from nicegui import ui

TAP_CLASS = "cn-tap"

# Enter or Space on a focused tappable element clicks it (unless the element handled the key itself)
TAP_KEYS_JS = """document.addEventListener('keydown', e => {
  if ((e.key === 'Enter' || e.key === ' ') && !e.defaultPrevented && !e.repeat
      && e.target.classList && e.target.classList.contains('""" + TAP_CLASS + """')) {
    e.preventDefault(); e.target.click(); }
});"""


def set_tappable(el: ui.element, on: bool = True) -> None:
    """Make ``el`` a button for the keyboard and for screen readers (or, with ``on`` False, a picture)."""
    el.props["role"] = "button" if on else "img"
    if on:
        el.props["tabindex"] = "0"
        el.classes(add=TAP_CLASS)
    else:
        el.props.pop("tabindex", None)
        el.classes(remove=TAP_CLASS)
