"""Beanie: wild-card rummy for 2-4 players over up to 13 rounds (key "beanie")."""

from logic.registry import register

from .rules import BeanieConfig, BeanieGame, BeanieState

GAME = register(BeanieGame())

__all__ = ["GAME", "BeanieConfig", "BeanieGame", "BeanieState"]
