"""A perfect-information endgame for the Expert's playouts (issue 54, ``solve_below``; off by default).

Why: the Expert and yard:search are the same flat determinized search, and their playouts end the hand with the
same rule for every seat, so they are even. Near the end of a hand few cards are left and the rule's mistakes
(which group to cash first, when to stop a seat on its last cards) decide the places. In a sampled world the
rest of a short hand can be solved exactly, so a playout that reaches ``solve_below`` cards or fewer (all the
seats still in, together) is finished by max-n search instead of the rule: every seat picks the move best for
its own place, the searching seat's value is returned.

* Moves: a pass while a trick is on, and every legal (rank, count) play: a lead of any rank, 1 to all its cards;
  a follow with as many cards as the play to beat, of a stronger rank (in the order in effect). A seat that
  passes for the rest of the trick ("Pass for this trick") only passes. The moves are made by
  :meth:`PresidentSpec.apply`, so the rules it models (revolution, the trick won by the others' passes) hold.
* Values: the searching seat's is the playouts' (``spec.evaluate``: the place's points and its title), taken when
  it goes out (or is the last one left), as the playout's horizon. Another seat's is its place's points
  (n - 1 - place); the seats still in when the searching seat's hand ends share the places left (their order
  after that does not matter to our value).
* Ties: the rule's move (the playouts' policy without noise) first, then the rest in a fixed order; a seat
  takes another move only when it is strictly better for it. A seat that cannot change its own place so plays
  as the playouts model it.
* A transposition table (a dict keyed by the whole world) holds every solved position; it is the spec's, so the
  positions met again in other worlds and by the other candidates of the same decision are solved once.

Standard rules only (no house rules, no jokers: the spec does not solve then), as the hoarding model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .bot_search import PresidentSpec, World

Move = tuple[int, int] | None
Values = tuple[float, ...]
MEMO_MAX = 200_000  # positions kept; the table is emptied when it grows past this (memory stays small)


def cards_in(w: World) -> int:
    """Cards still held by the seats still in the hand (the seats out hold none)."""
    return sum(w.cnt)


def moves(w: World, seat: int) -> list[Move]:
    """Every move of ``seat`` to move in ``w``: a pass while a trick is on, plus each legal (rank, count) play."""
    if w.k and w.passing >> seat & 1:
        return [None]
    h = w.hands[seat]
    out: list[Move] = []
    if not w.k:
        for r in range(13):
            for c in range(1, h[r] + 1):
                out.append((r, c))
        return out
    out.append(None)
    k = w.k
    ranks = range(w.t - 1, -1, -1) if w.rev else range(w.t + 1, 13)
    for r in ranks:
        if h[r] >= k:
            out.append((r, k))
    return out


def _key(w: World) -> Any:
    """The world's state, as a transposition-table key (the last player and passes matter only in a trick)."""
    if w.k:
        return (tuple(map(tuple, w.hands)), w.k, w.t, w.last, w.passed, w.passing, w.out_mask, w.nfin, w.rev,
                w.turn, w.jb, w.nfoul)
    return (tuple(map(tuple, w.hands)), 0, w.out_mask, w.nfin, w.rev, w.turn, w.jb, w.nfoul)


class Endgame:
    """Max-n solver for one search (one decision): ``value(w)`` is the searching seat's value with every seat
    playing its best from ``w`` on. ``memo`` False: no transposition table (for tests)."""

    def __init__(self, spec: PresidentSpec, memo: bool = True) -> None:
        self.spec = spec
        self.me = spec.me
        self.n = spec.n
        self.memo: dict[Any, Values] | None = {} if memo else None
        self.nodes = 0  # positions expanded (for tests and timing)
        # the best value a seat can still reach with ``nfin`` seats out: the next place (the searching seat: the best
        # place left, by its worth); a move reaching it ends that seat's choice (the same pick, fewer positions)
        worth = [spec.place_worth(pl) for pl in range(self.n)]
        self.top_me = [max(worth[nfin:]) for nfin in range(self.n)]

    def value(self, w: World) -> float:
        """The searching seat's value of ``w`` (its hand not over yet) under max-n play."""
        return self._solve(w)[self.me]

    def best_move(self, w: World) -> Move:
        """The move the seat to move in ``w`` picks (for tests)."""
        return self._pick(w)[0]

    def _solve(self, w: World) -> Values:
        memo = self.memo
        if memo is None:
            return self._pick(w)[1]
        key = _key(w)
        hit = memo.get(key)
        if hit is None:
            hit = self._pick(w)[1]
            if len(memo) >= MEMO_MAX:
                memo.clear()
            memo[key] = hit
        return hit

    def _pick(self, w: World) -> tuple[Move, Values]:
        self.nodes += 1
        spec = self.spec
        p = w.turn
        opts = moves(w, p)
        if len(opts) > 1:
            rule = spec.rule(w, p)
            if rule in opts and rule != opts[0]:
                opts.remove(rule)
                opts.insert(0, rule)
        best: Values | None = None
        best_move: Move = None
        top = self.top_me[w.nfin] if p == self.me else float(self.n - 1 - w.nfin)
        for m in opts:
            c = w.copy()
            spec.apply(c, p, m)
            if c.my_place >= 0:
                vals = self._final(c)
            else:
                vals = self._solve(c)
            if m is not None and not c.cnt[p] and p != self.me:  # p went out: its place is settled
                pts = list(vals)
                pts[p] = float(self.n - c.nfin)  # it took place nfin - 1
                vals = tuple(pts)
            if best is None or vals[p] > best[p]:
                best, best_move = vals, m
                if vals[p] >= top:
                    break
        assert best is not None
        return best_move, best

    def _final(self, w: World) -> Values:
        """The values when the searching seat's hand is over: its own, and the places left shared by the rest."""
        n = self.n
        left = [q for q in range(n) if not w.out_mask >> q & 1 and q != self.me]
        share = 0.0
        if left:
            places = range(n - len(left), n)
            share = sum(n - 1 - pl for pl in places) / len(left)
        vals = [share] * n
        vals[self.me] = self.spec.evaluate(w, self.me)
        return tuple(vals)
