"""The table page's bar at the bottom: the action buttons and the viewer's hand, each a region of its own, and the
viewer's selection and sort order (kept while others play)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from nicegui import ui

from ui.components.cards import mark_selected
from ui.components.live import Refreshable
from ui.components.region import Region
from ui.games.base import IN_PLACE, hand_is_over
from ui.i18n import _
from ui.i18n.names import sort_name

if TYPE_CHECKING:
    from ui.games import AnyScreen
    from ui.table.context import TableContext


def spread_style(n: int) -> str:
    """The hand's fan follows its number of cards (``--n``); on a phone two rows share them (``--half`` each)."""
    return f"--n: {n}; --half: {(n + 1) // 2}"


class HandBar:
    """Action buttons (redrawn when the game's ``actions_key`` changes, live parts patched after every change)
    and the hand (redrawn when ``hand_key`` changes, or kept in place by the game's hand function)."""

    def __init__(self, ctx: TableContext, screen: AnyScreen | None) -> None:
        self.ctx = ctx
        self.screen = screen
        self.selected: list[str] = []
        default = screen.sort_modes[0][0] if screen else "rank"
        self.sort_mode = str(ctx.pref(f"sort_{ctx.table.game_key}", default))
        self.r_actions: Region | None = None
        self.r_hand: Region | None = None
        self.hand_el: ui.element | None = None
        self.bar_el: ui.element | None = None  # the bar: it carries the turn's gold frame of the hand (mine-turn)
        self.hand_sync: Callable[[list[str]], None] | None = None  # set when the game's hand updates in place
        self.live: list[Refreshable] = []  # the action bar's live buttons and labels (ui/components/live.py)
        self.hand_spread = 0
        self.selected_in: object = None  # the hand (round label) the selection was made in

    def toggle_select(self, code: str) -> None:
        if hand_is_over(self.ctx.view):
            return  # a tap sent just before the hand ended must not pick a card again once the pick was let go
        if code in self.selected:
            self.selected.remove(code)
        else:
            self.selected.append(code)
        self.redraw_hand()

    def set_sort(self, mode: str) -> None:
        self.sort_mode = mode
        self.ctx.set_pref(f"sort_{self.ctx.table.game_key}", mode)
        self.redraw_hand()

    def redraw_hand(self) -> None:
        """Redraw the action bar and bring the hand up to date now (after a selection, sort or setting change)."""
        if self.r_actions is not None:
            self.r_actions.update()  # redrawn if its key says so, else its live buttons are brought up to date
        if self.r_hand is not None:
            if self.hand_sync is not None and not self.r_hand.box.is_deleted:
                self.patch_hand()
            else:
                self.r_hand.update()  # redrawn only if what it shows changed; the selection is marked in place

    def draw_frame(self) -> None:
        """The sticky bar at the bottom: action buttons, then the hand (each its own region)."""
        self.r_actions = self.r_hand = self.bar_el = None
        self.hand_sync = None
        if self.ctx.table.status != "playing" or self.ctx.seat is None or self.screen is None:
            return
        # the hand's gold frame while it is the viewer's turn hangs on the bar (.action-bar.mine-turn .hand): a turn
        # then sends the bar's few classes, not the hand with its cards' ids and click handler (issue 50)
        turn = " mine-turn" if self.ctx.my_turn else ""
        with ui.column().classes("action-bar w-full items-center gap-1 text-black rounded-borders" + turn) as bar:
            self.bar_el = bar
            self.r_actions = Region.part(self.action_row, self.actions_key, "actions", patch=self.patch_actions)
            self.r_hand = Region.part(self.hand_cards, self.hand_key, "hand", patch=self.patch_hand)

    def patch_hand(self) -> None:
        """The hand's gold frame follows the turn without redrawing the cards; a hand kept in place gets its
        cards brought up to date."""
        hand, bar = self.hand_el, self.bar_el
        if hand is None or hand.is_deleted:
            return
        mine = self.ctx.my_turn
        if bar is not None and not bar.is_deleted and mine != ("mine-turn" in bar.classes):
            bar.classes(add="mine-turn" if mine else "", remove="" if mine else "mine-turn")
        if self.hand_sync is None and self.screen is not None and self.screen.selection_marks:
            mark_selected(hand, set(self.selected))
        if self.hand_sync is not None:
            codes = self.hand_codes()
            self.hand_sync(codes)
            spread = max(1, len(codes))
            if spread != self.hand_spread:  # the fan's overlap follows the number of cards
                self.hand_spread = spread
                hand.style(spread_style(spread))

    def hand_codes(self) -> list[str]:
        if self.screen is None:
            return []
        codes = self.screen.sort(self.screen.hand_codes(), self.sort_mode)
        view = self.ctx.view
        dealt = (view["round_label"], hand_is_over(view)) if view is not None else None
        if dealt != self.selected_in:  # a hand ended, or a new one was dealt: nothing stays picked
            self.selected_in = dealt
            self.selected.clear()
        # picked cards stay picked while others play (and after drawing or passing); one that left the hand drops
        self.selected[:] = [c for c in self.selected if c in codes]
        return codes

    def patch_actions(self) -> None:
        """Live buttons and labels of the action bar follow the table and the selection in place."""
        for part in self.live:
            part.refresh()

    def action_row(self) -> None:
        self.live = []
        if self.screen is None:  # drawn only with a screen (draw_frame)
            return
        with ui.row().classes("w-full items-center justify-center gap-2"):
            self.screen.actions()
            modes = dict(self.screen.sort_modes)
            if len(modes) > 1:
                order = list(modes)
                nxt = order[(order.index(self.sort_mode) + 1) % len(order)] if self.sort_mode in order else order[0]
                ui.button(_("Sort: {mode}", mode=sort_name(modes.get(self.sort_mode, ""))), icon="sort",
                          on_click=lambda m=nxt: self.set_sort(m)).props(
                    "outline dense no-caps data-testid=btn-sort")

    def actions_key(self) -> Hashable:
        if self.screen is None:  # drawn only with a screen (draw_frame)
            return None
        key = self.screen.actions_key()
        return None if key is None else (key, self.sort_mode, self.ctx.table.paused)

    def hand_key(self) -> Hashable:
        codes = self.hand_codes()
        if self.screen is None:  # drawn only with a screen (draw_frame)
            return None
        extra = self.screen.hand_key(codes)
        if extra is None:
            return None  # this game's hand redraws on every change
        if extra == IN_PLACE:
            return IN_PLACE  # drawn once, then brought up to date by patch_hand
        return tuple(codes), self.sort_mode, extra  # the selection is marked in place (patch_hand)

    def hand_cards(self) -> None:
        if self.screen is None:  # drawn only with a screen (draw_frame)
            return
        codes = self.hand_codes()
        hand = self.hand_el = ui.element("div").classes("hand w-full")
        hand.props["data-testid"] = "hand"
        self.hand_spread = max(1, len(codes))
        hand.style(spread_style(self.hand_spread))
        with hand:
            self.hand_sync = self.screen.hand(codes)
