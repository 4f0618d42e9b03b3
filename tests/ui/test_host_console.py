"""The host console (NiceGUI `user` tests), problem reports from a table to the console, and bad report codes and
files. The simulated browser here is another device on the network (a forged peer address in the ASGI scope), so
it signs in with the console password (the no-password path of the server's own browser, forwarding headers and
the password switch are tested in test_host_console_access.py and as pure functions in test_host_access.py)."""

from __future__ import annotations

import json

import pytest
from nicegui import app, storage
from nicegui.testing import User

from logic.registry import get_game
from logic.table import Table
from storage.reports import WORDS_LIMIT, ReportStore
from tests.ui.helpers import as_remote_device, eventually, find, open_with_status, with_testid
from tests.ui.stats_helpers import finish_game, player_of
from ui.server.runtime import runtime


@pytest.fixture(autouse=True)
def remote(user: User) -> None:
    as_remote_device(user)


def text_of(user: User, testid: str) -> str:
    with user:
        return " ".join(getattr(e, "text", "") for el in with_testid(user, testid) for e in [el, *el.descendants()])


async def open_console(user: User, path: str = "/host") -> None:
    await user.open(path)
    await find(user, "host-password")
    assert not with_testid(user, "host-console")  # nothing of the console before the password
    password = (runtime().data_dir / "host_password.txt").read_text().strip()
    with user:
        with_testid(user, "host-password")[0].set_value(password)
    (await find(user, "btn-host-login")).click()
    await eventually(lambda: user_has_key(user))
    await user.open(path)


def user_has_key(user: User) -> bool:
    from ui.pages.host import SESSION_KEY

    token = storage.request_contextvar.set(user.client.request)
    try:
        with user:
            return SESSION_KEY in app.storage.user
    finally:
        storage.request_contextvar.reset(token)


async def start_practice(user: User) -> str:
    await user.open("/new/president?players=4&bots=3&seed=11&speed=0")
    await find(user, "table")
    table = next(iter(runtime().hub.registry.tables.values()))
    return table.code


async def open_report_dialog(user: User) -> Table:
    """A practice table with its report dialog open (from the table menu)."""
    table = runtime().hub.registry.get(await start_practice(user))
    await user.open(f"/table/{table.code}")
    (await find(user, "btn-report")).click()
    await find(user, "report-dialog")
    return table


async def test_a_report_from_the_table_menu_is_kept_and_replays_in_the_console(user: User) -> None:
    table = await open_report_dialog(user)
    code = table.code
    (await find(user, "btn-report-send")).click()  # nothing written: refused with a reason, nothing kept
    await user.should_see("Write a few words")
    assert ReportStore(runtime().data_dir).all() == []
    with user:
        box = with_testid(user, "report-text")[0]
        box.set_value("The trick looked odd")
    (await find(user, "btn-report-send")).click()
    await user.should_see("is saved")
    [report] = ReportStore(runtime().data_dir).all()
    assert report.words == "The trick looked odd" and report.code == code and report.seat == table.seat_of(
        next(s.player_id for s in table.seats if not s.bot))
    assert report.log == [tuple(e) for e in table.log] and report.seed == table.seed and report.game == "president"
    assert report.user_agent  # the browser's user agent header

    await open_console(user)
    await find(user, "host-console")
    await find(user, f"host-table-{code}")
    await find(user, f"host-report-{report.id}")
    for testid in ("host-version", "host-uptime", "host-memory", "host-data-size"):
        assert text_of(user, testid).strip()
    (await find(user, f"btn-host-report-open-{report.id}")).click()
    await find(user, "report")
    await user.should_see("The trick looked odd")
    await find(user, "replay")
    with user:
        root = with_testid(user, "replay")[0]
        assert root.props["data-step"] == str(len(report.log))  # opened at the moment of the report
    hands = [s for s in range(4) if with_testid(user, f"still-hand-{s}")]
    assert hands == [report.seat]  # that seat's view only: nobody else's cards


async def test_the_console_ends_a_stale_table_through_the_hub(user: User) -> None:
    code = await start_practice(user)
    await open_console(user)
    (await find(user, f"btn-host-end-{code}")).click()
    (await find(user, "btn-host-end-confirm")).click()
    table = runtime().hub.registry.get(code)
    assert table is not None and table.status == "closed"
    assert runtime().hub.saves.store.load(code)["status"] == "closed"  # saved like any change


