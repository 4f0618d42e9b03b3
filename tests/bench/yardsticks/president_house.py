"""The President yardsticks' house-rule layer (issue 52): how a counting club player handles each switch.

``CountsPlayer.choose`` comes here whenever the view has house rules (``view["house"]`` non-empty); with every switch
off nothing here runs, so the standard-rules moves frozen by issue 54 are unchanged. Self-contained: it reads the view
and the legal-move list the game gives, and the player's own ``decide`` (its style: the hoarder still hoards, the
shedder still sheds); nothing comes from our levels' code. What it does, switch by switch:

* **Order** (revolution, jack-back): read from the view (``order``: the order in effect, jack-back's included).
* **Jokers** are the top cards: never given in the exchange; a lone joker is the best single, played to stop a
  player on their last card, near the end of the hand, or to win the lead back for a sure way out; a joker fills a
  set only near the end or when that set leaves a sure way out. The cards counted as unseen include the jokers not
  yet played (a joker can fill the others' sets, and beats any single).
* **Trick-enders** (8-cut, 2s clear, four-burn, a lone joker answered by the 3♠): a play that ends the trick wins
  the lead back, so it counts as an unbeatable group for the sure way out; a burn (the fourth card of a rank) is
  always taken, an 8-cut whenever the player would otherwise pass.
* **Same-rank skip**: matching the rank on top with a whole group is taken when it is cheap (not an Ace or 2 while
  the hand is long): it is the lowest card that takes the trick.
* **Runs**: led when the hand holds one that breaks no more than one set and holds no kept Ace or 2 (three cards
  shed at once, and a player on their last card cannot answer); a run to follow is answered with the lowest legal run
  that costs nothing, or any run near the end, else a pass.
* **No finishing on a top card**: never goes out on a top card (a 2 in the order in effect, a joker, an 8 under
  8-cut) when it can pass or play something else; the top cards are cashed before the last group.
* **Suit lock**: chooses among the legal moves only. Following, it plays the suits that lock the trick when it can
  (the others must follow them); if its style's choice is not legal, the nearest legal play of the same count
  (the weakest stronger rank), or a pass.
* **Downfall**: nothing of its own (a player on their last card is stopped anyway, the President included).

``HOUSE = 0`` on a player (``yard:hoarder@HOUSE=0``) turns the layer off: the style's plain rule on the ordinary cards
(jokers ignored), played when legal, else a pass (or the first legal play when it must lead): legal, nothing more.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

from logic.president.actions import RANK_LABELS, Give, NextHand, Pass, Play

RANK = {label: i for i, label in enumerate(RANK_LABELS)}
JOKER = 13  # a lone joker's "rank" (and the jokers' group)
EIGHT = 5


class Decider(Protocol):
    def decide(self, h: list[int], unseen: list[int], k: int, t: int, rev: bool, short: int) -> Any: ...


@dataclass(frozen=True)
class Cand:
    """A legal play read: its ordinary ranks, jokers, whether it is a run, its set rank (JOKER: jokers only)."""

    action: Play
    ranks: tuple[int, ...]
    jokers: int
    run: bool
    rank: int
    count: int


def read(action: Play) -> Cand:
    ranks = tuple(RANK[c[:-1]] for c in action.cards if not c.startswith("JK"))
    jokers = len(action.cards) - len(ranks)
    run = len(set(ranks)) > 1
    rank = (max(ranks) if run else ranks[0]) if ranks else JOKER
    return Cand(action, ranks, jokers, run, rank, len(action.cards))


def knob(p: Any, upper: str, lower: str, default: int) -> int:
    """A style constant under its StylePlayer name or its RulesPlayer name."""
    return getattr(p, upper, getattr(p, lower, default))


class Table:
    """What the layer reads from the view: rank counts of the ordinary cards, jokers, the play to beat, switches."""

    def __init__(self, view: dict[str, Any]):
        hand, played = view["hand"], view.get("played", [])
        self.on = set(view.get("house", ()))
        self.h = [0] * 13
        for c in hand:
            if not c.startswith("JK"):
                self.h[RANK[c[:-1]]] += 1
        self.nj = sum(1 for c in hand if c.startswith("JK"))
        seen = list(self.h)
        for c in played:
            if not c.startswith("JK"):
                seen[RANK[c[:-1]]] += 1
        self.unseen = [4 - x for x in seen]
        self.uj = (2 - self.nj - sum(1 for c in played if c.startswith("JK"))) if "jokers" in self.on else 0
        self.spade3_out = "3S" not in hand and "3S" not in played  # someone else may hold the 3♠
        self.rev = view.get("order") == "reversed"
        self.total = len(hand)
        me, finished = view["seat"], set(view.get("finished", ()))
        self.short = min((s["cards"] for i, s in enumerate(view["seats"]) if i != me and i not in finished),
                         default=99)
        top = view.get("top")
        self.k = top["count"] if top else 0
        self.t = (JOKER if top["rank"] == "JK" else RANK[top["rank"]]) if top else -1
        self.top_run = bool(view.get("top_run"))
        self.trick = view.get("trick", [])
        self.prev_suits = set(self.trick[-1]["cards"]) if self.trick else set()

    def strength(self, r: int) -> int:
        return 99 if r == JOKER else (12 - r if self.rev else r)

    @property
    def top_rank(self) -> int:
        return 0 if self.rev else 12

    def in_trick(self, r: int) -> int:
        """Cards standing for rank ``r`` in the trick (four-burn), jokers in its sets included."""
        n = 0
        for play in self.trick:
            nat = [RANK[c[:-1]] for c in play["cards"] if not c.startswith("JK")]
            if nat and len(set(nat)) == 1 and nat[0] == r:
                n += len(play["cards"])
        return n

    def ender(self, r: int, c: int) -> bool:
        """A play of ``c`` cards of rank ``r`` ends the trick at once (its player leads next)."""
        return ("eight_cut" in self.on and r == EIGHT or "twos_clear" in self.on and r in (self.top_rank, JOKER)
                or "four_burn" in self.on and r != JOKER and self.in_trick(r) + c >= 4)

    def top_card(self, cand: Cand) -> bool:
        """Going out on this play is a foul (no finishing on a top card)."""
        if "no_top_finish" not in self.on:
            return False
        if cand.jokers:
            return True
        r = (min(cand.ranks) if self.rev else max(cand.ranks)) if cand.run else cand.rank
        return r == self.top_rank or r == EIGHT and "eight_cut" in self.on

    def fouls(self, cand: Cand) -> bool:
        return cand.count == self.total and self.top_card(cand)

    def unbeatable(self, r: int, c: int) -> bool:
        """Nobody can take a play of ``c`` cards of rank ``r`` (as far as the unseen cards tell)."""
        if r == JOKER:
            return not self.spade3_out or c > 1
        if self.ender(r, c):
            return True
        if c == 1 and self.uj:
            return False  # a lone joker beats any single
        skip = "same_rank_skip" in self.on
        return not any(self.unseen[x] + self.uj >= c for x in range(13)
                       if self.strength(x) > self.strength(r) or skip and x == r)

    def groups(self) -> list[tuple[int, int]]:
        """(rank, count) of every group held, weakest first; each joker a group of its own (a lone joker)."""
        out = sorted(((r, self.h[r]) for r in range(13) if self.h[r]), key=lambda g: self.strength(g[0]))
        return out + [(JOKER, 1)] * self.nj


def house_choose(p: Any, view: dict[str, Any], legal: list, rng: random.Random) -> Any:
    """The move of a counting player ``p`` at a table with house rules."""
    first = legal[0]
    if type(first) is NextHand or len(legal) == 1:
        return first
    if type(first) is Give:
        return give(view, legal)
    tb = Table(view)
    cands = [read(a) for a in legal if type(a) is Play]
    can_pass = any(type(a) is Pass for a in legal)
    if not getattr(p, "HOUSE", 1):
        return plain(p, tb, cands, legal, can_pass)
    clean = [c for c in cands if not tb.fouls(c)] or ([] if can_pass else cands)
    pick = lead(p, tb, clean) if not tb.k else follow(p, tb, clean)
    if pick is not None:
        return pick.action
    return next(a for a in legal if type(a) is Pass) if can_pass else clean[0].action


def plain(p: Any, tb: Table, cands: list[Cand], legal: list, can_pass: bool) -> Any:
    """The layer off: the style's rule on the ordinary cards, played when legal, else a pass or the first play."""
    move = None
    if any(tb.h) and tb.t != JOKER and not tb.top_run:
        move = p.decide(tb.h, tb.unseen, tb.k, tb.t, tb.rev, tb.short)
    found = [c for c in cands if move and not c.jokers and not c.run and (c.rank, c.count) == move]
    if found:
        return found[-1].action
    if can_pass:
        return next(a for a in legal if type(a) is Pass)
    return cands[0].action


