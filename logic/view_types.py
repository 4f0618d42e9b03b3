"""The shape of a view (``Game.view(state, seat)``): the keys every game's view has, typed.

Each game declares its own view as a TypedDict next to its ``views.py`` (``PresidentView`` in
``logic/president/view_types.py``, ``RummyView``, ``BeanieView``, ``StockpileView``); ``logic/views.py`` gathers
them for ui/. This module has what they share:

* ``CommonView``: the shared keys whose types are the same in every game; each game's view extends it.
* ``SeatView``: one entry of ``seats`` (President's adds ``place``).
* ``TableView``: what table-generic code may read from *any* game's view. Its keys are read-only, so a
  game's narrower types fit (``game: Literal["president"]`` is a ``str``, a President seat is a ``SeatView``):
  every game's view type is a ``TableView`` to the type checker, and ``Game``'s view type is bound to it.

Every key is always present (values may be None) unless a game marks it ``NotRequired``; none do today.
``tests/logic/test_view_types.py`` plays random games and checks every view against these types, so a key
renamed in one place and not the other fails a test, not a player.

These modules are imported at run time (the test reads their annotations), so they do not use
``from __future__ import annotations``; ``typing_extensions`` (a dependency of pydantic) gives ``ReadOnly``.
"""

from collections.abc import Sequence

from typing_extensions import ReadOnly, TypedDict


class SeatView(TypedDict):
    """What everyone sees of one seat."""

    cards: int  # cards in hand
    title: str | None  # "President", "Team 1", ... or None
    status: list[str]  # chips such as "passed", "ready", "went out" (each game lists its own)
    score: int  # match total
    team: int | None  # team id, or None without teams


class CommonView(TypedDict):
    """The shared keys with the same type in every game (each game adds ``game``, ``phase``, ``seats``,
    ``summary`` with its own literal and record types, and its extras)."""

    to_move: list[int]  # seats that may act now
    seat: int | None  # the viewer; None for a spectator
    players: int
    hand: list[str]  # the viewer's card codes ([] for a spectator)
    round_label: str  # "Hand 2 of 4", "Round 7 — Beanie: 7s", ...
    scores: list[int]  # match totals per seat
    message: str | None  # a public line about the last thing that happened


class SummaryRowView(TypedDict):
    """The keys every game's summary row has (read-only: games add their own columns)."""

    seat: ReadOnly[int]
    total: ReadOnly[int]


class SummaryView(TypedDict):
    """The result of the last hand/round/deal, shown while the phase is "hand-over" or "over"."""

    title: ReadOnly[str]
    rows: ReadOnly[Sequence[SummaryRowView]]
    columns: ReadOnly[Sequence[Sequence[str]]]  # [[row key, column label], ...]


class TableView(TypedDict):
    """Any game's view, as table-generic code may read it (every game's view type fits: see the module doc)."""

    game: ReadOnly[str]  # the game's key: "president", "rummy", "beanie", "stockpile"
    phase: ReadOnly[str]  # "play", "hand-over", "over", or a game's own ("exchange", "first-draw", "pending")
    to_move: ReadOnly[Sequence[int]]
    seat: ReadOnly[int | None]
    players: ReadOnly[int]
    hand: ReadOnly[Sequence[str]]
    seats: ReadOnly[Sequence[SeatView]]
    round_label: ReadOnly[str]
    scores: ReadOnly[Sequence[int]]
    summary: ReadOnly[SummaryView | None]
    message: ReadOnly[str | None]


def viewer_seat(view: TableView) -> int:
    """The seat a view was made for. Bots and hints only ever get a seat's view, never the spectator's."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("This needs a seat's view, not the spectator's.")
    return seat
