"""Every use of NiceGUI's private names, in one place (NiceGUI 3.18). Each says why, and which test fails when an
upgrade changes what it relies on; the rest of Card Night uses NiceGUI's public API only.

- :func:`expects_arguments`: a faster ``nicegui.helpers.expects_arguments`` (tests/ui/test_nicegui_speedups.py).
- :class:`Replacements`: a tap on an element that a redraw has just replaced reaches its replacement
  (tests/ui/test_tap_redirect.py, tests/e2e/test_tap_during_redraw.py).
- :func:`guard_socket`: every socket.io handler NiceGUI registers replaced by a checked one (ui/guards/socket_guard.py),
  and NiceGUI's socket server (python-socketio over engine.io) made to drop oversized, undecodable and too many
  messages quietly; :func:`socket_belongs_to` and :func:`listener_known`, the guard's checks
  (tests/ui/test_socket_guard.py; tests/e2e/test_socket_junk.py with real sockets).
- :func:`session_store`: a browser's ``app.storage.user`` outside its own request (tests/ui/test_profile_settings.py).
- :func:`rewrite_user_storage`: every browser's storage file written again once a full disk takes writes
  (tests/ui/test_save_faults_pages.py).
- :func:`run_first_at_shutdown`: the hub stops before NiceGUI cancels its tasks (tests/test_main_memory.py checks
  main.py wires it; tests/bench/crash_restart.py measures it).
- :func:`guarded_http_protocol`: uvicorn's HTTP protocol with the connection guard and request timeouts
  (tests/e2e/test_abuse_limits.py, with httptools and with h11).
- :func:`cancel_background_tasks`: NiceGUI's tasks end before its own teardown, which cancels once and logs an error
  for any still running 2 s later (tests/ui/test_shutdown_tasks.py).
- assets/islands.js wraps ``window.renderRecursively`` of nicegui.js (tests/e2e/test_islands.py).
- :func:`adopt`, :func:`as_sent`, :func:`can_adopt`, :func:`js_handled`, :func:`pending_updates`, :func:`unsend`:
  a region's redraw keeps the browser's elements where the new drawing has the same ones (ui/components/morph.py;
  tests/ui/test_region_morph.py).
- :func:`install` gives ``nicegui.timer`` the monotonic clock: its timers measure their callback with ``time.time()``
  and sleep ``interval - dt``, so a step back of the wall clock during a callback (an NTP correction) would stop a
  page's ``ui.timer`` (the turn countdown) for as long as the step (tests/ui/test_timer_clock.py).
- :func:`install` makes every worker of ``run.cpu_bound``'s process pool start with
  :func:`start_worker` (in place of NiceGUI's ``run._ignore_sigint``, which it also does), so the
  workers end with a killed server (tests/logic/test_bot_worker.py, with the real server).
- :func:`set_page_language`: Quasar's own texts (dialogs, date pickers) and the page's ``<html lang>`` in the viewer's
  language: NiceGUI takes both from the ``ui.page`` shared by every client of a route, so the client gets its own
  copy of it (tests/ui/test_i18n_pages.py).
- :func:`sign_session_cookies_with`: the session cookie's signer, which NiceGUI's ``ui.run`` does not let us choose
  (tests/ui/test_session_cookie.py, tests/e2e/test_clock_step.py).

A faster ``expects_arguments``: NiceGUI asks ``inspect.signature`` whether a callback takes arguments every time it
creates an element (once per class/style/props collection), which was a fifth of the server's time when a table
redraws. The answer depends only on the function's code and defaults, so it is read from those directly; anything
unusual (wrapped functions, partials, builtins, callables) still goes to the original.
"""

from __future__ import annotations

import asyncio
import copy
import importlib
import inspect
import logging
import time
import weakref
from collections.abc import Callable, Hashable, Mapping
from types import SimpleNamespace
from typing import Any

import itsdangerous
from nicegui import Client, app, helpers, ui

from logic.bot_worker import start_pool_worker
from storage.folder_lock import close_inherited_locks

log = logging.getLogger(__name__)

_original: Callable[[Callable[..., Any]], bool] = helpers.expects_arguments


