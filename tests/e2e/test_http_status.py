"""HTTP status codes against the real server (what browser automation and scripts see): a table, shared image,
stats page or rules page that does not exist answers 404 with its friendly page; a /new link with bad parameters
400 with its message; the join-code slow-down 429 once it refuses; what exists answers 200 (or 303 for /new)."""

from __future__ import annotations

import concurrent.futures
import re

import httpx

from tests.e2e.conftest import Server

TOO_MANY = "Too many wrong codes from this device"


def test_missing_things_answer_404_with_the_friendly_page(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        r = http.get("/table/NOPE42")
        assert r.status_code == 404 and "No table with code NOPE42" in r.text
        r = http.get("/stats/game/NOPE42")
        assert r.status_code == 404 and "No finished game with code NOPE42" in r.text
        r = http.get("/share/NOPE42.png")
        assert r.status_code == 404 and "No finished game" in r.text
        r = http.get("/replay/NOPE42")
        assert r.status_code == 404 and "No finished game with code NOPE42" in r.text
        r = http.get("/rules/nope")
        assert r.status_code == 404 and "data-testid" in r.text
        assert http.get("/rules/rummy").status_code == 200 and http.get("/").status_code == 200


def test_bad_new_links_answer_400_and_good_ones_303_to_a_table_that_answers_200(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        for link, message in (("/new/president?players=abc", "must be a whole number"),
                              ("/new/beanie?rounds=0", "rounds must be between 1 and 13"),
                              ("/new/nogame", "No game called")):
            r = http.get(link)
            assert r.status_code == 400, link
            assert "That link cannot start a table." in r.text and message in r.text, link
        r = http.get("/new/president?players=4&bots=3&speed=0&seed=3")
        assert r.status_code == 303
        location = r.headers["location"]
        assert re.fullmatch(r"/table/[A-Z0-9]{6}", location)
        assert http.get(location).status_code == 200  # the same browser (cookie): its own table, at once


def test_the_join_code_slow_down_answers_429_once_it_refuses(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        for i in range(5):  # misses in a row: the waits grow 0, 0.5, 1, 2, 4 s
            r = http.get(f"/table/MISS{i:02d}")
            assert r.status_code == 404, r.status_code

    def attempt(i: int) -> int | None:
        try:  # 5 s a try now, in line: past a minute of queue the server refuses at once
            return httpx.get(f"{server.url}/table/FLOOD{i:02d}", timeout=3).status_code
        except httpx.TimeoutException:
            return None  # still waiting its turn

    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        codes = list(pool.map(attempt, range(16)))
    assert 429 in codes, codes
    assert all(c in (429, None) for c in codes), codes  # nothing is answered before its turn
    refused = httpx.get(f"{server.url}/table/FLOOD99", timeout=3)
    assert refused.status_code == 429 and TOO_MANY in refused.text


def test_pages_are_compressed_lightly(server: Server) -> None:
    """The server gzips at level 1 (ui/server/compression.py): on a Pi-class host the strongest level cost the rules
    page 18 ms of CPU a visit for a quarter fewer bytes."""
    import zlib

    with httpx.Client(base_url=server.url, timeout=30) as http:
        r = http.get("/rules/president", headers={"accept-encoding": "gzip"})
        assert r.status_code == 200 and r.headers["content-encoding"] == "gzip"
        sent = int(r.headers["content-length"])

    def gzipped(level: int) -> int:
        z = zlib.compressobj(level, zlib.DEFLATED, 31)
        return len(z.compress(r.content) + z.flush())

    assert abs(sent - gzipped(1)) < abs(sent - gzipped(9)), (sent, gzipped(1), gzipped(9))
