"""Stockpile computer players (easy, medium, hard) and make_bot; they decide from the view and legal list only."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from logic.game import Bot
from logic.stockpile import actions as A
from logic.stockpile.bot_common import (
    CARD_ORDER,
    WILD,
    TurnFacts,
    by_kind,
    chain_to_stock,
    common_move,
    direct_stock_play,
    keep_legal,
    tidy_discard,
)
from logic.stockpile.hard import HardBot
from logic.stockpile.view_types import StockpileView
from logic.view_types import viewer_seat

__all__ = ["EasyBot", "HardBot", "MediumBot", "make_bot"]

# --- easy --------------------------------------------------------------------------------------


def easy_discard(view: StockpileView) -> A.Discard:
    """Highest card (wilds last) onto a pile showing the same number, else an empty pile, else pile 1."""
    hand = [CARD_ORDER[c] for c in view["hand"]]
    seat = viewer_seat(view)
    piles = view["discards"][seat]
    best_i = max(range(len(hand)), key=lambda i: (hand[i] != WILD, hand[i], -i))
    card = A.code(hand[best_i])
    pile = next((p for p in range(4) if piles[p] and piles[p][-1] == card), None)
    if pile is None:
        pile = next((p for p in range(4) if not piles[p]), 0)
    return A.DISCARD[best_i][pile]


def decide(view: StockpileView, legal: list[Any], pick: Callable[[StockpileView, list[Any], list[A.Play]], Any]
           ) -> Any:
    """A level's move: the one every level makes alike (``common_move``), else the level's ``pick`` given its plays;
    kept legal."""
    move = common_move(view, legal)
    return keep_legal(view, legal, move if move is not None else pick(view, legal, by_kind(legal, A.Play)))


class EasyBot:
    """Plays what it can (stock first, then discard tops and hand cards, wilds included) and
    discards its highest card."""

    level = "easy"

    def choose(self, view: StockpileView, legal: list[Any], rng: random.Random) -> Any:
        return decide(view, legal, self.pick)

    def pick(self, view: StockpileView, legal: list[Any], plays: list[A.Play]) -> Any:
        for p in plays:
            if p.source.startswith("stock:"):
                return p
        if plays:
            return plays[0]
        if view["hand"]:
            return easy_discard(view)
        return legal[0]


# --- medium ------------------------------------------------------------------------------------


class MediumBot:
    """Plays its stock card when it can, otherwise searches for a chain of hand and discard-pile
    cards (using wilds only inside such a chain) that reaches its stock card; then plays loose
    numbers from its discard piles and hand; discards to keep its piles tidy (same numbers
    together, descending runs)."""

    level = "medium"

    def choose(self, view: StockpileView, legal: list[Any], rng: random.Random) -> Any:
        return decide(view, legal, self.pick)

    def pick(self, view: StockpileView, legal: list[Any], plays: list[A.Play]) -> Any:
        if not plays:
            return tidy_discard(view) if view["hand"] else legal[0]
        turn = TurnFacts(view)
        a = direct_stock_play(turn, legal, lambda b: 0.0)
        if a is not None:
            return a
        step = chain_to_stock(turn)
        if step is not None:
            act = A.Play(step[0], step[1])
            if act in legal:
                return act
        # loose numbers: discard tops first, then hand cards (never a wild)
        for p in plays:
            if p.source.startswith("discard:"):
                o, i = map(int, p.source.split(":")[1:])
                if view["discards"][o][i][-1] != "W":
                    return p
        for p in plays:
            if p.source.startswith("hand:"):
                if view["hand"][int(p.source[5:])] != "W":
                    return p
        if view["hand"]:
            return tidy_discard(view)
        return plays[0]


def make_bot(level: str, **knobs: Any) -> Bot[StockpileView, A.StockpileAction]:
    if level == "easy":
        return EasyBot()
    if level == "medium":
        return MediumBot()
    if level == "hard":
        return HardBot(**knobs)
    raise ValueError(f"No Stockpile bot level {level!r}: choose easy, medium or hard")
