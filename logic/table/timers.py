"""Time at a table: the ticker's step (lobby expiry, grace periods, turn timeouts), pause, and the seconds each
timer has left. ``now`` is whatever clock the caller keeps; the hub keeps a monotonic one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from logic.game import PHASE_HAND_OVER, IllegalMove
from logic.messages import t_msg
from logic.table import away, turns
from logic.table.chat import notice
from logic.table.seats import STATUS_CLOSED, STATUS_LOBBY, STATUS_PLAYING

if TYPE_CHECKING:
    from logic.table.model import Table, Timer

MAX_TIMEOUT_STEPS = 12  # a timeout finishes the turn in at most this many moves (e.g. draw, then discard)


def seconds_left(t: Table, now: float, timer: Timer = "turn") -> float | None:
    """Seconds until the turn timer, the lobby or a pending move runs out; None when that timer is not running
    (a paused turn timer keeps what it had left in ``paused_left``)."""
    if timer == "turn":
        deadline = t.turn_deadline
    elif timer == "lobby":
        deadline = t.lobby_deadline if t.status == STATUS_LOBBY else None
    else:
        deadline = t.commit_deadline
    return None if deadline is None else max(0.0, deadline - now)


def tick(t: Table, now: float) -> list[tuple[int, Any]]:
    """Advance time: lobby expiry, grace periods and turn timeouts. Returns the timeout moves made."""
    made: list[tuple[int, Any]] = []
    if t.status == STATUS_LOBBY and t.lobby_deadline is not None and now >= t.lobby_deadline:
        t.status = STATUS_CLOSED
        notice(t, t_msg("The lobby closed because the game did not start in time."), "warning")
        t.touch()
        return made
    if t.status != STATUS_PLAYING or t.paused:
        return made
    away.away_autoplay(t, now)
    game = t.game
    if t.commit_deadline is not None and now >= t.commit_deadline:
        pending = game.pending_commit(t.state)
        t.commit_deadline = None
        if pending is not None:
            turns.act_for(t, pending[1], pending[2], now)
            made.append((pending[1], pending[2]))
        else:
            t.touch()
    if t.turn_deadline is not None and now >= t.turn_deadline:
        t.turn_deadline = None
        # no seat goes to the computer for a slow "next hand" or a timed phase (Game.phase_timeout)
        phase = game.phase(t.state)
        no_takeover = phase == PHASE_HAND_OVER or game.phase_timeout(t.state) is not None
        for seat in list(t.to_move()):
            if t.computer_controls(seat) or t.status != STATUS_PLAYING or game.phase(t.state) != phase:
                continue
            for _ in range(MAX_TIMEOUT_STEPS):  # finish the turn: e.g. draw, then discard that card
                action = game.timeout_action(t.state, seat)
                turns.act_for(t, seat, action, now)
                made.append((seat, action))
                if (t.status != STATUS_PLAYING or seat not in t.to_move() or t.commit_deadline is not None
                        or game.phase(t.state) != phase):  # e.g. the hand ended, or the first draw did
                    break
            if not no_takeover:
                timed_out(t, seat)
        if made:
            t.touch()
    return made


def timed_out(t: Table, seat: int) -> None:
    """After a timeout move: the computer takes the seat once the game's number of timeouts in a row is
    reached; before that the seat stays theirs, they get a notice to dismiss and the others a brief one."""
    s = t.seats[seat]
    s.timeouts += 1
    others = [i for i in range(len(t.seats)) if i != seat]  # the seat's own page says it to them (ui/table/prompts)
    if s.timeouts >= t.game.timeouts_before_autoplay:
        s.autoplay, s.timed_out = True, False
        notice(t, t_msg("{name} ran out of time; the computer plays for them.", name=s.name), "warning", seats=others)
        return
    s.timed_out = True
    notice(t, t_msg("{name} ran out of time; the game made their move.", name=s.name), "info", seats=others)


def dismiss_timeout(t: Table, player_id: str) -> None:
    """"Got it" on the "turn timed out" notice."""
    seat = t.seat_of(player_id)
    if seat is None or not t.seats[seat].timed_out:
        return
    t.seats[seat].timed_out = False
    t.touch()


def pause(t: Table, by: str, now: float) -> None:
    if not t.is_host(by):
        raise IllegalMove(t_msg("Only the host can pause."))
    if t.status != STATUS_PLAYING or t.paused:
        return
    t.paused = True
    t.paused_left = None if t.turn_deadline is None else max(0.0, t.turn_deadline - now)
    t.turn_deadline = None
    notice(t, t_msg("The host paused the game."))
    t.touch()


def resume(t: Table, by: str, now: float) -> None:
    if not t.is_host(by):
        raise IllegalMove(t_msg("Only the host can resume."))
    if not t.paused:
        return
    t.paused = False
    if t.paused_left is not None:
        t.turn_deadline = now + t.paused_left
    t.paused_left = None
    t.bot_ready_at = now + t.settings.bot_delay
    if t.commit_deadline is not None:
        t.commit_deadline = max(t.commit_deadline, now)
    notice(t, t_msg("The game goes on."))
    t.touch()
