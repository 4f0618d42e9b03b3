"""Every game's view type in one place, for ui/ (``from logic.views import PresidentView, AnyView``).

* ``TableView``: what table-generic code may read from any view (the shared keys, read-only). A
  ``Game[TableView]`` (what ``logic.registry.get_game`` returns) gives one from ``view()``.
* ``PresidentView``, ``RummyView``, ``BeanieView``, ``StockpileView``: one game's view, with its nested records.
  A game's own object (``logic.president.GAME``, a ``Game[PresidentView]``) gives its type from ``view()``.
* ``AnyView``: the union; ``view["game"] == "rummy"`` narrows it to ``RummyView`` for the type checker.
* ``VIEW_TYPES``: game key -> view type (tests/logic/test_view_types.py checks every view against it).
"""

from logic.beanie.view_types import BeanieOptions, BeanieSet, BeanieSetCard, BeanieSummary, BeanieView, BeanieVote
from logic.president.view_types import (
    PresidentExchange,
    PresidentPlay,
    PresidentSeat,
    PresidentSummary,
    PresidentTop,
    PresidentView,
)
from logic.rummy.view_types import RummyFirstDealDraw, RummyMeld, RummySummary, RummyTurn, RummyView
from logic.stockpile.view_types import StockpileBuild, StockpileStock, StockpileSummary, StockpileView
from logic.view_types import CommonView, SeatView, SummaryView, TableView, viewer_seat

AnyView = PresidentView | RummyView | BeanieView | StockpileView

VIEW_TYPES: dict[str, type] = {
    "president": PresidentView,
    "rummy": RummyView,
    "beanie": BeanieView,
    "stockpile": StockpileView,
}

__all__ = [
    "AnyView",
    "BeanieOptions",
    "BeanieSet",
    "BeanieSetCard",
    "BeanieSummary",
    "BeanieView",
    "BeanieVote",
    "CommonView",
    "PresidentExchange",
    "PresidentPlay",
    "PresidentSeat",
    "PresidentSummary",
    "PresidentTop",
    "PresidentView",
    "RummyFirstDealDraw",
    "RummyMeld",
    "RummySummary",
    "RummyTurn",
    "RummyView",
    "SeatView",
    "StockpileBuild",
    "StockpileStock",
    "StockpileSummary",
    "StockpileView",
    "SummaryView",
    "TableView",
    "VIEW_TYPES",
    "viewer_seat",
]
