"""The lobby's rule cards, beside the options: the host plays by a card (shipped ones first, then their own), saves
the table's rules under a name, shares a card as a link and QR code, and exports or imports a card as a small JSON
file. Everyone sees "At this table" (ui/table/at_this_table.py) above it."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from nicegui import events, ui

from logic.messages import verbatim
from logic.rule_cards import (
    FILE_MAX_BYTES,
    CardError,
    RuleCard,
    card_to_json,
    clean_name,
    differing,
    parse_card_file,
    shipped_cards,
    standard_options,
)
from logic.table.lobby import require_host_lobby, require_own_deals, validate_options
from storage.rule_cards import CardLimit
from ui.components.dialog import named_dialog
from ui.components.region import Region
from ui.i18n.names import game_name
from ui.i18n.viewer import _, tr
from ui.net.lan import qr_data_uri
from ui.table.at_this_table import at_this_table, differences_key
from ui.table.rule_card_links import card_options

if TYPE_CHECKING:
    from logic.table import Table
    from ui.server.services import TableServices
    from ui.table.context import TableContext

STANDARD = "standard"  # the picker's value for the game's standard rules
CUSTOM = "custom"  # the table's rules match no card


def apply_options(t: Table, by: str, options: dict[str, Any]) -> None:
    """Set the rule options at once (one check of the whole set: one by one, a switch that needs another could be
    refused halfway)."""
    require_host_lobby(t, by)
    require_own_deals(t)
    validate_options(t, {**t.options, **options})
    t.options.update(options)
    t.touch()


def at_this_table_part(ctx: TableContext) -> None:
    """Called by the lobby, near its top: "At this table", for everyone (redrawn when the host changes an option)."""
    t = ctx.table
    Region.part(lambda: at_this_table(t, classes="w-full max-w-xl self-center bg-white text-black rounded q-pa-sm"),
                lambda: differences_key(t), "lobby-at-this-table")


def rule_card_part(ctx: TableContext, services: TableServices) -> None:
    """Called by the lobby, at the top of the options card: the host's rule cards."""
    t = ctx.table
    picker = RuleCardPicker(ctx, services)
    picker.region = Region.part(picker.draw, lambda: (ctx.is_host, differences_key(t), picker.version),
                                "lobby-rule-cards")


