"""The Expert's give-back in the exchange chosen by search (``ExpertBot(give_search=True)``, off by default).

After hand 1 the President gives back two cards of its choice to the Beggar, the Vice President one to the Vice
Beggar; the Beggar then leads. The levels give by a fixed rule (bots.py ``_lowest_give``, :func:`rule_give` here on
rank counts: the lowest cards, lone cards below the Kings first). With the knob on, at standard rules, the Expert
compares a few gives instead by the play phase's own search (logic.search ``search_choose`` with
bot_search.PresidentSpec's worlds, playouts and value), through :class:`GiveSpec`:

* **Worlds.** PresidentSpec deals the unseen cards as for a move (hand sizes, the Beggar's rank cap: the partner who
  gave us its best cards holds nothing above the lowest of them). The *other* exchange is then dealt as it happens:
  its two seats' cards are split again at random to their sizes before the exchange, the lower seat's best cards
  (two for the Beggar, one for the Vice Beggar) go up to its partner, and the partner gives back by the rule, pending
  or not (we do not see what it gave: the rule is the model of every giver). A Citizen (five players) is as dealt.
* **The candidate** (a sorted tuple of ranks) moves from our hand to our partner's, and the Beggar is to lead: the
  world is then the play phase's first position, played out to the end of our hand by the Expert's playout policy
  (the same PresidentSpec, hoarders, ``sure_out`` and the rest) and valued as a move is (``evaluate``).
* **Candidates** (:func:`give_candidates`): the rule's give, and every multiset of ``k`` cards from the lowest
  ``LOW_RANKS`` ranks we hold below the Aces. Pruned because a give is a gift to the player who leads next: an Ace or
  a 2 handed down is a trick lost for us and won for them, and a King or a Queen nearly so, whereas among the low
  ranks the choice is real (which group to break up, a single or a pair to hand over: the rule breaks a set rather
  than give a lone card from a King up, and never asks what the pieces are worth). The low ranks are what the hand
  would have to shed anyway; four of them give up to ten candidates for a President, four for a Vice President,
  which the deals of one decision can still tell apart. With fewer ranks below the Aces than cards to give, only the
  rule's give is left (and it is made at once).
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

from logic.search import search_choose

from .actions import Give, PresidentAction
from .bot_info import COUNTS, rank_of
from .bot_search import PresidentSpec, World
from .view_types import PresidentView

LOW_RANKS = 4  # the lowest ranks held that the gives are drawn from
ACE = 11  # rank index of the Aces: they and the 2s are never given while lower cards are held
SINGLE_BELOW = 10  # the rule gives a lone card first when it ranks below this index (the Kings): a 3 to a Queen


def rule_give(h: list[int], k: int) -> tuple[int, ...]:
    """bots.py ``_lowest_give`` (keep_sets) on rank counts: the ``k`` lowest cards, lone cards below the Kings first;
    of the first ``k + 2`` so ordered, the cards not in a set before the rest, lowest first. Sorted ranks."""
    singles = [r for r in range(COUNTS) if h[r] == 1 and r < SINGLE_BELOW]
    rest = [r for r in range(COUNTS) for _ in range(h[r]) if r not in singles]
    first = sorted((singles + rest)[: k + 2], key=lambda r: (h[r] > 1, r))
    return tuple(sorted(first[:k]))


def give_candidates(h: list[int], k: int) -> list[tuple[int, ...]]:
    """The gives worth comparing (sorted rank tuples), the rule's first: see the module docstring."""
    rule = rule_give(h, k)
    low = [r for r in range(ACE) if h[r]][:LOW_RANKS]
    out = [rule]
    for combo in combinations_with_replacement(low, k):
        if combo not in out and all(combo.count(r) <= h[r] for r in combo):
            out.append(combo)
    return out


def _seat_of(view: PresidentView, title: str) -> int:
    return next(i for i, s in enumerate(view["seats"]) if s.get("title") == title)


class GiveSpec:
    """The search's view of a give-back: PresidentSpec's worlds with the other exchange dealt by the rule, a
    candidate moving cards to our partner, then PresidentSpec's playout from the Beggar's lead."""

    def __init__(self, spec: PresidentSpec, view: PresidentView) -> None:
        ex = view["exchange"]
        assert ex is not None and ex["give_count"], "a give-back is searched for the President or the Vice President"
        self.spec = spec
        self.game = spec.game
        self.me = spec.me
        self.partner = ex["partner"]
        self.leader = _seat_of(view, "Beggar")
        # the other exchange: its giver, the seat whose best cards went up to it, how many, and the sizes before it
        if ex["give_count"] == 2:
            giver, lower, m = _seat_of(view, "Vice President"), _seat_of(view, "Vice Beggar"), 1
        else:
            giver, lower, m = _seat_of(view, "President"), _seat_of(view, "Beggar"), 2
        pending = "giving" in view["seats"][giver].get("status", ())
        self.other = (giver, lower, m)
        self.lower_size = view["seats"][lower]["cards"] + (m if pending else 0)

    def sample(self, view: PresidentView, rng: random.Random) -> World:
        w = self.spec.sample(view, rng)
        giver, lower, m = self.other
        hg, hl = w.hands[giver], w.hands[lower]
        cards = [r for r in range(COUNTS) for _ in range(hg[r] + hl[r])]
        rng.shuffle(cards)
        for r in range(COUNTS):
            hg[r] = hl[r] = 0
        for r in cards[: self.lower_size]:
            hl[r] += 1
        for r in cards[self.lower_size :]:
            hg[r] += 1
        up = [r for r in range(COUNTS - 1, -1, -1) for _ in range(hl[r])][:m]  # the lower seat's best cards go up
        for r in up:
            hl[r] -= 1
            hg[r] += 1
        for r in rule_give(hg, m):  # and the giver gives back by the rule
            hg[r] -= 1
            hl[r] += 1
        w.cnt[giver], w.cnt[lower] = sum(hg), sum(hl)
        w.turn = self.leader
        return w

    def clone(self, w: World) -> World:
        return w.copy()

    def apply(self, w: World, seat: int, give: tuple[int, ...]) -> None:
        """Our give: the ranks move to the partner; the Beggar leads."""
        for r in give:
            w.hands[seat][r] -= 1
            w.hands[self.partner][r] += 1
        w.cnt[seat] -= len(give)
        w.cnt[self.partner] += len(give)
        w.turn = self.leader

    def rollout(self, w: World, seat: int, rng: random.Random) -> float:
        return self.spec.rollout(w, seat, rng)


def search_give(spec: PresidentSpec, view: PresidentView, legal: list[PresidentAction], rng: random.Random, *,
                budget_s: float | None, max_worlds: int, min_worlds: int) -> PresidentAction:
    """The give-back chosen by search among :func:`give_candidates` (``spec``: the Expert's PresidentSpec built on
    this view); the legal Give with those ranks."""
    first = legal[0]
    assert type(first) is Give, "a give-back is searched in the exchange"
    cands = give_candidates(spec.info.h, len(first.cards))
    choice = cands[0]
    if len(cands) > 1:
        choice = search_choose(GiveSpec(spec, view), view, legal, rng, seat=spec.me, budget_s=budget_s,
                               max_worlds=max_worlds, min_worlds=min_worlds, candidates=cands, prefer=cands[0])
    for a in legal:
        if type(a) is Give and tuple(sorted(rank_of(c) for c in a.cards)) == choice:
            return a
    raise ValueError(f"no legal give of the ranks {choice}")
