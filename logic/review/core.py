"""Judging one decision from the deciding seat's view with the shared search's ingredients.

Every candidate move is applied to the same sampled deals (dealt from the seat's view by the game's own sampler)
and played out with the same random numbers (common random numbers); the chosen move's cost is the paired
difference to the best candidate. A game plugs in with a :class:`Judge` (see ``logic/review/<game>.py``).

Nothing here sees a hidden card: the inputs are the view, the legal moves, the chosen move and an rng.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, Protocol

from logic.messages import Message, message_of, t_msg, t_pmsg
from logic.search import paired_gap, playout

from .model import Budget, CandidateValue, DecisionReview

Z_FLAG = 2.0  # a cost must exceed this many standard errors (and the game's floor) to count as a mistake
Z_PRUNE = 3.0  # a candidate this far below the leader stops being played out
BOOKKEEPING = frozenset({"commit", "undo", "next"})  # moves that are no decision worth judging


class Judge(Protocol):
    """What a game gives the review."""

    currency: str  # the unit of values and costs, e.g. "points"
    low_wins: bool  # the hand's lowest score wins (Beanie's penalty points)
    floor: float  # costs at or below this are never mistakes
    budget: Budget  # the default budget per decision

    def candidates(self, view: Any, legal: list[Any], chosen: Any,
                   limit: int) -> list[tuple[Any, Any]] | None:
        """The moves worth comparing as ``(legal action, search move)`` pairs, the chosen one first; None when
        this kind of decision is not judged."""

    def spec(self, view: Any) -> Any:
        """A search spec (``sample``, ``clone``, ``apply`` and ``rollout`` or the generic playout hooks) whose
        values are in the judge's currency, higher is better."""

    def words(self, view: Any, action: Any) -> str:
        """A few words for a move ("the pair of 9s", "pass")."""

    def why(self, view: Any, chosen: Any, best: Any) -> str:
        """One plain sentence on why ``best`` beats ``chosen``."""

    def evidence(self, view: Any, best_words: str, chosen_words: str, best: list[float],
                 chosen: list[float]) -> str:
        """One sentence on what the better move achieved in the sampled deals (its values and the chosen move's,
        deal by deal), e.g. "With the better move you finished first in 55% of the 192 deals imagined, with yours in
        20%."; see ``words.evidence``."""


def is_decision(legal: Sequence[Any], chosen: Any) -> bool:
    """A real decision: more than one legal move and the chosen one is not bookkeeping."""
    return len(legal) > 1 and getattr(chosen, "kind", "") not in BOOKKEEPING


def decision_rng(rng_seed: int, step: int) -> random.Random:
    """The rng of the decision at ``step``: each decision has its own, so one can be judged alone, in any order."""
    return random.Random(f"review:{rng_seed}:{step}")


def judge_decision(judge: Judge, encode: Any, view: Any, legal: list[Any], chosen: Any, *, step: int,
                   rng: random.Random, budget: Budget) -> DecisionReview | None:
    """The verdict on ``chosen`` (None when the judge does not judge such a decision). ``encode`` turns a move
    into its stored JSON form."""
    seat = view["seat"]
    pairs = judge.candidates(view, legal, chosen, budget.max_candidates)
    if pairs is None:
        return None
    if len(pairs) == 1:
        words = judge.words(view, chosen)
        only = t_msg("The only sensible move here.")
        return DecisionReview(step=step, seat=seat, chosen=encode(chosen), chosen_words=words, best=encode(chosen),
                              best_words=words, chosen_value=0.0, best_value=0.0, cost=0.0, stderr=0.0, worlds=0,
                              flagged=False, why=only.english(), currency=judge.currency,
                              messages=review_messages(words, words, only))
    values = _play(judge, view, seat, [m for _, m in pairs], rng, budget)
    means = [sum(v) / len(v) for v in values]
    full = [i for i in range(len(pairs)) if len(values[i]) == len(values[0])]
    best = max(full, key=lambda i: (round(means[i], 9), i == 0, -i))
    cost, se = (0.0, 0.0) if best == 0 else paired_gap(values[best], values[0])
    if not math.isfinite(se):
        se = 0.0
    worlds = len(values[0])
    pair = (values[best], values[0])
    if best != 0 and cost > max(judge.floor, Z_FLAG * se):  # a mistake at first sight: measured again, afresh
        pair = _confirm(judge, view, seat, pairs[0][1], pairs[best][1], rng, max(worlds, budget.max_worlds))
        cost, se = paired_gap(*pair)
        se = se if math.isfinite(se) else 0.0
    flagged = best != 0 and clear_cost(cost, se, judge.floor)
    chosen_action, best_action = pairs[0][0], pairs[best][0]
    said_words = [judge.words(view, a) for a, _ in pairs]  # (with their messages: the models keep plain strings)
    cands = [CandidateValue(action=encode(a), words=said_words[i], value=round(means[i], 4),
                            worlds=len(values[i])) for i, (a, _) in enumerate(pairs)]
    why = t_msg("No better move showed up in the deals.")
    if best != 0:  # what the better move does, then what it achieved in the deals imagined
        why = message_of(judge.why(view, chosen_action, best_action))
        found = judge.evidence(view, said_words[best], said_words[0], pair[0], pair[1])
        if found:
            why = t_pmsg("review", "{reason} {evidence}", reason=why, evidence=message_of(found))
    return DecisionReview(step=step, seat=seat, chosen=cands[0].action, chosen_words=cands[0].words,
                          best=cands[best].action, best_words=cands[best].words, chosen_value=cands[0].value,
                          best_value=cands[best].value, cost=round(max(0.0, cost), 4), stderr=round(se, 4),
                          worlds=len(pair[1]), flagged=flagged, why=why.english(), currency=judge.currency,
                          candidates=cands, messages=review_messages(said_words[0], said_words[best], why))


