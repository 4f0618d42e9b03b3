"""Gin-style tables (house rule "top card only") for the Rummy bots: which discard the others can use.

Where nobody may dig, a discard matters only as the next top card: a player takes it if it melds with what they
hold. Medium's edge at standard tables is digging; here it reads the cards instead, as a Gin player does. From the
view alone it estimates, for every card it cannot see, how likely each opponent holds it:

* a card an opponent took from the pile and has not played: certainly held (``Seen.known``);
* any other unseen card: the opponent's unknown cards spread evenly over the unseen cards, made less likely for
  ranks the opponent turned down (it drew from the stock rather than take a top card of that rank, or threw a card
  of that rank away) and for a turned-down card's neighbours in its suit.

From those chances it works out how likely a discard completes a meld in an opponent's hand (a set with two of
that rank, or a run with two suited neighbours), and the Medium level weighs that against the points it sheds
(``gin_danger``, used by ``bot_eval.discard_choice`` at such tables).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from logic.rummy.melds import POINTS, RANK, SUIT, card_of, parse_code

if TYPE_CHECKING:
    from logic.rummy.bot_eval import Seen

DECLINED_RANK = 0.45  # how much likelier to be held a card is not, when its rank was turned down
DECLINED_NEIGHBOUR = 0.75  # ... when a card next to it in its suit was turned down
USE_WEIGHT = 3.5  # scale of the danger of a discard an opponent can meld (tuned: see docs/performance.md, issue 52)
MELD_BONUS = 5.0  # what a meld it completes is worth to the opponent besides the discard's own points


def declined(seen: Seen) -> list[set[int]]:
    """For each seat: the top cards it passed (drew from the stock instead) and the cards it discarded."""
    out: list[set[int]] = [set() for _ in range(seen.n)]
    top = -1  # the top card when the turn began (-1: not known from the history)
    for h in seen.history:
        s = h["seat"]
        if h.get("called"):
            top = -1  # a "Rummy!" call took the discard: the card under it is on top
        elif h["took"] is None:
            if top >= 0:
                out[s].add(top)
        else:
            top = -1
        if h["discard"] is not None:
            top = parse_code(h["discard"])
            out[s].add(top)
    return out


def hold_chances(seen: Seen, seat: int, turned_down: set[int]) -> dict[int, float]:
    """The chance ``seat`` holds each card we cannot see (known pickups: 1.0)."""
    others_known: set[int] = set()
    for o in seen.opponents():
        if o != seat:
            others_known |= seen.known[o]
    mine = seen.known[seat]
    pool = [c for c in seen.unseen if c not in others_known and c not in mine]
    slots = max(0, seen.counts[seat] - len(mine))
    chances: dict[int, float] = {c: 1.0 for c in mine}
    if not pool or not slots:
        return chances
    down_ranks = {RANK[c] for c in turned_down}
    down_near = {(SUIT[c], RANK[c] + d) for c in turned_down for d in (-1, 1)}
    weights: dict[int, float] = {}
    for c in pool:
        w = 1.0
        if RANK[c] in down_ranks:
            w *= DECLINED_RANK
        if (SUIT[c], RANK[c]) in down_near:
            w *= DECLINED_NEIGHBOUR
        weights[c] = w
    total = sum(weights.values())
    for c, w in weights.items():
        chances[c] = min(1.0, slots * w / total)
    return chances


def _windows(d: int, wrap: bool) -> list[tuple[int, int]]:
    """The pairs of same-suit cards that make a three-card run with ``d``."""
    s, r = SUIT[d], RANK[d]
    positions = [1, 14] if r == 14 else [r]
    out: set[tuple[int, int]] = set()
    for p in positions:
        for a, b in ((p - 2, p - 1), (p - 1, p + 1), (p + 1, p + 2)):
            if not wrap and not (1 <= a <= 14 and 1 <= b <= 14):
                continue
            x, y = card_of(s, a), card_of(s, b)
            if d not in (x, y) and x != y:
                out.add((min(x, y), max(x, y)))
    return sorted(out)


def use_chance(d: int, chances: dict[int, float], wrap: bool) -> float:
    """The chance a player holding cards with these chances can meld ``d`` at once (a set or a run)."""
    same = [chances.get(x, 0.0) for x in range(52) if RANK[x] == RANK[d] and x != d]
    # at least two of the other cards of the rank
    none, one = 1.0, 0.0
    for q in same:
        one = one * (1 - q) + none * q
        none *= 1 - q
    p_set = max(0.0, 1.0 - none - one)
    miss_run = 1.0
    for x, y in _windows(d, wrap):
        miss_run *= 1.0 - chances.get(x, 0.0) * chances.get(y, 0.0)
    return 1.0 - (1.0 - p_set) * miss_run


def gin_danger(seen: Seen, cands: list[int]) -> dict[int, float]:
    """For each candidate discard: how much it may hand the opponents (chance they meld it x what that is worth);
    the next player counts fully, the others half (they see it only if nobody takes it first)."""
    downs = declined(seen)
    danger = {d: 0.0 for d in cands}
    for k, o in enumerate(seen.opponents()):
        w = USE_WEIGHT * (1.0 if k == 0 else 0.5)
        chances = hold_chances(seen, o, downs[o])
        for d in cands:
            danger[d] += w * use_chance(d, chances, seen.wrap) * (POINTS[d] + MELD_BONUS)
    return danger
