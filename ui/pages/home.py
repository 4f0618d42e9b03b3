"""Home: game tiles (Practice / Friends table), join with code, your games, live tables, LAN address + QR."""

from __future__ import annotations

import asyncio
import html
from typing import Any

from nicegui import ui

from logic.game import IllegalMove
from logic.messages import message_of
from logic.registry import all_games
from logic.table import STATUS_CLOSED, STATUS_LOBBY, STATUS_OVER, STATUS_PLAYING, away
from ui.components.dialog import named_dialog
from ui.components.language_picker import language_picker
from ui.components.options import option_controls, player_choices
from ui.games import has_screen
from ui.guards.code_guard import TOO_MANY, guard_key
from ui.guards.table_caps import visitor_address
from ui.i18n import N_, _, ngettext, pgettext, reason
from ui.i18n.names import game_name, level_name
from ui.i18n.viewer import tr
from ui.net.lan import base_urls, qr_data_uri
from ui.server.runtime import runtime
from ui.shell.frame import frame
from ui.shell.identity import me
from ui.table.at_this_table import table_differences, value_text

STATUS_TEXT = {STATUS_LOBBY: N_("waiting in the lobby"), STATUS_PLAYING: N_("playing"), STATUS_OVER: N_("finished"),
               STATUS_CLOSED: N_("closed")}


def playable_games() -> list[Any]:
    return [g for g in all_games() if has_screen(g.key)]


def start_table(game: Any, practice: bool, options: dict[str, Any], level: str | None = None) -> None:
    who = me()
    rt = runtime()
    try:
        table = rt.hub.create(game.key, who.player_id, who.name, who.emoji, options=options, practice=practice,
                              level=level, seed=rt.next_seed(), address=visitor_address())
    except (IllegalMove, ValueError) as exc:
        ui.notify(reason(exc), type="warning", position="top")
        return
    ui.navigate.to(f"/table/{table.code}")


def practice_dialog(game: Any) -> None:
    """Practice: choose players, computer level and the game's options, then play at once."""
    model = game.config_model
    values: dict[str, Any] = {name: game.table_defaults.get(name, f.default) for name, f in model.model_fields.items()
                              if name != "players"}
    counts = player_choices(game)
    state = {"players": counts[0], "level": game.bot_levels[min(1, len(game.bot_levels) - 1)]}
    with named_dialog(_("Practice {game}",
            game=game_name(game.key))) as dialog, ui.card().classes("min-w-[300px]").props(
            f"data-testid=practice-{game.key}"):
        ui.label(_("Practice {game}", game=game_name(game.key))).classes("text-lg font-bold")
        with ui.row().classes("gap-2"):
            ui.select({c: ngettext("{n} player", "{n} players", c) for c in counts}, label=_("Players"),
                      value=state["players"]).bind_value(state, "players").props("data-testid=opt-players")
            ui.select({lv: level_name(lv) for lv in game.bot_levels}, label=_("Computer players"),
                      value=state["level"]).bind_value(state, "level").props("data-testid=opt-level").classes(
                "min-w-[150px]")  # room for the label in every language ("Computergegner")
            option_controls(model, values, lambda k, v: values.__setitem__(k, v))
        with ui.row().classes("justify-end w-full"):
            ui.button(_("Cancel"), on_click=dialog.close).props("flat")

            def play() -> None:
                dialog.close()
                start_table(game, True, {**values, "players": state["players"]}, state["level"])

            ui.button(pgettext("start a game", "Play"), on_click=play).props(
                "color=primary data-testid=btn-practice-go")
    dialog.open()


def game_tile(game: Any) -> None:
    """A game's tile. Its words and its rules link are one element: the home page is built on every visit, and on a
    Pi-class host each element costs (issue 50: the tiles were 36 of its 81 elements)."""
    counts = player_choices(game)
    players = _("{low}–{high} players", low=counts[0], high=counts[-1]) if len(counts) > 1 else \
        ngettext("{n} player", "{n} players", counts[0])
    with ui.card().classes("tile w-full sm:w-[calc(50%-8px)]").props(f"data-testid=tile-{game.key}"):
        ui.html(tile_words(game.key, players, tr(message_of(game.tagline))), sanitize=False).classes("w-full")
        with ui.row().classes("gap-2"):
            ui.button(_("Practice"), icon="smart_toy", on_click=lambda g=game: practice_dialog(g)).props(
                f"color=primary data-testid=practice-{game.key}")
            ui.button(_("Friends table"), icon="group", on_click=lambda g=game: start_table(g, False, {})).props(
                f"outline color=primary data-testid=friends-{game.key}")


