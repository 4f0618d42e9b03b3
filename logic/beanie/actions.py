"""Beanie's moves: the config model, the action types and their parser, the legal moves and the timeout move."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from logic.game import PHASE_HAND_OVER, PHASE_PLAY, IllegalMove
from logic.messages import t_msg
from logic.option_errors import OptionError
from logic.options import GAME, GAME_HEADING, OptionInfo, OptionSheet

from . import sets as S
from .deck import WILD
from .sets import CODES, RANK
from .state import STAGE_DRAW, BeanieState

# --- config --------------------------------------------------------------------------------------


class BeanieConfig(BaseModel):
    """Options of a Beanie game."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = 2
    rounds: int = Field(13, title="Rounds", json_schema_extra={"choices": list(range(1, 14))})
    beanie_value: int = Field(10, title="Beanie left in hand (points)", json_schema_extra={"choices": [10, 25]})
    reclaim_own: bool = Field(False, title="Reclaim your own Beanie")
    last_turns: bool = False  # house rule: one last turn each after someone goes out
    ace_high_runs: bool = False  # house rule: Q-K-A runs (an ace may also sit above the King)
    jokers: bool = False  # house rule: two jokers join the deck, wild in every round (deck.py)

    OPTIONS: ClassVar[OptionSheet] = OptionSheet({
        "rounds": OptionInfo(t_msg("Rounds"), "game",
                             help=t_msg("Round 1 makes aces wild, round 2 twos, and so on up to kings.")),
        "beanie_value": OptionInfo(t_msg("Beanie left in hand (points)"), "game",
                                   help=t_msg("What a Beanie still in your hand costs when the round ends.")),
        "reclaim_own": OptionInfo(t_msg("Reclaim your own Beanie"), "game",
                                  help=t_msg("You may also swap a Beanie out of your own sets, not only others'.")),
        "last_turns": OptionInfo(t_msg("Last turn each"), "house",
                                 help=t_msg("When someone goes out, everyone else plays one more turn before the "
                                            "round is scored.")),
        "ace_high_runs": OptionInfo(t_msg("Q-K-A runs"), "house",
                                    help=t_msg("An ace may also sit above the King in a run: Q-K-A is a run too.")),
        "jokers": OptionInfo(t_msg("Two jokers"), "house",
                             help=t_msg("Two jokers join the deck. They are wild in every round, like that round's "
                                        "Beanies, and cost as much if left in your hand.")),
    }, groups=((GAME, GAME_HEADING), ("house", t_msg("House rules"))))

    @field_validator("players")
    @classmethod
    def _players(cls, v: int) -> int:
        if not 2 <= v <= 4:
            raise OptionError(t_msg("Beanie is for 2 to 4 players"))
        return v

    @field_validator("rounds")
    @classmethod
    def _rounds(cls, v: int) -> int:
        if not 1 <= v <= 13:
            raise OptionError(t_msg("rounds must be between 1 and 13"))
        return v

    @field_validator("beanie_value")
    @classmethod
    def _beanie_value(cls, v: int) -> int:
        if v not in (10, 25):
            raise OptionError(t_msg("A Beanie left in hand costs 10 or 25 points"))
        return v


# --- actions -------------------------------------------------------------------------------------

Side = Literal["low", "high"]


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock or of the discard pile."""

    source: Literal["stock", "discard"] = "stock"
    kind: Literal["draw"] = "draw"


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay a new set from the hand. ``as_type`` only when it could be a match or a run; ``end`` only
    when the Beanies beyond the natural cards of a run could go at either end."""

    cards: tuple[str, ...] = ()
    as_type: Literal["match", "run"] | None = None
    end: Side | None = None
    kind: Literal["lay"] = "lay"


@dataclass(frozen=True, slots=True)
class Add:
    """Add one natural card to a set on the table."""

    set_id: int = 0
    card: str = ""
    kind: Literal["add"] = "add"


@dataclass(frozen=True, slots=True)
class Star:
    """Place one Beanie from the hand onto a set (``end`` when a run is open at both ends)."""

    set_id: int = 0
    card: str = ""
    end: Side | None = None
    kind: Literal["star"] = "star"


@dataclass(frozen=True, slots=True)
class Steal:
    """Swap the real card ``card`` from the hand for the Beanie standing for it in set ``set_id``."""

    set_id: int = 0
    card: str = ""
    kind: Literal["steal"] = "steal"


@dataclass(frozen=True, slots=True)
class Discard:
    card: str = ""
    kind: Literal["discard"] = "discard"


@dataclass(frozen=True, slots=True)
class Propose:
    """Propose ending the round as a draw."""

    kind: Literal["propose"] = "propose"


