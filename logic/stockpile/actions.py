"""Stockpile vocabulary: card values and codes, the table config, action types and source parsing.

Cards are small ints inside the engine: 1..12 are numbers, ``WILD`` (0) is a wild. Codes shown to
players and written to views are "1".."12" and "W".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator, model_validator

from logic.game import IllegalMove
from logic.messages import t_msg
from logic.options import GAME, GAME_HEADING, Needs, OptionInfo, OptionSheet

WILD = 0
TOP = 12
HAND_SIZE = 5
BUILDS = 4
DISCARD_PILES = 4
NUMBERS_EACH = 12
WILDS = 18
DECK_SIZE = NUMBERS_EACH * TOP + WILDS  # 162

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
    no_wild_on_own_discards: bool = False  # house rule: a wild may not be discarded onto your own discard piles
    no_partner_piles: bool = False  # house rule: partners play only from their own stock and discard piles

    OPTIONS: ClassVar[OptionSheet] = OptionSheet({
        "stock_size": OptionInfo(t_msg("Stock size"), "game",
                                 help=t_msg("Short: 10 cards each. Standard: 30 each (20 with 5 or 6 players)."),
                                 names=(("short", t_msg("Short")), ("standard", t_msg("Standard")))),
        "series": OptionInfo(t_msg("Series"), "game", help=t_msg(
            "500: deals go on until a player or team reaches 500 points. Single: one deal."),
            names=(("500", t_msg("Race to 500")), ("single", t_msg("One deal")))),
        "partners": OptionInfo(t_msg("Partners"), "game",
                               help=t_msg("Play in teams of two with the player sitting opposite you."),
                               needs=(Needs("players", (4, 6), t_msg("Partners need 4 or 6 players"), value=True),)),
        "no_wild_on_own_discards": OptionInfo(
            t_msg("No wild discards"), "house",
            help=t_msg("A wild may not be discarded: it has to be played onto a building pile.")),
        "no_partner_piles": OptionInfo(
            t_msg("Own piles only"), "house",
            help=t_msg("You may not play from your partner's stock or discard piles."),
            needs=(Needs("partners", (True,), t_msg("Only for a game with partners"), value=True),)),
    }, groups=((GAME, GAME_HEADING), ("house", t_msg("House rules"))))

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
        if self.no_partner_piles and not self.partners:
            raise ValueError("Keeping to your own piles is a rule for a game with partners")
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
StockpileAction = Action
action_adapter: TypeAdapter[Any] = TypeAdapter(Annotated[Action, Field(discriminator="kind")])

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


HAND_MASKS = [_by_mask(r) for r in PLAY_HAND]
STOCK_MASKS = [_by_mask(r) for r in PLAY_STOCK]
DISCARD_MASKS = [[_by_mask(r) for r in rows] for rows in PLAY_DISCARD]


def parse_source(source: Any) -> tuple[int, int, int]:
    """(kind, seat, index) for a source string; seat is -1 for the hand. Raises IllegalMove."""
    try:
        return _SOURCES[source]
    except (KeyError, TypeError):
        pass
    parts = source.split(":") if isinstance(source, str) else []
    if parts and parts[0] == "hand" and len(parts) == 2 and parts[1].isdigit():
        raise IllegalMove(t_msg("You have no card in that hand slot."))
    if parts and parts[0] in ("stock", "discard"):
        raise IllegalMove(t_msg("There is no such seat or pile at this table."))
    raise IllegalMove(t_msg("Play from your hand, a stock or a discard pile (not {source}).", source=repr(source)))