def tile_words(key: str, players: str, tagline: str) -> str:
    """The game's name with its rules link (a round "i") and the player count on a line, the tagline under them
    (escaped: the words come from catalogues)."""
    name = game_name(key)
    label = _("How to play {game}", game=name)  # (not inside the f-string: the catalogue's extractor skips those)
    rules = (f'<a class="cn-tile-rules" href="/rules/{key}" data-testid="tile-rules-{key}" aria-label="'
             f'{html.escape(label)}"><i class="q-icon notranslate material-icons" aria-hidden="true">info</i></a>')
    return (f'<div class="row items-center justify-between w-full no-wrap"><div class="row items-center no-wrap">'
            f'<span class="text-xl font-bold">{html.escape(name)}</span>{rules}</div>'
            f'<span class="text-sm text-grey-8">{html.escape(players)}</span></div>'
            f'<div class="text-sm">{html.escape(tagline)}</div>')


async def join_by_code(code_input: ui.input) -> None:
    code = str(code_input.value or "")[:64].strip().upper()  # (a code is 6 characters: the rest is never read)
    if not code:
        ui.notify(_("Type the code the host shared."), type="warning", position="top")
        return
    key = guard_key()
    loop = asyncio.get_running_loop()
    wait = runtime().code_guard.miss_wait(key, loop.time())
    if wait is None:
        ui.notify(_(TOO_MANY), type="warning", position="top")
        return
    if wait:
        await asyncio.sleep(wait)  # guessing codes gets slower and slower
    table = runtime().hub.registry.get(code)
    night = runtime().hub.nights.get(code) if table is None else None
    if night is not None:  # a game night's code opens the night's page
        ui.navigate.to(f"/night/{night.code}")
        return
    if table is None:
        runtime().code_guard.record_miss(key, loop.time())
        ui.notify(_("No table with code {code} — check the code or ask the host for the link.", code=code[:12]),
                  type="warning", position="top")
        return
    runtime().code_guard.grant_pass(key, table.code)  # it waited its turn here: the table page does not again
    ui.navigate.to(f"/table/{table.code}")


def register() -> None:
    @ui.page("/")
    def home() -> None:
        who = me()
        hub = runtime().hub
        with frame("Card Night") as page:
            page.classes(add="cn-home")  # on a phone the games come first (assets/cardnight.css)
            with ui.row().classes("w-full items-start gap-4 no-wrap max-sm:flex-wrap cn-home-top"):
                with ui.column().classes("grow gap-4 cn-home-left"):  # joining, then a night, beside the address
                    with ui.card().classes("w-full"):
                        ui.label(_("Join a table")).classes("text-lg font-bold")
                        with ui.row().classes("items-center gap-2 w-full no-wrap"):
                            code_input = ui.input(placeholder=_("Code, e.g. {code}", code="K7QD2M")).props(
                                "outlined dense maxlength=12 data-testid=join-code-input autocapitalize=characters"
                            ).classes("grow")
                            join_btn = ui.button(_("Join"), on_click=lambda: join_by_code(code_input)).props(
                                "color=primary data-testid=btn-join-code")
                            code_input.on("keydown.enter", lambda: join_btn.run_method("click"))
                    night_card()
                lan_card()
            ui.label(_("Games")).classes("text-lg font-bold")
            with ui.row().classes("w-full gap-4"):
                for game in playable_games():
                    game_tile(game)
            mine = hub.registry.tables_of(who.player_id)
            with ui.column().classes("w-full").props("data-testid=your-games"):
                ui.label(_("Your games")).classes("text-lg font-bold")
                if not mine:
                    ui.label(_("Tables you sit at show up here, so you can get back in with one tap.")).classes(
                        "text-grey-8")
                for t in mine:
                    with ui.row().classes("items-center gap-3"):
                        ui.button(_("Resume") if t.status in (STATUS_LOBBY, STATUS_PLAYING) else _("Open"),
                                  on_click=lambda c=t.code: ui.navigate.to(f"/table/{c}")).props(
                            f"dense color=primary data-testid=resume-{t.code}")
                        ui.label(f"{game_name(t.game.key)} · {t.code} · {_(STATUS_TEXT[t.status])}")
                        ui.label(", ".join(f"{s.emoji} {s.name}" for s in t.seats if not s.empty)).classes(
                            "text-grey-8 text-sm")
            your_nights(who.player_id)
            with ui.column().classes("w-full").props("data-testid=live-tables"):
                ui.label(_("Live tables")).classes("text-lg font-bold")
                live = [t for t in hub.registry.live_tables() if t.seat_of(who.player_id) is None]
                running = watchable_tables(who.player_id)
                if not live and not running:
                    ui.label(_("No open tables right now. Start a friends table and share the code.")).classes(
                        "text-grey-8")
                for t in live:
                    with ui.row().classes("items-center gap-3"):
                        ui.button(_("Join"), on_click=lambda c=t.code: ui.navigate.to(f"/table/{c}")).props(
                            f"dense outline color=primary data-testid=live-{t.code}")
                        ui.label(open_seats_line(t))
                        ui.label(", ".join(f"{s.emoji} {s.name}" for s in t.seats if not s.empty)).classes(
                            "text-grey-8 text-sm")
                        opts = house_line(t)  # only what differs from the standard rules, in the viewer's words
                        if opts:
                            ui.label(opts).classes("text-grey-8 text-xs").props(f"data-testid=live-rules-{t.code}")
                for t in running:
                    watch_row(t)
            with ui.row().classes("w-full justify-end cn-home-language"):
                language_picker()


