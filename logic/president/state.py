"""President match state: the state class, new match and dealing, and clone/snapshot/restore."""

from __future__ import annotations

import random
from typing import Any

from logic.cards import derive_rng
from logic.game import PHASE_HAND_OVER, PHASE_OVER, PHASE_PLAY

from .actions import JOKERS, THREE_OF_CLUBS, PresidentConfig, codes_to_mask, mask_codes

PHASE_EXCHANGE = "exchange"

# --- state ----------------------------------------------------------------------------------------------


class PresidentState:
    """Full state of a match (secrets included). Plain data only."""

    __slots__ = (
        "n",
        "hands_total",
        "revolution",
        "seed",
        "hand_no",
        "phase",
        "hands",
        "turn",
        "trick",
        "top_rank",
        "top_count",
        "last_seat",
        "passed",
        "out_mask",
        "finished",
        "rev",
        "prev_finish",
        "scores",
        "hand_points",
        "history",
        "confirmed",
        "ex_pending",
        "ex_give",
        "ex_partner",
        "ex_recv",
        "ex_gave",
        "last_event",
        "passing",
        "house",
        "jback",
        "lock",
        "bottom",
    )

    def __init__(self) -> None:
        self.n = 4
        self.hands_total = 4
        self.revolution = False
        self.seed = 0
        self.hand_no = 1
        self.phase = PHASE_PLAY
        self.hands: list[int] = []
        self.turn = -1  # seat to play (play phase), else -1
        self.trick: list[tuple[int, int]] = []  # plays of the current trick: (seat, mask)
        self.top_rank = -1
        self.top_count = 0  # 0 = the trick is empty and ``turn`` leads
        self.last_seat = -1  # who made the top play
        self.passed = 0  # seats (bits) that passed since the top play
        self.out_mask = 0
        self.finished: list[int] = []  # seats in the order they went out this hand
        self.rev = False  # the order in effect is reversed (a revolution, or jack-back while ``jback``)
        self.prev_finish: list[int] = []  # finishing order of the previous hand (titles)
        self.scores: list[int] = []
        self.hand_points: list[list[int]] = []  # points per seat for each finished hand
        self.history: list[tuple[int, int]] = []  # (seat, mask) this hand; mask 0 = pass
        self.confirmed = 0  # hand-over: seats (bits) that confirmed
        self.ex_pending = 0  # exchange: givers (bits) still to give
        self.ex_give: list[int] = []  # per seat: cards to give back (2 President, 1 VP, else 0)
        self.ex_partner: list[int] = []  # per seat: exchange partner or -1
        self.ex_recv: list[int] = []  # per seat: mask received in the exchange (-1 = not yet)
        self.ex_gave: list[int] = []  # per seat: mask given in the exchange (-1 = not yet)
        # public record of the last thing that happened: (seat, kind, mask, extra)
        self.last_event: tuple[Any, ...] | None = None
        self.passing = 0  # seats (bits) that pass for the rest of this trick ("Pass for this trick"); public
        # house rules (issue 52): the switches on (actions.HOUSE_BITS; 0 = today's game, which never reads the rest)
        self.house = 0
        self.jback = False  # jack-back has flipped ``rev`` (the order in effect) until the trick ends
        self.lock = 0  # suit lock: the suits (nibble) every play of this trick must have, 0 = none
        self.bottom: list[int] = []  # seats placed from the bottom this hand (fouls, downfall), lowest first


# --- new match / deal ---------------------------------------------------------------------------------


def new_state(config: PresidentConfig, seed: int) -> PresidentState:
    s = PresidentState()
    s.n = config.players
    s.hands_total = config.hands
    s.revolution = bool(config.revolution)
    s.house = config.house
    s.seed = seed
    s.scores = [0] * s.n
    deal_hand(s, 1)
    return s


def deal_hand(s: PresidentState, hand_no: int) -> None:
    n = s.n
    rng = derive_rng(s.seed, "president-deal", hand_no)
    jokers = bool(s.house & JOKERS)
    deck = list(range(54 if jokers else 52))
    rng.shuffle(deck)
    counts = (joker_counts if jokers else plain_counts)(s, hand_no, rng)
    hands = []
    pos = 0
    for seat in range(n):
        mask = 0
        for c in deck[pos : pos + counts[seat]]:
            mask |= 1 << c
        pos += counts[seat]
        hands.append(mask)
    start_hand(s, hand_no, hands)


