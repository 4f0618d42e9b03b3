"""The seat API's ``GET /tables/{code}/rules``: the table's options, the standard and its house rules (issue 52)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import ui.server.runtime
from ui.seat_api import routes as api
from ui.seat_api.auth import new_token
from ui.server.runtime import Runtime, build_hub, set_runtime


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    before = ui.server.runtime._runtime
    hub = build_hub(tmp_path / "data", inline_bots=True)
    set_runtime(Runtime(hub=hub, data_dir=tmp_path))
    api.limiter.buckets.clear()
    app = FastAPI()
    app.include_router(api.router)
    with TestClient(app) as c:
        yield c
    hub.saves.flush_writes()
    ui.server.runtime._runtime = before


def test_rules_of_a_table_with_a_house_rule(client: TestClient) -> None:
    token, token_hash = new_token()
    hub = ui.server.runtime.runtime().hub
    table = hub.create("president", "host", "Hanna", "🦊", options={"revolution": True}, practice=False, seed=5,
                       program_hash=token_hash)
    answer = client.get(f"/api/v1/tables/{table.code}/rules", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200
    body = answer.json()
    assert body["game"] == "president" and body["options"]["players"] == 4 and body["options"]["revolution"] is True
    assert body["standard"]["revolution"] is False and "players" not in body["standard"]
    assert body["differing"] == {"revolution": True}
    assert body["house_rules"] == [{"option": "revolution", "label": "Revolution rule", "value": True,
                                    "standard": False}]


def test_rules_of_a_standard_table_and_without_a_token(client: TestClient) -> None:
    token, token_hash = new_token()
    hub = ui.server.runtime.runtime().hub
    table = hub.create("rummy", "host", "Hanna", "🦊", options={"players": 2}, practice=False, seed=5,
                       program_hash=token_hash)
    body = client.get(f"/api/v1/tables/{table.code}/rules", headers={"Authorization": f"Bearer {token}"}).json()
    assert body["differing"] == {} and body["house_rules"] == []
    assert body["options"]["first_draw"] is True and body["standard"]["first_draw"] is True  # a new table's standard
    assert client.get(f"/api/v1/tables/{table.code}/rules").status_code == 401
