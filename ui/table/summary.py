"""Between hands: the summary sheet. At the end: standings, the winner celebrated, "Play again"."""

from __future__ import annotations

import math
import time
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from nicegui import ui

from logic.messages import t_msg
from logic.table import STATUS_CLOSED, STATUS_OVER, chat, lobby, timers
from logic.views import SummaryView
from ui.components.points import fewest_wins, lowest_seats, score_at_row_end
from ui.components.share import share_buttons
from ui.guards.table_caps import TooManyTables, visitor_address
from ui.i18n import _, reason
from ui.i18n.viewer import num
from ui.server.hub import Hub
from ui.server.saving import SavesFailing
from ui.server.services import TableServices
from ui.table.report import open_report_dialog
from ui.table.review_summary import review_summary_for_table
from ui.table.seat_wording import in_language
from ui.table.seats import soft_break

if TYPE_CHECKING:
    from ui.table.context import TableContext


def hand_words(word: str) -> dict[str, str]:
    """The sentences about the next and the last hand, for a game whose hand is a "hand", a "round" (Beanie) or a
    "deal" (Stockpile): whole sentences per word, so each language can decline it its own way."""
    if word == "round":
        return {"next": _("Next round"), "last": _("Last round"), "now": _("The next round starts now"),
                "in": _("Next round in {s} s"),
                        "paused": _("Paused: the next round starts {s} s after the game goes on")}
    if word == "deal":
        return {"next": _("Next deal"), "last": _("Last deal"), "now": _("The next deal starts now"),
                "in": _("Next deal in {s} s"), "paused": _("Paused: the next deal starts {s} s after the game goes on")}
    return {"next": _("Next hand"), "last": _("Last hand"), "now": _("The next hand starts now"),
            "in": _("Next hand in {s} s"), "paused": _("Paused: the next hand starts {s} s after the game goes on")}


def _rows_table(ctx: TableContext, summary: SummaryView | None) -> None:
    columns = summary["columns"] if summary is not None else []
    with ui.element("table").classes("w-full text-left cn-summary-table"):
        with ui.element("tr"):
            ui.element("th")
            with ui.element("th").classes("q-pr-md"):
                ui.label(_("Player"))
            for _key, label in columns:
                with ui.element("th").classes("q-pr-md"):
                    ui.label(in_language(label))
        for row in summary["rows"] if summary is not None else []:
            cells: Mapping[str, object] = row  # a game's row has columns of its own, named by the column keys
            seat = row["seat"]
            s = ctx.table.seats[seat]
            with ui.element("tr").props(f"data-testid=summary-row-{seat}"):
                with ui.element("td"):
                    ui.label(s.emoji)
                with ui.element("td").classes("q-pr-md"):
                    ui.label(_("You") if seat == ctx.seat else s.name)
                for key, _label in columns:
                    with ui.element("td").classes("q-pr-md"):
                        value = cells.get(key, "")  # a game's word (President's title) is a line in the viewer's
                        # language; a one-word vice title breaks after its "Vice" in a narrow column, not mid-word
                        ui.label(soft_break(in_language(value)) if isinstance(value, str) else str(value))


def next_hand_action(ctx: TableContext) -> Any:
    """The "go on to the next hand" action (every game calls it kind "next")."""
    return ctx.table.game.decode_action({"kind": "next"})


def hand_summary(ctx: TableContext) -> None:
    view = ctx.view
    summary = view["summary"] if view is not None else None
    to_move = view["to_move"] if view is not None else []
    with ui.card().classes("w-full max-w-xl self-center text-black").props("data-testid=hand-summary"):
        ui.label(ctx.with_names(summary["title"] if summary is not None else _("Hand over"))).classes(
            "text-lg font-bold")
        if ctx.table.game.lower_is_better:  # the totals are penalty points
            ui.label(fewest_wins()).classes("text-sm font-bold").props("data-testid=summary-fewest-wins")
        _rows_table(ctx, summary)
        waiting = [ctx.table.seats[s].name for s in to_move if s != ctx.seat]
        with ui.row().classes("items-center gap-3"):
            if ctx.seat is not None and ctx.seat in to_move:
                ui.button(hand_words(ctx.table.game.hand_word)["next"], icon="arrow_forward",
                          on_click=lambda: ctx.send(next_hand_action(ctx))).props(
                    "color=primary data-testid=btn-next-hand")
            elif waiting:
                ui.label(_("Waiting for {names}", names=", ".join(waiting))).classes("text-sm text-grey-8")
            next_hand_countdown(ctx)


