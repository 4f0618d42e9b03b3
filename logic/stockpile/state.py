"""Stockpile state: the state class, new game and dealing, seat/team helpers and clone/snapshot/restore.

Piles and orders:

* ``draw``, every ``stocks[s]`` and every discard pile are lists whose *last* element is the top.
* A building pile is the list of cards played on it; its value is ``len(pile)`` (a pile climbs by
  one per card), so the number it needs next is ``len(pile) + 1``. At 12 it is cleared into
  ``set_aside``; those cards are shuffled back (rng derived from seed, deal and recycle count)
  when the draw pile runs out.
* ``undo`` holds the reversible steps of the current turn (newest last); anything that reveals
  or draws a card, clears a pile or ends the deal wipes it.
"""

from __future__ import annotations

from typing import Any

from logic.cards import derive_rng
from logic.stockpile.actions import BUILDS, DISCARD_PILES, HAND_SIZE, Config, full_deck

STAGE_PLAY = "play"
STAGE_PENDING = "pending"
STAGE_HAND_OVER = "hand-over"
STAGE_OVER = "over"


# --- state -------------------------------------------------------------------------------------


class State:
    __slots__ = (
        "players", "partners", "series", "stock_cards", "seed", "deal", "stage", "turn", "first",
        "draw", "set_aside", "recycles", "builds", "stocks", "hands", "discards", "undo", "scores",
        "deal_points", "deal_winner", "waiting", "passes", "quiet", "stuck_deals", "last",
        "no_wild_discards", "own_piles_only",
    )  # fmt: skip

    players: int
    partners: bool
    series: bool  # True = race to 500
    stock_cards: int
    seed: int
    deal: int
    stage: str
    turn: int
    first: int
    draw: list[int]
    set_aside: list[int]
    recycles: int
    builds: list[list[int]]
    stocks: list[list[int]]
    hands: list[list[int]]
    discards: list[list[list[int]]]
    undo: list[tuple[int, ...]]
    scores: list[int]
    deal_points: list[int]
    deal_winner: int  # winning seat of the last finished deal (team games: the seat that finished), -1 stuck
    waiting: list[bool]  # hand-over: seats still to confirm
    passes: int
    quiet: int
    stuck_deals: int
    last: tuple[Any, ...] | None
    no_wild_discards: bool  # house rule no_wild_on_own_discards
    own_piles_only: bool  # house rule no_partner_piles: play only from your own stock and discard piles


_LIST_FIELDS = ("draw", "set_aside")
_SCALARS = (
    "players", "partners", "series", "stock_cards", "seed", "deal", "stage", "turn", "first", "recycles",
    "deal_winner", "passes", "quiet", "stuck_deals",
)  # fmt: skip

_HOUSE = ("no_wild_discards", "own_piles_only")


def clone(s: State) -> State:
    c = State.__new__(State)
    c.players = s.players
    c.partners = s.partners
    c.series = s.series
    c.stock_cards = s.stock_cards
    c.seed = s.seed
    c.deal = s.deal
    c.stage = s.stage
    c.turn = s.turn
    c.first = s.first
    c.draw = s.draw[:]
    c.set_aside = s.set_aside[:]
    c.recycles = s.recycles
    c.builds = [b[:] for b in s.builds]
    c.stocks = [b[:] for b in s.stocks]
    c.hands = [b[:] for b in s.hands]
    c.discards = [[p[:] for p in d] for d in s.discards]
    c.undo = s.undo[:]
    c.scores = s.scores[:]
    c.deal_points = s.deal_points[:]
    c.deal_winner = s.deal_winner
    c.waiting = s.waiting[:]
    c.passes = s.passes
    c.quiet = s.quiet
    c.stuck_deals = s.stuck_deals
    c.last = s.last
    c.no_wild_discards = s.no_wild_discards
    c.own_piles_only = s.own_piles_only
    return c


