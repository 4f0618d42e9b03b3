"""Junk on the socket, from a stranger: raw engine.io/socket.io over a WebSocket (and long polling) from another
loopback address (127.0.0.2), no browser and no page behind it; and big texts from a page's own socket (a page
opened without a browser: :func:`page_socket`). Used by tests/e2e/test_socket_junk.py (a few thousand messages)
and by the abuse bench: :func:`socket_floods` runs them all and returns a line of figures each;
``python -m tests.bench.abuse_socket --url http://127.0.0.1:8080 --rounds 1000`` prints them.

The junk covers every handler NiceGUI registers (event, log, ack, handshake, javascript_response, and the connect
and disconnect names sent as events) plus packets that are not socket.io at all; ``client_id`` may be a live page's
(read from its HTML), so what is checked is that the socket belongs to the page, not only that the page exists.
"""

from __future__ import annotations

import argparse
import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

ATTACKER = "127.0.0.2"


def junk(client_id: str = "nope") -> list[str]:
    """One round of junk: socket.io packets (``42`` is an event) aimed at every handler, and non-packets."""
    cid = json.dumps(client_id)
    return [
        # event: unknown page, live page from a foreign socket, missing fields, wrong types, wrong arity
        f'42["event",{{"client_id":{cid},"id":1,"listener_id":"x","args":[]}}]',
        '42["event",{"client_id":"nope","id":[1],"listener_id":{},"args":"x"}]',
        '42["event",{"client_id":[1]}]', '42["event"]', '42["event",1,2,3]', '42["event","x"]',
        # log: every level, unknown level, no fields
        f'42["log",{{"client_id":{cid},"level":"error","message":"junk"}}]',
        '42["log",{"client_id":"nope","level":"shout","message":"x"}]', '42["log",{}]', '42["log"]',
        # ack: text and huge message ids, no client
        f'42["ack",{{"client_id":{cid},"next_message_id":"x"}}]',
        f'42["ack",{{"client_id":{cid},"next_message_id":99999999999}}]', '42["ack",{}]', '42["ack",null]',
        # handshake: not a dict, missing ids, wrong types, unknown page, a live page's id with a bad message id
        '42["handshake"]', '42["handshake","x"]', '42["handshake",{"client_id":5}]',
        '42["handshake",{"client_id":"nope","tab_id":"t","document_id":"d"}]',
        f'42["handshake",{{"client_id":{cid},"tab_id":"t","document_id":"d","next_message_id":"zz"}}]',
        '421["handshake",{"client_id":{},"tab_id":[],"document_id":null}]',
        # javascript_response: no request id, somebody else's request id
        f'42["javascript_response",{{"client_id":{cid},"request_id":[1]}}]',
        f'42["javascript_response",{{"client_id":{cid},"request_id":"r","result":1}}]',
        '42["javascript_response"]',
        # names no page sends: the reserved ones, unknown ones, unhashable ones, a string for a list
        '42["connect","x"]', '42["disconnect"]', '42["nope",{}]', '42[["x"],1]', '42[{"a":1}]', '42"event"',
        # not socket.io: empty data, bad JSON, unknown packet types, a binary event that never gets its data
        '42[]', '42{}', '42', '42["event",', '4', '49junk', '4x', '44["x"]',
        '451-["event",{"_placeholder":true,"num":0}]',
        # not engine.io: empty, no packet type, unknown types, bad base64, a client's ping, noop and upgrade
        '', 'z', '\x00', '9', '7x', 'b!!!', '2', '6', '5',
    ]


