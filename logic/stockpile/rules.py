"""Stockpile rules: deck, config, actions, state and the engine (pure Python, plain data).

Cards are small ints inside the engine: 1..12 are numbers, ``WILD`` (0) is a wild. Codes shown to
players and written to views are "1".."12" and "W".

Piles and orders:

* ``draw``, every ``stocks[s]`` and every discard pile are lists whose *last* element is the top.
* A building pile is the list of cards played on it; its value is ``len(pile)`` (a pile climbs by
  one per card), so the number it needs next is ``len(pile) + 1``. At 12 it is cleared into
  ``set_aside``; those cards are shuffled back (rng derived from seed, deal and recycle count)
  when the draw pile runs out.
* ``undo`` holds the reversible steps of the current turn (newest last); anything that reveals
  or draws a card, clears a pile or ends the deal wipes it.

Choices beyond the printed rules (also explained in ``rules_text``):

* Hands start empty; each turn begins by topping the hand up to five.
* A stock card, once played, is final (it always turns a card up or empties the stock).
* ``Pass`` is allowed only with an empty hand, nothing left to draw (draw pile and set-aside both
  empty) and no legal play. When every seat passes in a row the deal is stuck: it ends with no
  winner and no points. A deal also ends with no winner when ``STALL_ROUNDS`` full rounds go by
  without any stock card being played, so every deal ends.
* A series stops after ``MAX_STUCK_DEALS`` stuck deals in a row (the leader wins) so it ends too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator, model_validator

from logic.cards import derive_rng
from logic.game import IllegalMove

WILD = 0
TOP = 12
HAND_SIZE = 5
BUILDS = 4
DISCARD_PILES = 4
NUMBERS_EACH = 12
WILDS = 18
DECK_SIZE = NUMBERS_EACH * TOP + WILDS  # 162
WIN_BASE = 25
PER_STOCK_CARD = 5
SERIES_TARGET = 500
STALL_ROUNDS = 40
MAX_STUCK_DEALS = 10

STAGE_PLAY = "play"
STAGE_PENDING = "pending"
STAGE_HAND_OVER = "hand-over"
STAGE_OVER = "over"

CODES = ("W",) + tuple(str(v) for v in range(1, TOP + 1))
_CODE_VALUE = {c: i for i, c in enumerate(CODES)}


def code(value: int) -> str:
    """Card code for an engine value: 0 -> "W", 7 -> "7"."""
    return CODES[value]


def value_of(card_code: str) -> int:
    try:
        return _CODE_VALUE[card_code.strip().upper()]
    except (KeyError, AttributeError):
        raise ValueError(f"Not a Stockpile card: {card_code!r}") from None


def full_deck() -> list[int]:
    """The 162 cards in a fixed order: twelve of each number 1..12, then the 18 wilds."""
    return [v for v in range(1, TOP + 1) for _ in range(NUMBERS_EACH)] + [WILD] * WILDS


# --- config ------------------------------------------------------------------------------------


class Config(BaseModel):
    """Table options. ``stock_size``: "short" (10 each) or "standard" (30 each, 20 with 5-6 players);
    ``series``: "500" (carry points to 500) or "single" (one deal); ``partners``: 4 or 6 players only."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = 2
    stock_size: Literal["short", "standard"] = "standard"
    series: Literal["500", "single"] = "single"
    partners: bool = False

    @field_validator("players", mode="before")
    @classmethod
    def _players(cls, v: Any) -> Any:
        if isinstance(v, bool) or not isinstance(v, int | str):
            raise ValueError("Stockpile needs a whole number of players from 2 to 6")
        try:
            n = int(v)
        except ValueError:
            raise ValueError("Stockpile needs a whole number of players from 2 to 6") from None
        if not 2 <= n <= 6:
            raise ValueError(f"Stockpile is for 2 to 6 players, not {n}")
        return n

    @field_validator("series", mode="before")
    @classmethod
    def _series(cls, v: Any) -> Any:
        if isinstance(v, int) and not isinstance(v, bool):
            v = str(v)
        if v not in ("500", "single"):
            raise ValueError('Series must be "500" (race to 500) or "single" (just this deal)')
        return v

    @field_validator("stock_size", mode="before")
    @classmethod
    def _stock(cls, v: Any) -> Any:
        if v not in ("short", "standard"):
            raise ValueError('Stock size must be "short" (10 cards) or "standard"')
        return v

    @model_validator(mode="after")
    def _partners(self) -> Config:
        if self.partners and self.players not in (4, 6):
            raise ValueError("Partners need 4 or 6 players")
        return self

    @property
    def stock_cards(self) -> int:
        if self.stock_size == "short":
            return 10
        return 30 if self.players <= 4 else 20


