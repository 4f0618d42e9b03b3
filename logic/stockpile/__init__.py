"""Stockpile: build four shared piles from 1 to 12 and empty your stock first (key "stockpile")."""

from logic.registry import register
from logic.stockpile.actions import Commit, Config, Discard, NextHand, Pass, Play, Undo
from logic.stockpile.game import StockpileGame
from logic.stockpile.state import State
from logic.stockpile.view_types import StockpileView

GAME = register(StockpileGame())

__all__ = ["GAME", "StockpileGame", "Config", "State", "StockpileView", "Play", "Discard", "Undo", "Commit", "Pass",
           "NextHand"]
