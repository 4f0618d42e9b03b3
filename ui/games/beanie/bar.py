"""Beanie's action bar: Draw, Take, Lay set, Discard, Steal and the end-round vote, each off with its reason when it
cannot be used, and a line saying what to do next. What a tap on them does is in ui/games/beanie/controls.py."""

from __future__ import annotations

from html import escape
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
from ui.i18n.viewer import _, pgettext

if TYPE_CHECKING:
    from ui.table.context import TableContext


def action_bar(ctx: TableContext[BeanieView], state: BeanieState, do: BeanieControls) -> None:
    """The buttons above the hand (the page redraws them when the screen's ``actions_key`` changes).

    Every state draws its moves as one group of three (Draw, Take, Lay set until the card is drawn; then Lay set,
    Discard, Steal), then the end-round vote, then the page's sort button: the vote and Sort stand at the bar's end
    (a line of their own on a phone, assets/beanie.css) and each group keeps its buttons from turn to turn, so no
    button moves when the turn comes or a Beanie can be stolen (issue 48)."""
    view = ctx.view
    if view["phase"] != "play":
        return
    with ui.row().classes("bn-moves items-center justify-center gap-2"):
        hint = moves(ctx, state, do)
    vote_buttons(ctx, view)
    if hint is not None:
        ui.label(hint).classes("reason w-full text-center").props(
            f"data-testid={'waiting' if not ctx.my_turn else 'reason'}")


def moves(ctx: TableContext[BeanieView], state: BeanieState, do: BeanieControls) -> str | None:
    """The turn's buttons; the line to show above them (what to do, or whom the table waits for), if any."""
    view = ctx.view
    sel = list(ctx.selected)
    if not ctx.my_turn:  # the buttons a turn starts with, off, where they will be: none moves when it comes
        turn = view["turn"]
        reason, waiting = _("Not your turn"), None
        if computer_plays_for_viewer(ctx):
            reason = _(COMPUTER_PLAYS_FOR_YOU)
        elif turn == ctx.seat:  # paused on the viewer's turn
            reason = _("The game is paused")
        else:
            waiting = (_("Waiting for {name}", name=name_of(ctx, turn)) if turn is not None
                       else _("Waiting for the others"))
        action_button(ctx, pgettext("action", "Draw"), "btn-draw", None, reason, icon="style")
        take_button(ctx, view["discard_top"], None, reason)
        action_button(ctx, _("Lay set"), "btn-lay", None, reason, icon="view_week")
        return waiting
    if view["turn_stage"] == "draw":
        action_button(ctx, pgettext("action", "Draw"), "btn-draw", DRAW_STOCK, None, primary=True, icon="style")
        top = view["discard_top"]
        take_button(ctx, top, DRAW_DISCARD, None if top else _("The discard pile is empty"))
        action_button(ctx, _("Lay set"), "btn-lay", None, _("Draw a card first"), icon="view_week")
        return _("First draw a card: from the stock or the discard pile.")
    if state.steal_mode:
        pairs = steal_pairs(ctx, view)
        ui.button(_("Cancel steal"), icon="close", on_click=do.toggle_steal).props(
            "outline data-testid=btn-steal data-mode=cancel")
        chosen = sel[0] if sel else None
        ready = chosen is not None and any(c == chosen for _s, c in pairs)
        return (_("Now tap the pulsing ★ Beanie on the table to swap it.") if ready
                else _("Tap a glowing card in your hand: it takes the Beanie's place."))
    # Lay set
    lay_reason = do.lay_reason(view, sel)
    lay_btn = ui.button(_("Lay set"), icon="view_week", on_click=do.lay)
    lay_btn.props("data-testid=btn-lay " + ("color=primary" if not lay_reason else "outline"))
    reason_on(lay_btn, lay_reason)
    # Discard
    disc_reason = _("Select one card to discard") if len(sel) != 1 else ctx.check(Discard(sel[0]))
    action_button(ctx, pgettext("action", "Discard"), "btn-discard", Discard(sel[0]) if len(sel) == 1 else None,
                  disc_reason, primary=len(sel) == 1 and not disc_reason, icon="south")
    # Steal: always there in this step (its place kept), off with the reason while no swap can be made
    if steal_pairs(ctx, view):
        ui.button(_("Steal Beanie ★"), on_click=do.toggle_steal).props(
            "color=amber text-color=black no-caps data-testid=btn-steal")
    else:
        b = ui.button(_("Steal Beanie ★")).props("outline no-caps data-testid=btn-steal")
        reason_on(b, _("Lay a set of your own first") if steal_pairs(ctx, view, need_laid=False)
                  else _("No Beanie on the table stands for a card you hold"))
    if not sel:
        return (_("Select 3+ cards to lay a set, a card for a + on a set, or one card to discard. (First turn: you "
                  "can't go out yet.)") if view["first_turn"] else
                _("Select 3+ cards to lay a set, a card for a + on a set, or one card to discard."))
    if len(sel) == 1:
        return disc_reason or (_("Tap ★ on a set to place the Beanie, or Discard it.") if is_wild(sel[0], view)
                               else _("Tap + on a set to add it, or Discard it."))
    return lay_reason or _("Lay set to put these cards on the table.")


def take_button(ctx: TableContext[BeanieView], top: str | None, action: object, reason: str | None) -> ui.button:
    """The Take button, naming the discard pile's top card it takes ("—" while the pile is empty). The card stands in
    a slot of its own width, so the button keeps its size from turn to turn ("Take 7♠", "Take 10♥", "Take —") and
    Draw and Lay set beside it stay put."""
    before, _mark, after = _("Take {card}", card="\x00").partition("\x00")  # the card's place in this language
    side = "at-end" if not after.strip() else "at-start" if not before.strip() else ""
    btn = action_button(ctx, "", "btn-take", action, reason)
    if not top:
        btn.props["aria-label"] = _("Take discard")
    with btn:
        card = escape(pretty(top)) if top else "—"
        markup = f'{escape(before)}<span class="bn-take-card {side}">{card}</span>{escape(after)}'  # words: _() above
        ui.html(markup, sanitize=False, tag="span")
    return btn


def vote_buttons(ctx: TableContext[BeanieView], view: BeanieView) -> None:
    vote = view["vote"]
    me = ctx.seat
    if vote is None:
        reason = draw_first(ctx.check(PROPOSE)) if ctx.my_turn else _("Propose on your turn")
        action_button(ctx, _("End round?"), "btn-end-round", PROPOSE, reason).props("flat dense no-caps")
    elif me is not None and me in vote["agreed"]:  # any voter takes their own vote back, on any turn
        label = _("Cancel end-round vote") if vote["proposer"] == me else _("Cancel my agreement")
        reason = draw_first(ctx.check(WITHDRAW))
        action_button(ctx, label, "btn-withdraw", WITHDRAW, reason).props("flat dense no-caps")
    elif me is not None:
        action_button(ctx, _("Agree to end round"), "btn-agree", AGREE,
                      draw_first(ctx.check(AGREE)) if ctx.my_turn else _("Agree on your turn")).props(
            "flat dense no-caps")


DRAW_FIRST = "Draw a card first."  # the rules' refusal (logic/beanie), named shorter on the vote buttons


def draw_first(reason: str | None) -> str | None:
    """The rules' "draw first" refusal as the buttons say it; any other reason as it is."""
    if reason and (DRAW_FIRST.rstrip(".") in reason or reason == _(DRAW_FIRST)):
        return _("Draw a card first")
    return reason
