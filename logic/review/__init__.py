"""Reviewing finished games: each decision of a seat judged from its view by the shared search, and practice
positions ("play from here") rebuilt from a finished game. See ``review.py`` and ``practice.py``."""

from .model import Budget, CandidateValue, DecisionReview, SeatReview, SeatSummary
from .practice import PracticeStart, practice_start
from .review import (
    DecisionPoint,
    assemble,
    decision_points,
    review_decisions,
    review_game,
    review_point,
    review_points,
)

__all__ = [
    "Budget", "CandidateValue", "DecisionPoint", "DecisionReview", "PracticeStart", "SeatReview", "SeatSummary",
    "assemble", "decision_points", "practice_start", "review_decisions", "review_game", "review_point",
    "review_points",
]
