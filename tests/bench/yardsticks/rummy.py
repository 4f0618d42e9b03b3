"""Rummy yardsticks written from the rules (none of our levels), for tests/bench/arena.py.

``greedy``: it takes a discard only when the cards it would take meld at once, melds the biggest groups and lays off
everything it can, and discards the highest card that has no partner (same rank, or same suit within two
ranks). It reads only its view and the legal actions.

``search``: the outside search player: plain determinized playouts with ``greedy`` as every seat's
policy, 16 deals and at most 0.25 s a decision (``search.py``), over its draws and discards.

House rules (issue 52; taught 2026-12-05, before any bot change of that session, and frozen since): both read the
table's switches from the view (``house_rules``) and play them as the rules say, not only legally. With K-A-2
wrapping their melds, pickups, lay-offs and partners (cards kept for a run) count round the corner; with "no final
discard" a pickup may meld the whole hand; at a "Rummy!" table they call every discard they can use, the call that
puts down the most (greedy, as they meld); top-card-only and a kept dug card need nothing: the legal moves say it.

Calibration (arena, seeds from 10000, 2026-12-03): ``frozen:hard`` wins 59.5% ± 3.0 against ``greedy`` (N=1000;
against the outside greedy player 57.5% ± 3) and 46.25% ± 4.8 against ``search`` (N=400; against the outside
search player 49% ± 5). Searching every move (melds and lay-offs too) made a much stronger player than the outside
one (``frozen:hard`` won 35.6% ± 4.6, N=400); valuing a playout only by going out, a much weaker one (78.3% ± 5.7,
N=200).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from logic.rummy import GAME
from logic.rummy.bot_eval import Seen
from logic.rummy.bot_search import RummySpec
from logic.rummy.melds import CODE, POINTS, RANK, SUIT, classify, hand_melds, parse_code
from logic.rummy.state import HAND_OVER, PENDING, RummyState
from tests.bench.yardsticks.search import BUDGET_S, WORLDS, plain_search

PLAYOUT_MOVES = 400  # a playout this long is valued as it stands (a hand rarely takes 150 moves)
SEARCHED = ("draw", "take", "discard")  # the decisions the search player searches


@dataclass(frozen=True)
class Rules:
    """The house rules the greedy play needs to know (all off: the standard game)."""

    wrap: bool = False  # K-A-2 runs
    out_without_discard: bool = False  # the last cards may all be melded

    @classmethod
    def of_view(cls, view: dict[str, Any]) -> Rules:
        on = view.get("house_rules") or ()
        return cls("wrap_around" in on, "no_final_discard" in on)

    @classmethod
    def of_state(cls, st: RummyState) -> Rules:
        return cls(st.wrap, st.no_final_discard)


STANDARD = Rules()


def _meld_points(hand: list[int], table_accepts: set[int], rules: Rules = STANDARD) -> int:
    """Points a greedy pass could put down from ``hand``: biggest melds first, then lay-offs."""
    left = list(hand)
    pts = 0
    keep = 0 if rules.out_without_discard else 1  # cards that must stay for the final discard
    while True:
        melds = [m for m in hand_melds(left, rules.wrap) if len(m) <= len(left) - keep]
        if not melds:
            break
        best = max(melds, key=lambda m: (len(m), sum(POINTS[c] for c in m)))
        pts += sum(POINTS[c] for c in best)
        for c in best:
            left.remove(c)
    for c in list(left):
        if c in table_accepts and len(left) > keep:
            pts += POINTS[c]
            left.remove(c)
    return pts


def _accepts(view: dict[str, Any], rules: Rules = STANDARD) -> set[int]:
    from logic.rummy.melds import accepts_for

    out: set[int] = set()
    for m in view["melds"]:
        cards = [parse_code(c) for c in m["cards"]]
        shape = classify(cards, rules.wrap)
        if shape is not None:
            out.update(accepts_for(shape[0], shape[1], shape[2], shape[3], cards, rules.wrap))
    return out


def _near(a: int, b: int, wrap: bool) -> bool:
    """Ranks within two of each other (round the corner too when runs wrap: K-A-2)."""
    d = abs(a - b)
    return (min(d, 13 - d) if wrap else d) <= 2


def _has_partner(c: int, others: list[int], wrap: bool = False) -> bool:
    return any(x != c and (RANK[x] == RANK[c] or (SUIT[x] == SUIT[c] and _near(RANK[x], RANK[c], wrap)))
               for x in others)


def _call(calls: list[Any]) -> Any:
    """The greedy call on a discard in the "Rummy!" window: the one that puts down the most cards, then points."""
    return max(calls, key=lambda a: (len(a.cards) + 1, sum(POINTS[parse_code(c)] for c in a.cards)))


def greedy_move(hand: list[int], discard: list[int], accepts: set[int], must: str | None, legal: list[Any],
                rules: Rules = STANDARD) -> Any:
    """The greedy player's move from plain data: its hand and the discard pile (card ints), the cards the
    table's melds accept, the card it must still use (a code), the legal actions and the table's house rules."""
    if len(legal) == 1:
        return legal[0]
    kinds = {a.kind: a for a in legal}
    for k in ("next", "commit"):
        if k in kinds:
            return kinds[k]
    calls = [a for a in legal if a.kind == "rummy"]
    if calls:  # "Rummy!": a discard it can use at once is taken, as greedily as it melds
        return _call(calls)
    takes = [a for a in legal if a.kind == "take"]
    if takes or "draw" in kinds:
        base = _meld_points(hand, accepts, rules)
        best, best_gain = kinds.get("draw", takes[0] if takes else legal[0]), 0
        for a in takes:
            taken = discard[discard.index(parse_code(a.card)):]
            gain = _meld_points(hand + taken, accepts, rules) - base  # > 0: the pickup melds at once
            if gain > best_gain:
                best, best_gain = a, gain
        return best
    plays = [a for a in legal if a.kind in ("meld", "layoff")]
    if must:
        with_must = [a for a in plays if must in a.cards]
        if with_must:
            return max(with_must, key=lambda a: len(a.cards))
    melds = [a for a in plays if a.kind == "meld"]
    if melds:
        return max(melds, key=lambda a: (len(a.cards), sum(POINTS[parse_code(c)] for c in a.cards)))
    lays = [a for a in plays if a.kind == "layoff"]
    if lays:
        return lays[0]
    discards = [a for a in legal if a.kind == "discard"]
    if not discards:
        return next((a for a in legal if a.kind == "undo"), legal[0])
    cards = [parse_code(a.card) for a in discards]
    useless = [c for c in cards if not _has_partner(c, hand, rules.wrap)]
    pool = useless or cards
    pick = max(pool, key=lambda c: (POINTS[c], RANK[c], -c))
    return discards[cards.index(pick)]


class TurnMemory:
    """What a greedy turn must remember so it cannot cycle. Its melding may leave a dug-up card it must use with no
    way to use it (say: meld three queens, lay off the 4, and the 3 it dug for would empty the hand); it undoes a
    step, and a memoryless player would play that step again, and again. So once it undoes with the dug-up card
    still in hand it undoes back to the pickup, and does not make that pickup again this turn."""

    def __init__(self) -> None:
        self.unwinding = False
        self.last_take: tuple | None = None  # (hand number, hand, card) of this turn's pickup
        self.refused: set[tuple] = set()

    def before(self, view: dict[str, Any], legal: list[Any]) -> tuple[Any | None, list[Any]]:
        """(the undo to play while unwinding, or None; the legal actions less pickups refused this turn)."""
        if self.unwinding:
            undo = next((a for a in legal if a.kind == "undo"), None)
            if undo is not None:
                return undo, legal
            self.unwinding = False  # back before the pickup
        key = self._key(view)
        kept = [a for a in legal if a.kind != "take" or (*key, a.card) not in self.refused]
        return None, kept or legal

    def after(self, view: dict[str, Any], choice: Any) -> None:
        if choice.kind == "take":
            self.last_take = (*self._key(view), choice.card)
        elif choice.kind == "undo" and view.get("must_use") in (view.get("hand") or ()):
            self.unwinding = True
            if self.last_take is not None:
                self.refused.add(self.last_take)

    @staticmethod
    def _key(view: dict[str, Any]) -> tuple:
        return view.get("hand_no"), tuple(sorted(view.get("hand") or ()))


class GreedyRummy:
    """Take a discard that melds, meld and lay off all you can, discard the least useful high card."""

    def __init__(self) -> None:
        self.memory = TurnMemory()

    def choose(self, view: dict[str, Any], legal: list[Any], rng: random.Random) -> Any:
        undo, legal = self.memory.before(view, legal)
        if undo is not None:
            return undo
        hand = [parse_code(c) for c in view["hand"]]
        pile = [parse_code(c) for c in view["discard"]]
        rules = Rules.of_view(view)
        choice = greedy_move(hand, pile, _accepts(view, rules), view.get("must_use"), legal, rules)
        self.memory.after(view, choice)
        return choice


def _state_accepts(st: RummyState) -> set[int]:
    out: set[int] = set()
    for m in st.melds:
        out.update(m[8])
    return out


def _greedy_playout(st: RummyState, seat: int, action: Any, rng: random.Random) -> float:
    """Play ``action`` for ``seat``, then the rest of the hand with the greedy player for everyone; the value is
    the seat's lead over the best other total when the hand ends."""
    GAME.apply(st, seat, action)
    moves = 0
    rules = Rules.of_state(st)
    while st.stage <= PENDING and moves < PLAYOUT_MOVES:
        s = st.current
        legal = GAME.legal_actions(st, s)
        must = CODE[st.must_use] if st.must_use >= 0 and st.must_use in st.hands[s] else None
        GAME.apply(st, s, greedy_move(st.hands[s], st.discard, _state_accepts(st), must, legal, rules))
        moves += 1
    if st.stage >= HAND_OVER:
        totals = list(st.scores)
    else:  # cut off: value the hand as it stands
        totals = [st.scores[s] + st.pts[s] - sum(POINTS[c] for c in st.hands[s]) for s in range(st.n)]
    return float(totals[seat] - max(t for s, t in enumerate(totals) if s != seat))


