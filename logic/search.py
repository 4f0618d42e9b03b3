"""Determinized search shared by every game's strongest computer player.

A bot that cannot see the other hands asks this module "which of my moves is best?". It answers by
*determinized playouts* (perfect-information Monte Carlo over sampled worlds, Cowling, Powley &
Whitehouse 2012 call the family "determinization"):

1. the game's :class:`SearchSpec` deals the unseen cards at random, consistent with everything the seat
   has seen (``sample``);
2. every candidate move is applied to a copy of that world and played out to a horizon (``done``) with
   the game's own fast, strong playout policy for every seat (``policy``);
3. the end of each playout is valued for the searching seat (``evaluate``, match-aware: the game says
   what a position is worth over the whole match, not just this trick);
4. all candidates see the *same* worlds and the same playout random numbers (common random numbers), so
   the comparison between moves is paired and much less noisy than their separate averages.

Budget: worlds are added until ``max_worlds`` or the time budget runs out (but never fewer than
``min_worlds`` unless twice the budget has passed). Candidates that are clearly worse than the leader
(paired difference more than ``prune_z`` standard errors below zero) are dropped along the way, and the
search stops once one candidate is left. With ``budget_s=None`` only the worlds cap counts, so a test gets
the same move on any machine: the result depends only on the rng, the view and the caps.

Games with a hot loop of their own may give the spec a ``rollout(state, seat, rng) -> float`` method
(play to the horizon and value it in one go); otherwise the generic loop below uses ``to_move``,
``legal``, ``policy`` and ``apply`` of the spec (:class:`GameSpec` supplies them from the game).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from logic.game import AnyGame


class SearchSpec(Protocol):
    """What a game gives the search. ``state`` may be the game's own state or a faster private model.

    A spec with a playout of its own gives ``rollout(state, seat, rng) -> float`` (the value for ``seat`` after
    playing ``state`` out) instead of ``policy``, ``evaluate`` and ``done``: see :func:`playout`."""

    game: AnyGame

    def sample(self, view: Mapping[str, Any], rng: random.Random) -> Any:
        """A full state consistent with the view (hidden cards dealt at random, consistent with all seen)."""

    def policy(self, state: Any, seat: int, legal: list[Any], rng: random.Random) -> Any:
        """A fast, strong move for ``seat`` in a playout."""

    def evaluate(self, state: Any, seat: int) -> float:
        """Value for ``seat`` at the end of a playout (higher is better; match-aware)."""

    def done(self, state: Any, start: Any) -> bool:
        """Whether the playout has reached its horizon (``start`` is the world before the root move)."""

    def clone(self, state: Any) -> Any:
        """An independent copy of a world (each candidate plays out its own copy)."""

    def apply(self, state: Any, seat: int, action: Any) -> None:
        """Make a move (a candidate at the root, a policy move in the generic playout loop)."""


class GameSpec:
    """Base class for specs whose state is the game's own: the playout moves come from the game."""

    game: AnyGame

    def clone(self, state: Any) -> Any:
        return self.game.clone(state)

    def to_move(self, state: Any) -> int:
        return self.game.to_move(state)[0]

    def legal(self, state: Any, seat: int) -> list[Any]:
        return self.game.legal_actions(state, seat)

    def apply(self, state: Any, seat: int, action: Any) -> None:
        self.game.apply(state, seat, action)


@dataclass
class SearchStats:
    """What a search did (for tests and benchmarks)."""

    worlds: int = 0
    values: dict[int, list[float]] = field(default_factory=dict)  # candidate index -> value per world
    alive: list[int] = field(default_factory=list)  # candidates still in the race at the end
    chosen: int = -1
    reason: str = ""


def playout(spec: Any, state: Any, seat: int, start: Any, rng: random.Random, max_steps: int = 10_000) -> float:
    """Play ``state`` (modified in place) to the spec's horizon with its policy; the value for ``seat``."""
    fast = getattr(spec, "rollout", None)
    if fast is not None:
        return float(fast(state, seat, rng))
    game = spec.game
    for _ in range(max_steps):
        if spec.done(state, start) or game.outcome(state) is not None:
            break
        mover = spec.to_move(state)
        legal = spec.legal(state, mover)
        spec.apply(state, mover, spec.policy(state, mover, legal, rng))
    return float(spec.evaluate(state, seat))


