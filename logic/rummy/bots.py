"""Computer players for Rummy. They decide ONLY from the seat's view and the legal actions.

Shared machinery:

* ``Seen``: what the view tells the bot (its hand, the table, the public discard pile and the
  committed history of this hand), plus derived memory: cards each opponent is *known* to hold
  (picked up from the discard pile and not yet played), ranks/suits opponents showed interest
  in, and the cards nobody has seen (in other hands or the stock).
* ``plan_play``: exact search for the melds/lay-offs that put down the most points while keeping
  one card to discard (and, after a deep pickup, using the card that must be played).
* ``evaluate``: points put down now, minus a risk-weighted penalty for points still held, plus
  the potential of the kept cards (pairs and near-runs whose missing cards are still live).

Levels:

* easy: melds and lays off everything, takes the top discard only when it can play it at once,
  never digs deeper, keeps pairs/near-runs and throws the highest other card; the one danger it
  avoids is discarding a card that fits a meld on the table.
* medium: also weighs every pickup (top card or deep) by the hand it leads to one step ahead,
  including future potential, and remembers which ranks/suits opponents picked up or melded so it
  does not feed them.
* hard: also tracks the exact cards each opponent holds from their pickups, counts which cards
  are still live, refuses discards that hand someone a free meld (with their known cards or
  straight out of the discard pile), and shifts its risk appetite with the match score and how
  close opponents are to going out.
"""

from __future__ import annotations

import random
from typing import Any

from logic.rummy.actions import COMMIT, DRAW_STOCK, NEXT, UNDO, Discard, LayOff, Meld, TakeDiscard
from logic.rummy.melds import (
    CODE,
    POINTS,
    RANK,
    RUN,
    SET,
    SUIT,
    accepts_for,
    card_of,
    classify,
    hand_melds,
    parse_code,
)

LEVELS = ("easy", "medium", "hard")


# --- reading the view ------------------------------------------------------------------------


class Seen:
    """The bot's picture of the game, built from one view."""

    __slots__ = ("seat", "n", "hand", "melds", "discard", "stock_count", "counts", "scores", "target",
                 "must_use", "stage", "unseen", "known", "interest", "history", "table_cards")

    def __init__(self, view: dict[str, Any]):
        self.seat = view["seat"]
        self.n = view["players"]
        self.hand = [parse_code(c) for c in view["hand"]]
        self.melds = []  # (id, owner, kind, key, lo, hi, cards, accepts)
        table = set()
        for m in view["melds"]:
            cards = [parse_code(c) for c in m["cards"]]
            table.update(cards)
            shape = classify(cards)
            if shape is None:  # cannot happen for engine-made melds; be safe
                continue
            kind, key, lo, hi = shape
            self.melds.append((m["id"], m["owner"], kind, key, lo, hi, cards, accepts_for(kind, key, lo, hi, cards)))
        self.table_cards = table
        self.discard = [parse_code(c) for c in view["discard"]]
        self.stock_count = view["stock_count"]
        self.counts = [s["cards"] for s in view["seats"]]
        self.scores = list(view["scores"])
        self.target = view.get("target", 0)
        mu = view.get("must_use")
        self.must_use = parse_code(mu) if mu else -1
        self.stage = view.get("turn_stage")
        seen = table | set(self.hand) | set(self.discard)
        self.unseen = [c for c in range(52) if c not in seen]
        # memory from the public history
        known: list[set[int]] = [set() for _ in range(self.n)]
        interest: list[list[int]] = [[] for _ in range(self.n)]
        for h in view.get("history", []):
            s = h["seat"]
            if h["took"]:
                took = [parse_code(c) for c in h["took"]]
                known[s].update(took)
                interest[s].extend(took)
            for cards in h["melded"]:
                cs = [parse_code(c) for c in cards]
                known[s].difference_update(cs)
                interest[s].extend(cs)
            for lay in h["laid_off"]:
                cs = [parse_code(c) for c in lay["cards"]]
                known[s].difference_update(cs)
                interest[s].extend(cs)
            d = parse_code(h["discard"])
            known[s].discard(d)
        self.known = known
        self.interest = interest
        self.history = view.get("history", [])

    def opponents(self) -> list[int]:
        return [(self.seat + i) % self.n for i in range(1, self.n)]


