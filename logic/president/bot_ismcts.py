"""Information-set MCTS for the Expert's play decisions (issue 54, the ``ismcts`` knob; off by default).

Why: the flat search (logic/search.py) plays every candidate out with the playouts' rule for every seat, its own
seat included, so it values a move as if its own later moves were the hoarder rule's (the Expert itself plays the
rule only about half the time) and, per world, as if it knew the hands (strategy fusion). Single-observer ISMCTS
(Cowling, Powley & Whitehouse 2012, SO-ISMCTS) keeps one tree over the searching seat's information sets instead:
its later decisions are searched too, one choice per information set for all the worlds that reach it.

* **Model**: the Expert's own (``PresidentSpec``): ``sample`` deals a world consistent with the view at the start of
  every iteration (the determinization), ``apply`` makes the moves, ``policy`` plays the other seats, ``rollout``
  plays the rest out with the playouts' rule (hoarders, ``sure_out``, noise), ``evaluate`` values the end of our
  hand match-aware (place plus the title's worth).
* **Tree**: a node is one of our decisions, keyed by the action history from the root (every move in President is
  public, so the history is our information set). Edges are our moves; an edge leads, through the other seats'
  moves in the world, to the next node keyed by those moves (and our forced passes). Our moves at a node: the
  root's candidates are the Expert's (``ExpertBot.choose``: the many-leads pruning, ``keep_jokers``); deeper, a
  lead of a whole group or a single, a pass or any follow that beats, a play going out alone when there is one.
  Selection by availability-aware UCB (each child's availability counted in every world where it is legal); one
  edge or node expanded an iteration, the rule's move first; then the rollout; the value backed up to the edges
  of the path.
* **The other seats are chance**: their moves in the descent are the playouts' policy (the rule with its noise) in
  the sampled world, not searched (no max-n). Why: (1) the model already says how they play (the hoarder rule, the
  policy of yard:search itself; the flat search measured best with it); (2) in a single-observer tree an opponent
  choosing by UCB would choose knowing our hand (fixed across the worlds), a pessimistic fusion of its own; (3) it
  is cheap: no per-seat values, the iterations all go to our own choices.
* **Choice**: the root edge with the most visits (the robust child); ties by the higher mean, then the rule's move
  (``prefer``), as the flat search breaks ties.
* **Budget**: as the flat search's: iterations until ``max_iters`` or ``budget_s`` (not fewer than ``min_iters``
  unless twice the budget has passed); with ``budget_s=None`` only the cap counts, so the move depends on the rng
  alone. It stops early once the leader's visits cannot be overtaken within the cap.

Standard rules only (``ExpertBot`` falls back to the flat search with house rules or the revolution).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .bot_endgame import moves

if TYPE_CHECKING:
    from .bot_search import PresidentSpec, World
    from .view_types import PresidentView

Move = tuple[int, int] | None
UCB_C = 0.7  # exploration, times the spread of the place values (so about 0.7 on a [0, 1] scale)


class Edge:
    """One of our moves at a node: visits, value sum, availability, and the nodes after the others' replies."""

    __slots__ = ("n", "w", "avail", "next")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.avail = 1
        self.next: dict[tuple[tuple[int, Move], ...], Node] = {}


class Node:
    """One of our information sets (the history from the root): its edges by move."""

    __slots__ = ("edges",)

    def __init__(self) -> None:
        self.edges: dict[Move, Edge] = {}


@dataclass
class IsmctsStats:
    """What a search did (for tests and benchmarks)."""

    iterations: int = 0
    nodes: int = 1
    visits: dict[Move, int] | None = None
    means: dict[Move, float] | None = None


def own_moves(w: World, seat: int) -> list[Move]:
    """Our moves at a node below the root: going out alone when a play does it; else a pass or any follow that beats;
    a lead of a whole group or a single (no other part of a group)."""
    h = w.hands[seat]
    total = w.cnt[seat]
    opts = moves(w, seat)
    for m in opts:
        if m is not None and m[1] == total:
            return [m]
    if w.k:
        return opts
    return [m for m in opts if m is not None and (m[1] == h[m[0]] or m[1] == 1)]


