"""Rummy's rules of the screen: what the selection allows (with the reason when it does not), and what taps,
drags and buttons do. Mixed into :class:`ui.games.rummy.RummyScreen`."""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Any

from nicegui import ui

from logic.rummy.actions import Discard, DrawStock, LayOff, Meld, TakeDiscard
from logic.rummy.hints import RummyHint, hint
from logic.views import RummyView
from ui.games.rummy.parts import PageState, pretty

if TYPE_CHECKING:
    from ui.table.context import TableContext


class RummyControl:
    st: PageState  # made by the screen for its page

    @abstractmethod
    def shown_order(self, ctx: TableContext[RummyView]) -> list[str]:  # the screen class defines it
        ...

    def move_card(self, ctx: TableContext[RummyView], code: str, before: str) -> None:  # the screen class defines it
        ...

    def current_hint(self, ctx: TableContext[RummyView]) -> RummyHint | None:
        return self.st.current_hint(len(ctx.table.log))

    # ----------------------------------------------------------------------------- what can be done
    def stage(self, ctx: TableContext[RummyView], view: RummyView) -> str | None:
        """"draw" / "play" / "pending" when it is my turn, else None."""
        if view["phase"] != "play" or not ctx.my_turn:
            return None
        return view["turn_stage"]

    def selection(self, ctx: TableContext[RummyView]) -> list[str]:
        order = self.shown_order(ctx)
        return [c for c in order if c in ctx.selected]

    def meld_option(self, ctx: TableContext[RummyView], view: RummyView, cards: list[str]) -> tuple[Any, str | None]:
        stage = self.stage(ctx, view)
        if stage is None:
            return None, "Not your turn"
        if stage == "draw":
            return None, "Draw first"
        if stage == "pending":
            return None, "You have discarded"
        if not cards:
            return None, "Select 3 or more cards to meld"
        if len(cards) < 3:
            return None, "A meld needs 3 or more cards"
        action = Meld(tuple(cards))
        reason = ctx.check(action)
        if reason and "neither a set" in reason:
            reason = "Not a set or a run"
        return (None, reason) if reason else (action, None)

    def layoff_targets(self, ctx: TableContext[RummyView], view: RummyView, cards: list[str]) -> list[int]:
        if self.stage(ctx, view) != "play" or not cards:
            return []
        return [m["id"] for m in view["melds"] or [] if ctx.check(LayOff(m["id"], tuple(cards))) is None]

    def layoff_reason(self, ctx: TableContext[RummyView], view: RummyView, cards: list[str], targets: list[int]
                      ) -> str | None:
        stage = self.stage(ctx, view)
        if stage is None:
            return "Not your turn"
        if stage == "draw":
            return "Draw first"
        if stage == "pending":
            return "You have discarded"
        if not view["melds"]:
            return "No melds on the table yet"
        if not cards:
            return "Select cards to lay off"
        if not targets:
            if len(cards) >= len(view["hand"]):
                return "Keep a card to discard"
            return "No meld takes " + ("that card" if len(cards) == 1 else "those cards")
        return None

    def discard_option(self, ctx: TableContext[RummyView], view: RummyView, cards: list[str]) -> tuple[Any, str | None]:
        stage = self.stage(ctx, view)
        if stage is None:
            return None, "Not your turn"
        if stage == "draw":
            return None, "Draw first"
        if stage == "pending":
            return None, "You have discarded"
        if view["must_use"]:
            return None, f"Meld the {pretty(view['must_use'])} you took first"
        if len(cards) != 1:
            return None, "Select one card to discard"
        action = Discard(cards[0])
        reason = ctx.check(action)
        return (None, reason) if reason else (action, None)

    def undo_reason(self, ctx: TableContext[RummyView], view: RummyView) -> str | None:
        stage = self.stage(ctx, view)
        if stage is None:
            return "Not your turn"
        if view["can_undo"]:
            return None
        if stage == "draw":
            return "Nothing to undo yet"
        return "A card drawn from the stock stays in your hand"

    # ----------------------------------------------------------------------------- doing
    def act(self, ctx: TableContext[RummyView], action: Any) -> None:
        self.st.choose_layoff = False
        ctx.send(action)

    def draw_stock(self, ctx: TableContext[RummyView]) -> None:
        if self.stage(ctx, ctx.view) == "draw":
            self.act(ctx, DrawStock())

    def take(self, ctx: TableContext[RummyView], code: str) -> None:
        if self.stage(ctx, ctx.view) == "draw":
            self.act(ctx, TakeDiscard(code))

    def tap_discard_pile(self, ctx: TableContext[RummyView]) -> None:
        """In the play stage a tap on the pile discards the one selected card."""
        view = ctx.view
        if self.stage(ctx, view) != "play":
            return
        action, reason = self.discard_option(ctx, view, self.selection(ctx))
        if action is None:
            ui.notify(f"{reason} — then tap the discard pile." if reason == "Select one card to discard" else reason,
                      position="top", type="warning", timeout=2500)
            return
        self.act(ctx, action)

    def tap_table(self, ctx: TableContext[RummyView]) -> None:
        view = ctx.view
        if self.stage(ctx, view) != "play" or not ctx.selected:
            return
        action, reason = self.meld_option(ctx, view, self.selection(ctx))
        if action is None:
            ui.notify(reason or "", position="top", type="warning", timeout=2500)
            return
        self.act(ctx, action)

    def tap_meld(self, ctx: TableContext[RummyView], mid: int) -> None:
        view = ctx.view
        if self.stage(ctx, view) != "play":
            return
        cards = self.selection(ctx)
        if not cards:
            ui.notify("Select cards in your hand, then tap the meld to lay them off.", position="top", timeout=2500)
            return
        self.act(ctx, LayOff(mid, tuple(cards)))

    def press_layoff(self, ctx: TableContext[RummyView], targets: list[int]) -> None:
        cards = self.selection(ctx)
        if len(targets) == 1:
            self.act(ctx, LayOff(targets[0], tuple(cards)))
            return
        self.st.choose_layoff = True
        self.refresh_melds(ctx)

    def dragged_cards(self, ctx: TableContext[RummyView], src: str, at_least: int = 1) -> list[str]:
        """A dragged hand card stands for the whole selection when it is part of it."""
        code = src.partition(":")[2]
        cards = self.selection(ctx)
        if code in cards:
            return cards
        return (cards + [code]) if at_least > 1 else [code]

    def drop_on_hand(self, ctx: TableContext[RummyView], src: str, target: str) -> None:
        kind, _, code = src.partition(":")
        if kind == "stock":
            self.draw_stock(ctx)
        elif kind == "discard":
            self.take(ctx, code)
        elif kind == "hand":
            self.move_card(ctx, code, target)

    def drop_on_discard(self, ctx: TableContext[RummyView], src: str, _target: str) -> None:
        if not src.startswith("hand:") or self.stage(ctx, ctx.view) != "play":
            return
        code = src.partition(":")[2]
        self.act(ctx, Discard(code))

    def drop_on_table(self, ctx: TableContext[RummyView], src: str, _target: str) -> None:
        if not src.startswith("hand:") or self.stage(ctx, ctx.view) != "play":
            return
        self.act(ctx, Meld(tuple(self.dragged_cards(ctx, src, at_least=3))))

    def drop_on_meld(self, ctx: TableContext[RummyView], mid: int, src: str, _target: str) -> None:
        if not src.startswith("hand:") or self.stage(ctx, ctx.view) != "play":
            return
        self.act(ctx, LayOff(mid, tuple(self.dragged_cards(ctx, src))))

    def show_hint(self, ctx: TableContext[RummyView]) -> None:
        st = self.st
        if self.current_hint(ctx) is not None:
            return  # already showing the hint for this very table
        st.hint = hint(ctx.view)
        st.hint_at = len(ctx.table.log)
        ctx.request_redraw()

    def toggle_buttons(self, ctx: TableContext[RummyView]) -> None:
        ctx.set_pref("show_buttons", not bool(ctx.pref("show_buttons", True)))
        ctx.redraw_hand()

    def refresh_melds(self, ctx: TableContext[RummyView]) -> None:
        view_fn = self.st.melds_view
        if view_fn is not None:
            view_fn.refresh()

    def on_card_click(self, ctx: TableContext[RummyView], view: RummyView, code: str) -> None:
        self.st.choose_layoff = False
        ctx.toggle_select(code)
        self.refresh_melds(ctx)

