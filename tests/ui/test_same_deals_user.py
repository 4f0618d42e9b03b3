"""Duplicate deals in the pages (NiceGUI ``user`` tests): ``/new/<game>?same_deals=<CODE>``, its refusals, the
comparison panel once both tables finished a deal and never before, and nothing of the other table's play for a
person still playing the same deals (no table page, replay, TV, scores or scorecard image)."""

from __future__ import annotations

from collections.abc import Callable

from nicegui.testing import User

from logic.table import Table
from tests.ui.helpers import eventually, find, open_with_status, table_attr, with_testid
from tests.ui.stats_helpers import finish_game, play_with_computers, player_of
from ui.pages.replay import replay_of
from ui.server.duplicate import Duplicates
from ui.server.runtime import runtime

SEED = 987_654_321  # a number no page would show by chance


def play_to(table: Table, stop: Callable[[Table], bool]) -> None:
    """Every seat moved by the easiest computer, straight on the table, until ``stop``; then saved as after a move
    (the person's seat is theirs again, so nothing moves on by itself)."""
    play_with_computers(table, stop)
    runtime().hub.changed(table)


def hand_over(table: Table) -> bool:
    return table.phase() == "hand-over"


def page_text(user: User) -> str:
    """Every text and attribute value on the user's page, in one string."""
    with user:
        parts = []
        for el in user.current_layout.descendants():
            parts.append(str(getattr(el, "text", "")))
            parts.extend(str(v) for v in el.props.values())
        return " ".join(parts)


def same_deals() -> Duplicates:
    return runtime().duplicates()


async def new_rummy_source(user: User) -> Table:
    await user.open("/profile")
    pid, name, emoji = player_of(user)
    table = runtime().hub.create("rummy", pid, name, emoji, options={"players": 2, "target": 100, "first_draw": False},
                                 practice=True, level="easy", speed=0, seed=SEED)
    return table


async def test_a_challenge_link_plays_the_same_deals_against_the_same_computers(
        create_user: Callable[[], User]) -> None:
    me, friend = create_user(), create_user()
    await me.open("/profile")
    pid, name, _ = player_of(me)
    code = finish_game("beanie", pid, name, seed=SEED, options={"players": 3, "rounds": 2})
    source = runtime().hub.registry.get(code)
    assert source is not None
    await me.open(f"/table/{code}")
    (await find(me, "btn-challenge")).click()
    link = str((await find(me, "challenge-link")).elements.pop().value)
    assert link.endswith(f"/new/beanie?same_deals={code}") and str(SEED) not in link

    await friend.open(f"/new/beanie?same_deals={code}&speed=0")
    await table_attr(friend, "data-phase", "play")
    fid, _, _ = player_of(friend)
    dup = runtime().hub.registry.tables_of(fid).pop()
    assert dup.code != code and dup.same_deals_as == code and dup.seed == SEED and dup.options == source.options
    assert dup.seat_of(fid) == source.seat_of(pid)  # the seat the challenger had
    assert [(s.bot, s.name) for s in dup.seats if s.bot] == [(s.bot, s.name) for s in source.seats if s.bot]
    assert str(SEED) not in page_text(friend)
    await find(friend, "table")
    await me.open(f"/new/beanie?same_deals={code}")  # the challenger knows these deals: told first
    await find(me, "same-deals-seen-confirm")
    assert len(runtime().hub.registry.tables_of(pid)) == 1
    await me.open(f"/new/beanie?same_deals={code}&seen=1")  # "Play them anyway"
    await table_attr(me, "data-status", "playing")
    assert len(runtime().hub.registry.tables_of(pid)) == 2
    mine = next(t for t in runtime().hub.registry.tables_of(pid) if t.code != code)
    assert mine.settings.bot_delay == source.settings.bot_delay  # the source's pace when the link names none


