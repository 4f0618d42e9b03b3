"""President cards and actions: config model, action types, card-code/mask helpers and play parsing.

Internals are plain ints for speed (random playouts and search bots run through here):

* a card is ``rank * 4 + suit`` with rank 0..12 meaning 3 4 5 6 7 8 9 10 J Q K A 2 (normal order)
  and suit 0..3 meaning S H D C, so the 3 of clubs is card 3 and ``card >> 2`` is its rank;
* a hand is a 52-bit mask (bit ``card`` set when the card is held), so the four suits of rank ``r``
  are the nibble ``(hand >> 4 * r) & 15``;
* card codes ("QS", "10H") appear only at the edges: actions, views and snapshots.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator, model_validator

from logic.cards import JOKER_CODES as CARD_JOKER_CODES
from logic.cards import Card
from logic.game import IllegalMove
from logic.messages import t_msg
from logic.option_errors import OptionError
from logic.options import GAME, GAME_HEADING, Needs, OptionInfo, OptionSheet

RANK_LABELS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
# the 14th entries name the jokers (house rule; ``JOKER_RANK``)
RANK_PLURAL = ("3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "Jacks", "Queens", "Kings", "Aces", "2s", "Jokers")
RANK_SINGULAR = ("3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King", "Ace", "2", "Joker")
SUIT_LETTERS = "SHDC"
# jokers (house rule): cards 52 and 53, codes JK1 and JK2; ``card >> 2`` makes them "rank" 13 (JOKER_RANK)
JOKER_CODES = CARD_JOKER_CODES
JOKER_RANK = 13
JOKER_LABEL = "JK"  # the view's rank label of a lone joker on top
JK1, JK2 = 52, 53
JOKER_MASK = 3 << 52
CODES: tuple[str, ...] = tuple(RANK_LABELS[c >> 2] + SUIT_LETTERS[c & 3] for c in range(52)) + JOKER_CODES
CODE_INDEX: dict[str, int] = {code: i for i, code in enumerate(CODES)}
THREE_OF_SPADES = 0
THREE_OF_CLUBS = 3
ALL_CARDS = (1 << 52) - 1  # the 52 ordinary cards (no jokers)
POP4 = tuple(bin(i).count("1") for i in range(16))

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


def codes_to_mask(codes: Iterable[str]) -> int:
    mask = 0
    for code in codes:
        mask |= 1 << code_to_card(code)
    return mask


# --- house rules (issue 52): switch bits kept in the state; 0 = today's game, the fast path ----------------

HOUSE = "house"
EIGHT_CUT = 1
TWOS_CLEAR = 2
FOUR_BURN = 4
SAME_RANK_SKIP = 8
JACK_BACK = 16
SUIT_LOCK = 32
NO_TOP_FINISH = 64
DOWNFALL = 128
RUNS = 256
RUN_REVOLUTION = 512
JOKERS = 1024
HOUSE_BITS: dict[str, int] = {
    "eight_cut": EIGHT_CUT,
    "twos_clear": TWOS_CLEAR,
    "four_burn": FOUR_BURN,
    "same_rank_skip": SAME_RANK_SKIP,
    "jack_back": JACK_BACK,
    "suit_lock": SUIT_LOCK,
    "no_top_finish": NO_TOP_FINISH,
    "downfall": DOWNFALL,
    "runs": RUNS,
    "run_revolution": RUN_REVOLUTION,
    "jokers": JOKERS,
}
EIGHT = 5  # rank index of the 8s
JACK = 8  # rank index of the Jacks


# --- config ---------------------------------------------------------------------------------------------


class PresidentConfig(BaseModel):
    """Options of a President match."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = 4
    hands: int = Field(4, title="Hands", json_schema_extra={"choices": [4, 8]})
    revolution: bool = Field(False, title="Revolution rule")
    eight_cut: bool = Field(False, title="8 ends the trick")
    twos_clear: bool = Field(False, title="2s clear the trick")
    four_burn: bool = Field(False, title="Four-burn")
    same_rank_skip: bool = Field(False, title="Same-rank skip")
    jack_back: bool = Field(False, title="Jack-back")
    suit_lock: bool = Field(False, title="Suit lock")
    no_top_finish: bool = Field(False, title="No finishing on a top card")
    downfall: bool = Field(False, title="Downfall")
    runs: bool = Field(False, title="Runs")
    run_revolution: bool = Field(False, title="Runs revolt")
    jokers: bool = Field(False, title="Jokers")

    OPTIONS: ClassVar[OptionSheet] = OptionSheet(
        {
            "hands": OptionInfo(t_msg("Hands"), "game", help=t_msg("How many hands the match lasts.")),
            "revolution": OptionInfo(t_msg("Revolution rule"), "game",
                                     help=t_msg("Four of a kind turns the order over: 3 becomes high and 2 low.")),
            "eight_cut": OptionInfo(t_msg("8 ends the trick"), HOUSE,
                                    help=t_msg("Playing 8s ends the trick at once; the player who cut leads.")),
            "twos_clear": OptionInfo(t_msg("2s clear the trick"), HOUSE,
                                     help=t_msg("Playing the top rank (2s, or 3s after a revolution) ends the "
                                                "trick; that player leads.")),
            "four_burn": OptionInfo(t_msg("Four-burn"), HOUSE,
                                    help=t_msg("When all four cards of one rank have been played in a trick, "
                                               "it ends; the player who played the fourth leads.")),
            "same_rank_skip": OptionInfo(t_msg("Same-rank skip"), HOUSE,
                                         help=t_msg("You may match the rank on top instead of beating it; the "
                                                    "next player is skipped.")),
            "jack_back": OptionInfo(t_msg("Jack-back"), HOUSE,
                                    help=t_msg("Playing Jacks reverses the order until the trick ends.")),
            "suit_lock": OptionInfo(t_msg("Suit lock"), HOUSE,
                                    help=t_msg("Two plays in a row in the same suits lock the trick to those "
                                               "suits.")),
            "no_top_finish": OptionInfo(t_msg("No finishing on a top card"), HOUSE,
                                        help=t_msg("Going out on a 2 (or an 8 with 8-cut) ranks you below "
                                                   "everyone who goes out cleanly.")),
            "downfall": OptionInfo(t_msg("Downfall"), HOUSE,
                                   help=t_msg("If someone else goes out first, the President drops to last "
                                              "place at once.")),
            "runs": OptionInfo(t_msg("Runs"), HOUSE,
                               help=t_msg("Three or more cards in a row of one suit may be played together; a run is "
                                          "beaten by a higher run of the same length.")),
            "run_revolution": OptionInfo(
                t_msg("Runs revolt"), HOUSE,
                help=t_msg("A run of four or more turns the order over, like four of a kind."),
                needs=(Needs("runs", (True,), t_msg("Needs runs"), True),
                       Needs("revolution", (True,), t_msg("Needs the revolution rule"), True))),
            "jokers": OptionInfo(t_msg("Jokers"), HOUSE,
                                 help=t_msg("Two jokers join the deck: alone a joker beats any single (only the 3♠ "
                                            "beats it back); in a set it stands for the set's rank.")),
        },
        groups=((GAME, GAME_HEADING), (HOUSE, t_msg("House rules"))),
    )

    @property
    def house(self) -> int:
        """The house-rule switches that are on, as bits (0 = today's game)."""
        return sum(bit for name, bit in HOUSE_BITS.items() if getattr(self, name))

    @field_validator("players")
    @classmethod
    def _players(cls, v: int) -> int:
        if v not in (4, 5):
            raise OptionError(t_msg("President is played by 4 or 5 players"))
        return v

    @model_validator(mode="after")
    def _run_revolution(self) -> PresidentConfig:
        if self.run_revolution and not (self.runs and self.revolution):
            raise OptionError(t_msg("Runs revolt needs runs and the revolution rule"))
        return self

    @field_validator("hands")
    @classmethod
    def _hands(cls, v: int) -> int:
        if v not in (4, 8):
            raise OptionError(t_msg("A match is 4 or 8 hands"))
        return v


