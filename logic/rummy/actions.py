"""Rummy moves: the config model, the action types (with cached instances) and parsing card codes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from logic.game import IllegalMove
from logic.messages import t_msg
from logic.option_errors import OptionError
from logic.options import GAME, GAME_HEADING, Clash, Needs, OptionInfo, OptionSheet
from logic.rummy.melds import CODE, PRETTY, parse_code

TARGETS = (0, 100, 200, 300, 500)
CALL_SECONDS = (3, 5, 8, 10)  # the "Rummy!" window's length (house rule), the host's choice


class RummyConfig(BaseModel):
    """Options: ``players`` 2-4; ``target`` 100/200/300/500, or 0 for no limit."""

    players: int = 2
    target: int = Field(0, title="Race to", description="The match ends when a total reaches this; 0 = no limit",
                        json_schema_extra={"choices": [0, 100, 200, 300, 500]})
    # Off = the draw is made for everyone at once (games saved before this option existed, speed=0 practice
    # links); new tables start with it on (RummyGame.table_defaults)
    first_draw: bool = Field(False, title="Draw for first deal",
                             description="Each player taps the deck to draw a card; the highest deals first")
    # house rules (issue 52): all off = the standard game
    wrap_around: bool = False  # runs may turn the corner: K-A-2 (Q-K-A-2 ...)
    top_card_only: bool = False  # only the top card of the discard pile may be taken (no digging)
    keep_dug_card: bool = False  # a card dug from under the pile need not be used this turn
    no_final_discard: bool = False  # you may go out by melding or laying off your last card
    rummy_call: bool = False  # "Rummy!": after a discard, another player may take it at once and use it
    rummy_call_seconds: int = 5  # how long the "Rummy!" window stays open

    OPTIONS: ClassVar[OptionSheet] = OptionSheet({
        "target": OptionInfo(t_msg("Race to"), "game",
                             help=t_msg("The match ends when a total reaches this score; 0 = no limit.")),
        "first_draw": OptionInfo(t_msg("Draw for first deal"), "game",
                                 help=t_msg("Each player taps the deck to draw a card; the highest card deals first.")),
        "wrap_around": OptionInfo(
            t_msg("K-A-2 wraps"), "house",
            help=t_msg("Runs may turn the corner: K-A-2 and Q-K-A-2-3 are runs too.")),
        "top_card_only": OptionInfo(
            t_msg("Top card only"), "house",
            help=t_msg("Only the top card of the discard pile may be taken: no digging.")),
        "keep_dug_card": OptionInfo(
            t_msg("Keep a dug card"), "house",
            help=t_msg("A card taken from under the discard pile need not be melded or laid off this turn."),
            clashes=(Clash(True, "top_card_only", True, t_msg("Needs digging: the top-card-only rule is on")),)),
        "no_final_discard": OptionInfo(
            t_msg("No final discard"), "house",
            help=t_msg("You may go out by melding or laying off your last card, with no final discard.")),
        "rummy_call": OptionInfo(
            t_msg("Rummy!"), "house",
            help=t_msg("After each discard, another player who can use the card may call \"Rummy!\" and take it.")),
        "rummy_call_seconds": OptionInfo(
            t_msg("Rummy! window"), "house", choices=CALL_SECONDS,
            help=t_msg("Seconds everyone has to call \"Rummy!\" after a discard."),
            needs=(Needs("rummy_call", (True,), t_msg("Needs the Rummy! rule")),)),
    }, groups=((GAME, GAME_HEADING), ("house", t_msg("House rules"))))

    @field_validator("players")
    @classmethod
    def _players(cls, v: int) -> int:
        if not 2 <= v <= 4:
            raise OptionError(t_msg("Rummy is for 2 to 4 players"))
        return v

    @field_validator("target")
    @classmethod
    def _target(cls, v: int) -> int:
        if v not in TARGETS:
            raise OptionError(t_msg("The target score must be 100, 200, 300 or 500 (or 0 for no limit)"))
        return v

    @field_validator("rummy_call_seconds")
    @classmethod
    def _call_seconds(cls, v: int) -> int:
        if v not in CALL_SECONDS:
            raise OptionError(t_msg("The Rummy! window lasts 3, 5, 8 or 10 seconds"))
        return v

    @model_validator(mode="after")
    def _house(self) -> RummyConfig:
        if self.keep_dug_card and self.top_card_only:
            raise OptionError(t_msg("Keeping a dug card needs digging, which the top-card-only rule rules out"))
        return self


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Draw the top card of the stock (face down)."""

    kind: Literal["draw"] = "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take ``card`` from the discard pile together with every card above it. If ``card`` is
    not the top card it must be melded or laid off this turn."""

    card: str
    kind: Literal["take"] = "take"


@dataclass(frozen=True, slots=True)
class Meld:
    """Put down a new set (3-4 of a rank) or run (3+ in suit sequence)."""

    cards: tuple[str, ...]
    kind: Literal["meld"] = "meld"


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add one or more cards to meld ``meld`` (anyone's)."""

    meld: int
    cards: tuple[str, ...]
    kind: Literal["layoff"] = "layoff"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card``; ends the turn after the grace period (Commit)."""

    card: str
    kind: Literal["discard"] = "discard"


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the most recent meld, lay-off, discard (while pending) or discard-pile pickup."""

    kind: Literal["undo"] = "undo"


