"""``/replay/<CODE>``: step through a finished game, every hand face up, with the move list beside the table.

Rebuilt from the archived config, seed and action log by :class:`logic.replay.Replay` (the game contract's
``apply``), drawn with the game's own table parts (ui/table/still.py) and stepped with the shared
controls (ui/components/stepper.py). Linked from /stats, the final standings and shareable as a link.
"""

from __future__ import annotations

import logging

from nicegui import ui
from starlette.requests import Request

from logic.registry import get_game
from logic.replay import Replay
from storage.archive import FinishedGame
from ui.components.options import players_of
from ui.components.stepper import Stepper
from ui.i18n import _, pgettext
from ui.i18n.names import game_name
from ui.pages import ASSETS
from ui.pages.replay_beside import beside_links, draw_beside
from ui.pages.replay_review import ReplayReview
from ui.server.practice import first_state
from ui.server.runtime import runtime
from ui.shell import http_status
from ui.shell.frame import frame
from ui.shell.identity import user_store
from ui.table import same_deals
from ui.table.seat_wording import in_language
from ui.table.still import draw_still_table, preload_faces, seats_from

log = logging.getLogger("cardnight.replay")
REPLAY_CSS = '<link rel="stylesheet" href="/assets/replay.css">'


def not_found_page(what: str, back: str = "/stats", back_text: str | None = None) -> None:
    """The page for a replay or report that does not exist: the shared friendly page, answered with HTTP 404."""
    http_status.not_found_page(_("Not found"), what, back_text or _("Your stats"), back)


def replay_of(record: FinishedGame) -> Replay | None:
    """The replay of an archived game (cached: finished games never change), or None if it does not replay."""
    code, steps = record.code, len(record.log or [])
    key = (code, steps)
    cache = runtime().replays
    if key not in cache:
        try:
            game = get_game(record.game)
            start = first_state(runtime().hub.starts, record)  # a new deal, or where a practice table began
            cache[key] = Replay(game, record.log or [], start=start)
        except (ValueError, KeyError, TypeError) as exc:  # an old or damaged record: a message, never a crash
            log.warning("cannot replay finished game %s: %s", code, exc)
            return None
        for old in list(cache)[:-32]:
            del cache[old]
    return cache[key]


def move_lines(replay: Replay, names: list[str]) -> list[str]:
    """One readable line per move, with the player's name in front ("Dex played a pair of 9s")."""
    return [pgettext("log line", "{player} {move}", move=in_language(m.words),
                     player=names[m.seat] if m.seat < len(names) else _("Seat {n}", n=m.seat + 1))
            for m in replay.moves]


def share_dialog(code: str) -> None:
    """The replay's link to copy (selected, so a long press or Ctrl+C copies it even where the clipboard API is
    missing, as on plain HTTP on a LAN)."""
    request = ui.context.client.request
    base = str(request.base_url).rstrip("/") if request is not None else ""
    link = f"{base}/replay/{code}"
    with ui.dialog() as dialog, ui.card().classes("w-full max-w-xl"):
        ui.label(_("Share this replay")).classes("font-bold")
        box = ui.input(value=link).props("readonly outlined dense data-testid=replay-link").classes("w-full")
        box.on("focus", js_handler="(e) => e.target.select()")
        with ui.row().classes("w-full justify-end"):
            ui.button(_("Copy"), icon="content_copy", on_click=lambda: ui.run_javascript(
                f"navigator.clipboard ? navigator.clipboard.writeText({link!r}) : null")).props("flat")
            ui.button(_("Close"), on_click=dialog.close).props("color=primary")
    dialog.open()


def register() -> None:
    @ui.page("/replay/{code}")
    def replay_page(code: str, request: Request) -> None:
        code = code.strip().upper()[:12]
        record = runtime().finished.find(code)
        replay = replay_of(record) if record is not None else None
        if record is None or replay is None:
            not_found_page(_("No finished game with code {code} to replay — check the link, or open a game from "
                             "your stats.", code=code) if record is None else
                           _("The game {code} cannot be replayed (its record is damaged or from an older version).",
                             code=code))
            return
        who = str(user_store().get("player_id") or "") or None  # (a visitor gets no identity for a replay)
        duplicates = runtime().duplicates()
        if same_deals.held_back(duplicates, code, who, _("Replay")):  # they play the same deals at another table
            return
        duplicates.mark_seen(code, who)  # told before taking a seat at a table with the same deals
        beside = str(request.query_params.get("beside", "")).strip().upper()[:12]
        if beside:  # duplicate deals: two finished games with the same deals, side by side
            if same_deals.held_back(duplicates, beside, who, _("Replay")):
                return
            try:
                deal = max(1, int(request.query_params.get("deal", "1")))
            except ValueError:
                deal = 1
            if beside not in duplicates.finished_partners(code):
                not_found_page(_("No finished game with code {code} played the same deals.", code=beside))
                return
            ui.add_head_html(REPLAY_CSS)
            preload_faces()
            with frame(_("Replay · {game}", game=game_name(replay.game.key)), full_width=True):
                draw_beside(duplicates, code, beside, deal, replay_of)
            duplicates.mark_seen(beside, who)
            return
        game = replay.game
        players = [p.model_dump() for p in record.players]
        seats = seats_from(players, players_of(game.make_config(**record.options)))
        ui.add_head_html(REPLAY_CSS)
        preload_faces()  # (the board's first cards show their faces at once)
        ui.query("body").classes("cn-replay-page")  # on a phone the page fills the screen (assets/replay.css)
        if (ASSETS / f"{game.key}.css").exists():  # a game's own styles, as on its table page
            ui.add_head_html(f'<link rel="stylesheet" href="/assets/{game.key}.css">')
        with frame(_("Replay · {game}", game=game_name(game.key)), full_width=True):
            with ui.row().classes("w-full items-center justify-between cn-replay-head"):
                ui.label(_("Replay of {game} · {code}", game=game_name(game.key),
                        code=code)).classes("text-lg font-bold")
                with ui.row().classes("gap-2 no-wrap"):  # (on a phone their icons only: the board gets the room)
                    share = ui.button(_("Share"), icon="share", on_click=lambda: share_dialog(code)).props(
                        "outline dense no-caps data-testid=btn-replay-share")
                    share.props["aria-label"] = _("Share")
                    scores = ui.button(_("Scores"), icon="leaderboard",
                                       on_click=lambda: ui.navigate.to(f"/stats/game/{code}")).props(
                        "outline dense no-caps")
                    scores.props["aria-label"] = _("Scores")
                    beside_links(duplicates, code)  # duplicate deals: the other tables' play, side by side
            stepper = Stepper(move_lines(replay, [s.name for s in seats]),
                              lambda step: draw_still_table(game, replay.state_at(step), seats, face_up=True),
                              chapters=[(step, in_language(label)) for step, label in replay.hand_starts()],
                              keys=True)
            ReplayReview(stepper, record, replay, seats)  # the review's marks, details and "Play from here"
