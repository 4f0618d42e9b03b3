"""Plain determinized playouts, the method of the outside search players we measure against, for the search yardsticks.

For one decision: deal the cards the seat cannot see at random (consistent with its view) up to ``worlds``
times; in each deal play every candidate move and then the rest of the hand (or round) with the game's plain
yardstick player for every seat; pick the candidate with the best mean value. Every candidate sees the same
deals. No pruning, no tuned policy: that is what makes it a yardstick rather than one of our levels. The time
budget stops adding deals (at least one is always played in full; a deal the budget cuts short is left out).

``prefer`` (Beanie): the policy's own move, kept unless the best candidate beats it on the same deals by more than
``z`` standard errors of the paired difference. A whole round's outcome swings so widely that 16 deals rank
near-equal moves by chance; without this the Beanie search player was weaker than the policy it plays out with.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from logic.search import paired_gap

WORLDS = 16  # sampled deals a decision
BUDGET_S = 0.25  # seconds a decision (Rummy and Beanie; President gives 0.1)


def plain_search(
    candidates: Sequence[Any],
    sample: Callable[[random.Random], Any],
    play_out: Callable[[Any, Any, random.Random], float],
    clone: Callable[[Any], Any],
    rng: random.Random,
    worlds: int = WORLDS,
    budget_s: float = BUDGET_S,
    prefer: Any = None,
    z: float = 2.0,
) -> Any:
    """The candidate with the best mean ``play_out(world, candidate, rng)`` over sampled ``worlds``.

    ``sample(rng)`` returns a fresh world; each candidate plays out its own ``clone`` of it (``play_out`` may
    change the world it is given)."""
    if len(candidates) == 1:
        return candidates[0]
    t0 = time.perf_counter()
    rows: list[list[float]] = []  # per deal, every candidate's value
    for w in range(worlds):
        world = sample(rng)
        values = []
        for cand in candidates:
            if w and time.perf_counter() - t0 > budget_s:
                break
            values.append(play_out(clone(world), cand, rng))
        if len(values) < len(candidates):
            break  # out of time: this deal is left out (every candidate must see the same deals)
        rows.append(values)
    best = max(range(len(candidates)), key=lambda i: sum(row[i] for row in rows))
    if prefer is None or prefer not in candidates or candidates[best] == prefer:
        return candidates[best]
    other = candidates.index(prefer)
    gap, se = paired_gap([row[best] for row in rows], [row[other] for row in rows])  # (se is inf below 2 deals)
    return candidates[best] if gap > 0 and gap > z * se else prefer

