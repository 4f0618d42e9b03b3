"""The language menu (home page and Settings): each language by its own name; the choice is kept with this browser
and the page shows it at once."""

from __future__ import annotations

from nicegui import ui

from ui.i18n import _, viewer_language
from ui.i18n.languages import LANGUAGES
from ui.i18n.viewer import choose


def language_picker() -> ui.select:
    def chosen(code: str) -> None:
        if code and code != viewer_language():
            choose(code)
            ui.navigate.reload()

    current = viewer_language()
    options = {code: name for code, (name, _pack) in LANGUAGES.items()}
    picker = ui.select(options, value=current if current in options else None, label=_("Language"),
                       on_change=lambda e: chosen(str(e.value or ""))).props(
        "dense options-dense data-testid=language").classes("w-48")
    return picker
