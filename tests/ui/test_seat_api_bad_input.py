"""Bad input to the seat API over real HTTP on loopback (the router under uvicorn in a thread, a table in a hub):
unknown fields in an action, a 10 MB body sent the way Python's urllib sends it (all of it before reading the
answer), bad ``/events`` query values and a token with something after it. Each gets the documented
``{"detail": "<reason>"}`` answer and changes nothing."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI

import ui.server.runtime
from ui.seat_api import routes as api
from ui.seat_api.auth import new_token
from ui.server.runtime import Runtime, build_hub, set_runtime


class Served:
    def __init__(self, tmp_path: Path) -> None:
        self.hub = build_hub(tmp_path / "data", inline_bots=True)
        self.token, token_hash = new_token()
        self.table = self.hub.create("rummy", "host", "Hanna", "🦊", options={"players": 2, "first_draw": False},
                                     practice=False, seed=1000, program_hash=token_hash)
        self.hub.run(self.table, lambda t, now: t.start("host", now))
        app = FastAPI()
        app.include_router(api.router)
        # the server listens on a socket bound here and kept: no other process can take the port in between
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()
        deadline = time.time() + 20
        while not self.server.started:
            assert time.time() < deadline, "the test server did not start"
            time.sleep(0.05)

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}/api/v1/tables/{self.table.code}{path}"

    def call(self, path: str = "", body: bytes | None = None, token: str | None = None) -> tuple[int, Any, Any]:
        """urllib, as a small script would use it: sends ``Connection: close`` and the whole body before reading."""
        headers = {"Authorization": f"Bearer {self.token if token is None else token}"}
        request = urllib.request.Request(self.url(path), data=body, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read()), answer.headers
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read()), exc.headers

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    before = ui.server.runtime._runtime
    s = Served(tmp_path)
    set_runtime(Runtime(hub=s.hub, data_dir=tmp_path / "data"))
    api.limiter.buckets.clear()
    api.strangers.buckets.clear()
    try:
        yield s
    finally:
        s.stop()
        s.hub.saves.flush_writes()
        ui.server.runtime._runtime = before


def test_an_action_with_a_field_it_does_not_have_is_refused_by_name(served: Served) -> None:
    version = served.table.version
    status, answer, _ = served.call("/actions", b'{"kind": "draw", "extra": 1}')
    assert status == 400 and "'extra'" in answer["detail"] and list(answer) == ["detail"]
    status, answer, _ = served.call("/actions", b'{"kind": "draw", "extra": 1, "card": "QS"}')
    assert status == 400 and "'card'" in answer["detail"] and "'extra'" in answer["detail"]
    assert served.table.version == version and served.table.log == []
    status, answer, _ = served.call("/actions", b'{"kind": "draw"}')  # the same action, exactly as listed
    assert status == 200 and answer["version"] > version


@pytest.mark.parametrize("size", [10_000_000, 200_000, 4097])
def test_a_huge_body_gets_the_413_answer_not_a_reset(served: Served, size: int) -> None:
    status, answer, _ = served.call("/actions", b'{"kind": "draw", "pad": "' + b"x" * size + b'"}')
    assert status == 413 and answer == {"detail": api.TOO_LARGE}
    assert served.table.log == []


def test_a_huge_body_announced_with_expect_is_refused_before_it_is_sent(served: Served) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    conn.putrequest("POST", f"/api/v1/tables/{served.table.code}/actions")
    for name, value in (("Authorization", f"Bearer {served.token}"), ("Content-Length", "10000000"),
                        ("Expect", "100-continue")):
        conn.putheader(name, value)
    conn.endheaders()  # and no body: the answer comes without it
    answer = conn.getresponse()
    assert answer.status == 413 and json.loads(answer.read()) == {"detail": api.TOO_LARGE}


@pytest.mark.parametrize(("query", "word"), [("?after=abc", "whole number"), ("?after=1.5", "whole number"),
                                             ("?after=-2", "-1 or more"), ("", "after=<version>"),
                                             ("?after=0&wait=soon", "number of seconds"),
                                             ("?after=0&wait=0", "over 0"), ("?after=0&wait=99", "at most"),
                                             ("?after=0&wait=nan", "over 0")])
def test_bad_events_queries_get_400_with_one_reason(served: Served, query: str, word: str) -> None:
    status, answer, _ = served.call(f"/events{query}")
    assert status == 400 and list(answer) == ["detail"] and isinstance(answer["detail"], str)
    assert word in answer["detail"]


def test_events_still_answers_good_queries(served: Served) -> None:
    status, answer, _ = served.call("/events?after=-1")
    assert status == 200 and answer["version"] == served.table.version
    status, answer, _ = served.call(f"/events?after={served.table.version}&wait=0.2")
    assert status == 200


def test_a_token_with_anything_after_it_is_refused(served: Served) -> None:
    def get(header: str) -> tuple[int, dict, str | None]:
        conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
        conn.request("GET", f"/api/v1/tables/{served.table.code}", headers={"Authorization": header})
        answer = conn.getresponse()
        return answer.status, json.loads(answer.read()), answer.headers["WWW-Authenticate"]

    for header in (f"Bearer {served.token} x", f"Bearer {served.token},x", f"Bearer {served.token}\t x"):
        status, body, challenge = get(header)
        assert status == 401 and "nothing after it" in body["detail"], repr(header)
        assert challenge == "Bearer"
    # spaces and tabs ending the header are not part of its value (RFC 9110): the token still works, whether the
    # HTTP server stripped them (uvicorn 0.55 does) or left them for us
    for header in (f"Bearer {served.token} ", f"Bearer {served.token}\t", f"Bearer  {served.token}"):
        status, body, _ = get(header)
        assert status == 200 and body["code"] == served.table.code, repr(header)
    assert served.call()[0] == 200  # the token itself, as shown
    assert served.call(token=f" {served.token}")[0] == 200  # (leading spaces are not part of a header's value)



def test_the_documented_query_types_stay_in_the_api_description(served: Served) -> None:
    from fastapi.openapi.utils import get_openapi

    app = FastAPI()
    app.include_router(api.router)
    schema = get_openapi(title="t", version="1", routes=app.routes)
    params = {p["name"]: p["schema"] for p in schema["paths"]["/api/v1/tables/{code}/events"]["get"]["parameters"]}
    assert params["after"]["type"] == "integer" and params["wait"]["type"] == "number"


def test_while_saving_fails_the_seat_api_answers_503_at_once(served: Served) -> None:
    import errno

    from storage.health import HEALTH

    HEALTH.failed("table:ZZZZ", OSError(errno.ENOSPC, "No space left on device"))
    try:
        for path, body in (("", None), ("/legal", None), ("/events?after=-1", None),
                           ("/actions", b'{"kind": "draw"}')):
            started = time.monotonic()
            status, answer, headers = served.call(path, body)
            assert status == 503 and time.monotonic() - started < 2, path
            assert "the disk is full" in answer["detail"] and int(headers["Retry-After"]) >= 1
        assert served.table.log == []  # nothing changed
        assert served.call(token="made-up-token")[0] == 403  # a token that plays nowhere is still told so
    finally:
        HEALTH.reset()
    assert served.call()[0] == 200
