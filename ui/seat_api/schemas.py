"""What the seat API answers: one seat's view of a table as JSON, its legal actions, and the
documented shapes of both (for the server's OpenAPI page)."""

from __future__ import annotations

from typing import Any

from fastapi.encoders import jsonable_encoder
from pydantic import BaseModel, Field

from logic.table import STATUS_PLAYING, Table, timers

PLAIN = (str, int, float, bool, type(None))


def plain_json(value: Any) -> Any:
    """``fastapi.encoders.jsonable_encoder(value)``, with a fast path for what views are made of: dicts, lists,
    tuples and plain values are copied directly, anything else goes to ``jsonable_encoder`` (sets, enums, models).
    Views are large nests of small values, and the general encoder asks a dozen questions of each one: it was
    the most CPU a move cost the server at a table of programs (issue 50's Pi-class host)."""
    kind = type(value)
    if kind in PLAIN:
        return value
    if kind is dict:
        return {k if type(k) in PLAIN else jsonable_encoder(k): plain_json(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [plain_json(v) for v in value]
    return jsonable_encoder(value)


class SeatInfo(BaseModel):
    name: str
    emoji: str
    kind: str = Field(description="person, computer, program or open")
    computer_plays: bool = Field(description="the computer plays for this seat (after a timeout, or it left)")


class OutcomeInfo(BaseModel):
    scores: list[int]
    places: list[int]
    winners: list[int]


class SeatView(BaseModel):
    """One seat's view of its table. ``view`` is exactly the game's ``view(state, seat)``: what this seat's
    browser is drawn from (own cards, counts of the others', public piles, scores)."""

    code: str
    game: str
    seat: int
    status: str = Field(description="lobby, playing, over or closed")
    phase: str = Field(description="lobby, the game's phase (e.g. play, exchange, hand-over) or over")
    to_move: list[int] = Field(description="seats that may act now")
    your_turn: bool
    paused: bool
    turn_deadline: float | None = Field(description="server time (Unix seconds) when the turn timer runs out")
    seconds_left: float | None
    version: int = Field(description="grows with every change of the table; pass it to /events as after")
    seats: list[SeatInfo]
    outcome: OutcomeInfo | None
    view: dict[str, Any]


class Problem(BaseModel):
    detail: str = Field(description="why, in words a person can read")
    status: str | None = Field(None, description="with 410 only: how the table ended (over or closed)")


def seat_kind(table: Table, seat: int) -> str:
    s = table.seats[seat]
    if s.empty:
        return "open"
    if s.bot is not None:
        return "computer"
    return "program" if s.is_program else "person"


def seat_view(table: Table, seat: int, now: float, wall: float) -> dict[str, Any]:
    """The JSON the API answers for ``seat``: only that seat's view of the game, never another seat's cards.
    ``now``: the hub's (monotonic) clock; ``wall``: the wall clock, for ``turn_deadline`` in Unix seconds."""
    game = table.game
    state = table.state
    to_move = list(table.to_move())
    outcome = game.outcome(state) if state is not None else None
    left = timers.seconds_left(table, now)
    encoded: dict[str, Any] = plain_json({
        "code": table.code,
        "game": table.game_key,
        "seat": seat,
        "status": table.status,
        "phase": table.phase(),
        "to_move": to_move,
        "your_turn": seat in to_move and not table.paused,
        "paused": table.paused,
        "turn_deadline": None if left is None else wall + left,
        "seconds_left": None if left is None else round(left, 1),
        "version": table.version,
        "seats": [{"name": s.name, "emoji": s.emoji, "kind": seat_kind(table, i),
                   "computer_plays": s.autoplay or s.left} for i, s in enumerate(table.seats)],
        "outcome": None if outcome is None else {"scores": list(outcome.scores), "places": list(outcome.places),
                                                 "winners": list(outcome.winners)},
        "view": game.view(state, seat) if state is not None else {},
    })
    return encoded


def legal_actions(table: Table, seat: int) -> list[dict[str, Any]]:
    """The seat's legal actions now, each in the JSON form ``POST /actions`` accepts (empty when it may not act)."""
    if table.status != STATUS_PLAYING or table.paused or table.state is None or seat not in table.to_move():
        return []
    game = table.game
    encoded: list[dict[str, Any]] = plain_json([game.encode_action(a) for a in game.legal_actions(table.state, seat)])
    return encoded
