"""The socket guard (ui/guards/socket_guard.py) and its hooks into NiceGUI and python-socketio
(ui/nicegui_internals/sockets.py: guard_socket). The first test fails when an upgrade adds, renames or changes what
the guard replaces; the rest call the guarded handlers as a socket would, with junk, and with a live page's own
socket. (tests/e2e/test_socket_junk.py sends the same junk over real sockets.)"""

from __future__ import annotations

import asyncio
import inspect
import logging
import time
from types import SimpleNamespace
from typing import Any

import engineio.async_socket
import engineio.packet
import pytest
import socketio
from nicegui import Client, core, ui
from nicegui.testing import User

from ui.guards import socket_guard
from ui.guards.socket_guard import BUDGET, MAX_MESSAGE, MessageBudget, QuietLog
from ui.nicegui_internals import NICEGUI_SOCKET_HANDLERS, PAGE_MESSAGES, socket_handlers


async def test_the_guard_replaces_every_handler_nicegui_registers(user: User) -> None:
    await user.open("/")
    originals = socket_handlers()
    assert set(originals) == NICEGUI_SOCKET_HANDLERS  # a new NiceGUI handler must get a guard first
    assert {f.__module__ for f in originals.values()} == {"nicegui.nicegui"}
    live = core.sio.handlers["/"]
    assert set(live) == NICEGUI_SOCKET_HANDLERS and all(f.__module__ == socket_guard.__name__ for f in live.values())
    assert PAGE_MESSAGES == NICEGUI_SOCKET_HANDLERS - {"connect", "disconnect"}
    # what guard_socket wraps in python-socketio and engine.io, and the size cap it sets
    params = list(inspect.signature(socketio.AsyncServer._handle_event_internal).parameters)
    assert params == ["self", "server", "sid", "eio_sid", "data", "namespace", "id"]
    assert core.sio._handle_event_internal.__qualname__.endswith("handle_event_internal")
    assert core.sio.eio.handlers["message"].__module__ == "ui.nicegui_internals.sockets"
    assert engineio.async_socket.AsyncSocket.handle_post_request.__module__ == "ui.nicegui_internals.sockets"
    assert engineio.async_socket.AsyncSocket.receive.__module__ == "ui.nicegui_internals.sockets"
    assert list(inspect.signature(engineio.async_socket.AsyncSocket.receive).parameters) == ["self", "pkt"]
    quiet = engineio.async_socket.packet.Packet(encoded_packet="z")  # the WebSocket loop's decoder: no exception
    assert quiet.packet_type == engineio.packet.NOOP and engineio.async_socket.packet.MESSAGE == 4
    assert core.sio.eio.max_http_buffer_size == MAX_MESSAGE
    assert core.sio.eio._log_error_once.__module__ == "ui.nicegui_internals.sockets"


