"""President: shed your cards first; titles, a card exchange and an optional revolution."""

from logic.registry import register

from .actions import Give, NextHand, Pass, Play, PresidentConfig
from .game import PresidentGame
from .state import PresidentState

register(PresidentGame())

__all__ = ["PresidentGame", "PresidentConfig", "PresidentState", "Play", "Pass", "Give", "NextHand"]
