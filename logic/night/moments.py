"""Best moments of a night: what each seat did in a match worth remembering (read once, when the match finishes,
by replaying its log), and the one moment per player the night's summary shows.

Per seat of a match: the most points scored in one hand (games where more is better: a hand's points are the
change of the seat's total from one hand's end to the next), President's revolutions started (a play that turned
the order round while no jack-back was on) and Rummy's "Rummy!" calls (house rule ``rummy_call``: a call in the log
is one the rules took). Per player over the night: the biggest win (the widest margin over the runner-up, in that
game's points), else a revolution, else a "Rummy!" call, else the best hand.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from logic.game import PHASE_HAND_OVER, PHASE_OVER
from logic.night.model import Night, NightMatch
from logic.registry import get_game


@dataclass(frozen=True)
class SeatMoments:
    best_hand: int | None
    revolutions: int
    rummy_calls: int = 0


def match_moments(game_key: str, options: dict[str, Any], seed: int,
                  log: Sequence[tuple[int, dict[str, Any]]]) -> list[SeatMoments]:
    """Each seat's moments in a finished game, by replaying its log (raises ValueError for a log that does not
    replay)."""
    game = get_game(game_key)
    state = game.new_game(game.make_config(**options), int(seed))
    totals = [int(x) for x in game.view(state, None)["scores"] or ()]
    players = len(totals)
    best: list[int | None] = [None] * players
    revolutions = [0] * players
    calls = [0] * players
    president = game_key == "president"  # (its state says whether the order is reversed, and by a jack-back)
    phase = game.phase(state)
    for seat, data in log:
        before = (state.rev, state.jback) if president else None
        game.apply(state, int(seat), game.decode_action(data))
        if before is not None and data.get("kind") == "play" and state.rev != before[0] \
                and not state.jback and not before[1]:
            revolutions[int(seat)] += 1
        if data.get("kind") == "rummy" and game_key == "rummy":
            calls[int(seat)] += 1
        new_phase = game.phase(state)
        if new_phase != phase and (new_phase == PHASE_HAND_OVER or (new_phase == PHASE_OVER
                                                                    and phase != PHASE_HAND_OVER)):
            now = [int(x) for x in game.view(state, None)["scores"] or totals]  # a view only where a hand ends
            for i in range(min(players, len(now))):
                gained = now[i] - totals[i]
                if best[i] is None or gained > (best[i] or 0):
                    best[i] = gained
            totals = now
        phase = new_phase
    return [SeatMoments(b, r, c) for b, r, c in zip(best, revolutions, calls, strict=True)]


MomentKind = Literal["win", "revolution", "rummy", "hand"]


@dataclass(frozen=True)
class Moment:
    kind: MomentKind
    game: str
    value: int  # win: the margin in the game's points; revolution, rummy: how many; hand: the points
    code: str  # the table


def win_margin(match: NightMatch, seat: int) -> int | None:
    """By how much ``seat`` won ``match`` (its score against the best other seat's), None unless it won alone."""
    mine = match.seats[seat]
    others = [s.score for i, s in enumerate(match.seats) if i != seat]
    if mine.place != 1 or not others or any(s.place == 1 for i, s in enumerate(match.seats) if i != seat):
        return None
    return min(others) - mine.score if match.lower_is_better else mine.score - max(others)


def best_moments(night: Night, held: Collection[str] = ()) -> dict[str, Moment]:
    """Each player's best moment of the night (counted matches only, none ``held`` back; merged names as one), by
    key."""
    found: dict[str, Moment] = {}
    rank = {"win": 4, "revolution": 3, "rummy": 2, "hand": 1}
    for match in night.counted():
        if match.code in held:
            continue
        for i, seat in enumerate(match.seats):
            key = night.person_of(seat.key)
            options: list[Moment] = []
            margin = win_margin(match, i)
            if margin is not None:
                options.append(Moment("win", match.game, margin, match.code))
            if seat.revolutions:
                options.append(Moment("revolution", match.game, seat.revolutions, match.code))
            if seat.rummy_calls:
                options.append(Moment("rummy", match.game, seat.rummy_calls, match.code))
            if seat.best_hand is not None and seat.best_hand > 0 and not match.lower_is_better:
                options.append(Moment("hand", match.game, seat.best_hand, match.code))
            for moment in options:
                old = found.get(key)
                if old is None or (rank[moment.kind], moment.value) > (rank[old.kind], old.value):
                    found[key] = moment
    return found
