"""Shared Rummy test helpers: card-code parsing, crafted states and the illegal-move check."""

from __future__ import annotations

import pytest

from logic.game import IllegalMove
from logic.rummy import GAME
from logic.rummy.melds import CODE, classify, new_meld, parse_code

G = GAME


def ints(codes: str) -> list[int]:
    return [parse_code(c) for c in codes.split()]


def codes(cards) -> list[str]:
    return [CODE[c] for c in cards]


def crafted(hands, stock="", discard="", melds=(), current=0, n=None, target=0, pts=None):
    """A state with exactly these cards (not necessarily all 52)."""
    n = n or len(hands)
    st = G.new_game(G.make_config(players=n, target=target), 1)
    st.hands = [ints(h) for h in hands]
    st.stock = ints(stock)
    st.discard = ints(discard)
    st.melds = []
    st.next_id = 1
    for owner, cs in melds:
        cards = ints(cs)
        st.melds.append(new_meld(st.next_id, owner, cards, classify(cards)))
        st.next_id += 1
    st.current = current
    st.first_seat = current
    st.pts = list(pts) if pts else [0] * n
    st.turn_start_pts = st.pts[current]
    return st


def unchanged_after(st, seat, action):
    before = G.snapshot(st)
    with pytest.raises(IllegalMove) as info:
        G.apply(st, seat, action)
    assert G.snapshot(st) == before
    return str(info.value)
