"""President: shed your cards first; titles, a card exchange and an optional revolution."""

from logic.registry import register

from .actions import Give, NextHand, Pass, PassTrick, Play, PresidentConfig
from .game import PresidentGame
from .state import PresidentState
from .view_types import PresidentView

GAME = register(PresidentGame())

__all__ = ["GAME", "PresidentGame", "PresidentConfig", "PresidentState", "PresidentView", "Play", "Pass", "Give",
           "NextHand", "PassTrick"]