def summary_key(ctx: TableContext, services: TableServices | None) -> Hashable:
    """What the summary region draws, as a plain value: it redraws only when this changes, so a chat message, a
    presence change or another seat pressing "Next hand" does not replace the button under a finger. The countdown
    keeps itself up to date (next_hand_countdown) and each seat's review follows its runner (review_summary.py)."""
    t = ctx.table
    over = t.status in (STATUS_OVER, STATUS_CLOSED) or t.phase() == "over"
    if not over and t.phase() != "hand-over":
        return "none"
    view = ctx.view
    names = tuple((s.name, s.emoji) for s in t.seats)
    drawn = repr(view["summary"]) if view is not None else None  # the sheet of the hand (plain lists and dicts)
    if over:
        night = services.hub.nights.night_of_table(t.code) if services is not None else None
        archived = services is not None and services.finished.find(t.code) is not None
        return ("over", t.status, t.state is None, ctx.seat, names, drawn, t.next_code,
                night.code if night is not None else None, archived)
    to_move = tuple(view["to_move"]) if view is not None else ()
    mine = ctx.seat is not None and ctx.seat in to_move
    waiting = () if mine else tuple(s for s in to_move if s != ctx.seat)  # the names shown while the others press
    return ("hand-over", ctx.seat, names, drawn, mine, waiting)


def countdown_words(ctx: TableContext) -> tuple[str, int | None]:
    """What the countdown to the next hand says now, and the whole seconds left (None: no countdown runs)."""
    t = ctx.table
    words = hand_words(t.game.hand_word)  # "hand"; Beanie's "round", Stockpile's "deal"
    if t.paused:
        left = getattr(t, "paused_left", None)
        if left is None:
            return "", None
        secs = math.ceil(left)
        return words["paused"].replace("{s}", num(secs)), secs
    left = timers.seconds_left(t, time.monotonic())
    if left is None:
        return "", None
    secs = math.ceil(left)
    return (words["now"] if secs <= 0 else words["in"].replace("{s}", num(secs))), secs


def next_hand_countdown(ctx: TableContext) -> None:
    """The seconds until the next hand starts for everyone (the host's "Next hand starts" choice), kept up to date
    by the page's clock; nothing when the table waits for everyone."""
    text, secs = countdown_words(ctx)
    label = ui.label(text).classes("next-hand-countdown text-sm font-bold").props(
        "data-testid=next-hand-countdown role=timer aria-live=off")
    label.props["data-seconds"] = "" if secs is None else str(secs)
    label.set_visibility(secs is not None)

    def tick() -> None:
        if label.is_deleted:
            return
        now_text, now_secs = countdown_words(ctx)
        if label.text != now_text:
            label.set_text(now_text)
            label.props["data-seconds"] = "" if now_secs is None else str(now_secs)
            label.set_visibility(now_secs is not None)

    ui.timer(0.5, tick)


def standings(ctx: TableContext, services: TableServices | None) -> None:
    """The final result; with the server's ``services`` (a live seat's page), each seat's review and the buttons to
    go on (a TV shows the result only)."""
    t = ctx.table
    with ui.card().classes("w-full max-w-xl self-center text-black").props("data-testid=standings"):
        if t.status == STATUS_CLOSED:
            ui.label(_("The game ended early.")).classes("text-lg font-bold")
        outcome = t.game.outcome(t.state) if t.state is not None else None
        if outcome is not None:
            ui.label(winner_words(ctx, outcome.winners)).classes("text-xl font-bold").props(
                "data-testid=winner")
            order = sorted(range(len(t.seats)), key=lambda i: (outcome.places[i], i))
            ui.label(_("Final standings")).classes("text-lg font-bold").props("data-testid=standings-title")
            if outcome.lower_is_better:  # Beanie's penalty points: said, so "11 pts" under the winner reads right
                ui.label(fewest_wins()).classes("text-sm font-bold").props("data-testid=standings-fewest-wins")
            low = lowest_seats(outcome.scores, outcome.lower_is_better)
            for i in order:
                s = t.seats[i]
                with ui.row().classes("items-center gap-2").props(f"data-testid=standing-{i}"):
                    ui.label(f"{outcome.places[i]}.").classes("font-bold w-6")
                    ui.label(f"{s.emoji} {_('You') if i == ctx.seat else s.name}").classes("grow")
                    score_at_row_end(outcome.scores[i], i in low)
        summary = ctx.view["summary"] if ctx.view is not None else None
        if summary:  # the last hand's own table, under a heading of its own beside the whole game's ranking
            ui.separator()
            ui.label(hand_words(t.game.hand_word)["last"]).classes("text-lg font-bold").props("data-testid=last-hand")
            _rows_table(ctx, summary)
        if services is not None and outcome is not None:  # each seat's review, as it comes (review_summary.py)
            ui.separator()
            review_summary_for_table(services.hub.reviews, t, order, ctx.seat)
        if services is not None:
            standings_actions(ctx, outcome is not None, services)


