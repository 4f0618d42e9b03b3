"""The shell around every page: header with the app name and navigation, then the page's content."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

from nicegui import ui

from ui.i18n import _, viewer_language
from ui.i18n.languages import quasar_pack
from ui.nicegui_internals import PageHeading, set_page_language
from ui.shell.identity import PROFILE_TESTID, client_head, me, pref, profile_label
from ui.shell.save_notice import save_notice


def alert_words_script() -> str:
    words = {"turn": "● " + _("Your turn"), "start": "● " + _("Ready to start"), "choice": "● " + _("Your choice")}
    safe = json.dumps(words).replace("</", "<\\/")  # no "</script>" inside the script
    return f"<script>window.cnAlertWords = {safe};</script>"


def loading_bar_script() -> str:
    """Quasar's loading bar gets its name for screen readers app-wide (ui/pages/__init__.py); each page gives it the
    name in its viewer's language once Quasar is installed (its public ``LoadingBar.setDefaults``)."""
    props = json.dumps({"aria-label": _("Loading")}).replace("</", "<\\/")
    name = f"window.Quasar?.LoadingBar?.setDefaults?.({props})"
    return f"<script>addEventListener('DOMContentLoaded', () => {name});</script>"


def page_language() -> None:
    """The page speaks its viewer's language: Quasar's texts, ``<html lang>`` and the loading bar's name (a page
    without the frame, such as the TV, calls it itself)."""
    set_page_language(ui.context.client, quasar_pack(viewer_language()))
    ui.add_head_html(loading_bar_script())


APP_NAME_MARKUP = '<span class="text-2xl">🂡</span><span class="text-lg font-bold">Card Night</span>'  # (a name)


@contextmanager
def frame(title: str, *, full_width: bool = False, header: bool = True) -> Iterator[ui.column]:
    page_language()
    ui.colors(primary="#1f6f4a", secondary="#f2c14e", accent="#8e44ad")
    ui.page_title(f"{title} · Card Night" if title != "Card Night" else title)
    if pref("four_colour", False):
        ui.query("body").classes("four-colour")
    if not pref("animations", True):
        ui.query("body").classes("no-motion")
    ui.add_head_html(client_head())  # card back, table colour, sounds; updated live by set_pref
    ui.add_head_html(alert_words_script())  # the tab title's "● Your turn" in the viewer's language (alerts.js)
    if header:
        with ui.header().classes("items-center justify-between bg-green-10 q-py-xs q-px-md").props(
                'data-testid=header'):
            # the app's name, a link home: one element (every page has it; issue 50)
            ui.html(APP_NAME_MARKUP, sanitize=False, tag="a").classes(
                "nicegui-link text-white no-underline row items-center gap-2").props("href=/")
            with ui.row().classes("items-center gap-1"):
                ui.button(icon="menu_book", on_click=lambda: ui.navigate.to("/rules")).props(
                    "flat round color=white data-testid=nav-rules").props.update({"aria-label": _("Rules")})
                ui.button(icon="leaderboard", on_click=lambda: ui.navigate.to("/stats")).props(
                    "flat round color=white data-testid=nav-stats").props.update({"aria-label": _("Stats")})
                who = me()
                ui.button(profile_label(who), on_click=lambda: ui.navigate.to("/profile")).props(
                    f"flat no-caps color=white data-testid={PROFILE_TESTID}")
    width = "w-full" if full_width else "w-full max-w-5xl mx-auto"
    with ui.column().classes(f"{width} q-pa-sm gap-3 cn-page") as col:
        # one level-one heading per page (screen readers jump to it); shown by the page's own title or top bar
        PageHeading(title).classes("cn-sr-only")
        save_notice()  # hidden unless saving fails (a full or read-only disk): then every page says so
        yield col
