"""``/new/<game>?players=4&bots=3&level=expert&seed=42&speed=0``: a practice table for testers, opened at once.

``card=<id>`` starts from a rule card's options (explicit options still win); without ``bots`` it opens a lobby
for friends with those rules (a shared card's link) instead of a practice game.

``program=1`` makes the last seat a program seat; its token is shown once on the table page.

``same_deals=<CODE>`` starts a table with the same deals as table or finished game ``CODE`` (duplicate deals,
``ui/server/duplicate.py``): its options, its number of players and, from a practice game, its computer players
at their levels. Only ``speed`` and ``lang`` may go with it (404: no such table for this person; 400: another
game's, or other options).

``night=<CODE>`` makes the table one of that game night's (its finished match counts in the night's standings);
``friends=1`` opens a lobby for friends instead of a practice game (the night page's "New table" uses both).

Any other query parameter is passed as a game option (e.g. ``hands=8``, ``revolution=true``).
"""

from __future__ import annotations

from typing import Any

from nicegui import ui
from starlette.requests import Request
from starlette.responses import RedirectResponse

from logic.game import IllegalMove
from logic.messages import Message
from logic.registry import get_game
from ui.components.options import players_of
from ui.games import has_screen
from ui.guards.table_caps import TooManyTables, visitor_address
from ui.i18n import _, reason, viewer_language
from ui.i18n.names import game_name
from ui.i18n.viewer import tr
from ui.seat_api.auth import keep_for_reveal, new_token
from ui.server.duplicate import SourceError
from ui.server.runtime import runtime
from ui.server.saving import SavesFailing
from ui.server.services import rule_card_store
from ui.shell.frame import frame
from ui.shell.http_status import BAD_REQUEST, NOT_FOUND, SERVICE_UNAVAILABLE, TOO_MANY_REQUESTS, answer
from ui.shell.identity import me, user_store
from ui.table.rule_card_links import card_for_game

# lang: the page's language; night: the game night the table belongs to; friends=1: a lobby for friends, not
# practice; same_deals: a table with the same deals as another (create_same_deals)
RESERVED = {"bots", "level", "seed", "speed", "timer", "program", "lang", "card", "night", "friends", "same_deals"}
WITH_SAME_DEALS = {"same_deals", "speed", "lang", "seen"}  # what may go with same_deals (the rest is the source's)


def _coerce(value: str) -> Any:
    low = value.lower()
    if low in ("true", "on", "yes"):
        return True
    if low in ("false", "off", "no"):
        return False
    try:
        return int(value)
    except ValueError:
        return value


def create_from_query(game_key: str, params: dict[str, str]) -> str:
    """Validate the parameters and make the table; raises ValueError with a readable message."""
    game = get_game(game_key)
    if not has_screen(game_key):
        raise ValueError(_("{game} is not ready to play yet.", game=game_name(game.key)))
    options = {k: _coerce(v) for k, v in params.items() if k not in RESERVED}
    unknown = [k for k in options if k not in game.config_model.model_fields]
    if unknown:
        raise ValueError(_("Unknown option {option} for {game}.", option=repr(unknown[0]), game=game_name(game.key)))
    # card=<id>: the rule card's options (issue 52); with no bots= it opens a lobby for friends, not practice
    practice = "card" not in params or "bots" in params
    friends = params.get("friends", "0").lower()
    if friends not in ("0", "1", "true", "false"):
        raise ValueError(_("friends is 1 (a lobby for friends) or 0 (a practice game)."))
    if friends in ("1", "true"):
        practice = False
    night_code = params.get("night", "").strip().upper()[:12]
    if "night" in params and runtime().hub.nights.get(night_code) is None:
        raise ValueError(_("No game night with code {code}.", code=night_code or "?"))
    if "card" in params:
        card = card_for_game(game_key, params["card"], rule_card_store(runtime().hub.data_dir))
        options = {**card.options, **options}
    config = game.make_config(**options)  # a readable ValueError for bad options, e.g. players=abc
    level = params.get("level")
    if level is not None and level not in game.bot_levels:
        raise ValueError(_("level must be one of {levels}.", levels=", ".join(game.bot_levels)))
    try:
        bots = int(params["bots"]) if "bots" in params else None
        seed = int(params["seed"]) if "seed" in params else None
        speed = float(params["speed"]) if "speed" in params else None
        timer = int(params["timer"]) if "timer" in params else None
    except ValueError:
        raise ValueError(_("bots, seed, speed and timer must be numbers.")) from None
    if speed is not None and not 0 <= speed <= 10:
        raise ValueError(_("speed is the computer players' delay in seconds, 0 to 10."))
    program = params.get("program", "0").lower()
    if program not in ("0", "1", "true", "false"):
        raise ValueError(_("program is 1 (the last seat is played by a program) or 0."))
    with_program = program in ("1", "true")
    players = int(players_of(config))
    if bots is not None and not 0 <= bots <= players - 1 - with_program:
        raise ValueError(_("bots must be between 0 and {high}.", high=players - 1 - with_program))
    if timer is not None and timer not in game.turn_timer_choices:
        raise ValueError(_("timer must be one of {choices}.", choices=", ".join(map(str, game.turn_timer_choices))))
    if speed == 0:  # at once means at once: e.g. no tapping the deck for Rummy's first deal (Game.table_defaults)
        for name in game.table_defaults:
            options.setdefault(name, game.config_model.model_fields[name].default)
    # the caps first: a refused visitor without a cookie is not given an identity (a storage file) for nothing
    runtime().hub.registry.may_open(str(user_store().get("player_id") or ""), visitor_address())
    who = me()
    rt = runtime()
    token, token_hash = new_token() if with_program else (None, None)
    table = rt.hub.create(game_key, who.player_id, who.name, who.emoji, options=options, practice=practice,
                          level=level, bots=bots, seed=seed if seed is not None else rt.next_seed(), speed=speed,
                          program_hash=token_hash, address=visitor_address(),
                          turn_seconds=timer)  # set before the start: the first turn is timed
    if token is not None:
        keep_for_reveal(rt.program_reveals, table.code, who.player_id, len(table.seats) - 1, token)
    if night_code:
        rt.hub.nights.add_table(night_code, table.code, game_key)
    return table.code


