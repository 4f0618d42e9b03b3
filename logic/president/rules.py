"""President: state, actions, config and the rules engine.

Internals are plain ints for speed (random playouts and search bots run through here):

* a card is ``rank * 4 + suit`` with rank 0..12 meaning 3 4 5 6 7 8 9 10 J Q K A 2 (normal order)
  and suit 0..3 meaning S H D C, so the 3 of clubs is card 3 and ``card >> 2`` is its rank;
* a hand is a 52-bit mask (bit ``card`` set when the card is held), so the four suits of rank ``r``
  are the nibble ``(hand >> 4 * r) & 15``;
* card codes ("QS", "10H") appear only at the edges: actions, views and snapshots.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from logic.cards import Card, derive_rng
from logic.game import PHASE_HAND_OVER, PHASE_OVER, PHASE_PLAY, IllegalMove

PHASE_EXCHANGE = "exchange"

RANK_LABELS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
RANK_PLURAL = ("3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "Jacks", "Queens", "Kings", "Aces", "2s")
RANK_SINGULAR = ("3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King", "Ace", "2")
SUIT_LETTERS = "SHDC"
CODES: tuple[str, ...] = tuple(RANK_LABELS[c >> 2] + SUIT_LETTERS[c & 3] for c in range(52))
CODE_INDEX: dict[str, int] = {code: i for i, code in enumerate(CODES)}
THREE_OF_CLUBS = 3
ALL_CARDS = (1 << 52) - 1
POP4 = tuple(bin(i).count("1") for i in range(16))
COUNT_NAMES = ("", "a single card", "a pair", "three of a kind", "four of a kind")

TITLES_4 = ("President", "Vice President", "Vice Beggar", "Beggar")
TITLES_5 = ("President", "Vice President", "Citizen", "Vice Beggar", "Beggar")


def titles_for(n: int) -> tuple[str, ...]:
    return TITLES_5 if n == 5 else TITLES_4


def card_code(card: int) -> str:
    return CODES[card]


def mask_cards(mask: int) -> list[int]:
    """Cards of a mask in ascending (normal) order."""
    out = []
    c = 0
    while mask:
        if mask & 1:
            out.append(c)
        mask >>= 1
        c += 1
    return out


def mask_codes(mask: int) -> list[str]:
    return [CODES[c] for c in mask_cards(mask)]


def code_to_card(code: str) -> int:
    """Card int from a code; accepts the forms Card.parse accepts ('10H', 'TH', '3c')."""
    idx = CODE_INDEX.get(code)
    if idx is not None:
        return idx
    card = Card.parse(code)  # ValueError for junk
    rank = 12 if card.rank == 2 else card.rank - 3
    return rank * 4 + SUIT_LETTERS.index(card.suit)


def codes_to_mask(codes) -> int:
    mask = 0
    for code in codes:
        mask |= 1 << code_to_card(code)
    return mask


def rank_words(rank: int, count: int) -> str:
    """'a single 9', 'a pair of 9s', 'three Kings', 'four 2s'."""
    if count == 1:
        return f"a single {RANK_SINGULAR[rank]}"
    if count == 2:
        return f"a pair of {RANK_PLURAL[rank]}"
    return f"{('', '', '', 'three', 'four')[count]} {RANK_PLURAL[rank]}"


# --- config ---------------------------------------------------------------------------------------------


class PresidentConfig(BaseModel):
    """Options of a President match."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = 4
    hands: int = Field(4, title="Hands", json_schema_extra={"choices": [4, 8]})
    revolution: bool = Field(False, title="Revolution rule")

    @field_validator("players")
    @classmethod
    def _players(cls, v: int) -> int:
        if v not in (4, 5):
            raise ValueError("President is played by 4 or 5 players")
        return v

    @field_validator("hands")
    @classmethod
    def _hands(cls, v: int) -> int:
        if v not in (4, 8):
            raise ValueError("A match is 4 or 8 hands")
        return v


