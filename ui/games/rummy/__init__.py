"""Rummy's table screen."""

from ui.games.rummy.screen import SCREEN

__all__ = ["SCREEN"]