async def test_bad_same_deals_links_are_refused(create_user: Callable[[], User]) -> None:
    me, stranger = create_user(), create_user()
    await open_with_status(me, "/new/rummy?same_deals=NOSUCH", 404)
    await find(me, "error")
    source = await new_rummy_source(me)
    await open_with_status(me, f"/new/president?same_deals={source.code}", 400)  # another game's deals
    await open_with_status(me, f"/new/rummy?same_deals={source.code}&target=500", 400)  # its rules are the source's
    await open_with_status(me, f"/new/rummy?same_deals={source.code}&speed=99", 400)
    await open_with_status(stranger, f"/new/rummy?same_deals={source.code}", 404)  # a practice table of another


async def test_the_comparison_shows_once_both_tables_finished_a_deal_and_never_before(
        create_user: Callable[[], User]) -> None:
    first, second = create_user(), create_user()
    source = await new_rummy_source(first)
    await second.open("/profile")
    sid, sname, semoji = player_of(second)
    dup = same_deals().start(same_deals().source_of_table(source), sid, sname, semoji, speed=0)
    assert dup.same_deals_as == source.code and same_deals().members(source.code) == [source.code, dup.code]

    play_to(source, hand_over)
    await first.open(f"/table/{source.code}")
    await table_attr(first, "data-phase", "hand-over")
    panel = (await find(first, "same-deals")).elements.pop()
    assert panel.props.get("data-other") == dup.code and panel.props.get("data-waiting") == "true"
    assert with_testid(first, "same-deals-waiting")
    assert not with_testid(first, "same-deals-deal")  # the other table is still playing deal 1: nothing of it

    play_to(dup, hand_over)
    # the first table's page finds it by itself (it looks every 2 s)
    await eventually(lambda: bool(with_testid(first, "same-deals-deal")), timeout=5)
    theirs = same_deals().results_of(dup.code)
    mine = same_deals().results_of(source.code)
    assert theirs and mine and len(theirs) == len(mine) == 1
    for seat in range(2):
        row = with_testid(first, f"same-deals-row-{seat}")
        assert row, seat
        better = (mine[0].points[seat] > theirs[0].points[seat]) - (mine[0].points[seat] < theirs[0].points[seat])
        assert str(row[0].props.get("data-better")) == str(better)
    await second.open(f"/table/{dup.code}")
    await find(second, "same-deals-deal")
    assert str(SEED) not in page_text(second) and str(SEED) not in page_text(first)


async def test_nothing_of_the_other_tables_play_reaches_a_player_of_the_same_deals(
        create_user: Callable[[], User]) -> None:
    first, second = create_user(), create_user()
    source = await new_rummy_source(first)
    await second.open("/profile")
    sid, sname, semoji = player_of(second)
    dup = same_deals().start(same_deals().source_of_table(source), sid, sname, semoji, speed=0)
    play_to(source, lambda t: False)  # the first table plays its whole match
    assert source.status == "over"
    code = source.code
    for path in (f"/table/{code}", f"/replay/{code}", f"/tv/{code}", f"/stats/game/{code}"):
        await second.open(path)
        await find(second, "same-deals-held-back")
        assert not with_testid(second, "still-hand-0") and not with_testid(second, "standings")
    response = await second.http_client.get(f"/share/{code}.png")
    assert response.status_code == 404
    # a watcher who is not at the duplicate sees the finished table as always; a TV waits (a room sees it)
    await first.open(f"/replay/{code}")
    await find(first, "replay")
    await first.open(f"/tv/{code}")
    await find(first, "same-deals-held-back")

    play_to(dup, lambda t: False)  # the second table is over too: now it may look
    assert dup.status == "over"
    await second.open(f"/replay/{code}")
    await find(second, "replay")
    assert (await second.http_client.get(f"/share/{code}.png")).status_code == 200
    await first.open(f"/tv/{code}")
    await find(first, "tv")
    # both over: their play side by side
    (await find(second, f"btn-replay-beside-{dup.code}")).click()
    await find(second, "replay-beside")
    halves = [with_testid(second, f"replay-half-{i}")[0].props.get("data-code") for i in (0, 1)]
    assert halves == [code, dup.code]
    await find(second, "replay-other")
    await second.open(f"/replay/{code}?beside={dup.code}&deal=2")  # both open at the start of the second deal
    await find(second, "replay-beside")
    for testid, which in (("replay", code), ("replay-other", dup.code)):
        record = runtime().finished.find(which)
        assert record is not None
        replay = replay_of(record)
        assert replay is not None and len(replay.hand_starts()) >= 2
        assert with_testid(second, testid)[0].props.get("data-step") == str(replay.hand_starts()[1][0])
    (await find(second, "btn-beside-next")).click()  # one move on at both tables
    for testid, which in (("replay", code), ("replay-other", dup.code)):
        record = runtime().finished.find(which)
        assert record is not None
        replay = replay_of(record)
        assert replay is not None
        assert with_testid(second, testid)[0].props.get("data-step") == str(replay.hand_starts()[1][0] + 1)
    await open_with_status(second, f"/replay/{code}?beside=NOSUCH", 404)


