"""Beanie's turn flow: drawing, discarding, going out, the end-round vote, the turn passing on, a round's end and
the next round."""

from __future__ import annotations

from logic.cards import derive_rng
from logic.game import PHASE_HAND_OVER, PHASE_OVER, IllegalMove
from logic.messages import Message, said, seat_msg, t_msg

from . import sets as S
from .actions import Agree, Discard, Draw, Propose, Withdraw
from .sets import SHOWN
from .state import STAGE_DRAW, STAGE_PLAY, BeanieState, deal


def not_in_hand(card: int) -> Message:
    return t_msg("{card} is not in your hand.", card=SHOWN[card])


def need_play_stage(st: BeanieState) -> None:
    if st.stage != STAGE_PLAY:
        raise IllegalMove(t_msg("Draw a card first."))


def card_in_hand(st: BeanieState, seat: int, code: str) -> int:
    """The card ``code`` for a play or the discard: the seat is in its play stage and holds it (else IllegalMove)."""
    need_play_stage(st)
    c = S.parse_code(code)
    if c not in st.hands[seat]:
        raise IllegalMove(not_in_hand(c))
    return c


def draw(st: BeanieState, seat: int, a: Draw) -> None:
    if st.stage != STAGE_DRAW:
        raise IllegalMove(t_msg("You have already drawn a card this turn."))
    if a.source == "stock":
        if not st.stock:
            raise IllegalMove(t_msg("The stock is empty: take the top card of the discard pile."))
        c = st.stock.pop()
        st.message = said(t_msg("{player} drew from the stock.", player=seat_msg(seat)))
    elif a.source == "discard":
        if not st.discard:
            raise IllegalMove(t_msg("The discard pile is empty."))
        c = st.discard.pop()
        st.taken[seat].append(c)
        st.message = said(t_msg("{player} took {card} from the discard pile.", player=seat_msg(seat),
                                card=SHOWN[c]))
    else:
        raise IllegalMove(t_msg("Draw from the stock or from the discard pile."))
    st.hands[seat].append(c)
    st.drawn = c
    st.stage = STAGE_PLAY


def after_play(st: BeanieState, seat: int) -> None:
    """A play emptied the hand: the round is won (or, with last turns, the others have one more turn)."""
    if not st.hands[seat]:
        st.turns_done[seat] += 1
        st.round_turns += 1
        if st.last_turns:
            went_out(st, seat)
            return
        st.message = said(t_msg("{player} went out and wins round {round}!", player=seat_msg(seat),
                                round=st.round))
        end_round(st, seat)


def went_out(st: BeanieState, seat: int) -> None:
    """House rule "one last turn each": the round goes on until every other seat has had one more turn.
    A seat that goes out on its last turn scores 0 too; the first to go out is the round's winner."""
    if st.out_seat < 0:
        st.out_seat = seat
        st.proposer = -1  # an open end-round vote lapses: the round is ending anyway
        st.agreed = [False] * st.players
        st.message = said(t_msg("{player} went out: everyone else has one last turn.", player=seat_msg(seat)))
    else:
        st.message = said(t_msg("{player} went out on their last turn.", player=seat_msg(seat)))
    pass_turn(st, seat)


def pass_turn(st: BeanieState, seat: int) -> None:
    """The turn goes to the next seat; with last turns running, the round ends when it comes back to the seat
    that went out."""
    n = st.players
    st.turn = (seat + 1) % n
    st.stage = STAGE_DRAW
    st.drawn = -1
    st.proposed = False
    if st.out_seat >= 0 and st.turn == st.out_seat:
        end_round(st, st.out_seat)
        return
    if not st.stock and len(st.discard) >= 2:
        top = st.discard.pop()
        st.stock = st.discard
        st.reshuffles += 1
        derive_rng(st.seed, st.round, "reshuffle", st.reshuffles).shuffle(st.stock)
        st.discard = [top]
        # the reshuffled cards are out of sight again: drop them from the public history
        moved = set(st.stock)
        st.taken = [[c for c in x if c not in moved] for x in st.taken]
        st.thrown = [[c for c in x if c not in moved] for x in st.thrown]


