"""A game night's pages (NiceGUI `user` tests): started from home, tables of the night made through /new, finished
matches in the standings (page, TV and JSON), the next game's lobbies with everyone in them, the host's corrections
and the night's end."""

from __future__ import annotations

from collections.abc import Callable

from nicegui.testing import User

from logic.night import Night
from logic.table import STATUS_LOBBY
from tests.ui.helpers import eventually, find, open_with_status, with_testid
from tests.ui.stats_helpers import finish_game, player_of
from ui.server.runtime import runtime


async def start_night(user: User, name: str = "Friday at Ana's") -> Night:
    await user.open("/")
    with user:
        with_testid(user, "night-name-input")[0].set_value(name)
    (await find(user, "btn-start-night")).click()
    nights = runtime().hub.nights
    await eventually(lambda: len(nights.nights) == 1)
    night = next(iter(nights.nights.values()))
    await find(user, "night")
    return night


def finish_night_table(night: Night, player_id: str, name: str, seed: int, players: int = 4) -> str:
    """A practice President table of the night, played to its end by computer players (a fraction of a second)."""
    nights = runtime().hub.nights
    return finish_game("president", player_id, name, "🦊", seed=seed, options={"players": players},
                       on_create=lambda table: nights.add_table(night.code, table.code))


async def test_a_night_starts_from_home_and_its_matches_make_the_standings(user: User) -> None:
    night = await start_night(user)
    assert night.name == "Friday at Ana's"
    me, name, _emoji = player_of(user)
    assert night.host_id == me and me in night.people
    await find(user, "night-code")
    await find(user, "night-qr")
    await find(user, "night-standings-empty")
    first = finish_night_table(night, me, name, seed=3)
    second = finish_night_table(night, me, name, seed=4)
    await find(user, f"night-match-{first}", timeout=4)
    await find(user, f"night-match-{second}")
    with user:
        rows = [e for e in user.current_layout.descendants()
                if str(e.props.get("data-testid", "")).startswith("night-standing-")]
    assert rows and any(e.props.get("data-name") == name and e.props.get("data-matches") == "2" for e in rows)
    assert not with_testid(user, "night-standings-empty")

    answer = (await user.http_client.get(f"/api/v1/nights/{night.code}")).json()
    assert answer["name"] == "Friday at Ana's" and answer["status"] == "open"
    assert {t["code"]: t["state"] for t in answer["tables"]} == {first: "over", second: "over"}
    mine = next(s for s in answer["standings"] if s["name"] == name)
    assert mine["matches"] == 2 and 0 <= mine["points"] <= 100
    assert len([s for s in answer["standings"] if s["computer"]]) >= 3
    hidden = (await user.http_client.get(f"/api/v1/nights/{night.code}?computers=0")).json()
    assert [s["name"] for s in hidden["standings"]] == [name]


async def test_unknown_and_bad_codes(user: User) -> None:
    await open_with_status(user, "/night/ZZZZZZ", 404)
    await user.should_see("No game night with code ZZZZZZ")
    assert (await user.http_client.get("/api/v1/nights/ZZZZZZ")).status_code == 404
    assert (await user.http_client.get("/api/v1/nights/bad-code!")).status_code == 400
    night = runtime().hub.nights.create("Quiz", "someone")
    assert (await user.http_client.get(f"/api/v1/nights/{night.code}?computers=maybe")).status_code == 400
    await open_with_status(user, "/new/president?night=NOPE22&players=4&bots=3&speed=0", 400)
    await user.should_see("No game night with code NOPE22")


async def test_a_table_made_with_night_belongs_to_the_night(user: User) -> None:
    night = await start_night(user)
    await user.open(f"/new/president?night={night.code}&players=4&bots=3&speed=0&seed=5")
    await find(user, "table")
    assert len(night.tables) == 1
    table = runtime().hub.registry.get(night.tables[0])
    assert table is not None and table.practice and runtime().hub.nights.night_of_table(table.code) is night
    await user.open(f"/new/rummy?night={night.code}&players=3&friends=1")
    await find(user, "table")
    lobby_table = runtime().hub.registry.get(night.tables[1])
    assert lobby_table is not None and not lobby_table.practice and lobby_table.status == STATUS_LOBBY
    await user.open(f"/night/{night.code}")
    await find(user, f"night-table-{lobby_table.code}")
    assert with_testid(user, f"night-table-{lobby_table.code}")[0].props["data-state"] == "lobby"


