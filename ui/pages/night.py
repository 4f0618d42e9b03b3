"""``/night/<CODE>``: a game night's page. The night's code, link and QR code; "Your table is ready" when the next
game has a seat for the viewer; the standings across games; the tables of the night and their state; the matches
played; New table and Next game; the host's corrections; at the night's end its summary and share text.

The page follows the night by itself (a light check every second redraws only the parts whose key changed), so the
tables' states, new matches and the next game's lobbies show without a reload.
"""

from __future__ import annotations

from typing import Any

from nicegui import ui

from logic.night import Night, add_person, remove_match, restore_match, set_scoring, standings
from ui.components.dialog import named_dialog
from ui.components.region import Region
from ui.components.share import copy_script
from ui.guards.table_caps import visitor_address
from ui.i18n import _
from ui.i18n.viewer import viewer_language
from ui.net.lan import base_urls, qr_data_uri
from ui.pages.night_actions import merge_dialog, new_table_dialog, next_game_dialog
from ui.pages.night_data import NIGHT_CODE_RE, NightTable, moments_of, night_tables, ready_table, tables_key
from ui.pages.night_parts import (
    ENDED_EARLY,
    NightView,
    how_points,
    matches_block,
    share_text,
    standings_block,
    summary_block,
    tables_block,
)
from ui.server.duplicate import Duplicates
from ui.server.hub import Hub
from ui.server.runtime import runtime
from ui.shell.frame import frame
from ui.shell.http_status import not_found_page
from ui.shell.identity import Me, me
from ui.table.lobby import copy_link

FOLLOW_SECONDS = 1.0


def night_url(code: str, path: str = "night") -> str:
    rt = runtime()
    return f"{base_urls(rt.port, rt.host)[0]}/{path}/{code}"