# --- planning melds --------------------------------------------------------------------------

NEG = -(10**9)


def _candidates(hand: list[int], melds) -> list[tuple[int, int, tuple]]:
    """(mask, points, step) for every meld in hand and every lay-off chain onto table melds."""
    hs = set(hand)
    out = []
    for cards in hand_melds(hand):
        mask = 0
        pts = 0
        for c in cards:
            mask |= 1 << c
            pts += POINTS[c]
        out.append((mask, pts, ("meld", cards)))
    for m in melds:
        mid, kind, key, lo, hi = m[0], m[2], m[3], m[4], m[5]
        if kind == SET:
            for c in m[7]:
                if c in hs:
                    out.append((1 << c, POINTS[c], ("lay", mid, (c,))))
            continue
        # upward chain
        chain: list[int] = []
        p = hi + 1
        while p <= 14 and not (p == 14 and lo == 1):
            c = card_of(key, p)
            if c not in hs:
                break
            chain.append(c)
            mask = 0
            for x in chain:
                mask |= 1 << x
            out.append((mask, sum(POINTS[x] for x in chain), ("lay", mid, tuple(chain))))
            p += 1
        chain = []
        p = lo - 1
        while p >= 1 and not (p == 1 and hi == 14):
            c = card_of(key, p)
            if c not in hs:
                break
            chain.append(c)
            mask = 0
            for x in chain:
                mask |= 1 << x
            out.append((mask, sum(POINTS[x] for x in chain), ("lay", mid, tuple(chain))))
            p -= 1
    return out


def plan_play(hand: list[int], melds, must_use: int = -1) -> tuple[int, list[tuple], list[int]]:
    """Best (points, steps, leftover) keeping >= 1 card; ``must_use`` must be played.

    Returns points -1 and no steps if no plan satisfies ``must_use``."""
    if len(hand) <= 1:
        return 0, [], list(hand)
    cands = _candidates(hand, melds)
    if not cands:
        if must_use >= 0:
            return -1, [], list(hand)
        return 0, [], list(hand)
    by_card: dict[int, list[int]] = {}
    for i, (mask, _p, _s) in enumerate(cands):
        m = mask
        while m:
            low = m & -m
            c = low.bit_length() - 1
            by_card.setdefault(c, []).append(i)
            m ^= low
    full = 0
    for c in hand:
        full |= 1 << c
    must_bit = (1 << must_use) if must_use >= 0 else 0
    memo: dict[tuple[int, bool], tuple[int, int]] = {}
    budget = [6000]

    def f(mask: int, need_dead: bool) -> tuple[int, int]:
        """(best points, choice) for cards in mask; choice -1 = lowest card is deadwood."""
        if mask == 0:
            return (NEG, -2) if need_dead else (0, -2)
        key = (mask, need_dead)
        r = memo.get(key)
        if r is not None:
            return r
        budget[0] -= 1
        low = mask & -mask
        c = low.bit_length() - 1
        best = NEG
        choice = -2
        if low != must_bit:
            v = f(mask ^ low, False)[0]
            if v > best:
                best, choice = v, -1
        if budget[0] > 0 or best == NEG:
            for i in by_card.get(c, ()):
                cm, pts, _s = cands[i]
                if cm & mask == cm:
                    v = f(mask ^ cm, need_dead)[0]
                    if v > NEG and v + pts > best:
                        best, choice = v + pts, i
        r = (best, choice)
        memo[key] = r
        return r

    best, _ = f(full, True)
    if best <= NEG // 2:
        return -1, [], list(hand)
    steps = []
    mask = full
    need = True
    while mask:
        _v, choice = f(mask, need)
        low = mask & -mask
        if choice == -1:
            mask ^= low
            need = False
        elif choice >= 0:
            cm, _p, step = cands[choice]
            steps.append(step)
            mask ^= cm
        else:
            break
    played = set()
    for st in steps:
        played.update(st[1] if st[0] == "meld" else st[2])
    leftover = [c for c in hand if c not in played]
    return best, steps, leftover