async def test_next_game_opens_lobbies_with_everyone_and_their_pages_say_so(
        create_user: Callable[[], User]) -> None:
    host, guests = create_user(), [create_user() for _ in range(4)]
    night = await start_night(host)
    for guest in guests:
        await guest.open(f"/night/{night.code}")
        await find(guest, "night")
    await eventually(lambda: len(night.people) == 5)
    await host.open(f"/night/{night.code}")
    (await find(host, "btn-night-next")).click()
    await find(host, "night-seating-plan")
    await find(host, "night-seating-table-0")
    (await find(host, "btn-night-next-go")).click()
    await eventually(lambda: len(night.next_tables) == 1)  # five people: one President table of five
    table = runtime().hub.registry.get(night.next_tables[0])
    assert table is not None and table.status == STATUS_LOBBY and len(table.seats) == 5
    assert sorted(s.player_id for s in table.seats) == sorted(night.people)
    guest = guests[0]
    join = await find(guest, "btn-night-join", timeout=4)
    join.click()
    await find(guest, "table")


async def test_only_the_host_opens_the_next_tables(create_user: Callable[[], User]) -> None:
    host, guest = create_user(), create_user()
    night = await start_night(host)
    await guest.open(f"/night/{night.code}")
    (await find(guest, "btn-night-next")).click()
    button = with_testid(guest, "btn-night-next-go")
    assert button and not button[0].enabled and button[0].props.get("data-reason")
    assert not with_testid(guest, "btn-night-end") and not with_testid(guest, "btn-night-merge")
    assert not with_testid(guest, "night-settings")


async def test_the_hosts_settings_stand_together_in_one_card(user: User) -> None:
    await start_night(user)
    await find(user, "night-settings")
    with user:
        inside = {e.props.get("data-testid") for e in with_testid(user, "night-settings")[0].descendants()}
    assert {"night-show-computers", "night-tv-corner", "night-scoring", "btn-night-merge", "btn-night-end"} <= inside
    assert not inside & {"btn-night-new-table", "btn-night-next"}  # what every player does stays outside


async def test_the_host_corrects_the_night_and_ends_it(user: User) -> None:
    night = await start_night(user)
    me, name, _emoji = player_of(user)
    first = finish_night_table(night, me, name, seed=3)
    finish_night_table(night, me, name, seed=4)
    (await find(user, f"btn-night-remove-{first}", timeout=4)).click()
    await eventually(lambda: first in night.removed)
    await find(user, f"btn-night-restore-{first}")
    with user:
        with_testid(user, "night-show-computers")[0].set_value(False)
    await eventually(lambda: not night.show_computers)
    (await find(user, "btn-night-end")).click()
    (await find(user, "btn-night-end-confirm")).click()
    await eventually(lambda: night.ended_at is not None)
    await find(user, "night-summary")
    await find(user, "night-winner")
    (await find(user, "btn-night-share")).click()
    text = with_testid(user, "night-share-text")[0].value
    assert "Friday at Ana's" in text and name in text


async def test_the_tv_shows_the_standings(user: User) -> None:
    night = await start_night(user)
    me, name, _emoji = player_of(user)
    finish_night_table(night, me, name, seed=3)
    await user.open(f"/tv/night/{night.code}")
    await find(user, "tv-night")
    await find(user, "tv-night-standing-0")
    await find(user, "tv-night-qr")
    await open_with_status(user, "/tv/night/ZZZZZZ", 404)


async def test_the_join_box_opens_a_night_by_its_code(user: User) -> None:
    night = runtime().hub.nights.create("Quiz", "someone")
    await user.open("/")
    with user:
        with_testid(user, "join-code-input")[0].set_value(night.code.lower())
    (await find(user, "btn-join-code")).click()
    await find(user, "night")
    await user.should_see("Quiz")


async def test_the_standings_image(user: User) -> None:
    night = await start_night(user)
    me, name, _emoji = player_of(user)
    finish_night_table(night, me, name, seed=3)
    answer = await user.http_client.get(f"/share/night/{night.code}.png?lang=ja&download=1")
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/png"
    assert answer.content.startswith(b"\x89PNG") and "attachment" in answer.headers["content-disposition"]
    assert (await user.http_client.get("/share/night/ZZZZZZ.png")).status_code == 404


async def test_home_lists_the_nights_you_are_part_of(user: User) -> None:
    night = await start_night(user)
    other = runtime().hub.nights.create("Someone else's", "someone")
    await user.open("/")
    await find(user, f"resume-night-{night.code}")
    assert not with_testid(user, f"resume-night-{other.code}")
    night.ended_at = 5.0
    await user.open("/")
    assert not with_testid(user, "your-nights")


