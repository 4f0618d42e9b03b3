"""The type of a Beanie view (``logic.beanie.views.build_view``); see ``logic/view_types.py`` for the shared keys."""

from typing import Literal

from typing_extensions import TypedDict

from logic.view_types import CommonView, SeatView

BeaniePhase = Literal["play", "hand-over", "over"]

# one card of a set on the table: "as" is the card a Beanie stands for (a natural card stands for itself)
BeanieSetCard = TypedDict("BeanieSetCard", {"code": str, "wild": bool, "as": str})


class BeanieSet(TypedDict):
    id: int
    owner: int
    type: Literal["match", "run"]
    cards: list[BeanieSetCard]


class BeanieVote(TypedDict):
    proposer: int
    agreed: list[int]


class BeanieOptions(TypedDict):
    beanie_value: int
    reclaim_own: bool
    last_turns: bool  # house rule: one last turn each after someone goes out
    ace_high_runs: bool  # house rule: Q-K-A runs
    jokers: bool  # house rule: two jokers (JK1, JK2), wild in every round


class BeanieSummaryRow(TypedDict):
    seat: int
    cards: int  # cards left
    points: int  # this round
    total: int
    out: bool


class BeanieSummary(TypedDict):
    title: str
    columns: list[list[str]]
    rows: list[BeanieSummaryRow]


class BeanieView(CommonView):
    game: Literal["beanie"]
    phase: BeaniePhase
    seats: list[SeatView]
    summary: BeanieSummary | None
    round: int
    rounds: int
    wild_rank: str  # rank label, "A" .. "K"
    wild_label: str  # "Aces", "7s", ...
    turn: int | None
    turn_stage: Literal["draw", "play"] | None
    stock_count: int
    discard_top: str | None
    discard_count: int
    sets: list[BeanieSet]
    laid_this_round: list[bool]
    vote: BeanieVote | None
    drawn_card: str | None
    first_turn: bool
    taken: list[list[str]]
    discarded: list[list[str]]
    round_turns: int
    reshuffles: int
    hand_points: int
    options: BeanieOptions
    scorecard: list[list[int]]
