"""Rummy's state and controls: what one browser remembers between redraws (:class:`RummyState`: the hint, lay-off
mode, the player's own card order) and every tap, drag and drop of the screen, read in one place
(:class:`RummyControls`). What the selection allows (and why not) is in ui/games/rummy/choices.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from nicegui import ui

from logic.cards import Card
from logic.rummy.actions import Discard, DrawStock, LayOff, Meld, TakeDiscard
from logic.rummy.hints import RummyHint, hint
from logic.views import RummyView
from ui.games.rummy.choices import discard_option, meld_option, stage
from ui.games.rummy.discard_picker import OpenSheet
from ui.i18n.viewer import _

if TYPE_CHECKING:
    from ui.components.region import Region
    from ui.table.context import TableContext

SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}  # alternating colours


def sort_codes(codes: list[str], mode: str) -> list[str]:
    """The hand in the chosen order: by suit, by rank, or as it is ("My order": the player's own)."""
    def rank(code: str) -> int:
        return Card.parse(code).rank

    def suit(code: str) -> int:
        return SUIT_ORDER[Card.parse(code).suit]

    if mode == "suit":
        return sorted(codes, key=lambda c: (suit(c), rank(c)))
    if mode == "rank":
        return sorted(codes, key=lambda c: (rank(c), suit(c)))
    return codes


@dataclass
class RummyState:
    """What one browser remembers between redraws (kept by that page's own :class:`RummyScreen`)."""

    hint: RummyHint | None = None
    hint_at: int = -1  # the table's move count when the hint was asked for
    choose_layoff: bool = False
    melds_view: Region | None = None  # the melds Region (redrawn on request after a selection)
    hand_order: list[str] = field(default_factory=list)  # "My order": the player's own arrangement
    picker: OpenSheet = field(default_factory=OpenSheet)  # the discard pile's picker, while open

    def current_hint(self, moves: int) -> RummyHint | None:
        """The hint, while no move was made since it was asked for (a chat message or a host's setting does not
        make it stale)."""
        return self.hint if self.hint is not None and self.hint_at == moves else None


class RummyControls:
    """Every tap, drag and drop of Rummy's screen: taps work everywhere (phones), drags do the same on a laptop."""

    def __init__(self, ctx: TableContext[RummyView], state: RummyState) -> None:
        self.ctx = ctx
        self.state = state

    # ----------------------------------------------------------------------------- reading
    def current_hint(self) -> RummyHint | None:
        return self.state.current_hint(len(self.ctx.table.log))

    def own_order(self, codes: list[str]) -> list[str]:
        """The hand as the player arranged it ("My order"): cards new to it go to the right."""
        if self.ctx.sort_mode != "custom":
            return codes
        order = [c for c in self.state.hand_order if c in codes]
        order += [c for c in codes if c not in order]
        self.state.hand_order = order
        return order

    def shown_order(self) -> list[str]:
        return sort_codes(self.own_order(list(self.ctx.view["hand"])), self.ctx.sort_mode)

    def selection(self) -> list[str]:
        """The picked cards in the order the hand shows them."""
        return [c for c in self.shown_order() if c in self.ctx.selected]

    def move_card(self, code: str, before: str) -> None:
        """Rearrange the hand by hand: ``code`` goes to where ``before`` is (or to the end)."""
        order = self.shown_order()
        if code not in order or code == before:
            return
        old = order.index(code)
        order.remove(code)
        if before in order:
            i = order.index(before)
            order.insert(i + 1 if i >= old else i, code)  # dragged right: after the target; left: before it
        else:
            order.append(code)
        self.state.hand_order = order
        self.ctx.set_sort("custom")

    # ----------------------------------------------------------------------------- doing
    def act(self, action: Any) -> None:
        self.state.choose_layoff = False
        self.ctx.send(action)

    def draw_stock(self) -> None:
        if stage(self.ctx, self.ctx.view) == "draw":
            self.act(DrawStock())

    def take(self, code: str) -> None:
        if stage(self.ctx, self.ctx.view) == "draw":
            self.act(TakeDiscard(code))

    def tap_discard_pile(self) -> None:
        """In the play stage a tap on the pile discards the one selected card."""
        view = self.ctx.view
        if stage(self.ctx, view) != "play":
            return
        action, reason = discard_option(self.ctx, view, self.selection())
        if action is None:
            ui.notify(_("Select one card to discard — then tap the discard pile.")
                      if reason == _("Select one card to discard") else reason,
                      position="top", type="warning", timeout=2500)
            return
        self.act(action)

    def tap_table(self) -> None:
        view = self.ctx.view
        if stage(self.ctx, view) != "play" or not self.ctx.selected:
            return
        action, reason = meld_option(self.ctx, view, self.selection())
        if action is None:
            ui.notify(reason or "", position="top", type="warning", timeout=2500)
            return
        self.act(action)

    def tap_meld(self, mid: int) -> None:
        view = self.ctx.view
        if stage(self.ctx, view) != "play":
            return
        cards = self.selection()
        if not cards:
            ui.notify(_("Select cards in your hand, then tap the meld to lay them off."), position="top", timeout=2500)
            return
        self.act(LayOff(mid, tuple(cards)))

    def press_layoff(self, targets: list[int]) -> None:
        cards = self.selection()
        if len(targets) == 1:
            self.act(LayOff(targets[0], tuple(cards)))
            return
        self.state.choose_layoff = True
        self.refresh_melds()

    def dragged_cards(self, src: str, at_least: int = 1) -> list[str]:
        """A dragged hand card stands for the whole selection when it is part of it."""
        code = src.partition(":")[2]
        cards = self.selection()
        if code in cards:
            return cards
        return (cards + [code]) if at_least > 1 else [code]

    def drop_on_hand(self, src: str, target: str) -> None:
        kind, _, code = src.partition(":")
        if kind == "stock":
            self.draw_stock()
        elif kind == "discard":
            self.take(code)
        elif kind == "hand":
            self.move_card(code, target)

    def drop_on_discard(self, src: str, _target: str) -> None:
        if not src.startswith("hand:") or stage(self.ctx, self.ctx.view) != "play":
            return
        code = src.partition(":")[2]
        self.act(Discard(code))

    def drop_on_table(self, src: str, _target: str) -> None:
        if not src.startswith("hand:") or stage(self.ctx, self.ctx.view) != "play":
            return
        self.act(Meld(tuple(self.dragged_cards(src, at_least=3))))

    def drop_on_meld(self, mid: int, src: str, _target: str) -> None:
        if not src.startswith("hand:") or stage(self.ctx, self.ctx.view) != "play":
            return
        self.act(LayOff(mid, tuple(self.dragged_cards(src))))

    def show_hint(self) -> None:
        st = self.state
        if self.current_hint() is not None:
            return  # already showing the hint for this very table
        st.hint = hint(self.ctx.view)
        st.hint_at = len(self.ctx.table.log)
        self.ctx.request_redraw()

    def toggle_buttons(self) -> None:
        self.ctx.set_pref("show_buttons", not bool(self.ctx.pref("show_buttons", True)))
        self.ctx.redraw_hand()

    def refresh_melds(self) -> None:
        view_fn = self.state.melds_view
        if view_fn is not None:
            view_fn.refresh()

    def card_click(self, code: str) -> None:
        self.state.choose_layoff = False
        self.ctx.toggle_select(code)
        self.refresh_melds()