async def test_a_tables_tv_goes_on_to_the_nights_standings_after_its_match(user: User, monkeypatch) -> None:
    from ui.pages import tv

    monkeypatch.setattr(tv, "FOLLOW_NEXT_AFTER_S", 0.2)
    night = await start_night(user)
    me, name, _emoji = player_of(user)
    code = finish_night_table(night, me, name, seed=3)
    await user.open(f"/tv/{code}")
    await find(user, "tv-night", timeout=4)


async def test_the_host_merges_two_names_on_the_page(create_user: Callable[[], User]) -> None:
    host, phone = create_user(), create_user()
    night = await start_night(host)
    await phone.open(f"/night/{night.code}")
    await find(phone, "night")
    me, name, _emoji = player_of(host)
    other, other_name, _other_emoji = player_of(phone)
    finish_night_table(night, me, name, seed=3)
    finish_night_table(night, other, other_name, seed=4)
    await host.open(f"/night/{night.code}")
    (await find(host, "btn-night-merge")).click()
    with host:
        with_testid(host, "night-merge-from")[0].set_value(other)
        with_testid(host, "night-merge-into")[0].set_value(me)
    (await find(host, "btn-night-merge-go")).click()
    await eventually(lambda: night.merges == {other: me})
    answer = (await host.http_client.get(f"/api/v1/nights/{night.code}?computers=0")).json()
    assert [(s["name"], s["matches"]) for s in answer["standings"]] == [(name, 2)]


async def test_a_table_gone_without_a_result_shows_ended_early(user: User) -> None:
    night = await start_night(user)
    runtime().hub.nights.add_table(night.code, "GONE22", "rummy")  # (closed tables leave the server after 10 min)
    await user.open(f"/night/{night.code}")
    row = await find(user, "night-table-GONE22")
    assert next(iter(row.elements)).props["data-state"] == "closed"
    await user.should_see("Rummy · GONE22 · ended early: not counted")
    answer = (await user.http_client.get(f"/api/v1/nights/{night.code}")).json()
    assert answer["tables"] == [{"code": "GONE22", "game": "rummy", "state": "closed", "round": "", "players": [],
                                 "same_deals": None}]


async def test_a_playing_tables_round_reads_in_the_viewers_language(user: User) -> None:
    """The night's page draws each table's round label ("Hand 1 of 4") in the viewer's language; the JSON keeps it
    in English (the tester contract is language-free)."""
    night = await start_night(user)
    await user.open(f"/new/president?night={night.code}&players=4&bots=3&speed=0&seed=5")
    await find(user, "table")
    code = night.tables[0]
    await user.open(f"/night/{night.code}?lang=de")
    await find(user, f"night-table-{code}")
    await user.should_see("Hand 1 von 4")
    await user.should_not_see("Hand 1 of 4")
    answer = (await user.http_client.get(f"/api/v1/nights/{night.code}")).json()
    assert [t["round"] for t in answer["tables"]] == ["Hand 1 of 4"]


async def test_the_rules_page_says_how_a_night_counts(user: User) -> None:
    """The rules index's help says how a night counts, both scorings and a table ended early, in the viewer's
    language (the night's page says the same)."""
    await user.open("/rules?lang=de")
    await find(user, "table-help")
    await user.should_see("Wertung nach denselben Runden")
    await user.should_see("Tische mit denselben Runden werden Platz für Platz verglichen")
    await user.open("/rules?lang=en")
    await user.should_see("Score by same deals")
    await user.should_see("give nobody night points")


async def test_the_tv_shows_the_nights_end_in_place_of_the_tables_once_ended(user: User) -> None:
    night = await start_night(user)
    me, name, _emoji = player_of(user)
    finish_night_table(night, me, name, seed=3)
    hub = runtime().hub
    waiting = hub.create("president", me, name, "🦊", options={"players": 4}, practice=False)
    hub.nights.add_table(night.code, waiting.code)
    await user.open(f"/tv/night/{night.code}")
    await find(user, f"tv-night-table-{waiting.code}")
    hub.nights.change(night, lambda n: (setattr(n, "ended_at", 5.0), n.touch()))  # as the host's End the night
    await find(user, "night-summary", timeout=4)  # followed by itself
    await eventually(lambda: not with_testid(user, f"tv-night-table-{waiting.code}"), timeout=4)
