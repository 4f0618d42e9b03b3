"""Beanie yardsticks written from the rules (none of our levels), for tests/bench/arena.py.

``greedy``: it takes the discard only when it makes a set at once, steals every Beanie it can, lays the biggest set,
adds every card that fits and places spare Beanies, and discards the costliest natural card that has no
partner (same rank, or same suit within two ranks). It proposes ending a round only when the round has
dragged on (30 turns a player) and agrees to a proposal once the round is 20 turns a player old.
It reads only its view and the legal actions.

``search``: the outside search player: plain determinized playouts with ``greedy`` as every seat's
policy, 16 deals and at most 0.25 s a decision (``search.py``). It keeps the greedy player's move unless another
candidate beats it on the same deals by more than two standard errors: a whole round swings so widely that 16 deals
rank near-equal moves by chance, and taking the best mean alone made a player weaker than its own policy.

House rules (issue 52; taught 2026-12-05, before any bot change of that session, and frozen since): both read the
table's switches from the view (``options``). A joker is wild in every round, so the greedy player keeps it as it
keeps the round's Beanies (never a "useless natural" to discard while it holds a natural card); with Q-K-A runs its
pickups and partners count the ace above the King too; with one last turn each it plays as always (it lays and adds
all it can on every turn, so its last turn puts down everything it can).

Calibration (arena, seeds from 10000, 2026-12-03): ``frozen:hard`` wins 60.0% ± 4.8 against ``greedy`` (N=400;
against the outside greedy player 56% ± 5) and 50.9% ± 7.7 against ``search`` (N=160; against the outside search
player 48% ± 8). Versions measured on the way (the same seeds): the best mean alone, 72.5% ± 6.9 (N=160; v greedy
42.5% ± 9.7, N=100); the best mean over draws and discards only, v greedy 33.0% ± 9.3, over discards only 48.0% ±
9.8, every move but the draw 56.0% ± 9.8 (N=100 each). This one v greedy: 62.0% ± 9.6 (N=100). With the true hands
of the others (a cheat, to test the machinery): 66.7% ± 12.0 v greedy (N=60), so what it lacks is the others' cards,
not playouts that work.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from logic.beanie import GAME
from logic.beanie.bot_eval import Ctx
from logic.beanie.bot_search import BeanieSpec
from logic.beanie.deck import is_wild
from logic.beanie.sets import CARD_ID, NATURAL_POINTS, RANK, RANK_LABELS, SUIT, hand_points, lay_options
from logic.beanie.state import BeanieState
from logic.game import PHASE_PLAY
from tests.bench.yardsticks.search import BUDGET_S, WORLDS, plain_search

VOTES = ("propose", "agree", "withdraw")
PLAYOUT_MOVES = 600  # a playout this long is valued as it stands


def _near(a: int, b: int, ace_high: bool) -> bool:
    """Ranks within two of each other (with Q-K-A runs the ace also sits above the King)."""
    d = abs(a - b)
    return (min(d, 13 - d) if ace_high and 1 in (a, b) else d) <= 2


def _has_partner(c: int, others: list[int], ace_high: bool = False) -> bool:
    return any(x != c and (RANK[x] == RANK[c] or (SUIT[x] == SUIT[c] and _near(RANK[x], RANK[c], ace_high)))
               for x in others)


def greedy_move(hand: list[int], wild: int, top: int, round_turns: int, n: int, legal: list[Any],
                ace_high: bool = False) -> Any:
    """The greedy player's move from plain data: its hand (card ids), the wild rank, the discard top (-1: none),
    the turns played this round, the number of players, the legal actions and the house rule Q-K-A runs. (Jokers
    need no flag: ``is_wild`` knows them.)"""
    if len(legal) == 1:
        return legal[0]
    by_kind: dict[str, list[Any]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    if "next" in by_kind:
        return by_kind["next"][0]
    if "draw" in by_kind:
        draws = {a.source: a for a in by_kind["draw"]}
        if "discard" in draws and top >= 0:
            if "stock" not in draws or any(top in cards for cards, _, _ in lay_options(hand + [top], wild, ace_high)):
                return draws["discard"]
        return draws.get("stock", legal[0])
    if "agree" in by_kind and round_turns >= 20 * n:
        return by_kind["agree"][0]
    if "propose" in by_kind and round_turns >= 30 * n:
        return by_kind["propose"][0]
    if "steal" in by_kind:
        return by_kind["steal"][0]
    if "lay" in by_kind:
        return max(by_kind["lay"], key=lambda a: len(a.cards))
    if "add" in by_kind:
        return max(by_kind["add"], key=lambda a: NATURAL_POINTS[CARD_ID[a.card]])
    if "star" in by_kind:
        return by_kind["star"][0]
    discards = by_kind.get("discard")
    if not discards:
        return legal[0]
    cards = [CARD_ID[a.card] for a in discards]
    naturals = [c for c in cards if not is_wild(c, wild)]  # a joker is wild in every round
    nat_hand = [c for c in hand if not is_wild(c, wild)]
    useless = [c for c in naturals if not _has_partner(c, nat_hand, ace_high)]
    pool = useless or naturals or cards
    pick = max(pool, key=lambda c: (NATURAL_POINTS[c], RANK[c], -c))
    return discards[cards.index(pick)]


class GreedyBeanie:
    """Lay and add early, steal when possible, shed the costliest useless card."""

    def choose(self, view: dict[str, Any], legal: list[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        top = view.get("discard_top")
        return greedy_move([CARD_ID[c] for c in view["hand"]], RANK_LABELS.index(view["wild_rank"]),
                           CARD_ID[top] if top else -1, view["round_turns"], view["players"], legal,
                           bool((view.get("options") or {}).get("ace_high_runs")))


def _greedy_playout(st: BeanieState, seat: int, action: Any, rng: random.Random) -> float:
    """Play ``action`` for ``seat``, then the rest of the round with the greedy player for everyone; the value is
    the seat's margin over the best other total (penalties: lower is better) when the round ends."""
    GAME.apply(st, seat, action)
    moves = 0
    while st.phase == PHASE_PLAY and moves < PLAYOUT_MOVES:
        s = st.turn
        legal = GAME.legal_actions(st, s)
        top = st.discard[-1] if st.discard else -1
        GAME.apply(st, s, greedy_move(st.hands[s], st.round, top, st.round_turns, st.players, legal, st.ace_high_runs))
        moves += 1
    totals = list(st.totals)
    if st.phase == PHASE_PLAY:  # cut off: count the cards still held
        totals = [t + hand_points(st.hands[s], st.round, st.beanie_value) for s, t in enumerate(totals)]
    return float(min(t for s, t in enumerate(totals) if s != seat) - totals[seat])


class SearchBeanie:
    """The outside search player: plain determinized playouts (``search.py``) with the greedy player as the policy for
    every seat, to the end of the round; the greedy move stands unless another is clearly better. Its deals come
    from the game's own sampler (``BeanieSpec``: an opponent holds the cards it was seen taking and not playing
    since, the rest is dealt at random from the unseen cards) - mechanics, no strategy."""

    worlds = WORLDS
    budget_s = BUDGET_S

    def choose(self, view: dict[str, Any], legal: list[Any], rng: random.Random) -> Any:
        greedy = GreedyBeanie().choose(view, legal, rng)
        if len(legal) == 1 or view["phase"] != PHASE_PLAY or greedy.kind in VOTES:
            return greedy  # votes on ending the round are the greedy player's
        cands = [a for a in legal if a.kind not in VOTES]
        spec = BeanieSpec(Ctx(view))
        seat = view["seat"]
        return plain_search(cands, lambda r: spec.sample(view, r), lambda st, a, r: _greedy_playout(st, seat, a, r),
                            GAME.clone, rng, self.worlds, self.budget_s, prefer=greedy)


PLAYERS: dict[str, Callable[[], Any]] = {"greedy": GreedyBeanie, "search": SearchBeanie}
