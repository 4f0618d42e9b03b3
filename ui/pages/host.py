"""``/host``: the console for whoever runs the server. Live tables (end a stale one), recent finished games, the
problem reports, the app's version, uptime, memory and data size, and a backup of the whole data directory.

Open without a password to the server's own browser asking directly (a loopback peer, no forwarding header); to
any other browser only with the console password (printed at start, kept in ``<data-dir>/host_password.txt``).
See ui/pages/host_access.py for the decision.
"""

from __future__ import annotations

import asyncio
import secrets
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from fastapi import Request
from fastapi.responses import FileResponse, PlainTextResponse, Response
from nicegui import app, run, ui
from starlette.background import BackgroundTask

from logic.text_clean import clean_text
from storage.archive import MainStore
from storage.backup import dir_size, make_backup, remove_stale_staging
from storage.health import HEALTH
from storage.host_password import load_or_create_host_password
from storage.reports import ReportStore, app_version
from ui.i18n import N_, _, tr
from ui.i18n.names import game_name
from ui.pages.host_access import key_of, password_matches, record_failure, request_is_local, wait_before_check
from ui.pages.host_tables import ago, live_tables, uptime
from ui.pages.night_host import host_nights
from ui.server.runtime import runtime
from ui.shell.frame import frame
from ui.shell.identity import user_store

STARTED = time.time()
TOKEN_SECONDS = 300.0
SESSION_KEY = "host_console"
RESTORE_TEXT = N_("To restore a backup: stop Card Night, unzip the file into an empty folder (for example "
                "`unzip cardnight-backup.zip -d data-restored`) and start it again with `--data-dir` pointing at "
                "that folder (`./start.sh --data-dir data-restored`). Live tables, finished games, profiles, "
                "reports and the passwords all come back as they were when the backup was taken.")


def host_password() -> str:
    return load_or_create_host_password(runtime().data_dir)


def page_is_local() -> bool:
    """The browser of the page being drawn (or whose event is handled) is on the server's own machine."""
    request = ui.context.client.request
    return request_is_local(ui.context.client.ip, request.headers if request is not None else None,
                            password_always=runtime().console_password_always)


def allowed() -> bool:
    """This page's browser may use the console: it is on the server's machine, or it gave the password."""
    return page_is_local() or user_store().get(SESSION_KEY) == key_of(host_password())


def size_text(size: int) -> str:
    return _("{mb} MB", mb=round(size / 1e6, 1)) if size >= 1e6 else _("{kb} KB", kb=round(size / 1e3))


