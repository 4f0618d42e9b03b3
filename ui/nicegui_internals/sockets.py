"""NiceGUI's socket.io handlers replaced by checked ones (the checks: ui/guards/socket_guard.py), and its socket
server (python-socketio over engine.io) made to drop oversized, undecodable and too many messages quietly; the
guard's checks that read NiceGUI's private fields (:func:`socket_belongs_to`, :func:`listener_known`).
Breaks on upgrade: tests/ui/test_socket_guard.py; tests/e2e/test_socket_junk.py with real sockets.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from nicegui import Client, core, ui

# ----------------------------------------------------------------------------------------------- the socket guard
# The socket.io handlers NiceGUI 3.18 registers (nicegui/nicegui.py); the guard replaces each. A new one after an
# upgrade stops the server at start (tests/ui/test_socket_guard.py fails first).
NICEGUI_SOCKET_HANDLERS = frozenset({"connect", "handshake", "disconnect", "event", "javascript_response", "ack",
                                     "log"})
PAGE_MESSAGES = frozenset({"handshake", "event", "javascript_response", "ack", "log"})  # what a page may send


class SocketBudget(Protocol):
    """How much each socket may send (ui/guards/socket_guard.py's :class:`MessageBudget`)."""

    def allow(self, sid: str, size: int) -> bool:
        """May socket ``sid`` send a message of ``size`` characters now? (It is counted if so.)"""

    def wait(self, sid: str, size: int) -> float:
        """Seconds until it may."""


MAX_PAUSE = 2.0  # seconds a socket past its budget stops being read at a time (well within engine.io's ping timeout)
_nicegui_handlers: dict[str, Callable[..., Any]] = {}  # NiceGUI's own, kept when the guard replaced them


def socket_handlers() -> dict[str, Callable[..., Any]]:
    """NiceGUI's own socket.io handlers by event name (as registered before :func:`guard_socket` replaced them)."""
    return dict(_nicegui_handlers or core.sio.handlers.get("/", {}))


def install_socket_guard(guarded: Callable[[dict[str, Callable[..., Any]]], Mapping[str, Callable[..., Any]]],
                         note: Callable[[str, str], None], max_message: int, budget: SocketBudget) -> None:
    """Replace NiceGUI's socket handlers by ``guarded(NiceGUI's own handlers by name)`` (ui/guards/socket_guard.py
    makes them: each checks a message and passes what is fine to NiceGUI's own), see :func:`guard_socket`."""
    guard_socket(guarded(socket_handlers()), note, max_message, budget)


def guard_socket(handlers: Mapping[str, Callable[..., Any]], note: Callable[[str, str], None],
                 max_message: int, budget: SocketBudget) -> None:
    """Put ``handlers`` in place of NiceGUI's socket.io handlers, and make the socket server itself quiet and small:

    - a message over ``max_message`` characters closes its socket before it is decoded (engine.io's
      ``max_http_buffer_size``, read by both transports; NiceGUI keeps python-socketio's 1 MB);
    - a packet that is not socket.io (python-socketio raises while decoding, and engine.io logs a traceback) and an
      event that names no page message (``["connect", ...]`` reaches the connect handler, an unhashable name raises
      in a task nobody awaits) are dropped with ``note(cause, detail)``, which decides what to log;
    - a message for which ``budget.allow(engine.io session id, its length)`` says no (the socket's budget is spent)
      is dropped before it is decoded, and the socket is not read again until ``budget.wait`` says (at most
      :data:`MAX_PAUSE` at a time): what a flooding socket sends waits in its own buffers, not in the server's time
      (before, 60 KB frames read and dropped as fast as they came held the event loop up to 8 ms at a time).

    Relies on python-socketio's ``AsyncServer._handle_event_internal`` (one task per event), engine.io's
    ``AsyncSocket.receive`` (awaited by the WebSocket loop and a long-polling POST, one packet at a time),
    ``_log_error_once``, ``AsyncSocket.handle_post_request`` (long polling) and the
    ``packet`` module its WebSocket loop decodes frames with (see :class:`_QuietPackets`):
    tests/ui/test_socket_guard.py checks they are there, tests/e2e/test_socket_junk.py works them with real
    sockets.
    The socket server lives as long as the process (the ``user`` tests start the app again and again): it is
    wrapped once, the handlers are put in place each time."""
    sio = core.sio
    if not _nicegui_handlers:
        current = socket_handlers()
        if set(current) != NICEGUI_SOCKET_HANDLERS:
            raise RuntimeError(f"NiceGUI's socket handlers changed: {sorted(set(current) ^ NICEGUI_SOCKET_HANDLERS)} "
                               "(see ui/nicegui_internals/)")
        _nicegui_handlers.update(current)
        _quiet_socket_server(sio, note, budget)
    if set(handlers) != NICEGUI_SOCKET_HANDLERS:
        raise ValueError(f"a guard for each of {sorted(NICEGUI_SOCKET_HANDLERS)}")
    for name, handler in handlers.items():
        sio.on(name)(handler)
    sio.eio.max_http_buffer_size = max_message


def _quiet_socket_server(sio: Any, note: Callable[[str, str], None], budget: SocketBudget) -> None:
    from engineio import async_socket, exceptions
    from engineio import packet as engineio_packet

    receive = async_socket.AsyncSocket.receive

    async def receive_within_budget(self: Any, pkt: Any) -> None:
        """A message past its socket's budget is dropped undecoded, and the socket waits before its next is read."""
        if pkt.packet_type == engineio_packet.MESSAGE:
            size = len(pkt.data) if isinstance(pkt.data, (str, bytes)) else 0
            if not budget.allow(self.sid, size):
                note("too many messages", "")
                await asyncio.sleep(min(MAX_PAUSE, budget.wait(self.sid, size)))
                return
        await receive(self, pkt)

    async_socket.AsyncSocket.receive = receive_within_budget

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
