"""What people do on a game night's page: start a table of the night (the ``/new`` flow with ``night=<CODE>``), see
a seating and open the next game's lobbies with everyone seated, and the host's corrections (merge two names, take a
match out, computer players listed or not, end the night)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from nicegui import ui

from logic.cards import derive_rng
from logic.game import IllegalMove
from logic.night import Night, merge_people, standings
from logic.night.seating import By, TablePlan, seat_people
from logic.registry import get_game
from logic.rule_cards import shipped_cards, standard_options
from logic.table import Table, bot_identity, lobby
from ui.components.dialog import named_dialog
from ui.components.options import option_controls, player_choices
from ui.components.region import Region
from ui.guards.table_caps import TooManyTables
from ui.i18n import _, ngettext, reason
from ui.i18n.names import game_name, level_name
from ui.i18n.viewer import tr
from ui.pages.home import playable_games
from ui.server.duplicate import Duplicates
from ui.server.hub import Hub
from ui.server.saving import SavesFailing
from ui.shell.identity import Me


def new_table_url(night_code: str, game_key: str, players: int, practice: bool, level: str, card: str,
                  options: dict[str, Any]) -> str:
    """The ``/new`` link that starts a table of the night: a practice game against computer players, or a lobby for
    friends; a rule card's options and the options changed from the standard."""
    params: dict[str, Any] = {"night": night_code, "players": players}
    if practice:
        params.update(bots=players - 1, level=level)
    else:
        params["friends"] = 1
    if card:
        params["card"] = card
    params.update({k: str(v).lower() if isinstance(v, bool) else v for k, v in options.items()})
    return f"/new/{game_key}?{urlencode(params)}"


def new_table_dialog(night: Night) -> None:
    """New table: any game, practice or friends, players, the computer players' level, a rule card, the options."""
    games = playable_games()
    state: dict[str, Any] = {"game": games[0].key, "practice": False}

    def game_part() -> None:
        game = get_game(state["game"])
        standard = standard_options(game.config_model, game.table_defaults)
        values: dict[str, Any] = dict(standard)
        counts = player_choices(game)
        state.update(players=counts[0], level=game.bot_levels[min(1, len(game.bot_levels) - 1)], card="",
                     values=values, standard=standard)
        with ui.row().classes("gap-2"):
            ui.select({c: ngettext("{n} player", "{n} players", c) for c in counts}, label=_("Players"),
                      value=state["players"]).bind_value(state, "players").props("data-testid=night-new-players")
            ui.select({lv: level_name(lv) for lv in game.bot_levels}, label=_("Computer players"),
                      value=state["level"]).bind_value(state, "level").props(
                "data-testid=night-new-level").classes("min-w-[150px]")
            cards = {"": _("Standard rules"), **{c.id: tr(c.name) for c in shipped_cards(game.key)}}
            ui.select(cards, label=_("Rule card"), value="").bind_value(state, "card").props(
                "data-testid=night-new-card").classes("min-w-[150px]")
        with ui.row().classes("gap-2"):
            option_controls(game.config_model, values, lambda k, v: values.__setitem__(k, v))

    with named_dialog(_("New table")) as dialog, ui.card().classes("min-w-[300px] max-w-3xl").props(
            "data-testid=night-new-dialog"):
        ui.label(_("New table for {night}", night=night.name)).classes("text-lg font-bold")
        ui.toggle({False: _("Friends table"), True: _("Practice")}, value=False).bind_value(state, "practice").props(
            "no-caps data-testid=night-new-kind")

        def pick(e: Any) -> None:
            state["game"] = e.value
            region.update()

        ui.select({g.key: game_name(g.key) for g in games}, label=_("Game"), value=state["game"],
                  on_change=pick).props("data-testid=night-new-game")
        region = Region(game_part, lambda: state["game"], "night-new-game-part")
        region.update(force=True)
        with ui.row().classes("justify-end w-full"):
            ui.button(_("Cancel"), on_click=dialog.close).props("flat")

            def go() -> None:
                changed = {k: v for k, v in state["values"].items()
                           if k != "players" and state["standard"].get(k) != v}
                dialog.close()
                ui.navigate.to(new_table_url(night.code, state["game"], int(state["players"]), bool(state["practice"]),
                                             str(state["level"]), str(state["card"]), changed))

            ui.button(_("Start the table"), on_click=go).props("color=primary data-testid=btn-night-new-go")
    dialog.open()