def rss_mb() -> float | None:
    """The server's resident memory in MB (Linux), or None."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def register() -> None:
    @ui.page("/host")
    async def host_page(tables: str = "1") -> None:
        address = ui.context.client.ip
        with frame(_("Host console")):
            if allowed():
                await console(int(tables) if tables.isdigit() and len(tables) < 6 else 1)
            else:
                password_form(address)

    @app.get("/host/backup.zip")
    def backup(request: Request, token: str = "") -> Response:  # a plain def: FastAPI runs it in a worker thread
        address = request.client.host if request.client is not None else ""
        expiry = runtime().backup_tokens.pop(token, 0.0) if token else 0.0
        local = request_is_local(address, request.headers, password_always=runtime().console_password_always)
        if not (local or expiry > time.time()):
            return PlainTextResponse("Open the host console and press Back up there.",
                    status_code=403)  # (no page: English)
        rt = runtime()
        out_dir = Path(tempfile.mkdtemp(prefix="cardnight-backup-"))
        name = f"cardnight-backup-{datetime.now(UTC):%Y%m%d-%H%M%S}.zip"
        with runtime().backup_lock:
            remove_stale_staging(rt.data_dir)  # left by a server killed in the middle of a backup
            make_backup(rt.data_dir, out_dir / name, rt.hub.saves.writer.hold())
        return FileResponse(out_dir / name, filename=name, media_type="application/zip",
                            background=BackgroundTask(_remove_dir, out_dir))


def _remove_dir(path: Path) -> None:
    import shutil

    shutil.rmtree(path, ignore_errors=True)


def password_form(address: str) -> None:
    ui.label(_("Host console")).classes("text-xl font-bold")
    ui.label(_("This page is for whoever runs Card Night. In a browser on the machine the server runs on it opens "
               "by itself (not through a proxy); here, type the console password the server printed when it started "
               "(it is also in host_password.txt in the data folder).")).classes("max-w-xl")
    box = ui.input(_("Console password"), password=True).props(
        "outlined autocomplete=current-password data-testid=host-password").classes("w-80")
    status = ui.label("").classes("text-negative").props("data-testid=host-status")

    async def check() -> None:
        wait = wait_before_check(runtime().host_fails, address, time.monotonic())
        button.disable()
        try:
            if wait:
                status.set_text(_("Checking… (wrong passwords from this device wait {s} s)", s=round(wait)))
                await asyncio.sleep(wait)
            if password_matches(box.value or "", host_password()):
                user_store()[SESSION_KEY] = key_of(host_password())
                ui.navigate.reload()
                return
            record_failure(runtime().host_fails, address, time.monotonic())
            status.set_text(_("That is not the console password."))
        finally:
            button.enable()

    box.on("keydown.enter", check)
    button = ui.button(_("Open the console"), on_click=check).props("color=primary data-testid=btn-host-login")


async def console(tables_page: int = 1) -> None:
    hub, rt = runtime().hub, runtime()
    size = await run.io_bound(dir_size, rt.data_dir)
    ui.label(_("Host console")).classes("text-xl font-bold").props("data-testid=host-console")
    with ui.row().classes("gap-6 items-center").props("data-testid=host-facts"):
        rss = rss_mb()
        for label, value, testid in ((_("version"), app_version(), "host-version"),
                                     (_("up"), uptime(time.time() - STARTED), "host-uptime"),
                                     (_("memory"), _("{mb} MB", mb=round(rss)) if rss is not None else "?",
                                      "host-memory"),
                                     (_("data folder"), size_text(size) if size is not None else "?",
                                      "host-data-size")):
            with ui.column().classes("gap-0"):
                ui.label(value).classes("text-lg font-bold").props(f"data-testid={testid}")
                ui.label(label).classes("text-xs text-grey-8")
    data_folder_panel()
    live_tables(hub, tables_page)
    host_nights(hub.nights)  # game nights (ui/pages/night_host.py)
    finished_games(hub.main)
    reports_list()
    backup_panel()


def data_folder_panel() -> None:
    """Saving that fails now (with the tables waiting to be written), and what happened to the data folder since
    the server started: tables brought back from their previous copy, a damaged secret kept aside."""
    if HEALTH.failing:
        with ui.column().classes("w-full gap-1 q-pa-sm rounded-borders bg-orange-1").props(
                "data-testid=host-save-failing"):
            ui.label(tr(HEALTH.failing_notice)).classes("font-bold")
            since = HEALTH.since
            waiting = HEALTH.waiting_tables()
            ui.label(_("Since {when}; saving is tried again every few seconds. Tables waiting to be written: "
                       "{tables} (they play on meanwhile). New tables are refused until saving works.",
                       when=ago(time.monotonic() - since) if since is not None else _("just now"),
                       tables=", ".join(waiting) or _("none"))).classes("text-sm")
    if not HEALTH.notices:
        return
    ui.label(_("Data folder")).classes("text-lg font-bold q-mt-md")
    with ui.column().classes("w-full gap-1").props("data-testid=host-notices"):
        for notice in HEALTH.notices:
            testid = f"host-restored-{notice.subject}" if notice.kind == "restored" else f"host-notice-{notice.kind}"
            with ui.row().classes("w-full items-center gap-2 q-pa-xs rounded-borders bg-grey-2 no-wrap").props(
                    f"data-testid={testid}"):
                ui.icon("restore" if notice.kind == "restored" else "key").classes("text-lg")
                ui.label(notice.text).classes("text-sm")


def finished_games(main: MainStore) -> None:
    ui.label(_("Recent finished games")).classes("text-lg font-bold q-mt-md")
    games = main.finished_games()[:15]
    if not games:
        ui.label(_("None yet.")).classes("text-grey-8")
        return
    with ui.column().classes("w-full gap-1").props("data-testid=host-finished"):
        for g in games:
            code = g.code
            with ui.row().classes("w-full items-center gap-3 q-pa-xs rounded-borders bg-grey-2"):
                ui.label(g.finished_at.strftime("%Y-%m-%d %H:%M")).classes("text-xs text-grey-8")
                ui.label(code).classes("font-mono")
                ui.label(game_name(g.game)).classes("font-bold")
                ui.label(", ".join(p.name for p in g.players)).classes("grow text-sm")
                ui.link(_("Replay"), f"/replay/{code}").props(f"data-testid=host-replay-{code}").classes(
                    "q-ml-auto")  # the links at the row's end on a phone too, where the names push them down
                ui.link(_("Scores"), f"/stats/game/{code}")


def reports_list() -> None:
    ui.label(_("Problem reports")).classes("text-lg font-bold q-mt-md")
    found = ReportStore(runtime().data_dir).all()
    if not found:
        ui.label(_("No reports.")).classes("text-grey-8").props("data-testid=host-no-reports")
        return
    with ui.column().classes("w-full gap-1").props("data-testid=host-reports"):
        for r in found[:100]:
            who = r.players[r.seat].get("name") if r.seat is not None and r.seat < len(r.players) else _("a watcher")
            with ui.row().classes("w-full items-center gap-3 q-pa-xs rounded-borders bg-grey-2 no-wrap").props(
                    f"data-testid=host-report-{r.id}"):
                ui.label(f"{r.created_at:%d %b %H:%M}").classes("text-xs text-grey-8")
                ui.label(f"{game_name(r.game)} {r.code} · {who}").classes("text-sm font-bold")
                ui.label(clean_text(r.words[:160], 160)).classes("grow text-sm ellipsis")
                ui.button(_("Open"), on_click=lambda r=r: ui.navigate.to(f"/host/report/{r.id}")).props(
                    f"outline dense data-testid=btn-host-report-open-{r.id}")
                ui.button(icon="delete", on_click=lambda r=r: confirm_delete(r.id)).props(
                    f"flat dense round color=negative data-testid=btn-host-report-delete-{r.id}").props.update(
                    {"aria-label": _("Delete")})


def confirm_delete(report_id: str) -> None:
    with ui.dialog() as dialog, ui.card():
        ui.label(_("Delete report {id}? It cannot be brought back.", id=report_id))

        def delete() -> None:
            ReportStore(runtime().data_dir).delete(report_id)
            dialog.close()
            ui.navigate.reload()

        with ui.row().classes("justify-end w-full"):
            ui.button(_("Keep it"), on_click=dialog.close).props("flat")
            ui.button(_("Delete"), on_click=delete).props("color=negative data-testid=btn-host-report-delete-confirm")
    dialog.open()


def backup_panel() -> None:
    ui.label(_("Back up")).classes("text-lg font-bold q-mt-md")
    ui.label(_("One .zip of the whole data folder, taken safely while tables are being played.")).classes("text-sm")

    def download() -> None:
        if page_is_local():
            ui.download.from_url("/host/backup.zip")
            return
        token = secrets.token_urlsafe(24)
        now = time.time()
        tokens = runtime().backup_tokens
        for old, expiry in list(tokens.items()):
            if expiry < now:
                del tokens[old]
        tokens[token] = now + TOKEN_SECONDS
        ui.download.from_url(f"/host/backup.zip?token={token}")

    ui.button(_("Back up now"), icon="download", on_click=download).props("color=primary data-testid=btn-backup")
    ui.markdown(_(RESTORE_TEXT)).classes("text-sm max-w-2xl").props("data-testid=restore-help")