# --- actions --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """Play one to four cards of one rank, e.g. ``Play(("9S", "9H"))``, or a run (house rule ``runs``). ``end``
    only for a run with a joker left over beyond its ordinary cards (house rules ``runs`` and ``jokers``): "low"
    puts it below the lowest card, "high" above the top card; None is "high" (below at the 2)."""

    cards: tuple[str, ...]
    kind: Literal["play"] = "play"
    end: Literal["low", "high"] | None = None


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


@dataclass(frozen=True, slots=True)
class PassTrick:
    """Out of turn: pass for the rest of this trick (``on``), or take that back. While it is on, the game passes
    for the seat each time the trick comes round to it; it ends with the trick."""

    on: bool = True
    kind: Literal["pass_trick"] = "pass_trick"


PresidentAction = Play | Pass | Give | NextHand | PassTrick
Action = Annotated[PresidentAction, Field(discriminator="kind")]
ACTION_ADAPTER: TypeAdapter[PresidentAction] = TypeAdapter(Action)

PASS = Pass()
NEXT = NextHand()
PASS_TRICK_ON = PassTrick(True)
PASS_TRICK_OFF = PassTrick(False)

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


# Suit lock needs every choice of suits: EXACT_PLAY[rank][nib] plays exactly the suits in ``nib``;
# SUBSET_PLAYS[rank][nib][k] are all the plays of k suits among those in ``nib``.
EXACT_PLAY: list[list[Play | None]] = [
    [Play(tuple(CODES[r * 4 + s] for s in range(4) if nib >> s & 1)) if nib else None for nib in range(16)]
    for r in range(13)
]
SUBSET_PLAYS: list[list[list[tuple[Play, ...]]]] = [
    [
        [tuple(p for sub in range(1, 16) if sub & nib == sub and POP4[sub] == k and (p := EXACT_PLAY[r][sub]))
         for k in range(5)]
        for nib in range(16)
    ]
    for r in range(13)
]


def suits_of(mask: int, rank: int) -> int:
    """The suit nibble of a one-rank play."""
    return mask >> (rank << 2) & 15


def parse_cards(cards: tuple[str, ...] | list[str]) -> tuple[int, list[int]]:
    """(mask, card ints) of distinct card codes; IllegalMove for a code that is no card or a card chosen twice."""
    try:
        ints = [code_to_card(c) for c in cards]
    except (ValueError, TypeError, AttributeError):
        raise IllegalMove(t_msg("That is not a card from this deck")) from None
    if len(set(ints)) != len(ints):
        raise IllegalMove(t_msg("The same card was chosen twice"))
    mask = 0
    for c in ints:
        mask |= 1 << c
    return mask, ints


def parse_play(cards: tuple[str, ...]) -> tuple[int, int, int]:
    """(mask, rank, count) of a set of cards that must all share one rank; IllegalMove otherwise."""
    hit = _PARSED.get(cards)
    if hit is not None:
        return hit
    if not cards:
        raise IllegalMove(t_msg("Choose at least one card to play"))
    mask, ints = parse_cards(cards)
    rank = ints[0] >> 2
    if any(c >> 2 != rank for c in ints):
        raise IllegalMove(t_msg("All the cards you play together must have the same rank"))
    result = (mask, rank, len(ints))
    if all(isinstance(c, str) for c in cards) and len(_PARSED) < 5000:
        _PARSED[tuple(cards)] = result
    return result