def expects_arguments(func: Callable[..., Any]) -> bool:
    """True if ``func`` has a parameter without a default that is not ``*args``/``**kwargs`` (as NiceGUI's)."""
    bound = inspect.ismethod(func)
    f = func.__func__ if bound else func  # type: ignore[attr-defined]
    if not inspect.isfunction(f) or hasattr(f, "__wrapped__") or (bound and f.__code__.co_argcount == 0):
        return _original(func)
    code = f.__code__
    required_positional = code.co_argcount - len(f.__defaults__ or ()) - (1 if bound else 0)
    if required_positional > 0:
        return True
    keyword_only = code.co_varnames[code.co_argcount:code.co_argcount + code.co_kwonlyargcount]
    defaults = f.__kwdefaults__ or {}
    return any(name not in defaults for name in keyword_only)


def install() -> None:
    helpers.expects_arguments = expects_arguments
    # the module's ``time``, read only for dt (mypy sees the module object only, not what it imported)
    importlib.import_module("nicegui.timer").time = MONOTONIC_TIME  # type: ignore[attr-defined]
    # the pool's initializer, named at both places NiceGUI makes the pool (at start, after a broken pool)
    run_module = importlib.import_module("nicegui.run")
    if not hasattr(run_module, "_ignore_sigint"):
        raise RuntimeError("nicegui.run._ignore_sigint is gone: see ui/nicegui_internals.py")
    run_module._ignore_sigint = start_worker  # type: ignore[attr-defined]


def set_page_language(client: Client, quasar_pack: str) -> None:
    """Give this page (client) its own language for Quasar and ``<html lang>``, whatever its route's ``ui.page``
    says. Called while the page is built, before NiceGUI writes its HTML."""
    page = getattr(client, "page", None)
    if page is None or not hasattr(page, "language"):
        raise RuntimeError("nicegui Client.page.language is gone: see ui/nicegui_internals.py")
    if getattr(page, "language", None) == quasar_pack:
        return
    own = copy.copy(page)
    own.language = quasar_pack
    client.page = own


def start_worker() -> None:
    """Where a forked pool worker starts: it lets go of the data folder's lock it inherited (a worker outliving a
    killed server by a moment must not keep a new server out), then :func:`logic.bot_worker.start_pool_worker`."""
    close_inherited_locks()
    start_pool_worker()


MONOTONIC_TIME = SimpleNamespace(time=time.monotonic)  # stands in for the ``time`` module inside nicegui.timer


# ----------------------------------------------------------------------------------------------- replaced elements
REDIRECTS_KEPT = 400  # per page: old ids remembered (a few redraws' worth; a tap is in flight for well under 1 s)
ORPHAN_SECONDS = 2.0  # how long a control gone without a replacement waits for one drawn by a later redraw


def listener_types(element: ui.element) -> list[tuple[str, str]]:
    """``(listener id, event type)`` of an element's event listeners, in the order they were added. Read before the
    element is deleted: NiceGUI clears them then (``Element._handle_delete``)."""
    return [(lid, listener.type) for lid, listener in element._event_listeners.items()]  # noqa: SLF001


