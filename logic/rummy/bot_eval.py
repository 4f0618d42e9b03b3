"""What a Rummy bot has seen, and how it values hands and the risk of each discard.

* ``Seen``: what the view tells the bot (its hand, the table, the public discard pile and the
  committed history of this hand), plus derived memory: cards each opponent is *known* to hold
  (picked up from the discard pile and not yet played), ranks/suits opponents showed interest
  in, and the cards nobody has seen (in other hands or the stock).
* ``evaluate``: points put down now, minus a risk-weighted penalty for points still held, plus
  the potential of the kept cards (pairs and near-runs whose missing cards are still live).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from logic.rummy.bot_gin import gin_danger
from logic.rummy.bot_plan import plan_play
from logic.rummy.melds import POINTS, RANK, RUN, SUIT, accepts_for, card_of, classify, hand_melds, parse_code
from logic.rummy.view_types import RummyView

# --- reading the view ------------------------------------------------------------------------


class Seen:
    """The bot's picture of the game, built from one view."""

    __slots__ = ("seat", "n", "hand", "melds", "discard", "stock_count", "counts", "scores", "target",
                 "must_use", "stage", "unseen", "known", "interest", "history", "table_cards", "pts", "took_top",
                 "top_only", "wrap")

    def __init__(self, view: RummyView):
        seat = view["seat"]
        assert seat is not None, "a bot or a hint sees the table from a seat"
        self.seat = seat
        self.n = view["players"]
        self.hand = [parse_code(c) for c in view["hand"]]
        rules = view.get("house_rules") or ()
        self.wrap = "wrap_around" in rules  # house rule: runs may turn the corner (K-A-2)
        self.melds = []  # (id, owner, kind, key, lo, hi, cards, accepts)
        table = set()
        for m in view["melds"]:
            cards = [parse_code(c) for c in m["cards"]]
            table.update(cards)
            shape = classify(cards, self.wrap)
            if shape is None:  # cannot happen for engine-made melds; be safe
                continue
            kind, key, lo, hi = shape
            accepts = accepts_for(kind, key, lo, hi, cards, self.wrap)
            self.melds.append((m["id"], m["owner"], kind, key, lo, hi, cards, accepts))
        self.table_cards = table
        self.discard = [parse_code(c) for c in view["discard"]]
        self.stock_count = view["stock_count"]
        self.counts = [s["cards"] for s in view["seats"]]
        self.scores = list(view["scores"])
        self.target = view.get("target", 0)
        self.pts = list(view.get("hand_melded_points") or [0] * self.n)
        mu = view.get("must_use")
        self.must_use = parse_code(mu) if mu else -1
        self.stage = view.get("turn_stage")
        self.top_only = "top_card_only" in rules  # house rule: nobody may dig
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
            for meld_cards in h["melded"]:
                cs = [parse_code(c) for c in meld_cards]
                known[s].difference_update(cs)
                interest[s].extend(cs)
            for lay in h["laid_off"]:
                cs = [parse_code(c) for c in lay["cards"]]
                known[s].difference_update(cs)
                interest[s].extend(cs)
            if h["discard"] is not None:
                known[s].discard(parse_code(h["discard"]))
        self.known = known
        self.interest = interest
        self.history = view.get("history", [])
        # the card the previous player discarded is in our hand only if we took it this turn
        last = self.history[-1]["discard"] if self.history else None
        self.took_top = parse_code(last) if last is not None and last in view["hand"] else -1

    def opponents(self) -> list[int]:
        return [(self.seat + i) % self.n for i in range(1, self.n)]


# --- evaluation ------------------------------------------------------------------------------


class Params:
    __slots__ = ("level", "potential", "danger_memory", "known_cards", "pile_danger", "deep", "score_risk",
                 "lookahead", "race", "search", "gin")

    def __init__(self, level: str):
        self.level = level
        self.potential = level != "easy"
        self.danger_memory = level != "easy"
        self.known_cards = level != "easy"
        self.pile_danger = level != "easy"
        self.deep = level != "easy"
        self.score_risk = level != "easy"
        self.lookahead = level != "easy"
        self.race = level == "hard"
        self.search = level == "hard"
        self.gin = level != "easy"  # at a top-card-only table: which discard the others can meld (``bot_gin``)


def discard_risk(seen: Seen, p: Params) -> float:
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


def live_cards(seen: Seen, p: Params) -> set[int]:
    """Cards we could still hope to get."""
    live = set(seen.unseen)
    if p.known_cards:
        for o in seen.opponents():
            live -= seen.known[o]
        # cards in the discard pile near the top can still be picked up
        live.update(seen.discard[-2:])
    return live


def _potential(cards: list[int], live: set[int], table_melds: Sequence[Sequence[Any]], wrap: bool = False) -> float:
    """Value of partial melds among kept cards (each card counted in its best partial; ``wrap``: runs may turn
    the corner)."""
    best: dict[int, float] = {}
    n = len(cards)
    for i in range(n):
        x = cards[i]
        for j in range(i + 1, n):
            y = cards[j]
            outs = 0
            if RANK[x] == RANK[y]:
                r = RANK[x] - 2
                outs = sum(1 for s in range(4) if s * 13 + r in live)
            elif SUIT[x] == SUIT[y] and wrap:  # runs turn the corner: K-2 is a gap, A-2 and K-A are neighbours
                d = (RANK[y] - RANK[x]) % 13
                low, gap = (x, d) if d <= 6 else (y, 13 - d)
                s, q = SUIT[x], RANK[low]
                if gap == 1:
                    outs = (card_of(s, q - 1) in live) + (card_of(s, q + 2) in live)
                elif gap == 2:
                    outs = int(card_of(s, q + 1) in live)
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
                chance = min(0.8, 0.22 * outs)
                v = chance * 0.5
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
    pts, _steps, left = plan_play(hand, seen.melds, must_use, seen.wrap)
    if pts < 0:
        return -1000.0
    held = sum(POINTS[c] for c in left)
    v = pts - risk * held
    if p.potential:
        v += _potential(left, live, seen.melds, seen.wrap)
    return v


def is_connected(c: int, hand_ranks: set[int], hand_suitpos: set[tuple[int, int]], accepts: set[int]) -> bool:
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
    if p.pile_danger and not seen.top_only:
        # would the discard let the next player dig a ready-made meld out of the pile? (not at a top-card-only
        # table, where nobody digs)
        pile = seen.discard + [d]
        got = hand_melds(pile, seen.wrap)
        for cards in got:
            if d in cards:
                danger += 20.0 + sum(POINTS[c] for c in cards)
                break
    return danger


def discard_choice(seen: Seen, p: Params, cands: list[int], risk: float, live: set[int],
                    hand: list[int] | None = None) -> int:
    hand = seen.hand if hand is None else hand
    best_c, best_v = cands[0], -1e18
    gin = gin_danger(seen, cands) if p.gin and seen.top_only and len(cands) > 1 else None
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
            v = risk * POINTS[d] + _potential(left, live, seen.melds, seen.wrap) - _danger(d, seen, p, rest)
            if gin is not None:
                v -= gin[d]
        v += d * 1e-6  # deterministic tie-break
        if v > best_v:
            best_v, best_c = v, d
    return best_c
