"""President's table screen."""

from ui.games.president.screen import SCREEN

__all__ = ["SCREEN"]
