"""Socket messages that do not come from a live page of the socket that sends them are dropped quietly.

NiceGUI trusts the socket: a message without a client id, an ``ack`` whose message id is text, an event naming a
listener the element never had or a log message with an unknown level raises inside NiceGUI and leaves a traceback,
and anyone can send such messages by hand. Every socket.io handler NiceGUI registers (``connect``, ``handshake``,
``disconnect``, ``event``, ``javascript_response``, ``ack``, ``log``) is replaced by one that checks the message's
shape and that the socket belongs to the page it names, and passes on only what passes (to NiceGUI's own handler
where there is one). A message over :data:`MAX_MESSAGE` closes its socket before it is decoded, a socket past its
:class:`MessageBudget` has its messages dropped undecoded, and a packet that is not socket.io at all is dropped
(ui/nicegui_internals/sockets.py, which puts these handlers in place: :func:`~ui.nicegui_internals.guard_socket`).

What is dropped is logged at most once a minute per cause (:class:`QuietLog`), with the count of those not logged,
and at most six such lines a minute in all (then one saying more kinds are held back); a page's own browser log
messages are logged at most once a minute per level.
"""

from __future__ import annotations

import logging
import os
import time
import urllib.parse
from collections.abc import Callable
from typing import Any

import socketio.exceptions
from nicegui import Client

from ui.nicegui_internals import (
    REPLACEMENTS,
    install_socket_guard,
    listener_known,
    listener_types,
    socket_belongs_to,
)

log = logging.getLogger("cardnight.socket")
TRACE = os.environ.get("CARDNIGHT_TRACE_EVENTS") == "1"  # log every event handled (the lost-tap benchmark reads it)
MAX_MESSAGE = 64 * 1024  # characters of one socket message (a page's largest, a chat line's input, is well under 4 KB)
LOG_LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING, "error": logging.ERROR}
MAX_ID = 128  # characters of a client, tab or document id (NiceGUI's are uuids, 36)


class QuietLog:
    """Log lines by cause: at most one a minute per cause; the next says how many were held back meanwhile.
    Causes are our own fixed words (never text a stranger sent), so the table stays small. With ``most``, at most
    that many "Dropped" lines a minute in all: a flood of many kinds of junk writes ``most`` lines and one saying
    that more kinds are held back; each of those is written, with its count, when it comes again a minute later."""

    def __init__(self, logger: logging.Logger, every: float = 60.0,
                 clock: Callable[[], float] = time.monotonic, most: int | None = None) -> None:
        self.logger, self.every, self.clock, self.most = logger, every, clock, most
        self._last: dict[str, tuple[float, int]] = {}  # cause -> (when its last line was written, held back since)
        self._dropped_lines: list[float] = []  # when the "Dropped" lines of the last minute were written
        self._said_more = False

    def write(self, cause: str, message: str, level: int = logging.INFO) -> bool:
        """Log ``message`` unless ``cause`` was logged less than a minute ago; True if it was written."""
        now = self.clock()
        last = self._last.get(cause)
        if last is not None and now - last[0] < self.every:
            self._last[cause] = (last[0], last[1] + 1)
            return False
        held = last[1] if last is not None else 0
        self._last[cause] = (now, 0)
        self.logger.log(level, "%s%s", message, f" ({held} more like it since the last line)" if held else "")
        return True

    def drop(self, cause: str, detail: str = "") -> bool:
        """``Dropped <cause>: <detail>``, at most once a minute per cause (and ``most`` a minute in all)."""
        if self.most is not None and self._over_most(cause):
            return False
        written = self.write(cause, f"Dropped {cause}" + (f": {detail}" if detail else ""))
        if written and self.most is not None:
            self._dropped_lines.append(self.clock())
        return written

    def _over_most(self, cause: str) -> bool:
        """A line for ``cause`` is due but the minute's lines are spent: it is counted for its next line."""
        now = self.clock()
        last = self._last.get(cause)
        if last is not None and now - last[0] < self.every:
            return False  # not due anyway: write() counts it
        self._dropped_lines = [t for t in self._dropped_lines if now - t < self.every]
        if self.most is None or len(self._dropped_lines) < self.most:
            self._said_more = False
            return False
        self._last[cause] = (now, (last[1] if last is not None else 0) + 1)
        if not self._said_more:
            self._said_more = True
            self.logger.info("Dropped socket messages of more kinds; they are counted, and each kind is logged when "
                             "it comes again a minute from now")
        return True

    def reset(self) -> None:
        self._last.clear()
        self._dropped_lines.clear()
        self._said_more = False


