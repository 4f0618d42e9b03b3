"""Beanie's plays on the table: laying a set, adding a natural card, placing a Beanie ("star") and stealing one.
Each checks the play in full before it changes anything."""

from __future__ import annotations

from typing import Any

from logic.game import IllegalMove

from . import sets as S
from .actions import Add, Lay, Star, Steal
from .sets import MATCH, RANK, SHOWN
from .state import BeanieState, seat_name
from .turn import after_play, card_in_hand, need_play_stage


def _cards_left_check(st: BeanieState, seat: int, used: int) -> None:
    left = len(st.hands[seat]) - used
    if st.turns_done[seat] == 0 and left < 2:
        raise IllegalMove(
            "You can't go out on your first turn of the round: keep two cards (one to discard, one to hold)."
        )


def _target_set(st: BeanieState, seat: int, set_id: object, what: str) -> list[Any]:
    """The set ``set_id`` on the table, for a seat that has laid a set of its own this round (else IllegalMove)."""
    for s in st.sets:
        if s[0] == set_id:
            break
    else:
        raise IllegalMove("There is no such set on the table.")
    if not st.laid[seat]:
        raise IllegalMove(f"Lay a set of your own this round before you {what}.")
    return s


def lay(st: BeanieState, seat: int, a: Lay) -> None:
    need_play_stage(st)
    if not isinstance(a.cards, (tuple, list)):
        raise IllegalMove("Choose the cards to lay.")
    cards = [S.parse_code(x) for x in a.cards]
    if len(set(cards)) != len(cards):
        raise IllegalMove("Each card can be used only once.")
    hand = st.hands[seat]
    for c in cards:
        if c not in hand:
            raise IllegalMove(f"{SHOWN[c]} is not in your hand.")
    typ, placed, reps = S.build_set(cards, st.round, a.as_type, a.end)
    _cards_left_check(st, seat, len(cards))
    for c in cards:
        hand.remove(c)
    st.sets.append([st.next_set_id, seat, typ, placed, reps])
    st.next_set_id += 1
    st.laid[seat] = True
    st.message = f"{seat_name(seat)} laid a {S.TYPE_NAMES[typ]}: {' '.join(SHOWN[c] for c in placed)}."
    after_play(st, seat)


def add(st: BeanieState, seat: int, a: Add) -> None:
    c = card_in_hand(st, seat, a.card)
    hand = st.hands[seat]
    s = _target_set(st, seat, a.set_id, "add to sets")
    if RANK[c] == st.round:
        raise IllegalMove(f"{SHOWN[c]} is a Beanie this round: place it with the star button.")
    if c not in S.accepts(s, st.round):
        if s[2] == MATCH and len(s[4]) >= 4:
            raise IllegalMove("That match is full: it holds one card of each suit.")
        raise IllegalMove(f"{SHOWN[c]} does not fit {S.set_label(s)}.")
    _cards_left_check(st, seat, 1)
    hand.remove(c)
    S.add_natural(s, c)
    st.message = f"{seat_name(seat)} added {SHOWN[c]} to {S.set_label(s)}."
    after_play(st, seat)


def star(st: BeanieState, seat: int, a: Star) -> None:
    c = card_in_hand(st, seat, a.card)
    hand = st.hands[seat]
    if RANK[c] != st.round:
        raise IllegalMove(f"{SHOWN[c]} is not a Beanie this round: add it with the + button.")
    s = _target_set(st, seat, a.set_id, "place a Beanie on a set")
    ends = S.star_ends(s)
    if not ends:
        raise IllegalMove(f"{S.set_label(s).capitalize()} has no room for a Beanie.")
    if a.end not in (None, "low", "high"):
        raise IllegalMove("A Beanie at the end of a run goes at the low end or the high end.")
    if ends == ("low", "high"):
        if a.end is None:
            raise IllegalMove("Both ends of that run are open: choose low or high for the Beanie.")
        side = a.end
    elif s[2] == MATCH:
        side = None
    else:
        side = "low" if S.RANK[s[4][0]] > 1 else "high"
        if a.end is not None and a.end != side:
            raise IllegalMove(f"That run is closed at the {a.end} end.")
    _cards_left_check(st, seat, 1)
    hand.remove(c)
    rep = S.add_star(s, c, side)
    st.message = f"{seat_name(seat)} placed a Beanie on {S.set_label(s)} as {SHOWN[rep]}."
    after_play(st, seat)


def steal(st: BeanieState, seat: int, a: Steal) -> None:
    c = card_in_hand(st, seat, a.card)
    hand = st.hands[seat]
    s = _target_set(st, seat, a.set_id, "steal a Beanie")
    if s[1] == seat and not st.reclaim_own:
        raise IllegalMove("You can only steal Beanies from other players' sets.")
    if RANK[c] == st.round:
        raise IllegalMove("Steal with a natural card, not with a Beanie.")
    reps = s[4]
    for i, r in enumerate(reps):
        if r == c and s[3][i] != c:
            break
    else:
        raise IllegalMove(f"No Beanie in {S.set_label(s)} stands for {SHOWN[c]}.")
    w = s[3][i]
    s[3][i] = c
    hand.remove(c)
    hand.append(w)
    st.taken[seat].append(w)
    st.message = (
        f"{seat_name(seat)} stole the Beanie {SHOWN[w]} from {S.set_label(s)}, putting {SHOWN[c]} in its place."
    )
