"""The phases a pseudo-language walk jumps straight to (tests/e2e/test_pseudo_language.py): finished games written
into the server's data folder before it starts (tests/replay_support.py), and the steps of their logs where a phase
begins, for ``/practice/<CODE>?step=N&seat=S&exact=1`` (docs/contract.md, "Play from here").

President's card exchange is seen from four seats: a giver still to give back, the first giver once it gave back
(the other giver, a computer player, is still to give), a receiver waiting, and the first giver's receiver once
the cards came back. Each game's summary between hands ("hand-over") is seen from seat 0. Card Night has no
"pass the device" screen (every person plays on their own device), so these are all the screens between turns.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from logic.registry import get_game
from tests.replay_support import NAMES, QUICK, play_out, write_finished

SEED = 3
# the finished games: code -> (game, options); Stockpile plays a series to 500 to have a summary between hands
FINISHED: dict[str, tuple[str, dict[str, Any]]] = {
    "XAPRES": ("president", QUICK["president"]),
    "XARUMY": ("rummy", QUICK["rummy"]),
    "XABEAN": ("beanie", QUICK["beanie"]),
    "XASTOK": ("stockpile", {"stock_size": "short", "series": "500"}),
}
PLAYERS = NAMES  # their players' names (not translated), which the practice tables keep for the computer seats


@dataclass(frozen=True)
class Exchange:
    step: int  # the exchange of hand 2 begins after this many moves
    giver: int  # the seat whose give is the first move of the exchange
    giver_partner: int  # its receiver
    other_giver: int  # the seat that gives back second
    other_partner: int


def write_games(data_dir: Path) -> None:
    """The finished games of :data:`FINISHED`, in ``data_dir`` (before the server starts)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    for code, (key, options) in FINISHED.items():
        write_finished(data_dir, key, code, seed=SEED, options=options)


def _replayed(code: str) -> tuple[Any, Any, Any, list[list[Any]]]:
    key, options = FINISHED[code]
    game = get_game(key)
    config, _final, log = play_out(key, SEED, options)
    return game, config, game.new_game(config, SEED), log


def exchange(code: str = "XAPRES") -> Exchange:
    """Where hand 2's card exchange begins in the finished President game, and who gives and receives."""
    game, config, state, log = _replayed(code)
    for step, (seat, encoded) in enumerate(log):
        if game.phase(state) == "exchange":
            partners = {s: game.view(state, s)["exchange"]["partner"] for s in range(config.players)
                        if (game.view(state, s)["exchange"] or {}).get("give_count")}
            other = next(s for s in partners if s != seat)
            return Exchange(step, seat, partners[seat], other, partners[other])
        game.apply(state, seat, game.decode_action(encoded))
    raise AssertionError("no card exchange in the finished President game")


def hand_over(code: str) -> int:
    """The first step at which the finished game ``code`` shows its summary between hands."""
    game, _config, state, log = _replayed(code)
    for step, (seat, encoded) in enumerate(log):
        if game.phase(state) == "hand-over":
            return step
        game.apply(state, seat, game.decode_action(encoded))
    raise AssertionError(f"no summary between hands in {code}")
