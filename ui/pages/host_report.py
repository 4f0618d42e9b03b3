"""``/host/report/<ID>`` (host console only): one problem report, replayed to the moment it was made and drawn as
the reporting seat saw it (that seat's view only), with the next move from there when the table went on."""

from __future__ import annotations

from nicegui import ui

from logic.registry import get_game
from logic.replay import Replay
from logic.text_clean import clean_lines, clean_text
from storage.reports import AGENT_LIMIT, WORDS_LIMIT, Report, ReportStore
from ui.components.options import players_of
from ui.components.stepper import Stepper
from ui.i18n import _
from ui.i18n.names import game_name
from ui.i18n.viewer import date
from ui.pages import ASSETS
from ui.pages.host import allowed, password_form
from ui.pages.replay import REPLAY_CSS, move_lines, not_found_page
from ui.server.runtime import runtime
from ui.shell.frame import frame
from ui.table.still import draw_still_table, preload_faces, seats_from


def later_log(report: Report) -> list[list[object]]:
    """The table's log as it is now (live or finished) when it carries on from the report's, else the report's."""
    mine = [list(e) for e in report.log]
    table = runtime().hub.registry.get(report.code)
    record = runtime().finished.find(report.code) if table is None else None
    saved = table.log if table is not None else list(record.log or []) if record is not None else []
    now = [list(e) for e in saved]
    if len(now) > len(mine) and now[:len(mine)] == mine and (table is None or table.game_key == report.game):
        return now
    return mine


def register() -> None:
    @ui.page("/host/report/{report_id}")
    def report_page(report_id: str) -> None:
        address = ui.context.client.ip
        if not allowed():
            with frame(_("Host console")):
                password_form(address)
            return
        report_id = report_id.strip().upper()[:12]
        report = ReportStore(runtime().data_dir).get(report_id)
        if report is None:
            not_found_page(_("No report {id} — it may have been deleted, or its file is damaged (see the "
                             "server log).", id=report_id), back="/host", back_text=_("Host console"))
            return
        try:
            game = get_game(report.game)
            config = game.make_config(**report.options)
            begun = runtime().hub.starts.get(report.code)  # a table started from a position (play from here)
            start = (lambda: game.restore(begun.snapshot)) if begun is not None else None
            replay = Replay(game, later_log(report), config=config, seed=report.seed, start=start)
        except ValueError as exc:
            not_found_page(_("Report {id} does not replay with this version of Card Night ({error}).", id=report.id,
                             error=str(exc)), back="/host", back_text=_("Host console"))
            return
        seats = seats_from(report.players, players_of(config))
        ui.add_head_html(REPLAY_CSS)
        preload_faces()
        if (ASSETS / f"{game.key}.css").exists():
            ui.add_head_html(f'<link rel="stylesheet" href="/assets/{game.key}.css">')
        moment = len(report.log)
        lines = move_lines(replay, [s.name for s in seats])
        who = seats[report.seat].name if report.seat is not None and report.seat < len(seats) else _("a watcher")
        with frame(_("Report {id}", id=report.id), full_width=True):
            with ui.column().classes("w-full gap-1").props(f"data-testid=report data-moment={moment}"):
                ui.label(_("Report {id} · {game} table {code} · from {name}", id=report.id, game=game_name(game.key),
                           code=report.code, name=who)).classes(
                    "text-lg font-bold")
                ui.label(clean_lines(report.words, WORDS_LIMIT)).classes("cn-report-words").props(
                    "data-testid=report-words")
                agent = clean_text(report.user_agent, AGENT_LIMIT) or _("browser unknown")
                ui.label(_("{when} UTC · Card Night {version} · {agent} · seed {seed}",
                           when=date(report.created_at, with_time=True), version=report.app_version, agent=agent,
                           seed=report.seed)).classes(
                    "text-xs text-grey-8")
                ui.label(_("Next move from there: {move}", move=lines[moment]) if moment < len(lines) else
                         _("Nothing was played after the report.")).classes("font-bold").props(
                    "data-testid=report-next")
                ui.link(_("Back to the host console"), "/host")
            Stepper(lines, lambda step: draw_still_table(game, replay.state_at(step), seats, viewer=report.seat,
                                                         face_up=False),
                    chapters=replay.hand_starts(), start=moment, keys=True)
