"""Shared President test helpers: crafted states, plays and the illegal-move check."""

from __future__ import annotations

import json

import pytest

from logic.game import IllegalMove
from logic.president import NextHand, Play, PresidentGame

G = PresidentGame()


def craft(hands: list[str], turn: int = 0, revolution: bool = False, **fields) -> object:
    """A play-phase state with the given hands (codes separated by spaces); seat ``turn`` leads."""
    n = len(hands)
    s = G.new_game(G.make_config(players=n, revolution=revolution), 1)
    d = G.snapshot(s)
    d["hands"] = [h.split() for h in hands]
    d["turn"] = turn
    d["phase"] = "play"
    d.update(fields)
    return G.restore(d)


def play(s, seat, *codes):
    G.apply(s, seat, Play(tuple(codes)))


def snap(s):
    return json.dumps(G.snapshot(s), sort_keys=True)


def illegal(s, seat, action, match):
    before = snap(s)
    with pytest.raises(IllegalMove, match=match):
        G.apply(s, seat, action)
    assert snap(s) == before


def finish_hand_1(players=4, seed=5, revolution=False):
    """Play hand 1 with the lowest-play policy and confirm it; returns the state at the exchange."""
    s = G.new_game(G.make_config(players=players, revolution=revolution), seed)
    while G.phase(s) == "play":
        seat = G.to_move(s)[0]
        G.apply(s, seat, G.timeout_action(s, seat))
    assert G.phase(s) == "hand-over"
    for seat in range(players):
        G.apply(s, seat, NextHand())
    return s
