"""Between hands: the summary sheet. At the end: standings, the winner celebrated, "Play again"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nicegui import ui

from logic.tables import STATUS_CLOSED
from ui.components.share import share_buttons
from ui.server.runtime import runtime
from ui.table.report import open_report_dialog
from ui.table.review_summary import review_summary_for_table

if TYPE_CHECKING:
    from ui.table.context import TableContext


def _rows_table(ctx: TableContext, summary: dict) -> None:
    columns = summary.get("columns") or []
    with ui.element("table").classes("w-full text-left"):
        with ui.element("tr"):
            ui.element("th")
            with ui.element("th").classes("q-pr-md"):
                ui.label("Player")
            for _key, label in columns:
                with ui.element("th").classes("q-pr-md"):
                    ui.label(label)
        for row in summary.get("rows", []):
            seat = row.get("seat", 0)
            s = ctx.table.seats[seat]
            with ui.element("tr").props(f"data-testid=summary-row-{seat}"):
                with ui.element("td"):
                    ui.label(s.emoji)
                with ui.element("td").classes("q-pr-md"):
                    ui.label("You" if seat == ctx.seat else s.name)
                for key, _label in columns:
                    with ui.element("td").classes("q-pr-md"):
                        ui.label(str(row.get(key, "")))


def next_hand_action(ctx: TableContext) -> Any:
    """The "go on to the next hand" action (every game calls it kind "next")."""
    return ctx.table.game.decode_action({"kind": "next"})


def hand_summary(ctx: TableContext) -> None:
    view = ctx.view
    summary = view.get("summary") or {}
    with ui.card().classes("w-full max-w-xl self-center text-black").props("data-testid=hand-summary"):
        ui.label(ctx.with_names(summary.get("title", "Hand over"))).classes("text-lg font-bold")
        _rows_table(ctx, summary)
        waiting = [ctx.table.seats[s].name for s in view.get("to_move", []) if s != ctx.seat]
        if ctx.seat is not None and ctx.seat in view.get("to_move", []):
            ui.button("Next hand", icon="arrow_forward", on_click=lambda: ctx.send(next_hand_action(ctx))
                      ).props("color=primary data-testid=btn-next-hand")
        elif waiting:
            ui.label("Waiting for " + ", ".join(waiting)).classes("text-sm text-grey-8")


def standings(ctx: TableContext, actions: bool = True) -> None:
    """The final result; ``actions``: with the buttons to go on (a TV shows the result only)."""
    t = ctx.table
    with ui.card().classes("w-full max-w-xl self-center text-black").props("data-testid=standings"):
        if t.status == STATUS_CLOSED:
            ui.label("The game ended early.").classes("text-lg font-bold")
        outcome = t.game.outcome(t.state) if t.state is not None else None
        if outcome is not None:
            winners = [("You" if w == ctx.seat else t.seats[w].name) for w in outcome.winners]
            verb = "win" if winners == ["You"] else ("share the win" if len(winners) > 1 else "wins")
            ui.label(f"🏆 {' and '.join(winners)} {verb}!").classes("text-xl font-bold").props(
                "data-testid=winner")
            order = sorted(range(len(t.seats)), key=lambda i: (outcome.places[i], i))
            for i in order:
                s = t.seats[i]
                with ui.row().classes("items-center gap-2").props(f"data-testid=standing-{i}"):
                    ui.label(f"{outcome.places[i]}.").classes("font-bold w-6")
                    ui.label(f"{s.emoji} {'You' if i == ctx.seat else s.name}").classes("grow")
                    ui.label(f"{outcome.scores[i]} pts").classes("font-mono")
        if ctx.view.get("summary"):
            ui.separator()
            _rows_table(ctx, ctx.view["summary"])
        if actions and outcome is not None:  # each seat's review, as it comes (ui/table/review_summary.py)
            ui.separator()
            review_summary_for_table(t, order, ctx.seat)
        if actions:
            standings_actions(ctx, outcome is not None)


def standings_actions(ctx: TableContext, finished: bool) -> None:
    t = ctx.table
    with ui.row().classes("gap-2"):
        if t.next_code:
            text = "Join the next game" if ctx.seat is not None else "Watch the next game"
            ui.button(text, on_click=lambda: ui.navigate.to(f"/table/{t.next_code}")).props(
                "color=primary data-testid=btn-rematch-join")
        elif ctx.seat is not None:
            ui.button("Play again", icon="replay", on_click=lambda: play_again(ctx)).props(
                "color=primary data-testid=btn-play-again")
        ui.button("Home", on_click=lambda: ui.navigate.to("/")).props("outline data-testid=btn-home")
        if finished:  # share the result as text or a scorecard image
            share_buttons(t.code)
        if finished:  # step through the game, or tell us what went wrong
            ui.button("Watch the replay", icon="smart_display", on_click=lambda: ui.navigate.to(f"/replay/{t.code}")
                      ).props("outline data-testid=btn-replay")
    ui.button("Report a problem", icon="flag", on_click=lambda: open_report_dialog(ctx)).props(
        "flat dense no-caps data-testid=btn-report-standings")


def play_again(ctx: TableContext) -> None:
    """A new table with the same game, options and computer players; others are offered to join it."""
    t, hub, who = ctx.table, runtime().hub, ctx.me
    level = next((s.bot for s in t.seats if s.bot), None)
    new = hub.create(t.game_key, who.player_id, who.name, who.emoji, options=dict(t.options),
                     practice=t.practice and len(t.humans()) <= 1, level=level)
    if not new.practice:
        taken = {s.name for s in new.seats}
        for i, s in enumerate(t.seats):
            if s.bot and new.seats[i].empty:
                name = s.name if s.name not in taken else f"{s.name} 2"
                new.add_bot(who.player_id, i, s.bot, name, s.emoji)
        new.settings.turn_seconds = t.settings.turn_seconds
        new.settings.bot_delay = t.settings.bot_delay
        new.settings.away_grace, new.settings.watcher_chat = t.settings.away_grace, t.settings.watcher_chat
        hub.changed(new)
    t.next_code = new.code
    t.notice(f"{who.name} started a new game. Join it from the results.")
    t.version += 1
    hub.changed(t)
    ui.navigate.to(f"/table/{new.code}")