def give(view: dict[str, Any], legal: list) -> Any:
    """The exchange: the lowest cards back, lone cards (below the Jacks) first; never a joker (the best cards)."""
    nat = [c for c in view["hand"] if not c.startswith("JK")]
    h = [0] * 13
    for c in nat:
        h[RANK[c[:-1]]] += 1
    k = len(legal[0].cards)
    cards = sorted(nat, key=lambda c: (RANK[c[:-1]] >= 8 or h[RANK[c[:-1]]] > 1, RANK[c[:-1]]))
    want = sorted(RANK[c[:-1]] for c in cards[:k])
    for a in legal:
        if not any(c.startswith("JK") for c in a.cards) and sorted(RANK[c[:-1]] for c in a.cards) == want:
            return a
    return next((a for a in legal if not any(c.startswith("JK") for c in a.cards)), legal[0])


def _set(cands: list[Cand], r: int, c: int, jokers: int = 0) -> list[Cand]:
    return [x for x in cands if not x.run and x.rank == r and x.count == c and x.jokers == jokers]


def _kept(p: Any, tb: Table, r: int) -> bool:
    """An Ace or 2 (in the order in effect) the style still keeps back while the hand is long."""
    return r != JOKER and tb.strength(r) >= knob(p, "KEEP_HIGH", "keep_strength", 11) and tb.total > 6


