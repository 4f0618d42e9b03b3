"""Rummy's draw for the first deal (phase ``first-draw``): the deck to tap (``btn-first-draw``) and one place per
seat (``first-draw-S``) where that seat's card turns up; the countdown of the phase's own timer."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from nicegui import ui

from logic.table import timers
from logic.views import RummyView
from ui.components.cards import card, card_back
from ui.components.tap import set_tappable
from ui.games.rummy.parts import seat_name
from ui.i18n.viewer import _

if TYPE_CHECKING:
    from ui.table.context import Drawing


def first_draw_board(ctx: Drawing, view: RummyView, on_draw: Callable[[], object]) -> None:
    draw = view["first_deal_draw"]
    cards = list(draw["cards"] or [])
    mine = ctx.seat
    can_draw = mine is not None and mine in (view["to_move"] or []) and not ctx.table.paused
    with ui.column().classes("w-full items-center gap-2").props("data-testid=first-draw-board"):
        ui.label(_("Drawing for the first deal")).classes("text-lg font-bold")
        ui.label(_("The highest card goes first (ace high).") if not can_draw else
                 _("Tap the deck to draw your card. The highest card goes first (ace high).")).classes("text-sm")
        deck = ui.element("div").classes("rm-stock" + (" ready" if can_draw else ""))
        deck.props["data-testid"] = "btn-first-draw"
        set_tappable(deck, can_draw)
        if can_draw:
            deck.props["aria-label"] = _("Deck: tap to draw your card for the first deal")
            deck.on("click", lambda _e: on_draw())
        else:
            reason = (_("You are watching this table.") if mine is None else
                      _("The game is paused.") if ctx.table.paused else _("You have drawn: waiting for the others."))
            deck.props["aria-label"] = _("Deck")
            deck.props["aria-disabled"] = "true"
            deck.props["data-reason"] = reason
        with deck:
            card_back(str(ctx.pref("card_back", "#2b4c9b")))
        countdown(ctx, can_draw)
        with ui.row().classes("justify-center items-end gap-3"):
            for seat, code in enumerate(cards):
                with ui.column().classes("items-center gap-1"):
                    slot = ui.element("div")
                    slot.props["data-testid"] = f"first-draw-{seat}"
                    slot.props["data-card-draw"] = code or ""
                    with slot:
                        if code:
                            card(code)
                        else:
                            empty = ui.element("div").classes("pcard rm-empty")
                            empty.props["role"] = "img"  # a named picture of the empty place (aria-label needs a role)
                            empty.props["aria-label"] = _("{name}: not drawn yet", name=seat_name(ctx, seat))
                    ui.label(seat_name(ctx, seat)).classes("text-sm")


def countdown(ctx: Drawing, active: bool) -> None:
    """Seconds until the game draws for you (the phase's own timer, kept by the table)."""
    if not active:
        return

    def left() -> str:
        left = timers.seconds_left(ctx.table, time.monotonic())
        return _("Drawn for you in {s} s", s=math.ceil(left)) if left is not None else ""

    label = ui.label(left()).classes("text-xs opacity-80").props("data-testid=first-draw-countdown")
    ui.timer(1.0, lambda: label.set_text(left()))
