"""FROZEN ON PURPOSE: a verbatim copy of logic/president/bots.py as of commit 3a2525b, kept as a fixed
yardstick for tests/bench/arena.py (frozen:expert); only the imports point at the frozen copies. Do not edit.

Original docstring:

Computer players for President. Each decides only from its seat's view and the legal actions.

* ``beginner``: plays the lowest cards it can as soon as it can (breaking up pairs without a thought),
  leads its lowest rank, gives back its lowest cards, and now and then makes a random move.
* ``normal``: shapes its hand: follows only with exact groups, keeps Aces and 2s for when they matter,
  cashes a trick it is sure to win before going out, counts which cards have been played.
* ``expert``: determinized Monte Carlo. It deals the unseen cards (everything not in its hand and not
  yet played this hand, respecting what the exchange told it) to the other players many times, plays
  each candidate move out to the end of the hand with a fast normal-style policy for everyone, and picks
  the move with the best average finishing points. A fixed number of playouts keeps it well under 1 s.
"""

from __future__ import annotations

import random
from typing import Any

from logic.president.actions import PASS, Give, NextHand, Pass, Play, parse_play
from tests.bench.frozen.president_expert_info import _counts, _Info, _rank_of, _strength


def _action_map(legal: list) -> dict[Any, Any]:
    """(rank, count) -> Play action, None -> Pass, from the legal list."""
    out: dict[Any, Any] = {}
    for a in legal:
        if type(a) is Play:
            _, r, k = parse_play(a.cards)
            out.setdefault((r, k), a)
        elif type(a) is Pass:
            out[None] = a
    return out


def _lowest_give(hand: list[str], k: int, legal: list, keep_sets: bool) -> Any:
    """Give back the k lowest cards, preferring cards that are alone in their rank when keep_sets."""
    h = _counts(hand)
    cards = sorted(hand, key=_rank_of)  # stable: hand order within a rank
    if keep_sets:
        singles = [c for c in cards if h[_rank_of(c)] == 1 and _rank_of(c) < 10]
        rest = [c for c in cards if c not in singles]
        cards = singles + rest
        # a lone low card beats breaking a pair; never give away high cards when lower ones exist
        cards = sorted(cards[: k + 2], key=lambda c: (h[_rank_of(c)] > 1, _rank_of(c)))
    pick = tuple(cards[:k])
    want = sorted(_rank_of(c) for c in pick)
    for a in legal:
        if type(a) is Give and sorted(_rank_of(c) for c in a.cards) == want:
            return a
    return Give(pick)


# --- shared heuristic on counts ------------------------------------------------------------------------


def heuristic_move(
    h: list[int], total: int, k: int, t: int, rev: bool, beat_free, careful: bool = True
) -> tuple[int, int] | None:
    """The normal-level choice: (rank, count) to play, or None to pass.

    ``beat_free(r, c)`` tells whether nobody else can beat ``c`` cards of rank ``r`` (used to cash a sure
    trick before going out).
    """
    if not k:
        ranks = [r for r in (range(12, -1, -1) if rev else range(13)) if h[r]]
        if len(ranks) == 1:
            r = ranks[0]
            return r, h[r]
        if len(ranks) <= 3:
            # win a trick we are sure to win, keep the lead, and go out with the rest
            for r in reversed(ranks):
                if beat_free(r, h[r]):
                    return r, h[r]
        r = ranks[0]
        return r, h[r]
    exact = -1
    brk = -1
    if rev:
        rng_ranks = range(t - 1, -1, -1)
    else:
        rng_ranks = range(t + 1, 13)
    for r in rng_ranks:
        c = h[r]
        if c == k:
            exact = r
            break
        if c > k and brk < 0:
            brk = r
    if exact >= 0:
        r = exact
    elif brk >= 0 and (total <= k + 4 or not careful):
        r = brk
    else:
        return None
    if total == k:
        return r, k
    if careful:
        st_r = 12 - r if rev else r
        st_t = 12 - t if rev else t
        # keep Aces and 2s (top ranks of the current order) for when they win something worthwhile
        if st_r >= 11 and st_t < 7 and total > 5:
            return None
    return r, k


# --- bots ------------------------------------------------------------------------------------------------


class BeginnerBot:
    """Plays its lowest cards whenever it can; occasionally random."""

    level = "beginner"

    def __init__(self, noise: float = 0.15) -> None:
        self.noise = noise

    def choose(self, view: dict[str, Any], legal: list, rng: random.Random) -> Any:
        forced = _forced_choice(view, legal, keep_sets=False)
        if forced is not None:
            return forced
        if rng.random() < self.noise:
            return rng.choice(legal)
        return lowest_play(view, legal)


