"""Stockpile deals played to the end for the review: the Hard level's sampled worlds (``reply.sample_world``) and
its fast one-turn policy (``reply.sim_turn``) for every seat, until a stock is empty.

A single move is judged by applying it to the world, finishing our turn with the same policy (without the draw
that starts a turn), then playing the deal on for ``ROUNDS`` rounds. The value is the chance to win the deal, in
percent: 100 for a win, 0 for a loss, and a deal still going valued by the stock cards left (:func:`win_chance`).
Playing every deal to its end was tried: the win-or-loss noise over a whole deal hid the difference between
moves (and took five times as long).
Cleared building piles go back into the draw pile when it runs out, as in the rules (the numbers they stood
for; the review does not track which were wilds).
"""

from __future__ import annotations

import math
import random
from typing import Any

from logic.stockpile import actions as A
from logic.stockpile.bot_common import unseen_pool
from logic.stockpile.reply import (
    World,
    chain_plays,
    discard_one,
    is_loose,
    put_on_build,
    refill_hand,
    sample_world,
    sim_turn,
    stock_top,
)

ROUNDS = 3  # rounds (every seat's turn) played out before the deal is valued as it stands


class SimWorld(World):
    """A world with the cards set aside from cleared piles and the stock-card count when the deal is valued."""

    __slots__ = ("aside", "won")
    aside: list[int]  # cards of cleared piles, back in the draw pile when it runs out
    won: int  # the seat that emptied its stock during a candidate move, else -1

    def copy(self) -> SimWorld:
        w = SimWorld(self.builds[:], [h[:] for h in self.hands], [s[:] for s in self.stocks],
                     [[p[:] for p in ps] for ps in self.piles], self.draw[:])
        w.goes_on, w.aside, w.won = self.goes_on, self.aside[:], self.won
        return w


def sample(view: Any, rng: random.Random) -> SimWorld:
    """A deal consistent with the view; the unseen cards not dealt anywhere are the cleared piles."""
    base = sample_world(view, rng)
    w = SimWorld(base.builds, base.hands, base.stocks, base.piles, base.draw)
    left = unseen_pool(view)
    me = view["seat"]
    dealt = [c for o, h in enumerate(base.hands) if o != me for c in h] + base.draw
    dealt += [c for st in base.stocks for c in st[:-1]]
    for c in dealt:
        left.remove(c)
    w.aside, w.won, w.goes_on = left, -1, False
    return w


def move_of(view: Any, action: Any) -> tuple[Any, ...]:
    """The world move for a legal action: ("h", value, build), ("s", owner, build), ("d", owner, pile, build) or
    ("x", value, pile) for a discard."""
    hand = [A.value_of(c) for c in view["hand"]]
    if type(action) is A.Discard:
        return ("x", hand[action.hand_index], action.pile)
    kind, owner, idx = A.parse_source(action.source)
    if kind == A.SRC_HAND:
        return ("h", hand[idx], action.build)
    if kind == A.SRC_STOCK:
        return ("s", owner, action.build)
    return ("d", owner, idx, action.build)


def equivalence(view: Any, move: tuple[Any, ...]) -> tuple[Any, ...]:
    """Moves with the same key lead to the same position (same card on a pile of the same size, an empty pile)."""
    sizes = [b["size"] for b in view["build"]]
    if move[0] == "x":
        pile = view["discards"][view["seat"]][move[2]]
        return ("x", move[1], move[2] if pile else "empty")
    return move[:-1] + (sizes[move[-1]],)


def apply_line(w: SimWorld, me: int, line: tuple[Any, ...], next_top: int) -> None:
    """A line of the turn (``stockpile_lines``): its plays (five cards drawn whenever the hand empties), then its
    discard ("end"), or the rest of the turn by the playout policy ("draw", "stock")."""
    _, moves, discard, mode = line
    hand = w.hands[me]
    for move in moves:
        if move[0] == "h":
            hand.remove(move[1])
        else:
            w.piles[move[1]][move[2]].pop()
        put_on_build(w.builds, move[-1])
        if not hand:
            refill_hand(w, hand)
    if mode == "end" and discard is not None and discard[0] in hand:
        c, p = discard
        hand.remove(c)
        w.piles[me][p].append(c)
    else:
        finish_turn(w, me, next_top)


