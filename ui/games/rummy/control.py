"""Rummy's rules of the screen: what the selection allows (with the reason when it does not), and what taps,
drags and buttons do. Mixed into :class:`ui.games.rummy.RummyScreen`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nicegui import ui

from logic.rummy.actions import Discard, DrawStock, LayOff, Meld, TakeDiscard
from logic.rummy.hints import hint
from ui.games.rummy.parts import current_hint, page_pref, page_set_pref, page_state, pretty

if TYPE_CHECKING:
    from ui.table.page import TablePage


class RummyControl:
    def shown_order(self, page: TablePage) -> list[str]:  # the screen class defines it
        ...

    def move_card(self, page: TablePage, code: str, before: str) -> None:  # the screen class defines it
        ...

    # ----------------------------------------------------------------------------- what can be done
    def stage(self, page: TablePage, view: dict[str, Any]) -> str | None:
        """"draw" / "play" / "pending" when it is my turn, else None."""
        if view.get("phase") != "play" or not page.my_turn:
            return None
        return view.get("turn_stage")

    def selection(self, page: TablePage) -> list[str]:
        order = self.shown_order(page)
        return [c for c in order if c in page.selected]

    def meld_option(self, page: TablePage, view: dict[str, Any], cards: list[str]) -> tuple[Any, str | None]:
        stage = self.stage(page, view)
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
        reason = page.check(action)
        if reason and "neither a set" in reason:
            reason = "Not a set or a run"
        return (None, reason) if reason else (action, None)

    def layoff_targets(self, page: TablePage, view: dict[str, Any], cards: list[str]) -> list[int]:
        if self.stage(page, view) != "play" or not cards:
            return []
        return [m["id"] for m in view.get("melds") or [] if page.check(LayOff(m["id"], tuple(cards))) is None]

    def layoff_reason(self, page: TablePage, view: dict[str, Any], cards: list[str], targets: list[int]
                      ) -> str | None:
        stage = self.stage(page, view)
        if stage is None:
            return "Not your turn"
        if stage == "draw":
            return "Draw first"
        if stage == "pending":
            return "You have discarded"
        if not view.get("melds"):
            return "No melds on the table yet"
        if not cards:
            return "Select cards to lay off"
        if not targets:
            if len(cards) >= len(view.get("hand", [])):
                return "Keep a card to discard"
            return "No meld takes " + ("that card" if len(cards) == 1 else "those cards")
        return None

    def discard_option(self, page: TablePage, view: dict[str, Any], cards: list[str]) -> tuple[Any, str | None]:
        stage = self.stage(page, view)
        if stage is None:
            return None, "Not your turn"
        if stage == "draw":
            return None, "Draw first"
        if stage == "pending":
            return None, "You have discarded"
        if view.get("must_use"):
            return None, f"Meld the {pretty(view['must_use'])} you took first"
        if len(cards) != 1:
            return None, "Select one card to discard"
        action = Discard(cards[0])
        reason = page.check(action)
        return (None, reason) if reason else (action, None)

    def undo_reason(self, page: TablePage, view: dict[str, Any]) -> str | None:
        stage = self.stage(page, view)
        if stage is None:
            return "Not your turn"
        if view.get("can_undo"):
            return None
        if stage == "draw":
            return "Nothing to undo yet"
        return "A card drawn from the stock stays in your hand"

    # ----------------------------------------------------------------------------- doing
    def act(self, page: TablePage, action: Any) -> None:
        page_state(page).choose_layoff = False
        page.send(action)

    def draw_stock(self, page: TablePage) -> None:
        if self.stage(page, page.view) == "draw":
            self.act(page, DrawStock())

    def take(self, page: TablePage, code: str) -> None:
        if self.stage(page, page.view) == "draw":
            self.act(page, TakeDiscard(code))

    def tap_discard_pile(self, page: TablePage) -> None:
        """In the play stage a tap on the pile discards the one selected card."""
        view = page.view
        if self.stage(page, view) != "play":
            return
        action, reason = self.discard_option(page, view, self.selection(page))
        if action is None:
            ui.notify(f"{reason} — then tap the discard pile." if reason == "Select one card to discard" else reason,
                      position="top", type="warning", timeout=2500)
            return
        self.act(page, action)

    def tap_table(self, page: TablePage) -> None:
        view = page.view
        if self.stage(page, view) != "play" or not page.selected:
            return
        action, reason = self.meld_option(page, view, self.selection(page))
        if action is None:
            ui.notify(reason or "", position="top", type="warning", timeout=2500)
            return
        self.act(page, action)

    def tap_meld(self, page: TablePage, mid: int) -> None:
        view = page.view
        if self.stage(page, view) != "play":
            return
        cards = self.selection(page)
        if not cards:
            ui.notify("Select cards in your hand, then tap the meld to lay them off.", position="top", timeout=2500)
            return
        self.act(page, LayOff(mid, tuple(cards)))

    def press_layoff(self, page: TablePage, targets: list[int]) -> None:
        cards = self.selection(page)
        if len(targets) == 1:
            self.act(page, LayOff(targets[0], tuple(cards)))
            return
        page_state(page).choose_layoff = True
        self.refresh_melds(page)

    def dragged_cards(self, page: TablePage, src: str, at_least: int = 1) -> list[str]:
        """A dragged hand card stands for the whole selection when it is part of it."""
        code = src.partition(":")[2]
        cards = self.selection(page)
        if code in cards:
            return cards
        return (cards + [code]) if at_least > 1 else [code]

    def drop_on_hand(self, page: TablePage, src: str, target: str) -> None:
        kind, _, code = src.partition(":")
        if kind == "stock":
            self.draw_stock(page)
        elif kind == "discard":
            self.take(page, code)
        elif kind == "hand":
            self.move_card(page, code, target)

    def drop_on_discard(self, page: TablePage, src: str, _target: str) -> None:
        if not src.startswith("hand:") or self.stage(page, page.view) != "play":
            return
        code = src.partition(":")[2]
        self.act(page, Discard(code))

    def drop_on_table(self, page: TablePage, src: str, _target: str) -> None:
        if not src.startswith("hand:") or self.stage(page, page.view) != "play":
            return
        self.act(page, Meld(tuple(self.dragged_cards(page, src, at_least=3))))

    def drop_on_meld(self, page: TablePage, mid: int, src: str, _target: str) -> None:
        if not src.startswith("hand:") or self.stage(page, page.view) != "play":
            return
        self.act(page, LayOff(mid, tuple(self.dragged_cards(page, src))))

    def show_hint(self, page: TablePage) -> None:
        st = page_state(page)
        if current_hint(page) is not None:
            return  # already showing the hint for this very table
        st.hint = hint(page.view)
        st.hint_at = len(page.table.log)
        page.redraw()

    def toggle_buttons(self, page: TablePage) -> None:
        page_set_pref(page, "show_buttons", not bool(page_pref(page, "show_buttons", True)))
        page.redraw_hand()

    def refresh_melds(self, page: TablePage) -> None:
        view_fn = page_state(page).melds_view
        if view_fn is not None:
            view_fn.refresh()

    def on_card_click(self, page: TablePage, view: dict[str, Any], code: str) -> None:
        page_state(page).choose_layoff = False
        page.toggle_select(code)
        self.refresh_melds(page)