def review_messages(chosen: str, best: str, why: Message) -> dict[str, Any]:
    """A verdict's texts as messages (JSON), so a page shows them in its viewer's language; the model's own
    strings stay the English (logs, the seat API, reviews stored before)."""
    return {"chosen": message_of(chosen).to_json(), "best": message_of(best).to_json(), "why": why.to_json()}


def clear_cost(cost: float, se: float, floor: float) -> bool:
    """The flag rule: a cost counts as a mistake only when it is clearly larger than the game's floor, the least
    cost worth a player's attention (each judge says what and why): even the low end of its estimate, the cost
    less :data:`Z_FLAG` standard errors of the sampled gap, exceeds the floor. So the cost is both beyond the
    estimate's noise and worth telling; a deeper search agrees with nearly every flag (``bench_review.py
    quality``)."""
    return cost - Z_FLAG * se > floor


def _confirm(judge: Judge, view: Any, seat: int, chosen: Any, best: Any, rng: random.Random,
             n: int) -> tuple[list[float], list[float]]:
    """The gap between the best-looking move and the chosen one measured again on ``n`` fresh deals.

    The best of several candidates, picked on the same deals, looks better than it is (the luckiest of many
    noisy estimates wins the pick), so a cost and its standard error measured on the deals that picked it
    overstate it; on fresh deals they do not. Only moves that look like mistakes at first sight are measured
    again (on as many deals as the budget's most), so this costs little. Returns the best move's and the chosen
    move's values, deal by deal."""
    values = _play_fixed(judge, view, seat, [chosen, best], random.Random(rng.getrandbits(64)), n)
    return values[1], values[0]


def _play_fixed(judge: Judge, view: Any, seat: int, moves: list[Any], rng: random.Random,
                n: int) -> list[list[float]]:
    """Each move's value in each of ``n`` sampled deals (common random numbers, no early stop)."""
    spec = judge.spec(view)
    values: list[list[float]] = [[] for _ in moves]
    for _ in range(n):
        world = spec.sample(view, rng)
        wseed = rng.getrandbits(64)
        for i, move in enumerate(moves):
            s = spec.clone(world)
            spec.apply(s, seat, move)
            values[i].append(playout(spec, s, seat, world, random.Random(wseed)))
    return values


def _play(judge: Judge, view: Any, seat: int, moves: list[Any], rng: random.Random,
          budget: Budget) -> list[list[float]]:
    """Each candidate's value per sampled deal; candidate 0 (the chosen move) is played in every deal. More deals
    are added while the verdict is unsure; candidates clearly below the leader stop early."""
    spec = judge.spec(view)
    values: list[list[float]] = [[] for _ in moves]
    alive = list(range(len(moves)))
    n, target = 0, budget.min_worlds
    while True:
        while n < target:
            world = spec.sample(view, rng)
            wseed = rng.getrandbits(64)
            for i in alive:
                s = spec.clone(world)
                spec.apply(s, seat, moves[i])
                values[i].append(playout(spec, s, seat, world, random.Random(wseed)))
            n += 1
        alive = _prune(alive, values)
        if n >= budget.max_worlds or not _unsure(values, alive, judge.floor):
            return values
        target = min(budget.max_worlds, n + budget.step)


def _leader(alive: list[int], values: list[list[float]]) -> int:
    return max(alive, key=lambda i: (sum(values[i]) / len(values[i]), i == 0, -i))


def _prune(alive: list[int], values: list[list[float]]) -> list[int]:
    """Keep the chosen move, the leader and every candidate not clearly below the leader."""
    lead = _leader(alive, values)
    keep = []
    for i in alive:
        if i in (0, lead):
            keep.append(i)
            continue
        m, se = paired_gap(values[i], values[lead])
        if m + Z_PRUNE * se >= 0:
            keep.append(i)
    return keep


def _unsure(values: list[list[float]], alive: list[int], floor: float) -> bool:
    """Whether more deals could change the verdict: the chosen move trails the leader by more than the floor,
    but the low end of that gap (see :func:`clear_cost`) is not above the floor yet."""
    lead = _leader(alive, values)
    if lead == 0:
        return False
    m, se = paired_gap(values[lead], values[0])
    if m <= floor:
        return False
    return se > 0 and not clear_cost(m, se, floor)
