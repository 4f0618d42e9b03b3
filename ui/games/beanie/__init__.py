"""Beanie's table screen."""

from ui.games.beanie.screen import Screen

__all__ = ["Screen"]
