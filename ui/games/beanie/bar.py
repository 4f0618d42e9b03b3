"""Beanie's action bar: Draw, Take, Lay set, Discard, Steal and the end-round vote, each off with its reason when it
cannot be used, and a line saying what to do next. What a tap on them does is in ui/games/beanie/controls.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nicegui import ui

from logic.beanie.actions import AGREE, DRAW_DISCARD, DRAW_STOCK, PROPOSE, WITHDRAW, Discard
from logic.views import BeanieView
from ui.games.base import COMPUTER_PLAYS_FOR_YOU, action_button, computer_plays_for_viewer
from ui.games.beanie.controls import BeanieControls, BeanieState
from ui.games.beanie.parts import (
    is_wild,
    name_of,
    pretty,
    reason_on,
    steal_pairs,
)

if TYPE_CHECKING:
    from ui.table.context import TableContext


def action_bar(ctx: TableContext[BeanieView], state: BeanieState, do: BeanieControls) -> None:
    """The buttons above the hand (the page redraws them when the screen's ``actions_key`` changes)."""
    view = ctx.view
    if view["phase"] != "play":
        return
    sel = list(ctx.selected)
    hint: str | None = None
    if not ctx.my_turn:  # the buttons a turn starts with, off, where they will be: none moves when it comes
        turn = view["turn"]
        reason, waiting = "Not your turn", None
        if computer_plays_for_viewer(ctx):
            reason = COMPUTER_PLAYS_FOR_YOU
        elif turn == ctx.seat:  # paused on the viewer's turn
            reason = "The game is paused"
        else:
            waiting = name_of(ctx, turn) if turn is not None else "the others"
        action_button(ctx, "Draw", "btn-draw", None, reason, icon="style")
        top = view["discard_top"]
        action_button(ctx, f"Take {pretty(top)}" if top else "Take discard", "btn-take", None, reason)
        action_button(ctx, "Lay set", "btn-lay", None, reason)
        vote_buttons(ctx, view)
        if waiting is not None:
            ui.label(f"Waiting for {waiting}").classes("reason w-full text-center").props("data-testid=waiting")
        return
    if view["turn_stage"] == "draw":
        action_button(ctx, "Draw", "btn-draw", DRAW_STOCK, None, primary=True, icon="style")
        top = view["discard_top"]
        action_button(ctx, f"Take {pretty(top)}" if top else "Take discard", "btn-take", DRAW_DISCARD,
                      None if top else "The discard pile is empty")
        action_button(ctx, "Lay set", "btn-lay", None, "Draw a card first")
        ui.label("First draw a card: from the stock or the discard pile.").classes("reason w-full text-center"
                                                                                     ).props("data-testid=reason")
        return
    if state.steal_mode:
        pairs = steal_pairs(ctx, view)
        ui.button("Cancel steal", icon="close", on_click=do.toggle_steal).props(
            "outline data-testid=btn-steal data-mode=cancel")
        chosen = sel[0] if sel else None
        ready = chosen is not None and any(c == chosen for _s, c in pairs)
        hint = ("Now tap the pulsing ★ Beanie on the table to swap it." if ready
                else "Tap a glowing card in your hand: it takes the Beanie's place.")
        ui.label(hint).classes("reason w-full text-center").props("data-testid=reason")
        return
    # Lay set
    lay_reason = do.lay_reason(view, sel)
    lay_btn = ui.button("Lay set", icon="view_week", on_click=do.lay)
    lay_btn.props("data-testid=btn-lay " + ("color=primary" if not lay_reason else "outline"))
    reason_on(lay_btn, lay_reason)
    # Discard
    disc_reason = "Select one card to discard" if len(sel) != 1 else ctx.check(Discard(sel[0]))
    action_button(ctx, "Discard", "btn-discard", Discard(sel[0]) if len(sel) == 1 else None, disc_reason,
                  primary=len(sel) == 1 and not disc_reason, icon="south")
    # Steal (only when a swap exists; disabled with the reason when you have not laid yet)
    if steal_pairs(ctx, view):
        ui.button("Steal Beanie ★", on_click=do.toggle_steal).props(
            "color=amber text-color=black no-caps data-testid=btn-steal")
    elif steal_pairs(ctx, view, need_laid=False):
        b = ui.button("Steal Beanie ★").props("outline no-caps data-testid=btn-steal")
        reason_on(b, "Lay a set of your own first")
    vote_buttons(ctx, view)
    if not sel:
        hint = "Select 3+ cards to lay a set, a card for a + on a set, or one card to discard."
        if view["first_turn"]:
            hint += " (First turn: you can't go out yet.)"
    elif len(sel) == 1:
        hint = disc_reason or ("Tap ★ on a set to place the Beanie, or Discard it." if is_wild(sel[0], view)
                               else "Tap + on a set to add it, or Discard it.")
    else:
        hint = lay_reason or "Lay set to put these cards on the table."
    ui.label(hint).classes("reason w-full text-center").props("data-testid=reason")


def vote_buttons(ctx: TableContext[BeanieView], view: BeanieView) -> None:
    vote = view["vote"]
    me = ctx.seat
    if vote is None:
        reason = ctx.check(PROPOSE) if ctx.my_turn else "Propose on your turn"
        if reason and "Draw a card first" in reason:
            reason = "Draw a card first"
        action_button(ctx, "End round?", "btn-end-round", PROPOSE, reason).props("flat dense no-caps")
    elif me is not None and me in vote["agreed"]:  # any voter takes their own vote back, on any turn
        label = "Cancel end-round vote" if vote["proposer"] == me else "Cancel my agreement"
        reason = ctx.check(WITHDRAW)
        if reason and "Draw a card first" in reason:
            reason = "Draw a card first"
        action_button(ctx, label, "btn-withdraw", WITHDRAW, reason).props("flat dense no-caps")
    elif me is not None:
        action_button(ctx, "Agree to end round", "btn-agree", AGREE,
                      ctx.check(AGREE) if ctx.my_turn else "Agree on your turn").props("flat dense no-caps")
