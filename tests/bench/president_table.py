"""The table of the President Expert v ``yard:search`` benches (president_diff.py, president_regret.py,
president_swap.py, issue 54): its players, a match's setup as arena.py plays it, and playing a hand out.

The table is ``president:expert, yard:search, president:expert, yard:search``; match ``index`` rotates the seats by
``index % 4`` (seat ``j`` gets player ``(j + index) % 4``) and gives every seat its own ``random.Random`` from the
match seed, as arena.py does, so a bench's matches are the arena's.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from logic.president.bots import ExpertBot  # noqa: E402
from logic.registry import get_game  # noqa: E402
from tests.bench.arena import make_player  # noqa: E402

TABLE = ("president:expert", "yard:search", "president:expert", "yard:search")
GAME = get_game("president")


def cont_players(kind: str, names: tuple[str, ...] = TABLE) -> list[Any]:
    """The continuations' players by player index of ``names``: ``real``, the players as they are; ``cheap``, the
    Expert with ``budget_s=None, worlds=8`` (no clock) and ``yard:search`` with 4 deals (its 0.1 s cap kept)."""
    if kind == "real":
        return [make_player("president", name) for name in names]
    players = []
    for name in names:
        if name.startswith("president:"):
            players.append(ExpertBot(budget_s=None, max_worlds=8, min_worlds=8))
        else:
            p = make_player("president", name)
            if name == "yard:search":
                p.worlds = 4
            players.append(p)
    return players


@dataclass
class Match:
    """One match at TABLE: who plays each seat, the bots (and the continuations' bots) by seat, the seats' random
    generators and the game's state."""

    names: tuple[str, ...]  # the players (TABLE unless a test seats others)
    seat_player: list[int]  # seat j is played by player seat_player[j] of ``names``
    bots: list[Any]
    cbots: list[Any]
    rngs: list[random.Random]
    state: Any


def new_match(seed: int, index: int, cont: str = "real", names: tuple[str, ...] = TABLE) -> Match:
    """Match ``index`` of a run, on ``seed`` (see the module docstring), four hands, no revolution."""
    n = len(names)
    seat_player = [(j + index % n) % n for j in range(n)]
    conts = cont_players(cont, names)
    return Match(names, seat_player, [make_player("president", names[p]) for p in seat_player],
                 [conts[p] for p in seat_player], [random.Random(f"arena-{seed}-{j}") for j in range(n)],
                 GAME.new_game(GAME.make_config(players=n, hands=4, revolution=False), seed))


def moves(m: Match) -> Iterator[tuple[int, int, dict[str, Any], list[Any], Any]]:
    """Every move of match ``m`` in turn: (step, seat, the seat's view, its legal actions, the action its bot chose).
    The action is applied once the caller has looked at it, so the caller must leave ``m.state`` as it found it."""
    step = 0
    while GAME.outcome(m.state) is None:
        seat = GAME.to_move(m.state)[0]
        view = GAME.view(m.state, seat)
        legal = GAME.legal_actions(m.state, seat)
        action = m.bots[seat].choose(view, legal, m.rngs[seat])
        step += 1
        yield step, seat, view, legal, action
        GAME.apply(m.state, seat, action)


def play_hand_out(state: Any, bots: list[Any], seed: str, hands: int | None = None) -> Any:
    """Play ``state`` on to the end of the hand that ``hands`` hands were finished before (default: the hand in
    progress) with ``bots`` (by seat); the state. A move that ends the hand has finished it already: nothing to play."""
    rngs = [random.Random(f"{seed}-{j}") for j in range(state.n)]
    hands = len(state.hand_points) if hands is None else hands
    while len(state.hand_points) == hands and GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        GAME.apply(state, seat, bots[seat].choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rngs[seat]))
    return state
