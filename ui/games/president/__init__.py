"""President's table screen."""

from ui.games.president.screen import Screen

__all__ = ["Screen"]
