"""A finished table as a night's match: who sat where (by the identity the table gives them), their places and
scores, and their moments."""

from __future__ import annotations

import logging

from logic.duplicate import DealResult, deal_results
from logic.game import Outcome
from logic.night.model import Kind, NightMatch, NightSeat, seat_key
from logic.night.moments import SeatMoments, match_moments
from logic.table import Table

log = logging.getLogger("cardnight.night")


def seat_kind(bot: str | None, program: bool) -> Kind:
    return "computer" if bot is not None else "program" if program else "person"


def match_of(table: Table, outcome: Outcome, finished_at: float) -> NightMatch:
    """The night's record of ``table``'s finished match (``finished_at``: wall-clock seconds)."""
    try:
        moments = match_moments(table.game_key, table.options, table.seed,
                                [(int(seat), dict(data)) for seat, data in table.log])
    except Exception as exc:  # a game the replay cannot follow (e.g. begun from a position): no moments, no crash
        log.info("no moments for table %s: %s", table.code, exc)
        moments = [SeatMoments(None, 0)] * len(table.seats)
    deals = deals_of(table)
    seats = []
    for i, s in enumerate(table.seats):
        kind = seat_kind(s.bot, s.is_program)
        m = moments[i] if i < len(moments) else SeatMoments(None, 0)
        seats.append(NightSeat(key=seat_key(s.player_id, s.name, kind), name=s.name, emoji=s.emoji, kind=kind,
                               place=int(outcome.places[i]), score=int(outcome.scores[i]), best_hand=m.best_hand,
                               revolutions=m.revolutions, rummy_calls=m.rummy_calls,
                               deals=[d.points[i] for d in deals if i < len(d.points)]))
    return NightMatch(code=table.code, game=table.game_key, finished_at=finished_at,
                      lower_is_better=outcome.lower_is_better, seats=seats)


def deals_of(table: Table) -> list[DealResult]:
    """Each finished deal's points per seat, by replaying the table's log from its seed (duplicate scoring); none
    for a game the replay cannot follow."""
    game = table.game
    try:
        return deal_results(game, [(int(seat), dict(data)) for seat, data in table.log],
                            lambda: game.new_game(game.make_config(**table.options), table.seed))
    except Exception as exc:  # (as for the moments: a game begun from a position)
        log.info("no deals for table %s: %s", table.code, exc)
        return []
