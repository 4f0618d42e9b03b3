"""A notice on every page while Card Night cannot save (a full, read-only or broken disk): "Card Night cannot save —
the disk is full. Free some space; nothing is lost while this server keeps running."

:func:`save_notice` is called by the shared page frame (ui/shell/frame.py), so every page has one: the table page
in every phase, the host console and the others. It is pushed, not polled: :data:`storage.health.HEALTH` calls
back (from whichever thread saw the disk fail or recover) and every notice on every open page is shown, updated
or hidden on the event loop. When saving works again, NiceGUI's own per-browser storage is written once more too
(its writes during the fault failed). NiceGUI's own failed writes are reported to the same save health instead of
logging a traceback each."""

from __future__ import annotations

import logging
import weakref

from nicegui import ui

from storage.health import HEALTH, is_disk_fault
from ui.i18n.render import render
from ui.i18n.viewer import viewer_language
from ui.nicegui_internals import event_loop, rewrite_user_storage

log = logging.getLogger("cardnight.ui")

_notices: weakref.WeakSet[SaveNotice] = weakref.WeakSet()
_installed: list[bool] = []


class SaveNotice(ui.element):
    """``data-testid=save-failing`` (``role=alert``), visible only while saving fails."""

    def __init__(self) -> None:
        super().__init__("div")
        self.language = viewer_language()  # (it is updated from outside the page: the health's callback)
        self.classes("cn-save-failing").props('role=alert aria-live=assertive data-testid=save-failing')
        self.words: ui.label | None = None  # made when saving first fails: every page has a notice (issue 50)
        self.show_health()
        _notices.add(self)

    def show_health(self) -> None:
        failing = HEALTH.failing
        if failing and self.words is None:
            with self:
                ui.icon("warning").classes("text-xl")
                self.words = ui.label("").props("data-testid=save-failing-text")
        words = render(HEALTH.failing_notice, self.language) if failing else ""
        if failing and self.words is not None and self.words.text != words:
            self.words.set_text(words)
        if self.visible != failing:
            self.set_visibility(failing)


def save_notice() -> SaveNotice:
    install()
    return SaveNotice()


def install() -> None:
    """Listen to the save health once per process, and count NiceGUI's failed storage writes in it."""
    if not _installed:
        _installed.append(True)
        HEALTH.subscribe(_changed)
        logging.getLogger("nicegui").addFilter(_disk_faults_of_nicegui)


def _disk_faults_of_nicegui(record: logging.LogRecord) -> bool:
    """NiceGUI logs a traceback for each storage file it could not write. A full or read-only disk is reported
    to the save health instead (one line when saving starts to fail, one a minute)."""
    exc = record.exc_info[1] if record.exc_info else None
    if exc is None or not is_disk_fault(exc):
        return True
    HEALTH.failed(f"file:{getattr(exc, 'filename', None) or 'nicegui storage'}", exc)
    return False


def _changed() -> None:  # any thread
    loop = event_loop()
    if loop is None or loop.is_closed():
        return
    try:
        loop.call_soon_threadsafe(refresh_all)
    except RuntimeError:  # the loop closed meanwhile (shutdown)
        pass


def refresh_all() -> None:
    """Show the current save health on every open page (event loop)."""
    for notice in list(_notices):
        if notice.is_deleted:
            continue
        try:
            notice.show_health()
        except Exception:  # a page that is going away
            log.debug("save notice of a closing page not updated", exc_info=True)
    if not HEALTH.failing:
        rewrite_user_storage()
