"""Reviewing finished games: each decision of a seat judged from its view by the shared search, and practice
positions ("play from here") rebuilt from a finished game.

How a server uses it (every argument and result is picklable, so the slow calls go to the worker pool)::

    points = decision_points(key, config, seed, log, seat)                  # cheap: in the event loop
    for chunk in batches(review_order(points), 4):                          # the last decision first
        verdicts = await run.cpu_bound(review_points, key, chunk, rng_seed=0)
        ...                                                                 # draw them as they come
    review = assemble(key, seat, judged, skipped, rng_seed=0)               # summary; store with ReviewStore

``review_game`` does all of it in one call. ``practice_start`` gives a state to open a practice table from.
See ``review.py`` (the driver), ``core.py`` (judging one decision), ``model.py`` (results, accuracy) and one
module per game (its candidates, currency and one-line reasons).
"""

from .model import Budget, CandidateValue, DecisionReview, SeatReview, SeatSummary
from .practice import PracticeStart, practice_start
from .review import (
    DecisionPoint,
    assemble,
    decision_points,
    review_decisions,
    review_game,
    review_order,
    review_point,
    review_points,
)

__all__ = [
    "Budget", "CandidateValue", "DecisionPoint", "DecisionReview", "PracticeStart", "SeatReview", "SeatSummary",
    "assemble", "decision_points", "practice_start", "review_decisions", "review_game", "review_order",
    "review_point", "review_points",
]