class RuleCardPicker:
    def __init__(self, ctx: TableContext, services: TableServices) -> None:
        self.ctx = ctx
        self.services = services
        self.version = 0  # bumped after a save or import: the list of cards changed
        self.region: Region | None = None

    def redraw(self) -> None:
        self.version += 1
        if self.region is not None:
            self.region.update()

    @property
    def table(self) -> Table:
        return self.ctx.table

    def cards(self) -> list[tuple[RuleCard, bool]]:
        """(card, is it the viewer's own) for this game: shipped first, then the viewer's."""
        game = self.table.game_key
        mine = self.services.rule_cards().mine(self.ctx.me.player_id, game)
        return [(c, False) for c in shipped_cards(game)] + [(c, True) for c in mine]

    def current(self, cards: list[tuple[RuleCard, bool]]) -> str:
        t = self.table
        model, defaults = t.game.config_model, t.game.table_defaults
        now = differing(model, t.options, defaults)
        if not now:
            return STANDARD
        for card, _mine in cards:
            if differing(model, card_options(t.game, card), defaults) == now:
                return card.id
        return CUSTOM

    def draw(self) -> None:
        if not self.ctx.is_host:
            return
        cards = self.cards()
        by_id = {c.id: c for c, _m in cards}
        mine_ids = {c.id for c, mine in cards if mine}
        choices = {STANDARD: _("Standard rules")}
        for card, mine in cards:
            choices[card.id] = _("{name} (yours)", name=tr(card.name)) if mine else tr(card.name)
        current = self.current(cards)
        if current == CUSTOM:
            choices[CUSTOM] = _("Your own choice of options")
        with ui.column().classes("w-full gap-2").props("data-testid=rule-cards"):  # at the top of the options card
            ui.label(_("Rule cards")).classes("text-lg font-bold")
            sel = ui.select(choices, value=current, label=_("Play by")).classes("w-full").props(
                f"data-testid=rule-card-select data-card={current}")
            sel.on_value_change(lambda e: self.choose(str(e.value), by_id))
            tied = self.table.same_deals_as is not None or self.table.deals_taken  # its rules stay as they are
            if tied:
                sel.disable()
                sel.tooltip(_("This table plays the same deals as another one, so its rules stay as they are."))
            picked = by_id.get(current)
            if picked is not None and picked.where is not None:
                ui.label(tr(picked.where)).classes("text-sm text-grey-8").props("data-testid=rule-card-where")
            with ui.row().classes("items-center gap-2 w-full no-wrap"):
                name = ui.input(_("Name for these rules")).props(
                    "dense outlined maxlength=60 data-testid=rule-card-name").classes("grow")
                ui.button(_("Save"), icon="bookmark_add", on_click=lambda: self.save(name.value or "")).props(
                    "outline no-caps data-testid=btn-rule-card-save")
            with ui.row().classes("items-center gap-0"):
                share = ui.button(_("Share"), icon="qr_code_2", on_click=lambda: self.share(picked)).props(
                    "flat no-caps color=primary data-testid=btn-rule-card-share")
                if picked is None:
                    share.disable()
                    share.tooltip(_("Save these rules as a card first, or pick one."))
                ui.button(_("Export"), icon="download", on_click=lambda: self.export(picked)).props(
                    "flat no-caps color=primary data-testid=btn-rule-card-export")
                picker = ui.upload(auto_upload=True, max_file_size=FILE_MAX_BYTES, on_upload=self.imported,
                                   on_rejected=lambda: self.refuse(_("This file is too large to be a rule card."))
                                   ).props("accept=.json,application/json data-testid=rule-card-import").classes(
                    "hidden")  # its own box (progress, file list) is not needed: a button opens the file chooser
                load = ui.button(_("Import"), icon="upload", on_click=lambda: picker.run_method("pickFiles")).props(
                    "flat no-caps color=primary data-testid=btn-rule-card-import")
                if tied:
                    load.disable()
                if picked is not None and current in mine_ids:
                    ui.button(_("Remove"), icon="delete", on_click=lambda: self.remove(picked)).props(
                        "flat no-caps color=negative data-testid=btn-rule-card-remove")
            ui.separator()

    def choose(self, card_id: str, by_id: dict[str, RuleCard]) -> None:
        t = self.table
        if card_id == CUSTOM:
            return
        card = by_id.get(card_id)
        options = card_options(t.game, card) if card is not None else standard_options(
            t.game.config_model, t.game.table_defaults)
        pid = self.ctx.me.player_id
        self.ctx.act(lambda tb, now: apply_options(tb, pid, options))

    def keep(self, name: str, options: dict[str, Any], done: str) -> RuleCard | None:
        """Save a card of the viewer's and say ``done``; None (and why, to the viewer) when it is refused."""
        try:
            card = self.services.rule_cards().save(self.ctx.me.player_id, self.table.game_key, name, options,
                                                   now=time.time())
        except CardError as exc:
            self.refuse(tr(exc.message))
            return None
        except CardLimit:
            self.refuse(_("You keep too many rule cards: remove one first."))
            return None
        ui.notify(done, position="top")
        self.redraw()
        return card

    def save(self, name: str) -> None:
        t = self.table
        try:
            clean = clean_name(name)
        except CardError as exc:
            self.refuse(tr(exc.message))
            return
        options = differing(t.game.config_model, t.options, t.game.table_defaults)
        self.share(self.keep(clean, options, _("Saved as {name}.", name=clean)))

    def share(self, card: RuleCard | None) -> None:
        if card is None:
            return
        url = self.services.links.rule_card(self.table.game_key, card.id)
        where = self.ctx.overlays or ui.context.slot.parent
        with where, named_dialog(_("Share a rule card")) as dialog, ui.card().classes("items-center text-black").props(
                "data-testid=rule-card-share"):
            ui.label(tr(card.name)).classes("text-lg font-bold")
            ui.label(_("This link opens a new table with these rules.")).classes("text-sm")
            qr = ui.element("img").classes("w-48 h-48")
            qr.props.update({"src": qr_data_uri(url), "alt": _("QR code for {url}", url=url),
                             "data-testid": "rule-card-qr"})
            ui.input(value=url).props("readonly dense outlined data-testid=rule-card-link").classes("w-72")
            ui.button(_("Close"), on_click=dialog.close).props("flat data-testid=btn-rule-card-share-close")
        dialog.open()

    def export(self, card: RuleCard | None) -> None:
        t = self.table
        options = differing(t.game.config_model, t.options, t.game.table_defaults)
        name = card.name if card is not None else None
        fallback = verbatim(_("{game} house rules", game=game_name(t.game_key)))
        data = card_to_json(RuleCard("", t.game_key, name or fallback, options=options))
        stem = "".join(ch if ch.isalnum() else "-" for ch in data["name"].lower()).strip("-") or "rule-card"
        ui.download.content(json.dumps(data, indent=1, ensure_ascii=False), f"{stem}.json", "application/json")

    async def imported(self, e: events.UploadEventArguments) -> None:
        t = self.table
        raw = await e.file.read()
        try:
            name, options = parse_card_file(raw, t.game_key, t.game.config_model, t.game.table_defaults)
        except CardError as exc:
            self.refuse(tr(exc.message))
            return
        card = self.keep(name, options, _("Imported {name}.", name=name))
        if card is None:
            return
        pid = self.ctx.me.player_id
        full = card_options(t.game, card)
        self.ctx.act(lambda tb, now: apply_options(tb, pid, full))

    def remove(self, card: RuleCard) -> None:
        """Forget one of the viewer's own cards (the table keeps its options; links to the card stop working)."""
        if self.services.rule_cards().delete(self.ctx.me.player_id, card.id):
            ui.notify(_("Removed {name}.", name=tr(card.name)), position="top")
        self.redraw()

    @staticmethod
    def refuse(text: str) -> None:
        ui.notify(text, type="warning", position="top")
