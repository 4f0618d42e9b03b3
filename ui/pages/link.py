"""``/link``: use the same player on another device (the home-network stand-in for signing in by e-mail).

One device shows a one-time code (valid 10 minutes); typing it on another device makes that browser the
same player, so tables, stats, coins and cosmetics follow. Without linking everything works on one browser.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime

from nicegui import ui
from starlette.requests import Request

from logic.messages import t_msg, verbatim
from storage.profiles import LINK_MINUTES, LinkError, new_link_code, normalise_code, pretty_code, redeem_link_code
from ui.i18n import _, ngettext, reason
from ui.net.lan import base_urls, qr_data_uri
from ui.server.runtime import runtime
from ui.shell.frame import frame
from ui.shell.identity import become, me, user_store

TRIES_PER_BROWSER = 5  # wrong codes per browser in 10 minutes
TRIES_PER_MINUTE = 30  # wrong codes server-wide per minute (codes are 8 characters from 31: not guessable)


def now_utc() -> datetime:
    return datetime.now(UTC)


def make_code() -> tuple[str, datetime]:
    """A fresh code for this browser's player; a code it showed before stops working."""
    store, who = user_store(), me()
    code, expires = new_link_code(runtime().hub.main, who.player_id, who.name, who.emoji, now_utc(),
                                  previous=store.get("link_code"))
    store["link_code"] = code
    return code, expires


def too_many_tries() -> str | None:
    now = time.time()
    mine = [t for t in user_store().get("link_failures", []) if now - t < 600]
    if len(mine) >= TRIES_PER_BROWSER:
        return _("Too many wrong codes from this device. Wait ten minutes, then try again.")
    failures = runtime().link_failures  # the last TRIES_PER_MINUTE wrong codes from anyone
    if len(failures) >= TRIES_PER_MINUTE and now - failures[-TRIES_PER_MINUTE] < 60:
        return _("Too many wrong codes right now. Wait a minute, then try again.")
    return None


def note_failure() -> None:
    now = time.time()
    store = user_store()
    store["link_failures"] = [t for t in store.get("link_failures", []) if now - t < 600][-20:] + [now]
    failures = runtime().link_failures
    failures.append(now)
    while len(failures) > TRIES_PER_MINUTE:
        failures.popleft()


def use_code(text: str) -> str:
    """Link this browser with the code's player; returns the player's name. LinkError with a reason."""
    blocked = too_many_tries()
    if blocked:
        raise LinkError(verbatim(blocked))  # (already in the viewer's language)
    if not normalise_code(text):
        raise LinkError(t_msg("Type the code shown on your other device."))
    try:
        found = redeem_link_code(runtime().hub.main, text, now_utc())
    except LinkError:
        note_failure()
        raise
    who = become(found.player_id, found.name, found.emoji)
    return who.name


def register() -> None:
    @ui.page("/link")
    def link_page(request: Request) -> None:
        with frame(_("Link a device")):
            ui.label(_("Play as yourself on every device")).classes("text-xl font-bold")
            ui.label(_("Your games, stats, coins and card backs belong to your player. Link a phone or another "
                       "computer to the same player with a one-time code: no account, no e-mail.")).classes(
                "text-grey-8")
            with ui.row().classes("w-full gap-4 items-start"):
                show_code_card()
                enter_code_card(request.query_params.get("code", ""))


def show_code_card() -> None:
    with ui.card().classes("grow min-w-[280px]"):
        ui.label(_("1. On the device you already use")).classes("font-bold")
        ui.label(ngettext("Show a code here. It works once and for {n} minute.",
                "Show a code here. It works once and for {n} minutes.", LINK_MINUTES)).classes("text-sm")
        area = ui.column().classes("items-center w-full gap-1")

        def show() -> None:
            code, expires = make_code()
            area.clear()
            with area:
                ui.label(pretty_code(code)).classes("code-box text-3xl font-mono").props("data-testid=link-code")
                local = expires.astimezone().strftime("%H:%M")
                ui.label(_("Valid until {time} ({minutes} minutes), for one device.", time=local,
                        minutes=LINK_MINUTES)).classes("text-sm").props(
                    "data-testid=link-expiry")
                rt = runtime()
                url = f"{base_urls(rt.port, rt.host)[0]}/link?code={code}"
                qr = ui.element("img").classes("w-36 h-36")
                qr.props.update({"src": qr_data_uri(url), "alt": _("QR code that opens this page with the code"),
                                 "data-testid": "link-qr"})

        ui.button(_("Link another device"), icon="devices", on_click=show).props(
            "color=primary data-testid=btn-link-create")


def enter_code_card(prefill: str) -> None:
    with ui.card().classes("grow min-w-[280px]"):
        ui.label(_("2. On the new device")).classes("font-bold")
        ui.label(_("Type the code (or scan the QR code). This device then plays as that player; games it "
                   "played as its current player stay with that one.")).classes("text-sm")
        box = ui.input(_("Code"), value=pretty_code(normalise_code(prefill)) if prefill else "",
                       placeholder="ABCD-EFGH").props("maxlength=12 outlined data-testid=link-code-input")
        message = ui.label("").classes("text-sm").props("data-testid=link-message")

        def submit() -> None:
            try:
                name = use_code(box.value or "")
            except LinkError as exc:
                message.set_text(reason(exc))
                message.classes(replace="text-sm text-negative")
                return
            box.set_value("")
            message.set_text(_("Linked: this device now plays as {name}.", name=name))
            message.classes(replace="text-sm text-positive")
            ui.notify(_("Welcome back, {name}!", name=name), type="positive", position="top")
            ui.navigate.to("/stats")

        box.on("keydown.enter", submit)
        ui.button(_("Use this code"), icon="login", on_click=submit).props("color=primary data-testid=btn-link-use")
