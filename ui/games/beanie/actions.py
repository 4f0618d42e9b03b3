"""Beanie's action bar: draw, lay (with the match-or-run and which-end dialogs), discard, steal, end-round vote."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from nicegui import ui

from logic.beanie import sets as S
from logic.beanie.actions import AGREE, DRAW_DISCARD, DRAW_STOCK, PROPOSE, WITHDRAW, Discard, Lay
from logic.views import BeanieView
from ui.games.base import COMPUTER_PLAYS_FOR_YOU, action_button, computer_plays_for_viewer
from ui.games.beanie.parts import (
    Local,
    choice_dialog,
    is_wild,
    lay_outcomes,
    name_of,
    pretty,
    preview,
    reason_on,
    steal_pairs,
    wild_of,
)

if TYPE_CHECKING:
    from ui.table.context import TableContext


class ActionBar:
    local: Local  # made by the screen for its page

    """Mixed into the Beanie screen: the buttons above the hand, each disabled with its reason."""

    def toggle_steal(self, ctx: TableContext[BeanieView]) -> None:  # the screen class defines it
        ...

    # ----------------------------------------------------------------------------- action bar
    def actions(self, ctx: TableContext[BeanieView], view: BeanieView) -> None:
        if view["phase"] != "play":
            return
        loc = self.local
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
            self.vote_buttons(ctx, view)
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
        if loc.steal_mode:
            pairs = steal_pairs(ctx, view)
            ui.button("Cancel steal", icon="close", on_click=lambda: self.toggle_steal(ctx)).props(
                "outline data-testid=btn-steal data-mode=cancel")
            chosen = sel[0] if sel else None
            ready = chosen is not None and any(c == chosen for _s, c in pairs)
            hint = ("Now tap the pulsing ★ Beanie on the table to swap it." if ready
                    else "Tap a glowing card in your hand: it takes the Beanie's place.")
            ui.label(hint).classes("reason w-full text-center").props("data-testid=reason")
            return
        # Lay set
        lay_reason = self.lay_reason(ctx, view, sel)
        lay_btn = ui.button("Lay set", icon="view_week", on_click=lambda: self.lay(ctx, view, list(ctx.selected)))
        lay_btn.props("data-testid=btn-lay " + ("color=primary" if not lay_reason else "outline"))
        reason_on(lay_btn, lay_reason)
        # Discard
        disc_reason = "Select one card to discard" if len(sel) != 1 else ctx.check(Discard(sel[0]))
        action_button(ctx, "Discard", "btn-discard", Discard(sel[0]) if len(sel) == 1 else None, disc_reason,
                      primary=len(sel) == 1 and not disc_reason, icon="south")
        # Steal (only when a swap exists; disabled with the reason when you have not laid yet)
        if steal_pairs(ctx, view):
            ui.button("Steal Beanie ★", on_click=lambda: self.toggle_steal(ctx)).props(
                "color=amber text-color=black no-caps data-testid=btn-steal")
        elif steal_pairs(ctx, view, need_laid=False):
            b = ui.button("Steal Beanie ★").props("outline no-caps data-testid=btn-steal")
            reason_on(b, "Lay a set of your own first")
        self.vote_buttons(ctx, view)
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

    def vote_buttons(self, ctx: TableContext[BeanieView], view: BeanieView) -> None:
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

    def lay_reason(self, ctx: TableContext[BeanieView], view: BeanieView, sel: list[str]) -> str | None:
        if len(sel) < 3:
            return "Select 3 or more cards to lay a set"
        outs = lay_outcomes(sel, wild_of(view))
        for as_type in ("match", "run"):
            if outs[as_type]:
                return ctx.check(Lay(tuple(sel), as_type, outs[as_type][0][1]))
        return ctx.check(Lay(tuple(sel))) or "These cards make no set"

    def lay(self, ctx: TableContext[BeanieView], view: BeanieView, sel: list[str]) -> None:
        wild = wild_of(view)
        outs = lay_outcomes(sel, wild)
        cards = tuple(sel)

        def runs() -> None:
            opts = outs["run"]
            if len(opts) == 1:
                ctx.send(Lay(cards, "run", opts[0][1]))
                return
            choice_dialog("Which end for the Beanie?", "end-dialog", [
                (f"{(end or '').capitalize()} end: {pretty(S.CODES[reps[0]])}–{pretty(S.CODES[reps[-1]])}",
                 f"btn-end-{end}", partial(preview, placed, reps, wild), partial(ctx.send, Lay(cards, "run", end)))
                for _at, end, placed, reps in opts])  # (two options: the low end and the high end)

        if outs["match"] and outs["run"]:
            m = outs["match"][0]
            r = outs["run"][0]
            choice_dialog("How to play these cards?", "lay-dialog", [
                ("As a match", "btn-as-match", lambda: preview(m[2], m[3], wild),
                 lambda: ctx.send(Lay(cards, "match", None))),
                ("As a run", "btn-as-run", lambda: preview(r[2], r[3], wild), runs),
            ])
        elif outs["run"]:
            runs()
        else:
            ctx.send(Lay(cards, "match" if outs["match"] else None, None))
