"""Beanie's plays on the table: laying a set, adding a natural card, placing a Beanie ("star") and stealing one.
Each checks the play in full before it changes anything."""

from __future__ import annotations

from typing import Any

from logic.game import IllegalMove
from logic.messages import Message, said, seat_msg, t_msg

from . import sets as S
from .actions import Add, Lay, Star, Steal
from .deck import is_wild
from .sets import MATCH, SHOWN
from .state import BeanieState
from .turn import after_play, card_in_hand, need_play_stage, not_in_hand


def _cards_left_check(st: BeanieState, seat: int, used: int) -> None:
    left = len(st.hands[seat]) - used
    if st.turns_done[seat] == 0 and left < 2:
        raise IllegalMove(t_msg(
            "You can't go out on your first turn of the round: keep two cards (one to discard, one to hold)."))


def _target_set(st: BeanieState, seat: int, set_id: object, what: Message) -> list[Any]:
    """The set ``set_id`` on the table, for a seat that has laid a set of its own this round (else IllegalMove)."""
    for s in st.sets:
        if s[0] == set_id:
            break
    else:
        raise IllegalMove(t_msg("There is no such set on the table."))
    if not st.laid[seat]:
        raise IllegalMove(what)
    return s


def lay(st: BeanieState, seat: int, a: Lay) -> None:
    need_play_stage(st)
    if not isinstance(a.cards, (tuple, list)):
        raise IllegalMove(t_msg("Choose the cards to lay."))
    cards = [S.parse_code(x) for x in a.cards]
    if len(set(cards)) != len(cards):
        raise IllegalMove(t_msg("Each card can be used only once."))
    hand = st.hands[seat]
    for c in cards:
        if c not in hand:
            raise IllegalMove(not_in_hand(c))
    typ, placed, reps = S.build_set(cards, st.round, a.as_type, a.end, st.ace_high_runs)
    _cards_left_check(st, seat, len(cards))
    for c in cards:
        hand.remove(c)
    st.sets.append([st.next_set_id, seat, typ, placed, reps])
    st.next_set_id += 1
    st.laid[seat] = True
    shown = S.placed_words(typ, placed, reps)
    st.message = said(t_msg("{player} laid a match: {cards}.", player=seat_msg(seat), cards=shown) if typ == MATCH
                      else t_msg("{player} laid a run: {cards}.", player=seat_msg(seat), cards=shown))
    after_play(st, seat)


def add(st: BeanieState, seat: int, a: Add) -> None:
    c = card_in_hand(st, seat, a.card)
    hand = st.hands[seat]
    s = _target_set(st, seat, a.set_id, t_msg("Lay a set of your own this round before you add to sets."))
    if is_wild(c, st.round):
        raise IllegalMove(t_msg("{card} is a Beanie this round: place it with the star button.", card=SHOWN[c]))
    if c not in S.accepts(s, st.round, st.ace_high_runs):
        if s[2] == MATCH and len(s[4]) >= 4:
            raise IllegalMove(t_msg("That match is full: it holds one card of each suit."))
        raise IllegalMove(t_msg("{card} does not fit {set}.", card=SHOWN[c], set=S.set_words(s)))
    _cards_left_check(st, seat, 1)
    hand.remove(c)
    S.add_natural(s, c)
    st.message = said(t_msg("{player} added {card} to {set}.", player=seat_msg(seat), card=SHOWN[c],
                            set=S.set_words(s)))
    after_play(st, seat)


def star(st: BeanieState, seat: int, a: Star) -> None:
    c = card_in_hand(st, seat, a.card)
    hand = st.hands[seat]
    if not is_wild(c, st.round):
        raise IllegalMove(t_msg("{card} is not a Beanie this round: add it with the + button.", card=SHOWN[c]))
    s = _target_set(st, seat, a.set_id, t_msg("Lay a set of your own this round before you place a Beanie on a set."))
    ends = S.star_ends(s, st.ace_high_runs)
    if not ends:
        raise IllegalMove(t_msg("{set} has no room for a Beanie.", set=S.set_words(s, capital=True)))
    if a.end not in (None, "low", "high"):
        raise IllegalMove(t_msg("A Beanie at the end of a run goes at the low end or the high end."))
    if ends == ("low", "high"):
        if a.end is None:
            raise IllegalMove(t_msg("Both ends of that run are open: choose low or high for the Beanie."))
        side = a.end
    elif s[2] == MATCH:
        side = None
    else:
        side = "low" if S.star_sides(s, st.ace_high_runs)[0] else "high"
        if a.end is not None and a.end != side:
            raise IllegalMove(t_msg("That run is closed at the low end.") if a.end == "low"
                              else t_msg("That run is closed at the high end."))
    _cards_left_check(st, seat, 1)
    hand.remove(c)
    rep = S.add_star(s, c, side)
    st.message = said(t_msg("{player} placed a Beanie on {set} as {card}.", player=seat_msg(seat),
                            set=S.set_words(s), card=SHOWN[rep]))
    after_play(st, seat)


def steal(st: BeanieState, seat: int, a: Steal) -> None:
    c = card_in_hand(st, seat, a.card)
    hand = st.hands[seat]
    s = _target_set(st, seat, a.set_id, t_msg("Lay a set of your own this round before you steal a Beanie."))
    if s[1] == seat and not st.reclaim_own:
        raise IllegalMove(t_msg("You can only steal Beanies from other players' sets."))
    if is_wild(c, st.round):
        raise IllegalMove(t_msg("Steal with a natural card, not with a Beanie."))
    reps = s[4]
    for i, r in enumerate(reps):
        if r == c and s[3][i] != c:
            break
    else:
        raise IllegalMove(t_msg("No Beanie in {set} stands for {card}.", set=S.set_words(s), card=SHOWN[c]))
    w = s[3][i]
    s[3][i] = c
    hand.remove(c)
    hand.append(w)
    st.taken[seat].append(w)
    st.message = said(t_msg("{player} stole the Beanie {beanie} from {set}, putting {card} in its place.",
                            player=seat_msg(seat), beanie=SHOWN[w], set=S.set_words(s), card=SHOWN[c]))
