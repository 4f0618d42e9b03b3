"""What a President bot knows: its seat's view read as rank counts.

Internally the bots work on rank counts: ``h[r]`` for rank index r (0 = 3 ... 11 = A, 12 = 2).
"""

from __future__ import annotations

from .actions import EIGHT, EIGHT_CUT, FOUR_BURN, HOUSE_BITS, NO_TOP_FINISH, RANK_LABELS, TWOS_CLEAR
from .view_types import PresidentExchange, PresidentView

_LABEL_RANK = {label: i for i, label in enumerate(RANK_LABELS)}


def _rank_of(code: str) -> int:
    return _LABEL_RANK[code[:-1]]


def _counts(codes) -> list[int]:
    h = [0] * 13
    for c in codes:
        h[_LABEL_RANK[c[:-1]]] += 1
    return h


def _strength(r: int, rev: bool) -> int:
    return 12 - r if rev else r


class _Info:
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
        self.h = _counts(self.hand)
        self.played = _counts(view.get("played", ()))
        self.unseen = [4 - self.h[r] - self.played[r] for r in range(13)]
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
        self.house = 0  # house-rule switches on (actions.HOUSE_BITS), read from the view
        for name in view.get("house", ()):
            self.house |= HOUSE_BITS.get(name, 0)
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
        played_by_partner = [0] * 13
        for entry in view.get("history", ()):
            if entry["seat"] == partner:
                for c in entry["cards"]:
                    played_by_partner[_rank_of(c)] += 1
        if ex["give_count"]:  # we are President / VP: we know what we gave back
            sent = ex["given"] or []
            taken = ex["received"]
            if taken:  # the partner's best cards were these: the rest of their deal ranks no higher
                self.cap[partner] = min(_rank_of(c) for c in taken)
        else:  # Beggar / Vice Beggar: our best cards sit with the partner unless handed back
            returned = set(ex["received"])
            sent = [c for c in ex["given"] or [] if c not in returned]
        known = _counts(sent)
        for r in range(13):
            known[r] = max(0, min(known[r] - played_by_partner[r], self.unseen[r]))
        if any(known):
            self.known[partner] = known


def wins_trick(house: int, r: int, c: int, rev: bool) -> bool:
    """A play that ends the trick by a house rule (8-cut, 2s clear, four-burn by four of a kind): its player leads
    next, as if nobody could beat it."""
    return bool(
        (house & EIGHT_CUT and r == EIGHT) or (house & TWOS_CLEAR and r == (0 if rev else 12))
        or (house & FOUR_BURN and c == 4)
    )


def fouls(house: int, r: int, rev: bool) -> bool:
    """Going out on ``r`` would be a foul (no finishing on a top card)."""
    return bool(house & NO_TOP_FINISH and (r == (0 if rev else 12) or (house & EIGHT_CUT and r == EIGHT)))
