"""The Expert's ``blind`` knob (issue 54): in the playouts a seat judges a group safe from the cards it cannot see,
all the others' cards pooled (as a player counts the unseen cards), not from each hand of the sampled world."""

from __future__ import annotations

from logic.president.bots import make_bot
from tests.logic.test_president_expert_own_keep import expert_spec


def _safe_pair_of_kings(**knobs: object) -> bool:
    """Is a pair of Kings safe for the searching seat when the two seats still in hold one Ace each (and no 2)?"""
    spec, w = expert_spec(**knobs)
    me = spec.me
    others = [q for q in range(4) if q != me]
    w.hands[me] = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0]
    w.hands[others[0]] = [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0]
    w.hands[others[1]] = [0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0]
    w.hands[others[2]] = [0] * 13
    w.out_mask = 1 << others[2]
    spec._w, spec._seat = w, me
    return spec._is_safe(10, 2)


def test_each_hand_of_the_world_is_read_when_off():
    assert _safe_pair_of_kings() is True  # no single hand holds two Aces or two 2s


def test_blind_pools_the_cards_the_seat_cannot_see():
    assert _safe_pair_of_kings(blind=True) is False  # two Aces are out there: a player cannot know they are split


def test_the_knob_reaches_the_expert():
    assert make_bot("expert", blind=1).blind == 1
    assert make_bot("expert").blind is False
