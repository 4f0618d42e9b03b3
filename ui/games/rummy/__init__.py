"""Rummy's table screen."""

from ui.games.rummy.screen import Screen

__all__ = ["Screen"]
