"""The seat API (programs) in process, with the hub's clock in the test's hands: two program seats at one table
each see and play only their own seat; a program that lets its turn timer run out gets the timeout move like a
person, and takes its seat back by asking for its legal actions. Also the per-token rate limiter and the bearer
header, with time passed in."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import ui.server.runtime
from ui.seat_api import routes as api
from ui.seat_api.auth import RateLimiter, bearer_token, hash_token, new_token
from ui.server.runtime import Runtime, build_hub, set_runtime

T0 = 1_000_000.0


class World:
    def __init__(self, tmp_path: Path) -> None:
        self.now = T0
        self.hub = build_hub(tmp_path / "data", clock=lambda: self.now, inline_bots=True, wall=lambda: self.now)
        app = FastAPI()
        app.include_router(api.router)
        self.client = TestClient(app)


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    before = ui.server.runtime._runtime
    w = World(tmp_path)
    set_runtime(Runtime(hub=w.hub, data_dir=tmp_path))
    api.limiter.buckets.clear()
    with w.client:
        yield w
    w.hub.saves.flush_writes()
    ui.server.runtime._runtime = before


def test_a_program_that_times_out_is_played_for_until_it_asks_again(world: World) -> None:
    token, token_hash = new_token()
    hub = world.hub
    table = hub.create("rummy", "host", "Hanna", "🦊", options={"players": 2, "first_draw": False},
                       practice=False, seed=1000,
                       program_hash=token_hash)
    hub.run(table, lambda t, now: t.set_setting("host", "turn_seconds", 30, now))
    hub.run(table, lambda t, now: t.start("host", now))
    assert table.to_move() == (1,) and table.turn_deadline == T0 + 30  # the program's turn, timed like a person's
    headers = {"Authorization": f"Bearer {token}"}
    view = world.client.get(f"/api/v1/tables/{table.code}", headers=headers).json()
    assert view["your_turn"] and view["turn_deadline"] == T0 + 30

    world.now = T0 + 31
    for _ in range(5):  # the timeout move, then the end of its grace period
        world.client.portal.call(hub.tick)  # on the server's loop, like the app's timer
        world.now += 1
    assert [seat for seat, _ in table.log] and all(seat == 1 for seat, _ in table.log)
    assert table.seats[1].autoplay and table.to_move() == (0,)
    assert world.client.get(f"/api/v1/tables/{table.code}", headers=headers).json()["seats"][1]["computer_plays"]

    legal = world.client.get(f"/api/v1/tables/{table.code}/legal", headers=headers)
    assert legal.status_code == 200 and legal.json() == []  # the person's turn now
    assert not table.seats[1].autoplay  # it asked: the seat is its own again
    assert any("Program 2 is back" in n["text"] for n in table.notices)


def test_two_program_seats_at_one_table_each_see_and_play_only_their_own(world: World) -> None:
    hub = world.hub
    (token1, hash1), (token2, hash2) = new_token(), new_token()
    table = hub.create("rummy", "host", "Hanna", "🦊", options={"players": 3, "first_draw": False},
                       practice=False, seed=5)
    hub.run(table, lambda t, now: t.add_program("host", 1, hash1))
    hub.run(table, lambda t, now: t.add_program("host", 2, hash2))
    hub.run(table, lambda t, now: t.start("host", now))
    game = table.game
    calls = {1: {"Authorization": f"Bearer {token1}"}, 2: {"Authorization": f"Bearer {token2}"}}
    for seat, headers in calls.items():
        view = world.client.get(f"/api/v1/tables/{table.code}", headers=headers).json()
        assert view["seat"] == seat and view["view"]["hand"] == game.view(table.state, seat)["hand"]
        others = {c for other in (0, 1, 2) if other != seat for c in game.view(table.state, other)["hand"]}
        assert not others & set(view["view"]["hand"])
    mover = table.to_move()[0]
    legal = [game.encode_action(a) for a in game.legal_actions(table.state, mover)]
    for seat, headers in calls.items():
        if seat != mover:  # the other program cannot make the mover's move
            refused = world.client.post(f"/api/v1/tables/{table.code}/actions", json=legal[0], headers=headers)
            assert refused.status_code == 409 and "not your turn" in refused.json()["detail"]
            assert world.client.get(f"/api/v1/tables/{table.code}/legal", headers=headers).json() == []
    assert table.log == []


def test_the_rate_limit_refills_with_time() -> None:
    limiter = RateLimiter(rate=10.0, burst=3)
    assert [limiter.take("k", now=0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    wait = limiter.take("k", now=0.0)
    assert wait == pytest.approx(0.1) and RateLimiter.retry_after(wait) == "1"
    assert limiter.take("other", now=0.0) == 0.0  # per token
    assert limiter.take("k", now=0.2) == 0.0  # refilled


def test_only_a_bearer_header_carries_a_token() -> None:
    assert bearer_token("Bearer abc") == "abc" and bearer_token("bearer  abc") == "abc"
    assert bearer_token("Bearer a-b_c.d~e+f/g==") == "a-b_c.d~e+f/g=="
    # spaces and tabs ending the value are not part of it (RFC 9110); a newline, a second word or a tab inside are
    assert bearer_token("Bearer abc ") == "abc" and bearer_token("Bearer abc\t") == "abc"
    for header in (None, "", "Basic abc", "Bearer", "Bearer " + "x" * 500, "abc", "Bearer abc def", "Bearer a\tbc",
                   "Bearer\tabc", "Bearer ab\u00e9c", "Bearer abc\n"):
        assert bearer_token(header) is None
    token, token_hash = new_token()
    assert hash_token(token) == token_hash and token not in token_hash and len(token) >= 40
