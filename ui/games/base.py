"""What a game's table screen provides to the shared table page: the middle area and the action bar."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ui.pages.table import TablePage


class GameUI:
    """Defaults suit trick-and-hand games; games override what differs."""

    sort_modes: tuple[tuple[str, str], ...] = (("rank", "By rank"), ("suit", "By suit"))

    def middle(self, page: TablePage, view: dict[str, Any]) -> None:
        """The shared play area (trick, piles, melds)."""

    def actions(self, page: TablePage, view: dict[str, Any]) -> None:
        """Buttons above the hand (at most three primary ones), with the reason when disabled."""

    def hand_codes(self, page: TablePage, view: dict[str, Any]) -> list[str]:
        return list(view.get("hand", []))

    def on_card_click(self, page: TablePage, view: dict[str, Any], code: str) -> None:
        page.toggle_select(code)

    def card_selectable(self, page: TablePage, view: dict[str, Any], code: str) -> bool:
        return True
