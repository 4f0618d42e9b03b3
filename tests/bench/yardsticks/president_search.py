"""``yard:search``, rebuilt on the strongest calibrated rule player (issue 54, step 1), self-contained.

The outside search player of issue 54: plain determinized playouts (``search.py``) with a strong rule player as
every seat's playout policy, 16 deals and at most 0.1 s a decision; the policy's own move stands unless another
beats it on the same deals by more than two standard errors (``PREFER_Z``, as Beanie's search yardstick does).

* **Policy**: ``yard:hoarder`` (president_styles.py), the strongest of the calibrated rule players by the figures
  of the calibration (docs/performance.md, 2026-12-05): ``frozen:expert`` scored 1.470 ± 0.157 a hand against three
  of it, 1.587 ± 0.155 against three ``yard:rules`` and 1.488 ± 0.151 against three ``yard:shedder`` (N=100, seeds
  10000-10099); the stand-in hero ``yard:rules`` scored 1.391 against three hoarders, 1.498 against three of itself
  and 1.511 against three shedders (N=300, seeds 20000-20299). The shedder owes part of its strength to a
  look-ahead of its own, which a playout policy cannot afford; its plain rule is much weaker (1.843 ± 0.151).
  The policy also makes this player's exchange and its moves with a single candidate.
* **Deals**: the frozen Expert's (tests/bench/frozen/president_expert.py ``_sample_world``): the unseen cards dealt
  at random to the other hands, with their sizes, the cards the exchange showed and the Beggar's rank cap.
* **Playouts**: the style yardsticks' self-contained trick mechanics (president_lookahead.py ``play_out``): every
  seat plays the policy to the end of the hand for this seat, valued by the points of its place (players - 1 -
  place). Nothing here comes from our levels' code in ``logic/``, so changing the Expert cannot move this yardstick.
* Without house rules and revolution only (the arena's President): at a table with either it plays the policy's
  own move (the mechanics model neither). Under house rules (issue 52) that policy is the **house-aware hoarder**
  (president_house.py: the hoarder's style with the house layer's handling of each switch); its playouts model no
  switch, so it does not search there: ``yard:search`` at a house-rule table is ``yard:hoarder``.

Checked against ``frozen:expert``, two seats each, at nice 19 with other work (load 3-11), 2026-12-05: alternating
(F S F S, seats rotated), seeds 10000-10099: **frozen:expert 1.347 ± 0.091, search 1.653 ± 0.091** a hand (paired
-0.305 ± 0.183); in pairs (F F S S), seeds 10100-10199: **1.370 ± 0.101 v 1.630 ± 0.101** (paired -0.260 ± 0.201);
together N=200: -0.282 ± 0.136 a hand for the frozen Expert, which takes 45% of the points (an even share is 1.5 a
hand). Think time mean 20-23 ms, p95 100 ms, max 604 ms (``python tests/bench/arena.py president --players
frozen:expert,yard:search,frozen:expert,yard:search --matches 100 --procs 1``).

``yard:search_rules`` is the one before (the same search with ``yard:rules`` as the policy, on the game's own
search model), kept for the figures measured with it. Frozen by a digest of its moves with a fixed number of deals
(tests/bench/test_yardstick_president_search.py): a time budget is not deterministic, the deals are.
"""

from __future__ import annotations

import random
from typing import Any

from logic.president.actions import Pass, Play
from tests.bench.frozen.president_expert import _sample_world
from tests.bench.frozen.president_expert_info import _Info
from tests.bench.yardsticks.president_base import CountsPlayer, choice_of
from tests.bench.yardsticks.president_lookahead import play_out
from tests.bench.yardsticks.president_styles import HoarderPlayer
from tests.bench.yardsticks.search import WORLDS, plain_search


class SearchPlayer:
    """The rebuilt search yardstick (see the module docstring)."""

    worlds = WORLDS  # deals a decision
    budget_s: float = 0.1  # seconds a decision (the outside search player)
    policy: CountsPlayer = HoarderPlayer()  # every seat's playout policy, this player's exchange and fallback
    PREFER_Z = 2.0  # the policy's own move stands unless another beats it by this many standard errors (0: off)

    def choose(self, view: dict[str, Any], legal: list, rng: random.Random) -> Any:
        cands = [a for a in legal if type(a) in (Play, Pass)]
        if len(cands) < 2 or view.get("revolution") or view.get("house"):  # the exchange, a single move, or rules
            return self.policy.choose(view, legal, rng)  # the mechanics do not model
        info = _Info(view)
        decide, rev = self.policy.decide, info.rev

        def sample(r: random.Random) -> list[list[int]]:
            return _sample_world(info, r)

        def run(hands: list[list[int]], action: Any, r: random.Random) -> float:
            return play_out(view, hands, choice_of(action), decide, rev)

        prefer = self.policy.choose(view, legal, rng) if self.PREFER_Z > 0 else None
        return plain_search(cands, sample, run, _copy, rng, self.worlds, self.budget_s, prefer=prefer,
                            z=self.PREFER_Z)


def _copy(hands: list[list[int]]) -> list[list[int]]:
    return [list(h) for h in hands]