def create_same_deals(game_key: str, params: dict[str, str]) -> str:
    """``same_deals=<CODE>``: a table with the same deals as ``CODE``; SourceError (404/400) or ValueError."""
    get_game(game_key)  # an unknown game: KeyError, answered as any unknown game
    extra = sorted(set(params) - WITH_SAME_DEALS)
    if extra:
        raise ValueError(_("A table with the same deals plays the rules of the first one: {option} cannot be set.",
                           option=extra[0]))
    try:
        speed = float(params["speed"]) if "speed" in params else None
    except ValueError:
        raise ValueError(_("bots, seed, speed and timer must be numbers.")) from None
    if speed is not None and not 0 <= speed <= 10:
        raise ValueError(_("speed is the computer players' delay in seconds, 0 to 10."))
    who = me()
    duplicates = runtime().duplicates()
    source = duplicates.find_source(params["same_deals"], game_key, who.player_id)
    if params.get("seen") != "1" and duplicates.has_seen_group(source.root, who.player_id):
        raise SeenDeals(source.code)
    table = duplicates.start(source, who.player_id, who.name, who.emoji, address=visitor_address(), speed=speed)
    return table.code


class SeenDeals(Exception):
    """This person has seen the deals played (watched, replayed or sat at a table of the group): told first."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def seen_deals_page(exc: SeenDeals, query: str) -> None:
    """Before a seat at a table whose deals the person has seen played: they may still start it."""
    with frame(_("You know these deals")):
        ui.label(_("You have seen these deals played at table {code}. You may still play them, but you know the "
                   "cards.", code=exc.code)).classes("text-lg").props("data-testid=same-deals-seen-confirm")
        with ui.row().classes("gap-2"):
            ui.button(_("Play them anyway"), on_click=lambda: ui.navigate.to(f"?{query}&seen=1")).props(
                "color=primary data-testid=btn-same-deals-anyway")
            ui.button(_("Back to home"), on_click=lambda: ui.navigate.to("/")).props("flat")


def reason_text(exc: ValueError) -> str:
    """Why a link cannot start a table, in the viewer's language: the reason's message (a refused option, a rule
    card, the rules), else the text as it is (the reasons above, already in the viewer's language)."""
    message = getattr(exc, "message", None)
    return tr(message) if isinstance(message, Message) else str(exc)


def too_many_tables(exc: TooManyTables) -> None:
    """The page for a new table refused by the caps (HTTP 429, with words)."""
    answer(TOO_MANY_REQUESTS)
    with frame(_("Too many new tables")):
        ui.label(_("No new table for now.")).classes("text-lg font-bold")
        ui.label(reason(exc)).props("data-testid=error")
        ui.button(_("Back to home"), on_click=lambda: ui.navigate.to("/")).props("color=primary")


def register() -> None:
    @ui.page("/new/{game_key}")
    def new_table(game_key: str, request: Request) -> RedirectResponse | None:
        viewer_language()  # a ?lang= here is kept for the table it opens
        params = dict(request.query_params)
        try:
            code = create_same_deals(game_key, params) if "same_deals" in params else \
                create_from_query(game_key, params)
        except SavesFailing as exc:  # 503 until saving works again: a new table could not be kept
            answer(SERVICE_UNAVAILABLE)
            with frame(_("Cannot start a table now")):
                ui.label(_("No new tables while Card Night cannot save.")).classes("text-lg font-bold")
                ui.label(reason(exc)).props("data-testid=error")
                ui.label(_("Tables already being played go on. Try again once the notice above is gone."))
                ui.button(_("Back to home"), on_click=lambda: ui.navigate.to("/")).props("color=primary")
            return None
        except TooManyTables as exc:  # 429: this address or browser opened too many tables
            too_many_tables(exc)
            return None
        except SeenDeals as exc:  # told before they sit (they may still)
            seen_deals_page(exc, str(request.url.query))
            return None
        except SourceError as exc:  # 404: no such table for this person; 400: not one for this game
            answer(NOT_FOUND if exc.status == NOT_FOUND else BAD_REQUEST)
            with frame(_("Cannot start that table")):
                ui.label(_("That link cannot start a table.")).classes("text-lg font-bold")
                ui.label(tr(exc.message)).props("data-testid=error")
                ui.button(_("Back to home"), on_click=lambda: ui.navigate.to("/")).props("color=primary")
            return None
        except (ValueError, IllegalMove) as exc:
            answer(BAD_REQUEST)
            with frame(_("Cannot start that table")):
                ui.label(_("That link cannot start a table.")).classes("text-lg font-bold")
                ui.label(reason_text(exc)).props("data-testid=error")
                ui.button(_("Back to home"), on_click=lambda: ui.navigate.to("/")).props("color=primary")
            return None
        # an HTTP redirect, not a page that navigates on: nothing half-loaded for the browser to drop
        return RedirectResponse(f"/table/{code}", status_code=303)