QUIET = QuietLog(log, most=6)  # a flood of every kind of junk: 7 lines a minute


class MessageBudget:
    """How much a socket may send: a burst of ``burst`` messages, then ``rate`` a second, where a message counts one
    plus one for each KB (``per_kb``) beyond the first. A page sends a few small messages a second (taps, typing,
    an acknowledgement every 3 s); past its budget a socket's messages are dropped before they are decoded, and its
    reading pauses until the budget allows the next (ui/nicegui_internals/sockets.py), so one socket cannot keep
    the server busy, not even reading frames it would drop. Big messages count by their size: 60 KB names
    saved one after another from a page's own socket had some 50 a second through, and the event loop, which
    handles each in a few ms, fell hundreds of ms behind; now 4 in a burst, then under 2 a second."""

    def __init__(self, rate: float = 100.0, burst: float = 300.0,
                 clock: Callable[[], float] = time.monotonic, per_kb: float = 1.0) -> None:
        self.rate, self.burst, self.clock, self.per_kb = rate, burst, clock, per_kb
        self._left: dict[str, tuple[float, float]] = {}  # socket -> (messages left, when counted)
        self._prune_at = 1000

    def allow(self, sid: str, size: int = 0) -> bool:
        """May socket ``sid`` send a message of ``size`` characters now? (It is counted if so.)"""
        now = self.clock()
        left, at = self._left.get(sid, (self.burst, now))
        left = min(self.burst, left + (now - at) * self.rate)
        cost = self._cost(size)
        ok = left >= cost
        self._left[sid] = (left - cost if ok else left, now)
        if len(self._left) > self._prune_at:  # sockets quiet long enough to be full again are forgotten
            full_after = self.burst / self.rate
            self._left = {k: v for k, v in self._left.items() if now - v[1] < full_after}
            self._prune_at = max(1000, 2 * len(self._left))
        return ok

    def wait(self, sid: str, size: int = 0) -> float:
        """Seconds until socket ``sid`` may send a message of ``size`` characters (0 if it may now)."""
        now = self.clock()
        left, at = self._left.get(sid, (self.burst, now))
        left = min(self.burst, left + (now - at) * self.rate)
        return max(0.0, (min(self._cost(size), self.burst) - left) / self.rate)

    def _cost(self, size: int) -> float:
        return 1.0 + max(0, size - 1024) // 1024 * self.per_kb


BUDGET = MessageBudget()


def _client_of(sid: str, msg: Any) -> Client | None:
    """The client a message is for, if the message is well formed and comes from one of that client's sockets."""
    if not isinstance(msg, dict) or not isinstance(msg.get("client_id"), str):
        return None
    client = Client.instances.get(msg["client_id"])
    if client is None or not socket_belongs_to(client, sid):
        return None
    return client


def check_event(sid: str, msg: Any) -> tuple[Client, str] | str:
    """``(client, "")`` for an event to pass on, else the reason it is dropped ("" for one NiceGUI ignores too)."""
    client = _client_of(sid, msg)
    if client is None:
        return "not from a connected page"
    if not client.has_socket_connection:
        return "page not connected"
    if not isinstance(msg.get("id"), int) or not isinstance(msg.get("listener_id"), str):
        return "malformed"
    element = client.elements.get(msg["id"])
    if element is None:
        redirected = REPLACEMENTS.redirect(client, msg)
        if redirected is None:
            if TRACE:
                log.info("event for element %s, gone without a replacement", msg.get("id"))
            return ""  # an element deleted a while ago (NiceGUI ignores these itself)
        msg.update(redirected)  # a tap on an element a redraw has just replaced: it goes to the replacement
        element = client.elements[msg["id"]]
    if not listener_known(element, msg["listener_id"]):
        return "unknown listener"
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


def on_event(sid: str, msg: Any = None, *_extra: Any) -> None:
    sent_to = msg.get("id") if isinstance(msg, dict) else None
    checked = check_event(sid, msg)
    if isinstance(checked, str):
        if checked == "unknown listener":  # (a forged tap on a control of another page: say which)
            QUIET.drop(f"an event: {checked}", f"{str(msg.get('listener_id'))[:40]!r} on element {msg.get('id')!r}")
        elif checked:
            QUIET.drop(f"an event: {checked}")
        return
    client, _ = checked
    if TRACE:
        _trace(client, msg, sent_to)
    try:
        client.handle_event(msg)
    except (KeyError, TypeError, ValueError) as exc:  # e.g. arguments that are not JSON
        QUIET.drop("an event: refused by NiceGUI", f"{type(exc).__name__}: {str(exc)[:80]}")


