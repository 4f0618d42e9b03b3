"""The type of a President view (``logic.president.views.view``); see ``logic/view_types.py`` for the shared keys."""

from typing import Literal

from typing_extensions import TypedDict

from logic.view_types import CommonView, SeatView

PresidentPhase = Literal["exchange", "play", "hand-over", "over"]
PresidentRole = Literal["President", "Vice President", "Vice Beggar", "Beggar"]


class PresidentSeat(SeatView):
    place: int | None  # finishing place this hand once the seat is out (1 = first)


class PresidentPlay(TypedDict):
    """One play of a trick or of the hand's history (``cards == []`` for a pass in the history)."""

    seat: int
    cards: list[str]


class PresidentTop(TypedDict):
    """The play to beat."""

    seat: int
    cards: list[str]
    rank: str  # rank label, "3" .. "A", "2" (a run: its top card in the order in effect; "JK": a lone joker)
    count: int


class PresidentExchange(TypedDict):
    """The viewer's part in this hand's card exchange (only the four seats that trade)."""

    role: PresidentRole
    partner: int
    received: list[str]
    give_count: int  # cards the viewer hands back (0 for the Beggars)
    given: list[str] | None  # None until chosen
    pending: bool


class PresidentSummaryRow(TypedDict):
    seat: int
    place: int
    title: str
    points: int
    total: int


class PresidentSummary(TypedDict):
    title: str
    rows: list[PresidentSummaryRow]  # in finishing order
    columns: list[list[str]]


class PresidentView(CommonView):
    game: Literal["president"]
    phase: PresidentPhase
    seats: list[PresidentSeat]
    summary: PresidentSummary | None
    trick: list[PresidentPlay]  # the current trick, oldest first
    top: PresidentTop | None
    top_run: bool  # the play to beat is a run of one suit (house rule "runs")
    lead_seat: int | None
    turn: int | None
    can_pass: bool
    order: Literal["normal", "reversed"]
    revolution: bool
    house: list[str]  # house-rule switches on (PresidentConfig field names)
    jack_back: bool  # the order in effect is flipped by jack-back until the trick ends
    lock: list[str]  # suit letters the trick is locked to ("S", "H", ...), [] when none
    passed: list[int]
    passing: list[int]  # seats passing for the rest of this trick
    finished: list[int]
    exchange: PresidentExchange | None
    hand_no: int
    hands: int
    history: list[PresidentPlay]
    played: list[str]
