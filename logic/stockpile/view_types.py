"""The type of a Stockpile view (``logic.stockpile.views.view``); see ``logic/view_types.py`` for the shared keys."""

from typing import Literal

from typing_extensions import TypedDict

from logic.view_types import CommonView, SeatView

StockpilePhase = Literal["play", "pending", "hand-over", "over"]


class StockpileBuild(TypedDict):
    """One of the four shared build piles."""

    top: int | None  # value on top, None when empty
    needs: int  # the value that goes next
    size: int
    top_card: str | None  # code of the card on top ("W" if a wild stands in)
    playable: list[str]  # sources the viewer may play here now


class StockpileStock(TypedDict):
    top: str | None  # only the top card of a stock is face up
    count: int


class StockpileSummaryRow(TypedDict):
    seat: int
    stock_left: int
    points: int
    total: int


class StockpileSummary(TypedDict):
    title: str
    rows: list[StockpileSummaryRow]
    columns: list[list[str]]


class StockpileView(CommonView):
    game: Literal["stockpile"]
    phase: StockpilePhase
    seats: list[SeatView]
    summary: StockpileSummary | None
    build: list[StockpileBuild]
    stocks: list[StockpileStock]
    discards: list[list[list[str]]]  # per seat 4 piles of codes, bottom first
    draw_count: int
    set_aside_count: int
    undo_available: bool
    turn_stage: StockpilePhase
    turn: int | None
    partners: bool
    teams: list[int] | None
    partner: int | None
    my_sources: list[int]
    can_pass: bool
    deal: int
    series: Literal["500", "single"]
    target: int | None
    stock_cards: int
