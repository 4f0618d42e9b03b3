"""What a review returns: one judged decision, a seat's summary and the whole review of a seat.

Plain pydantic models (JSON-able and picklable), so a review can run in a worker process, be sent back to the
server and be stored as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict

REVIEW_VERSION = 2  # bump when the judging changes enough that stored reviews should be made again


@dataclass(frozen=True)
class Budget:
    """How hard one decision is looked at. Sampled deals only (no clock), so a review is reproducible.

    ``min_worlds`` deals first; while the verdict is unsure (the cost is above the game's floor but its low end,
    less two standard errors, is not) ``step`` more at a time, up to ``max_worlds``; a move that looks costly is
    measured again on ``max_worlds`` fresh deals (``core._confirm``). At most ``max_candidates`` moves
    are compared (the chosen one always among them)."""

    min_worlds: int = 16
    max_worlds: int = 64
    step: int = 16
    max_candidates: int = 8

    @classmethod
    def of(cls, budget: Budget | int | None, default: Budget) -> Budget:
        """``budget`` as a Budget: None is the game's default, an int caps the deals per decision."""
        if budget is None:
            return default
        if isinstance(budget, Budget):
            return budget
        n = max(2, int(budget))
        return cls(min(default.min_worlds, n), n, default.step, default.max_candidates)


class CandidateValue(BaseModel):
    """One move that was compared: its stored form, a few words, its mean value and the deals it was played in."""

    model_config = ConfigDict(frozen=True)

    action: dict[str, Any]
    words: str
    value: float
    worlds: int


class DecisionReview(BaseModel):
    """The verdict on one decision.

    ``cost`` = best candidate's mean value − the chosen move's, over the same sampled deals (0 when the chosen
    move was the best); ``stderr`` is the standard error of that paired difference (for a move that looked
    costly, both measured again on fresh deals: the luckiest of several candidates looks better than it is).
    ``flagged``: even the cost less two standard errors exceeds the game's floor, i.e. clearly a worse move, by an
    amount worth a player's attention (``core.clear_cost``). ``won``: the seat won that hand anyway."""

    model_config = ConfigDict(frozen=True)

    step: int  # index of the action in the game's log
    seat: int
    chosen: dict[str, Any]
    chosen_words: str
    best: dict[str, Any]
    best_words: str
    chosen_value: float
    best_value: float
    cost: float
    stderr: float
    worlds: int
    flagged: bool
    why: str
    currency: str
    candidates: list[CandidateValue] = []
    won: bool | None = None  # the seat won the hand (deal, round) of this decision: its cost reads "won by less"
    # "chosen", "best", "why" as messages (``Message.to_json``), each page shows them in its viewer's language; a
    # review stored before has none: its English strings above are shown as they are
    messages: dict[str, Any] = {}


class SeatSummary(BaseModel):
    """A seat's review in numbers.

    *Accuracy* is the share of the seat's judged decisions that were not flagged as mistakes, in percent. A
    decision counts when the seat had more than one legal move that mattered (confirming, undoing and the like
    do not count) and the review could judge it (see ``skipped``). A mistake (a flagged decision) is a move that
    the sampled deals showed clearly worse than the best alternative: even less two standard errors, by more than
    the game's floor. 100% means no clear mistakes, not perfect play."""

    model_config = ConfigDict(frozen=True)

    seat: int
    decisions: int  # judged decisions
    skipped: int  # real decisions the review does not judge (e.g. President's card exchange)
    flagged: int  # costly decisions
    total_cost: float  # summed cost of the flagged decisions, in the game's currency (not shown: see words.py)
    accuracy: float  # percent, see the docstring
    costliest_step: int | None
    currency: str
    costliest_cost: float = 0.0  # the costliest flagged decision's cost (costs are not summed for players)
    costliest_won: bool | None = None  # ...and whether its hand was won (its words say "won by less")


class SeatReview(BaseModel):
    """A seat's whole review: every judged decision in log order and the summary."""

    model_config = ConfigDict(frozen=True)

    version: int = REVIEW_VERSION
    game: str
    seat: int
    rng_seed: int
    budget: dict[str, int]
    decisions: list[DecisionReview]
    summary: SeatSummary


def summarize(seat: int, decisions: list[DecisionReview], skipped: int, currency: str) -> SeatSummary:
    """The summary of a seat's judged decisions (see :class:`SeatSummary` for accuracy)."""
    flagged = [d for d in decisions if d.flagged]
    costliest = max(flagged, key=lambda d: (d.cost, -d.step), default=None)
    accuracy = 100.0 * (len(decisions) - len(flagged)) / len(decisions) if decisions else 100.0
    return SeatSummary(seat=seat, decisions=len(decisions), skipped=skipped, flagged=len(flagged),
                       total_cost=round(sum(d.cost for d in flagged), 4), accuracy=round(accuracy, 2),
                       costliest_step=costliest.step if costliest else None, currency=currency,
                       costliest_cost=costliest.cost if costliest else 0.0,
                       costliest_won=costliest.won if costliest else None)
