"""Controls drawn once and kept up to date in place: a button and a label whose state is asked anew after every
change of the table (and, for a button, at the click).

The action bar changes with every selection and every turn; rebuilding its buttons each time made every page
build, lay out and paint new buttons. A live control only changes what changed: enabled or not, its reason.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from nicegui import ui

TOOLTIP_DELAY_MS = 600  # a reason shows when the pointer rests on a button, not as it passes or just after a click
_UNSET = object()


class Refreshable(Protocol):
    def refresh(self) -> None: ...


class LiveButton:
    """A button whose ``state()`` gives (action to send, reason it cannot be used or None) at any moment.

    Disabled with its reason shown (tooltip + ``data-reason``) while there is a reason. The click asks
    ``state()`` again, so what is sent is what the page shows now, never a value captured when it was drawn.
    """

    def __init__(self, send: Callable[[Any], Any], text: str, testid: str,
                 state: Callable[[], tuple[Any, str | None]], primary: bool = False, icon: str | None = None) -> None:
        self.send, self.state = send, state
        # no ripple: the button stays (it is not redrawn after the click), and a ripple then played its full
        # half second of frames on every page's action bar
        self.button = ui.button(text, icon=icon, on_click=self.clicked).props(
            f":ripple=false data-testid={testid} " + ("color=primary" if primary else "outline"))
        self.tip: ui.tooltip | None = None
        self.reason: Any = _UNSET
        self.refresh()

    def clicked(self) -> None:
        action, reason = self.state()
        if reason is None and action is not None:
            self.send(action)

    def refresh(self) -> None:
        if self.button.is_deleted:
            return
        with self.button:  # the page's own client, whatever calls: its texts speak the page's language
            _action, reason = self.state()
        if reason == self.reason:
            return
        self.reason = reason
        if reason:
            self.button.disable()
            self.button.props["data-reason"] = reason
            if self.tip is None:
                with self.button:
                    self.tip = ui.tooltip(reason).props(f"delay={TOOLTIP_DELAY_MS}")
            else:
                self.tip.set_text(reason)
        else:
            self.button.enable()
            self.button.props.pop("data-reason", None)
            if self.tip is not None:
                self.button.remove(self.tip)
                self.tip = None


class LiveToggle(LiveButton):
    """A button that switches something on and off: ``state()`` gives (on now, action that switches it, reason it
    cannot be used or None). Shows whether it is on with ``aria-pressed`` and ``data-on`` (and a filled look)."""

    def __init__(self, send: Callable[[Any], Any], text: str, testid: str,
                 state: Callable[[], tuple[bool, Any, str | None]], icon: str | None = None) -> None:
        self.toggle_state = state
        self.on: bool | None = None
        super().__init__(send, text, testid, lambda: state()[1:], icon=icon)
        self.button.props("no-caps")

    def refresh(self) -> None:
        if self.button.is_deleted:
            return
        with self.button:
            on = self.toggle_state()[0]
        if on != self.on:
            self.on = on
            self.button.props["aria-pressed"] = "true" if on else "false"
            self.button.props["data-on"] = "true" if on else "false"
            # off, it is a secondary control: flat, beside the outlined and filled ones; on, a filled amber
            self.button.props(remove="outline flat" if on else "outline unelevated")
            self.button.props("unelevated color=amber text-color=black" if on else "flat color=primary")
        super().refresh()


class LiveLabel:
    """A label showing ``text()``, hidden while that is empty."""

    def __init__(self, text: Callable[[], str | None], classes: str = "", testid: str | None = None) -> None:
        self.text = text
        self.label = ui.label("").classes(classes)
        if testid:
            self.label.props(f"data-testid={testid}")
        self.shown: Any = _UNSET
        self.refresh()

    def refresh(self) -> None:
        if self.label.is_deleted:
            return
        with self.label:  # the page's own client, whatever calls: its text speaks the page's language
            text = self.text() or ""
        if text == self.shown:
            return
        self.shown = text
        self.label.set_text(text)
        self.label.set_visibility(bool(text))
