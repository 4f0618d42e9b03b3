"""Leading a run (house rule ``runs``): the searching levels' rule for when a run is the lead to make.

A run sheds three or more cards at once, and only a longer-topped run of the same length answers it (under suit
lock, of the same suit too), so it usually comes back as the lead. The search's model of the game counts ranks, not
suits, and cannot see runs, so this rule decides before it: leading, play the longest run made only of cards that
are alone in their rank (no pair or triple is broken), without a joker (kept as the best single) and without an Ace
or a 2 in the order in effect (kept to win a lead back) or an 8 when 8-cut is on (a free lead of its own); of
equal length, the one with the lower top. Where a run of four revolts (``run_revolution``) only runs of three are
led this way. With the knob on (below) Normal and Expert play it; Beginner plays its lowest cards as ever.

The knob is off (``NormalBot(run_lead=True)``, ``ExpertBot(run_lead=True)``, the arena's
``president:normal@run_lead=1``): the searching levels answer a run with the lowest run that beats it but lead sets
only, as they always have, because turning the rule on did not change Normal's results. Two seats with it v two
without, seats rotated, tuning seeds, 2026-12-06, load 4-5: with runs alone on, +0.072 ± 0.095 a match (N=400, seeds
165000-165399); under the Daifugō card, +0.013 ± 0.062 (N=400, 166000-166399). The levels' figures under the cards
were measured without it (docs/performance.md).
"""

from __future__ import annotations

from .actions import EIGHT, Play, PresidentAction
from .bot_info import rank_counts, rank_of, rank_strength
from .view_types import PresidentView

KEPT_STRENGTH = 11  # cards this strong in the order in effect (Aces and 2s) stay out of a run lead


def is_run(cards: tuple[str, ...]) -> bool:
    """A run (house rule): its ordinary cards are of more than one rank (jokers come last in a play)."""
    natural = [c for c in cards if not c.startswith("JK")]
    return bool(natural) and natural[0][:-1] != natural[-1][:-1]


def run_lead(view: PresidentView, legal: list[PresidentAction]) -> Play | None:
    """The run to lead (see the module docstring), or None: not leading, runs off, or no such run in hand."""
    house = view.get("house") or ()
    if "runs" not in house or view.get("top") is not None:
        return None
    rev = view.get("order") == "reversed"
    h = rank_counts(view["hand"])
    best: Play | None = None
    best_key: tuple[int, int] | None = None
    for a in legal:
        if type(a) is not Play or not is_run(a.cards) or any(c.startswith("JK") for c in a.cards):
            continue
        ranks = [rank_of(c) for c in a.cards]
        if any(h[r] > 1 or rank_strength(r, rev) >= KEPT_STRENGTH for r in ranks):
            continue
        if "eight_cut" in house and EIGHT in ranks:
            continue
        if "run_revolution" in house and len(ranks) > 3:
            continue  # a run of four turns the order over: a choice of its own, not this rule's
        key = (-len(ranks), max(rank_strength(r, rev) for r in ranks))
        if best_key is None or key < best_key:
            best, best_key = a, key
    return best