def discard(st: BeanieState, seat: int, a: Discard) -> None:
    c = card_in_hand(st, seat, a.card)
    hand = st.hands[seat]
    if len(hand) == 1 and st.turns_done[seat] == 0:
        raise IllegalMove(t_msg("You can't go out on your first turn of the round."))
    hand.remove(c)
    st.discard.append(c)
    st.thrown[seat].append(c)
    st.turns_done[seat] += 1
    st.round_turns += 1
    if not hand:
        if st.last_turns:
            went_out(st, seat)
            return
        st.message = said(t_msg("{player} discarded {card} and went out: round {round} is theirs!",
                                player=seat_msg(seat), card=SHOWN[c], round=st.round))
        end_round(st, seat)
        return
    st.message = said(t_msg("{player} discarded {card}.", player=seat_msg(seat), card=SHOWN[c]))
    pass_turn(st, seat)


def propose(st: BeanieState, seat: int, a: Propose) -> None:
    need_play_stage(st)
    if st.out_seat >= 0:
        raise IllegalMove(t_msg("Someone has gone out: the round ends after these last turns."))
    if st.proposer >= 0:
        raise IllegalMove(t_msg("An end-round vote is already open."))
    if st.proposed:
        raise IllegalMove(t_msg("You have already proposed once this turn."))
    st.proposer = seat
    st.proposed = True
    st.agreed = [False] * st.players
    st.agreed[seat] = True
    st.message = said(t_msg("{player} proposes ending the round as a draw.", player=seat_msg(seat)))


def agree(st: BeanieState, seat: int, a: Agree) -> None:
    need_play_stage(st)
    if st.proposer < 0:
        raise IllegalMove(t_msg("Nobody has proposed ending the round."))
    if st.agreed[seat]:
        raise IllegalMove(t_msg("You have already agreed to end the round."))
    st.agreed[seat] = True
    if all(st.agreed):
        st.message = said(t_msg("Everyone agreed: round {round} ends as a draw.", round=st.round))
        end_round(st, -1)
    else:
        st.message = said(t_msg("{player} agrees to end the round.", player=seat_msg(seat)))


def withdraw(st: BeanieState, seat: int, a: Withdraw) -> None:
    """Any seat that voted takes its vote back, on its own play step or during another seat's turn."""
    if st.proposer < 0:
        raise IllegalMove(t_msg("There is no end-round vote to withdraw from."))
    if not st.agreed[seat]:
        raise IllegalMove(t_msg("You have not voted to end the round."))
    if seat == st.turn:
        need_play_stage(st)
    if st.proposer == seat:
        st.proposer = -1
        st.agreed = [False] * st.players
        st.message = said(t_msg("{player} withdrew the end-round vote: the round goes on.",
                                player=seat_msg(seat)))
    else:
        st.agreed[seat] = False
        st.message = said(t_msg("{player} withdrew from the end-round vote; the vote stays open.",
                                player=seat_msg(seat)))


def next_hand(st: BeanieState, seat: int) -> None:
    st.confirmed[seat] = True
    if all(st.confirmed):
        deal(st, st.round + 1)
    else:
        st.message = said(t_msg("{player} is ready for the next round.", player=seat_msg(seat)))


def end_round(st: BeanieState, winner: int) -> None:
    """Score the round (``winner`` -1: a draw, everyone counts their hand); the game is over after its last."""
    wild, bv = st.round, st.beanie_value
    pts = [0 if i == winner else S.hand_points(h, wild, bv) for i, h in enumerate(st.hands)]
    st.result = [winner, pts, [len(h) for h in st.hands]]
    st.scorecard.append(pts)
    st.totals = [t + p for t, p in zip(st.totals, pts, strict=True)]
    st.confirmed = [False] * st.players
    st.drawn = -1
    st.proposer = -1
    st.agreed = [False] * st.players
    st.phase = PHASE_OVER if st.round >= st.rounds else PHASE_HAND_OVER