class Ismcts:
    """One decision's search tree (see the module docstring)."""

    def __init__(self, spec: PresidentSpec, cands: Sequence[Move], prefer: Move, c: float = UCB_C) -> None:
        self.spec = spec
        self.me = spec.me
        self.cands = list(cands)
        self.prefer = prefer
        worth = [spec.place_worth(pl) for pl in range(spec.n)]
        self.c = c * (max(worth) - min(worth) or 1.0)
        self.root = Node()
        self.nodes = 1

    def iterate(self, view: PresidentView, rng: random.Random) -> None:
        """One iteration: a sampled world, the descent, one expansion, the rollout, the backup."""
        spec, me = self.spec, self.me
        w = spec.sample(view, rng)
        node: Node = self.root
        path: list[Edge] = []
        opts: list[Move] = self.cands
        while True:
            edge, move, new = self._select(node, opts, w, rng)
            path.append(edge)
            spec.apply(w, me, move)
            key = self._advance(w, rng)
            if new or w.my_place >= 0:
                break
            nxt = edge.next.get(key)
            if nxt is None:  # expand: a new information set, then the rollout from it
                edge.next[key] = Node()
                self.nodes += 1
                break
            node = nxt
            opts = own_moves(w, me)
        value = spec.evaluate(w, me) if w.my_place >= 0 else spec.rollout(w, me, rng)
        for e in path:
            e.n += 1
            e.w += value

    def _select(self, node: Node, opts: list[Move], w: World, rng: random.Random) -> tuple[Edge, Move, bool]:
        """The edge to follow: an untried move (the rule's first), else availability-aware UCB over the legal ones."""
        edges = node.edges
        untried = [m for m in opts if m not in edges]
        for m in opts:
            e = edges.get(m)
            if e is not None:
                e.avail += 1
        if untried:
            rule = self.prefer if node is self.root else self.spec.rule(w, self.me)
            move = rule if rule in untried else untried[0]
            e = edges[move] = Edge()
            return e, move, True
        c = self.c
        best, best_u = opts[0], -math.inf
        for m in opts:
            e = edges[m]
            u = e.w / e.n + c * math.sqrt(math.log(e.avail) / e.n)
            if u > best_u:
                best, best_u = m, u
        return edges[best], best, False

    def _advance(self, w: World, rng: random.Random) -> tuple[tuple[int, Move], ...]:
        """The other seats' moves (the playouts' policy) and our forced ones, until our next choice or the end of
        our hand: the history that keys the next node."""
        spec, me = self.spec, self.me
        seq: list[tuple[int, Move]] = []
        while w.my_place < 0:
            p = w.turn
            if p == me:
                opts = own_moves(w, me)
                if len(opts) > 1:
                    break
                move = opts[0]
            else:
                move = spec.policy(w, p, (), rng)
            spec.apply(w, p, move)
            seq.append((p, move))
        return tuple(seq)

    def choice(self) -> Move:
        """The most visited root move; ties: the higher mean, then the rule's move."""
        edges = self.root.edges
        return max(edges, key=lambda m: (edges[m].n, edges[m].w / max(edges[m].n, 1), m == self.prefer))

    def settled(self, left: int) -> bool:
        """No other root move can catch the leader's visits within ``left`` more iterations."""
        counts = sorted((e.n for e in self.root.edges.values()), reverse=True)
        return len(counts) == len(self.cands) and counts[0] - (counts[1] if len(counts) > 1 else 0) > left


def ismcts_choose(
    spec: PresidentSpec,
    view: PresidentView,
    rng: random.Random,
    *,
    candidates: Sequence[Move],
    prefer: Move,
    budget_s: float | None = 0.5,
    max_iters: int = 800,
    min_iters: int = 24,
    c: float = UCB_C,
    clock: Callable[[], float] = time.perf_counter,
    stats: IsmctsStats | None = None,
) -> Move:
    """The Expert's move by SO-ISMCTS over ``candidates`` (see the module docstring); deterministic given ``rng``
    when ``budget_s`` is None."""
    cands = list(candidates)
    if not cands:
        raise ValueError("ismcts_choose needs at least one candidate move")
    if len(cands) == 1:
        return cands[0]
    tree = Ismcts(spec, cands, prefer, c)
    t0 = clock()
    it = 0
    while it < max_iters:
        if budget_s is not None and it >= 1:
            spent = clock() - t0
            if spent > 2 * budget_s or (it >= min_iters and spent > budget_s):
                break
        tree.iterate(view, rng)
        it += 1
        if it >= min_iters and it % 16 == 0 and tree.settled(max_iters - it):
            break
    if stats is not None:
        edges = tree.root.edges
        stats.iterations, stats.nodes = it, tree.nodes
        stats.visits = {m: e.n for m, e in edges.items()}
        stats.means = {m: e.w / e.n for m, e in edges.items() if e.n}
    return tree.choice()