def snapshot(s: State) -> dict[str, Any]:
    d: dict[str, Any] = {k: getattr(s, k) for k in _SCALARS}
    d["schema"] = 1
    d["draw"] = s.draw[:]
    d["set_aside"] = s.set_aside[:]
    d["builds"] = [b[:] for b in s.builds]
    d["stocks"] = [b[:] for b in s.stocks]
    d["hands"] = [b[:] for b in s.hands]
    d["discards"] = [[p[:] for p in dd] for dd in s.discards]
    d["undo"] = [list(u) for u in s.undo]
    d["scores"] = s.scores[:]
    d["deal_points"] = s.deal_points[:]
    d["waiting"] = s.waiting[:]
    d["last"] = list(s.last) if s.last is not None else None
    for key in _HOUSE:  # written only when on, so a standard game's snapshot is as it always was
        if getattr(s, key):
            d[key] = True
    return d


def restore(d: dict[str, Any]) -> State:
    s = State.__new__(State)
    for k in _SCALARS:
        setattr(s, k, d[k])
    s.draw = list(d["draw"])
    s.set_aside = list(d["set_aside"])
    s.builds = [list(b) for b in d["builds"]]
    s.stocks = [list(b) for b in d["stocks"]]
    s.hands = [list(b) for b in d["hands"]]
    s.discards = [[list(p) for p in dd] for dd in d["discards"]]
    s.undo = [tuple(u) for u in d["undo"]]
    s.scores = list(d["scores"])
    s.deal_points = list(d["deal_points"])
    s.waiting = [bool(w) for w in d["waiting"]]
    s.last = tuple(d["last"]) if d["last"] is not None else None
    for key in _HOUSE:
        setattr(s, key, bool(d.get(key, False)))
    return s


# --- helpers -----------------------------------------------------------------------------------


def partner_of(s: State, seat: int) -> int | None:
    return (seat + s.players // 2) % s.players if s.partners else None


def source_seats(s: State, seat: int) -> tuple[int, ...]:
    """Whose stock and discard piles ``seat`` may play from: its own, and its partner's unless the house rule
    keeps partners to their own piles."""
    if s.partners and not s.own_piles_only:
        return (seat, (seat + s.players // 2) % s.players)
    return (seat,)


def team_of(s: State, seat: int) -> int:
    """Team id (seat % half in partner games), else the seat itself."""
    return seat % (s.players // 2) if s.partners else seat


def team_seats(s: State, seat: int) -> tuple[int, ...]:
    if s.partners:
        return (seat, (seat + s.players // 2) % s.players)
    return (seat,)


def new_game(config: Config, seed: int) -> State:
    s = State.__new__(State)
    s.players = config.players
    s.partners = config.partners
    s.series = config.series == "500"
    s.stock_cards = config.stock_cards
    s.seed = seed
    s.deal = 0
    s.scores = [0] * config.players
    s.deal_points = [0] * config.players
    s.deal_winner = -1
    s.stuck_deals = 0
    s.no_wild_discards = config.no_wild_on_own_discards
    s.own_piles_only = config.no_partner_piles
    deal_hands(s)
    return s


def deal_hands(s: State) -> None:
    n = s.players
    s.deal += 1
    rng = derive_rng(s.seed, s.deal)
    deck = full_deck()
    rng.shuffle(deck)
    stocks: list[list[int]] = [[] for _ in range(n)]
    for _ in range(s.stock_cards):
        for seat in range(n):
            stocks[seat].append(deck.pop())
    s.stocks = stocks
    s.draw = deck
    s.set_aside = []
    s.recycles = 0
    s.builds = [[] for _ in range(BUILDS)]
    s.hands = [[] for _ in range(n)]
    s.discards = [[[] for _ in range(DISCARD_PILES)] for _ in range(n)]
    s.undo = []
    s.waiting = [False] * n
    s.passes = 0
    s.quiet = 0
    s.first = rng.randrange(n)
    s.turn = s.first
    s.stage = STAGE_PLAY
    s.last = ("deal", s.first)
    fill_hand(s, s.hands[s.turn], HAND_SIZE)


def fill_hand(s: State, hand: list[int], upto: int) -> int:
    """Draw into ``hand`` until it holds ``upto`` cards or nothing is left; returns cards drawn."""
    drawn = 0
    draw = s.draw
    while len(hand) < upto:
        if not draw:
            if not s.set_aside:
                break
            s.recycles += 1
            pile = s.set_aside
            s.set_aside = []
            derive_rng(s.seed, s.deal, "recycle", s.recycles).shuffle(pile)
            draw.extend(pile)
        hand.append(draw.pop())
        drawn += 1
    return drawn
