"""Moves at a table: who may act, applying a move to the game, and the deadlines and pacing that follow it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from logic.game import PHASE_HAND_OVER, IllegalMove
from logic.messages import t_msg
from logic.table.seats import STATUS_OVER, STATUS_PLAYING

if TYPE_CHECKING:
    from logic.table.model import Table


class LogEntry(NamedTuple):
    """One move of a table's action log: the seat and the action in its JSON form (``game.encode_action``). A
    tuple, so its saved form is the ``[seat, action]`` pair records have always held."""

    seat: int
    action: dict[str, Any]

    @classmethod
    def from_json(cls, data: list[Any] | tuple[Any, ...]) -> LogEntry:
        seat, action = data
        return cls(int(seat), dict(action))


def act(t: Table, player_id: str, action: Any, now: float) -> None:
    """A person's move: the seat must be theirs and it must be their turn."""
    seat = t.seat_of(player_id)
    if seat is None:
        raise IllegalMove(t_msg("You are watching this table, not playing at it."))
    check_can_act(t, seat, action)
    apply(t, seat, action, now)
    t.seats[seat].timeouts = 0  # a move of their own: the next timeout is a first one again


def act_for(t: Table, seat: int, action: Any, now: float) -> None:
    """A computer move (bot, auto-play, timeout)."""
    check_can_act(t, seat, action)
    apply(t, seat, action, now)


def check_can_act(t: Table, seat: int, action: Any = None) -> None:
    if t.status != STATUS_PLAYING:
        raise IllegalMove(t_msg("The game is not running."))
    if t.paused:
        raise IllegalMove(t_msg("The game is paused."))
    if seat not in t.to_move() and action not in t.game.off_turn_actions(t.state, seat):
        raise IllegalMove(t_msg("It is not your turn."))


def apply(t: Table, seat: int, action: Any, now: float) -> None:
    game = t.game
    movers = t.to_move()
    kept = t.turn_deadline, t.bot_ready_at
    hand_over = game.phase(t.state) == PHASE_HAND_OVER
    game.apply(t.state, seat, action)  # raises IllegalMove and changes nothing
    t.log.append(LogEntry(seat, game.encode_action(action)))
    if not hand_over and game.phase(t.state) == PHASE_HAND_OVER:
        t.turn_deadline = None  # the hand just ended: the countdown to the next one starts (after_change)
    after_change(t, now)
    if seat not in movers and t.to_move() == movers:
        t.turn_deadline, t.bot_ready_at = kept  # a move out of turn does not restart the mover's clock


def after_change(t: Table, now: float) -> None:
    """Deadlines and status after any move."""
    game = t.game
    if game.outcome(t.state) is not None:
        t.status = STATUS_OVER
        t.finished_at = now
        t.turn_deadline = t.commit_deadline = None
        t.touch()
        return
    pending = game.pending_commit(t.state)
    if pending is None:
        t.commit_deadline = None
    else:  # the grace period is for people (undo, privacy); a computer's turn ends at once
        people = game.pending_waits_for_people(t.state) and not all(map(t.computer_controls, range(len(t.seats))))
        delay = 0.0 if t.computer_controls(pending[1]) and not people else pending[0] * t.settings.grace_scale
        t.commit_deadline = now + delay
    humans_to_move = [s for s in t.to_move() if not t.computer_controls(s)]
    phase_seconds = game.phase_timeout(t.state)
    if game.phase(t.state) == PHASE_HAND_OVER:
        t.turn_deadline = next_hand_deadline(t, now, bool(humans_to_move))
    elif humans_to_move and phase_seconds is not None:
        t.turn_deadline = now + phase_seconds * t.settings.grace_scale
    elif humans_to_move and t.settings.turn_seconds:
        t.turn_deadline = now + t.settings.turn_seconds
    else:
        t.turn_deadline = None
    t.bot_ready_at = now + t.settings.bot_delay
    t.touch()


def next_hand_deadline(t: Table, now: float, people_to_press: bool) -> float | None:
    """Between hands the turn timer counts down to the next hand: the host's ``next_hand_seconds`` from the end of
    the hand, for everyone at once. A press of "Next hand" does not start it again (the countdown running is kept);
    with nobody left to press, or the setting off, there is none."""
    seconds = t.settings.next_hand_seconds
    if not people_to_press or not seconds:
        return None
    return t.turn_deadline if t.turn_deadline is not None else now + seconds


def bots_to_move(t: Table, now: float) -> list[int]:
    """Computer-controlled seats that should move now (after pacing). Between hands a computer is ready at once
    while a person still reads the summary (pacing there would only keep the people waiting)."""
    if t.status != STATUS_PLAYING or t.paused:
        return []
    if t.commit_deadline is not None:  # only computer players who may act in an open window (Game.window_seats)
        if t.bot_ready_at is not None and now < t.bot_ready_at:
            return []
        return [s for s in t.game.window_seats(t.state) if t.computer_controls(s)]
    movers = [s for s in t.to_move() if t.computer_controls(s)]
    if movers and len(movers) < len(t.to_move()) and t.game.phase(t.state) == PHASE_HAND_OVER:
        return movers
    if t.bot_ready_at is not None and now < t.bot_ready_at:
        return []
    return movers


RUNAWAY_MOVES = 300  # no game's turn takes one seat this many moves in a row (a Rummy turn is ~15, Stockpile's ~40)


def checked_bot_action(t: Table, seat: int, action: Any) -> Any:
    """The computer player's ``action``, unless that seat has made ``RUNAWAY_MOVES`` moves in a row without anyone
    else moving: then it is caught in a cycle (say meld, undo, meld ...) and gets the game's out-of-time move
    instead, which ends its turn in a few moves, so the table goes on for everyone."""
    log = t.log
    if len(log) < RUNAWAY_MOVES or any(entry.seat != seat for entry in log[-RUNAWAY_MOVES:]):
        return action
    return t.game.timeout_action(t.state, seat)


def bot_level_for(t: Table, seat: int) -> str:
    s = t.seats[seat]
    return s.bot or t.game.bot_levels[min(1, len(t.game.bot_levels) - 1)]


def replay_state(t: Table) -> Any:
    game = t.game
    return game.replay(game.make_config(**t.options), t.seed, [(e.seat, e.action) for e in t.log])