def lowest_play(view: dict[str, Any], legal: list) -> Any:
    """Lead the lowest rank (all copies); follow with the lowest play that beats; pass only if stuck."""
    rev = view.get("order") == "reversed"
    best = None
    best_key = None
    for a in legal:
        if type(a) is not Play:
            continue
        _, r, k = parse_play(a.cards)
        key = (_strength(r, rev), -k)
        if best_key is None or key < best_key:
            best, best_key = a, key
    if best is not None:
        return best
    return legal[0] if type(legal[0]) is not Play else legal[-1]


def _forced_choice(view: dict[str, Any], legal: list, keep_sets: bool) -> Any | None:
    """Outside play there is no choosing: the next hand, or giving back the lowest cards; else None."""
    if not legal:
        raise ValueError("No legal action for this seat")
    first = legal[0]
    if type(first) is NextHand:
        return first
    if type(first) is Give:
        return _lowest_give(view["hand"], len(first.cards), legal, keep_sets=keep_sets)
    return None


def _obvious_choice(view: dict[str, Any], legal: list) -> Any | None:
    """The move that needs no thought (next hand, giving back the lowest cards, the only move), else None."""
    forced = _forced_choice(view, legal, keep_sets=True)
    if forced is not None:
        return forced
    return legal[0] if len(legal) == 1 else None


class NormalBot:
    """Hand-shaping heuristics plus simple card counting."""

    level = "normal"

    def choose(self, view: dict[str, Any], legal: list, rng: random.Random) -> Any:
        obvious = _obvious_choice(view, legal)
        if obvious is not None:
            return obvious
        info = _Info(view)
        amap = _action_map(legal)
        choice = _normal_choice(info)
        return amap.get(choice) or amap.get(None) or lowest_play(view, legal)


def _normal_choice(info: _Info) -> tuple[int, int] | None:
    unseen = info.unseen
    rev = info.rev

    def beat_free(r: int, c: int) -> bool:
        stronger = range(r - 1, -1, -1) if rev else range(r + 1, 13)
        if any(unseen[x] >= c for x in stronger):
            return False
        return not (info.revolution and c < 4 and any(u == 4 for u in unseen))

    return heuristic_move(info.h, sum(info.h), info.k, info.t, rev, beat_free)


