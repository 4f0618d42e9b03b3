"""President: shed your cards first; titles, a card exchange and an optional revolution."""

from logic.registry import register

from .game import PresidentGame
from .rules import Give, NextHand, Pass, Play, PresidentConfig, PresidentState

register(PresidentGame())

__all__ = ["PresidentGame", "PresidentConfig", "PresidentState", "Play", "Pass", "Give", "NextHand"]