class Replacements:
    """Where a tap on a replaced element goes.

    A region redrawn on the server (another seat's move) deletes its elements and makes new ones; the browser
    shows the old ones until the update arrives, and a tap in that moment names an element the server no longer
    has: NiceGUI drops such an event silently. A region tells us which new element stands where an old one stood
    (the same ``data-testid``); an event for the old id is handed to the new element's listener of the same type.
    A control that one redraw took away and a later one drew again (a button gone for a moment while the table
    passed through a state without it) is its own replacement too, if the later redraw comes within
    ``ORPHAN_SECONDS``: an event is redirected when it arrives, so only a tap still in flight is affected.
    """

    def __init__(self) -> None:
        self._by_client: weakref.WeakKeyDictionary[Client, dict[int, tuple[ui.element, list[tuple[str, str]]]]] = (
            weakref.WeakKeyDictionary())
        # deleted without a replacement: old id -> (what named it, its listeners, when)
        self._orphans: weakref.WeakKeyDictionary[
            Client, dict[int, tuple[Hashable, list[tuple[str, str]], float]]] = weakref.WeakKeyDictionary()

    def note(self, client: Client, old: dict[int, list[tuple[str, str]]], new: dict[int, ui.element],
             gone: Mapping[int, Hashable] | None = None, drawn: Mapping[Any, ui.element] | None = None) -> None:
        """``old``: deleted element id -> its listeners; ``new``: deleted element id -> its replacement; ``gone``:
        deleted element id -> its name, for those without a replacement; ``drawn``: the redraw's elements by name."""
        table = self._by_client.setdefault(client, {})
        for old_id, element in new.items():
            table[old_id] = (element, old[old_id])
        orphans = self._orphans.setdefault(client, {})
        now = time.monotonic()
        for old_id, (name, listeners, when) in list(orphans.items()):
            again = (drawn or {}).get(name)
            if again is not None and now - when <= ORPHAN_SECONDS:
                table[old_id] = (again, listeners)
            if again is not None or now - when > ORPHAN_SECONDS:  # found, or waited long enough
                del orphans[old_id]
        for old_id, name in (gone or {}).items():
            orphans[old_id] = (name, old[old_id], now)
        # a replacement that was itself replaced: follow to the newest
        for old_id, (element, listeners) in list(table.items()):
            if element.id in table and element.is_deleted:
                table[old_id] = (table[element.id][0], listeners)
        if len(table) > REDIRECTS_KEPT:
            for old_id in list(table)[:len(table) - REDIRECTS_KEPT]:
                del table[old_id]

    def awaits(self, client: Client) -> bool:
        """Some control of this page went without a replacement and may still be drawn again."""
        return bool(self._orphans.get(client))

    def redirect(self, client: Client, msg: dict[str, Any]) -> dict[str, Any] | None:
        """``msg`` rewritten for the element that replaced the one it names, or None if there is none."""
        found = self._by_client.get(client, {}).get(msg.get("id"))  # type: ignore[arg-type]
        if found is None:
            return None
        element, old_listeners = found
        if element.is_deleted or element.id not in client.elements:
            return None
        kinds = [t for lid, t in old_listeners if lid == msg.get("listener_id")]
        if not kinds:
            return None
        nth = [lid for lid, t in old_listeners if t == kinds[0]].index(msg["listener_id"])
        same = [lid for lid, t in listener_types(element) if t == kinds[0]]
        if nth >= len(same):
            return None
        return {**msg, "id": element.id, "listener_id": same[nth]}


REPLACEMENTS = Replacements()


# ----------------------------------------------------------------------------------------------- redraws that keep ids
def js_handled(element: ui.element) -> bool:
    """Has the element a JavaScript event handler (which may name other elements by their ids)?"""
    return any(listener.js_handler for listener in element._event_listeners.values())  # noqa: SLF001


def can_adopt(element: ui.element) -> bool:
    """Can a new element take an old one's id (:func:`adopt`)? Plain elements only: no Vue component of its own
    (which may keep state by id), no named slots, no JavaScript handler."""
    return element.component is None and list(element.slots) == ["default"] and not js_handled(element)


def adopt(client: Client, old: ui.element, new: ui.element) -> None:
    """``new`` takes ``old``'s place: its id, and listener by listener of the same type its listener ids (a tap on
    the old one in flight reaches the new one); ``old`` leaves the server without the browser being told, and
    ``new`` is not sent as a new element (the caller sends it if it differs: ``new.update()``)."""
    old_ids: dict[str, list[str]] = {}
    for listener in old._event_listeners.values():  # noqa: SLF001
        old_ids.setdefault(listener.type, []).append(listener.id)
    listeners = {}
    for listener in new._event_listeners.values():  # noqa: SLF001
        ids = old_ids.get(listener.type)
        if ids:
            listener.id = ids.pop(0)
        listener.element_id = old.id
        listeners[listener.id] = listener
    new._event_listeners = listeners  # noqa: SLF001
    old_id, new_id = old.id, new.id
    importlib.import_module("nicegui.binding").remove([old])
    old._handle_delete()  # noqa: SLF001
    old._deleted = True  # noqa: SLF001
    client.outbox.updates.pop(new_id, None)
    client.elements.pop(new_id, None)
    new.id = old_id
    client.elements[old_id] = new