# --- evaluation ------------------------------------------------------------------------------


class Params:
    __slots__ = ("level", "potential", "danger_memory", "known_cards", "pile_danger", "deep", "score_risk",
                 "lookahead")

    def __init__(self, level: str):
        self.level = level
        self.potential = level != "easy"
        self.danger_memory = level != "easy"
        self.known_cards = level == "hard"
        self.pile_danger = level == "hard"
        self.deep = level != "easy"
        self.score_risk = level == "hard"
        self.lookahead = level != "easy"


def _risk(seen: Seen, p: Params) -> float:
    """Expected share of held points that will count against us."""
    if p.level == "easy":
        return 0.6
    opp_min = min(seen.counts[o] for o in seen.opponents())
    r = 0.45
    if opp_min <= 1:
        r = 1.0
    elif opp_min <= 2:
        r = 0.85
    elif opp_min <= 4:
        r = 0.65
    if p.score_risk and seen.target:
        me = seen.scores[seen.seat]
        best_opp = max(seen.scores[o] for o in seen.opponents())
        lead = me - best_opp
        if lead > 0 and best_opp >= 0.6 * seen.target:
            r += 0.15  # protect the lead: shed points
        elif lead < -0.25 * seen.target:
            r -= 0.1  # behind: hold cards for bigger melds
    return max(0.3, min(1.1, r))


def _live(seen: Seen, p: Params) -> set[int]:
    """Cards we could still hope to get."""
    live = set(seen.unseen)
    if p.known_cards:
        for o in seen.opponents():
            live -= seen.known[o]
        # cards in the discard pile near the top can still be picked up
        live.update(seen.discard[-2:])
    return live


def _potential(cards: list[int], live: set[int], table_melds) -> float:
    """Value of partial melds among kept cards (each card counted in its best partial)."""
    best = {}
    n = len(cards)
    for i in range(n):
        x = cards[i]
        for j in range(i + 1, n):
            y = cards[j]
            outs = 0
            if RANK[x] == RANK[y]:
                r = RANK[x] - 2
                outs = sum(1 for s in range(4) if s * 13 + r in live)
            elif SUIT[x] == SUIT[y]:
                px, py = RANK[x], RANK[y]
                lo_, hi_ = min(px, py), max(px, py)
                gap = hi_ - lo_
                if px == 14 or py == 14:  # ace low view too
                    other = py if px == 14 else px
                    if other <= 3:
                        lo_, hi_, gap = 1, other, other - 1
                if gap == 1:
                    s = SUIT[x]
                    for q in (lo_ - 1, hi_ + 1):
                        if 1 <= q <= 14 and card_of(s, q) in live:
                            outs += 1
                elif gap == 2:
                    if card_of(SUIT[x], lo_ + 1) in live:
                        outs += 1
            if outs:
                q = min(0.8, 0.22 * outs)
                v = q * 0.5
                if v > best.get(x, 0.0):
                    best[x] = v
                if v > best.get(y, 0.0):
                    best[y] = v
    total = 0.0
    for x, share in best.items():
        total += share * (POINTS[x] + 7)
    # near a table run: one live card away from being a lay-off
    for x in cards:
        if x in best:
            continue
        for m in table_melds:
            if m[2] == RUN and m[3] == SUIT[x]:
                pos = RANK[x]
                if pos == m[5] + 2 and card_of(m[3], m[5] + 1) in live:
                    total += 0.25 * POINTS[x]
                elif pos == m[4] - 2 and m[4] - 1 >= 1 and card_of(m[3], m[4] - 1) in live:
                    total += 0.25 * POINTS[x]
    return total


