"""Stockpile's table screen."""

from ui.games.stockpile.screen import SCREEN

__all__ = ["SCREEN"]