def as_sent(element: ui.element) -> dict[str, Any]:
    """The element as an update message gives it to the browser."""
    return element._to_dict()  # noqa: SLF001


def pending_updates(client: Client) -> set[int]:
    """Ids of the elements this page will be sent at its next update."""
    return set(client.outbox.updates.keys())


def unsend(element: ui.element) -> None:
    """Take ``element`` out of the next update (it has not changed after all)."""
    element.client.outbox.updates.pop(element.id, None)


# ----------------------------------------------------------------------------------------------- the socket guard
# The socket.io handlers NiceGUI 3.18 registers (nicegui/nicegui.py); the guard replaces each. A new one after an
# upgrade stops the server at start (tests/ui/test_socket_guard.py fails first).
NICEGUI_SOCKET_HANDLERS = frozenset({"connect", "handshake", "disconnect", "event", "javascript_response", "ack",
                                     "log"})
PAGE_MESSAGES = frozenset({"handshake", "event", "javascript_response", "ack", "log"})  # what a page may send


_nicegui_handlers: dict[str, Callable[..., Any]] = {}  # NiceGUI's own, kept when the guard replaced them


def socket_handlers() -> dict[str, Callable[..., Any]]:
    """NiceGUI's own socket.io handlers by event name (as registered before :func:`guard_socket` replaced them)."""
    from nicegui import core
    return dict(_nicegui_handlers or core.sio.handlers.get("/", {}))


def guard_socket(handlers: Mapping[str, Callable[..., Any]], note: Callable[[str, str], None],
                 max_message: int, allow: Callable[[str], bool]) -> None:
    """Put ``handlers`` in place of NiceGUI's socket.io handlers, and make the socket server itself quiet and small:

    - a message over ``max_message`` characters closes its socket before it is decoded (engine.io's
      ``max_http_buffer_size``, read by both transports; NiceGUI keeps python-socketio's 1 MB);
    - a packet that is not socket.io (python-socketio raises while decoding, and engine.io logs a traceback) and an
      event that names no page message (``["connect", ...]`` reaches the connect handler, an unhashable name raises
      in a task nobody awaits) are dropped with ``note(cause, detail)``, which decides what to log;
    - a message for which ``allow(engine.io session id)`` says no (the socket's budget is spent) is dropped before
      it is decoded.

    Relies on python-socketio's ``AsyncServer._handle_event_internal`` (one task per event), engine.io's
    ``handlers["message"]``, ``_log_error_once``, ``AsyncSocket.handle_post_request`` (long polling) and the
    ``packet`` module its WebSocket loop decodes frames with (see :class:`_QuietPackets`):
    tests/ui/test_socket_guard.py checks they are there, tests/e2e/test_socket_junk.py works them with real
    sockets.
    The socket server lives as long as the process (the ``user`` tests start the app again and again): it is
    wrapped once, the handlers are put in place each time."""
    from nicegui import core
    sio = core.sio
    if not _nicegui_handlers:
        current = socket_handlers()
        if set(current) != NICEGUI_SOCKET_HANDLERS:
            raise RuntimeError(f"NiceGUI's socket handlers changed: {sorted(set(current) ^ NICEGUI_SOCKET_HANDLERS)} "
                               "(see ui/nicegui_internals.py)")
        _nicegui_handlers.update(current)
        _quiet_socket_server(sio, note, allow)
    if set(handlers) != NICEGUI_SOCKET_HANDLERS:
        raise ValueError(f"a guard for each of {sorted(NICEGUI_SOCKET_HANDLERS)}")
    for name, handler in handlers.items():
        sio.on(name)(handler)
    sio.eio.max_http_buffer_size = max_message