def evaluate(hand: list[int], seen: Seen, p: Params, risk: float, live: set[int], must_use: int = -1) -> float:
    pts, _steps, left = plan_play(hand, seen.melds, must_use)
    if pts < 0:
        return -1000.0
    held = sum(POINTS[c] for c in left)
    v = pts - risk * held
    if p.potential:
        v += _potential(left, live, seen.melds)
    return v


def _connected(c: int, hand_ranks: set[int], hand_suitpos: set[tuple[int, int]], accepts: set[int]) -> bool:
    if RANK[c] in hand_ranks or c in accepts:
        return True
    s, r = SUIT[c], RANK[c]
    for d in (-2, -1, 1, 2):
        if (s, r + d) in hand_suitpos:
            return True
    if r == 14:
        for q in (2, 3):
            if (s, q) in hand_suitpos:
                return True
    if r in (2, 3) and (s, 14) in hand_suitpos:
        return True
    return False


# --- danger of a discard -----------------------------------------------------------------------


def _danger(d: int, seen: Seen, p: Params, rest: list[int]) -> float:
    danger = 0.0
    for m in seen.melds:
        if d in m[7]:
            danger += 60.0
            break
    if p.danger_memory:
        opps = seen.opponents()
        for k, o in enumerate(opps):
            w = 1.0 if k == 0 else 0.5
            for x in seen.interest[o]:
                if RANK[x] == RANK[d]:
                    danger += 5.0 * w
                elif SUIT[x] == SUIT[d] and abs(RANK[x] - RANK[d]) <= 2:
                    danger += (4.0 if abs(RANK[x] - RANK[d]) == 1 else 2.0) * w
    if p.known_cards:
        for k, o in enumerate(seen.opponents()):
            w = 1.0 if k == 0 else 0.6
            kn = seen.known[o]
            same = [x for x in kn if RANK[x] == RANK[d]]
            if len(same) >= 2:
                danger += w * (25.0 + POINTS[d] * 3)
            elif len(same) == 1:
                danger += w * 6.0
            suited = {RANK[x] for x in kn if SUIT[x] == SUIT[d]}
            r = RANK[d]
            if (r - 1 in suited and r + 1 in suited) or (r + 1 in suited and r + 2 in suited) or (
                    r - 1 in suited and r - 2 in suited):
                danger += w * (25.0 + POINTS[d] * 3)
            elif r - 1 in suited or r + 1 in suited:
                danger += w * 5.0
    if p.pile_danger:
        # would the discard let the next player dig a ready-made meld out of the pile?
        pile = seen.discard + [d]
        got = hand_melds(pile)
        for cards in got:
            if d in cards:
                danger += 20.0 + sum(POINTS[c] for c in cards)
                break
    return danger


def _discard_choice(seen: Seen, p: Params, cands: list[int], risk: float, live: set[int],
                    hand: list[int] | None = None) -> int:
    hand = seen.hand if hand is None else hand
    best_c, best_v = cands[0], -1e18
    for d in cands:
        rest = list(hand)
        rest.remove(d)
        if p.level == "easy":
            partial = 0.0
            for x in rest:
                if RANK[x] == RANK[d] or (SUIT[x] == SUIT[d] and abs(RANK[x] - RANK[d]) <= 2):
                    partial = 12.0
                    break
            v = POINTS[d] - partial - _danger(d, seen, p, rest)
        else:
            left = [c for c in cands if c != d]
            v = risk * POINTS[d] + _potential(left, live, seen.melds) - _danger(d, seen, p, rest)
        v += d * 1e-6  # deterministic tie-break
        if v > best_v:
            best_v, best_c = v, d
    return best_c


# --- the bot ---------------------------------------------------------------------------------