# --- actions --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """Play one to four cards of one rank, e.g. ``Play(("9S", "9H"))``."""

    cards: tuple[str, ...]
    kind: Literal["play"] = "play"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass this turn (you may still play when your turn comes round again)."""

    kind: Literal["pass"] = "pass"


@dataclass(frozen=True, slots=True)
class Give:
    """Exchange: the President gives back 2 cards, the Vice President 1."""

    cards: tuple[str, ...]
    kind: Literal["give"] = "give"


@dataclass(frozen=True, slots=True)
class NextHand:
    """Confirm the hand summary; the next hand is dealt when every seat has confirmed."""

    kind: Literal["next"] = "next"


Action = Annotated[Play | Pass | Give | NextHand, Field(discriminator="kind")]
ACTION_ADAPTER: TypeAdapter = TypeAdapter(Action)

PASS = Pass()
NEXT = NextHand()

# Canonical plays: PLAY_TABLE[rank][nibble][k] is the Play of the first k suits (S, H, D, C order)
# of ``rank`` among the suits in ``nibble``. legal_actions lists only these (suits never matter in play);
# apply accepts any cards of the right rank.
PLAY_TABLE: list[list[list[Play | None]]] = []
LEAD_TABLE: list[list[tuple[Play, ...]]] = []
# cards tuple -> (mask, rank, count) for valid one-rank plays; filled lazily for other orderings
_PARSED: dict[tuple[str, ...], tuple[int, int, int]] = {}

for _r in range(13):
    _row: list[list[Play | None]] = []
    _lead_row: list[tuple[Play, ...]] = []
    for _nib in range(16):
        _suits = [s for s in range(4) if _nib >> s & 1]
        _plays: list[Play | None] = [None]
        for _k in range(1, len(_suits) + 1):
            _cards = tuple(CODES[_r * 4 + s] for s in _suits[:_k])
            _play = Play(_cards)
            _plays.append(_play)
            _PARSED[_cards] = (sum(1 << (_r * 4 + s) for s in _suits[:_k]), _r, _k)
        _plays.extend([None] * (5 - len(_plays)))
        _row.append(_plays)
        _lead_row.append(tuple(p for p in _plays if p is not None))
    PLAY_TABLE.append(_row)
    LEAD_TABLE.append(_lead_row)


def parse_play(cards: tuple[str, ...]) -> tuple[int, int, int]:
    """(mask, rank, count) of a set of cards that must all share one rank; IllegalMove otherwise."""
    hit = _PARSED.get(cards)
    if hit is not None:
        return hit
    if not cards:
        raise IllegalMove("Choose at least one card to play")
    try:
        ints = [code_to_card(c) for c in cards]
    except (ValueError, TypeError, AttributeError):
        raise IllegalMove("That is not a card from this deck") from None
    if len(set(ints)) != len(ints):
        raise IllegalMove("The same card was chosen twice")
    rank = ints[0] >> 2
    if any(c >> 2 != rank for c in ints):
        raise IllegalMove("All the cards you play together must have the same rank")
    mask = 0
    for c in ints:
        mask |= 1 << c
    result = (mask, rank, len(ints))
    if all(isinstance(c, str) for c in cards) and len(_PARSED) < 5000:
        _PARSED[tuple(cards)] = result
    return result


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
        self.rev = False  # rank order reversed by a revolution
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
        self.last_event: tuple | None = None


# --- engine ---------------------------------------------------------------------------------------------


def new_state(config: PresidentConfig, seed: int) -> PresidentState:
    s = PresidentState()
    s.n = config.players
    s.hands_total = config.hands
    s.revolution = bool(config.revolution)
    s.seed = seed
    s.scores = [0] * s.n
    _deal(s, 1)
    return s


def _deal(s: PresidentState, hand_no: int) -> None:
    n = s.n
    rng = derive_rng(s.seed, "president-deal", hand_no)
    deck = list(range(52))
    rng.shuffle(deck)
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
    hands = []
    pos = 0
    for seat in range(n):
        mask = 0
        for c in deck[pos : pos + counts[seat]]:
            mask |= 1 << c
        pos += counts[seat]
        hands.append(mask)
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
    out = 0
    for c in range(51, -1, -1):
        if mask >> c & 1:
            out |= 1 << c
            k -= 1
            if not k:
                break
    return out


def to_move(s: PresidentState) -> tuple[int, ...]:
    ph = s.phase
    if ph == PHASE_PLAY:
        return (s.turn,)
    if ph == PHASE_EXCHANGE:
        return tuple(i for i in range(s.n) if s.ex_pending >> i & 1)
    if ph == PHASE_HAND_OVER:
        return tuple(i for i in range(s.n) if not s.confirmed >> i & 1)
    return ()


def legal_actions(s: PresidentState, seat: int) -> list:
    if s.phase == PHASE_PLAY:
        if seat != s.turn:
            return []
        h = s.hands[seat]
        k = s.top_count
        out: list = []
        if not k:
            for r in range(13):
                nib = h >> (r << 2) & 15
                if nib:
                    out.extend(LEAD_TABLE[r][nib])
            return out
        t = s.top_rank
        ranks = range(t - 1, -1, -1) if s.rev else range(t + 1, 13)
        for r in ranks:
            nib = h >> (r << 2) & 15
            if POP4[nib] >= k:
                out.append(PLAY_TABLE[r][nib][k])
        out.append(PASS)
        return out
    if s.phase == PHASE_EXCHANGE:
        if not s.ex_pending >> seat & 1:
            return []
        return _give_options(s.hands[seat], s.ex_give[seat])
    if s.phase == PHASE_HAND_OVER:
        return [] if s.confirmed >> seat & 1 else [NEXT]
    return []


def _give_options(h: int, k: int) -> list[Give]:
    """One Give per distinct multiset of ranks (suits do not matter), lowest ranks first."""
    cards = mask_cards(h)
    out: list[Give] = []
    seen: set[tuple[int, ...]] = set()
    if k == 1:
        for c in cards:
            key = (c >> 2,)
            if key not in seen:
                seen.add(key)
                out.append(Give((CODES[c],)))
        return out
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            key = (a >> 2, b >> 2)
            if key not in seen:
                seen.add(key)
                out.append(Give((CODES[a], CODES[b])))
    return out


def _next_active(s: PresidentState, seat: int) -> int:
    n = s.n
    out = s.out_mask
    seat = (seat + 1) % n
    while out >> seat & 1:
        seat = (seat + 1) % n
    return seat


def apply(s: PresidentState, seat: int, action) -> None:
    cls = type(action)
    if cls is Play:
        _apply_play(s, seat, action)
    elif cls is Pass:
        _apply_pass(s, seat)
    elif cls is Give:
        _apply_give(s, seat, action)
    elif cls is NextHand:
        _apply_next(s, seat)
    else:
        raise IllegalMove("That action makes no sense in President")


def _check_turn(s: PresidentState, seat: int) -> None:
    if s.phase != PHASE_PLAY:
        if s.phase == PHASE_EXCHANGE:
            raise IllegalMove("Cards are being exchanged; play starts when the exchange is done")
        if s.phase == PHASE_HAND_OVER:
            raise IllegalMove("This hand is over; continue to the next hand")
        raise IllegalMove("The match is over")
    if seat != s.turn:
        raise IllegalMove("It is not your turn")


def _apply_play(s: PresidentState, seat: int, action: Play) -> None:
    if s.phase != PHASE_PLAY or seat != s.turn:
        _check_turn(s, seat)
    cards = action.cards
    if type(cards) is not tuple:
        cards = tuple(cards) if isinstance(cards, list) else cards
        if type(cards) is not tuple:
            raise IllegalMove("Choose the cards to play")
    mask, rank, count = parse_play(cards)
    h = s.hands[seat]
    if h & mask != mask:
        raise IllegalMove("You can only play cards from your own hand")
    k = s.top_count
    if k:
        if count != k:
            raise IllegalMove(f"Play the same number of cards as the lead ({COUNT_NAMES[k]}) or pass")
        t = s.top_rank
        if (rank >= t) if s.rev else (rank <= t):
            if rank == t:
                raise IllegalMove(f"An equal rank does not beat the {RANK_PLURAL[t]}: play higher or pass")
            order = " (the order is reversed: lower ranks are higher now)" if s.rev else ""
            raise IllegalMove(f"Play a higher rank than the {RANK_PLURAL[t]}{order}, or pass")
    # --- valid: mutate
    h &= ~mask
    s.hands[seat] = h
    s.history.append((seat, mask))
    if k:
        s.trick.append((seat, mask))
    else:
        s.trick = [(seat, mask)]
    s.top_rank = rank
    s.top_count = count
    s.last_seat = seat
    s.passed = 0
    flipped = False
    if count == 4 and s.revolution:
        s.rev = not s.rev
        flipped = True
    went_out = False
    if not h:
        went_out = True
        s.finished.append(seat)
        s.out_mask |= 1 << seat
        if len(s.finished) == s.n - 1:
            last = next(i for i in range(s.n) if not s.out_mask >> i & 1)
            s.finished.append(last)
            s.out_mask |= 1 << last
            s.last_event = ("play", seat, mask, flipped, went_out)
            _end_hand(s)
            return
    s.last_event = ("play", seat, mask, flipped, went_out)
    s.turn = _next_active(s, seat)


def _apply_pass(s: PresidentState, seat: int) -> None:
    if s.phase != PHASE_PLAY or seat != s.turn:
        _check_turn(s, seat)
    if not s.top_count:
        raise IllegalMove("You are leading, so you must play something")
    s.history.append((seat, 0))
    passed = s.passed | (1 << seat)
    last = s.last_seat
    others = ~s.out_mask & ((1 << s.n) - 1) & ~(1 << last)
    if others & ~passed == 0:
        # everyone else still in has passed: the trick is over
        leader = last if not s.out_mask >> last & 1 else _next_active(s, last)
        s.trick = []
        s.top_count = 0
        s.top_rank = -1
        s.passed = 0
        s.turn = leader
        s.last_event = ("pass", seat, 0, leader)
        return
    s.passed = passed
    s.turn = _next_active(s, seat)
    s.last_event = ("pass", seat, 0, -1)


def _end_hand(s: PresidentState) -> None:
    n = s.n
    points = [0] * n
    for place, seat in enumerate(s.finished):
        points[seat] = n - 1 - place
    for i in range(n):
        s.scores[i] += points[i]
    s.hand_points.append(points)
    s.prev_finish = list(s.finished)
    s.turn = -1
    s.trick = []
    s.top_count = 0
    s.top_rank = -1
    s.passed = 0
    s.confirmed = 0
    s.phase = PHASE_OVER if s.hand_no >= s.hands_total else PHASE_HAND_OVER


def _apply_give(s: PresidentState, seat: int, action: Give) -> None:
    if s.phase != PHASE_EXCHANGE:
        raise IllegalMove("There is no card exchange right now")
    if not s.ex_pending >> seat & 1:
        if s.ex_give[seat]:
            raise IllegalMove("You have already given your cards back")
        raise IllegalMove("Only the President and Vice President give cards back")
    need = s.ex_give[seat]
    cards = action.cards
    if not isinstance(cards, (tuple, list)):
        raise IllegalMove("Choose the cards to give back")
    try:
        ints = [code_to_card(c) for c in cards]
    except (ValueError, TypeError, AttributeError):
        raise IllegalMove("That is not a card from this deck") from None
    if len(set(ints)) != len(ints):
        raise IllegalMove("The same card was chosen twice")
    if len(ints) != need:
        raise IllegalMove(f"Give back exactly {need} card{'s' if need > 1 else ''}")
    mask = 0
    for c in ints:
        mask |= 1 << c
    if s.hands[seat] & mask != mask:
        raise IllegalMove("You can only give cards from your own hand")
    partner = s.ex_partner[seat]
    s.hands[seat] &= ~mask
    s.hands[partner] |= mask
    s.ex_gave[seat] = mask
    s.ex_recv[partner] = mask
    s.ex_pending &= ~(1 << seat)
    s.last_event = ("give", seat, 0, need)
    if not s.ex_pending:
        s.phase = PHASE_PLAY
        s.turn = s.prev_finish[-1]  # the Beggar leads
        s.last_event = ("give", seat, 0, need, s.turn)


def _apply_next(s: PresidentState, seat: int) -> None:
    if s.phase != PHASE_HAND_OVER:
        raise IllegalMove("The hand is not over yet" if s.phase != PHASE_OVER else "The match is over")
    if not 0 <= seat < s.n:
        raise IllegalMove("It is not your turn")
    if s.confirmed >> seat & 1:
        raise IllegalMove("You are already waiting for the others")
    s.confirmed |= 1 << seat
    if s.confirmed == (1 << s.n) - 1:
        _deal(s, s.hand_no + 1)


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
    return c


def snapshot(s: PresidentState) -> dict:
    return {
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
    }


_PHASES = {p: p for p in (PHASE_PLAY, PHASE_EXCHANGE, PHASE_HAND_OVER, PHASE_OVER)}


def restore(d: dict) -> PresidentState:
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
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"Not a President snapshot: {exc}") from None
    return s
