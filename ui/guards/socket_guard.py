"""Events that do not come from our own pages are dropped quietly, with one line in the log.

NiceGUI trusts the socket: an event naming a listener the element never had, a message without a client id, or a
log message with an unknown level raises inside NiceGUI and leaves a traceback. Anyone can send such messages by
hand, so the handlers for ``event`` and ``log`` are replaced by checked versions that also make sure the socket
sending an event belongs to the client it names.
"""

from __future__ import annotations

import logging
import os
from typing import Any

from nicegui import Client
from nicegui.nicegui import sio

from ui.nicegui_internals import REPLACEMENTS, listener_known, listener_types, socket_belongs_to

log = logging.getLogger("cardnight.socket")
TRACE = os.environ.get("CARDNIGHT_TRACE_EVENTS") == "1"  # log every event handled (the lost-tap benchmark reads it)
LOG_LEVELS = {"debug": log.debug, "info": log.info, "warning": log.warning, "error": log.error}


def _client_of(sid: str, msg: Any) -> Client | None:
    """The client a message is for, if the message is well formed and comes from one of that client's sockets."""
    if not isinstance(msg, dict):
        return None
    client = Client.instances.get(msg.get("client_id"))  # type: ignore[arg-type]
    if client is None or not socket_belongs_to(client, sid):
        return None
    return client


def check_event(sid: str, msg: Any) -> tuple[Client, str] | str:
    """``(client, "")`` for an event to pass on, else the reason it is dropped."""
    client = _client_of(sid, msg)
    if client is None:
        return "not from a connected page"
    if not client.has_socket_connection:
        return "page not connected"
    element = client.elements.get(msg.get("id"))
    if element is None:
        redirected = REPLACEMENTS.redirect(client, msg)
        if redirected is None:
            if TRACE:
                log.info("event for element %s, gone without a replacement", msg.get("id"))
            return ""  # an element deleted a while ago (NiceGUI ignores these itself)
        msg.update(redirected)  # a tap on an element a redraw has just replaced: it goes to the replacement
        element = client.elements[msg["id"]]
    if not listener_known(element, msg.get("listener_id")):
        return f"unknown listener {str(msg.get('listener_id'))[:40]!r} on element {msg.get('id')!r}"
    if not isinstance(msg.get("args", []), list) or not all(a is None or isinstance(a, str) for a in msg["args"]):
        return "malformed arguments"
    return client, ""


def _trace(client: Client, msg: dict[str, Any], sent_to: object) -> None:
    element = client.elements[msg["id"]]
    keys = ("data-testid", "data-card", "data-source")
    name = " ".join(f"{k}={element.props[k]}" for k in keys if k in element.props)
    kind = next((t for lid, t in listener_types(element) if lid == msg.get("listener_id")), "?")
    moved = f" (sent to replaced element {sent_to})" if sent_to != msg["id"] else ""
    log.info("event %s on element %s [%s] args %s%s", kind, msg["id"], name, str(msg.get("args"))[:40], moved)


def install() -> None:
    """Replace NiceGUI's ``event`` and ``log`` socket handlers by checked ones (once per process)."""

    @sio.on("event")
    def on_event(sid: str, msg: Any) -> None:
        sent_to = msg.get("id") if isinstance(msg, dict) else None
        checked = check_event(sid, msg)
        if isinstance(checked, str):
            if checked:
                log.info("Dropped an event: %s", checked)
            return
        client, _ = checked
        if TRACE:
            _trace(client, msg, sent_to)
        try:
            client.handle_event(msg)
        except (KeyError, TypeError, ValueError) as exc:  # e.g. arguments that are not JSON
            log.info("Dropped an event: %s", exc)

    @sio.on("log")
    def on_log(sid: str, msg: Any) -> None:
        if _client_of(sid, msg) is None or msg.get("level") not in LOG_LEVELS:
            return
        LOG_LEVELS[msg["level"]]("browser: %s", str(msg.get("message"))[:500])
