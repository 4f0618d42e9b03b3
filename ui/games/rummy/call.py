"""House rule "Rummy!" (issue 52): the call window on the Rummy screen. Everyone sees it after every discard (the card
and a countdown), whoever may call, so it tells nobody anything about a hand; only a seat that can use the card gets
the ``btn-rummy`` button."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from nicegui import ui

from logic.rummy.actions import CallRummy
from logic.table import timers
from logic.views import RummyView
from ui.games.rummy.parts import pretty, seat_name
from ui.i18n.viewer import _

if TYPE_CHECKING:
    from logic.rummy.view_types import RummyCall
    from ui.table.context import TableContext


def best_call(view: RummyView) -> CallRummy | None:
    """The viewer's call that puts the most cards down (a meld before a lay-off of the card alone), or None."""
    window, calls = view["call_window"], view["calls"]
    if window is None or not calls:
        return None
    pick: RummyCall = max(calls, key=lambda c: (len(c["cards"]), c["meld"] is None))
    return CallRummy(window["card"], meld=pick["meld"], cards=tuple(pick["cards"]))


def call_panel(ctx: TableContext[RummyView], view: RummyView) -> None:
    """The window's card, who discarded it and the seconds left; ``btn-rummy`` for a seat that may call."""
    window = view["call_window"]
    if window is None:
        return

    def left() -> int:
        return math.ceil(timers.seconds_left(ctx.table, time.monotonic(), "commit") or 0)

    box = ui.row().classes("rm-call items-center justify-center gap-2 w-full")
    box.props.update({"data-testid": "rummy-call", "data-card": window["card"], "data-seat": str(window["seat"])})
    with box:
        who = seat_name(ctx, window["seat"])
        ui.label(_("{name} discarded the {card}: Rummy! can be called", name=who, card=pretty(window["card"])))
        clock = ui.label(_("{seconds}s", seconds=left())).classes("rm-call-clock").props(
            "data-testid=rummy-call-clock")
        call = best_call(view)
        if call is not None:
            btn = ui.button(_("Rummy!"), icon="campaign", on_click=lambda: ctx.send(call)).props(
                "color=deep-orange data-testid=btn-rummy")
            btn.props["data-meld"] = "" if call.meld is None else str(call.meld)
            btn.props["data-cards"] = " ".join(call.cards)

    def tick() -> None:
        text = _("{seconds}s", seconds=left())
        if clock.text != text:
            clock.set_text(text)

    ui.timer(0.25, tick)