def house_line(t: Any) -> str:
    """A table's options that differ from the game's standard ("Race to: 500 · K-A-2 wraps: On"), or ""."""
    return " · ".join(_("{label}: {value}", label=tr(d.label), value=value_text(d))
                      for d in table_differences(t))


def open_seats_line(t: Any) -> str:
    """"Rummy · 2 open of 4 seats", with "· starts when full" where it does: one sentence each, as a translator
    needs it."""
    if t.settings.auto_start:
        return ngettext("{game} · {open} open of {n} seat · starts when full",
                        "{game} · {open} open of {n} seats · starts when full", len(t.seats),
                                game=game_name(t.game.key),
                        open=len(t.open_seats()))
    return ngettext("{game} · {open} open of {n} seat", "{game} · {open} open of {n} seats", len(t.seats),
                    game=game_name(t.game.key), open=len(t.open_seats()))


def watchable_tables(player_id: str) -> list[Any]:
    """Running tables listed under Live tables (the host left "Listed" on), but for the viewer's own."""
    tables = runtime().hub.registry.tables.values()
    return sorted((t for t in tables if t.status == STATUS_PLAYING and t.settings.public
                   and t.seat_of(player_id) is None), key=lambda t: -t.created_at)


def watch_row(t: Any) -> None:
    """A running table: who plays, how many watch, and Watch."""
    with ui.row().classes("items-center gap-3"):
        ui.button(_("Watch"), icon="visibility", on_click=lambda c=t.code: ui.navigate.to(f"/table/{c}")).props(
            f"dense outline color=primary data-testid=watch-{t.code}")
        ui.label(ngettext("{game} · playing · {n} watching", "{game} · playing · {n} watching", away.watchers(t),
                          game=game_name(t.game.key)) if away.watchers(t) else _("{game} · playing",
                                  game=game_name(t.game.key)))
        ui.label(", ".join(f"{s.emoji} {s.name}" for s in t.seats if not s.empty)).classes("text-grey-8 text-sm")


def night_card() -> None:
    """Start a game night: a name, then its page (several tables and games in one evening, standings across them)."""
    with ui.card().classes("w-full").props("data-testid=night-start"):
        with ui.column().classes("gap-0"):
            ui.label(_("Game night")).classes("text-lg font-bold")
            ui.label(_("Several tables and games in one evening, with standings across them.")).classes(
                "text-sm text-grey-8")
        with ui.row().classes("items-center gap-2 w-full no-wrap max-sm:flex-wrap"):  # as the join box above
            name_input = ui.input(placeholder=_("e.g. Friday at Ana's")).props(
                "outlined dense maxlength=40 data-testid=night-name-input").classes("grow min-w-[200px]")
            ui.button(_("Start a game night"), icon="nightlife", on_click=lambda: start_night(name_input)).props(
                "color=primary no-caps data-testid=btn-start-night")


def your_nights(player_id: str) -> None:
    """The game nights this browser is part of and that go on, newest first: back in with one tap."""
    nights = [n for n in runtime().hub.nights.newest() if n.ended_at is None and player_id in n.people][:5]
    if not nights:
        return
    with ui.column().classes("w-full").props("data-testid=your-nights"):
        ui.label(_("Your game nights")).classes("text-lg font-bold")
        for night in nights:
            with ui.row().classes("items-center gap-3"):
                ui.button(_("Open"), on_click=lambda c=night.code: ui.navigate.to(f"/night/{c}")).props(
                    f"dense color=primary data-testid=resume-night-{night.code}")
                ui.label(f"{night.name} · {night.code}")


def start_night(name_input: ui.input) -> None:
    try:
        night = runtime().hub.nights.create(str(name_input.value or "")[:200], me().player_id)
    except ValueError:
        ui.notify(_("Give the night a name, e.g. Friday at Ana's."), type="warning", position="top")
        return
    ui.navigate.to(f"/night/{night.code}")


def lan_card() -> None:
    rt = runtime()
    urls = base_urls(rt.port, rt.host)
    with ui.card().classes("items-center max-sm:w-full").props("data-testid=lan-card"):
        ui.label(_("Other devices open")).classes("text-sm text-grey-8")
        ui.label(urls[0]).classes("font-mono font-bold").props("data-testid=lan-url")
        by_name = runtime().mdns_url()  # the mDNS name (ui/net/mdns.py) while it is announced; the QR keeps the number
        if by_name:
            ui.label(_("or {address}", address=by_name)).classes("font-mono text-sm").props("data-testid=lan-name")
        qr = ui.element("img").classes("w-32 h-32")
        qr.props["src"] = qr_data_uri(urls[0])
        qr.props["alt"] = _("QR code for {address}", address=urls[0])
