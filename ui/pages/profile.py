"""Profile and settings on one page, saved the moment they change and applied in every open tab of this
browser: name, emoji, table preferences, sounds, coins from the daily check-in and the cosmetics they buy,
and linking another device.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from nicegui import ui

from logic.table import EMOJI_CHOICES
from storage.profiles import SHOP, ShopError, buy, can_check_in, check_in, item_for, owned_items, profile
from ui.components.language_picker import language_picker
from ui.i18n import _, ngettext, reason
from ui.i18n.names import item_name
from ui.server.runtime import runtime
from ui.shell.frame import frame
from ui.shell.identity import PREF_DEFAULTS, me, pref, set_pref, set_profile

BACK_COLOURS = {i.value: i.name for i in SHOP if i.kind == "card_back" and i.price == 0}


def register() -> None:
    @ui.page("/profile")
    def profile_page() -> None:
        who = me()
        with frame(_("Profile")):
            ui.label(_("You")).classes("text-xl font-bold")
            with ui.row().classes("items-center gap-3"):
                emoji = ui.select(list(EMOJI_CHOICES), value=who.emoji if who.emoji in EMOJI_CHOICES else "🙂",
                                  label=_("Emoji")).props("data-testid=profile-emoji").classes("w-24")
                name = ui.input(_("Name"), value=who.name).props("maxlength=24 data-testid=profile-name")

            def save_name() -> None:
                saved = set_profile(name.value or "", None)
                name.set_value(saved.name)
                ui.notify(_("Saved."), position="top", timeout=1200)

            name.on("blur", save_name)
            name.on("keydown.enter", save_name)
            emoji.on_value_change(lambda e: set_profile(None, e.value))
            with ui.row().classes("gap-2"):
                ui.button(_("Your stats"), icon="leaderboard", on_click=lambda: ui.navigate.to("/stats")).props(
                    "outline no-caps data-testid=btn-stats")
                ui.button(_("Link another device"), icon="devices", on_click=lambda: ui.navigate.to("/link")).props(
                    "outline no-caps data-testid=btn-link-page")

            language_picker()

            ui.label(_("Table")).classes("text-xl font-bold q-mt-md")
            toggle(_("Four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green)"), "four_colour")
            toggle(_("Animations"), "animations")
            toggle(_("Distraction-free tables (hide the header)"), "distraction_free")
            toggle(_("Show meld, lay-off and discard buttons (Rummy)"), "show_buttons")
            toggle(_("Open the chat when a message arrives"), "chat_opens")
            with ui.row().classes("items-center gap-2"):
                toggle(_("Sounds (your turn, plays, a win)"), "sounds")
                ui.button(_("Try"), icon="volume_up").props("flat dense no-caps data-testid=btn-try-sound").on(
                    "click", js_handler="() => { if (window.cnSound) { window.cnSound.unlocked = true; "
                                        "window.cnSound.play('win'); } }")
            ui.label(_("When it is your turn and the page is in the background")).classes("text-sm text-grey-8 q-mt-sm")
            toggle(_("Say it in the tab title (● Your turn)"), "alert_title")
            toggle(_("Put a dot on the tab's icon"), "alert_favicon")
            toggle(_("Vibrate the phone"), "alert_vibrate")
            looks_part = ui.refreshable(looks)
            shop_part = ui.refreshable(coins_and_shop)

            def changed() -> None:
                looks_part.refresh()
                shop_part.refresh(changed)

            looks_part()
            shop_part(changed)


def toggle(label: str, key: str) -> ui.switch:
    sw = ui.switch(label, value=bool(pref(key, PREF_DEFAULTS[key]))).props(f"data-testid=pref-{key}")
    sw.on_value_change(lambda e: set_pref(key, bool(e.value)))
    return sw


def looks() -> None:
    """Card back and table colour: the free ones plus those this player bought."""
    pid = me().player_id
    main = runtime().hub.main
    with ui.row().classes("items-center gap-3"):
        for kind, label in (("card_back", _("Card back")), ("table_colour", _("Table colour"))):
            current = item_for(kind, str(pref(kind, PREF_DEFAULTS[kind])))
            options = {i.value: item_name(i.id, i.name) for i in owned_items(main, pid, kind)}
            if current.value not in options:  # bought on a device that is no longer linked
                current = item_for(kind, None)
            select = ui.select(options, value=current.value, label=label).props(
                f"data-testid=pref-{kind}").classes("w-44")
            select.on_value_change(lambda e, k=kind: set_pref(k, e.value))


def coins_and_shop(changed: Callable[[], None]) -> None:
    pid = me().player_id
    main = runtime().hub.main
    data = profile(main, pid)
    ui.label(_("Coins and cosmetics")).classes("text-xl font-bold q-mt-md")
    ui.label(_("Check in once a day for coins and spend them on card backs and table colours. "
               "Games never cost or win coins.")).classes("text-sm text-grey-8")
    with ui.row().classes("items-center gap-3"):
        ui.label("🪙 " + ngettext("{n} coin", "{n} coins", data["coins"])).classes("text-lg font-bold").props(
            "data-testid=coins")
        ready = can_check_in(main, pid, date.today())
        btn = ui.button(_("Daily check-in") if ready else _("Checked in today"), icon="event_available",
                        on_click=lambda: do_check_in(changed)).props("color=primary no-caps data-testid=btn-checkin")
        if not ready:
            btn.disable()
            btn.props["data-reason"] = _("Come back tomorrow for more coins.")
    owned = set(data["owned"])
    # as many to a row as fit, sharing the row's width (three on a phone): no gap left at the side
    with ui.element("div").classes("w-full").style(
            "display: grid; grid-template-columns: repeat(auto-fit, minmax(6.5rem, 1fr)); gap: 8px"):
        for item in SHOP:
            if item.price == 0:
                continue
            with ui.card().classes("items-center gap-1 q-pa-sm").props(f"data-testid=shop-{item.id}"):
                light = item.value.split(",")[0]
                ui.element("div").classes("w-16 h-10 rounded-borders").style(f"background: {light}")
                ui.label(item_name(item.id, item.name)).classes("text-sm font-bold")
                ui.label(_("Card back") if item.kind == "card_back" else _("Table")).classes("text-xs text-grey-8")
                if item.id in owned:
                    ui.label(_("Owned ✓")).classes("text-positive text-sm").props(f"data-testid=owned-{item.id}")
                else:
                    b = ui.button(f"{item.price} 🪙", on_click=lambda i=item.id: do_buy(i, changed)).props(
                        f"dense no-caps data-testid=btn-buy-{item.id}")
                    if data["coins"] < item.price:
                        b.disable()
                        b.props["data-reason"] = ngettext("You need {n} more coin.", "You need {n} more coins.",
                                                           item.price - data["coins"])


def do_check_in(changed: Callable[[], None]) -> None:
    try:
        coins = check_in(runtime().hub.main, me().player_id, date.today())
        ui.notify(ngettext("Checked in: you have {n} coin.", "Checked in: you have {n} coins.", coins),
                  type="positive", position="top")
    except ShopError as exc:
        ui.notify(reason(exc), type="warning", position="top")
    changed()


def do_buy(item_id: str, changed: Callable[[], None]) -> None:
    try:
        buy(runtime().hub.main, me().player_id, item_id)
        ui.notify(_("Bought! Pick it under Table."), type="positive", position="top")
    except ShopError as exc:
        ui.notify(reason(exc), type="warning", position="top")
    changed()