class SearchRummy:
    """The outside search player: plain determinized playouts (``search.py``) with the greedy player as the
    policy for every seat, to the end of the hand. It searches what to draw (the stock, or which card of the
    discard pile) and what to discard; melds and lay-offs are the greedy player's (everything it can, as soon as
    it can). Its deals come from the game's own sampler (``RummySpec``: an opponent holds the cards it was seen
    picking up and not playing since, the rest is dealt at random from the unseen cards) - mechanics, no
    strategy."""

    worlds = WORLDS
    budget_s = BUDGET_S

    def __init__(self) -> None:
        self.memory = TurnMemory()  # pickups the greedy melding could not use are undone and not searched again

    def choose(self, view: dict[str, Any], legal: list[Any], rng: random.Random) -> Any:
        undo, legal = self.memory.before(view, legal)
        if undo is not None:
            return undo
        hand = [parse_code(c) for c in view["hand"]]
        rules = Rules.of_view(view)
        greedy = greedy_move(hand, [parse_code(c) for c in view["discard"]], _accepts(view, rules),
                             view.get("must_use"), legal, rules)
        choice = greedy
        if greedy.kind in SEARCHED and len(legal) > 1:  # not a meld, a lay-off, the commit, the next hand or an undo
            cands = [a for a in legal if a.kind in SEARCHED]
            spec = RummySpec(Seen(view))
            seat = view["seat"]
            choice = plain_search(cands, lambda r: spec.sample(view, r),
                                  lambda st, a, r: _greedy_playout(st, seat, a, r), GAME.clone, rng, self.worlds,
                                  self.budget_s)
        self.memory.after(view, choice)
        return choice


PLAYERS: dict[str, Callable[[], Any]] = {"greedy": GreedyRummy, "search": SearchRummy}
