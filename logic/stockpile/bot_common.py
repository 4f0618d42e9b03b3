"""Shared pieces of the Stockpile bots: phase moves, discard scoring, the turn model and chain searches."""

from __future__ import annotations

from typing import Any, TypeVar

from logic.stockpile import actions as A
from logic.stockpile.view_types import StockpileView
from logic.view_types import viewer_seat

WILD = A.WILD
CARD_ORDER = {c: i for i, c in enumerate(A.CODES)}


def _v(code: str | None) -> int | None:
    return None if code is None else CARD_ORDER[code]


K = TypeVar("K")


def by_kind(legal: list[A.StockpileAction], kind: type[K]) -> list[K]:
    return [a for a in legal if type(a) is kind]


def common_move(view: StockpileView, legal: list[A.StockpileAction]) -> A.StockpileAction | None:
    """The move for every phase except the play stage (or None to decide normally)."""
    if not legal:
        return None
    if A.NEXT in legal:
        return A.NEXT
    if A.COMMIT in legal:
        return A.COMMIT
    if A.PASS in legal:
        return A.PASS
    return None


# --- discard choice shared by the bots ---------------------------------------------------------


def pile_fit(card: int, pile: list[int], empties: int) -> float:
    """How well ``card`` sits on a discard pile (higher = tidier)."""
    if not pile:
        return -0.5 if empties > 1 else -2.5
    top = pile[-1]
    if top == WILD:
        return -6.0
    if card == WILD:
        return -4.0
    if top == card:
        return 2.5
    if top == card + 1:
        return 3.0
    if top > card:
        return 1.2 - 0.25 * (top - card - 1)
    return -2.0 - 0.6 * (card - top)


def tidy_discard(view: StockpileView, hand: list[int] | None = None, allowed: set[int] | None = None) -> A.Discard:
    """Medium's discard: a high card, never a wild if avoidable, placed where the pile stays tidy (``allowed``: the
    hand indices the table lets us discard, all by default)."""
    if hand is None:
        hand = [CARD_ORDER[c] for c in view["hand"]]
    piles = [[CARD_ORDER[c] for c in p] for p in view["discards"][viewer_seat(view)]]
    empties = sum(1 for p in piles if not p)
    best = None
    for i, c in enumerate(hand):
        if allowed is not None and i not in allowed:
            continue
        for p in range(4):
            score = pile_fit(c, piles[p], empties) + (0.15 * c if c != WILD else -20.0)
            if best is None or score > best[0]:
                best = (score, i, p)
    assert best is not None
    return A.DISCARD[best[1]][best[2]]


# --- a compact model of the turn, built from the view -------------------------------------------


class TurnFacts:
    """What the bot knows at its turn, as plain numbers."""

    __slots__ = ("seat", "n", "builds", "hand", "sources", "targets", "opp", "partner_tops", "can_draw", "piles")

    def __init__(self, view: StockpileView) -> None:
        self.seat = seat = viewer_seat(view)
        self.n = n = view["players"]
        self.builds = [b["size"] for b in view["build"]]
        self.hand = [CARD_ORDER[c] for c in view["hand"]]
        owners = view["my_sources"] or [seat]
        self.sources = []  # (owner, pile index, values bottom..top)
        for o in owners:
            for p, pile in enumerate(view["discards"][o]):
                if pile:
                    self.sources.append((o, p, [CARD_ORDER[c] for c in pile]))
        self.targets = []  # (owner, top value) of stocks we may play from
        for o in owners:
            st = view["stocks"][o]
            if st["count"]:
                self.targets.append((o, _v(st["top"])))
        # opponents in turn order after us: (distance, top value). The partner is on our side even where the house
        # rule keeps partners to their own piles (``my_sources`` is then only our seat)
        self.opp = []
        partner = view["partner"]
        team = set(owners) | ({partner} if partner is not None else set())
        for k in range(1, n):
            o = (seat + k) % n
            st = view["stocks"][o]
            if o not in team and st["count"]:
                self.opp.append((k, _v(st["top"]), [[CARD_ORDER[c] for c in p] for p in view["discards"][o] if p]))
        # our partner's stock card: a board that brings it in reach helps the team, whether or not we may play it
        self.partner_tops = [_v(view["stocks"][o]["top"]) for o in team - {seat} if view["stocks"][o]["count"]]
        self.can_draw = view["draw_count"] + view["set_aside_count"] > 0
        self.piles = [[CARD_ORDER[c] for c in p] for p in view["discards"][seat]]


