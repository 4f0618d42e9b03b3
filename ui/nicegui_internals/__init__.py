"""Every use of NiceGUI's private names and deep modules, in one package (NiceGUI 3.18). Each hook says why, and
which test fails when an upgrade changes what it relies on; the rest of Card Night uses NiceGUI's public API only
(tests/test_architecture.py checks it: no ``nicegui.<deep>`` import, ``core`` or ``app._`` outside this package, and
no other script wraps nicegui.js).

- :mod:`.speedups`: a faster ``nicegui.helpers.expects_arguments`` (tests/ui/test_nicegui_speedups.py);
  ``nicegui.timer`` on the monotonic clock, so a step back of the wall clock does not stop a page's ``ui.timer``
  (tests/ui/test_timer_clock.py); the process pool's workers start with :func:`start_worker` in place of NiceGUI's
  ``run._ignore_sigint``, so they end with a killed server (tests/logic/test_bot_worker.py).
- :mod:`.snapshots`: an update message is a snapshot of its elements (their classes, style and props copied), so a
  change drawn while the outbox waits to send it comes whole in the next message (tests/ui/test_update_snapshots.py).
- :mod:`.element_cycles`: a deleted element's classes, style and props freed at once, not by the cycle collector
  (tests/ui/test_element_cycles.py; the full collections that stopped a Pi-class host for seconds).
- :mod:`.redirects`: a tap on an element that a redraw has just replaced reaches its replacement
  (tests/ui/test_tap_redirect.py, tests/e2e/test_tap_during_redraw.py).
- :mod:`.adoption`: a region's redraw keeps the browser's elements where the new drawing has the same ones (new
  elements take the old ones' ids; ui/components/morph.py; tests/ui/test_region_morph.py).
- :mod:`.sockets`: every socket.io handler NiceGUI registers replaced by a checked one (the checks:
  ui/guards/socket_guard.py), and NiceGUI's socket server made to drop oversized, undecodable and too many messages
  quietly (tests/ui/test_socket_guard.py; tests/e2e/test_socket_junk.py with real sockets).
- :mod:`.storage`: a browser's ``app.storage.user`` outside its own request (tests/ui/test_profile_settings.py); every
  browser's storage file written again once a full disk takes writes (tests/ui/test_save_faults_pages.py).
- :mod:`.lifecycle`: the hub stops before NiceGUI cancels its tasks (tests/test_main_memory.py; measured by
  tests/bench/crash_restart.py); NiceGUI's tasks end before its own teardown (tests/ui/test_shutdown_tasks.py); the
  event loop for threads (ui/shell/save_notice.py; tests/ui/test_save_faults_pages.py).
- :mod:`.http`: uvicorn's HTTP protocol with the connection guard and request timeouts, and a layer outside all
  middleware (tests/e2e/test_abuse_limits.py).
- :mod:`.pages`: Quasar's texts and ``<html lang>`` in the viewer's language (tests/ui/test_i18n_pages.py); the session
  cookie's signer (tests/ui/test_session_cookie.py, tests/e2e/test_clock_step.py); the ``<h1>`` element
  (tests/ui/test_nicegui_hooks.py); ``islands.js`` (beside it), which wraps nicegui.js's ``renderRecursively``,
  served at ``/assets/islands.js`` (tests/e2e/test_islands.py), and sends the events held before the socket's
  handshake in the order they happened (it wraps the ``delayed_emitter`` timers; tests/e2e/test_early_events.py).
"""

from __future__ import annotations

from ui.nicegui_internals import element_cycles, page_json, snapshots, speedups
from ui.nicegui_internals.adoption import (
    adopt,
    as_sent,
    can_adopt,
    js_handled,
    note_rename,
    pending_updates,
    retarget_tooltip,
    unsend,
)
from ui.nicegui_internals.http import guarded_http_protocol, quiet_when_gone, wrap_outermost
from ui.nicegui_internals.lifecycle import cancel_background_tasks, event_loop, run_first_at_shutdown
from ui.nicegui_internals.pages import PageHeading, serve_islands, set_page_language, sign_session_cookies_with
from ui.nicegui_internals.redirects import ORPHAN_SECONDS, REPLACEMENTS, Replacements, listener_types, listens
from ui.nicegui_internals.sockets import (
    NICEGUI_SOCKET_HANDLERS,
    PAGE_MESSAGES,
    guard_socket,
    install_socket_guard,
    listener_known,
    socket_belongs_to,
    socket_handlers,
)
from ui.nicegui_internals.speedups import expects_arguments, start_worker
from ui.nicegui_internals.storage import rewrite_user_storage, session_store, storage_dir


def install() -> None:
    """The hooks NiceGUI needs at every app start: the speedups, a page's first answer escaped faster, update
    messages as snapshots, and a deleted element's parts freed with it."""
    speedups.install()
    page_json.install()
    snapshots.install()
    element_cycles.install()


__all__ = [
    "NICEGUI_SOCKET_HANDLERS", "ORPHAN_SECONDS", "PAGE_MESSAGES", "REPLACEMENTS", "PageHeading", "Replacements",
    "adopt", "as_sent", "can_adopt", "js_handled", "pending_updates", "note_rename", "retarget_tooltip",
    "unsend",
    "cancel_background_tasks", "event_loop", "expects_arguments", "guard_socket", "guarded_http_protocol", "install",
    "install_socket_guard",
    "listener_known", "listener_types", "listens", "rewrite_user_storage", "run_first_at_shutdown", "serve_islands",
    "session_store", "set_page_language", "sign_session_cookies_with", "socket_belongs_to", "socket_handlers",
    "start_worker", "storage_dir", "quiet_when_gone", "wrap_outermost",
]
