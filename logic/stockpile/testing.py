"""Helpers for Stockpile tests and benches: crafted states, card counting and random playouts."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from logic.stockpile import GAME
from logic.stockpile import actions as A
from logic.stockpile import rules as R
from logic.stockpile import state as S


def V(text: str) -> list[int]:
    """'1 2 W 12' -> engine values (bottom/first first)."""
    return [A.value_of(c) for c in text.split()]


def crafted(
    players: int = 2,
    *,
    hands: list[str] | None = None,
    stocks: list[str] | None = None,
    builds: list[int] | None = None,
    discards: dict[tuple[int, int], str] | None = None,
    draw: str = "",
    set_aside: str = "",
    turn: int = 0,
    partners: bool = False,
    series: str = "single",
    stock_size: str = "short",
) -> S.State:
    """A state in the play stage built by hand. ``builds`` gives pile heights (cards are numbers)."""
    s = GAME.new_game(GAME.make_config(players=players, partners=partners, series=series, stock_size=stock_size), 1)
    s.hands = [V(h) for h in (hands or [""] * players)]
    s.stocks = [V(x) for x in (stocks or ["5 5 5"] * players)]
    s.builds = [list(range(1, h + 1)) for h in (builds or [0, 0, 0, 0])]
    s.discards = [[[] for _ in range(4)] for _ in range(players)]
    for (seat, pile), text in (discards or {}).items():
        s.discards[seat][pile] = V(text)
    s.draw = V(draw)
    s.set_aside = V(set_aside)
    s.turn = turn
    s.stage = S.STAGE_PLAY
    s.undo = []
    s.passes = 0
    s.quiet = 0
    s.last = None
    return s


def all_cards(s: S.State) -> Counter[int]:
    c: Counter[int] = Counter()
    c.update(s.draw)
    c.update(s.set_aside)
    for group in (s.builds, s.stocks, s.hands):
        for pile in group:
            c.update(pile)
    for d in s.discards:
        for pile in d:
            c.update(pile)
    return c


FULL = Counter(A.full_deck())


def random_game(
    seed: int, config: Any, max_steps: int = 200_000, on_step: Any = None, stock_first: bool = False
) -> tuple[S.State, list[Any]]:
    """Uniform-random playout; returns the final state and the JSON action log. ``stock_first``: a
    stock card is always played when it can be (deals end sooner: used for long series)."""
    s = GAME.new_game(config, seed)
    rng = random.Random(seed)
    log: list[tuple[int, dict[str, Any]]] = []
    steps = 0
    while s.stage != S.STAGE_OVER:
        seats = R.to_move(s)
        seat = seats[rng.randrange(len(seats))]
        legal = R.legal_actions(s, seat)
        assert legal, f"seat {seat} must have a move in stage {s.stage}"
        a = legal[rng.randrange(len(legal))]
        if stock_first and type(legal[0]) is A.Play and legal[0].source.startswith("stock:"):
            a = legal[0]
        if on_step is not None:
            on_step(s, seat, a, rng)
        R.apply(s, seat, a)
        log.append((seat, GAME.encode_action(a)))
        steps += 1
        assert steps < max_steps, "game did not end"
    return s, log