def direct_stock_play(turn: TurnFacts, legal: list[A.StockpileAction], score_builds: Any) -> A.Play | None:
    plays = [a for a in legal if type(a) is A.Play and a.source.startswith("stock:")]
    if not plays:
        return None
    # a numbered card first (keeps its pile choice trivial); wilds where the board scores best
    best: tuple[Any, A.Play] | None = None
    for a in plays:
        owner = int(a.source.split(":")[1])
        top = next(t for o, t in turn.targets if o == owner)
        builds = turn.builds[:]
        builds[a.build] = (builds[a.build] + 1) % A.TOP
        score = (0 if top == WILD else 100) + score_builds(builds)
        if best is None or score > best[0]:
            best = (score, a)
    assert best is not None
    return best[1]


# --- chain search (medium) --------------------------------------------------------------------


def chain_to_stock(turn: TurnFacts, max_nodes: int = 4000) -> tuple[str, int] | None:
    """First move of a cheapest chain (fewest wilds, then fewest cards) that lets a stock card go
    down. Moves use hand cards and discard tops; returns (source, build) or None."""
    targets = [t for _, t in turn.targets if t is not None]
    if not targets:
        return None
    best: list[Any] = [None]
    seen: set[Any] = set()
    nodes = [0]
    hand0 = turn.hand
    srcs = turn.sources

    def reachable(builds: list[int]) -> bool:
        for t in targets:
            if t == WILD:
                return True
            for b in builds:
                if b + 1 == t:
                    return True
        return False

    def dfs(builds: list[int], used: tuple[int, ...], dl: tuple[int, ...], wilds: int, cards: int, first: Any) -> None:
        nodes[0] += 1
        if nodes[0] > max_nodes:
            return
        cost = (wilds, cards)
        if best[0] is not None and cost >= best[0][0]:
            return
        if first is not None and reachable(builds):
            best[0] = (cost, first)
            return
        key = (tuple(sorted(builds)), used, dl)
        if key in seen:
            return
        seen.add(key)
        # discard tops first (frees piles), then hand numbers, then wilds
        for si, (o, p, vals) in enumerate(srcs):
            k = dl[si]
            if k == 0:
                continue
            c = vals[k - 1]
            for b in range(4):
                if c == WILD or builds[b] + 1 == c:
                    nb = builds[:]
                    nb[b] = (nb[b] + 1) % A.TOP
                    ndl = dl[:si] + (k - 1,) + dl[si + 1 :]
                    dfs(nb, used, ndl, wilds + (c == WILD), cards + 1, first or (f"discard:{o}:{p}", b))
                    if c == WILD:
                        pass
        tried: set[int] = set()
        for i, c in enumerate(hand0):
            if i in used or c in tried:
                continue
            tried.add(c)
            for b in range(4):
                if c == WILD or builds[b] + 1 == c:
                    nb = builds[:]
                    nb[b] = (nb[b] + 1) % A.TOP
                    dfs(nb, tuple(sorted(used + (i,))), dl, wilds + (c == WILD), cards + 1, first or (f"hand:{i}", b))

    dfs(turn.builds[:], (), tuple(len(v) for _, _, v in srcs), 0, 0, None)
    return best[0][1] if best[0] is not None else None


# --- what the next players can reach (Hard) ------------------------------------------------------


def unseen_pool(view: StockpileView) -> list[int]:
    """Values of the cards this seat cannot see (other hands, face-down stock cards, the draw pile, cleared
    piles), as a flat list. Building piles are counted as the numbers they stand for."""
    counts = [A.WILDS] + [A.NUMBERS_EACH] * A.TOP
    seen: list[int] = [CARD_ORDER[c] for c in view["hand"]]
    for piles in view["discards"]:
        for pile in piles:
            seen.extend(CARD_ORDER[c] for c in pile)
    for st in view["stocks"]:
        top = st["top"]
        if st["count"] and top is not None:
            seen.append(CARD_ORDER[top])
    for b in view["build"]:
        seen.extend(range(1, b["size"] + 1))
    for v in seen:
        if counts[v]:
            counts[v] -= 1
    return [v for v in range(A.TOP + 1) for _ in range(counts[v])]


