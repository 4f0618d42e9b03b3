"""Beanie: wild-card rummy for 2-4 players over up to 13 rounds (key "beanie")."""

from logic.registry import register

from .actions import BeanieConfig
from .rules import BeanieGame
from .state import BeanieState
from .view_types import BeanieView

GAME = register(BeanieGame())

__all__ = ["GAME", "BeanieConfig", "BeanieGame", "BeanieState", "BeanieView"]