@dataclass(frozen=True, slots=True)
class Commit:
    """End of the discard's grace period: the turn becomes public and passes on."""

    kind: Literal["commit"] = "commit"


@dataclass(frozen=True, slots=True)
class CallRummy:
    """House rule "Rummy!": take ``card``, the discard just made, out of turn and use it at once: lay it off on meld
    ``meld``, or (``meld`` None) meld it with ``cards`` from your hand. No discard follows."""

    card: str
    meld: int | None = None
    cards: tuple[str, ...] = ()
    kind: Literal["rummy"] = "rummy"


@dataclass(frozen=True, slots=True)
class PassCall:
    """A computer player that could call "Rummy!" lets the card go (so it is not asked again in this window)."""

    kind: Literal["rummy-pass"] = "rummy-pass"


@dataclass(frozen=True, slots=True)
class CloseCall:
    """The "Rummy!" window runs out (made by the table's timer for the player to draw next)."""

    kind: Literal["rummy-close"] = "rummy-close"


@dataclass(frozen=True, slots=True)
class FirstDraw:
    """Draw your card for the first deal of the match (tap the deck)."""

    kind: Literal["first-draw"] = "first-draw"


@dataclass(frozen=True, slots=True)
class NextHand:
    """Ready for the next hand (hand-over phase)."""

    kind: Literal["next"] = "next"


RummyAction = (DrawStock | TakeDiscard | Meld | LayOff | Discard | Undo | Commit | NextHand | FirstDraw | CallRummy
               | PassCall | CloseCall)
ACTION_TYPES = (DrawStock, TakeDiscard, Meld, LayOff, Discard, Undo, Commit, NextHand, FirstDraw, CallRummy, PassCall,
                CloseCall)

DRAW_STOCK = DrawStock()
UNDO = Undo()
COMMIT = Commit()
NEXT = NextHand()
FIRST_DRAW = FirstDraw()
PASS_CALL = PassCall()
CLOSE_CALL = CloseCall()
TAKE = tuple(TakeDiscard(CODE[c]) for c in range(52))
DISCARD = tuple(Discard(CODE[c]) for c in range(52))
MELD_CACHE: dict[tuple[int, ...], Meld] = {}
_LAYOFF_CACHE: dict[tuple[int, int], LayOff] = {}


def meld_action(cards: tuple[int, ...]) -> Meld:
    a = MELD_CACHE.get(cards)
    if a is None:
        a = MELD_CACHE[cards] = Meld(tuple(CODE[c] for c in cards))
    return a


def layoff_action(mid: int, card: int) -> LayOff:
    key = (mid, card)
    a = _LAYOFF_CACHE.get(key)
    if a is None:
        if len(_LAYOFF_CACHE) > 20000:
            _LAYOFF_CACHE.clear()
        a = _LAYOFF_CACHE[key] = LayOff(mid, (CODE[card],))
    return a


def parse_cards(codes: Any, hand: list[int]) -> list[int]:
    if not isinstance(codes, (tuple, list)) or not codes:
        raise IllegalMove(t_msg("Pick at least one card."))
    out = []
    for code in codes:
        try:
            c = parse_code(code)
        except ValueError:
            raise IllegalMove(t_msg("{code} is not a card.", code=repr(code))) from None
        if c in out:
            raise IllegalMove(t_msg("{card} is listed twice.", card=PRETTY[c]))
        if c not in hand:
            raise IllegalMove(t_msg("You do not hold the {card}.", card=PRETTY[c]))
        out.append(c)
    return out


def parse_card(code: Any) -> int:
    try:
        return parse_code(code)
    except ValueError:
        raise IllegalMove(t_msg("{code} is not a card.", code=repr(code))) from None
