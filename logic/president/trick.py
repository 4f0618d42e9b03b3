"""President's trick and hand steps shared by the plain rules (``rules.py``) and the house rules (``house.py``):
putting a play on the trick, passing, ending a trick and ending a hand. Both import them from here, so neither
imports the other to reach them."""

from __future__ import annotations

from logic.game import PHASE_HAND_OVER, PHASE_OVER

from .actions import SAME_RANK_SKIP
from .state import PresidentState


def beating_ranks(s: PresidentState) -> range:
    """The ranks that may beat the trick's top, nearest first: above it (below it while the order is reversed), or
    from its own rank with same-rank skip."""
    t = s.top_rank
    first = t if s.house & SAME_RANK_SKIP else (t - 1 if s.rev else t + 1)
    return range(first, -1, -1) if s.rev else range(first, 13)


def next_active(s: PresidentState, seat: int) -> int:
    """The next seat after ``seat`` still in the hand."""
    n = s.n
    out = s.out_mask
    seat = (seat + 1) % n
    while out >> seat & 1:
        seat = (seat + 1) % n
    return seat


def lay(s: PresidentState, seat: int, mask: int, rank: int, count: int) -> int:
    """Take a legal play's cards from the seat's hand and put them on the trick (a new trick when leading);
    the hand left."""
    h = s.hands[seat] & ~mask
    s.hands[seat] = h
    s.history.append((seat, mask))
    if s.top_count:
        s.trick.append((seat, mask))
    else:
        s.trick = [(seat, mask)]
    s.top_rank = rank
    s.top_count = count
    s.last_seat = seat
    s.passed = 0
    return h


def auto_pass(s: PresidentState) -> None:
    """The turn has come round to seats that pass for this trick: each passes at once (the trick may end)."""
    while s.passing >> s.turn & 1 and s.top_count:
        pass_turn(s, s.turn, auto=True)


def pass_turn(s: PresidentState, seat: int, auto: bool = False) -> None:
    """``seat`` passes; ``auto``: the game passes for it ("Pass for this trick"), and the message keeps telling
    the last thing a player did unless the trick ends."""
    s.history.append((seat, 0))
    passed = s.passed | (1 << seat)
    last = s.last_seat
    others = ~s.out_mask & ((1 << s.n) - 1) & ~(1 << last)
    if others & ~passed == 0:
        # everyone else still in has passed: the trick is over
        leader = last if not s.out_mask >> last & 1 else next_active(s, last)
        clear_trick(s)  # (everyone is back in for the next one)
        s.turn = leader
        s.last_event = ("pass", seat, 0, leader)
        if s.house and end_trick(s):  # jack-back ended with the trick: say the order is back
            s.last_event = ("pass", seat, 0, leader, "jack-end")
        return
    s.passed = passed
    s.turn = next_active(s, seat)
    if s.turn == last and s.house:  # same-rank skip: the turn comes round to the play to beat before a skipped
        s.turn = next_active(s, last)  # seat has spoken; the one holding it cannot beat itself, so it moves on
    if not auto:
        s.last_event = ("pass", seat, 0, -1)


def clear_trick(s: PresidentState) -> None:
    """No cards on the table, nobody has passed, and nobody passes for the trick to come."""
    s.trick = []
    s.top_count = 0
    s.top_rank = -1
    s.passed = 0
    s.passing = 0


def end_trick(s: PresidentState) -> bool:
    """Clear the trick (the caller sets who leads): jack-back and suit lock end with it, a revolution stays.
    True when jack-back was in effect."""
    clear_trick(s)
    s.lock = 0
    if not s.jback:
        return False
    s.jback = False
    s.rev = not s.rev
    return True


def end_hand(s: PresidentState) -> None:
    """Score the hand by the order the seats finished in; the match is over after its last hand."""
    n = s.n
    points = [0] * n
    for place, seat in enumerate(s.finished):
        points[seat] = n - 1 - place
    for i in range(n):
        s.scores[i] += points[i]
    s.hand_points.append(points)
    s.prev_finish = list(s.finished)
    s.turn = -1
    clear_trick(s)
    s.confirmed = 0
    s.phase = PHASE_OVER if s.hand_no >= s.hands_total else PHASE_HAND_OVER
