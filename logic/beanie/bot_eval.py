"""Beanie bot hand evaluation: what a bot sees (``Ctx``, from its view) and how it scores a hand."""

from __future__ import annotations

from typing import Any, TypeVar

from . import sets as S
from .deck import DECK_SIZE, WILD
from .sets import CARD_ID, NATURAL_POINTS, RANK, SUIT
from .view_types import BeanieView

WILD_OF_LABEL = {label: r for r, label in enumerate(S.RANK_LABELS) if label}


class Ctx:
    """The parts of a view the bots use, as card ids."""

    __slots__ = (
        "view", "me", "n", "wild", "bv", "hand", "sets", "laid", "laid_all", "counts", "stage", "drawn",
        "top", "round_turns", "taken", "thrown", "first", "vote", "pack_cache", "ace_high", "deck_size",
    )  # fmt: skip
    sets: list[list[Any]]  # [id, owner, type (0 match, 1 run), card ids, the ids they stand for]
    me: int

    def __init__(self, view: BeanieView) -> None:
        self.view = view
        me = view["seat"]
        assert me is not None, "a bot sees the table from a seat"
        self.me = me
        self.n = view["players"]
        self.wild = WILD_OF_LABEL[view["wild_rank"]]
        self.bv = view["options"]["beanie_value"]
        self.ace_high = view["options"]["ace_high_runs"]  # house rule: Q-K-A runs
        self.deck_size = DECK_SIZE[view["options"]["jokers"]]  # house rule: two jokers (cards 52 and 53)
        self.hand = [CARD_ID[c] for c in view["hand"]]
        self.sets = [
            [s["id"], s["owner"], 0 if s["type"] == "match" else 1, [CARD_ID[c["code"]] for c in s["cards"]],
             [CARD_ID[c["as"]] for c in s["cards"]]]
            for s in view["sets"]
        ]  # fmt: skip
        self.laid_all = view["laid_this_round"]
        self.laid = bool(self.me is not None and self.laid_all[self.me])
        self.counts = [s["cards"] for s in view["seats"]]
        self.stage = view["turn_stage"]
        drawn, top = view["drawn_card"], view["discard_top"]
        self.drawn = CARD_ID[drawn] if drawn else -1
        self.top = CARD_ID[top] if top else -1
        self.round_turns = view["round_turns"]
        self.taken = [[CARD_ID[c] for c in x] for x in view["taken"]]
        self.thrown = [[CARD_ID[c] for c in x] for x in view["discarded"]]
        self.first = view["first_turn"]
        self.vote = view["vote"]
        self.pack_cache: dict[tuple[int, ...], tuple[int, int]] = {}

    def accepted(self) -> set[int]:
        out: set[int] = set()
        for s in self.sets:
            out.update(S.accepts(s, self.wild, self.ace_high))
        return out

    def star_room(self) -> bool:
        return any(S.star_ends(s, self.ace_high) for s in self.sets)

    def others(self) -> list[int]:
        return [i for i in range(self.n) if i != self.me]


# --- hand evaluation -----------------------------------------------------------------------------


def best_pack(ctx: Ctx, hand: list[int]) -> tuple[int, int]:
    """(points melded, bitmask of melded cards in ``hand`` order) for the best packing of complete sets."""
    key = tuple(hand)
    hit = ctx.pack_cache.get(key)
    if hit is not None:
        return hit
    wild, bv = ctx.wild, ctx.bv
    idx = {c: i for i, c in enumerate(hand)}
    pts = [bv if WILD[wild][c] else NATURAL_POINTS[c] for c in hand]
    by_low: dict[int, list[tuple[int, int]]] = {}
    seen = set()
    for cards, _, _ in S.lay_options(hand, wild, ctx.ace_high):
        m = 0
        for c in cards:
            m |= 1 << idx[c]
        if m in seen:
            continue
        seen.add(m)
        low = (m & -m).bit_length() - 1
        by_low.setdefault(low, []).append((m, sum(pts[i] for i in range(len(hand)) if m >> i & 1)))
    if not by_low:
        res = (0, 0)
        ctx.pack_cache[key] = res
        return res
    memo: dict[int, tuple[int, int]] = {}

    def f(mask: int) -> tuple[int, int]:
        if mask == 0:
            return (0, 0)
        got = memo.get(mask)
        if got is not None:
            return got
        low = mask & -mask
        i = low.bit_length() - 1
        best = f(mask ^ low)
        for m, p in by_low.get(i, ()):
            if m & ~mask == 0:
                sub = f(mask ^ m)
                cand = (sub[0] + p, sub[1] | m)
                if cand[0] > best[0]:
                    best = cand
        memo[mask] = best
        return best

    res = f((1 << len(hand)) - 1)
    ctx.pack_cache[key] = res
    return res


def has_partner(x: int, nat: list[int]) -> bool:
    rx, sx = RANK[x], SUIT[x]
    for y in nat:
        if y != x and (RANK[y] == rx or (SUIT[y] == sx and abs(RANK[y] - rx) <= 2)):
            return True
    return False


def _live_partner(x: int, nat: list[int], dead: set[int], wild: int) -> bool:
    """Like has_partner, but the pair needs at least one card not known to be out of play to complete it."""
    rx, sx = RANK[x], SUIT[x]
    for y in nat:
        if y == x:
            continue
        if RANK[y] == rx:
            need = [S.card_id(s, rx) for s in range(4) if s not in (sx, SUIT[y])]
        elif SUIT[y] == sx and abs(RANK[y] - rx) <= 2:
            lo, hi = min(rx, RANK[y]), max(rx, RANK[y])
            if hi - lo == 2:
                need = [S.card_id(sx, lo + 1)]
            else:
                need = [S.card_id(sx, r) for r in (lo - 1, hi + 1) if 1 <= r <= 13]
        else:
            continue
        if any(c not in dead and not WILD[wild][c] for c in need):
            return True
    return False


def hand_value(
    ctx: Ctx, hand: list[int], accepted: set[int], dead: set[int] | None = None, partial: float = 0.5
) -> float:
    """Estimated penalty of ``hand``: complete sets cost nothing (they get laid), cards that fit the table
    cost nothing once we may add, cards with a partner cost about half, spare Beanies cost a share of
    their penalty unless they can be placed."""
    wild, bv = ctx.wild, ctx.bv
    melded, mask = best_pack(ctx, hand)
    can_add = ctx.laid or mask != 0
    left = [c for i, c in enumerate(hand) if not mask >> i & 1]
    nat = [c for c in left if not WILD[wild][c]]
    nw = len(left) - len(nat)
    total = 0.0
    for x in nat:
        p = NATURAL_POINTS[x]
        if x in accepted:
            total += 0 if can_add else p * 0.4
            continue
        has = has_partner(x, nat) if dead is None else _live_partner(x, nat, dead, wild)
        total += p * partial if has else p
    if nw:
        star_ok = can_add and (ctx.star_room() or mask != 0)
        total += nw * (0.0 if star_ok else bv * 0.35)
    return total


L = TypeVar("L")  # a legal action


def pick_legal(legal: list[L], want: L) -> L:
    return want if want in legal else legal[0]
