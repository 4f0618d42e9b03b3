"""Play from here: ``/practice/<CODE>?step=N&seat=S&level=L&exact=0|1`` starts a practice table from step N of
finished game CODE, the browser in seat S (0-based) against computer players of level L, and opens it (HTTP 303
to ``/table/<NEW>``). ``exact=0`` (default) deals the cards seat S could not see again, consistently with what it
saw; ``exact=1`` keeps the deal as it was, for study. ``speed`` (computer delay in seconds) as for ``/new``.

The dialog that builds the link is :func:`open_play_dialog` (from any step of a replay, and from each costly
decision of its review).
"""

from __future__ import annotations

import random
import secrets

from nicegui import ui
from starlette.requests import Request
from starlette.responses import RedirectResponse

from logic.game import IllegalMove
from logic.registry import get_game
from logic.review import practice_start
from storage.practice_starts import StartSource
from ui.guards.table_caps import TooManyTables, visitor_address
from ui.i18n import N_, _, reason, viewer_language
from ui.i18n.names import level_name
from ui.pages.new import too_many_tables
from ui.server.practice import start_snapshot
from ui.server.runtime import runtime
from ui.server.saving import SavesFailing
from ui.shell.frame import frame
from ui.shell.http_status import BAD_REQUEST, NOT_FOUND, SERVICE_UNAVAILABLE, answer
from ui.shell.identity import me, user_store
from ui.table import same_deals

DEALS = {"0": N_("Deal the unseen cards again"), "1": N_("Exact deal, for study")}
DEAL_HELP = {"0": N_("Your cards and everything you had seen stay as they were; what you could not see is dealt anew."),
             "1": N_("Every hand exactly as it was: good for trying another move, but you know what the others hold.")}


def practice_link(code: str, step: int, seat: int, level: str, exact: bool) -> str:
    return f"/practice/{code}?step={step}&seat={seat}&level={level}&exact={1 if exact else 0}"


def create_from_query(code: str, params: dict[str, str]) -> str:
    """Check the link and make the table; ``LookupError`` for a code without a finished game, ``ValueError`` with
    a readable message for the rest."""
    record = runtime().finished.find(code)
    if record is None:
        raise LookupError(_("No finished game with code {code} — check the link, or open a game from your stats.",
                code=code))
    game = get_game(record.game)
    log = list(record.log or [])
    players = len(record.players)
    try:
        step = int(params.get("step", "0"))
        seat = int(params.get("seat", "0"))
        speed = float(params["speed"]) if "speed" in params else None
    except ValueError:
        raise ValueError(_("step, seat and speed must be numbers.")) from None
    if not 0 <= step < len(log):
        raise ValueError(_("step must be from 0 to {last}: the game is over after move {moves}.", last=len(log) - 1,
                moves=len(log)))
    if not 0 <= seat < players:
        raise ValueError(_("seat must be from 0 to {last}.", last=players - 1))
    level = params.get("level") or game.bot_levels[min(1, len(game.bot_levels) - 1)]
    if level not in game.bot_levels:
        raise ValueError(_("level must be one of {levels}.", levels=", ".join(game.bot_levels)))
    exact = params.get("exact", "0")
    if exact not in ("0", "1"):
        raise ValueError(_("exact is 0 (deal the unseen cards again) or 1 (the exact deal)."))
    if speed is not None and not 0 <= speed <= 10:
        raise ValueError(_("speed is the computer players' delay in seconds, 0 to 10."))
    rt = runtime()
    seed = rt.next_seed()
    rng = random.Random(seed if seed is not None else secrets.randbits(64))
    if record.seed is None:
        raise ValueError(_("The game {code} cannot be replayed (its record is damaged or from an older version).",
                           code=code))
    start = practice_start(game.key, record.options, record.seed, log, step, seat,
                           exact=exact == "1", rng=rng, start=start_snapshot(rt.hub.starts, code))
    # the caps first: a refused visitor without a cookie is not given an identity (a storage file) for nothing
    runtime().hub.registry.may_open(str(user_store().get("player_id") or ""), visitor_address())
    who = me()
    table = rt.hub.create_from_state(game.key, who.player_id, who.name, who.emoji, config=start.config,
                                     state=start.state, seat=seat, level=level, speed=speed, seed=seed,
                                     source=StartSource(code=code, step=step, seat=seat, exact=exact == "1"),
                                     names=[(p.name, p.emoji or "🙂") if p.bot else None for p in record.players],
                                     address=visitor_address())
    return table.code