def reaches(builds: tuple[int, ...], top: int, hand: list[int], piles: list[list[int]]) -> bool:
    """Whether a player with rank counts ``hand`` (index 0 = wilds) and discard ``piles`` can get stock card
    ``top`` onto one of the building piles this turn (one pile at a time, discard tops used first)."""
    if top == WILD:
        return True
    for size in set(builds):
        if size >= top:
            continue
        hc = list(hand)
        depth = [len(p) for p in piles]
        for v in range(size + 1, top):
            for j, p in enumerate(piles):
                k = depth[j]
                if k and p[k - 1] == v:
                    depth[j] = k - 1
                    break
            else:
                if hc[v]:
                    hc[v] -= 1
                    continue
                for j, p in enumerate(piles):
                    k = depth[j]
                    if k and p[k - 1] == WILD:
                        depth[j] = k - 1
                        break
                else:
                    if hc[WILD]:
                        hc[WILD] -= 1
                        continue
                    break
        else:
            return True
    return False


class ReachModel:
    """Chance that each later player gets their stock card down next turn, for a given board.

    Their five cards at the start of their turn are unknown: ``samples`` hands are dealt from the unseen
    cards (the same hands for every board, so boards compare fairly), and :func:`reaches` is asked of each."""

    def __init__(self, view: StockpileView, turn: TurnFacts, rng: Any, samples: int = 24) -> None:
        pool = unseen_pool(view)
        self.players = []  # (distance, stock top, discard piles)
        for dist, top, piles in turn.opp:
            if top is not None:
                self.players.append((dist, top, piles))
        take = min(A.HAND_SIZE, len(pool))
        self.fills: list[list[int]] = [rng.sample(pool, take) for _ in range(samples if pool else 0)]
        self.hands: list[list[int]] = []
        for fill in self.fills:
            h = [0] * (A.TOP + 1)
            for v in fill:
                h[v] += 1
            self.hands.append(h)
        self.memo: dict[tuple[int, ...], list[float]] = {}

    def own_chance(self, builds: list[int], top: int, kept: list[int], piles: list[list[int]]) -> float:
        """Chance that we reach our stock card ``top`` next turn holding ``kept`` plus fresh cards (the
        board as it is now: a guess, the others move it first)."""
        if not self.fills:
            return 0.0
        hits = 0
        key = tuple(builds)
        for fill in self.fills:
            h = [0] * (A.TOP + 1)
            for v in kept:
                h[v] += 1
            for v in fill[: max(0, A.HAND_SIZE - len(kept))]:
                h[v] += 1
            hits += reaches(key, top, h, piles)
        return hits / len(self.fills)

    def chances(self, builds: list[int] | tuple[int, ...]) -> list[tuple[int, float]]:
        """(distance, chance) per later player with a stock card."""
        key = tuple(sorted(builds))
        got = self.memo.get(key)
        if got is None:
            got = []
            for _, top, piles in self.players:
                if not self.hands:
                    got.append(1.0 if reaches(key, top, [0] * (A.TOP + 1), piles) else 0.0)
                    continue
                hits = sum(1 for h in self.hands if reaches(key, top, h, piles))
                got.append(hits / len(self.hands))
            self.memo[key] = got
        return [(p[0], c) for p, c in zip(self.players, got, strict=True)]


# --- house rules: keep a choice inside the legal list -------------------------------------------


def keep_legal(view: StockpileView, legal: list[A.StockpileAction], chosen: A.StockpileAction) -> A.StockpileAction:
    """``chosen`` when it is legal; otherwise the nearest sensible legal move. The planners model the standard
    rules; a house rule (no wilds on your own discard piles, partners kept to their own piles) removes moves from
    the legal list, and this turns a plan's step that the table forbids into the move it would be under the rule:
    the tidiest allowed discard, else a stock play, else a play from the hand (a wild the rule keeps us from
    discarding), else the first legal move."""
    if chosen in legal or not legal:
        return chosen
    discards = by_kind(legal, A.Discard)
    if type(chosen) is A.Discard and discards:
        allowed = {d.hand_index for d in discards}
        hand = [CARD_ORDER[c] for c in view["hand"]]
        return tidy_discard(view, hand, allowed)
    plays = by_kind(legal, A.Play)
    for prefix in ("stock:", "discard:", "hand:"):
        for p in plays:
            if p.source.startswith(prefix):
                return p
    return discards[0] if discards else legal[0]
