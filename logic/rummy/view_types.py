"""The type of a Rummy view (``logic.rummy.views.build_view``); see ``logic/view_types.py`` for the shared keys."""

from typing import Literal, NotRequired

from typing_extensions import TypedDict

from logic.view_types import CommonView, SeatView

RummyPhase = Literal["play", "hand-over", "first-draw", "over"]
RummyTurnStage = Literal["draw", "play", "pending", "hand-over", "over", "first-draw"]


class RummyLayoff(TypedDict):
    seat: int
    card: str


class RummyMeld(TypedDict):
    id: int
    owner: int
    type: Literal["set", "run"]
    cards: list[str]  # display order (runs low -> high)
    points: int
    layoffs: list[RummyLayoff]


class RummyLaidOff(TypedDict):
    meld: int  # the meld's id
    cards: list[str]


class RummyTurn(TypedDict):
    """One committed turn of this hand (``history``)."""

    seat: int
    took: list[str] | None  # None: drew from the stock; else the cards taken from the pile, deepest first
    melded: list[list[str]]
    laid_off: list[RummyLaidOff]
    discard: str | None  # None: went out without a discard, or a "Rummy!" call (house rules)
    out: bool
    called: NotRequired[bool]  # True (only then present): a "Rummy!" call out of turn (house rule)


class RummyCallWindow(TypedDict):
    """House rule "Rummy!": the discard that may be called now."""

    card: str
    seat: int  # who discarded it
    seconds: int  # the window's full length


class RummyCall(TypedDict):
    """One way for the viewer to call: lay the card off on ``meld``, or (None) meld it with ``cards`` from the hand."""

    meld: int | None
    cards: list[str]


class RummyFirstDealDraw(TypedDict):
    cards: list[str | None]  # per seat; None while that seat has not drawn
    winner: int | None  # None until everyone has drawn
    drawn: list[bool]


class RummySummaryRow(TypedDict):
    seat: int
    melded: int
    held: int
    hand: int
    total: int


class RummySummary(TypedDict):
    title: str
    hand: int
    winner: int  # -1: nobody went out
    one_turn: bool
    rows: list[RummySummaryRow]
    columns: list[list[str]]


class RummyView(CommonView):
    game: Literal["rummy"]
    phase: RummyPhase
    seats: list[SeatView]
    summary: RummySummary | None
    current: int | None
    hand_no: int
    first_seat: int
    target: int  # 0 = no limit
    stock_count: int
    discard: list[str]  # bottom -> top
    melds: list[RummyMeld]
    turn_stage: RummyTurnStage
    must_use: str | None
    can_undo: bool
    undo_what: Literal["discard", "meld", "layoff", "pickup"] | None
    grace_seconds: float | None
    hand_melded_points: list[int]
    first_deal_draw: RummyFirstDealDraw
    history: list[RummyTurn]
    over: bool
    house_rules: list[str]  # the house-rule options on at this table (RummyConfig names), [] for the standard game
    call_window: RummyCallWindow | None  # house rule "Rummy!": the discard that may be called now, for everyone
    calls: list[RummyCall]  # the viewer's own ways to call it ([] for everyone else)