async def test_someone_who_watched_the_source_is_told_before_taking_a_seat(create_user: Callable[[], User]) -> None:
    first, watcher, host = create_user(), create_user(), create_user()
    source = await new_rummy_source(first)
    source.settings.public = True  # a friends' table anyone may watch
    await watcher.open(f"/table/{source.code}")
    await table_attr(watcher, "data-watching", "true")
    await host.open("/profile")
    hid, hname, hemoji = player_of(host)
    dup = same_deals().start(same_deals().source_of_table(source), hid, hname, hemoji, practice=False)
    assert dup.status == "lobby" and dup.seed == source.seed
    await watcher.open(f"/table/{dup.code}")
    await find(watcher, "same-deals-of")
    await find(watcher, "same-deals-seen")
    await host.open(f"/table/{dup.code}")
    await find(host, "same-deals-of")
    assert not with_testid(host, "same-deals-seen")
    # the host keeps the first table's rules (the settings of the table stay theirs)
    await find(host, "opt-players")
    assert not with_testid(host, "opt-players")[0].enabled and not with_testid(host, "opt-target")[0].enabled
    assert with_testid(host, "opt-turn-timer")[0].enabled
    assert not with_testid(host, "rule-card-select")[0].enabled  # no rule card either: the rules are the source's
    assert not with_testid(host, "btn-rule-card-import")[0].enabled
    assert with_testid(host, "btn-rule-card-save")[0].enabled  # keeping them as a card of one's own is fine


async def test_a_finished_game_gone_from_the_tables_is_a_source_and_its_duplicate_keeps_the_group(
        create_user: Callable[[], User]) -> None:
    me, friend = create_user(), create_user()
    await me.open("/profile")
    pid, name, _ = player_of(me)
    code = finish_game("beanie", pid, name, seed=SEED, options={"players": 3, "rounds": 2})
    runtime().hub.remove(code)  # only its archived record is left
    record = runtime().finished.find(code)
    assert record is not None and record.seed == SEED and record.same_deals_as is None
    await friend.open(f"/new/beanie?same_deals={code}&speed=0")
    await table_attr(friend, "data-phase", "play")
    fid, _, _ = player_of(friend)
    dup = runtime().hub.registry.tables_of(fid).pop()
    assert dup.seed == SEED and dup.same_deals_as == code and dup.options == record.options
    assert [s.bot for s in dup.seats] == [p.bot for p in record.players]
    play_to(dup, lambda t: False)
    assert dup.status == "over"
    archived = runtime().finished.find(dup.code)
    assert archived is not None and archived.same_deals_as == code  # the group outlives the live tables
    assert same_deals().finished_partners(code) == [dup.code]
    await open_with_status(friend, f"/new/rummy?same_deals={code}", 400)  # a Beanie game's deals