class NightPage(NightView):
    def __init__(self, hub: Hub, night: Night, viewer: Me, url: str, address: str | None,
                 duplicates: Duplicates | None = None) -> None:
        super().__init__(hub, night, duplicates)  # (duplicates: also the next game's twins at a same-deals night)
        self.viewer, self.url, self.address = viewer, url, address

    @property
    def host(self) -> bool:
        return self.viewer.player_id == self.night.host_id

    def build(self) -> None:
        ui.add_head_html('<link rel="stylesheet" href="/assets/night.css">')
        night = self.night
        self.root = ui.column().classes("w-full gap-3")
        self.root.props.update({"data-testid": "night", "data-code": night.code})
        with self.root:
            with ui.row().classes("w-full items-baseline gap-3"):
                ui.label(night.name).classes("text-2xl font-bold").props("data-testid=night-name")
                ui.label(_("Game night")).classes("text-grey-8")
            self.regions.append(Region.part(self.ready, lambda: ready_table(night, self.hub.registry,
                                                                            self.viewer.player_id), "night-ready"))
            # the night's end leads the page once the host ends it
            self.regions.append(Region.part(self.summary, lambda: (night.version, night.ended_at is not None,
                                                                   self.held()), "night-summary"))
            with ui.row().classes("w-full gap-3 items-start no-wrap max-sm:flex-wrap"):
                with ui.column().classes("grow night-shrink w-full gap-3"):  # the actions under the standings
                    with ui.card().classes("w-full"):
                        ui.label(_("Standings")).classes("text-lg font-bold")
                        self.regions.append(Region.part(self.standings, lambda: (night.version, self.held()),
                                                        "night-standings"))
                        self.regions.append(Region.part(self.how_points, lambda: night.scoring,
                                                        "night-how-points"))
                    with ui.row().classes("w-full gap-2"):
                        ui.button(_("New table"), icon="add", on_click=lambda: new_table_dialog(night)).props(
                            "color=primary data-testid=btn-night-new-table")
                        ui.button(_("Next game"), icon="groups", on_click=self.next_game).props(
                            "outline color=primary data-testid=btn-night-next")
                self.invite()
            if self.host:  # the host's settings together, apart from what every player does
                with ui.card().classes("w-full gap-1").props("data-testid=night-settings"):
                    ui.label(_("Night settings")).classes("text-lg font-bold")
                    self.host_actions()
            with ui.card().classes("w-full"):
                ui.label(_("Tables")).classes("text-lg font-bold")
                self.regions.append(Region.part(lambda: tables_block(night_tables(night, self.hub.registry),
                                                                     lambda c: ui.navigate.to(f"/table/{c}"),
                                                                     self.same_deals),
                                                lambda: tables_key(night, self.hub.registry), "night-tables"))
            with ui.card().classes("w-full"):
                ui.label(_("Matches played")).classes("text-lg font-bold")
                self.regions.append(Region.part(lambda: matches_block(night, self.host, self.toggle_match,
                                                                      self.held()),
                                                lambda: (night.version, self.held()), "night-matches"))
        self.attributes()
        ui.timer(FOLLOW_SECONDS, self.follow)

    # ----------------------------------------------------------------------------- parts
    def ready(self) -> None:
        code = ready_table(self.night, self.hub.registry, self.viewer.player_id)
        if code is None:
            return
        with ui.row().classes("w-full items-center gap-3 q-pa-sm rounded-borders bg-amber-2 no-wrap").props(
                "data-testid=night-ready role=status"):
            ui.icon("event_seat").classes("text-2xl")
            ui.label(_("Your table is ready")).classes("text-lg font-bold grow")
            ui.button(_("Join"), on_click=lambda: ui.navigate.to(f"/table/{code}")).props(
                f"color=primary data-testid=btn-night-join data-table={code}")

    def standings(self) -> None:
        held = self.held()
        standings_block(standings(self.night, held=held), held=len(held))

    def how_points(self) -> None:
        with ui.column().classes("gap-0").props("data-testid=night-how-points"):
            ui.label(how_points(self.night)).classes("text-xs text-grey-8")
            ui.label(_(ENDED_EARLY)).classes("text-xs text-grey-8")

    def same_deals(self, t: NightTable) -> None:
        """Another table of the night with the same deals as ``t`` (it joins the night by itself)."""
        ui.navigate.to(f"/new/{t.game}?same_deals={t.code}")

    def invite(self) -> None:
        with ui.card().classes("items-center max-sm:w-full").props("data-testid=night-invite"):
            ui.label(_("Night code")).classes("text-sm text-grey-8")
            ui.label(self.night.code).classes("code-box").props("data-testid=night-code")
            qr = ui.element("img").classes("w-32 h-32")
            qr.props.update({"src": qr_data_uri(self.url), "alt": _("QR code for {address}", address=self.url),
                             "data-testid": "night-qr"})
            with ui.row().classes("items-center no-wrap gap-1"):
                ui.input(value=self.url).props("readonly dense outlined data-testid=night-link").props.update(
                    {"aria-label": _("Link to the night")})
                ui.button(icon="content_copy", on_click=lambda: copy_link(self.url)).props(
                    "flat round data-testid=btn-copy-night-link").props.update({"aria-label": _("Copy link")})
            ui.button(_("Show on a TV"), icon="tv",
                      on_click=lambda: ui.navigate.to(f"/tv/night/{self.night.code}", new_tab=True)).props(
                "flat no-caps color=primary data-testid=btn-night-tv")

    def host_actions(self) -> None:
        night = self.night

        def computers(e: Any) -> None:
            def set_show(n: Night) -> None:
                n.show_computers = bool(e.value)
                n.touch()
            self.hub.nights.change(night, set_show)

        ui.switch(_("Computer players in the standings"), value=night.show_computers, on_change=computers).props(
            "data-testid=night-show-computers")

        def corner(e: Any) -> None:
            def set_corner(n: Night) -> None:
                n.tv_corner = bool(e.value)
                n.touch()
            self.hub.nights.change(night, set_corner)

        ui.switch(_("Standings in a corner of the tables' TVs"), value=night.tv_corner, on_change=corner).props(
            "data-testid=night-tv-corner")
        self.regions.append(Region.part(self.scoring_choice, lambda: (night.scoring, bool(night.counted())),
                                        "night-scoring"))
        with ui.row().classes("w-full gap-2 items-center"):
            ui.button(_("Merge two names"), icon="merge", on_click=lambda: merge_dialog(self.hub, night)).props(
                "flat no-caps data-testid=btn-night-merge")
            ui.button(_("End the night"), icon="flag", on_click=self.confirm_end).props(
                "flat no-caps color=negative data-testid=btn-night-end")

    def scoring_choice(self) -> None:
        """The host picks how matches give night points, until the first one counts."""
        night = self.night

        def pick(e: Any) -> None:
            try:
                self.hub.nights.change(night, lambda n: set_scoring(n, str(e.value)))
            except ValueError:
                ui.notify(_("The scoring is chosen before the first match counts."), type="warning", position="top")
            self.follow()

        choice = ui.toggle({"places": _("Score by places"), "duplicate": _("Score by same deals")},
                           value=night.scoring, on_change=pick).props("no-caps dense data-testid=night-scoring")
        if night.counted():
            choice.disable()
            choice.props["data-reason"] = _("The scoring is chosen before the first match counts.")

    def summary(self) -> None:
        night = self.night
        if night.ended_at is None:
            return
        held = self.held()
        rows = standings(night, held=held)
        moments = moments_of(night, held)
        with ui.card().classes("w-full"):
            ui.label(_("The night's end")).classes("text-lg font-bold")
            summary_block(night, rows, moments)
            with ui.row().classes("gap-2"):
                ui.button(_("Share the night"), icon="share", on_click=lambda: self.share(rows, moments)).props(
                    "outline no-caps data-testid=btn-night-share")
                ui.button(_("Standings image"), icon="image", on_click=lambda: ui.download(
                    f"/share/night/{night.code}.png?lang={viewer_language()}&download=1",
                    f"cardnight-night-{night.code}.png")).props("outline no-caps data-testid=btn-night-share-png")
                if self.host:
                    ui.button(_("Go on playing"), icon="undo", on_click=self.reopen).props(
                        "flat no-caps data-testid=btn-night-reopen")

    # ----------------------------------------------------------------------------- actions
    def toggle_match(self, code: str, counted: bool) -> None:
        self.hub.nights.change(self.night, lambda n: restore_match(n, code) if counted else remove_match(n, code))
        self.follow()

    def next_game(self) -> None:
        next_game_dialog(self.hub, self.night, self.viewer, self.address, lambda codes: self.follow(),
                         self.duplicates)

    def confirm_end(self) -> None:
        with named_dialog(_("End the night?")) as dialog, ui.card().props("data-testid=night-end-dialog"):
            ui.label(_("End the night?")).classes("text-lg font-bold")
            ui.label(_("The standings stay as they are and the night's summary shows. You can go on playing "
                       "later."))
            with ui.row().classes("justify-end w-full"):
                ui.button(_("Cancel"), on_click=dialog.close).props("flat")

                def end() -> None:
                    def ended(n: Night) -> None:
                        n.ended_at = self.hub.wall()
                        n.touch()
                    self.hub.nights.change(self.night, ended)
                    dialog.close()
                    self.follow()

                ui.button(_("End the night"), on_click=end).props("color=negative data-testid=btn-night-end-confirm")
        dialog.open()

    def reopen(self) -> None:
        def reopened(n: Night) -> None:
            n.ended_at = None
            n.touch()
        self.hub.nights.change(self.night, reopened)
        self.follow()

    def share(self, rows: Any, moments: Any) -> None:
        with named_dialog(_("Share the night")) as dialog, ui.card().classes("w-96 max-w-full").props(
                "data-testid=night-share-dialog"):
            ui.label(_("Share the night")).classes("text-lg font-bold")
            area = ui.textarea(value=share_text(self.night, rows, moments)).props(
                "readonly outlined autogrow data-testid=night-share-text").classes("w-full font-mono text-sm")
            status = ui.label("").classes("text-sm text-grey-8").props("data-testid=share-status")
            with ui.row().classes("w-full justify-end gap-2"):
                ui.button(_("Close"), on_click=dialog.close).props("flat")
                ui.button(_("Copy / share"), icon="content_copy").props(
                    "color=primary data-testid=btn-share-copy").on(
                    "click", js_handler=copy_script(f"c{area.id}", f"c{status.id}"))
        dialog.open()


def register() -> None:
    @ui.page("/night/{code}")
    def night_page(code: str) -> None:
        hub = runtime().hub
        clean = (code or "").strip().upper()[:12]
        night = hub.nights.get(clean) if NIGHT_CODE_RE.match(clean) else None
        if night is None:
            not_found_page(_("Game night not found"),
                           _("No game night with code {code} — check the code or ask the host for the link.",
                             code=clean or "?"), _("Back to home"))
            return
        viewer = me()
        hub.nights.change(night, lambda n: add_person(n, viewer.player_id, viewer.name, viewer.emoji))
        with frame(night.name):
            NightPage(hub, night, viewer, night_url(night.code), visitor_address(), runtime().duplicates()).build()