def paired_gap(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of ``a - b`` over the worlds both saw."""
    n = min(len(a), len(b))
    if n < 2:
        return 0.0, math.inf
    diffs = [a[i] - b[i] for i in range(n)]
    m = sum(diffs) / n
    var = sum((d - m) ** 2 for d in diffs) / (n - 1)
    return m, math.sqrt(var / n)


def clear_gain(stats: SearchStats, cands: Sequence[Any], prefer: Any, z: float, min_gain: float = 0.0) -> Any:
    """The searched pick only when it beats ``prefer`` (the heuristic's move) on the same worlds by more than
    ``min_gain`` and ``z`` standard errors of the paired difference; else ``prefer``. Near-equal moves often swap
    places by chance over a few dozen worlds: a bot keeps its own judgement unless the playouts clearly disagree."""
    pick = cands[stats.chosen]
    if pick == prefer or prefer not in cands:
        return pick
    gap, se = paired_gap(stats.values[stats.chosen], stats.values[list(cands).index(prefer)])
    return pick if gap > max(min_gain, z * se) else prefer


def search_choose(
    spec: Any,
    view: Mapping[str, Any],
    legal: Sequence[Any],
    rng: random.Random,
    *,
    seat: int,
    budget_s: float | None = 0.5,
    max_worlds: int = 200,
    min_worlds: int = 8,
    candidates: Sequence[Any] | None = None,
    prefer: Any = None,
    prune_z: float = 3.0,
    prune_every: int = 8,
    clock: Callable[[], float] = time.perf_counter,
    stats: SearchStats | None = None,
) -> Any:
    """The candidate with the best mean playout value over sampled worlds.

    ``candidates`` (default: ``legal``) are the moves worth comparing, in the form ``spec.apply`` takes;
    the caller pre-filters them (and returns at once when a cheap rule says one move is clearly best).
    ``prefer`` breaks exact ties (e.g. the move the game's heuristic would make). Deterministic given
    ``rng`` when ``budget_s`` is None.
    """
    cands = list(candidates if candidates is not None else legal)
    st = stats if stats is not None else SearchStats()
    if not cands:
        raise ValueError("search_choose needs at least one candidate move")
    if len(cands) == 1:
        st.chosen, st.reason, st.alive = 0, "only move", [0]
        return cands[0]
    values, alive, worlds = _play_worlds(spec, view, cands, rng, seat, budget_s, max_worlds, min_worlds, prune_z,
                                         prune_every, clock)
    best = max(alive, key=lambda i: (_mean(values[i]), cands[i] == prefer, -i))
    st.worlds, st.values, st.alive, st.chosen = worlds, values, alive, best
    st.reason = "one left" if len(alive) == 1 else "budget"
    return cands[best]


def mean_values(
    spec: Any,
    view: Mapping[str, Any],
    candidates: Sequence[Any],
    rng: random.Random,
    *,
    seat: int,
    budget_s: float | None = 0.5,
    max_worlds: int = 200,
    min_worlds: int = 8,
    clock: Callable[[], float] = time.perf_counter,
) -> list[float]:
    """Every candidate's mean playout value over the same sampled worlds, none dropped along the way: for a bot
    that weighs the playouts against scores of its own (Stockpile's Hard mixes them with a cheap score)."""
    cands = list(candidates)
    if not cands:
        return []
    values, _, _ = _play_worlds(spec, view, cands, rng, seat, budget_s, max_worlds, min_worlds, None, 0, clock)
    return [_mean(values[i]) for i in range(len(cands))]


def _play_worlds(spec: Any, view: Mapping[str, Any], cands: list[Any], rng: random.Random, seat: int,
                 budget_s: float | None, max_worlds: int, min_worlds: int, prune_z: float | None, prune_every: int,
                 clock: Callable[[], float]) -> tuple[dict[int, list[float]], list[int], int]:
    """The world loop: each sampled world, every candidate still in the race played out on its own copy of it.
    Returns the values per world of each candidate, the candidates left (``prune_z`` None: all) and the worlds."""
    t0 = clock()
    values: dict[int, list[float]] = {i: [] for i in range(len(cands))}
    alive = list(range(len(cands)))
    worlds = 0
    while worlds < max_worlds and (len(alive) > 1 or prune_z is None):
        if budget_s is not None and worlds >= 1:
            spent = clock() - t0
            if spent > 2 * budget_s or (worlds >= min_worlds and spent > budget_s):
                break
        world = spec.sample(view, rng)
        wseed = rng.getrandbits(64)
        for i in alive:
            s = spec.clone(world)
            spec.apply(s, seat, cands[i])
            values[i].append(playout(spec, s, seat, world, random.Random(wseed)))
        worlds += 1
        if prune_z is not None and worlds >= min_worlds and worlds % prune_every == 0:
            alive = _prune(alive, values, prune_z)
    return values, alive, worlds


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else -math.inf


def _prune(alive: list[int], values: dict[int, list[float]], z: float) -> list[int]:
    """Drop the candidates whose paired gap to the current leader is clearly negative."""
    leader = max(alive, key=lambda i: _mean(values[i]))
    keep = []
    for i in alive:
        if i == leader:
            keep.append(i)
            continue
        m, se = paired_gap(values[i], values[leader])
        if m + z * se >= 0:
            keep.append(i)
    return keep