def people_present(night: Night) -> list[str]:
    """The people (not computer players) of the night, as the merges count them, in the order they came."""
    keys = [night.person_of(k) for k, p in night.people.items() if not p.computer]
    return list(dict.fromkeys(keys))


def plan_for(night: Night, game_key: str, present: list[str], by: By, seed: int) -> list[TablePlan]:
    ranking = [s.key for s in standings(night, show_computers=False)]
    return seat_people(present, player_choices(get_game(game_key)), by, seed, ranking)


def open_next_game(hub: Hub, night: Night, game_key: str, plans: list[TablePlan], level: str,
                   address: str | None, duplicates: Duplicates | None = None) -> list[str]:
    """Lobbies for the next game, one per table of the seating, everyone seated; the first person of each table
    hosts it (starts it), computer players fill the seats the seating left. At a night scored by the same deals
    (with ``duplicates``), every table of the first one's size plays the first one's deals. Returns the codes."""
    game = get_game(game_key)
    codes: list[str] = []
    source: Table | None = None
    for plan in plans:
        if not plan.people:
            continue
        people = [night.people[k] for k in plan.people if k in night.people]
        first = people[0]
        same = source if source is not None and night.scoring == "duplicate" and plan.seats == len(source.seats) \
            else None
        table = hub.create(game_key, first.key, first.name, first.emoji, options={"players": plan.seats},
                           practice=False, seed=same.seed if same is not None else None, address=address)
        group = duplicates.adopt(table, same) if same is not None and duplicates is not None else None
        source = source or table
        now = hub.clock()
        for person in people[1:]:
            lobby.join(table, person.key, person.name, person.emoji, now)
        rng = derive_rng(table.seed, "night-bots", *([table.code] if group else []))  # (twins: names of their own)
        for seat in table.open_seats()[:plan.computers]:
            name, emoji = bot_identity(rng, {s.name for s in table.seats}, {s.emoji for s in table.seats})
            middle = game.bot_levels[min(1, len(game.bot_levels) - 1)]
            lobby.add_bot(table, first.key, seat, level if level in game.bot_levels else middle, name, emoji)
        table.touch()
        hub.changed(table)
        hub.nights.add_table(night.code, table.code, game_key, group)
        codes.append(table.code)

    def remember(n: Night) -> None:
        n.next_tables = codes
        n.touch()

    hub.nights.change(night, remember)
    return codes