# --- actions -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card onto building pile ``build`` (0-3). ``source``: "hand:I" (hand index),
    "stock:S" (seat S's stock) or "discard:S:N" (seat S's discard pile N)."""

    source: str
    build: int
    kind: Literal["play"] = "play"


@dataclass(frozen=True, slots=True)
class Discard:
    """End the turn: put hand card ``hand_index`` on your discard pile ``pile`` (0-3)."""

    hand_index: int
    pile: int
    kind: Literal["discard"] = "discard"


@dataclass(frozen=True, slots=True)
class Undo:
    kind: Literal["undo"] = "undo"


@dataclass(frozen=True, slots=True)
class Commit:
    """Finish the turn after a discard (the table sends it after the 3-second pause)."""

    kind: Literal["commit"] = "commit"


@dataclass(frozen=True, slots=True)
class Pass:
    kind: Literal["pass"] = "pass"


@dataclass(frozen=True, slots=True)
class NextHand:
    kind: Literal["next"] = "next"


Action = Play | Discard | Undo | Commit | Pass | NextHand
action_adapter: TypeAdapter = TypeAdapter(Annotated[Action, Field(discriminator="kind")])

# Shared immutable action objects (legal_actions builds lists from these: no allocation per call).
SRC_HAND, SRC_STOCK, SRC_DISCARD = 0, 1, 2
MAX_SEATS = 6
UNDO = Undo()
COMMIT = Commit()
PASS = Pass()
NEXT = NextHand()
PLAY_HAND = [[Play(f"hand:{i}", b) for b in range(BUILDS)] for i in range(HAND_SIZE)]
PLAY_STOCK = [[Play(f"stock:{s}", b) for b in range(BUILDS)] for s in range(MAX_SEATS)]
PLAY_DISCARD = [
    [[Play(f"discard:{s}:{p}", b) for b in range(BUILDS)] for p in range(DISCARD_PILES)] for s in range(MAX_SEATS)
]
DISCARD = [[Discard(i, p) for p in range(DISCARD_PILES)] for i in range(HAND_SIZE)]
DISCARDS_FOR = [[a for row in DISCARD[:k] for a in row] for k in range(HAND_SIZE + 1)]
_SOURCES: dict[str, tuple[int, int, int]] = {}
for _i in range(HAND_SIZE):
    _SOURCES[f"hand:{_i}"] = (SRC_HAND, -1, _i)
for _s in range(MAX_SEATS):
    _SOURCES[f"stock:{_s}"] = (SRC_STOCK, _s, 0)
    for _p in range(DISCARD_PILES):
        _SOURCES[f"discard:{_s}:{_p}"] = (SRC_DISCARD, _s, _p)


def _by_mask(row: list[Play]) -> list[tuple[Play, ...]]:
    """For a bit mask of building piles (1..15), the plays of ``row`` onto those piles in pile order."""
    return [tuple(row[b] for b in range(BUILDS) if m >> b & 1) for m in range(16)]


_M_HAND = [_by_mask(r) for r in PLAY_HAND]
_M_STOCK = [_by_mask(r) for r in PLAY_STOCK]
_M_DISCARD = [[_by_mask(r) for r in rows] for rows in PLAY_DISCARD]


def parse_source(source: Any) -> tuple[int, int, int]:
    """(kind, seat, index) for a source string; seat is -1 for the hand. Raises IllegalMove."""
    try:
        return _SOURCES[source]
    except (KeyError, TypeError):
        pass
    parts = source.split(":") if isinstance(source, str) else []
    if parts and parts[0] == "hand" and len(parts) == 2 and parts[1].isdigit():
        raise IllegalMove("You have no card in that hand slot.")
    if parts and parts[0] in ("stock", "discard"):
        raise IllegalMove("There is no such seat or pile at this table.")
    raise IllegalMove(f"Play from your hand, a stock or a discard pile (not {source!r}).")


# --- state -------------------------------------------------------------------------------------


class State:
    __slots__ = (
        "players", "partners", "series", "stock_cards", "seed", "deal", "stage", "turn", "first",
        "draw", "set_aside", "recycles", "builds", "stocks", "hands", "discards", "undo", "scores",
        "deal_points", "deal_winner", "waiting", "passes", "quiet", "stuck_deals", "last",
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


_LIST_FIELDS = ("draw", "set_aside")
_SCALARS = (
    "players", "partners", "series", "stock_cards", "seed", "deal", "stage", "turn", "first", "recycles",
    "deal_winner", "passes", "quiet", "stuck_deals",
)  # fmt: skip


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
    return s


# --- helpers -----------------------------------------------------------------------------------


def partner_of(s: State, seat: int) -> int | None:
    return (seat + s.players // 2) % s.players if s.partners else None


def team_of(s: State, seat: int) -> int:
    """Team id (seat % half in partner games), else the seat itself."""
    return seat % (s.players // 2) if s.partners else seat


def team_seats(s: State, seat: int) -> tuple[int, ...]:
    if s.partners:
        return (seat, (seat + s.players // 2) % s.players)
    return (seat,)


def to_move(s: State) -> tuple[int, ...]:
    st = s.stage
    if st == STAGE_PLAY or st == STAGE_PENDING:
        return (s.turn,)
    if st == STAGE_HAND_OVER:
        return tuple(i for i, w in enumerate(s.waiting) if w)
    return ()


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
    _deal(s)
    return s


def _deal(s: State) -> None:
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
    _fill(s, s.hands[s.turn], HAND_SIZE)


def _fill(s: State, hand: list[int], upto: int) -> int:
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


def _has_play(s: State, seat: int) -> bool:
    needs = {len(b) + 1 for b in s.builds}
    owners = team_seats(s, seat)
    for o in owners:
        st = s.stocks[o]
        if st and (st[-1] == WILD or st[-1] in needs):
            return True
        for p in s.discards[o]:
            if p and (p[-1] == WILD or p[-1] in needs):
                return True
    for c in s.hands[seat]:
        if c == WILD or c in needs:
            return True
    return False


def can_pass(s: State, seat: int) -> bool:
    return (
        s.stage == STAGE_PLAY
        and seat == s.turn
        and not s.hands[seat]
        and not s.draw
        and not s.set_aside
        and not _has_play(s, seat)
    )


def legal_actions(s: State, seat: int) -> list[Any]:
    stage = s.stage
    if stage == STAGE_PLAY:
        if seat != s.turn:
            return []
        out: list[Any] = []
        b0, b1, b2, b3 = s.builds
        masks = [0] * 13
        masks[0] = 15
        masks[len(b0) + 1] |= 1
        masks[len(b1) + 1] |= 2
        masks[len(b2) + 1] |= 4
        masks[len(b3) + 1] |= 8
        owners = (seat, (seat + s.players // 2) % s.players) if s.partners else (seat,)
        for o in owners:
            st = s.stocks[o]
            if st:
                m = masks[st[-1]]
                if m:
                    out.extend(_M_STOCK[o][m])
        for o in owners:
            rows = _M_DISCARD[o]
            for p, pile in enumerate(s.discards[o]):
                if pile:
                    m = masks[pile[-1]]
                    if m:
                        out.extend(rows[p][m])
        hand = s.hands[seat]
        for i, c in enumerate(hand):
            m = masks[c]
            if m:
                out.extend(_M_HAND[i][m])
        if hand:
            out.extend(DISCARDS_FOR[len(hand)])
        elif not out and not s.draw and not s.set_aside:
            if s.undo:
                out.append(UNDO)
            out.append(PASS)
            return out
        if s.undo:
            out.append(UNDO)
        return out
    if stage == STAGE_PENDING:
        return [UNDO, COMMIT] if seat == s.turn else []
    if stage == STAGE_HAND_OVER:
        return [NEXT] if s.waiting[seat] else []
    return []


def _check_seat(s: State, seat: Any) -> None:
    if not isinstance(seat, int) or not 0 <= seat < s.players:
        raise IllegalMove("There is no such seat at this table.")


def apply(s: State, seat: int, action: Any) -> None:
    t = type(action)
    stage = s.stage
    if t is Play:
        if stage != STAGE_PLAY or seat != s.turn:
            _not_now(s, seat, "play a card")
        _play(s, seat, action)
    elif t is Discard:
        if stage != STAGE_PLAY or seat != s.turn:
            _not_now(s, seat, "discard")
        _discard(s, seat, action)
    elif t is Commit:
        if stage != STAGE_PENDING or seat != s.turn:
            if stage == STAGE_PLAY and seat == s.turn:
                raise IllegalMove("Discard a card to end your turn first.")
            _not_now(s, seat, "finish a turn")
        s.undo.clear()
        _end_turn(s)
    elif t is Undo:
        _undo(s, seat)
    elif t is Pass:
        if stage != STAGE_PLAY or seat != s.turn:
            _not_now(s, seat, "pass")
        if not can_pass(s, seat):
            if s.hands[seat]:
                raise IllegalMove("You can't pass while you hold cards: discard one to end your turn.")
            if s.draw or s.set_aside:
                raise IllegalMove("You can't pass while cards are left to draw.")
            raise IllegalMove("You can't pass while you still have a card to play.")
        s.passes += 1
        s.last = ("pass", seat)
        if s.passes >= s.players:
            _end_deal(s, -1)
            return
        _end_turn(s, passed=True)
    elif t is NextHand:
        _check_seat(s, seat)
        if stage != STAGE_HAND_OVER:
            raise IllegalMove("There is no finished deal to move on from.")
        if not s.waiting[seat]:
            raise IllegalMove("You are already waiting for the next deal.")
        s.waiting[seat] = False
        if not any(s.waiting):
            _deal(s)
    else:
        raise IllegalMove("That is not a Stockpile move.")


def _not_now(s: State, seat: Any, what: str) -> None:
    _check_seat(s, seat)
    if s.stage == STAGE_OVER:
        raise IllegalMove("The game is over.")
    if s.stage == STAGE_HAND_OVER:
        raise IllegalMove("The deal is over: press Next to continue.")
    if seat != s.turn:
        raise IllegalMove("It is not your turn.")
    if s.stage == STAGE_PENDING:
        raise IllegalMove("Your turn is ending: undo the discard first if you want to keep playing.")
    raise IllegalMove(f"You can't {what} now.")


def _play(s: State, seat: int, action: Play) -> None:
    kind, owner, idx = parse_source(action.source)
    build = action.build
    if type(build) is not int or not 0 <= build < BUILDS:
        raise IllegalMove("Choose one of the four building piles.")
    if kind == SRC_HAND:
        hand = s.hands[seat]
        if idx >= len(hand):
            raise IllegalMove("You have no card in that hand slot.")
        card = hand[idx]
        src = hand
    else:
        if owner >= s.players:
            raise IllegalMove("There is no such seat at this table.")
        if owner != seat and not (s.partners and owner == (seat + s.players // 2) % s.players):
            if kind == SRC_STOCK:
                raise IllegalMove(
                    "You can only play from your own stock" + (" or your partner's." if s.partners else ".")
                )
            raise IllegalMove(
                "You can only play from your own discard piles" + (" or your partner's." if s.partners else ".")
            )
        if kind == SRC_STOCK:
            src = s.stocks[owner]
            if not src:
                raise IllegalMove("That stock is empty.")
        else:
            src = s.discards[owner][idx]
            if not src:
                raise IllegalMove("That discard pile is empty.")
        card = src[-1]
    pile = s.builds[build]
    need = len(pile) + 1
    if card != WILD and card != need:
        raise IllegalMove(f"That pile needs a {need} (or a wild); a {card} doesn't fit.")
    # --- validated: mutate ---
    if kind == SRC_HAND:
        del src[idx]
    else:
        src.pop()
    pile.append(card)
    s.passes = 0
    final = kind == SRC_STOCK
    cleared = False
    if need == TOP:
        s.set_aside.extend(pile)
        pile.clear()
        final = True
        cleared = True
    s.last = ("play", seat, card, need, build, kind, owner, cleared)
    if kind == SRC_STOCK:
        s.quiet = 0
        if not src:
            won = True
            if s.partners:
                for o in team_seats(s, seat):
                    if s.stocks[o]:
                        won = False
            if won:
                s.undo.clear()
                _end_deal(s, seat)
                return
    hand = s.hands[seat]
    if not hand and (s.draw or s.set_aside):
        _fill(s, hand, HAND_SIZE)
        final = True
    if final:
        s.undo.clear()
    else:
        s.undo.append((0, kind, owner, idx, build))


def _discard(s: State, seat: int, action: Discard) -> None:
    i, p = action.hand_index, action.pile
    hand = s.hands[seat]
    if type(i) is not int or not 0 <= i < len(hand):
        raise IllegalMove("Pick a card from your hand to discard." if hand else "You have no card to discard.")
    if type(p) is not int or not 0 <= p < DISCARD_PILES:
        raise IllegalMove("Choose one of your four discard piles.")
    card = hand.pop(i)
    s.discards[seat][p].append(card)
    s.undo.append((1, i, p))
    s.stage = STAGE_PENDING
    s.last = ("discard", seat, card, p)


def _undo(s: State, seat: int) -> None:
    if s.stage not in (STAGE_PLAY, STAGE_PENDING) or seat != s.turn:
        _not_now(s, seat, "undo")
    if not s.undo:
        raise IllegalMove("Nothing to undo: a move that turned up or drew a card or cleared a pile is final.")
    rec = s.undo.pop()
    if rec[0] == 1:
        _, i, p = rec
        card = s.discards[seat][p].pop()
        s.hands[seat].insert(i, card)
        s.stage = STAGE_PLAY
    else:
        _, kind, owner, idx, build = rec
        card = s.builds[build].pop()
        if kind == SRC_HAND:
            s.hands[seat].insert(idx, card)
        else:
            s.discards[owner][idx].append(card)
    s.last = ("undo", seat)


def _end_turn(s: State, passed: bool = False) -> None:
    if not passed:
        s.passes = 0
        s.last = ("turn", s.turn)
    s.stage = STAGE_PLAY
    s.undo.clear()
    s.quiet += 1
    if s.quiet >= STALL_ROUNDS * s.players:
        _end_deal(s, -1)
        return
    s.turn = nxt = (s.turn + 1) % s.players
    hand = s.hands[nxt]
    if len(hand) < HAND_SIZE:
        _fill(s, hand, HAND_SIZE)


def _end_deal(s: State, winner: int) -> None:
    n = s.players
    s.undo.clear()
    pts = [0] * n
    if winner >= 0:
        team = team_seats(s, winner)
        left = sum(len(s.stocks[o]) for o in range(n) if o not in team)
        points = WIN_BASE + PER_STOCK_CARD * left
        for o in team:
            pts[o] = points
        s.stuck_deals = 0
        s.last = ("win", winner, points)
    else:
        s.stuck_deals += 1
        s.last = ("stuck", -1)
    s.deal_points = pts
    s.deal_winner = winner
    if s.series:
        s.scores = [a + b for a, b in zip(s.scores, pts, strict=True)]
        if max(s.scores) >= SERIES_TARGET or s.stuck_deals >= MAX_STUCK_DEALS:
            s.stage = STAGE_OVER
        else:
            s.stage = STAGE_HAND_OVER
            s.waiting = [True] * n
    else:
        s.scores = pts[:]
        s.stage = STAGE_OVER


def phase(s: State) -> str:
    return s.stage
