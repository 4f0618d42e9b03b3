"""A game night with tables of the same deals (NiceGUI ``user`` tests): a twin started from the night's page joins
the night; the night scored by duplicate comparison (page, JSON); a finished match held back from the standings, the
matches, the JSON and the TV while its twin still plays; and the night's standings in a corner of a table's TV
during play when the host switches it on."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from nicegui.testing import User

from logic.game import IllegalMove
from logic.night import Night, add_person, set_scoring
from logic.night.seating import TablePlan
from logic.table import Table, lobby
from logic.table.record import from_record, to_record
from tests.ui.helpers import eventually, find, with_testid
from tests.ui.stats_helpers import player_of
from tests.ui.test_night_page import finish_night_table, start_night
from tests.ui.test_same_deals_user import play_to
from ui.pages.night_actions import open_next_game
from ui.server.runtime import runtime


def rummy_of_the_night(night: Night, player_id: str, name: str, seed: int = 77) -> Table:
    hub = runtime().hub
    table = hub.create("rummy", player_id, name, "🦊", options={"players": 2, "target": 100, "first_draw": False},
                       practice=True, level="easy", speed=0, seed=seed)
    hub.nights.add_table(night.code, table.code, "rummy")
    return table


def props_of(user: User, prefix: str) -> list[dict[str, str]]:
    with user:
        return [dict(e.props) for e in user.current_layout.descendants()
                if str(e.props.get("data-testid", "")).startswith(prefix)]


async def test_a_twin_from_the_nights_page_is_held_back_then_scored_by_the_same_deals(
        create_user: Callable[[], User]) -> None:
    host, friend = create_user(), create_user()
    night = await start_night(host)
    me, name, _emoji = player_of(host)
    with host:
        with_testid(host, "night-scoring")[0].set_value("duplicate")
    await eventually(lambda: night.scoring == "duplicate")
    await eventually(lambda: with_testid(host, "night")[0].props.get("data-scoring") == "duplicate")
    await host.should_see("Tables with the same deals are compared seat by seat")
    source = rummy_of_the_night(night, me, name)
    play_to(source, lambda t: False)  # the first table plays its whole match
    assert source.status == "over"

    # a friend starts the same deals from the night's page: the twin belongs to the night
    await friend.open(f"/night/{night.code}")
    (await find(friend, f"btn-night-same-deals-{source.code}")).click()
    await find(friend, "table")
    twin_code = next(c for c in night.tables if c != source.code)
    twin = runtime().hub.registry.get(twin_code)
    assert twin is not None and twin.same_deals_as == source.code and twin.status == "playing"
    assert night.groups == {source.code: source.code, twin_code: source.code}

    # held back everywhere while the twin plays
    await friend.open(f"/night/{night.code}")
    row = (await find(friend, f"night-match-{source.code}"))
    assert next(iter(row.elements)).props["data-held-back"] == "true"
    await find(friend, f"night-match-held-{source.code}")
    await find(friend, "night-standings-empty")
    await friend.should_see("1 finished match counts once the table with the same deals finishes.")
    answer = (await friend.http_client.get(f"/api/v1/nights/{night.code}")).json()
    assert answer["scoring"] == "duplicate" and answer["standings"] == []
    held = next(m for m in answer["matches"] if m["code"] == source.code)
    assert held["held_back"] and all(s["place"] is None and s["score"] is None for s in held["seats"])
    await friend.open(f"/tv/night/{night.code}")
    await find(friend, "tv-night-standings-empty")
    await find(friend, "tv-night-standings-held")

    # the twin finishes: both matches count, each seat against the seat with its cards
    play_to(twin, lambda t: False)
    assert twin.status == "over"
    await eventually(lambda: len(night.matches) == 2)
    answer = (await friend.http_client.get(f"/api/v1/nights/{night.code}")).json()
    matches = {m["code"]: m for m in answer["matches"]}
    assert not matches[source.code]["held_back"] and matches[twin_code]["same_deals"] == source.code
    for seat in (0, 1):  # a mirror: what one seat won against its twin the other lost
        assert matches[source.code]["seats"][seat]["points"] + matches[twin_code]["seats"][seat]["points"] == 100
    await friend.open(f"/night/{night.code}")
    await find(friend, "night-standing-0")

    def scoring_locked() -> bool:
        with host:
            choice = with_testid(host, "night-scoring")
        return bool(choice) and not choice[0].enabled and bool(choice[0].props.get("data-reason"))

    await eventually(scoring_locked)  # a match counts: the scoring stays as it is


async def test_a_tables_tv_shows_the_nights_corner_when_the_host_wants(create_user: Callable[[], User]) -> None:
    host = create_user()
    night = await start_night(host)
    me, name, _emoji = player_of(host)
    finish_night_table(night, me, name, seed=3)
    playing = rummy_of_the_night(night, me, name, seed=5)
    await host.open(f"/tv/{playing.code}")
    await find(host, "tv")
    assert not with_testid(host, "tv-night-corner")  # off by default

    await host.open(f"/night/{night.code}")
    with host:
        with_testid(host, "night-tv-corner")[0].set_value(True)
    await eventually(lambda: night.tv_corner)
    await host.open(f"/tv/{playing.code}")
    await find(host, "tv-night-corner")
    rows = props_of(host, "tv-night-corner-")
    assert len(rows) == 4 and rows[0]["data-rank"] == "1"  # the President match: you and three computer players
    assert [r["data-matches"] for r in rows if r["data-name"] == name] == ["1"]
    await host.should_see(night.name)

    # a match held back (its twin plays) stays out of the corner too
    twin_source = rummy_of_the_night(night, me, name, seed=9)
    play_to(twin_source, lambda t: False)
    duplicates = runtime().duplicates()
    twin = duplicates.start(duplicates.source_of_table(twin_source), me, name, "🦊", speed=0)
    assert twin.code in night.tables and twin.status == "playing"
    await host.open(f"/tv/{playing.code}")
    await find(host, "tv-night-corner")
    mine = [r for r in props_of(host, "tv-night-corner-") if r["data-name"] == name]
    assert mine and mine[0]["data-matches"] == "1"  # the President match only: the Rummy one waits for its twin
    play_to(twin, lambda t: False)
    await eventually(lambda: [r["data-matches"] for r in props_of(host, "tv-night-corner-")
                              if r["data-name"] == name] == ["3"], timeout=4)  # followed by itself

    await host.open(f"/night/{night.code}")
    with host:
        with_testid(host, "night-tv-corner")[0].set_value(False)
    await eventually(lambda: not night.tv_corner)
    await host.open(f"/tv/{playing.code}")
    await find(host, "tv")
    assert not with_testid(host, "tv-night-corner")


async def test_the_next_game_of_a_night_scored_by_the_same_deals_deals_its_tables_alike(user: User) -> None:
    night = await start_night(user)
    me, _name, _emoji = player_of(user)
    hub = runtime().hub
    for key in ("bea", "cy", "di"):
        hub.nights.change(night, lambda n, k=key: add_person(n, k, k.title(), "🙂"))
    duplicates = runtime().duplicates()
    plans = [TablePlan((me, "bea"), 4), TablePlan(("cy", "di"), 4), TablePlan(("eve",), 5)]
    codes = open_next_game(hub, night, "president", plans[:2], "", None, duplicates)
    one, two = (hub.registry.get(c) for c in codes)
    assert one is not None and two is not None and one.same_deals_as is None and two.same_deals_as is None
    assert not night.groups  # scored by places: every table its own deals

    hub.nights.change(night, lambda n: set_scoring(n, "duplicate"))
    hub.nights.change(night, lambda n: add_person(n, "eve", "Eve", "🐝"))
    codes = open_next_game(hub, night, "president", plans, "", None, duplicates)
    first, second, third = (hub.registry.get(c) for c in codes)
    assert first is not None and second is not None and third is not None
    assert second.seed == first.seed and second.same_deals_as == first.code  # the same deals, seat for seat
    assert third.same_deals_as is None and len(third.seats) == 5  # another size: deals of its own
    assert night.groups == {first.code: first.code, second.code: first.code}
    assert duplicates.members(first.code) == [first.code, second.code]
    bots = [[s.name for s in t.seats if s.bot] for t in (first, second)]
    assert bots[0] != bots[1]  # the twins' computer players have names of their own
    # the first table's options stay as they are too (else its twin would no longer have its deals), saved so
    assert first.deals_taken and not third.deals_taken and not one.deals_taken
    for change in (lambda t: lobby.set_option(t, me, "hands", 8), lambda t: lobby.set_player_count(t, me, 5)):
        with pytest.raises(IllegalMove, match="its rules stay as they are"):
            change(first)
    assert from_record(to_record(first, 0.0), 0.0).deals_taken
    await user.open(f"/table/{first.code}")
    await find(user, "same-deals-taken")


async def test_a_twin_from_outside_the_night_holds_its_match_back_too(user: User) -> None:
    night = await start_night(user)
    me, name, _emoji = player_of(user)
    source = rummy_of_the_night(night, me, name)
    play_to(source, lambda t: False)
    night.ended_at = 5.0  # the night ended: a twin started now is not the night's
    duplicates = runtime().duplicates()
    twin = duplicates.start(duplicates.source_of_table(source), "someone", "Sam", "🐙", speed=0)
    assert twin.code not in night.tables and twin.status == "playing"
    answer = (await user.http_client.get(f"/api/v1/nights/{night.code}")).json()
    assert answer["matches"][0]["held_back"] and answer["standings"] == []
    assert (await user.http_client.get(f"/share/night/{night.code}.png")).status_code == 200
    play_to(twin, lambda t: False)
    answer = (await user.http_client.get(f"/api/v1/nights/{night.code}")).json()
    assert not answer["matches"][0]["held_back"] and answer["standings"]