async def test_reports_can_be_deleted_from_the_console(user: User) -> None:
    store = ReportStore(runtime().data_dir)
    report = store.add(words="gone soon", code="ABCD23", game="president", options={"players": 4}, seed=1, log=[],
                       seat=0, players=[], user_agent="")
    await open_console(user)
    (await find(user, f"btn-host-report-delete-{report.id}")).click()
    (await find(user, "btn-host-report-delete-confirm")).click()
    assert store.get(report.id) is None


async def test_unknown_or_corrupt_reports_get_a_clear_message(user: User) -> None:
    await open_console(user)
    await open_with_status(user, "/host/report/RNOSUCH22", 404)
    await user.should_see("No report RNOSUCH22")
    store = ReportStore(runtime().data_dir)
    store.dir.mkdir(parents=True, exist_ok=True)
    (store.dir / "RBROKEN22.json").write_text("{not json")
    await open_with_status(user, "/host/report/RBROKEN22", 404)
    await find(user, "error")
    await user.open("/host")  # the console lists the good ones and stays up
    await find(user, "host-no-reports")
    bad = store.add(words="replays wrongly", code="ABCD23", game="president", options={"players": 4}, seed=1,
                    log=[[0, {"kind": "play", "cards": ["ZZ"]}]], seat=0, players=[], user_agent="")
    await open_with_status(user, f"/host/report/{bad.id}", 404)
    await user.should_see("does not replay")


async def test_a_finished_game_offers_a_report_from_the_standings(user: User) -> None:
    await user.open("/profile")
    pid, name, _ = player_of(user)
    code = finish_game("beanie", pid, name)
    await user.open(f"/table/{code}")
    (await find(user, "btn-report-standings")).click()
    with user:
        with_testid(user, "report-text")[0].set_value("Scores at the end")
    (await find(user, "btn-report-send")).click()
    await user.should_see("is saved")
    [report] = ReportStore(runtime().data_dir).all()
    game = get_game("beanie")
    assert len(report.log) == len(runtime().hub.registry.get(code).log) and game.key == report.game


async def test_another_device_without_the_password_sees_nothing_of_the_console(user: User) -> None:
    store = ReportStore(runtime().data_dir)
    report = store.add(words="secret words", code="ABCD23", game="president", options={"players": 4}, seed=1,
                       log=[], seat=0, players=[], user_agent="")
    await user.open(f"/host/report/{report.id}")
    await find(user, "host-password")
    await user.should_not_see("secret words")
    with user:
        with_testid(user, "host-password")[0].set_value("wrong-password-123")
    (await find(user, "btn-host-login")).click()
    await user.should_see("That is not the console password.")
    assert not user_has_key(user)


async def test_a_report_keeps_the_moment_its_dialog_opened_even_if_the_game_goes_on(user: User) -> None:
    table = await open_report_dialog(user)
    moment = len(table.log)
    seat = table.to_move()[0]
    action = table.game.legal_actions(table.state, seat)[0]
    runtime().hub.run(table, lambda t, now: t.act_for(seat, action, now))  # a move while the player writes
    assert len(table.log) > moment
    with user:
        with_testid(user, "report-text")[0].set_value("It changed while I wrote")
    (await find(user, "btn-report-send")).click()
    await user.should_see("is saved")
    [report] = ReportStore(runtime().data_dir).all()
    assert len(report.log) == moment


async def test_a_report_loses_direction_overrides_and_nul_like_names_do(user: User) -> None:
    """Issue 47: the console showed a report's text reversed (U+202E). Cleaned like names and chat, cut first at the
    limit, line breaks kept; an old report file that still holds them is cleaned where the console shows it."""
    await open_report_dialog(user)
    with user:
        with_testid(user, "report-text")[0].set_value("My \u202e7S\x00 vanished\r\n\r\nthen \u2066it came back"
                                                     + "!" * 900_000)
    (await find(user, "btn-report-send")).click()
    await user.should_see("is saved")
    [report] = ReportStore(runtime().data_dir).all()
    assert report.words.startswith("My 7S vanished\n\nthen it came back!!!")
    assert WORDS_LIMIT - 8 <= len(report.words) <= WORDS_LIMIT  # cut at the limit first, then cleaned
    old = report.model_copy(update={"words": "old \u202eword\x00s"})
    (runtime().data_dir / "reports" / f"{report.id}.json").write_text(json.dumps(old.dump()))
    await open_console(user)
    await find(user, f"host-report-{report.id}")
    assert "old words" in text_of(user, f"host-report-{report.id}")
    await user.open(f"/host/report/{report.id}")
    assert text_of(user, "report-words") == "old words"