@dataclass(frozen=True, slots=True)
class Agree:
    kind: Literal["agree"] = "agree"


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Take back your end-round vote: the proposer's withdrawal cancels the whole vote, anyone else's only
    their own agreement. Allowed on your own play step and also while another seat is to move."""

    kind: Literal["withdraw"] = "withdraw"


@dataclass(frozen=True, slots=True)
class NextHand:
    """Confirm the round summary (hand-over)."""

    kind: Literal["next"] = "next"


BeanieAction = Draw | Lay | Add | Star | Steal | Discard | Propose | Agree | Withdraw | NextHand

DRAW_STOCK = Draw("stock")
DRAW_DISCARD = Draw("discard")
PROPOSE = Propose()
AGREE = Agree()
WITHDRAW = Withdraw()
NEXT = NextHand()
DISCARDS = tuple(Discard(code) for code in CODES)
ACTION_ADAPTER = TypeAdapter(Annotated[BeanieAction, Field(discriminator="kind")])


def legal_moves(state: BeanieState, seat: int) -> list[Any]:
    if not 0 <= seat < state.players:
        return []
    if state.phase == PHASE_HAND_OVER:
        return [] if state.confirmed[seat] else [NEXT]
    if state.phase != PHASE_PLAY or seat != state.turn:
        return []
    out: list[Any]
    if state.stage == STAGE_DRAW:
        out = []
        if state.stock:
            out.append(DRAW_STOCK)
        if state.discard:
            out.append(DRAW_DISCARD)
        return out
    hand = state.hands[seat]
    wild = state.round
    first = state.turns_done[seat] == 0
    nh = len(hand)
    out = []
    # Lay (on the first turn, keep two cards: one to discard, one to hold)
    limit = nh - 2 if first else nh
    if limit >= 3:
        for cards, at, end in S.lay_options(hand, wild, state.ace_high_runs):
            if len(cards) <= limit:
                out.append(Lay(tuple(CODES[c] for c in cards), at, end))
    if state.laid[seat] and (nh > 2 or not first):
        sets = state.sets
        inhand = set(hand)
        for s in sets:
            for c in S.accepts(s, wild, state.ace_high_runs):
                if c in inhand:
                    out.append(Add(s[0], CODES[c]))
        wl = [c for c in hand if WILD[wild][c]]
        if wl:
            for s in sets:
                ends = S.star_ends(s, state.ace_high_runs)
                for w in wl:
                    for e in ends:
                        out.append(Star(s[0], CODES[w], e))
    if state.laid[seat]:
        inhand = set(hand)
        for s in state.sets:
            if s[1] == seat and not state.reclaim_own:
                continue
            for c, r in zip(s[3], s[4], strict=True):
                if WILD[wild][c] and r != c and r in inhand and not WILD[wild][r]:
                    out.append(Steal(s[0], CODES[r]))
    if nh > 1 or not first:
        out.extend(DISCARDS[c] for c in hand)
    if state.proposer < 0:
        if not state.proposed and state.out_seat < 0:
            out.append(PROPOSE)
    elif state.agreed[seat]:
        out.append(WITHDRAW)
    else:
        out.append(AGREE)
    return out


def off_turn_moves(state: BeanieState, seat: int) -> list[Any]:
    """What a seat may do while another seat is to move: withdraw its own end-round vote."""
    if state.phase != PHASE_PLAY or seat == state.turn or not 0 <= seat < state.players:
        return []
    return [WITHDRAW] if state.proposer >= 0 and state.agreed[seat] else []


def timeout_default(state: BeanieState, seat: int) -> BeanieAction:
    """Out of time: before drawing, draw from the stock (the discard pile when the stock is empty);
    after drawing, discard the drawn card, or when it has been played, the highest-value natural card
    (a Beanie only when nothing else is left). The table calls this again while the seat is still to
    move, so a timeout before the draw becomes "draw, then discard"."""
    if state.phase == PHASE_HAND_OVER:
        return NEXT
    if state.phase != PHASE_PLAY or seat != state.turn:
        raise IllegalMove(t_msg("It is not your turn."))
    if state.stage == STAGE_DRAW:
        return DRAW_STOCK if state.stock else DRAW_DISCARD
    hand = state.hands[seat]
    if state.drawn in hand:
        return DISCARDS[state.drawn]
    wild = state.round
    naturals = [c for c in hand if not WILD[wild][c]]
    pool = naturals or hand
    best = max(pool, key=lambda c: (S.NATURAL_POINTS[c], RANK[c], -hand.index(c)))
    return DISCARDS[best]