def next_game_dialog(hub: Hub, night: Night, viewer: Me, address: str | None,
                     on_done: Callable[[list[str]], None], duplicates: Duplicates | None = None) -> None:
    """The seating for a game (at random or by the standings, who is here ticked) and, for the night's host,
    "Open the tables": a lobby per table with everyone in it."""
    games = playable_games()
    present = people_present(night)
    state: dict[str, Any] = {"game": games[0].key, "by": "random", "seed": night.version, "level": "",
                             "here": {k: True for k in present}}
    host = viewer.player_id == night.host_id

    def plan() -> list[TablePlan]:
        here = [k for k in present if state["here"].get(k)]
        return plan_for(night, state["game"], here, state["by"], int(state["seed"]))

    def plan_part() -> None:
        with ui.column().classes("w-full gap-1").props("data-testid=night-seating-plan"):
            plans = plan()
            if not plans:
                ui.label(_("Tick who is here.")).classes("text-grey-8")
            for i, p in enumerate(plans):
                names = [f"{night.people[k].emoji} {night.people[k].name}" for k in p.people if k in night.people]
                line = ", ".join(names)
                if p.computers:
                    line += " · " + ngettext("{n} computer player", "{n} computer players", p.computers)
                with ui.row().classes("items-center gap-2 no-wrap").props(f"data-testid=night-seating-table-{i}"):
                    ui.label(_("Table {n}", n=i + 1)).classes("font-bold text-sm whitespace-nowrap")
                    ui.label(line).classes("text-sm")

    with named_dialog(_("Next game")) as dialog, ui.card().classes("min-w-[300px] max-w-full").props(
            "data-testid=night-next-dialog"):
        ui.label(_("Next game")).classes("text-lg font-bold")

        def redo(key: str | None = None, value: Any = None) -> None:
            if key is not None:
                state[key] = value
            region.update()

        def here(key: str, value: Any) -> None:
            state["here"][key] = bool(value)
            region.update()

        with ui.row().classes("gap-2 items-center"):
            ui.select({g.key: game_name(g.key) for g in games}, label=_("Game"), value=state["game"],
                      on_change=lambda e: redo("game", e.value)).props(
                "data-testid=night-next-game")
            ui.toggle({"random": _("At random"), "standings": _("By standings")}, value="random",
                      on_change=lambda e: redo("by", e.value)).props(
                "no-caps data-testid=night-seating-by")

            def shuffle() -> None:
                state["seed"] = int(state["seed"]) + 1
                region.update()

            ui.button(_("Shuffle"), icon="shuffle", on_click=shuffle).props(
                "flat no-caps data-testid=btn-night-shuffle")
        ui.label(_("Who is here?")).classes("text-sm font-bold")
        with ui.row().classes("gap-1").props("data-testid=night-here"):
            for key in present:
                person = night.people[key]
                ui.checkbox(f"{person.emoji} {person.name}", value=True,
                            on_change=lambda e, k=key: here(k, e.value)).props(
                    f"data-testid=night-here-{present.index(key)}")
        region = Region(plan_part, lambda: (state["game"], state["by"], state["seed"],
                                            tuple(sorted(k for k, v in state["here"].items() if v))),
                        "night-seating")
        region.update(force=True)
        with ui.row().classes("justify-end w-full items-center"):
            ui.button(_("Close"), on_click=dialog.close).props("flat")

            def go() -> None:
                try:
                    codes = open_next_game(hub, night, state["game"], plan(), state["level"], address, duplicates)
                except (IllegalMove, ValueError, SavesFailing, TooManyTables) as exc:
                    ui.notify(reason(exc), type="warning", position="top")
                    return
                dialog.close()
                on_done(codes)

            go_button = ui.button(_("Open the tables"), icon="play_arrow", on_click=go).props(
                "color=primary data-testid=btn-night-next-go")
            if not host:
                go_button.disable()
                go_button.props["data-reason"] = _("Only the night's host opens the tables.")
                ui.label(_("Only the night's host opens the tables.")).classes("text-xs text-grey-8")
    dialog.open()


def merge_dialog(hub: Hub, night: Night) -> None:
    """The host counts two names as one person (someone who played on two devices, or under two names)."""
    keys = list(night.people)
    labels = {k: f"{night.people[k].emoji} {night.people[k].name}" for k in keys}
    state: dict[str, Any] = {"from": keys[0] if keys else None, "into": keys[1] if len(keys) > 1 else None}
    with named_dialog(_("Merge two names")) as dialog, ui.card().classes("min-w-[300px]").props(
            "data-testid=night-merge-dialog"):
        ui.label(_("Merge two names")).classes("text-lg font-bold")
        ui.label(_("Count the matches of one name as another's: one person who played under two names."))
        ui.select(labels, label=_("Count"), value=state["from"]).bind_value(state, "from").props(
            "data-testid=night-merge-from")
        ui.select(labels, label=_("as"), value=state["into"]).bind_value(state, "into").props(
            "data-testid=night-merge-into")
        with ui.row().classes("justify-end w-full"):
            ui.button(_("Cancel"), on_click=dialog.close).props("flat")

            def go() -> None:
                one, other = night.person_of(str(state["from"])), night.person_of(str(state["into"]))
                if one == other:
                    ui.notify(_("Those are already one person."), type="warning", position="top")
                    return
                if night.people[one].computer != night.people[other].computer:
                    ui.notify(_("A person and a computer player cannot be merged."), type="warning", position="top")
                    return
                try:
                    hub.nights.change(night, lambda n: merge_people(n, one, other))
                except ValueError as exc:
                    ui.notify(reason(exc), type="warning", position="top")
                    return
                dialog.close()

            ui.button(_("Merge"), on_click=go).props("color=primary data-testid=btn-night-merge-go")
    dialog.open()