def test_quiet_log_writes_one_line_a_minute_per_cause(caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    quiet = QuietLog(logging.getLogger("cardnight.socket"), clock=lambda: now[0])
    with caplog.at_level(logging.INFO, logger="cardnight.socket"):
        assert quiet.drop("an ack", "x")
        for _ in range(1000):
            quiet.drop("an ack", "y")
        assert quiet.drop("a log message")
        now[0] = 59.0
        assert not quiet.drop("an ack")
        now[0] = 61.0
        assert quiet.drop("an ack", "z")
    lines = [r.getMessage() for r in caplog.records]
    assert lines == ["Dropped an ack: x", "Dropped a log message", "Dropped an ack: z (1001 more like it since the "
                                                                   "last line)"]


def test_quiet_log_writes_at_most_a_few_dropped_lines_a_minute_in_all(caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    quiet = QuietLog(logging.getLogger("cardnight.socket"), clock=lambda: now[0], most=3)
    with caplog.at_level(logging.INFO, logger="cardnight.socket"):
        written = [quiet.drop(f"kind {n}") for n in range(10) for _ in range(50)]  # ten kinds, fifty each
        assert written.count(True) == 3
        assert quiet.write("browser error", "browser: oops")  # a page's own log lines are not held back
        now[0] = 61.0
        assert quiet.drop("kind 7")  # a held-back kind, again a minute later: its line, with its count
        assert quiet.drop("kind 8")  # (the new minute's second line of three)
    lines = [r.getMessage() for r in caplog.records]
    assert lines[:4] == ["Dropped kind 0", "Dropped kind 1", "Dropped kind 2",
                         "Dropped socket messages of more kinds; they are counted, and each kind is logged when it "
                         "comes again a minute from now"]
    assert lines[4] == "browser: oops"
    assert lines[5:] == ["Dropped kind 7 (50 more like it since the last line)",
                         "Dropped kind 8 (50 more like it since the last line)"]


JUNK: list[Any] = [None, "x", 5, [], {}, {"client_id": 5}, {"client_id": ["x"]}, {"client_id": "nope"}]


async def test_junk_to_every_handler_is_dropped_without_an_exception(user: User,
                                                                     caplog: pytest.LogCaptureFixture) -> None:
    client = await user.open("/")
    handlers = core.sio.handlers["/"]
    socket_guard.QUIET.reset()
    own_sid = next(iter(client._socket_to_document_id))
    with caplog.at_level(logging.INFO):
        for name in PAGE_MESSAGES:
            for msg in [*JUNK, {"client_id": client.id, "id": [1], "listener_id": {}, "next_message_id": "x",
                                "request_id": [1], "level": "shout", "tab_id": 1, "document_id": None}]:
                for sid in ("stranger", own_sid):
                    result = handlers[name](sid, msg)
                    if inspect.isawaitable(result):
                        assert await result is False  # a handshake answers False: the browser would reload
            for args in (("stranger",), ("stranger", {}, 1, 2)):  # too few arguments, too many
                result = handlers[name](*args)
                if inspect.isawaitable(result):
                    await result
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert 1 <= len([r for r in caplog.records if "Dropped" in r.getMessage()]) <= len(PAGE_MESSAGES) + 3
    assert client.id in Client.instances and client.has_socket_connection  # the page is untouched


async def test_a_foreign_socket_cannot_ack_for_a_live_page(user: User) -> None:
    client = await user.open("/")
    with client.content:
        ui.label("news")  # an update the outbox sends and keeps until the browser acknowledges it
    await asyncio.sleep(0.3)
    before = list(client.outbox.message_history)
    assert before  # (the page's first updates, kept until its browser acknowledges them)
    core.sio.handlers["/"]["ack"]("stranger", {"client_id": client.id, "next_message_id": 10 ** 9})
    assert list(client.outbox.message_history) == before  # its history is kept for its own reconnect


async def test_an_implicit_handshake_with_a_bad_query_is_refused(user: User) -> None:
    await user.open("/")
    on_connect = core.sio.handlers["/"]["connect"]
    for query in ("implicit_handshake=true", "implicit_handshake=true&client_id=x&tab_id=&document_id=d",
                  "implicit_handshake=true&client_id=nope&tab_id=t&document_id=d&next_message_id=zz"):
        with pytest.raises(socketio.exceptions.ConnectionRefusedError):
            await on_connect("stranger", {"QUERY_STRING": query})
    assert await on_connect("stranger", {"QUERY_STRING": "EIO=4"}) is None  # a plain connect: the handshake follows


def test_a_socket_gets_a_burst_then_a_steady_rate_and_quiet_sockets_are_forgotten() -> None:
    now = [0.0]
    budget = MessageBudget(rate=100.0, burst=300.0, clock=lambda: now[0])
    assert sum(budget.allow("a") for _ in range(1000)) == 300  # the burst, then nothing
    assert budget.allow("b")  # each socket its own budget
    now[0] = 1.0
    assert sum(budget.allow("a") for _ in range(1000)) == 100  # a second later: a second's worth
    now[0] = 100.0
    for i in range(2000):
        budget.allow(f"s{i}")
    assert all(f"s{i}" in budget._left for i in range(2000))  # all of them busy just now: all kept
    now[0] = 200.0
    for i in range(5000):
        budget.allow(f"new{i}")
    assert not any(key.startswith("s") for key in budget._left)  # the quiet ones (full again by now) forgotten


def test_big_messages_count_by_their_size() -> None:
    now = [0.0]
    budget = MessageBudget(rate=100.0, burst=300.0, clock=lambda: now[0])
    big = 60 * 1024  # a 60 KB name: 60 messages' worth
    assert sum(budget.allow("a", big) for _ in range(100)) == 5
    assert sum(budget.allow("a", 200) for _ in range(100)) == 0  # the budget is spent: small ones wait too
    now[0] = 1.0
    assert sum(budget.allow("a", big) for _ in range(100)) == 1  # a second's worth: one more
    assert budget.allow("b", 1024) and budget.allow("b", 0)  # up to a KB counts as one message


async def test_a_socket_past_its_budget_is_not_read_again_until_its_budget_allows(user: User) -> None:
    """Its message is dropped, and engine.io's loop (which awaits ``receive`` before it reads the next frame) waits:
    a flooding socket's frames stay in its own buffers instead of being read and dropped as fast as they come."""
    await user.open("/")
    flooder = SimpleNamespace(sid="flooder")  # never reaches engine.io's own receive, which needs a real socket
    while BUDGET.allow("flooder", 0):
        pass
    started = time.monotonic()
    await engineio.async_socket.AsyncSocket.receive(flooder, engineio.packet.Packet(engineio.packet.MESSAGE,
                                                                                      data="x" * 60_000))
    assert 0.4 <= time.monotonic() - started <= 1.0  # 58 messages' worth at 100 a second


def test_a_spent_budget_says_how_long_the_socket_waits() -> None:
    now = [0.0]
    budget = MessageBudget(rate=100.0, burst=300.0, clock=lambda: now[0])
    big = 60 * 1024
    assert budget.wait("a", big) == 0.0  # a fresh socket sends at once
    while budget.allow("a", big):
        pass
    wait = budget.wait("a", big)
    assert 0.0 < wait <= 0.6  # 60 messages' worth at 100 a second, less what is left
    now[0] += wait
    assert budget.wait("a", big) == 0.0 and budget.allow("a", big)  # after the wait, it passes
    while budget.allow("c"):
        pass
    assert budget.wait("c", 10_000_000) == 3.0  # bigger than the burst: a full budget is enough (never forever)