class ExpertBot:
    """Determinized Monte Carlo playouts over deals consistent with the view."""

    level = "expert"

    def __init__(self, playouts: int = 1200, min_worlds: int = 16, max_worlds: int = 120) -> None:
        self.playouts = playouts
        self.min_worlds = min_worlds
        self.max_worlds = max_worlds

    def choose(self, view: dict[str, Any], legal: list, rng: random.Random) -> Any:
        obvious = _obvious_choice(view, legal)
        if obvious is not None:
            return obvious
        info = _Info(view)
        amap = _action_map(legal)
        h = info.h
        total = sum(h)
        # going out right now is always best
        for key in amap:
            if key is not None and key[1] == total:
                return amap[key]
        cands = list(amap)
        if not info.k and len(cands) > 14:  # many leads: keep whole groups and singles
            cands = [c for c in cands if c[1] == h[c[0]] or c[1] == 1]
        fallback = _normal_choice(info)
        # playouts cost about as much as the cards still in play: spend a fixed amount of work
        in_play = sum(info.cnt[p] for p in range(info.n) if not info.out_mask >> p & 1)
        budget = self.playouts * 26 // max(26, in_play)
        worlds = max(self.min_worlds, min(self.max_worlds, budget // len(cands)))
        totals = [0.0] * len(cands)
        for _ in range(worlds):
            hands = _sample_world(info, rng)
            wseed = rng.getrandbits(32)
            for i, cand in enumerate(cands):
                totals[i] += _playout(info, hands, cand, wseed)
        best_i = 0
        for i in range(1, len(cands)):
            if totals[i] > totals[best_i] + 1e-9 or (abs(totals[i] - totals[best_i]) <= 1e-9 and cands[i] == fallback):
                best_i = i
        return amap[cands[best_i]]


def _sample_world(info: _Info, rng: random.Random) -> list[list[int]]:
    """Hands of all seats (counts): ours as is, the others dealt from the unseen cards."""
    n = info.n
    hands = [[0] * 13 for _ in range(n)]
    hands[info.me] = list(info.h)
    pool = list(info.unseen)
    need = [0 if (p == info.me or info.out_mask >> p & 1) else info.cnt[p] for p in range(n)]
    for p, known in info.known.items():
        if not need[p]:
            continue
        for r in range(13):
            take = min(known[r], pool[r], need[p])
            if take:
                hands[p][r] += take
                pool[r] -= take
                need[p] -= take
    cards = []
    for r in range(13):
        cards.extend([r] * pool[r])
    rng.shuffle(cards)
    # seats with a rank cap (Beggar seen by the President) take their cards first from the low ones
    for p, cap in info.cap.items():
        if not need[p]:
            continue
        rest = []
        for r in cards:
            if need[p] and r <= cap:
                hands[p][r] += 1
                need[p] -= 1
            else:
                rest.append(r)
        cards = rest
    pos = 0
    for p in range(n):
        k = need[p]
        if k:
            for r in cards[pos : pos + k]:
                hands[p][r] += 1
            pos += k
    return hands


def _playout(info: _Info, hands0: list[list[int]], cand: tuple[int, int] | None, seed: int) -> float:
    """Points (n - 1 - place) the bot scores if it makes ``cand`` now and everyone then plays on."""
    n = info.n
    me = info.me
    hands = [list(h) for h in hands0]
    cnt = [sum(h) for h in hands]
    rev = info.rev
    revolution = info.revolution
    k, t, last, passed, out_mask = info.k, info.t, info.last, info.passed, info.out_mask
    nfin = info.nfinished
    full = (1 << n) - 1
    rng = random.Random(seed)
    rand = rng.random
    eps = 0.08
    p = me
    choice = cand
    while True:
        h = hands[p]
        if choice is None:  # pass
            passed |= 1 << p
            others = full & ~out_mask & ~(1 << last)
            if others & ~passed == 0:
                if out_mask >> last & 1:
                    q = (last + 1) % n
                    while out_mask >> q & 1:
                        q = (q + 1) % n
                    p = q
                else:
                    p = last
                k = 0
                t = -1
                passed = 0
            else:
                q = (p + 1) % n
                while out_mask >> q & 1:
                    q = (q + 1) % n
                p = q
        else:
            r, c = choice
            h[r] -= c
            cnt[p] -= c
            k, t, last, passed = c, r, p, 0
            if c == 4 and revolution:
                rev = not rev
            if not cnt[p]:
                out_mask |= 1 << p
                if p == me:
                    return float(n - 1 - nfin)
                nfin += 1
                if nfin == n - 1:
                    return 0.0
            q = (p + 1) % n
            while out_mask >> q & 1:
                q = (q + 1) % n
            p = q
        # next player's decision
        h = hands[p]
        if rand() < eps:
            choice = _random_move(h, k, t, rev, rng)
        elif k:
            choice = heuristic_move(h, cnt[p], k, t, rev, None)
        else:

            def beat_free(r: int, c: int, p=p, rev=rev, out_mask=out_mask) -> bool:
                stronger = range(r - 1, -1, -1) if rev else range(r + 1, 13)
                for q in range(n):
                    if q != p and not out_mask >> q & 1:
                        hq = hands[q]
                        for x in stronger:
                            if hq[x] >= c:
                                return False
                return True

            choice = heuristic_move(h, cnt[p], k, t, rev, beat_free)


def _random_move(h: list[int], k: int, t: int, rev: bool, rng: random.Random) -> tuple[int, int] | None:
    if not k:
        ranks = [r for r in range(13) if h[r]]
        r = rng.choice(ranks)
        return r, h[r]
    ranks = range(t - 1, -1, -1) if rev else range(t + 1, 13)
    opts = [r for r in ranks if h[r] >= k]
    if not opts or rng.random() < 0.5:
        return None
    return rng.choice(opts), k


def timeout_move(view: dict[str, Any], legal: list) -> Any:
    """What a player's run-out timer does: the exchange gives the lowest cards, play makes the lowest
    play that works (leading the lowest rank), the hand summary is confirmed."""
    forced = _forced_choice(view, legal, keep_sets=False)
    if forced is not None:
        return forced
    return lowest_play(view, legal) if any(type(a) is Play for a in legal) else PASS


BOTS = {"beginner": BeginnerBot, "normal": NormalBot, "expert": ExpertBot}


def make_bot(level: str):
    try:
        return BOTS[level]()
    except KeyError:
        raise ValueError(f"No President bot level {level!r}; choose beginner, normal or expert") from None


PLAYERS = {"expert": ExpertBot, "normal": NormalBot}