def _sure_cash(tb: Table, cands: list[Cand], leading: bool) -> Cand | None:
    """A whole group that wins the lead back (unbeatable, a trick-ender or a joker) when all the other groups but one
    do too: the top cards first (they must not be the last), then the strongest."""
    groups = tb.groups()
    wins = [g for g in groups if tb.unbeatable(*g)]
    if len(groups) < 2 or len(groups) - len(wins) > 1 and not (leading and len(groups) == 2 and wins):
        return None
    order = sorted(wins, key=lambda g: (g[0] not in (tb.top_rank, JOKER, EIGHT), -tb.strength(g[0])))
    for r, c in order:
        if not leading and c != tb.k:
            continue
        found = _set(cands, JOKER, 1, 1) if r == JOKER else _set(cands, r, c)
        rest = [g for g in groups if g != (r, c)]
        if found and (leading or sum(1 for g in rest if not tb.unbeatable(*g)) <= 1):
            return found[-1]
    return None


def _good_run(p: Any, tb: Table, runs: list[Cand], near_end: bool) -> Cand | None:
    """The cheapest run: no joker, breaking at most one set, no kept Ace or 2 (near the end: any, cheapest first)."""
    def cost(c: Cand) -> tuple[int, int, int]:
        broken = sum(1 for r in c.ranks if tb.h[r] > 1)
        kept = sum(1 for r in c.ranks if _kept(p, tb, r))
        return 3 * c.jokers + broken + 3 * kept, -c.count, min(tb.strength(r) for r in c.ranks) if c.ranks else 99

    best = min(runs, key=cost, default=None)
    return best if best and (cost(best)[0] <= 1 or near_end) else None


