"""``/tv/night/<CODE>``: a game night on a screen across the room, between games: the night's name and code (with a
QR code to open the night's page), the standings in big type (every word at least 28 px at 1080p), the tables being
played now and, once the host ends the night, its winner and best moments. Nothing to click; it follows the night
by itself."""

from __future__ import annotations

from nicegui import ui

from logic.night import Night, standings
from logic.table import STATUS_LOBBY, STATUS_PLAYING
from ui.components.region import Region
from ui.i18n import _
from ui.i18n.names import game_name
from ui.net.lan import qr_data_uri
from ui.pages.night import FOLLOW_SECONDS, night_url
from ui.pages.night_data import NIGHT_CODE_RE, moments_of, night_tables, tables_key
from ui.pages.night_parts import STATE_TEXT, NightView, standings_block, summary_block
from ui.server.duplicate import Duplicates
from ui.server.hub import Hub
from ui.server.runtime import runtime
from ui.shell.frame import frame
from ui.shell.http_status import NOT_FOUND, answer
from ui.table.seat_wording import in_language

TV_MOMENTS = 5  # the best moments of the first five players: what fits beside the standings


class NightTv(NightView):
    def __init__(self, hub: Hub, night: Night, url: str, duplicates: Duplicates | None = None) -> None:
        super().__init__(hub, night, duplicates)
        self.url = url

    def build(self) -> None:
        night = self.night
        ui.add_head_html('<link rel="stylesheet" href="/assets/night.css">')
        ui.query("body").classes("cn-night-tv-body")
        self.root = ui.element("div").classes("cn-night-tv")
        self.root.props.update({"data-testid": "tv-night", "data-code": night.code})
        with self.root:
            with ui.element("div").classes("ntv-top"):
                with ui.column().classes("gap-0"):
                    ui.label(night.name).classes("ntv-title").props("data-testid=tv-night-name")
                    ui.label(_("Game night · code {code}", code=night.code)).classes("ntv-small").props(
                        "data-testid=tv-night-code")
                qr = ui.element("img").classes("ntv-qr")
                qr.props.update({"src": qr_data_uri(self.url), "alt": _("QR code for {address}", address=self.url),
                                 "data-testid": "tv-night-qr"})
            with ui.element("div").classes("ntv-main"):
                with ui.element("div").classes("ntv-standings"):
                    self.regions.append(Region.part(
                        lambda: standings_block(standings(night, held=self.held()), "tv-night-standings",
                                               len(self.held())),
                        lambda: (night.version, self.held()), "tv-night-standings"))
                with ui.element("div").classes("ntv-tables"):
                    # the night's end beside the standings, once the host ended it
                    self.regions.append(Region.part(self.summary, lambda: (night.version, night.ended_at is not None,
                                                                           self.held()), "tv-night-summary"))
                    self.regions.append(Region.part(  # (the night's end takes the tables' place)
                        self.tables, lambda: (tables_key(night, self.hub.registry), night.ended_at is not None),
                        "tv-night-tables"))
        self.attributes()
        ui.timer(FOLLOW_SECONDS, self.follow)

    def summary(self) -> None:
        if self.night.ended_at is not None:
            held = self.held()
            summary_block(self.night, standings(self.night, held=held), moments_of(self.night, held), most=TV_MOMENTS)

    def tables(self) -> None:
        rows = [t for t in night_tables(self.night, self.hub.registry) if t.state in (STATUS_LOBBY, STATUS_PLAYING)]
        with ui.column().classes("gap-2").props("data-testid=tv-night-tables"):
            if self.night.ended_at is not None:  # the night's end takes the place of what is played
                return
            ui.label(_("Playing now")).classes("ntv-head")
            if not rows:
                ui.label(_("Between games")).classes("ntv-small")
            for t in rows:
                with ui.column().classes("gap-0 ntv-table").props(f"data-testid=tv-night-table-{t.code}") as box:
                    box.props["data-state"] = t.state
                    ui.label(f"{game_name(t.game)} · {_(STATE_TEXT[t.state])}").classes("ntv-text")
                    if t.round_label:
                        ui.label(in_language(t.round_label)).classes("ntv-small")
                    ui.label(", ".join(t.people)).classes("ntv-small")


def register() -> None:
    @ui.page("/tv/night/{code}", title="Card Night TV")
    def night_tv(code: str) -> None:
        hub = runtime().hub
        clean = (code or "").strip().upper()[:12]
        night = hub.nights.get(clean) if NIGHT_CODE_RE.match(clean) else None
        with frame(night.name if night else _("Game night not found"), full_width=True, header=False):
            if night is None:
                answer(NOT_FOUND)
                ui.label(_("No game night with code {code} — check the code or ask the host for the link.",
                           code=clean or "?")).classes("text-lg").props("data-testid=error")
                return
            NightTv(hub, night, night_url(night.code), runtime().duplicates()).build()