def _quiet_socket_server(sio: Any, note: Callable[[str, str], None], allow: Callable[[str], bool]) -> None:
    from engineio import async_socket, exceptions

    read_post = async_socket.AsyncSocket.handle_post_request

    async def handle_post_request(self: Any, environ: dict[str, Any]) -> None:
        """A long-polling POST whose body is not engine.io (not UTF-8, an unknown packet type): engine.io logs a
        traceback for it; here the body is dropped like a bad WebSocket message. (Not ended as engine.io ends a bad
        packet: that waits for the client to fetch the close, and a stranger never does.)"""
        try:
            await read_post(self, environ)
        except (ValueError, TypeError, IndexError, exceptions.UnknownPacketError) as exc:  # (and UnicodeDecodeError)
            note("not engine.io", f"{type(exc).__name__}: {str(exc)[:80]}")

    async_socket.AsyncSocket.handle_post_request = handle_post_request
    async_socket.packet = _QuietPackets(note)  # what the WebSocket loop decodes frames with
    # engine.io's answer to a request with an unknown session, protocol version or transport: an ERROR line (twice)
    # the first time per kind, INFO after; here a note like the rest (its keys are engine.io's own words)
    sio.eio._log_error_once = lambda message, key: note(f"refused by engine.io ({key})", str(message)[:120])
    decode = sio.eio.handlers["message"]

    async def on_message(eio_sid: str, data: Any) -> None:
        if not allow(eio_sid):
            note("too many messages", "")
            return
        try:
            await decode(eio_sid, data)
        except Exception as exc:  # noqa: BLE001 - whatever a stranger's bytes make python-socketio raise
            note("not socket.io", f"{type(exc).__name__}: {str(exc)[:80]}")

    sio.eio.handlers["message"] = on_message
    dispatch = sio._handle_event_internal  # noqa: SLF001

    async def handle_event_internal(server: Any, sid: str, eio_sid: str, data: list[Any], namespace: str,
                                    ack_id: int | None) -> None:
        name = data[0]
        if not isinstance(name, str) or name not in PAGE_MESSAGES:
            note("not a page message", repr(name)[:40])
            return
        try:
            await dispatch(server, sid, eio_sid, data, namespace, ack_id)
        except Exception as exc:  # noqa: BLE001 - the handlers check what they get; this is the last net
            note(f"{name} failed", f"{type(exc).__name__}: {str(exc)[:80]}")

    sio._handle_event_internal = handle_event_internal  # noqa: SLF001


class _QuietPackets:
    """engine.io's ``packet`` module as ``engineio.async_socket`` sees it, but a frame that is not engine.io (empty,
    a packet type that is no digit or none of the seven, bad base64) decodes as a NOOP, which the WebSocket loop
    ignores, instead of raising out of the ASGI app (uvicorn logs a traceback and drops the socket)."""

    def __init__(self, note: Callable[[str, str], None]) -> None:
        from engineio import packet

        self._module = packet

        class Packet(packet.Packet):
            def decode(self, encoded_packet: Any) -> None:
                try:
                    super().decode(encoded_packet)
                    kind: Any = getattr(self, "packet_type", None)
                    if kind not in range(len(packet.packet_names)):
                        raise ValueError(f"packet type {kind!r}")
                except (ValueError, TypeError, IndexError) as exc:
                    note("not engine.io", f"{type(exc).__name__}: {str(exc)[:80]}")
                    self.packet_type, self.data, self.binary = packet.NOOP, None, False

        self.Packet = Packet

    def __getattr__(self, name: str) -> Any:
        return getattr(self._module, name)


def socket_belongs_to(client: Client, sid: str) -> bool:
    """The socket ``sid`` is one of this client's (NiceGUI keeps them in ``Client._socket_to_document_id``)."""
    return sid in getattr(client, "_socket_to_document_id", {sid: None})


def listener_known(element: ui.element, listener_id: object) -> bool:
    """The element has this listener (NiceGUI raises KeyError inside its handler otherwise)."""
    return listener_id in element._event_listeners  # noqa: SLF001


# ----------------------------------------------------------------------------------------------- storage
def session_store(session_id: object) -> Any | None:
    """``app.storage.user`` of the browser with this session id, or None. Pages redraw in background tasks
    (another player's move) without a request; NiceGUI keeps the same dicts in ``app.storage._users``."""
    users = app.storage._users  # noqa: SLF001
    return users.get(session_id) if session_id in users else None


# ----------------------------------------------------------------------------------------------- shutdown
def run_first_at_shutdown(handler: Callable[[], Any]) -> None:
    """``handler`` runs before NiceGUI's own shutdown steps (which cancel tasks): ``app.on_shutdown`` appends."""
    app._shutdown_handlers.insert(0, handler)  # noqa: SLF001


