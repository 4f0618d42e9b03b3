"""A seat badge's presence: ``data-presence`` and its short text ("reconnecting…", "away 2 min"), and the badge's
actions: hand an away seat to the computer, offer a computer's seat to watchers, take an offered seat."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from nicegui import ui

from logic.table import AWAY, CONNECTED, RECONNECTING, STATUS_PLAYING, away_text, watch
from logic.table import away as table_away
from ui.i18n import _
from ui.table.seat_wording import in_language

if TYPE_CHECKING:
    from logic.table import Table
    from ui.table.context import TableContext

PRESENCE_REFRESH_SECONDS = 2.0


def presence_text(table: Table, seat: int, now: float) -> tuple[str, str]:
    """``(data-presence value, text shown)``."""
    state, seconds = table_away.presence(table, seat, now)
    if state != CONNECTED and table_away.not_here_yet(table, seat):
        return state, _("not here yet")
    if state == RECONNECTING:
        return state, _("reconnecting…")
    if state == AWAY:
        return state, in_language(away_text(seconds))
    return state, ""


def patch_presence(table: Table, seat: int, badge: ui.element, label: ui.label | None) -> None:
    """Bring the badge's presence up to date in place (sends something only when it changed)."""
    if badge.is_deleted or seat >= len(table.seats):
        return
    state, text = presence_text(table, seat, time.monotonic())
    if badge.props.get("data-presence") != state:
        badge.props["data-presence"] = state
    if label is not None and not label.is_deleted:
        if label.text != text:
            label.set_text(text)
        coming = state != CONNECTED and table_away.not_here_yet(table, seat)
        if coming != ("not-yet" in label.classes):  # grey, not the red of a dropped page
            label.classes(add="not-yet") if coming else label.classes(remove="not-yet")


def presence_actions_key(ctx: TableContext, seat: int) -> tuple[bool, bool, bool, bool]:
    t, pid = ctx.table, ctx.me.player_id
    offer = (ctx.is_host and t.status == STATUS_PLAYING and t.seats[seat].bot is not None
             and (table_away.watchers(t) > 0 or seat in t.offered_seats))  # only while someone watches
    take = ctx.seat is None and t.status == STATUS_PLAYING and watch.can_take_seat(t, pid, seat)
    return table_away.can_hand_to_computer(t, pid, seat), offer, seat in t.offered_seats, take


def presence_actions(ctx: TableContext, seat: int) -> None:
    can_hand, offer, offered, take = presence_actions_key(ctx, seat)
    pid = ctx.me.player_id
    if can_hand:
        ui.button(_("Computer plays"), icon="smart_toy", on_click=lambda: ctx.act(
            lambda t, now: table_away.hand_to_computer(t, pid, seat, now))).props(
            f"dense no-caps size=sm color=amber text-color=black data-testid=btn-seat-to-computer-{seat}").classes(
            "seat-action")
    if offer:
        ui.button(_("Withdraw offer") if offered else _("Offer to watchers"), on_click=lambda: ctx.act(
            lambda t, now: watch.offer_seat(t, pid, seat, not offered))).props(
            f"dense flat no-caps size=sm color=white data-testid=btn-offer-seat-{seat}").classes("seat-action")
    if take:
        ui.button(_("Take this seat"), icon="event_seat", on_click=lambda: take_seat(ctx, seat)).props(
            f"dense no-caps size=sm color=amber text-color=black data-testid=btn-take-seat-{seat}").classes(
            "seat-action")


def take_seat(ctx: TableContext, seat: int) -> None:
    who = ctx.me
    ctx.act(lambda t, now: watch.take_seat(t, who.player_id, who.name, who.emoji, seat, now))
