"""What a President bot knows: its seat's view read as rank counts.

Internally the bots work on rank counts: ``h[r]`` for rank index r (0 = 3 ... 11 = A, 12 = 2).
"""

from __future__ import annotations

from collections.abc import Iterable

from .actions import (
    EIGHT,
    EIGHT_CUT,
    FOUR_BURN,
    HOUSE_BITS,
    JOKER_LABEL,
    JOKER_RANK,
    JOKERS,
    NO_TOP_FINISH,
    RANK_LABELS,
    TWOS_CLEAR,
)
from .view_types import PresidentExchange, PresidentView

_LABEL_RANK = {label: i for i, label in enumerate(RANK_LABELS)} | {JOKER_LABEL: JOKER_RANK}
COUNTS = JOKER_RANK + 1  # rank counts have a 14th entry: the jokers (house rule; 0 without them)


def rank_of(code: str) -> int:
    """Rank index of a card code: 0 = 3 ... 12 = 2, 13 = a joker ("JK1"/"JK2")."""
    return _LABEL_RANK[code[:-1]]


def rank_counts(codes: Iterable[str]) -> list[int]:
    h = [0] * COUNTS
    for c in codes:
        h[_LABEL_RANK[c[:-1]]] += 1
    return h


def rank_strength(r: int, rev: bool) -> int:
    """How strong a rank is in the order in effect; a joker above everything in either order."""
    if r == JOKER_RANK:
        return JOKER_RANK
    return 12 - r if rev else r


def play_key(cards: tuple[str, ...] | list[str]) -> tuple[int, int]:
    """(rank, count) of a set, jokers standing for its rank; rank ``JOKER_RANK`` for jokers only."""
    natural = [c for c in cards if not c.startswith(JOKER_LABEL)]
    return (rank_of(natural[0]) if natural else JOKER_RANK), len(cards)


class BotInfo:
    """What a bot reads from a view, as counts."""

    __slots__ = (
        "me",
        "n",
        "hand",
        "h",
        "played",
        "unseen",
        "rev",
        "revolution",
        "k",
        "t",
        "last",
        "passed",
        "out_mask",
        "nfinished",
        "cnt",
        "known",
        "cap",
        "house",
        "jb",
        "nbottom",
    )

    def __init__(self, view: PresidentView) -> None:
        self.me = view["seat"]
        self.n = view["players"]
        self.hand = view["hand"]
        self.h = rank_counts(self.hand)
        self.played = rank_counts(view.get("played", ()))
        self.house = 0  # house-rule switches on (actions.HOUSE_BITS), read from the view
        for name in view.get("house", ()):
            self.house |= HOUSE_BITS.get(name, 0)
        self.unseen = [4 - self.h[r] - self.played[r] for r in range(13)]
        self.unseen.append((2 if self.house & JOKERS else 0) - self.h[JOKER_RANK] - self.played[JOKER_RANK])
        self.rev = view.get("order") == "reversed"
        self.revolution = bool(view.get("revolution"))
        top = view.get("top")
        if top:
            self.k = top["count"]
            self.t = _LABEL_RANK[top["rank"]]
            self.last = top["seat"]
        else:
            self.k = 0
            self.t = -1
            self.last = -1
        self.passed = 0
        for p in view.get("passed", ()):
            self.passed |= 1 << p
        self.out_mask = 0
        finished = view.get("finished", ())
        for p in finished:
            self.out_mask |= 1 << p
        self.jb = bool(view.get("jack_back"))
        # seats placed from the bottom (fouls, downfall) are out but did not finish from the top
        self.nbottom = sum(1 for st in view["seats"] if {"foul", "downfall"} & set(st.get("status", ())))
        self.nfinished = len(finished) - self.nbottom
        self.cnt = [s["cards"] for s in view["seats"]]
        self.known: dict[int, list[int]] = {}
        self.cap: dict[int, int] = {}
        ex = view.get("exchange")
        if ex and self.me is not None:
            self._exchange_knowledge(view, ex)

    def _exchange_knowledge(self, view: PresidentView, ex: PresidentExchange) -> None:
        """Cards we know the exchange partner holds (lower bounds), and the Beggar's rank cap."""
        partner = ex["partner"]
        played_by_partner = [0] * COUNTS
        for entry in view.get("history", ()):
            if entry["seat"] == partner:
                for c in entry["cards"]:
                    played_by_partner[rank_of(c)] += 1
        if ex["give_count"]:  # we are President / VP: we know what we gave back
            sent = ex["given"] or []
            taken = ex["received"]
            if taken:  # the partner's best cards were these: the rest of their deal ranks no higher
                self.cap[partner] = min(rank_of(c) for c in taken)
        else:  # Beggar / Vice Beggar: our best cards sit with the partner unless handed back
            returned = set(ex["received"])
            sent = [c for c in ex["given"] or [] if c not in returned]
        known = rank_counts(sent)
        for r in range(COUNTS):
            known[r] = max(0, min(known[r] - played_by_partner[r], self.unseen[r]))
        if any(known):
            self.known[partner] = known


def wins_trick(house: int, r: int, c: int, rev: bool) -> bool:
    """A play that ends the trick by a house rule (8-cut, 2s clear, four-burn by four of a kind): its player leads
    next, as if nobody could beat it."""
    return bool(
        (house & EIGHT_CUT and r == EIGHT) or (house & TWOS_CLEAR and (r == (0 if rev else 12) or r == JOKER_RANK))
        or (house & FOUR_BURN and c == 4)
    )


def fouls(house: int, r: int, rev: bool) -> bool:
    """Going out on ``r`` would be a foul (no finishing on a top card; ``JOKER_RANK``: a play of jokers)."""
    return bool(house & NO_TOP_FINISH and (r == (0 if rev else 12) or r == JOKER_RANK
                                           or (house & EIGHT_CUT and r == EIGHT)))