def lead(p: Any, tb: Table, cands: list[Cand]) -> Cand | None:
    near_end = tb.total <= knob(p, "BREAK_UNDER", "break_under", 6)
    cash = _sure_cash(tb, cands, True)
    if cash:
        return cash
    run = _good_run(p, tb, [c for c in cands if c.run], near_end)
    if run:
        return run
    if not any(tb.h):
        return next((c for c in cands if c.jokers == c.count), None)
    move = p.decide(tb.h, [u + tb.uj for u in tb.unseen], 0, -1, tb.rev, tb.short)
    return _legal_set(tb, cands, move)


def follow(p: Any, tb: Table, cands: list[Cand]) -> Cand | None:
    if tb.t == JOKER:  # only the 3♠ beats a lone joker, and it wins the lead
        return next(iter(cands), None)
    near_end = tb.total <= knob(p, "BREAK_UNDER", "break_under", 6)
    if tb.top_run:
        return _good_run(p, tb, cands, near_end)
    k = tb.k
    burns = [c for c in cands if not c.run and not c.jokers and c.count == tb.h[c.rank] and tb.ender(c.rank, k)
             and "four_burn" in tb.on and tb.in_trick(c.rank) + k >= 4]
    if burns:
        return burns[0]
    cash = _sure_cash(tb, cands, False)
    if cash:
        return cash
    move = p.decide(tb.h, [u + tb.uj for u in tb.unseen], k, tb.t, tb.rev, tb.short) if any(tb.h) else None
    pick = _legal_set(tb, cands, move)
    same = _set(cands, tb.t, k) if "same_rank_skip" in tb.on and tb.h[tb.t] == k else []
    if same and (pick is None or tb.strength(pick.rank) > tb.strength(tb.t)) and not _kept(p, tb, tb.t):
        return same[-1]
    joker = _set(cands, JOKER, 1, 1) if tb.nj and k == 1 else []
    if joker and tb.short == 1 and (pick is None or not tb.unbeatable(pick.rank, 1)):
        return joker[0]  # a player on their last card: only the 3♠ beats a lone joker
    if pick is not None:
        return pick
    cut = _set(cands, EIGHT, k) if "eight_cut" in tb.on and tb.h[EIGHT] == k else []
    if cut:
        return cut[-1]
    if joker and near_end:
        return joker[0]
    if tb.nj and k > 1 and near_end:
        filled = sorted((c for c in cands if not c.run and c.jokers and c.rank != JOKER
                         and c.count - c.jokers == tb.h[c.rank]), key=lambda c: (c.jokers, tb.strength(c.rank)))
        return next(iter(filled), None)
    return None


def _legal_set(tb: Table, cands: list[Cand], move: tuple[int, int] | None) -> Cand | None:
    """The legal play of the style's ``(rank, count)``: the suits that lock the trick when it can; if that play is
    not legal (suit lock), the weakest stronger rank of the same count without jokers, or None (a pass)."""
    if move is None:
        return None
    r, c = move
    found = _set(cands, r, c)
    if not found:
        near = sorted((x for x in cands if not x.run and not x.jokers and x.count == c and x.rank != JOKER
                       and tb.strength(x.rank) >= tb.strength(r)), key=lambda x: tb.strength(x.rank))
        if not near:
            return None
        found = _set(cands, near[0].rank, c)
    if tb.k and "suit_lock" in tb.on:
        suits = {code[-1] for code in tb.prev_suits}
        locking = [x for x in found if {code[-1] for code in x.action.cards} == suits]
        if locking:
            return locking[-1]
    return found[-1]