def plain_counts(s: PresidentState, hand_no: int, rng: random.Random) -> list[int]:
    """Hand sizes of a 52-card deal: 13 each for four; for five, two hands of 11 (the first two seats dealt in
    hand 1, then the President and Vice President) and three of 10."""
    n = s.n
    if n == 4:
        counts = [13] * 4
    else:
        counts = [10] * 5
        if hand_no == 1:
            # the deal starts at a random seat; the first two seats dealt to get the two extra cards
            start = rng.randrange(5)
            big = (start, (start + 1) % 5)
        else:
            big = (s.prev_finish[0], s.prev_finish[1])  # President and Vice President
        for seat in big:
            counts[seat] = 11
    return counts


def joker_counts(s: PresidentState, hand_no: int, rng: random.Random) -> list[int]:
    """Hand sizes of a 54-card deal (house rule jokers, HOUSE_RULES.md): four players 14, 14, 13, 13 (the first two
    seats dealt in hand 1, then the President and Vice President get 14); five players 11 each but one 10 (the
    last seat dealt in hand 1, then the Beggar). Hand 1's deal starts at a seat drawn from the seed."""
    n = s.n
    if hand_no == 1:
        start = rng.randrange(n)
        dealt = [(start + i) % n for i in range(n)]
    else:
        dealt = list(s.prev_finish)  # President first ... Beggar last
    if n == 4:
        counts = [13] * 4
        for seat in dealt[:2]:
            counts[seat] = 14
    else:
        counts = [11] * 5
        counts[dealt[-1]] = 10
    return counts


def start_hand(s: PresidentState, hand_no: int, hands: list[int]) -> None:
    """Everything a new hand starts with once the cards are dealt: the lead in hand 1, else the exchange."""
    n = s.n
    s.hand_no = hand_no
    s.hands = hands
    s.trick = []
    s.top_rank = -1
    s.top_count = 0
    s.last_seat = -1
    s.passed = 0
    s.out_mask = 0
    s.finished = []
    s.rev = False
    s.history = []
    s.confirmed = 0
    s.passing = 0
    s.jback = False
    s.lock = 0
    s.bottom = []
    s.ex_pending = 0
    s.ex_give = [0] * n
    s.ex_partner = [-1] * n
    s.ex_recv = [-1] * n
    s.ex_gave = [-1] * n
    if hand_no == 1:
        s.phase = PHASE_PLAY
        s.turn = next(i for i in range(n) if hands[i] >> THREE_OF_CLUBS & 1)
        s.last_event = ("deal", -1, s.turn)
        return
    prev = s.prev_finish
    pres, vp, vb, beggar = prev[0], prev[1], prev[-2], prev[-1]
    # the best cards (normal order) go up automatically
    taken_b = _top_cards(hands[beggar], 2)
    taken_vb = _top_cards(hands[vb], 1)
    hands[beggar] &= ~taken_b
    hands[pres] |= taken_b
    hands[vb] &= ~taken_vb
    hands[vp] |= taken_vb
    s.ex_give[pres] = 2
    s.ex_give[vp] = 1
    s.ex_partner[pres], s.ex_partner[beggar] = beggar, pres
    s.ex_partner[vp], s.ex_partner[vb] = vb, vp
    s.ex_recv[pres] = taken_b
    s.ex_gave[beggar] = taken_b
    s.ex_recv[vp] = taken_vb
    s.ex_gave[vb] = taken_vb
    s.ex_pending = (1 << pres) | (1 << vp)
    s.phase = PHASE_EXCHANGE
    s.turn = -1
    s.last_event = ("exchange", -1, 0)


def _top_cards(mask: int, k: int) -> int:
    """The ``k`` best cards in the normal order: jokers (cards 52, 53) first, then 2s, Aces ..."""
    out = 0
    for c in range(53, -1, -1):
        if mask >> c & 1:
            out |= 1 << c
            k -= 1
            if not k:
                break
    return out


# --- copy / persistence ---------------------------------------------------------------------------------


