"""Beanie's table screen."""

from ui.games.beanie.screen import SCREEN

__all__ = ["SCREEN"]