@contextmanager
def stranger(url: str, source: str = ATTACKER, max_size: int = 2 ** 20) -> Iterator[ClientConnection]:
    """An engine.io WebSocket to the server at ``url``, connected to socket.io's main namespace, from ``source``."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind((source, 0))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # (small frames: no waiting on delayed ACKs)
    sock.settimeout(10)
    sock.connect((host, port))
    with connect(f"ws://{host}:{port}/_nicegui_ws/socket.io/?EIO=4&transport=websocket", sock=sock,
                 compression=None, max_size=max_size, open_timeout=10, close_timeout=1) as ws:
        opened = str(ws.recv(timeout=10))
        assert opened.startswith("0{"), opened
        ws.send("40")
        joined = str(ws.recv(timeout=10))
        assert joined.startswith("40"), joined
        yield ws


def flood(url: str, rounds: int, client_id: str = "nope", source: str = ATTACKER,
          per_socket: int | None = None) -> dict[str, float]:
    """``rounds`` rounds of :func:`junk`, ``per_socket`` rounds on a socket (all on one if None; a new one whenever
    the server closes it); figures. (Past its budget a socket is read slowly: a long flood on one socket waits in
    its own buffers, so a quick flood of many messages needs a fresh socket every few rounds.)"""
    messages, sockets, started = 0, 0, time.perf_counter()
    batch = junk(client_id)
    left = rounds
    while left > 0:
        sockets += 1
        on_this = per_socket or left
        with stranger(url, source) as ws:
            try:
                while left > 0 and on_this > 0:
                    for message in batch:
                        ws.send(message)
                        messages += 1
                    left -= 1
                    on_this -= 1
                    _answer_pings(ws)
            except ConnectionClosed:
                left -= 1  # a round that made the server hang up (e.g. the binary event): start a new socket
    seconds = time.perf_counter() - started
    return {"messages": messages, "sockets": sockets, "seconds": seconds, "per_second": messages / seconds}


def _answer_pings(ws: ClientConnection) -> None:
    """Read what the server sent meanwhile (pings get their pong, so the socket stays up)."""
    while True:
        try:
            message = ws.recv(timeout=0)
        except TimeoutError:
            return
        if message == "2":
            ws.send("3")


POLLING_JUNK = [b"zzz", b"4", b"9", b"", b"\x1e\x1e", b'40\x1e42[', b'42["event"]', b"\x00\xff", b"2", b"2probe", b"6",
                b"5", b'42["ack",{"client_id":"nope","next_message_id":"x"}]']


def polling_flood(url: str, rounds: int, source: str = ATTACKER, timeout: float = 10.0) -> dict[str, float]:
    """The same from the long-polling transport (``transport=polling``): one session a round, each POST body junk.
    Figures: POSTs sent, and how many got no answer within ``timeout`` seconds (engine.io's close of a session
    waits for the client to fetch it)."""
    import httpx

    base = f"{url}/_nicegui_ws/socket.io/"
    sent = hung = 0
    with httpx.Client(timeout=timeout, transport=httpx.HTTPTransport(local_address=source)) as http:
        for _ in range(rounds):
            for body in POLLING_JUNK:
                opened = http.get(base, params={"EIO": "4", "transport": "polling"})
                sid = json.loads(opened.text[1:])["sid"]
                http.post(base, params={"EIO": "4", "transport": "polling", "sid": sid}, content=b"40")
                try:
                    http.post(base, params={"EIO": "4", "transport": "polling", "sid": sid}, content=body)
                except httpx.TimeoutException:
                    hung += 1
                sent += 1
    return {"posts": sent, "hung": hung}


def bad_requests(url: str, source: str = ATTACKER) -> int:
    """Requests engine.io refuses (unknown session, protocol version or transport, a bad upgrade); how many."""
    import httpx

    base = f"{url}/_nicegui_ws/socket.io/"
    queries = [{"EIO": "4", "transport": "polling", "sid": "nope"}, {"EIO": "3", "transport": "polling"},
               {"EIO": "4", "transport": "nope"}, {"EIO": "x"}, {}, {"EIO": "4", "transport": "websocket"}]
    with httpx.Client(timeout=10, transport=httpx.HTTPTransport(local_address=source)) as http:
        for query in queries:
            for method in ("GET", "POST"):
                assert http.request(method, base, params=query, content=b"x").status_code == 400, (method, query)
    return 2 * len(queries)


def oversized(url: str, size: int, source: str = ATTACKER) -> str:
    """Send one chat-sized event padded to ``size`` characters; what the server did: "closed" or "kept"."""
    with stranger(url, source, max_size=2 ** 24) as ws:
        text = "x" * size
        ws.send(f'42["event",{{"client_id":"nope","id":1,"listener_id":"x","args":[{json.dumps(text)}]}}]')
        try:
            for _ in range(20):
                _answer_pings(ws)
                ws.send("42[\"log\",{}]")
                time.sleep(0.05)
        except ConnectionClosed:
            return "closed"
    return "kept"


@contextmanager
def page_socket(url: str, path: str, testid: str, source: str = ATTACKER) -> Iterator[tuple[ClientConnection, str,
                                                                                          int, dict[str, str]]]:
    """A page opened without a browser: its HTML over HTTP, then its socket with a handshake, as nicegui.js does.
    Yields (the socket, the client id, the id of the element ``testid``, its listener ids by event type)."""
    import httpx

    with httpx.Client(base_url=url, timeout=30, transport=httpx.HTTPTransport(local_address=source)) as http:
        html = http.get(path).text
        found = re.search(r"'client_id': '([0-9a-f-]+)'", html)
        element = re.search(r'"(\d+)":\{"tag":"[^"]+","props":\{[^{}]*"data-testid":"' + re.escape(testid) +
                            r'"\},"events":(\[.*?\])\}', html)
        assert found and element, f"no {testid} on {path}"
        listeners = {ev["type"]: ev["listener_id"] for ev in json.loads(element.group(2))}
        with stranger(url, source) as ws:
            ws.send("420" + json.dumps(["handshake", {"client_id": found.group(1), "tab_id": "bench-tab",
                                                       "document_id": "bench-doc"}]))
            answer = ""
            while not answer.startswith("430"):
                answer = str(ws.recv(timeout=10))
            assert answer == "430[true]", answer
            yield ws, found.group(1), int(element.group(1)), listeners


def big_names(url: str, seconds: float, size: int = 60_000, source: str = ATTACKER) -> dict[str, float]:
    """Names of ``size`` bytes typed into /profile and saved (blur), one after another for ``seconds``, from a page's
    own socket: the server cuts and cleans each (issue 47: a 900 KB name stalled every page for 1.7 s; a socket
    message over 64 KB is now refused unread, so ``size`` stays under it). Figures: names sent, seconds."""
    started = time.perf_counter()
    count = 0
    with page_socket(url, "/profile", "profile-name", source) as (ws, client_id, element, listeners):
        while time.perf_counter() - started < seconds:
            text = chr(0x202E) + "\u00e9\u200d" * ((size - 300) // 5) + str(count)  # 5 bytes a pair in UTF-8
            for kind, args in (("update:value", [json.dumps(text, ensure_ascii=False)]), ("blur", [None])):
                ws.send("42" + json.dumps(["event", {"id": element, "client_id": client_id,
                                                     "listener_id": listeners[kind], "args": args}],
                                          ensure_ascii=False))
            count += 1
            _answer_pings(ws)
    return {"names": count, "seconds": time.perf_counter() - started}


def latencies(url: str, seconds: float, path: str = "/api/v1/tables/NOPE42") -> list[float]:
    """Milliseconds of ``GET path`` one after another for ``seconds`` (a small answer that needs the event loop)."""
    import httpx

    times: list[float] = []
    end = time.perf_counter() + seconds
    with httpx.Client(base_url=url, timeout=30) as http:
        while time.perf_counter() < end:
            started = time.perf_counter()
            http.get(path)
            times.append((time.perf_counter() - started) * 1000)
    return times


def percentiles(times: list[float]) -> str:
    ordered = sorted(times)
    pick = [ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in (0.5, 0.95, 0.99)]
    return f"p50 {pick[0]:.1f} ms, p95 {pick[1]:.1f} ms, p99 {pick[2]:.1f} ms ({len(ordered)} requests)"


def socket_floods(url: str, rounds: int = 1000, client_id: str = "nope", seconds: float = 5.0) -> list[str]:
    """Every flood of this module against the server at ``url``, one line of figures each (for the abuse bench,
    which adds log lines and memory around them)."""
    lines = []
    figures = flood(url, rounds, client_id)
    lines.append(f"socket junk: {figures['messages']:.0f} messages on {figures['sockets']:.0f} sockets in "
                 f"{figures['seconds']:.1f} s ({figures['per_second']:.0f}/s)")
    polled = polling_flood(url, max(1, rounds // 100))
    lines.append(f"long-polling junk: {polled['posts']:.0f} POSTs, {polled['hung']:.0f} without an answer; "
                 f"{sum(bad_requests(url) for _ in range(max(1, rounds // 100)))} requests engine.io refuses")
    lines.append(f"a 900 KB message: {oversized(url, 900_000)}; a 60 KB one: {oversized(url, 60_000)}")
    lines.append(f"GET while idle: {percentiles(latencies(url, seconds))}")
    box: dict[str, float] = {}
    flooding = threading.Thread(target=lambda: box.update(big_names(url, seconds)))
    flooding.start()
    during = latencies(url, seconds)
    flooding.join()
    lines.append(f"{box['names']:.0f} names of 60 KB of accents and joiners (cut first, then cleaned) in "
                 f"{box['seconds']:.1f} s; GET meanwhile: {percentiles(during)}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--client-id", default="nope", help="a live page's client id (window.clientId)")
    args = parser.parse_args()
    for line in socket_floods(args.url, args.rounds, args.client_id):
        print(line, flush=True)


if __name__ == "__main__":
    main()