def apply_move(w: SimWorld, me: int, move: tuple[Any, ...], next_top: int) -> None:
    """Make ``move`` for ``me``; a play is followed by the rest of the turn by the playout policy."""
    if move[0] == "line":
        apply_line(w, me, move, next_top)
        return
    if move[0] == "x":
        _, v, p = move
        w.hands[me].remove(v)
        w.piles[me][p].append(v)
        return
    if move[0] == "h":
        w.hands[me].remove(move[1])
    elif move[0] == "s":
        w.stocks[move[1]].pop()
    else:
        w.piles[move[1]][move[2]].pop()
    put_on_build(w.builds, move[-1])
    if not w.stocks[me]:
        w.won = me
        return
    finish_turn(w, me, next_top)


def finish_turn(w: SimWorld, seat: int, next_top: int) -> None:
    """The rest of a turn already under way: ``sim_turn`` without the draw at its start (a hand emptied by
    the last play is refilled, as the rules say)."""
    hand = w.hands[seat]
    if not hand:
        refill_hand(w, hand)
    if not hand:
        return
    stock = w.stocks[seat]
    # one pass of sim_turn's loop without its opening fill: stock card, chains, loose plays, then the discard
    for _ in range(40):
        if not stock:
            w.won = seat
            return
        t = stock[-1]
        b = next((q for q in range(4) if t == A.WILD or w.builds[q] == t - 1), -1)
        if b >= 0:
            stock.pop()
            put_on_build(w.builds, b)
            continue
        chain = chain_plays(w.builds, t, hand, w.piles[seat]) if t > 1 else None
        if chain is not None:
            for src, v, cb in chain:
                if src < 0:
                    hand.remove(v)
                else:
                    w.piles[seat][src].pop()
                put_on_build(w.builds, cb)
            if not hand:
                refill_hand(w, hand)
            continue
        if not hand or not is_loose(w.builds, hand, w.piles[seat], next_top):
            break
        if not hand:
            refill_hand(w, hand)
            if not hand:
                break
    if not stock:
        w.won = seat
    elif hand:
        discard_one(hand, w.piles[seat])


def play_out(w: SimWorld, me: int, n: int, rng: random.Random) -> float:
    """Play the deal on from the seat after ``me``; our chance to win it, in percent."""
    if w.won >= 0:
        return 100.0 if w.won == me else 0.0
    s = me
    for _ in range(ROUNDS * n):
        s = (s + 1) % n
        if not w.draw and w.aside:
            w.draw = w.aside
            w.aside = []
            rng.shuffle(w.draw)
        before = w.builds[:]
        r = sim_turn(w, s, stock_top(w, (s + 1) % n))
        for b in range(4):
            if w.builds[b] < before[b]:
                w.aside.extend(range(1, A.TOP + 1))  # a pile cleared: its cards wait for the next reshuffle
        if r < 0:
            return 100.0 if s == me else 0.0
    return win_chance(len(w.stocks[me]), min(len(st) for o, st in enumerate(w.stocks) if o != me))


def win_chance(mine: int, theirs: int) -> float:
    """A rough chance (percent) to win a race with ``mine`` stock cards left against ``theirs`` (the best
    other's): the lead measured against the noise still ahead, which shrinks as the stocks do."""
    return 50.0 + 50.0 * math.tanh((theirs - mine) / (1.0 + 0.8 * math.sqrt(mine + theirs)))


class WinSpec:
    """The search spec of the review: worlds, moves and playouts as above (``rollout`` plays the deal out)."""

    def __init__(self, view: Any) -> None:
        self.n = view["players"]
        self.me = view["seat"]
        nxt = view["stocks"][(self.me + 1) % self.n]
        self.next_top = A.value_of(nxt["top"]) if nxt["count"] else -1

    def sample(self, view: Any, rng: random.Random) -> SimWorld:
        return sample(view, rng)

    def clone(self, w: SimWorld) -> SimWorld:
        return w.copy()

    def apply(self, w: SimWorld, seat: int, move: tuple[Any, ...]) -> None:
        apply_move(w, seat, move, self.next_top)

    def rollout(self, w: SimWorld, seat: int, rng: random.Random) -> float:
        return play_out(w, seat, self.n, rng)