async def cancel_background_tasks(timeout: float = 10.0, every: float = 0.1) -> list[str]:
    """Cancel NiceGUI's running background tasks, again and again until each has ended (at most ``timeout``
    seconds); the names of those that carried on after a cancel.

    NiceGUI's own teardown cancels each task once and logs an ERROR if any is still running 2 s later. Some carry on
    after one cancel: ``run.cpu_bound`` / ``run.io_bound`` swallow it and return None, and Python 3.11's
    ``asyncio.wait_for`` drops a cancel that arrives as its awaitable completes (NiceGUI's outbox waits on one).
    Reads ``background_tasks.running_tasks``, ``lazy_tasks_running`` and ``_await_tasks_on_shutdown`` (tasks NiceGUI
    lets finish). (tests/ui/test_shutdown_tasks.py)"""
    from nicegui import background_tasks

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    carried_on: set[asyncio.Task] = set()
    cancelled: set[asyncio.Task] = set()
    while True:
        tasks = {task for task in (*background_tasks.running_tasks, *background_tasks.lazy_tasks_running.values())
                 if not task.done() and task not in background_tasks._await_tasks_on_shutdown  # noqa: SLF001
                 and task is not asyncio.current_task()}
        if not tasks or loop.time() >= deadline:
            break
        carried_on |= tasks & cancelled
        for task in tasks:
            task.cancel()
        cancelled |= tasks
        await asyncio.wait(tasks, timeout=every)
    names = sorted(task.get_name() for task in carried_on)
    if names:
        log.info("shutdown: %d task(s) carried on after a cancel: %s", len(names), ", ".join(names))
    if tasks:
        log.warning("shutdown: %d task(s) still running after %.0f s: %s", len(tasks), timeout,
                    ", ".join(sorted(t.get_name() for t in tasks)))
    return names


def rewrite_user_storage() -> int:
    """Write NiceGUI's per-browser storage files (``app.storage.user`` of every browser seen, and the general
    storage) once more, e.g. after a full disk refused their writes: NiceGUI writes a file only when it changes.
    Reads NiceGUI's private ``Storage._users`` and ``_general``."""
    from nicegui.persistence.file_persistent_dict import FilePersistentDict

    stores = [*app.storage._users.values(), app.storage._general]  # noqa: SLF001
    count = 0
    for store in stores:
        if isinstance(store, FilePersistentDict) and store:
            store.backup()
            count += 1
    return count


