"""How the President rule yardsticks differ in style: pass rate, when Aces and 2s are played, what is led.

    python tests/bench/bench_president_styles.py [N] [SEED] [PLAYER ...]

Each PLAYER (an arena name, default ``yard:rules yard:hoarder yard:shedder``) plays N matches (default 100,
seeds SEED on, default 30000) at a table of four of itself, seated as the arena seats them. Per player: the share
of passes among its decisions when a play was legal (following), the hand size (cards before the play) when an
Ace or a 2 is played (mean, and the share played from a hand of more than 8 cards), and the share of its leads
that are pairs or more while it also held a single, and how often it kept its Aces and 2s back when it could have
followed with one.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from logic.president.actions import Pass, Play  # noqa: E402
from logic.registry import get_game  # noqa: E402
from tests.bench import arena  # noqa: E402
from tests.bench.yardsticks.president_base import counts  # noqa: E402

ACE, TWO = 11, 12


def style_of(name: str, matches: int, seed0: int) -> dict[str, float]:
    """Style figures of four ``name`` players over ``matches`` matches (see the module docstring)."""
    game = get_game("president")
    follows = passes = leads = set_leads = high_chances = high_kept = 0
    high_sizes: list[int] = []
    for i in range(matches):
        seed = seed0 + i
        bots = [arena.make_player("president", name) for _ in range(4)]
        rngs = [random.Random(f"arena-{seed}-{j}") for j in range(4)]
        state = game.new_game(game.make_config(hands=4, revolution=False, players=4), seed)
        while game.outcome(state) is None:
            seat = game.to_move(state)[0]
            view = game.view(state, seat)
            legal = game.legal_actions(state, seat)
            action = bots[seat].choose(view, legal, rngs[seat])
            plays = [a for a in legal if type(a) is Play]
            if view.get("top") and plays:
                follows += 1
                passes += type(action) is Pass
                if any(_high(a) for a in plays):  # it could play an Ace or a 2 here
                    high_chances += 1
                    high_kept += not (type(action) is Play and _high(action))
            if not view.get("top") and type(action) is Play:
                h = counts(view["hand"])
                if any(x == 1 for x in h) and any(x > 1 for x in h):
                    leads += 1
                    set_leads += len(action.cards) > 1
            if type(action) is Play and _high(action):
                high_sizes.append(len(view["hand"]))
            game.apply(state, seat, action)
    return {
        "pass_rate": passes / max(1, follows),
        "high_hand_size": sum(high_sizes) / max(1, len(high_sizes)),
        "high_from_long": sum(1 for x in high_sizes if x > 8) / max(1, len(high_sizes)),
        "set_leads": set_leads / max(1, leads),
        "high_kept": high_kept / max(1, high_chances),
    }


def _high(action: Play) -> bool:
    h = counts(list(action.cards))
    return bool(h[ACE] + h[TWO])


def main() -> None:
    args = sys.argv[1:]
    matches = int(args[0]) if args else 100
    seed0 = int(args[1]) if len(args) > 1 else 30_000
    names = args[2:] or ["yard:rules", "yard:hoarder", "yard:shedder"]
    print(f"four of a player at the table, {matches} matches from seed {seed0}")
    for name in names:
        s = style_of(name, matches, seed0)
        print(f"  {name:28s} passes {100 * s['pass_rate']:5.1f}% of follows   Aces/2s played from "
              f"{s['high_hand_size']:4.1f} cards on average ({100 * s['high_from_long']:4.1f}% from more than 8)   "
              f"sets led {100 * s['set_leads']:5.1f}% (holding a single too)   "
              f"Aces/2s kept back {100 * s['high_kept']:5.1f}% of the times one could follow")


if __name__ == "__main__":
    main()
