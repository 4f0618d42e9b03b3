"""Reviewing a finished game: every real decision of one seat, judged from that seat's view at that moment.

The UI's entry points (all arguments and results are plain, picklable data, so each call can run in a worker
process with ``run.cpu_bound``):

* :func:`decision_points` — the seat's decisions (step, view, legal moves, chosen move), cheap;
* :func:`review_point` / :func:`review_points` — the verdict on one of them or on a batch (the slow part: run
  these in the worker pool), best in :func:`review_order` (first marks early);
* :func:`review_decisions` — a generator over the verdicts in log order (first marks early);
* :func:`review_game` — the whole seat at once, with its summary; :func:`assemble` makes the same result from
  verdicts computed one by one.

Each decision has its own rng derived from ``rng_seed`` and its step, so the verdicts are the same whichever way
they are computed (one by one, in a pool, or all at once).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import asdict, dataclass, replace
from typing import Any

from pydantic import BaseModel

from logic.registry import get_game

from .core import Judge, decision_rng, is_decision, judge_decision
from .model import Budget, DecisionReview, SeatReview, summarize

Log = list[tuple[int, dict[str, Any]]] | list[list[Any]]
HAND_ENDS = ("hand-over", "over")  # the phases in which a hand (deal, round) has been scored


@dataclass(frozen=True)
class DecisionPoint:
    """One decision of a seat: the log step, the seat's view just before it, its legal moves and its choice."""

    step: int
    seat: int
    view: Any
    legal: list[Any]
    chosen: Any
    won: bool | None = None  # the seat won the hand (deal, round) this decision was in; None: nobody did


def judge_for(game_key: str) -> Judge:
    """The game's judge (``logic/review/<game>.py``, its ``JUDGE``)."""
    get_game(game_key)  # a clear error for an unknown game
    judge: Judge = importlib.import_module(f"logic.review.{game_key}").JUDGE
    return judge


def config_of(game_key: str, config: BaseModel | dict[str, Any]) -> BaseModel:
    return config if isinstance(config, BaseModel) else get_game(game_key).make_config(**config)


def start_state(game_key: str, config: BaseModel | dict[str, Any], seed: int,
                start: dict[str, Any] | None = None) -> Any:
    """The state before the log's first action: ``new_game(config, seed)``, or the game's ``restore(start)`` for
    a game that began from a saved position (a practice table started from a step of another game)."""
    game = get_game(game_key)
    return game.restore(start) if start is not None else game.new_game(config_of(game_key, config), seed)


def decision_points(game_key: str, config: BaseModel | dict[str, Any], seed: int, log: Log,
                    seat: int, *, start: dict[str, Any] | None = None) -> list[DecisionPoint]:
    """The real decisions of ``seat`` in the game (more than one legal move, not bookkeeping), in log order.
    ``start``: the snapshot the game began from, if not from a new deal (see :func:`start_state`)."""
    game = get_game(game_key)
    state = start_state(game_key, config, seed, start)
    out: list[DecisionPoint] = []
    hand: list[DecisionPoint] = []  # this hand's decisions, told at its end whether the seat won it
    low_wins = judge_for(game_key).low_wins
    scores = list(game.view(state, None).get("scores") or [])
    ended = game.phase(state) in HAND_ENDS
    for step, (who, data) in enumerate(log):
        action = game.decode_action(data)
        if int(who) == seat:
            legal = game.legal_actions(state, seat)
            if is_decision(legal, action):
                hand.append(DecisionPoint(step, seat, game.view(state, seat), legal, action))
        game.apply(state, int(who), action)
        now_ended = game.phase(state) in HAND_ENDS
        if now_ended and not ended:
            after = list(game.view(state, None).get("scores") or [])
            won = seat in hand_winners(scores, after, low_wins)
            out += [replace(p, won=won) for p in hand]
            hand, scores = [], after
        ended = now_ended
    return out + hand


def hand_winners(before: list[Any], after: list[Any], low_wins: bool) -> set[int]:
    """The seats that did best in a hand, from the scores before and after it (none when all did the same, e.g.
    a Stockpile deal that got stuck)."""
    if len(before) != len(after):
        before = [0] * len(after)
    gains = [float(a) - float(b) for a, b in zip(after, before, strict=True)]
    if not gains or len(set(gains)) == 1:
        return set()
    best = min(gains) if low_wins else max(gains)
    return {s for s, g in enumerate(gains) if g == best}


def review_order(points: list[DecisionPoint]) -> list[DecisionPoint]:
    """The order a server judges a seat's decisions in: the last one first, back to the first.

    The verdicts do not depend on the order (each decision has its own rng), only how soon the first costly one is
    found: the decisions at the end of a game are the cheapest to judge (the playouts from there are short) and the
    ones most often costly (the result is decided there), so going backwards finds the first costly decision after
    a fraction of the work of going forwards (``python tests/bench/bench_review.py first``)."""
    return list(reversed(points))


def review_point(game_key: str, point: DecisionPoint, *, rng_seed: int = 0,
                 budget: Budget | int | None = None) -> DecisionReview | None:
    """The verdict on one decision (None when the game's judge does not judge that kind of decision)."""
    judge = judge_for(game_key)
    game = get_game(game_key)
    verdict = judge_decision(judge, game.encode_action, point.view, point.legal, point.chosen, step=point.step,
                             rng=decision_rng(rng_seed, point.step), budget=Budget.of(budget, judge.budget))
    return verdict if verdict is None else verdict.model_copy(update={"won": point.won})


def review_points(game_key: str, points: list[DecisionPoint], *, rng_seed: int = 0,
                  budget: Budget | int | None = None) -> list[DecisionReview | None]:
    """The verdicts on a batch of decisions (one worker call for several, to save the trips to the pool)."""
    return [review_point(game_key, p, rng_seed=rng_seed, budget=budget) for p in points]


def review_decisions(game_key: str, config: BaseModel | dict[str, Any], seed: int, log: Log, seat: int, *,
                     rng_seed: int = 0, budget: Budget | int | None = None,
                     start: dict[str, Any] | None = None) -> Iterator[DecisionReview | None]:
    """The verdicts on ``seat``'s decisions in log order, one at a time (None for a decision not judged)."""
    for point in decision_points(game_key, config, seed, log, seat, start=start):
        yield review_point(game_key, point, rng_seed=rng_seed, budget=budget)


def review_game(game_key: str, config: BaseModel | dict[str, Any], seed: int, log: Log, seat: int, *,
                rng_seed: int = 0, budget: Budget | int | None = None,
                start: dict[str, Any] | None = None) -> SeatReview:
    """The whole review of ``seat``: every judged decision and the summary (see ``SeatSummary``)."""
    judged: list[DecisionReview] = []
    skipped = 0
    for verdict in review_decisions(game_key, config, seed, log, seat, rng_seed=rng_seed, budget=budget,
                                    start=start):
        if verdict is None:
            skipped += 1
        else:
            judged.append(verdict)
    return assemble(game_key, seat, judged, skipped, rng_seed=rng_seed, budget=budget)


def assemble(game_key: str, seat: int, judged: list[DecisionReview], skipped: int, *, rng_seed: int = 0,
             budget: Budget | int | None = None) -> SeatReview:
    """A :class:`SeatReview` from verdicts computed elsewhere (e.g. one by one in a worker pool)."""
    judge = judge_for(game_key)
    judged = sorted(judged, key=lambda d: d.step)
    return SeatReview(game=game_key, seat=seat, rng_seed=rng_seed, budget=asdict(Budget.of(budget, judge.budget)),
                      decisions=judged, summary=summarize(seat, judged, skipped, judge.currency))