def on_log(sid: str, msg: Any = None, *_extra: Any) -> None:
    if _client_of(sid, msg) is None or msg.get("level") not in LOG_LEVELS:
        QUIET.drop("a log message: not from a connected page, or no level")
        return
    level = LOG_LEVELS[msg["level"]]
    if log.isEnabledFor(level):
        QUIET.write(f"browser {msg['level']}", f"browser: {str(msg.get('message'))[:500]}", level)


def _handshake_fields(data: Any) -> dict[str, Any] | None:
    """The handshake if each field NiceGUI reads is of its kind (fields it does not read pass as they are), or
    None."""
    if not isinstance(data, dict):
        return None
    ids = {key: data.get(key) for key in ("client_id", "tab_id", "document_id")}
    if not all(isinstance(v, str) and 0 < len(v) <= MAX_ID for v in ids.values()):
        return None
    old, next_id = data.get("old_tab_id"), data.get("next_message_id")
    if old is not None and not (isinstance(old, str) and len(old) <= MAX_ID):
        return None
    if next_id is not None and not (type(next_id) is int and next_id >= 0
                                    or isinstance(next_id, str) and next_id.isdecimal() and len(next_id) <= 15):
        return None
    return {**data, **ids, "old_tab_id": old, "next_message_id": next_id}


def guarded(originals: dict[str, Callable[..., Any]]) -> dict[str, Callable[..., Any]]:
    """Checked socket handlers, passing what is fine to NiceGUI's own ``originals`` (by event name)."""

    async def on_handshake(sid: str, data: Any = None, *_extra: Any) -> bool:
        fields = _handshake_fields(data)
        if fields is None:
            QUIET.drop("a handshake: malformed")
            return False
        if fields["client_id"] not in Client.instances:
            return False  # a page from before a restart: NiceGUI's answer, the browser reloads it
        try:
            return bool(await originals["handshake"](sid, fields))
        except Exception as exc:  # noqa: BLE001 - a stranger's handshake must not write a traceback
            QUIET.drop("a handshake: refused by NiceGUI", f"{type(exc).__name__}: {str(exc)[:80]}")
            return False

    async def on_connect(sid: str, environ: dict[str, Any], auth: Any = None, *_extra: Any) -> None:
        query = {k: v[0] for k, v in urllib.parse.parse_qs(environ.get("QUERY_STRING", "")).items()}
        if query.get("implicit_handshake", "") == "true" and not await on_handshake(sid, query):
            raise socketio.exceptions.ConnectionRefusedError("Implicit handshake failed")

    def on_disconnect(sid: str, *_reason: Any) -> None:
        try:
            originals["disconnect"](sid)
        except Exception as exc:  # noqa: BLE001 - engine.io would log a traceback for a socket that is gone anyway
            QUIET.drop("a disconnect: refused by NiceGUI", f"{type(exc).__name__}: {str(exc)[:80]}")

    def on_ack(sid: str, msg: Any = None, *_extra: Any) -> None:
        next_id = msg.get("next_message_id") if isinstance(msg, dict) else None
        if type(next_id) is not int or _client_of(sid, msg) is None:
            QUIET.drop("an ack: not from a connected page, or no message id")
            return
        originals["ack"](sid, msg)

    def on_javascript_response(sid: str, msg: Any = None, *_extra: Any) -> None:
        request_id = msg.get("request_id") if isinstance(msg, dict) else None
        if not isinstance(request_id, str) or _client_of(sid, msg) is None:
            QUIET.drop("a JavaScript answer: not from a connected page, or no request id")
            return
        originals["javascript_response"](sid, msg)

    return {"connect": on_connect, "handshake": on_handshake, "disconnect": on_disconnect, "event": on_event,
            "javascript_response": on_javascript_response, "ack": on_ack, "log": on_log}


def install() -> None:
    """Replace NiceGUI's socket handlers by checked ones (once per process)."""
    def note(cause: str, detail: str) -> None:
        QUIET.drop(f"a socket message: {cause}", detail)

    install_socket_guard(guarded, note, MAX_MESSAGE, BUDGET)