def winner_words(ctx: TableContext, winners: Sequence[int]) -> str:
    """"🏆 You win!", "🏆 Ann wins!", "🏆 Ann and you share the win!" for this viewer."""
    names = [ctx.table.seats[w].name for w in winners if w != ctx.seat]
    if len(winners) == 1:
        return _("🏆 You win!") if winners[0] == ctx.seat else _("🏆 {name} wins!", name=names[0])
    if ctx.seat in winners:
        return _("🏆 You and {names} share the win!", names=", ".join(names))
    return _("🏆 {names} and {last} share the win!", names=", ".join(names[:-1]), last=names[-1])


def standings_actions(ctx: TableContext, finished: bool, services: TableServices) -> None:
    t = ctx.table
    with ui.row().classes("gap-2"):
        if t.next_code:
            text = _("Join the next game") if ctx.seat is not None else _("Watch the next game")
            ui.button(text, on_click=lambda: ui.navigate.to(f"/table/{t.next_code}")).props(
                "color=primary data-testid=btn-rematch-join")
        elif ctx.seat is not None:
            ui.button(_("Play again"), icon="replay", on_click=lambda: play_again(ctx, services.hub)).props(
                "color=primary data-testid=btn-play-again")
        ui.button(_("Home"), on_click=lambda: ui.navigate.to("/")).props("outline data-testid=btn-home")
        night = services.hub.nights.night_of_table(t.code)
        if night is not None:  # a table of a game night: back to the night's standings
            ui.button(_("Back to the night"), icon="nightlife",
                      on_click=lambda c=night.code: ui.navigate.to(f"/night/{c}")).props(
                "outline data-testid=btn-night")
        record = services.finished.find(t.code) if finished else None
        if record is not None:  # share the result as text or a scorecard image
            share_buttons(record, services.finished.start(record))
        if finished:  # step through the game, or tell us what went wrong
            ui.button(_("Watch the replay"), icon="smart_display", on_click=lambda: ui.navigate.to(f"/replay/{t.code}")
                      ).props("outline data-testid=btn-replay")
    ui.button(_("Report a problem"), icon="flag", on_click=lambda: open_report_dialog(ctx, services.reports())).props(
        "flat dense no-caps data-testid=btn-report-standings")


def play_again(ctx: TableContext, hub: Hub) -> None:
    """A new table with the same game, options and computer players; others are offered to join it."""
    t, who = ctx.table, ctx.me
    level = next((s.bot for s in t.seats if s.bot), None)
    try:
        new = hub.create(t.game_key, who.player_id, who.name, who.emoji, options=dict(t.options),
                         practice=t.practice and len(t.humans()) <= 1, level=level, address=visitor_address())
    except (SavesFailing, TooManyTables) as exc:  # the disk is full: no new table until saves work again
        ui.notify(reason(exc), type="warning", position="top")
        return
    if not new.practice:
        for i, s in enumerate(t.seats):
            if s.bot and new.seats[i].empty:  # the same computer players (add_bot gives way to the host's name)
                lobby.add_bot(new, who.player_id, i, s.bot, s.name, s.emoji)
        new.settings.turn_seconds = t.settings.turn_seconds
        new.settings.bot_delay = t.settings.bot_delay
        new.settings.away_grace, new.settings.watcher_chat = t.settings.away_grace, t.settings.watcher_chat
        new.settings.next_hand_seconds = t.settings.next_hand_seconds
        hub.changed(new)
    t.next_code = new.code
    night = hub.nights.night_of_table(t.code)
    if night is not None:  # the next game of a night's table belongs to the night too
        hub.nights.add_table(night.code, new.code, new.game_key)
    chat.notice(t, t_msg("{name} started a new game. Join it from the results.", name=who.name))
    t.version += 1
    hub.changed(t)
    ui.navigate.to(f"/table/{new.code}")
