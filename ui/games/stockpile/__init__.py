"""Stockpile's table screen."""

from ui.games.stockpile.screen import Screen

__all__ = ["Screen"]