def clone(s: PresidentState) -> PresidentState:
    c = PresidentState.__new__(PresidentState)
    c.n = s.n
    c.hands_total = s.hands_total
    c.revolution = s.revolution
    c.seed = s.seed
    c.hand_no = s.hand_no
    c.phase = s.phase
    c.hands = list(s.hands)
    c.turn = s.turn
    c.trick = list(s.trick)
    c.top_rank = s.top_rank
    c.top_count = s.top_count
    c.last_seat = s.last_seat
    c.passed = s.passed
    c.out_mask = s.out_mask
    c.finished = list(s.finished)
    c.rev = s.rev
    c.prev_finish = list(s.prev_finish)
    c.scores = list(s.scores)
    c.hand_points = [list(p) for p in s.hand_points]
    c.history = list(s.history)
    c.confirmed = s.confirmed
    c.ex_pending = s.ex_pending
    c.ex_give = list(s.ex_give)
    c.ex_partner = list(s.ex_partner)
    c.ex_recv = list(s.ex_recv)
    c.ex_gave = list(s.ex_gave)
    c.last_event = s.last_event
    c.passing = s.passing
    c.house = s.house
    c.jback = s.jback
    c.lock = s.lock
    c.bottom = list(s.bottom)
    return c


def snapshot(s: PresidentState) -> dict[str, Any]:
    d: dict[str, Any] = {
        "schema": 1,
        "n": s.n,
        "hands_total": s.hands_total,
        "revolution": s.revolution,
        "seed": s.seed,
        "hand_no": s.hand_no,
        "phase": s.phase,
        "hands": [mask_codes(h) for h in s.hands],
        "turn": s.turn,
        "trick": [[seat, mask_codes(m)] for seat, m in s.trick],
        "top_rank": s.top_rank,
        "top_count": s.top_count,
        "last_seat": s.last_seat,
        "passed": s.passed,
        "out_mask": s.out_mask,
        "finished": list(s.finished),
        "rev": s.rev,
        "prev_finish": list(s.prev_finish),
        "scores": list(s.scores),
        "hand_points": [list(p) for p in s.hand_points],
        "history": [[seat, mask_codes(m)] for seat, m in s.history],
        "confirmed": s.confirmed,
        "ex_pending": s.ex_pending,
        "ex_give": list(s.ex_give),
        "ex_partner": list(s.ex_partner),
        "ex_recv": list(s.ex_recv),
        "ex_gave": list(s.ex_gave),
        "last_event": list(s.last_event) if s.last_event is not None else None,
        "passing": s.passing,
    }
    if s.house:  # house-rule keys only when a switch is on: today's snapshots stay as they were
        d.update({"house": s.house, "jback": s.jback, "lock": s.lock, "bottom": list(s.bottom)})
    return d


_PHASES = {p: p for p in (PHASE_PLAY, PHASE_EXCHANGE, PHASE_HAND_OVER, PHASE_OVER)}


def restore(d: dict[str, Any]) -> PresidentState:
    s = PresidentState.__new__(PresidentState)
    try:
        s.n = int(d["n"])
        s.hands_total = int(d["hands_total"])
        s.revolution = bool(d["revolution"])
        s.seed = d["seed"]
        s.hand_no = int(d["hand_no"])
        s.phase = _PHASES[d["phase"]]
        s.hands = [codes_to_mask(h) for h in d["hands"]]
        s.turn = int(d["turn"])
        s.trick = [(int(seat), codes_to_mask(cards)) for seat, cards in d["trick"]]
        s.top_rank = int(d["top_rank"])
        s.top_count = int(d["top_count"])
        s.last_seat = int(d["last_seat"])
        s.passed = int(d["passed"])
        s.out_mask = int(d["out_mask"])
        s.finished = [int(x) for x in d["finished"]]
        s.rev = bool(d["rev"])
        s.prev_finish = [int(x) for x in d["prev_finish"]]
        s.scores = [int(x) for x in d["scores"]]
        s.hand_points = [[int(x) for x in p] for p in d["hand_points"]]
        s.history = [(int(seat), codes_to_mask(cards)) for seat, cards in d["history"]]
        s.confirmed = int(d["confirmed"])
        s.ex_pending = int(d["ex_pending"])
        s.ex_give = [int(x) for x in d["ex_give"]]
        s.ex_partner = [int(x) for x in d["ex_partner"]]
        s.ex_recv = [int(x) for x in d["ex_recv"]]
        s.ex_gave = [int(x) for x in d["ex_gave"]]
        ev = d.get("last_event")
        s.last_event = tuple(ev) if ev is not None else None
        s.passing = int(d.get("passing", 0))  # snapshots from before "Pass for this trick": nobody passes
        s.house = int(d.get("house", 0))  # snapshots without house rules: all off
        s.jback = bool(d.get("jback", False))
        s.lock = int(d.get("lock", 0))
        s.bottom = [int(x) for x in d.get("bottom", ())]
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"Not a President snapshot: {exc}") from None
    return s