def open_play_dialog(code: str, game_key: str, step: int, seats: list[tuple[str, str]], seat: int,
                     level: str | None = None, title: str | None = None) -> None:
    """The small dialog: which seat, which computer level, which deal; Start opens the practice link.
    ``seats``: (emoji, name) per seat."""
    game = get_game(game_key)
    level = level or game.bot_levels[min(1, len(game.bot_levels) - 1)]
    title = title or _("Play from here")
    with ui.dialog().props(f'aria-label="{title}"') as dialog, ui.card().classes("w-full cn-pfh text-black").props(
            "data-testid=play-from-here-dialog"):
        ui.label(title).classes("text-lg font-bold")
        ui.label(_("Before the first move: the table as it was then, with computer players in every other seat.")
                 if step == 0 else
                 _("Before move {n}: the table as it was then, with computer players in every other seat.", n=step + 1)
                 ).classes(
            "text-sm text-grey-8")
        seat_pick = ui.select({i: f"{e} {n}" for i, (e, n) in enumerate(seats)}, value=seat,
                              label=_("Your seat")).props(
            "outlined dense data-testid=pfh-seat").classes("w-full")
        level_pick = ui.select({lv: level_name(lv) for lv in game.bot_levels}, value=level,
                               label=_("Computer players")).props(
            "outlined dense data-testid=pfh-level").classes("w-full")
        deal = ui.radio({k: _(v) for k, v in DEALS.items()}, value="0").props("data-testid=pfh-deal")
        deal_help = ui.label(_(DEAL_HELP["0"])).classes("text-xs text-grey-8")
        deal.on_value_change(
            lambda e: deal_help.set_text(_(DEAL_HELP[str(e.value)]) if str(e.value) in DEAL_HELP else ""))
        with ui.row().classes("w-full justify-end"):
            ui.button(_("Cancel"), on_click=dialog.close).props("flat data-testid=btn-pfh-cancel")

            def go() -> None:
                dialog.close()
                ui.navigate.to(practice_link(code, step, int(seat_pick.value), str(level_pick.value),
                                             deal.value == "1"))

            ui.button(_("Start"), icon="play_arrow", on_click=go).props("color=primary data-testid=btn-pfh-start")
    dialog.open()


def register() -> None:
    @ui.page("/practice/{code}")
    def practice_page(code: str, request: Request) -> RedirectResponse | None:
        viewer_language()  # a ?lang= here is kept for the table it opens
        code = code.strip().upper()[:12]
        if same_deals.held_back(runtime().duplicates(), code, me().player_id, _("Cannot play from there")):
            return None  # they still play the same deals at another table: nothing of this game's play yet
        try:
            new_code = create_from_query(code, dict(request.query_params))
        except SavesFailing as exc:  # 503 until saving works again, as for /new
            answer(SERVICE_UNAVAILABLE)
            with frame(_("Cannot start a table now")):
                ui.label(_("No new tables while Card Night cannot save.")).classes("text-lg font-bold")
                ui.label(reason(exc)).props("data-testid=error")
                ui.button(_("Back to home"), on_click=lambda: ui.navigate.to("/")).props("color=primary")
            return None
        except TooManyTables as exc:  # 429, as for /new
            too_many_tables(exc)
            return None
        except (LookupError, ValueError, IllegalMove) as exc:
            answer(NOT_FOUND if isinstance(exc, LookupError) else BAD_REQUEST)
            with frame(_("Cannot play from there")):
                ui.label(_("That link cannot start a practice table.")).classes("text-lg font-bold")
                ui.label(reason(exc)).props("data-testid=error")
                ui.button(_("Back to home"), on_click=lambda: ui.navigate.to("/")).props("color=primary")
            return None
        return RedirectResponse(f"/table/{new_code}", status_code=303)
