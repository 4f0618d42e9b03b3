"""Rummy (500-style) for Card Night: rules engine, views, bots, hints and rules text."""

from logic.registry import register
from logic.rummy.actions import RummyConfig
from logic.rummy.rules import RummyGame
from logic.rummy.state import RummyState
from logic.rummy.view_types import RummyView

GAME = register(RummyGame())

__all__ = ["GAME", "RummyConfig", "RummyGame", "RummyState", "RummyView"]
