"""HTTP status codes for pages that still show their friendly content (browser automation and scripts read the
status; people read the page).

A page sets the status while it builds; NiceGUI sends the page with it. For a new page that may have nothing to
show (e.g. ``/replay/<CODE>``)::

    from ui.shell.http_status import not_found_page

    @ui.page("/replay/{code}")
    def replay_page(code: str) -> None:
        record = runtime().finished.find(code)
        if record is None:
            not_found_page(_("Replay not found"), _("No finished game with code {code}.", code=code[:12].upper()))
            return
        ...

or, with content of its own, call ``answer(NOT_FOUND)`` anywhere while the page is built. This works for plain and
async page functions, as long as the status is set before the page is sent (for an async page: before it awaits
``client.connected()``); the page decorator's ``response_timeout`` must cover any wait before that.
"""

from __future__ import annotations

from nicegui import ui

from ui.i18n import _
from ui.shell.frame import frame

BAD_REQUEST = 400
NOT_FOUND = 404
TOO_MANY_REQUESTS = 429
SERVICE_UNAVAILABLE = 503  # saving fails (a full or read-only disk): no new tables until it works again


def answer(status: int) -> None:
    """Send the page being built with HTTP ``status`` (NiceGUI's ``ui.status_code``)."""
    ui.status_code(status)


def not_found_page(title: str, message: str, back_label: str | None = None, back_to: str = "/") -> None:
    """A whole friendly "not found" page (``data-testid=error``), answered with 404; its texts in the viewer's
    language (the button says "Back to home" unless told otherwise)."""
    answer(NOT_FOUND)
    with frame(title):
        ui.label(message).classes("text-lg").props("data-testid=error")
        ui.button(back_label or _("Back to home"), on_click=lambda: ui.navigate.to(back_to)).props("color=primary")