# ----------------------------------------------------------------------------------------------- connections
def guarded_http_protocol(guard: Any, parser: str = "auto") -> type[asyncio.Protocol]:
    """Uvicorn's HTTP protocol, told to ``guard`` (ui/guards/connection_guard.py) when a connection is made and lost,
    and timing each request's headers and body: passed to ``ui.run(http=...)``, which hands it to uvicorn's
    ``Config``. Uvicorn has no timeout for a request still arriving (``timeout_keep_alive`` runs only between
    requests). ``parser``: ``auto`` (httptools when installed, else h11, as uvicorn picks), ``httptools`` or ``h11``.

    Relies on uvicorn's ``HttpToolsProtocol`` (its parser callbacks ``on_message_begin``, ``on_headers_complete``,
    ``on_message_complete``) and ``H11Protocol`` (``handle_events`` and ``conn.their_state``), both with
    ``handle_websocket_upgrade``, ``transport``, ``client``, ``cycle`` and ``loop`` (tests/e2e/test_abuse_limits.py
    runs a server with each)."""
    if parser == "auto":
        try:
            import httptools  # noqa: F401
        except ImportError:
            parser = "h11"
        else:
            parser = "httptools"
    limits = guard.limits
    base: Any  # uvicorn's protocol class: its methods are called on ``self`` below
    if parser == "httptools":
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        base = HttpToolsProtocol
    else:
        from uvicorn.protocols.http.h11_impl import H11Protocol

        base = H11Protocol
    # (methods of a class made below from ``base``: ``self`` is uvicorn's protocol, whose fields mypy cannot see)

    def connection_made(self: Any, transport: asyncio.Transport) -> None:
        base.connection_made(self, transport)
        self._guard_timer = self._guard_what = None
        self._guard_peer = self.client[0] if self.client else None
        if not guard.admit(transport, self._guard_peer):
            transport.write(b"HTTP/1.1 503 Service Unavailable\r\nretry-after: 10\r\nconnection: close\r\n"
                            b"content-type: text/plain\r\ncontent-length: 39\r\n\r\n"
                            b"Too many connections from this address.")
            transport.close()
            return
        arm(self, "headers")

    def connection_lost(self: Any, exc: Exception | None) -> None:
        disarm(self)
        guard.release(self.transport, getattr(self, "_guard_peer", None))
        base.connection_lost(self, exc)

    def arm(self: Any, what: str) -> None:
        disarm(self)
        if getattr(self, "_guard_upgraded", False):
            return
        seconds = limits.header_seconds if what == "headers" else limits.body_seconds
        self._guard_timer = self.loop.call_later(seconds, too_slow, self, what)
        self._guard_what = what

    def disarm(self: Any) -> None:
        timer = getattr(self, "_guard_timer", None)
        if timer is not None:
            timer.cancel()
        self._guard_timer = self._guard_what = None

    def too_slow(self: Any, what: str) -> None:
        self._guard_timer = self._guard_what = None
        if self.transport.is_closing():
            return
        guard.timed_out_request(self._guard_peer, what)
        if what == "headers" and (self.cycle is None or self.cycle.response_complete):
            self.transport.write(b"HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-length: 0\r\n\r\n")
        self.transport.close()

    def handle_websocket_upgrade(self: Any, *args: Any) -> None:
        disarm(self)
        self._guard_upgraded = True  # the connection is a websocket's now: never timed here again
        base.handle_websocket_upgrade(self, *args)

    methods: dict[str, Any] = {"connection_made": connection_made, "connection_lost": connection_lost,
                               "handle_websocket_upgrade": handle_websocket_upgrade}
    if parser == "httptools":  # the parser says where the request is
        def on_message_begin(self: Any) -> None:
            base.on_message_begin(self)
            if self._guard_timer is None:  # a further request on a kept-alive connection: its headers are timed
                arm(self, "headers")

        def on_headers_complete(self: Any) -> None:
            disarm(self)
            base.on_headers_complete(self)
            if not (self.parser.should_upgrade() and self._should_upgrade()):
                arm(self, "body")  # cancelled at once for a request without a body

        def on_message_complete(self: Any) -> None:
            disarm(self)
            base.on_message_complete(self)

        methods.update(on_message_begin=on_message_begin, on_headers_complete=on_headers_complete,
                       on_message_complete=on_message_complete)
    else:  # h11: where the request is, read from the connection's state after each piece
        import h11

        def handle_events(self: Any) -> None:
            base.handle_events(self)
            if self.transport.is_closing():
                return
            state = self.conn.their_state
            if state is h11.IDLE:
                if self._guard_what != "headers" and (self.cycle is None or self.cycle.response_complete):
                    arm(self, "headers")  # (a kept-alive connection waiting in between is closed by uvicorn first)
            elif state is h11.SEND_BODY:
                if self._guard_what != "body":
                    arm(self, "body")
            else:
                disarm(self)

        methods["handle_events"] = handle_events
    return type("GuardedProtocol", (base,), methods)


# ----------------------------------------------------------------------------------------------- session cookies
def sign_session_cookies_with(signer_type: type[itsdangerous.TimestampSigner]) -> int:
    """Give the running app's session middleware a signer of ``signer_type`` (same secret); how many were changed.

    NiceGUI adds Starlette's ``SessionMiddleware`` itself (``ui.run(storage_secret=...)``) and neither takes a signer,
    so this walks the app's built middleware stack (``app.middleware_stack``, each layer's ``.app``) and replaces
    the instance's private ``signer``. Call it at startup: Starlette builds the stack before the startup handlers run.
    (tests/ui/test_session_cookie.py, tests/e2e/test_clock_step.py)"""
    from starlette.middleware.sessions import SessionMiddleware

    changed = 0
    layer: Any = app.middleware_stack
    while layer is not None:
        if isinstance(layer, SessionMiddleware):
            secret = layer.signer.secret_keys[-1]
            layer.signer = signer_type(secret)
            changed += 1
        layer = getattr(layer, "app", None)
    return changed