class RummyBot:
    def __init__(self, level: str):
        if level not in LEVELS:
            raise ValueError(f"No Rummy bot level {level!r}")
        self.level = level
        self.p = Params(level)

    def choose(self, view: dict[str, Any], legal: list[Any], rng: random.Random) -> Any:
        if not legal:
            raise ValueError("No legal actions to choose from")
        kinds = {a.kind for a in legal}
        if "next" in kinds:
            return NEXT
        if "commit" in kinds:
            return COMMIT
        seen = Seen(view)
        if seen.stage == "draw" or "draw" in kinds or "take" in kinds:
            return self._draw(seen, legal)
        return self._play(seen, legal)

    # before drawing
    def _draw(self, seen: Seen, legal: list[Any]) -> Any:
        p = self.p
        takes = [a for a in legal if a.kind == "take"]
        can_stock = any(a.kind == "draw" for a in legal)
        if not takes:
            return DRAW_STOCK
        top = seen.discard[-1]
        risk = _risk(seen, p)
        if not p.lookahead:
            base, _s, _l = plan_play(seen.hand, seen.melds)
            with_top, _s, _l = plan_play(seen.hand + [top], seen.melds)
            if with_top > base or not can_stock:
                return TakeDiscard(CODE[top])
            return DRAW_STOCK
        live = _live(seen, p)
        options = []
        for a in takes:
            c = parse_code(a.card)
            i = seen.discard.index(c)
            taken = seen.discard[i:]
            if len(taken) > 1 and not p.deep:
                continue
            must = c if len(taken) > 1 else -1
            if must < 0:
                # taking the top card only to throw it straight back is a wasted turn
                hand2 = seen.hand + taken
                pts2, _s, left2 = plan_play(hand2, seen.melds)
                if not _s and _discard_choice(seen, p, left2, risk, live, hand2) == c:
                    continue
            v = evaluate(seen.hand + taken, seen, p, risk, live, must)
            options.append((v, a))
        if not can_stock:
            return max(options, key=lambda t: t[0])[1] if options else takes[0]
        # expected value of a blind draw
        pool = [c for c in live if c not in seen.discard] or list(live) or [top]
        ranks = {RANK[c] for c in seen.hand}
        suitpos = {(SUIT[c], RANK[c]) for c in seen.hand}
        accepts = set()
        for m in seen.melds:
            accepts.update(m[7])
        base = evaluate(seen.hand, seen, p, risk, live)
        total = 0.0
        for u in pool:
            if _connected(u, ranks, suitpos, accepts):
                total += evaluate(seen.hand + [u], seen, p, risk, live - {u})
            else:
                total += base - risk * POINTS[u] + (0.0 if len(seen.hand) > 1 else 0.0)
        stock_v = total / len(pool)
        best_v, best_a = stock_v, DRAW_STOCK
        for v, a in options:
            # a visible pickup tells the table what we collect: small tax
            v -= 1.0
            if v > best_v:
                best_v, best_a = v, a
        return best_a

    # after drawing
    def _play(self, seen: Seen, legal: list[Any]) -> Any:
        p = self.p
        _pts, steps, left = plan_play(seen.hand, seen.melds, seen.must_use)
        if _pts < 0:
            return UNDO if any(a.kind == "undo" for a in legal) else legal[0]
        if steps:
            step = steps[0]
            if step[0] == "meld":
                return Meld(tuple(CODE[c] for c in step[1]))
            return LayOff(step[1], (CODE[step[2][0]],))
        discards = [parse_code(a.card) for a in legal if a.kind == "discard"]
        if not discards:
            return UNDO if any(a.kind == "undo" for a in legal) else legal[0]
        cands = [c for c in left if c in discards] or discards
        risk = _risk(seen, p)
        live = _live(seen, p)
        return Discard(CODE[_discard_choice(seen, p, cands, risk, live)])


def make_bot(level: str) -> RummyBot:
    return RummyBot(level)


def easy_discard(view: dict[str, Any], discards: list[Any]) -> Any:
    """The easy bot's discard among ``discards`` (used for turn timeouts)."""
    seen = Seen(view)
    p = Params("easy")
    cands = [parse_code(a.card) for a in discards]
    return Discard(CODE[_discard_choice(seen, p, cands, 0.6, set())])
