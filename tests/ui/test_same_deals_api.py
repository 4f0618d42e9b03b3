"""Duplicate deals and the seat API: a program seated at a table with the same deals as another gets its own table
only — never the other table's view or play — and no answer holds the deal seed."""

from __future__ import annotations

import json

from logic.table import lobby
from logic.table import program as table_program
from tests.ui.test_seat_api_inprocess import World, world  # noqa: F401 (the fixture)
from ui.seat_api.auth import new_token
from ui.server.runtime import runtime

SEED = 987_654_321


def test_a_program_at_a_duplicate_sees_only_its_own_table(world: World) -> None:  # noqa: F811
    hub = world.hub
    first_token, first_hash = new_token()
    source = hub.create("rummy", "host", "Hanna", "🦊", options={"players": 2, "first_draw": False, "target": 100},
                        practice=False, seed=SEED, program_hash=first_hash)
    hub.run(source, lambda t, now: lobby.start(t, "host", now))
    token, token_hash = new_token()
    duplicates = runtime().duplicates()
    dup = duplicates.start(duplicates.source_of_table(source), "guest", "Gus", "🐢", practice=False)
    assert dup.seed == SEED and dup.same_deals_as == source.code
    hub.run(dup, lambda t, now: table_program.add_program(t, "guest", 1, token_hash))
    hub.registry.index_programs(dup)
    hub.run(dup, lambda t, now: lobby.start(t, "guest", now))
    headers = {"Authorization": f"Bearer {token}"}

    own = world.client.get(f"/api/v1/tables/{dup.code}", headers=headers)
    assert own.status_code == 200
    for path in ("", "/legal", "/rules", "/events"):
        other = world.client.get(f"/api/v1/tables/{source.code}{path}", headers=headers)
        assert other.status_code in (401, 403, 404), (path, other.status_code)
    answers = [own.text, world.client.get(f"/api/v1/tables/{dup.code}/rules", headers=headers).text,
               world.client.get(f"/api/v1/tables/{dup.code}/legal", headers=headers).text]
    assert all(str(SEED) not in text for text in answers)
    assert "seed" not in json.dumps(own.json())
    first = world.client.get(f"/api/v1/tables/{source.code}", headers={"Authorization": f"Bearer {first_token}"})
    assert first.status_code == 200 and str(SEED) not in first.text
