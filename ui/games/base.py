"""What a game's table screen provides to the shared table page: the middle area, the action bar and the hand.

The table page (ui/pages/table.py) draws the top bar, seats, summaries and standings for every game and calls
these hooks for the game-specific parts. Override what differs; the defaults suit hand-of-cards games.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from nicegui import ui

from ui.components.cards import card, on_card_clicks

if TYPE_CHECKING:
    from ui.pages.table import TablePage


class GameUI:
    sort_modes: tuple[tuple[str, str], ...] = (("deal", "As dealt"),)

    def middle(self, page: TablePage, view: dict[str, Any]) -> None:
        """The shared play area (trick, piles, melds)."""

    def actions(self, page: TablePage, view: dict[str, Any]) -> None:
        """Buttons above the hand (at most three primary ones), each disabled with its reason when not usable."""

    def middle_key(self, page: TablePage, view: dict[str, Any]) -> Hashable | None:
        """Like :meth:`actions_key`, for the middle of the table (a game may draw it from parts with keys of
        their own and return what the frame around them depends on). None redraws it after every change."""
        return None

    def actions_key(self, page: TablePage, view: dict[str, Any]) -> Hashable | None:
        """What the action buttons depend on, as a comparable value: they redraw only when it changes.
        None (the default) redraws them after every change."""
        return None

    def results(self, page: TablePage, view: dict[str, Any]) -> None:
        """Extra panels under the final standings (e.g. a scorecard)."""

    def hand_codes(self, page: TablePage, view: dict[str, Any]) -> list[str]:
        return list(view.get("hand", []))

    def sort(self, codes: list[str], mode: str, view: dict[str, Any]) -> list[str]:
        return codes

    def next_action(self, page: TablePage) -> Any:
        """The "go on to the next hand" action (every game calls it kind "next")."""
        return page.table.game.decode_action({"kind": "next"})

    def on_card_click(self, page: TablePage, view: dict[str, Any], code: str) -> None:
        page.toggle_select(code)

    def card_selectable(self, page: TablePage, view: dict[str, Any], code: str) -> bool:
        return True

    def hand_key(self, page: TablePage, view: dict[str, Any], codes: list[str]) -> Hashable | None:
        """Whatever else the hand shows besides its cards, the selection and whose turn it is, as a comparable
        value: the hand is redrawn only when that changes. None redraws it after every change (the safe choice
        for a game that overrides :meth:`hand` without saying what its cards depend on)."""
        if type(self).hand is not GameUI.hand:
            return None
        return tuple(self.card_selectable(page, view, c) for c in codes)

    def hand(self, page: TablePage, view: dict[str, Any], codes: list[str]) -> None:
        """The viewer's cards inside the ``data-testid=hand`` element."""
        for code in codes:
            can = self.card_selectable(page, view, code)
            card(code, selected=code in page.selected, clickable=can, disabled=not can)

        def clicked(code: str) -> None:  # the code comes from the browser: only a card of this hand counts
            if code in page.hand_codes() and self.card_selectable(page, page.view, code):
                self.on_card_click(page, page.view, code)

        on_card_clicks(ui.context.slot.parent, clicked)


def action_button(page: TablePage, text: str, testid: str, action: Any, reason: str | None,
                  primary: bool = False, icon: str | None = None) -> ui.button:
    """A button that sends ``action``; disabled with a visible reason (tooltip + data-reason) when not usable."""
    btn = ui.button(text, icon=icon, on_click=lambda: page.send(action) if action is not None else None).props(
        f"data-testid={testid} " + ("color=primary" if primary else "outline"))
    if reason:
        btn.disable()
        btn.tooltip(reason)
        btn.props["data-reason"] = reason
    return btn
