"""Rummy (500-style) for Card Night: rules engine, views, bots, hints and rules text."""

from logic.registry import register
from logic.rummy.rules import RummyConfig, RummyGame, RummyState

GAME = register(RummyGame())

__all__ = ["GAME", "RummyConfig", "RummyGame", "RummyState"]
